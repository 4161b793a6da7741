import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerPage, Segment, SegmentCount, SegmentRule } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import { createTestApp } from './helpers/app';
import { catalogFixture, type CatalogFixture } from './helpers/commerce';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * User segments on PGlite and PostgreSQL (TEST_DATABASE_URL): every rule and operator counted over
 * 100,000 customers against the arithmetic of how they were made, at the operators' boundaries;
 * all/any; saving with versions, unique names and limits; who may do what.
 */

const CUSTOMERS = 100_000;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let catalog: CatalogFixture;

const app = () => built.app;
const params = () => ({ projectId: team.projectId });
const range = (predicate: (i: number) => boolean) => Array.from({ length: CUSTOMERS }, (_, k) => k + 1).filter(predicate).length;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  catalog = await catalogFixture(built.app, team.owner.token, team.projectId, {
    platform: 'ios',
    products: [{ id: 'pro.monthly', type: 'subscription', period: 'monthly' }],
    links: { pro: ['pro.monthly'] },
  });
  const at = built.clock.now();
  // Customer i: iOS for i % 5 < 3, country by i % 10, spend i % 100 + 0.99 USD, first seen i % 365
  // days ago, attribute level = i % 10 (a number), lang 'ja' for i % 7 = 0; every fourth one
  // subscribed now (an active subscription and its grant).
  await database.handle.db.execute(sql`
    insert into customers (project_id, app_user_id, platform, country, spent, attributes, first_seen_at, last_seen_at, created_at, updated_at)
    select ${team.projectId}::uuid, 'seg-' || i, case when i % 5 < 3 then 'ios' else 'android' end,
           (array['US','CN','DE','JP','BR','GB','FR','KR','IN','CA'])[1 + i % 10],
           jsonb_build_object('USD', (i % 100) + 0.99),
           jsonb_build_object('level', i % 10, 'lang', case when i % 7 = 0 then 'ja' else 'en' end),
           ${at}::timestamptz - make_interval(days => i % 365), ${at}::timestamptz - make_interval(hours => i % 48), ${at}, ${at}
    from generate_series(1, ${CUSTOMERS}) as i`);
  await database.handle.db.execute(sql`
    insert into subscriptions (project_id, app_id, customer_id, store, environment, original_transaction_id, product_id, state, started_at, expires_at, last_event_at, created_at, updated_at)
    select c.project_id, ${catalog.appId}::uuid, c.id, 'apple', 'production', 'seg-orig-' || c.app_user_id, 'pro.monthly', 'active',
           ${at}::timestamptz - interval '1 day', ${at}::timestamptz + interval '29 days', ${at}, ${at}, ${at}
    from customers c where c.project_id = ${team.projectId}::uuid and (substr(c.app_user_id, 5)::int) % 4 = 0`);
  await database.handle.db.execute(sql`
    insert into entitlement_grants (project_id, customer_id, source, app_id, product_id, subscription_id, starts_at, expires_at, updated_at)
    select s.project_id, s.customer_id, 'store', s.app_id, s.product_id, s.id, s.started_at, s.expires_at, ${at}
    from subscriptions s where s.project_id = ${team.projectId}::uuid`);
  await database.handle.db.execute(sql`analyze customers`);
}, 120_000);
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

async function count(rules: SegmentRule[], match: 'all' | 'any' = 'all'): Promise<number> {
  const started = performance.now();
  const result = await ok<SegmentCount>(app(), team.viewer.token, 'segments.count', { params: params(), body: { match, rules } });
  const ms = performance.now() - started;
  if (ms > 1_000) process.stdout.write(`slow segment count (${Math.round(ms)} ms): ${JSON.stringify(rules)}\n`);
  expect(result.of).toBe(CUSTOMERS);
  return result.count;
}

