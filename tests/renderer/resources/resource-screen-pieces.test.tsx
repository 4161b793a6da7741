// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { skuResource } from '@contract/resources/projects';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { ColumnPicker, columnStorageKey, useColumnChoice } from '../../../renderer/src/resources/column-picker';
import type * as DataProviderModule from '../../../renderer/src/resources/data-provider';
import type { ResourceRecord } from '../../../renderer/src/resources/data-provider';
import { skuView } from '../../../renderer/src/resources/projects/views';
import { ReorderSection } from '../../../renderer/src/resources/reorder-section';
import { ResourceToolbar, type ResourceToolbarProps } from '../../../renderer/src/resources/resource-toolbar';
import { rowMenuEntries, useRowActions } from '../../../renderer/src/resources/row-actions';
import { useResourceActions } from '../../../renderer/src/resources/use-resource-actions';

/** The API behind the data provider: the tests replace it, nothing leaves the process. */
const api = vi.hoisted(() => ({
  getList: vi.fn(),
  restore: vi.fn(),
  delete: vi.fn(),
  reorder: vi.fn(),
}));
vi.mock('../../../renderer/src/resources/data-provider', async (importOriginal) => {
  const original = await importOriginal<typeof DataProviderModule>();
  return { ...original, dataProvider: { ...original.dataProvider, ...api } };
});

// happy-dom rejects a cancelled animation's `finished` promise, which Fluent's motion never awaits
// (it listens to `oncancel`); a browser does the same, but the test runner reports it as unhandled.
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
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

let notices: Notice[] = [];
let unsubscribe = () => undefined as void;
beforeEach(() => {
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
  window.localStorage.clear();
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(() => {
  unsubscribe();
  cleanup();
});

function Providers({ children }: { readonly children: ReactNode }) {
  const [client] = [new QueryClient({ defaultOptions: { queries: { retry: false } } })];
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

const show = (ui: ReactNode) => render(<Providers>{ui}</Providers>);

function sku(id: string, name: string, sortOrder: number) {
  return {
    id,
    version: 1,
    enabled: true,
    sortOrder,
    appId: 'app-1',
    storeProductId: `com.example.${id}`,
    name,
    type: 'subscription',
    period: 'monthly',
    platform: 'ios',
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as unknown as Parameters<typeof skuView.nameOf>[0];
}

const entity = () => t(skuResource.labelKey);

describe('resource toolbar', () => {
  const props = (over: Partial<ResourceToolbarProps> = {}): ResourceToolbarProps => ({
    resource: skuResource,
    trash: false,
    searchText: '',
    onSearch: vi.fn(),
    filters: { filters: {}, enabled: 'all' },
    filterCount: 0,
    optionsFor: () => [],
    showEnabled: true,
    onApplyFilters: vi.fn(),
    fetching: false,
    onRefresh: vi.fn(),
    total: 3,
    canWrite: true,
    canCreate: true,
    hasTrash: true,
    orderable: true,
    onCreate: vi.fn(),
    onShowTrash: vi.fn(),
    onShowList: vi.fn(),
    onReorder: vi.fn(),
    onEmptyTrash: vi.fn(),
    ...over,
  });

  it('creates, searches and switches to the trash and the order editor', () => {
    const p = props({ createLabel: 'New SKU' });
    show(<ResourceToolbar {...p} />);
    const toolbar = screen.getByRole('toolbar', { name: t('resources:list.gridLabel', { entity: entity() }) });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'New SKU' }));
    expect(p.onCreate).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('searchbox', { name: t('resources:list.searchLabel', { entity: entity() }) }), { target: { value: 'pro' } });
    expect(p.onSearch).toHaveBeenCalledWith('pro');
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.trash') }));
    expect(p.onShowTrash).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.reorder') }));
    expect(p.onReorder).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: t('resource:actions.emptyTrash') })).toBeNull();
  });

  it('offers no create, order or empty-trash button to a reader', () => {
    show(<ResourceToolbar {...props({ canWrite: false, canCreate: false })} />);
    expect(screen.queryByRole('button', { name: t('resource:actions.create') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('resource:actions.reorder') })).toBeNull();
    expect(screen.getByRole('button', { name: t('resource:actions.trash') })).toBeTruthy();
  });

  it('in the trash: back to the list and empty the trash, nothing to create', () => {
    const p = props({ trash: true });
    show(<ResourceToolbar {...p} />);
    fireEvent.click(screen.getByRole('button', { name: t('resources:trash.back') }));
    expect(p.onShowList).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.emptyTrash') }));
    expect(p.onEmptyTrash).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: t('resource:actions.create') })).toBeNull();
  });
});

