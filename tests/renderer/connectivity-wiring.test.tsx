// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaletteBridge } from '@contract/ipc';
import { connectivityStore, offlineReason } from '../../renderer/src/connectivity/connectivity-state';
import { useConnectivityWiring } from '../../renderer/src/connectivity/use-connectivity';

/**
 * The console comes back online by itself when the network returns: a call that failed while the
 * browser was offline (the host unreachable too) marks the server unreachable, and nothing else
 * would clear it until the next call; the wiring asks main again on the browser's `online` event.
 */

const get = vi.fn(async () => ({ ok: true as const, value: { network: true, server: true } }));
const fakeBridge = { connectivity: { get }, on: () => () => undefined } as unknown as PaletteBridge;

const i18n = i18next.createInstance();
beforeAll(async () => {
  (window as unknown as { palette: PaletteBridge }).palette = fakeBridge;
  await i18n.init({ resources: {}, lng: 'en-US', initAsync: false });
});
const wrapper = ({ children }: { readonly children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
afterEach(() => cleanup());

describe('the connectivity wiring', () => {
  it('asks main again when the network returns, which clears a call that failed meanwhile', async () => {
    renderHook(() => useConnectivityWiring(), { wrapper });
    await act(async () => undefined);
    expect(get).toHaveBeenCalledTimes(1);

    act(() => {
      window.dispatchEvent(new Event('offline'));
      connectivityStore.dispatch({ type: 'call', reachable: false });
    });
    expect(offlineReason(connectivityStore.getSnapshot())).toBe('network');

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(get).toHaveBeenCalledTimes(2);
    expect(offlineReason(connectivityStore.getSnapshot())).toBeNull();
  });
});
