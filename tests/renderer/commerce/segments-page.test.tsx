// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Segment } from '@contract/api/commerce';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import SegmentsPage from '../../../renderer/src/commerce/segments-page';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * The segment builder (commerce/segments-page.tsx) against a fake API, for issue 19 §5: a country
 * rule takes a country from the picker (by name), not typed text, and a saved segment opens the
 * customers it matches.
 */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

const PROJECT = '11111111-1111-4111-8111-111111111111';
const saved: Segment = {
  id: '22222222-2222-4222-8222-222222222222',
  projectId: PROJECT,
  name: 'Germans',
  description: '',
  match: 'all',
  rules: [{ field: 'country', operator: 'eq', value: 'DE' }],
  version: 1,
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as Segment;
const permissions = { home: 'write', customers: 'write', transactions: 'write', projects: 'write', management: 'write', system: 'write' };

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((routeId: string, input: { body?: unknown }) => {
    switch (routeId) {
      case 'me.menus':
        return Promise.resolve({ role: 'admin', menus: [], projects: [{ projectId: PROJECT, name: 'Demo', role: 'owner', permissions, menus: [] }] });
      case 'segments.list':
        return Promise.resolve([saved]);
      case 'entitlements.list':
        return Promise.resolve({ items: [], total: 0, page: 1, pageSize: 200 });
      case 'countries.list':
        return Promise.resolve({ items: [{ code: 'DE', nameEn: 'Germany', nameZh: '德国', enabled: true }, { code: 'FR', nameEn: 'France', nameZh: '法国', enabled: true }], total: 2, page: 1, pageSize: 200 });
      case 'segments.count':
        return Promise.resolve({ count: 3, of: 10, countedAt: '2026-01-01T00:00:00.000Z', asked: input.body });
      default:
        return Promise.reject(new Error(`unexpected call ${routeId}`));
    }
  });
});
afterEach(() => cleanup());

function show() {
  const router = createMemoryRouter(
    [
      { path: '/customers/user-segmentation', element: <SegmentsPage /> },
      { path: '/customers/index', element: <p>customers list</p> },
    ],
    { initialEntries: ['/customers/user-segmentation'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('segment builder', () => {
  it('takes a country rule’s value from the country picker, by name', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const rule = screen.getByRole('group', { name: 'Rule 2' });
    const value = within(rule).getByRole('combobox', { name: 'Value' });
    fireEvent.click(value);
    fireEvent.change(value, { target: { value: 'Fra' } });
    fireEvent.click(await screen.findByRole('option', { name: 'France (FR)' }));
    await expect
      .poll(() => api.call.mock.calls.filter(([id]) => id === 'segments.count').map(([, input]) => JSON.stringify((input as { body: unknown }).body)))
      .toContainEqual(expect.stringContaining('{"field":"country","operator":"eq","value":"FR"}'));
  });

  it('opens the customers a saved segment matches, in its project', async () => {
    const router = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Germans' }));
    // The saved country reads by its name.
    await expect.poll(() => within(screen.getByRole('group', { name: 'Rule 1' })).getByRole<HTMLInputElement>('combobox', { name: 'Value' }).value).toBe('Germany (DE)');
    const link = await screen.findByRole('link', { name: 'Show these customers' });
    fireEvent.click(link);
    await expect.poll(() => `${router.state.location.pathname}${router.state.location.search}`).toBe(`/customers/index?project=${PROJECT}&segment=${saved.id}`);
  });

  it('asks to save a new segment before opening its customers', async () => {
    show();
    expect(await screen.findByText('Save the segment to open the customers it matches.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show these customers' })).toBeNull();
  });
});
