// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import type { ConfigRecord } from '@contract/config';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { ConfigRecords } from '../../../renderer/src/config/config-records';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * Config records (issue 19 §5): a reorder is one record naming what moved, with the order before and
 * after; the interruption budget is recorded as itself ("Interruption budget", "Change the caps"),
 * with its caps before and after, in both languages.
 */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
  const animation = animate.apply(this, args);
  animation.finished.catch(() => undefined);
  return animation;
};

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

const named = (...names: string[]) => names.map((name) => ({ id: name.toLowerCase(), name }));
const records: ConfigRecord[] = [
  {
    id: '2',
    at: '2030-01-02T10:00:00.000Z',
    actor: { id: 'u1', name: 'Ana' },
    kind: 'appLanguages',
    itemId: 'delta',
    itemName: 'Delta',
    action: 'reorder',
    revision: null,
    before: { document: null, name: 'Delta', moved: named('Delta'), order: named('Alpha', 'Beta', 'Delta') },
    after: { document: null, name: 'Delta', moved: named('Delta'), order: named('Delta', 'Alpha', 'Beta') },
  },
  {
    id: '1',
    at: '2030-01-01T10:00:00.000Z',
    actor: { id: 'u1', name: 'Ana' },
    kind: 'interruptionBudget',
    itemId: 'interruptionBudget',
    itemName: 'Interruption budget',
    action: 'budget',
    revision: null,
    before: { name: 'Interruption budget', perSession: null, perDay: null },
    after: { name: 'Interruption budget', perSession: 3, perDay: 10 },
  },
];

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId) => {
    if (routeId === 'configRecords.list') return Promise.resolve({ items: records, total: records.length, page: 1, pageSize: 20 });
    if (routeId === 'members.list') return Promise.resolve({ items: [], total: 0, page: 1, pageSize: 200 });
    return Promise.reject(new Error(`unexpected call ${routeId}`));
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

describe('config records', () => {
  it('shows a reorder as one record with the order before and after', async () => {
    render(<Providers><ConfigRecords projectId="p1" /></Providers>);
    const row = await screen.findByRole('row', { name: /Delta/ });
    expect(within(row).getByText('Reorder')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show changes' }));
    // happy-dom leaves the dialog's entrance motion unfinished, so the surface stays aria-hidden.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Moved: Delta')).toBeTruthy();
    const lists = within(dialog).getAllByRole('list', { hidden: true });
    expect(lists.map((list) => within(list).getAllByRole('listitem', { hidden: true }).map((item) => item.textContent))).toEqual([
      ['Alpha', 'Beta', 'Delta'],
      ['Delta', 'Alpha', 'Beta'],
    ]);
  });

  it('records the interruption budget as itself, in English and Chinese', async () => {
    render(<Providers><ConfigRecords projectId="p1" /></Providers>);
    const row = await screen.findByRole('row', { name: /Change the caps/ });
    expect(within(row).getAllByText('Interruption budget')).toHaveLength(2);
    expect(within(row).queryByText('Approval setting')).toBeNull();
    expect(screen.getByRole('option', { name: 'Interruption budget' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show changes' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const caps = within(dialog).getByRole('table', { name: 'Interruption budget', hidden: true });
    expect(within(caps).getByRole('row', { name: /Most popups per session/, hidden: true }).textContent).toContain('No cap');
    expect(within(caps).getByRole('row', { name: /Most popups per 24 hours/, hidden: true }).textContent).toContain('10');
    cleanup();
    await i18n.changeLanguage('zh-CN');
    render(<Providers><ConfigRecords projectId="p1" /></Providers>);
    const zhRow = await screen.findByRole('row', { name: /修改上限/ });
    expect(within(zhRow).getByText('打扰预算')).toBeTruthy();
  });
});
