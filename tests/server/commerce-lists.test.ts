import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRow, StoreSettings, SubscriptionCheck, TransactionRow } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { customers } from '../../server/src/db/schema';
import { activeEntitlementsOf } from '../../server/src/domains/commerce/delivery-entitlements';
import { createTestApp } from './helpers/app';
import { catalogFixture, type CatalogFixture } from './helpers/commerce';
import { seedPurchase } from './helpers/commerce-seed';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The transactions and customers lists, the customer profile, the subscription check, the store
 * settings and the delivery API's entitlement lookup, on PGlite and PostgreSQL (TEST_DATABASE_URL),
 * over data made by the real ingestion.
 */

const DAY = 86_400_000;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let ios: CatalogFixture;
let android: CatalogFixture;

const app = () => built.app;
const owner = () => team.owner.token;
const params = () => ({ projectId: team.projectId });
const now = () => built.clock.now();
const ago = (days: number) => new Date(now().getTime() - days * DAY);

const subscriber = `sub-${randomUUID()}`;
const lapsed = `lapsed-${randomUUID()}`;
const buyer = `buyer-${randomUUID()}`;
const shared = 'family@palette.test';
let appleTx = '';
let googleOrder = '';

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  ios = await catalogFixture(built.app, owner(), team.projectId, {
    platform: 'ios',
    products: [
      { id: 'pro.monthly', type: 'subscription', period: 'monthly' },
      { id: 'pro.lifetime', type: 'non_consumable', period: 'permanent' },
    ],
    links: { pro: ['pro.monthly', 'pro.lifetime'] },
  });
  android = await catalogFixture(built.app, owner(), team.projectId, { platform: 'android', products: [{ id: 'pro.monthly', type: 'subscription', period: 'monthly' }], links: { pro: ['pro.monthly'] } });
  const db = database.handle.db;
  appleTx = (await seedPurchase(db, ios.appId, { appUserId: subscriber, productId: 'pro.monthly', purchasedAt: ago(3), expiresAt: new Date(now().getTime() + 27 * DAY), price: 9.99, country: 'US' }, now())).storeTransactionId;
  await seedPurchase(db, ios.appId, { appUserId: lapsed, productId: 'pro.monthly', purchasedAt: ago(60), expiresAt: ago(30), price: 9.99, country: 'DE', currency: 'EUR', state: 'expired' }, now());
  const google = await seedPurchase(db, android.appId, { appUserId: buyer, productId: 'pro.monthly', purchasedAt: ago(1), expiresAt: new Date(now().getTime() + 29 * DAY), price: 27.99, currency: 'BRL', country: 'BR' }, now());
  googleOrder = google.storeTransactionId;
  await seedPurchase(db, ios.appId, { appUserId: subscriber, productId: 'pro.lifetime', type: 'non_consumable', purchasedAt: ago(2), price: 49.99, country: 'US' }, now());
  await seedPurchase(db, ios.appId, { appUserId: `sandbox-${randomUUID()}`, productId: 'pro.monthly', environment: 'sandbox', purchasedAt: ago(5), expiresAt: ago(4), price: 0.99, state: 'expired' }, now());
  // Email is an attribute the app sets; two users share one here.
  await db.update(customers).set({ email: shared }).where(eq(customers.appUserId, subscriber));
  await db.update(customers).set({ email: 'FAMILY@palette.test' }).where(eq(customers.appUserId, lapsed));
  await db.update(customers).set({ email: 'customer30@example.com' }).where(eq(customers.appUserId, buyer));
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const transactions = (query: Record<string, unknown>) => ok<ListPage<TransactionRow>>(app(), team.viewer.token, 'transactions.list', { params: params(), query });
const customerList = (query: Record<string, unknown>) => ok<ListPage<CustomerRow>>(app(), team.viewer.token, 'customers.list', { params: params(), query });

