// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildResources } from '../../../renderer/src/i18n/resources';
import type { ResourceRecord } from '../../../renderer/src/resources/data-provider';
import { skuView } from '../../../renderer/src/resources/projects/views';
import { useResourceForm } from '../../../renderer/src/resources/use-resource-form';

/**
 * An edit form follows a newer version of its item while nothing is typed (kept data refreshed
 * after a reload showed a saved icon only in the header, not in the form), and leaves it alone
 * once something is: then saving meets the version conflict view, which keeps what was typed.
 */

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
afterEach(() => cleanup());

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function sku(version: number, name: string): ResourceRecord {
  return {
    id: 'sku-1',
    version,
    enabled: true,
    sortOrder: 1,
    appId: 'app-1',
    storeProductId: 'com.example.pro',
    name,
    type: 'subscription',
    period: 'monthly',
    platform: 'ios',
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as unknown as ResourceRecord;
}

const formOf = (item: ResourceRecord) => renderHook(({ current }) => useResourceForm({ view: skuView, scope: { projectId: 'p1' }, mode: 'edit', item: current }), { wrapper: Providers, initialProps: { current: item } });

describe('an edit form and newer versions of its item', () => {
  it('takes a newer version in while nothing is typed', () => {
    const { result, rerender } = formOf(sku(1, 'Pro monthly'));
    expect(result.current.values.name).toBe('Pro monthly');
    rerender({ current: sku(2, 'Pro monthly (saved elsewhere)') });
    expect(result.current.values.name).toBe('Pro monthly (saved elsewhere)');
    expect(result.current.dirty).toBe(false);
  });

  it('ignores the same or an older version', () => {
    const { result, rerender } = formOf(sku(3, 'Pro monthly'));
    rerender({ current: sku(3, 'Same version, other text') });
    expect(result.current.values.name).toBe('Pro monthly');
    rerender({ current: sku(2, 'Older') });
    expect(result.current.values.name).toBe('Pro monthly');
  });

  it('keeps what was typed when a newer version arrives', () => {
    const { result, rerender } = formOf(sku(1, 'Pro monthly'));
    act(() => result.current.setValue('name', 'Typed here'));
    rerender({ current: sku(2, 'Saved elsewhere') });
    expect(result.current.values.name).toBe('Typed here');
    expect(result.current.dirty).toBe(true);
  });
});
