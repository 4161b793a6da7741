// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionGroupKind, type ConfigItem } from '@contract/config';
import type { PaletteBridge } from '@contract/ipc';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { ConfigList } from '../../../renderer/src/config/config-list';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * A configuration kind's list (ConfigList) with the generic list pieces of issue 19, against a fake
 * bridge: "Export CSV" asks main for the kind's export route with the list's filters, and the bulk
 * actions send each selected item through its own route with its own version, report a stale one by
 * name, apply the others and read the list again once.
 */

function item(id: string, name: string, version: number): ConfigItem {
  return {
    id,
    kind: 'regionGroups',
    version,
    name,
    enabled: true,
    sortOrder: 0,
    startsAt: null,
    endsAt: null,
    state: null,
    deletedAt: null,
    draft: { name, enabled: true, regions: ['CN'] },
    problems: {},
    status: 'unpublished',
    changed: true,
    latestRevision: 0,
    previewRevision: null,
    officialRevision: null,
    approvalRequired: false,
    approval: null,
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const rows = [item('a', 'Asia', 3), item('b', 'Europe', 5), item('c', 'Americas', 1)];
const calls: Array<{ routeId: string; input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: Record<string, unknown> } }> = [];
const reply = (data: unknown) => ({ ok: true, value: { code: 0, message: 'ok', data } });
const exportCall = vi.fn(async () => ({ ok: true, value: { status: 'saved', rows: 3 } }));
const bridge = {
  api: {
    call: vi.fn(async (request: (typeof calls)[number]) => {
      calls.push(request);
      if (request.routeId === 'regionGroups.list') return reply({ items: rows, total: rows.length, page: 1, pageSize: 20 });
      if (request.routeId === 'regionGroups.policy') return reply({ requiresApproval: false, version: 1 });
      // Europe was changed elsewhere since the list was read.
      if (request.input.params?.id === 'b') return { ok: true, value: { code: 108007, message: 'stale' } };
      return reply(rows.find((row) => row.id === request.input.params?.id));
    }),
    export: exportCall,
  },
  on: () => () => undefined,
} as unknown as PaletteBridge;

const instances: Record<string, I18n> = {};
beforeAll(async () => {
  // The Web Animations spec marks an animation's `finished` promise as handled, so a dialog whose
  // opening animation is cancelled by its closing one rejects nothing unhandled; happy-dom does not.
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (this: Element, ...args: Parameters<typeof animate>) {
    const animation = animate.apply(this, args);
    animation.finished.catch(() => undefined);
    return animation;
  };
  (window as unknown as { palette: PaletteBridge }).palette = bridge;
  for (const lng of ['en-US', 'zh-CN']) {
    const instance = i18next.createInstance();
    await instance.init({ resources: buildResources(), lng, fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
    instances[lng] = instance;
  }
});

let notices: Notice[];
let unsubscribe: () => void;
beforeEach(() => {
  calls.length = 0;
  exportCall.mockClear();
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
});
afterEach(() => {
  unsubscribe();
  cleanup();
});

function show(lng: 'en-US' | 'zh-CN', canWrite = true) {
  render(
    <I18nextProvider i18n={instances[lng]!}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter>
            <ConfigList kind={regionGroupKind} projectId="p1" canWrite={canWrite} canSetPolicy={false} />
          </MemoryRouter>
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const listReads = () => calls.filter((call) => call.routeId === 'regionGroups.list').length;

describe('ConfigList export', () => {
  it('exports what the list filters select through the kind export route, in the console language', async () => {
    show('zh-CN');
    await screen.findByRole('link', { name: 'Asia' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'as' } });
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(exportCall).toHaveBeenCalled());
    expect(exportCall).toHaveBeenCalledWith({
      routeId: 'regionGroups.export',
      input: { params: { projectId: 'p1' }, query: { q: 'as', lang: 'zh-CN' } },
      fileName: expect.stringMatching(/^region-group-\d{4}-\d{2}-\d{2}\.csv$/),
    });
  });
});

describe('ConfigList bulk actions', () => {
  it('disables the selected items one by one with their versions, reports the stale one by name and reads the list once more', async () => {
    show('en-US');
    await screen.findByRole('link', { name: 'Asia' });
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected rows' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row shown' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByRole('status').textContent).toBe('3 selected');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Americas' }));
    expect(within(bar).getByRole('status').textContent).toBe('2 selected');
    const before = listReads();
    fireEvent.click(within(bar).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('2 selected rows will be disabled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(notices.some((notice) => notice.intent === 'warning')).toBe(true));
    const saves = calls.filter((call) => call.routeId === 'regionGroups.saveDraft');
    expect(saves.map((call) => [call.input.params?.id, call.input.body?.version, (call.input.body?.draft as { enabled: boolean }).enabled])).toEqual([
      ['a', 3, false],
      ['b', 5, false],
    ]);
    expect(notices.find((notice) => notice.intent === 'success')?.title).toBe('Done for 1 of 2 selected rows.');
    expect(JSON.stringify(notices.find((notice) => notice.intent === 'warning'))).toContain('Europe');
    await waitFor(() => expect(listReads()).toBe(before + 1));
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected rows' })).toBeNull();
  });

  it('deletes with each item version, confirmed once with the count, in Chinese', async () => {
    show('zh-CN');
    await screen.findByRole('link', { name: 'Asia' });
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 Asia' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 Americas' }));
    const bar = screen.getByRole('toolbar', { name: '对所选行的操作' });
    fireEvent.click(within(bar).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('所选的 2 行移入回收站');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(notices.some((notice) => notice.intent === 'success')).toBe(true));
    expect(calls.filter((call) => call.routeId === 'regionGroups.delete').map((call) => [call.input.params?.id, call.input.query?.version])).toEqual([
      ['a', 3],
      ['c', 1],
    ]);
  });

  it('offers no selection to an operator who may not change the kind', async () => {
    show('en-US', false);
    await screen.findByRole('link', { name: 'Asia' });
    expect(screen.queryByRole('checkbox', { name: 'Select every row shown' })).toBeNull();
  });
});