describe('the transactions list', () => {
  it('lists newest first with product, price, state and customer', async () => {
    const page = await transactions({});
    expect(page.total).toBe(5);
    expect(page.items.map((t) => t.purchasedAt)).toEqual([...page.items.map((t) => t.purchasedAt)].sort().reverse());
    expect(page.items[0]).toMatchObject({ store: 'google', customer: { appUserId: buyer }, price: 27.99, currency: 'BRL', subscriptionState: 'active', skuName: 'pro.monthly' });
  });

  it('filters by store, environment, status, product, customer and time', async () => {
    expect((await transactions({ store: 'google' })).total).toBe(1);
    expect((await transactions({ environment: 'sandbox' })).total).toBe(1);
    expect((await transactions({ status: 'purchased' })).total).toBe(5);
    expect((await transactions({ status: 'refunded,revoked' })).total).toBe(0);
    expect((await transactions({ productId: 'pro.lifetime' })).items.map((t) => t.type)).toEqual(['non_consumable']);
    expect((await transactions({ from: ago(4).toISOString(), to: ago(0.5).toISOString() })).total).toBe(3);
    const one = (await transactions({ q: appleTx })).items[0] as TransactionRow;
    expect((await transactions({ customerId: one.customer.id })).total).toBe(2);
  });

  it('searches an exact transaction id, order id or app user id', async () => {
    expect((await transactions({ q: appleTx })).items.map((t) => t.storeTransactionId)).toEqual([appleTx]);
    expect((await transactions({ q: googleOrder })).items.map((t) => t.store)).toEqual(['google']);
    expect((await transactions({ q: subscriber })).total).toBe(2);
    expect((await transactions({ q: subscriber.slice(0, 6) })).total).toBe(0);
  });

  it('sorts by price and pages', async () => {
    const cheap = await transactions({ sort: 'price:asc', pageSize: 2 });
    expect(cheap.items.map((t) => t.price)).toEqual([0.99, 9.99]);
    const second = await transactions({ sort: 'price:asc', pageSize: 2, page: 2 });
    expect(second.items.map((t) => t.price)).toEqual([9.99, 27.99]);
    expect((await call(app(), team.viewer.token, 'transactions.list', { params: params(), query: { pageSize: 201 } })).envelope.code).toBe(ErrorCode.ParamInvalid);
  });
});

describe('the customers list', () => {
  it('lists last seen first, with spend per currency, active entitlements and state', async () => {
    const page = await customerList({});
    expect(page.total).toBe(4);
    const row = page.items.find((c) => c.appUserId === subscriber);
    expect(row).toMatchObject({ platform: 'ios', country: 'US', spent: { USD: 59.98 }, activeEntitlements: ['pro'], subscriptionState: 'active' });
    expect(page.items.find((c) => c.appUserId === lapsed)).toMatchObject({ activeEntitlements: [], subscriptionState: 'expired', spent: { EUR: 9.99 } });
    // Sandbox money is not spend.
    expect(page.items.find((c) => c.appUserId.startsWith('sandbox-'))?.spent).toEqual({});
  });

  it('filters by platform, country, access and entitlement, and finds an id or an email', async () => {
    expect((await customerList({ platform: 'android' })).items.map((c) => c.appUserId)).toEqual([buyer]);
    expect((await customerList({ country: 'DE' })).items.map((c) => c.appUserId)).toEqual([lapsed]);
    expect((await customerList({ access: 'subscribed' })).items.map((c) => c.appUserId).sort()).toEqual([buyer, subscriber].sort());
    expect((await customerList({ access: 'none' })).total).toBe(2);
    expect((await customerList({ entitlementId: ios.entitlements.pro })).total).toBe(2);
    expect((await customerList({ q: 'family@PALETTE.test' })).total).toBe(2);
    expect((await customerList({ q: buyer })).total).toBe(1);
    expect((await call(app(), team.viewer.token, 'customers.list', { params: params(), query: { country: 'de' } })).envelope.code).toBe(ErrorCode.ParamInvalid);
  });

  it('finds customers by the beginnings of words of their id or email, as the resource lists search (issue 19 §5)', async () => {
    const ids = async (q: string) => (await customerList({ q })).items.map((c) => c.appUserId).sort();
    // "demo-android" and "customer30" found nothing when only an exact id or email matched.
    expect(await ids('buyer')).toEqual([buyer]);
    expect(await ids(buyer.slice(0, 12))).toEqual([buyer]);
    expect(await ids('customer3')).toEqual([buyer]);
    expect(await ids('CUSTOMER30@example')).toEqual([buyer]);
    expect(await ids('family')).toEqual([lapsed, subscriber].sort());
    expect(await ids('sub')).toEqual([subscriber]);
    // Words begin where the id's words begin: a piece from the middle of one is no match.
    expect(await ids('uyer')).toEqual([]);
    // Search combines with the filters and pages in the list's order.
    expect((await customerList({ q: 'family', country: 'DE' })).items.map((c) => c.appUserId)).toEqual([lapsed]);
    const newestFirst = await customerList({ q: 'family', sort: 'lastSeenAt:desc', pageSize: 1 });
    expect(newestFirst.total).toBe(2);
    expect(newestFirst.items).toHaveLength(1);
  });

  it('answers 201001 for a customer of another project or none', async () => {
    expect((await call(app(), owner(), 'customers.get', { params: { ...params(), id: randomUUID() } })).envelope.code).toBe(ErrorCode.AppUserNotFound);
  });
});