describe('a segment over 100,000 customers', () => {
  it('counts by platform and country', async () => {
    expect(await count([{ field: 'platform', operator: 'eq', value: 'ios' }])).toBe(range((i) => i % 5 < 3));
    expect(await count([{ field: 'country', operator: 'eq', value: 'JP' }])).toBe(range((i) => i % 10 === 3));
  });

  it('counts spend at the boundary, with every operator', async () => {
    const spend = (operator: 'eq' | 'gte' | 'lte' | 'lt' | 'gt', value: number) => count([{ field: 'spend', operator, value, currency: 'USD' }]);
    expect(await spend('gte', 49.99)).toBe(range((i) => i % 100 >= 49));
    expect(await spend('gt', 49.99)).toBe(range((i) => i % 100 >= 50));
    expect(await spend('lte', 49.99)).toBe(range((i) => i % 100 <= 49));
    expect(await spend('lt', 49.99)).toBe(range((i) => i % 100 < 49));
    expect(await spend('eq', 49.99)).toBe(range((i) => i % 100 === 49));
    // Another currency: nobody spent any.
    expect(await count([{ field: 'spend', operator: 'gt', value: 0, currency: 'EUR' }])).toBe(0);
  });

  it('counts time since first seen in the spec’s units, at the boundary', async () => {
    const since = (operator: 'eq' | 'gte' | 'lte' | 'lt' | 'gt', n: number, unit: 'day' | 'week' = 'day') => count([{ field: 'firstSeen', operator, value: { count: n, unit } }]);
    expect(await since('gte', 30)).toBe(range((i) => i % 365 >= 30));
    expect(await since('gt', 30)).toBe(range((i) => i % 365 > 30));
    expect(await since('lt', 30)).toBe(range((i) => i % 365 < 30));
    expect(await since('lte', 30)).toBe(range((i) => i % 365 <= 30));
    expect(await since('eq', 30)).toBe(range((i) => i % 365 === 30));
    expect(await since('gte', 2, 'week')).toBe(range((i) => i % 365 >= 14));
    expect(await count([{ field: 'lastSeen', operator: 'lt', value: { count: 1, unit: 'day' } }])).toBe(range((i) => i % 48 < 24));
  });

  it('counts attributes as numbers or as text', async () => {
    expect(await count([{ field: 'attribute', key: 'level', operator: 'gte', value: 5 }])).toBe(range((i) => i % 10 >= 5));
    expect(await count([{ field: 'attribute', key: 'lang', operator: 'eq', value: 'ja' }])).toBe(range((i) => i % 7 === 0));
    expect(await count([{ field: 'attribute', key: 'missing', operator: 'eq', value: 1 }])).toBe(0);
  });

  it('counts who has access now, an entitlement, a subscription state', async () => {
    const subscribed = range((i) => i % 4 === 0);
    expect(await count([{ field: 'access', operator: 'eq', value: 'subscribed' }])).toBe(subscribed);
    expect(await count([{ field: 'access', operator: 'eq', value: 'none' }])).toBe(CUSTOMERS - subscribed);
    expect(await count([{ field: 'entitlement', operator: 'eq', value: catalog.entitlements.pro as string }])).toBe(subscribed);
    expect(await count([{ field: 'subscriptionState', operator: 'eq', value: 'active' }])).toBe(subscribed);
    expect(await count([{ field: 'subscriptionState', operator: 'eq', value: 'expired' }])).toBe(0);
  });

  it('combines rules with all and any', async () => {
    const rules: SegmentRule[] = [
      { field: 'platform', operator: 'eq', value: 'android' },
      { field: 'country', operator: 'eq', value: 'JP' },
    ];
    expect(await count(rules, 'all')).toBe(range((i) => i % 5 >= 3 && i % 10 === 3));
    expect(await count(rules, 'any')).toBe(range((i) => i % 5 >= 3 || i % 10 === 3));
    expect(
      await count([
        { field: 'access', operator: 'eq', value: 'subscribed' },
        { field: 'spend', operator: 'gte', value: 90, currency: 'USD' },
        { field: 'firstSeen', operator: 'lt', value: { count: 1, unit: 'month' } },
      ]),
    ).toBe(range((i) => i % 4 === 0 && i % 100 >= 90 && i % 365 < 30));
  });
});

