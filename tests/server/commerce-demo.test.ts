import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRow, ManualUnlock, Segment, SegmentCount, StoreSettings, TransactionRow } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { createTestApp, createUser, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok } from './helpers/projects';

/**
 * The demo's customers and transactions (server/src/domains/demo/commerce-demo.ts), made through the
 * stores' ingestion: both stores, every kind of ending, unlocks, and the lists that show them.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let projectId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  const admin = await createUser(database.handle, { role: 'admin', name: 'Administrator' });
  projectId = (await built.seedDemoData(admin.email))?.projectId as string;
  token = await signIn(built.app, admin.email, admin.password);
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('the demo’s commerce', () => {
  it('has customers and transactions of both stores, in every state', async () => {
    const customers = await ok<ListPage<CustomerRow>>(built.app, token, 'customers.list', { params: { projectId }, query: { pageSize: 200 } });
    expect(customers.total).toBe(80);
    expect(new Set(customers.items.map((c) => c.platform))).toEqual(new Set(['ios', 'android']));
    expect(new Set(customers.items.map((c) => c.subscriptionState))).toEqual(new Set(['active', 'trial', 'grace', 'billing_retry', 'expired', 'refunded']));
    expect(customers.items.some((c) => c.activeEntitlements.includes('pro'))).toBe(true);
    expect(customers.items.some((c) => c.email !== null)).toBe(true);
    const transactions = await ok<ListPage<TransactionRow>>(built.app, token, 'transactions.list', { params: { projectId } });
    expect(transactions.total).toBeGreaterThan(150);
    for (const store of ['apple', 'google']) expect((await ok<ListPage<TransactionRow>>(built.app, token, 'transactions.list', { params: { projectId }, query: { store } })).total).toBeGreaterThan(40);
    expect((await ok<ListPage<TransactionRow>>(built.app, token, 'transactions.list', { params: { projectId }, query: { status: 'refunded' } })).total).toBeGreaterThan(0);
  });

  it('has user segments that split its customers: subscribers and free users, and big spenders among them', async () => {
    const segments = await ok<Segment[]>(built.app, token, 'segments.list', { params: { projectId } });
    expect(segments.map((s) => s.name).sort()).toEqual(['Free users', 'Spent 20 USD or more', 'Subscribers']);
    const count = async (name: string) => {
      const segment = segments.find((s) => s.name === name) as Segment;
      return ok<SegmentCount>(built.app, token, 'segments.count', { params: { projectId }, body: { match: segment.match, rules: segment.rules } });
    };
    const subscribers = await count('Subscribers');
    const free = await count('Free users');
    expect(subscribers.count).toBeGreaterThan(0);
    expect(free.count).toBeGreaterThan(0);
    expect(subscribers.count + free.count).toBe(subscribers.of);
    const spenders = await count('Spent 20 USD or more');
    expect(spenders.count).toBeGreaterThan(0);
    expect(spenders.count).toBeLessThan(spenders.of);
  });

  it('has a granted unlock and one waiting for approval, and the iOS app’s Apple app id', async () => {
    const unlocks = await ok<ListPage<ManualUnlock>>(built.app, token, 'unlocks.list', { params: { projectId } });
    expect(unlocks.items.map((u) => u.status).sort()).toEqual(['granted', 'pending']);
    const apps = await ok<ListPage<{ id: string; platform: string }>>(built.app, token, 'apps.list', { params: { projectId } });
    const ios = apps.items.find((a) => a.platform === 'ios') as { id: string };
    expect((await ok<StoreSettings>(built.app, token, 'storeSettings.get', { params: { projectId, id: ios.id } })).appleAppId).toBe(6_448_311_069);
  });
});
