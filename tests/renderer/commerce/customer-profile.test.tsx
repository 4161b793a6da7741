// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import type { CustomerProfile as Profile, TransactionRow } from '@contract/api/commerce';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { attributeText, CustomerProfile } from '../../../renderer/src/commerce/customer-profile';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { formatDateTime } from '../../../renderer/src/lib/format';

/**
 * The customer profile (issue 19 §5): the app's install time reads like the other times, and a
 * transaction id opens that transaction's details.
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

const INSTALLED = '2030-01-02T03:04:05.000Z';
const transaction: TransactionRow = {
  id: 't1',
  appId: 'a1',
  store: 'apple',
  environment: 'production',
  storeTransactionId: '200000000001',
  originalTransactionId: '200000000000',
  productId: 'palette.pro.monthly',
  skuId: null,
  skuName: null,
  type: 'subscription',
  status: 'purchased',
  purchasedAt: '2030-01-05T00:00:00.000Z',
  expiresAt: '2030-02-05T00:00:00.000Z',
  price: 9.99,
  currency: 'USD',
  country: 'US',
  customer: { id: 'c1', appUserId: 'demo-ios-001' },
  subscriptionState: 'active',
};
const profile = {
  customer: { id: 'c1', appUserId: 'demo-ios-001', platform: 'ios', country: 'US', email: null, firstSeenAt: '2030-01-05T00:00:00.000Z', lastSeenAt: '2030-03-01T00:00:00.000Z', spent: {}, activeEntitlements: [], subscriptionState: 'active', attributes: { installedAt: INSTALLED, appVersion: '3.1.0' } },
  entitlements: [],
  subscriptions: [],
  transactions: [transaction],
  transactionCount: 1,
  unlocks: [],
} as unknown as Profile;

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId) => {
    if (routeId === 'customers.get') return Promise.resolve(profile);
    if (routeId === 'transactions.get') return Promise.resolve({ ...transaction, purchaseToken: null, offer: null, refundedAt: null, revokedAt: null, subscription: { id: 's1', state: 'active', autoRenew: true, expiresAt: null, graceExpiresAt: null }, events: [] });
    return Promise.reject(new Error(`unexpected call ${routeId}`));
  });
});
afterEach(() => cleanup());

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

describe('the customer profile', () => {
  it('shows the install time like the other times, other attributes as they are', async () => {
    render(<Providers><CustomerProfile projectId="p1" customerId="c1" /></Providers>);
    expect(await screen.findByText(formatDateTime(INSTALLED, 'en-US'))).toBeTruthy();
    expect(screen.queryByText(INSTALLED)).toBeNull();
    expect(screen.getByText('3.1.0')).toBeTruthy();
    expect(attributeText('2030-01-02', 'en-US')).toBe('2030-01-02');
    expect(attributeText({ a: 1 }, 'en-US')).toBe('{"a":1}');
  });

  it('opens a transaction’s details from its id', async () => {
    render(<Providers><CustomerProfile projectId="p1" customerId="c1" /></Providers>);
    fireEvent.click(await screen.findByRole('button', { name: /200000000001/ }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(await within(dialog).findByText('200000000000')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('transactions.get', { params: { projectId: 'p1', id: 't1' } });
  });
});