describe('the subscription check', () => {
  const check = (by: string, value: string, token = team.viewer.token) => call<SubscriptionCheck>(app(), token, 'subscriptionCheck.run', { params: params(), query: { by, value } });

  it('finds by user id and says per entitlement what is active and why', async () => {
    const reply = await check('userId', subscriber);
    const match = reply.envelope.data?.matches[0];
    expect(reply.envelope.data?.matches).toHaveLength(1);
    const pro = match?.entitlements.find((e) => e.identifier === 'pro');
    expect(pro).toMatchObject({ active: true, activeUntil: null });
    // Two reasons: the lifetime purchase (no end) first, then the subscription.
    expect(pro?.reasons.map((r) => [r.productId, r.active])).toEqual([
      ['pro.lifetime', true],
      ['pro.monthly', true],
    ]);
    expect(match?.subscriptions[0]).toMatchObject({ state: 'active', store: 'apple' });
  });

  it('finds by an Apple transaction id, a Google order or purchase token, and an email shared by two', async () => {
    expect((await check('transactionId', appleTx)).envelope.data?.matches.map((m) => m.customer.appUserId)).toEqual([subscriber]);
    expect((await check('transactionId', googleOrder)).envelope.data?.matches.map((m) => m.customer.appUserId)).toEqual([buyer]);
    expect((await check('transactionId', `token-${googleOrder}`)).envelope.data?.matches.map((m) => m.customer.appUserId)).toEqual([buyer]);
    expect((await check('email', shared)).envelope.data?.matches).toHaveLength(2);
    const none = await check('userId', 'nobody');
    expect(none.envelope.code).toBe(ErrorCode.AppUserNotFound);
    expect((await check('phone', 'x')).envelope.code).toBe(ErrorCode.ParamInvalid);
  });
});

describe('the store settings of an app', () => {
  it('say where notifications go, change with their version, and are audited', async () => {
    const settings = await ok<StoreSettings>(app(), team.viewer.token, 'storeSettings.get', { params: { ...params(), id: ios.appId } });
    // A new app takes no sandbox data until asked to (issue 18).
    expect(settings).toMatchObject({ platform: 'ios', appleAppId: null, acceptSandbox: false, sandboxTesters: [], googlePushOpen: false, notificationPath: `/hooks/apple/${ios.appId}`, hasCredentials: false, version: 1, lastEventAt: expect.any(String) });
    expect((await call(app(), team.editor.token, 'storeSettings.update', { params: { ...params(), id: ios.appId }, body: { appleAppId: 1, acceptSandbox: false, version: 1 } })).envelope.code).toBe(ErrorCode.Forbidden);
    const saved = await ok<StoreSettings>(app(), team.admin.token, 'storeSettings.update', { params: { ...params(), id: ios.appId }, body: { appleAppId: 99_999_999_999, acceptSandbox: false, version: 1 } });
    expect(saved).toMatchObject({ appleAppId: 99_999_999_999, acceptSandbox: false, version: 2, updatedBy: { id: team.admin.id } });
    expect((await call(app(), owner(), 'storeSettings.update', { params: { ...params(), id: ios.appId }, body: { appleAppId: 1, acceptSandbox: true, version: 1 } })).envelope.code).toBe(ErrorCode.VersionConflict);
    expect((await call(app(), owner(), 'storeSettings.update', { params: { ...params(), id: ios.appId }, body: { appleAppId: 100_000_000_000, acceptSandbox: true, version: 2 } })).envelope.code).toBe(ErrorCode.ParamInvalid);
    expect((await call(app(), owner(), 'storeSettings.update', { params: { ...params(), id: ios.appId }, body: { appleAppId: 0, acceptSandbox: true, version: 2 } })).envelope.code).toBe(ErrorCode.ParamInvalid);
    const audit = await ok<ListPage<{ entity: string }>>(app(), owner(), 'audit.list', { params: params(), query: { entity: 'storeSettings' } });
    expect(audit.total).toBe(1);
    expect((await ok<StoreSettings>(app(), owner(), 'storeSettings.get', { params: { ...params(), id: android.appId } })).notificationPath).toBe(`/hooks/google/${android.appId}`);
  });
});

describe('the delivery API’s lookup', () => {
  it('answers a user’s active entitlements with their ends, by project', async () => {
    const result = await activeEntitlementsOf(database.handle.db, team.projectId, subscriber, now());
    expect(result).toEqual({ userId: subscriber, entitlements: [{ identifier: 'pro', expiresAt: null, source: 'store' }] });
    expect(await activeEntitlementsOf(database.handle.db, team.projectId, lapsed, now())).toEqual({ userId: lapsed, entitlements: [] });
    expect(await activeEntitlementsOf(database.handle.db, team.projectId, 'never-seen', now())).toEqual({ userId: 'never-seen', entitlements: [] });
  });
});
