// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbeddedServerState, PaletteBridge } from '@contract/ipc';
import { subscribeNotices, type Notice } from '../../renderer/src/components/notices';
import { embeddedServerNotice, isBackAfterRestart } from '../../renderer/src/data/embedded-server';
import { buildResources } from '../../renderer/src/i18n/resources';
import enLayout from '../../renderer/src/i18n/en-US/layout';
import zhLayout from '../../renderer/src/i18n/zh-CN/layout';
import { EmbeddedServerBanner } from '../../renderer/src/layout/embedded-server-banner';

/**
 * Issue 12 in the console: the banner while main restarts its embedded server, the crash-loop
 * banner with the log's path and "Try again", and the message when the server is back, against a
 * fake bridge (window.palette, as the desktop preload provides it).
 */

const LOG = '/home/op/.config/Palette Console/logs/server.log';
const running: EmbeddedServerState = { status: 'running', crashes: 0, lastExit: null, logPath: LOG };

let current: EmbeddedServerState = running;
const listeners = new Set<(state: EmbeddedServerState) => void>();
const retry = vi.fn(async () => ({ ok: true as const, value: current }));
const fakeBridge = {
  embeddedServer: { get: async () => ({ ok: true as const, value: current }), retry },
  on: (event: string, listener: (state: EmbeddedServerState) => void) => {
    if (event !== 'embeddedServer.changed') return () => undefined;
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
} as unknown as PaletteBridge;

function push(state: EmbeddedServerState): void {
  current = state;
  act(() => {
    for (const listener of listeners) listener(state);
  });
}

const instances: Record<string, I18n> = {};
beforeAll(async () => {
  (window as unknown as { palette: PaletteBridge }).palette = fakeBridge;
  for (const lng of ['en-US', 'zh-CN']) {
    const instance = i18next.createInstance();
    await instance.init({ resources: buildResources(), lng, fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
    instances[lng] = instance;
  }
});

let notices: Notice[];
let unsubscribe: () => void;
beforeEach(() => {
  current = running;
  retry.mockClear();
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
});
afterEach(() => {
  unsubscribe();
  cleanup();
});

function show(lng = 'en-US') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={instances[lng] as I18n}>
        <QueryClientProvider client={client}>
          <EmbeddedServerBanner>
            <span>kept data note</span>
          </EmbeddedServerBanner>
        </QueryClientProvider>
      </I18nextProvider>
    </FluentProvider>,
  );
}

describe('what the console says about its embedded server', () => {
  it('chooses a notice only while it restarts or after it was given up', () => {
    expect(embeddedServerNotice(undefined)).toBeNull();
    expect(embeddedServerNotice(running)).toBeNull();
    expect(embeddedServerNotice({ ...running, status: 'none' })).toBeNull();
    expect(embeddedServerNotice({ ...running, status: 'restarting' })).toBe('restarting');
    expect(embeddedServerNotice({ ...running, status: 'failed' })).toBe('failed');
    expect(isBackAfterRestart({ ...running, status: 'restarting' }, running)).toBe(true);
    expect(isBackAfterRestart({ ...running, status: 'failed' }, running)).toBe(true);
    expect(isBackAfterRestart(undefined, running)).toBe(false);
    expect(isBackAfterRestart(running, running)).toBe(false);
    expect(isBackAfterRestart({ ...running, status: 'restarting' }, { ...running, status: 'failed' })).toBe(false);
  });

  it('shows nothing while the server runs', async () => {
    const { container } = show();
    await act(async () => undefined);
    expect(container.textContent).toBe('');
  });

  it('says the server is restarting and how it stopped, then that it is back', async () => {
    show();
    await act(async () => undefined);
    push({ ...running, status: 'restarting', crashes: 1, lastExit: 'SIGKILL' });
    const banner = await screen.findByTestId('embedded-server-restarting');
    expect(banner.textContent).toContain('Restarting the server');
    expect(banner.textContent).toContain('stopped unexpectedly (SIGKILL)');
    expect(banner.textContent).toContain('kept data note');

    push({ ...running, crashes: 1 });
    await waitFor(() => expect(screen.queryByTestId('embedded-server-restarting')).toBeNull());
    expect(notices).toEqual([{ kind: 'message', intent: 'success', title: 'Server restarted: running again on the same data', id: 'embedded-server-back' }]);
  });

  it('after a crash loop names the log and offers "Try again"', async () => {
    show();
    await act(async () => undefined);
    push({ status: 'failed', crashes: 5, lastExit: 'exit code 134', logPath: LOG });
    const banner = await screen.findByTestId('embedded-server-failed');
    expect(banner.textContent).toContain('The server keeps stopping');
    expect(banner.textContent).toContain(`stopped 5 times in a short while`);
    expect(banner.textContent).toContain(`Its log is at ${LOG}.`);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));

    push({ status: 'restarting', crashes: 0, lastExit: 'exit code 134', logPath: LOG });
    expect(await screen.findByTestId('embedded-server-restarting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says it in Chinese too', async () => {
    show('zh-CN');
    await act(async () => undefined);
    push({ status: 'failed', crashes: 5, lastExit: 'SIGKILL', logPath: LOG });
    const banner = await screen.findByTestId('embedded-server-failed');
    expect(banner.textContent).toContain(zhLayout.embeddedServer.failedTitle);
    expect(banner.textContent).toContain(`日志位于 ${LOG}`);
    expect(screen.getByRole('button', { name: zhLayout.embeddedServer.tryAgain })).toBeTruthy();
    for (const key of Object.keys(enLayout.embeddedServer) as Array<keyof typeof enLayout.embeddedServer>) {
      expect(zhLayout.embeddedServer[key]).not.toBe(enLayout.embeddedServer[key]);
    }
  });
});