describe('saved segments', () => {
  const payingIos = { name: 'Paying iOS', description: 'iOS users with access', match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }, { field: 'access', operator: 'eq', value: 'subscribed' }] };

  it('are saved, listed, changed with their version, named once, deleted, and audited', async () => {
    const saved = await ok<Segment>(app(), team.editor.token, 'segments.create', { params: params(), body: payingIos });
    expect(saved).toMatchObject({ name: 'Paying iOS', version: 1, createdBy: { id: team.editor.id } });
    const twin = await call(app(), team.owner.token, 'segments.create', { params: params(), body: { ...payingIos, name: 'PAYING ios' } });
    expect([twin.envelope.code, twin.envelope.fieldErrors?.name?.key]).toEqual([ErrorCode.ContentExists, 'validation.duplicate']);
    const changed = await ok<Segment>(app(), team.owner.token, 'segments.update', { params: { ...params(), id: saved.id }, body: { ...payingIos, match: 'any', version: 1 } });
    expect([changed.match, changed.version]).toEqual(['any', 2]);
    expect((await call(app(), team.owner.token, 'segments.update', { params: { ...params(), id: saved.id }, body: { ...payingIos, version: 1 } })).envelope.code).toBe(ErrorCode.VersionConflict);
    expect((await ok<Segment[]>(app(), team.viewer.token, 'segments.list', { params: params() })).map((s) => s.name)).toEqual(['Paying iOS']);
    expect((await call(app(), team.viewer.token, 'segments.create', { params: params(), body: { ...payingIos, name: 'Viewer' } })).envelope.code).toBe(ErrorCode.Forbidden);
    await ok(app(), team.editor.token, 'segments.delete', { params: { ...params(), id: saved.id } });
    expect((await call(app(), team.editor.token, 'segments.delete', { params: { ...params(), id: saved.id } })).envelope.code).toBe(ErrorCode.DataMissing);
    const audit = await ok<{ items: Array<{ action: string }> }>(app(), team.owner.token, 'audit.list', { params: params(), query: { entity: 'segment', entityId: saved.id } });
    expect(audit.items.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it.each([
    ['20 rules', 20, 0],
    ['21 rules', 21, ErrorCode.ParamInvalid],
    ['no rule', 0, ErrorCode.ParamInvalid],
  ])('take %s', async (_, n, code) => {
    const rules = Array.from({ length: n }, () => ({ field: 'platform', operator: 'eq', value: 'ios' }));
    expect((await call(app(), team.owner.token, 'segments.create', { params: params(), body: { name: `Rules ${n} ${randomUUID()}`, match: 'all', rules } })).envelope.code).toBe(code);
  });

  it('open the customers they match: the customers list takes a segment, with its other filters (issue 19 §5)', async () => {
    const body = { name: `Android at 3.99 ${randomUUID()}`, description: '', match: 'all', rules: [{ field: 'spend', operator: 'eq', value: 3.99, currency: 'USD' }, { field: 'platform', operator: 'eq', value: 'android' }] };
    const saved = await ok<Segment>(app(), team.editor.token, 'segments.create', { params: params(), body });
    const page = await ok<CustomerPage>(app(), team.viewer.token, 'customers.list', { params: params(), query: { segmentId: saved.id, pageSize: 50 } });
    expect(page.total).toBe(range((i) => i % 100 === 3));
    expect(page.totalCapped).toBe(false);
    expect(page.items).toHaveLength(50);
    for (const row of page.items) expect([row.platform, row.spent]).toEqual(['android', { USD: 3.99 }]);
    const japan = await ok<CustomerPage>(app(), team.viewer.token, 'customers.list', { params: params(), query: { segmentId: saved.id, country: 'JP' } });
    expect(japan.total).toBe(range((i) => i % 100 === 3 && i % 10 === 3));
    const unknown = await call(app(), team.viewer.token, 'customers.list', { params: params(), query: { segmentId: randomUUID() } });
    expect(unknown.envelope.code).toBe(ErrorCode.DataMissing);
  });

  it('refuse what cannot be compared', async () => {
    const refused = async (rule: Record<string, unknown>) => (await call(app(), team.owner.token, 'segments.count', { params: params(), body: { match: 'all', rules: [rule] } })).envelope.fieldErrors;
    expect(await refused({ field: 'attribute', key: 'lang', operator: 'gt', value: 'ja' })).toEqual({ 'rules.0.operator': { key: 'validation.textOnlyEquals' } });
    expect(Object.keys((await refused({ field: 'platform', operator: 'gt', value: 'ios' })) ?? {})).toEqual(['rules.0.operator']);
    expect(Object.keys((await refused({ field: 'spend', operator: 'gte', value: 5, currency: 'usd' })) ?? {})).toEqual(['rules.0.currency']);
    expect(Object.keys((await refused({ field: 'attribute', key: '1bad', operator: 'eq', value: 1 })) ?? {})).toEqual(['rules.0.key']);
    expect(Object.keys((await refused({ field: 'firstSeen', operator: 'gte', value: { count: 10_001, unit: 'day' } })) ?? {})).toEqual(['rules.0.value.count']);
  });

  it('name: 128 characters (64 with Chinese) and one past', async () => {
    const name = (text: string) => call(app(), team.owner.token, 'segments.create', { params: params(), body: { ...payingIos, name: text } });
    expect((await name('a'.repeat(128))).envelope.code).toBe(0);
    expect((await name('b'.repeat(129))).envelope.code).toBe(ErrorCode.ParamInvalid);
    expect((await name('分'.repeat(64))).envelope.code).toBe(0);
    expect((await name('群'.repeat(65))).envelope.code).toBe(ErrorCode.ParamInvalid);
  });
});