describe('row actions', () => {
  const item = sku('s1', 'Pro', 1);
  const handlers = () => ({
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onToggleEnabled: vi.fn(),
    onMoveToTop: vi.fn(),
    onRestore: vi.fn(),
    onPurge: vi.fn(),
  });

  function Row({ mode, h }: { readonly mode: 'list' | 'trash'; readonly h: ReturnType<typeof handlers> }) {
    const rows = useRowActions({ view: skuView, mode, canWrite: true, toggleable: true, orderable: true, ...h });
    return (
      <>
        {rows.renderActions?.(item)}
        {rows.menu}
      </>
    );
  }

  it('lists restore and delete for ever in the trash', () => {
    const h = handlers();
    show(<Row mode="trash" h={h} />);
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.restore') }));
    expect(h.onRestore).toHaveBeenCalledWith(item);
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.purge') }));
    expect(h.onPurge).toHaveBeenCalledWith(item);
    expect(screen.queryByRole('button', { name: t('resource:actions.edit') })).toBeNull();
  });

  it('edits a live row and opens its menu: disable, to top, delete', async () => {
    const h = handlers();
    show(<Row mode="list" h={h} />);
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.edit') }));
    expect(h.onEdit).toHaveBeenCalledWith(item);
    fireEvent.click(screen.getByRole('button', { name: t('resources:list.rowActions', { name: skuView.nameOf(item) }) }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([t('resources:list.disable'), t('resource:actions.toTop'), t('resource:actions.delete')]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: t('resource:actions.toTop') }));
    expect(h.onMoveToTop).toHaveBeenCalledWith(item);
  });

  it('leaves out what an item’s own rights forbid', () => {
    const entries = rowMenuEntries(item, { canWrite: true, itemAccess: () => ({ edit: false, delete: true }), toggleable: true, orderable: true, ...handlers() }, t);
    expect(entries.map((e) => e.key)).toEqual(['resource:delete']);
  });
});

describe('column picker', () => {
  function Harness() {
    const choice = useColumnChoice(skuResource, skuView.columns);
    return (
      <>
        <ColumnPicker specs={choice.specs} checked={choice.checked} onChange={choice.choose} />
        <output data-testid="shown">{choice.shown.map((s) => s.id).join(',')}</output>
      </>
    );
  }

  it('hides an unchecked column and keeps the choice', async () => {
    show(<Harness />);
    const shown = () => screen.getByTestId('shown').textContent?.split(',') ?? [];
    expect(shown()).toContain('price');
    fireEvent.click(screen.getByRole('button', { name: t('resources:list.columnsLabel') }));
    const price = await screen.findByRole('menuitemcheckbox', { name: t('projects:sku.fields.price') });
    expect(price.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(price);
    await waitFor(() => expect(shown()).not.toContain('price'));
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey('skus')) ?? '[]')).not.toContain('price');
  });
});

