// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { affiliateKind, type ConfigItem } from '@contract/config';
import type { PaletteBridge } from '@contract/ipc';
import { ConfigList } from '../../../renderer/src/config/config-list';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The affiliate list's own columns (renderer/src/config/kind-columns.tsx) inside the generic
 * ConfigList: each link's opens and installs as the server counted them, asked once for the page's
 * links, in English and Chinese; the full tracked URL (link, parameters, affiliate_link) and its copy
 * button.
 */

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function item(id: string, name: string, draft: Record<string, unknown>): ConfigItem {
  return {
    id,
    kind: 'affiliates',
    version: 1,
    name,
    enabled: true,
    sortOrder: 0,
    startsAt: null,
    endsAt: null,
    state: null,
    deletedAt: null,
    draft: { name, enabled: true, partner: 'Acme', campaign: 'Spring', parameters: [], ...draft },
    problems: {},
    status: 'official',
    changed: false,
    latestRevision: 1,
    previewRevision: 1,
    officialRevision: 1,
    approvalRequired: false,
    approval: null,
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const rows = [item(A, 'Acme spring', { url: 'https://example.com/get', parameters: [{ key: 'utm_source', value: 'acme' }] }), item(B, 'Unfinished', { url: 'not yet' })];
const calls: Array<{ routeId: string; input: { params?: Record<string, string>; query?: Record<string, unknown> } }> = [];
const reply = (data: unknown) => ({ ok: true, value: { code: 0, message: 'ok', data } });
const bridge = {
  api: {
    call: vi.fn(async (request: (typeof calls)[number]) => {
      calls.push(request);
      if (request.routeId === 'affiliates.list') return reply({ items: rows, total: rows.length, page: 1, pageSize: 20 });
      if (request.routeId === 'affiliates.policy') return reply({ requiresApproval: false, version: 1 });
      if (request.routeId === 'affiliateCounts.list') {
        return reply({ items: [{ linkId: A, opens: 12, installs: 3 }, { linkId: B, opens: 0, installs: 0 }] });
      }
      return { ok: true, value: { code: 1000, message: `unexpected ${request.routeId}` } };
    }),
    export: vi.fn(),
  },
  on: () => () => undefined,
} as unknown as PaletteBridge;

const writeText = vi.fn(async (_text: string) => undefined);
const instances: Record<string, I18n> = {};
beforeAll(async () => {
  (window as unknown as { palette: PaletteBridge }).palette = bridge;
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  for (const lng of ['en-US', 'zh-CN']) {
    const instance = i18next.createInstance();
    await instance.init({ resources: buildResources(), lng, fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
    instances[lng] = instance;
  }
});
beforeEach(() => {
  calls.length = 0;
  writeText.mockClear();
});
afterEach(() => cleanup());

function show(lng: 'en-US' | 'zh-CN') {
  render(
    <I18nextProvider i18n={instances[lng]!}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter>
            <ConfigList kind={affiliateKind} projectId="p1" canWrite canSetPolicy={false} />
          </MemoryRouter>
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('affiliate list columns', () => {
  it('show each link’s counted opens and installs, asked once for the page', async () => {
    show('en-US');
    expect(await within(await rowOf('Acme spring')).findByText('12 opens · 3 installs')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Opens / installs' })).toBeTruthy();
    expect(await within(await rowOf('Unfinished')).findByText('0 opens · 0 installs')).toBeTruthy();
    const asked = calls.filter((call) => call.routeId === 'affiliateCounts.list');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.input).toEqual({ params: { projectId: 'p1' }, query: { ids: [A, B] } });
  });

  it('read in Chinese', async () => {
    show('zh-CN');
    expect(await within(await rowOf('Acme spring')).findByText('12 次打开 · 3 次安装')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '跟踪链接' })).toBeTruthy();
  });

  it('show the full tracked URL with a copy button, or ask for a valid link', async () => {
    show('en-US');
    const tracked = `https://example.com/get?utm_source=acme&affiliate_link=${A}`;
    const row = await rowOf('Acme spring');
    expect(within(row).getByText(tracked)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Copy the tracked URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(tracked));
    expect(within(await rowOf('Unfinished')).getByText('Enter a valid link first.')).toBeTruthy();
  });
});
