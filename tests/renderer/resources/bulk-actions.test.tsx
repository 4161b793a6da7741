// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { runInTurn } from '../../../renderer/src/resources/bulk-actions';
import type * as DataProviderModule from '../../../renderer/src/resources/data-provider';
import { skuView } from '../../../renderer/src/resources/projects/views';
import { ResourceScreen } from '../../../renderer/src/resources/resource-screen';

/**
 * Bulk actions on a resource list (issue 19): a checkbox per row and a select-all in the header,
 * one confirmation naming the count, each item through its own route with its own version, a stale
 * one (108007) reported by name while the others are applied, and one refresh at the end.
 */

const api = vi.hoisted(() => ({ getList: vi.fn(), update: vi.fn(), delete: vi.fn() }));
vi.mock('../../../renderer/src/resources/data-provider', async (importOriginal) => {
  const original = await importOriginal<typeof DataProviderModule>();
  return { ...original, dataProvider: { ...original.dataProvider, ...api } };
});

// As in resource-screen-pieces.test.tsx: a browser marks a cancelled animation's `finished` as handled.
const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
  const animation = animate.apply(this, args);
  animation.finished.catch(() => undefined);
  return animation;
};

const i18n = i18next.createInstance();
beforeAll(async () => {
  // The grid renders the rows in view: give the page a size (happy-dom lays nothing out).
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1440 });
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

function sku(id: string, name: string, version: number) {
  return {
    id,
    version,
    enabled: true,
    sortOrder: 1,
    appId: 'app-1',
    storeProductId: `com.example.${id}`,
    name,
    type: 'subscription',
    period: 'monthly',
    platform: 'ios',
    price: 9.99,
    currency: 'USD',
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as unknown as Parameters<typeof skuView.nameOf>[0];
}
const items = [sku('a', 'Pro monthly', 2), sku('b', 'Pro yearly', 7), sku('c', 'Lifetime', 1)];

let notices: Notice[] = [];
let unsubscribe = () => undefined as void;
beforeEach(() => {
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
  window.localStorage.clear();
  for (const fn of Object.values(api)) fn.mockReset();
  api.getList.mockResolvedValue({ items, total: items.length, page: 1, pageSize: 20 });
});
afterEach(() => {
  unsubscribe();
  cleanup();
});

function show(canWrite = true) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter>
            <ResourceScreen view={skuView} scope={{ projectId: 'p1' }} canWrite={canWrite} />
          </MemoryRouter>
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('runInTurn', () => {
  it('sends one item at a time and sorts the outcomes into applied, stale and failed', async () => {
    let running = 0;
    const outcome = await runInTurn([1, 2, 3, 4], async (n) => {
      running += 1;
      expect(running).toBe(1);
      await Promise.resolve();
      running -= 1;
      if (n === 2) throw new AppError(ErrorCode.VersionConflict, 'stale');
      if (n === 3) throw new AppError(ErrorCode.Forbidden, 'no');
    });
    expect(outcome.applied).toEqual([1, 4]);
    expect(outcome.stale).toEqual([2]);
    expect(outcome.failed.map((f) => f.item)).toEqual([3]);
  });
});

describe('bulk actions on a resource list', () => {
  it('disables the selected rows each at its version, reports the stale one by name, refreshes once', async () => {
    api.update.mockImplementation(async (_resource: string, _scope: unknown, id: string, body: { enabled: boolean; version: number }) => {
      if (id === 'b') throw new AppError(ErrorCode.VersionConflict, 'stale');
      return { ...items.find((item) => item.id === id), ...body };
    });
    show();
    await screen.findByRole('checkbox', { name: 'Select Pro monthly (com.example.a)' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row shown' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByRole('status').textContent).toBe('3 selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lifetime (com.example.c)' }));
    expect(within(bar).getByRole('status').textContent).toBe('2 selected');
    const reads = api.getList.mock.calls.length;
    fireEvent.click(within(bar).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2 selected rows will be disabled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable', hidden: true }));
    await waitFor(() => expect(notices.some((notice) => notice.intent === 'warning')).toBe(true));
    expect(api.update.mock.calls.map(([, , id, body]) => [id, body])).toEqual([
      ['a', { enabled: false, version: 2 }],
      ['b', { enabled: false, version: 7 }],
    ]);
    expect(notices.find((notice) => notice.intent === 'success')?.title).toBe('Done for 1 of 2 selected rows.');
    expect(JSON.stringify(notices.find((notice) => notice.intent === 'warning'))).toContain('Pro yearly');
    await waitFor(() => expect(api.getList.mock.calls.length).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
  });

  it('deletes the selected rows after one confirmation, a refused one named with its reason', async () => {
    api.delete.mockImplementation(async (_resource: string, _scope: unknown, id: string) => {
      if (id === 'c') throw new AppError(ErrorCode.Forbidden, 'no');
      return { trashed: true, unlinked: [] };
    });
    show();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Pro monthly (com.example.a)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lifetime (com.example.c)' }));
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Actions on the selected rows' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2 selected rows will be moved to the trash');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() => expect(notices.some((notice) => notice.intent === 'error')).toBe(true));
    expect(api.delete.mock.calls.map(([, , id]) => id)).toEqual(['a', 'c']);
    expect(JSON.stringify(notices.find((notice) => notice.intent === 'error'))).toContain('Lifetime');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
  });

  it('offers no selection without write access', async () => {
    show(false);
    await screen.findByText('com.example.a');
    expect(screen.queryByRole('checkbox', { name: 'Select every row shown' })).toBeNull();
  });
});