describe('resource actions without a grid', () => {
  const item = sku('s1', 'Pro', 1);

  function Custom() {
    const actions = useResourceActions({ view: skuView, scope: { projectId: 'p1' } });
    return (
      <>
        <button type="button" onClick={() => void actions.restore(item)}>
          restore
        </button>
        <button type="button" onClick={() => void actions.remove(item)}>
          remove
        </button>
        {actions.elements}
      </>
    );
  }

  it('restores with a notice', async () => {
    api.restore.mockResolvedValue(item);
    show(<Custom />);
    fireEvent.click(screen.getByText('restore'));
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('skus', { projectId: 'p1' }, 's1'));
    await waitFor(() => expect(notices.map((n) => n.title)).toContain(t('resources:notices.restored', { name: t('resources:quoted', { name: skuView.nameOf(item) }) })));
  });

  it('deletes only after the confirmation', async () => {
    api.delete.mockResolvedValue({ trashed: true, unlinked: [] });
    show(<Custom />);
    fireEvent.click(screen.getByText('remove'));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.delete).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: t('resource:actions.delete') }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('skus', { projectId: 'p1' }, 's1'));
  });
});

describe('reorder section', () => {
  const items = [sku('a', 'Alpha', 1), sku('b', 'Beta', 2), sku('c', 'Gamma', 3)];

  function mount(onDone = vi.fn()) {
    api.getList.mockResolvedValue({ items, total: items.length, page: 1, pageSize: 200 });
    const router = createMemoryRouter(
      [
        { path: '/skus', element: <ReorderSection view={skuView} scope={{ projectId: 'p1' }} initialTop={null} onDone={onDone} /> },
        { path: '/elsewhere', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/skus'] },
    );
    show(<RouterProvider router={router} />);
    return { router, onDone };
  }

  const toTop = (item: (typeof items)[number]) => screen.getByRole('button', { name: t('resources:reorder.toTop', { name: skuView.nameOf(item) }) });
  const order = () => within(screen.getByRole('list', { name: t('resources:reorder.title') })).getAllByRole('listitem').map((row) => row.textContent ?? '');

  it('moves an item to the top and saves the new order with versions', async () => {
    api.reorder.mockResolvedValue({ items: [] });
    const { onDone } = mount();
    await screen.findByRole('list', { name: t('resources:reorder.title') }, { timeout: 5_000 });
    const save = screen.getByRole('button', { name: t('resource:actions.saveOrder') });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(toTop(items[2]!));
    await waitFor(() => expect(order()[0]).toContain('Gamma'));
    expect(save.getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    const payload = api.reorder.mock.calls[0]?.[2] as ReadonlyArray<{ id: string }>;
    expect(payload.map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
  });

  it('asks before discarding an unsaved order', async () => {
    const { onDone } = mount();
    await screen.findByRole('list', { name: t('resources:reorder.title') }, { timeout: 5_000 });
    fireEvent.click(toTop(items[1]!));
    fireEvent.click(screen.getByRole('button', { name: t('resource:actions.discardOrder') }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(t('resource:confirm.unsavedOrder'));
    expect(onDone).not.toHaveBeenCalled();
    // happy-dom lays nothing out, so Tabster may leave the modal marked hidden until focus lands in it.
    fireEvent.click(within(dialog).getByRole('button', { name: t('resources:reorder.stay'), hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(order()[0]).toContain('Beta');
  });

  it('holds the operator on the page with an unsaved order', async () => {
    const { router } = mount();
    await screen.findByRole('list', { name: t('resources:reorder.title') }, { timeout: 5_000 });
    fireEvent.click(toTop(items[1]!));
    await act(() => router.navigate('/elsewhere'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(t('resources:reorder.leaveBody'))).toBeTruthy();
    // happy-dom lays nothing out, so Tabster may leave the modal marked hidden until focus lands in it.
    fireEvent.click(within(dialog).getByRole('button', { name: t('resources:reorder.leave'), hidden: true }));
    await screen.findByText('elsewhere');
  });
});

// Keeps the record type honest: the typed view's rows are resource records.
const _typed: ResourceRecord = sku('x', 'X', 0);
void _typed;
