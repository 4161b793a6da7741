// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageKind } from '@contract/config/kinds/languages';
import type { ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import type { PaletteBridge } from '@contract/ipc';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { StatusScreen } from '../../../renderer/src/components/status-screen';
import { ConfigEditor } from '../../../renderer/src/config/config-editor';
import { connectivityStore } from '../../../renderer/src/connectivity/connectivity-state';
import { NotKeptOfflineError } from '../../../renderer/src/connectivity/not-kept';
import { memoryStorage } from '../../../renderer/src/data/offline/kept-storage';
import { OfflineData } from '../../../renderer/src/data/offline/offline-data';
import { OfflineDataContext } from '../../../renderer/src/data/offline/use-offline';
import { createQueryClient } from '../../../renderer/src/data/query-client';
import { useSignOut } from '../../../renderer/src/data/session';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { PendingChangesBar } from '../../../renderer/src/layout/pending-changes';
import { callApi } from '../../../renderer/src/bridge/call-api';

/**
 * Working offline in the console (issue 14): a draft saved offline waits, visibly, survives in the
 * kept storage, and meets a newer version in the editor's conflict view with both sides; the
 * waiting-changes list and the plain "not kept" screen follow the interface language.
 */

// happy-dom rejects a cancelled animation's `finished` promise, which Fluent's motion never awaits.
const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
  const animation = animate.apply(this, args);
  animation.finished.catch(() => undefined);
  return animation;
};

const PROJECT = '0190f2b4-0000-7000-8000-000000000001';
const ID = '0190f2b4-0000-7000-8000-0000000000aa';
const actor = { id: 'u2', name: 'Other Operator' };

function item(version: number, draft: Record<string, unknown>): ConfigItem {
  return {
    id: ID,
    kind: languageKind.name,
    version,
    name: String(draft['name']),
    enabled: true,
    sortOrder: 1,
    startsAt: null,
    endsAt: null,
    state: null,
    deletedAt: null,
    draft,
    problems: {},
    status: 'unpublished',
    changed: true,
    latestRevision: 0,
    previewRevision: null,
    officialRevision: null,
    approvalRequired: false,
    approval: null,
    createdBy: actor,
    updatedBy: actor,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
  };
}

/** The server behind the fake bridge: one language item, versioned. */
let server: { item: ConfigItem; saves: Array<{ version: number; draft: Record<string, unknown> }> };
let notices: Notice[] = [];
let unsubscribeNotices = () => undefined as void;

const bridge = {
  api: {
    call: async ({ routeId, input }: { routeId: string; input?: { body?: unknown } }) => {
      const ok = (data: unknown) => ({ ok: true as const, value: { code: 0, message: 'ok', data } });
      if (routeId === 'appLanguages.get') return ok(server.item);
      if (routeId === 'appLanguages.saveDraft') {
        const body = input?.body as { version: number; draft: Record<string, unknown> };
        server.saves.push(body);
        if (body.version !== server.item.version) return { ok: true as const, value: { code: ErrorCode.VersionConflict, message: 'stale' } };
        server.item = item(server.item.version + 1, body.draft);
        return ok(server.item);
      }
      if (routeId === 'appLanguages.revisions') return ok({ items: [] });
      if (routeId.endsWith('.list')) return ok({ items: [], total: 0, page: 1, pageSize: 20 });
      return ok(null);
    },
  },
  session: { signOut: async () => ({ ok: true as const, value: { user: null, persistence: 'keychain' as const } }) },
  on: () => () => undefined,
} as unknown as PaletteBridge;

function offline(): void {
  act(() => connectivityStore.dispatch({ type: 'main', network: true, server: false }));
}
function online(): void {
  act(() => connectivityStore.dispatch({ type: 'main', network: true, server: true }));
}

async function makeI18n(lng: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({ resources: buildResources(), lng, fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
  return instance;
}

let storage: ReturnType<typeof memoryStorage>;
let queryClient: QueryClient;
let data: OfflineData;

async function setUp(): Promise<void> {
  storage = memoryStorage();
  queryClient = createQueryClient(() => undefined);
  data = new OfflineData({ storage, queryClient, buster: 'test', send: (routeId, input) => callApi(routeId as never, input as never), cache: { throttleMs: 0 } });
  await data.open('operator-1');
}

function Providers({ i18n, children }: { readonly i18n: I18n; readonly children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <OfflineDataContext.Provider value={data}>
          <FluentProvider theme={webLightTheme}>
            <RouterProvider router={createMemoryRouter([{ path: '*', element: children }])} />
          </FluentProvider>
        </OfflineDataContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

beforeEach(async () => {
  window.palette = bridge;
  server = { item: item(3, { name: 'English', code: 'en', isDefault: true }), saves: [] };
  notices = [];
  unsubscribeNotices = subscribeNotices((notice) => notices.push(notice));
  online();
  await setUp();
});
afterEach(() => {
  unsubscribeNotices();
  cleanup();
  online();
  queryClient.clear();
});

describe('a draft saved offline', () => {
  it('waits, visibly, with the version it was based on; publishing waits for the connection with the reason', async () => {
    const i18n = await makeI18n('en-US');
    render(
      <Providers i18n={i18n}>
        <PendingChangesBar />
        <ConfigEditor kind={languageKind} projectId={PROJECT} id={ID} canWrite />
      </Providers>,
    );
    await screen.findByRole('heading', { name: 'English', level: 1 });
    offline();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'English (UK)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(data.changes.list()).toHaveLength(1));
    expect(data.changes.list()[0]).toMatchObject({ routeId: 'appLanguages.saveDraft', params: { projectId: PROJECT, id: ID }, label: 'English (UK)', status: 'waiting', body: { version: 3 } });
    expect(server.saves).toEqual([]);
    expect(notices.map((notice) => notice.title)).toContain('Saved on this computer. It is sent when the connection returns.');
    await screen.findByText('Waiting to be sent');
    // Saved on this computer: the editor holds nothing unsaved.
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    const publish = screen.getByRole('button', { name: 'Publish to preview' });
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    fireEvent.pointerEnter(publish);
    fireEvent.focus(publish);
    await waitFor(() => {
      const described = (publish.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain('Needs a connection: this cannot be taken back, or others see it at once.');
    });

    // The list of waiting changes.
    const bar = screen.getByRole('group', { name: '1 change waiting to be sent' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes waiting to be sent' });
    // (Role queries over the editor's large tree are slow on a loaded machine: the table by its label.)
    const table = await waitFor(() => dialog.querySelector('table[aria-label="Changes waiting to be sent"]') ?? Promise.reject(new Error('no table yet')), { timeout: 5000 });
    const row = table.querySelectorAll('tbody tr')[0] as HTMLElement;
    expect(row.textContent).toContain('Language · English (UK)');
    expect(row.textContent).toContain('Based on version 3');
    expect(row.textContent).toContain('Waiting');
  });

  it('meets a newer version when the connection returns: the conflict view shows both, and "keep mine" sends mine over theirs', async () => {
    const i18n = await makeI18n('en-US');
    render(
      <Providers i18n={i18n}>
        <ConfigEditor kind={languageKind} projectId={PROJECT} id={ID} canWrite />
      </Providers>,
    );
    await screen.findByRole('heading', { name: 'English', level: 1 });
    offline();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(data.changes.list()).toHaveLength(1));

    // Another operator saved meanwhile.
    server.item = item(4, { name: 'Theirs', code: 'en', isDefault: true });
    online();
    await act(() => data.changes.flush());
    expect(server.saves).toEqual([{ version: 3, draft: expect.objectContaining({ name: 'Mine' }) }]);
    expect(server.item.draft['name']).toBe('Theirs');
    expect(data.changes.list()[0]).toMatchObject({ status: 'conflict' });

    await screen.findByText('Someone else saved this item meanwhile');
    const diff = screen.getByRole('table', { name: /Their version/ });
    expect(diff.textContent).toContain('Theirs');
    expect(diff.textContent).toContain('Mine');

    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(server.item).toMatchObject({ version: 5, draft: expect.objectContaining({ name: 'Mine' }) }));
    await waitFor(() => expect(data.changes.list()).toEqual([]));
    expect(server.saves.at(-1)).toMatchObject({ version: 4 });
    await waitFor(() => expect(screen.queryByText('Someone else saved this item meanwhile')).toBeNull());
  });

  it('"take theirs" drops the waiting change and shows their version', async () => {
    const i18n = await makeI18n('en-US');
    render(
      <Providers i18n={i18n}>
        <ConfigEditor kind={languageKind} projectId={PROJECT} id={ID} canWrite />
      </Providers>,
    );
    await screen.findByRole('heading', { name: 'English', level: 1 });
    offline();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(data.changes.list()).toHaveLength(1));
    server.item = item(4, { name: 'Theirs', code: 'en', isDefault: true });
    online();
    await act(() => data.changes.flush());
    fireEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(data.changes.list()).toEqual([]));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Theirs'));
    expect(server.item).toMatchObject({ version: 4 });
  });

  it('is still waiting after a restart, and the editor opens on it', async () => {
    const i18n = await makeI18n('en-US');
    await data.changes.save({ routeId: 'appLanguages.saveDraft', params: { projectId: PROJECT, id: ID }, body: { version: 3, draft: { name: 'Kept offline', code: 'en', isDefault: true } }, label: 'Kept offline' });
    // A new console over the same storage.
    queryClient.clear();
    queryClient = createQueryClient(() => undefined);
    data = new OfflineData({ storage, queryClient, buster: 'test', send: (routeId, input) => callApi(routeId as never, input as never) });
    await data.open('operator-1');
    offline();
    queryClient.setQueryData(['palette', 'api', 'appLanguages', 'appLanguages.get', { params: { projectId: PROJECT, id: ID } }], server.item);
    render(
      <Providers i18n={i18n}>
        <ConfigEditor kind={languageKind} projectId={PROJECT} id={ID} canWrite />
      </Providers>,
    );
    await screen.findByText('Waiting to be sent');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Kept offline');
  });
});

describe('the waiting-changes list in Chinese', () => {
  it('follows the interface language, and a discard asks first and removes the change', async () => {
    const i18n = await makeI18n('zh-CN');
    await data.changes.save({ routeId: 'appLanguages.saveDraft', params: { projectId: PROJECT, id: ID }, body: { version: 3, draft: { name: '英语' } }, label: '英语' });
    offline();
    render(
      <Providers i18n={i18n}>
        <PendingChangesBar />
      </Providers>,
    );
    const bar = screen.getByRole('group', { name: '1 项更改等待发送' });
    expect(bar.textContent).toContain('已保存在本机；恢复连接后会按顺序发送。');
    fireEvent.click(within(bar).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog', { name: '等待发送的更改' });
    expect(dialog.textContent).toContain('语言 · 英语');
    expect(dialog.textContent).toContain('基于版本 3');
    fireEvent.click(within(dialog).getByRole('button', { name: '丢弃对 英语 的更改' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('本机保存的 英语 草稿将被删除');
    fireEvent.click(within(confirm).getByRole('button', { name: '丢弃' }));
    await waitFor(() => expect(data.changes.list()).toEqual([]));
  });
});

describe('a screen never opened, offline', () => {
  it('says so plainly, in both languages, without an error code', async () => {
    for (const [lng, title, body] of [
      ['en-US', 'Not available offline', 'This was never opened on this computer, so nothing of it is kept. It loads when the connection returns.'],
      ['zh-CN', '离线时不可用', '此内容从未在本机打开过，因此没有保留。恢复连接后会自动加载。'],
    ] as const) {
      const i18n = await makeI18n(lng);
      render(
        <Providers i18n={i18n}>
          <StatusScreen kind="serverError" error={new NotKeptOfflineError()} />
        </Providers>,
      );
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(body)).toBeTruthy();
      expect(screen.queryByText('500')).toBeNull();
      cleanup();
    }
  });
});

describe('signing out', () => {
  it('wipes the kept answers and the waiting changes', async () => {
    const i18n = await makeI18n('en-US');
    await data.changes.save({ routeId: 'appLanguages.saveDraft', params: { projectId: PROJECT, id: ID }, body: { version: 3, draft: { name: 'x' } }, label: 'x' });
    expect(storage.keys().length).toBeGreaterThan(0);
    const { result } = renderHook(() => useSignOut(), { wrapper: ({ children }) => <Providers i18n={i18n}>{children}</Providers> });
    await act(() => result.current.mutateAsync());
    await waitFor(() => expect(storage.keys()).toEqual([]));
    expect(data.changes.list()).toEqual([]);
  });
});
