import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Segment } from '@contract/api/commerce';
import type { ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { buildOutageServer } from '../../server/src/delivery/outage-server';
import { createTestApp } from './helpers/app';
import { catalogFixture, type CatalogFixture } from './helpers/commerce';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The delivery API and user segments (issue 13), on PGlite and PostgreSQL: the entitlements route
 * (a user's active entitlements and the named segments it is in, one user's data never cached),
 * segment audiences in the evaluated configuration (member, non-member, anonymous), replies shared
 * by users with the same memberships, no database read while no item names a segment, a segment's
 * change taking effect at once, the 20-segment limit and segments of another project refused, and
 * the outage server answering 1002 for what only the database knows.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let catalog: CatalogFixture;
let key = '';
let payers: Segment;
let japan: Segment;
let cacheDir = '';

const app = () => built.app;
const owner = () => team.owner.token;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });

/** Customers: two subscribers (one in Japan), one free user in the US. */
const PAYER_JP = 'seg-payer-jp';
const PAYER_US = 'seg-payer-us';
const FREE_US = 'seg-free-us';

async function get(path: string, headers: Record<string, string> = {}, server: FastifyInstance = app()): Promise<LightMyRequestResponse> {
  return server.inject({ method: 'GET', url: path, headers: { host: 'cdn.palette.test', ...headers } });
}

const everyone = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] };

function page(name: string, segments: readonly string[] = []) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { ...everyone, segments: { include: segments } },
    pageType: 'promotion',
    title: `${name} title`,
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: 'Subscribe',
    entrances: ['home'],
    plans: [{ period: 'yearly', products: { ios: { productId: 'seg.yearly' }, android: { productId: 'seg_yearly' } } }],
  };
}

/** Creates a page, publishes it and makes it official (unless `official` is false). */
async function livePage(name: string, segments: readonly string[] = [], official = true): Promise<ConfigItem> {
  let item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page(name, segments) } });
  expect(item.problems).toEqual({});
  item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
  return official ? ok<ConfigItem>(app(), owner(), 'subscriptionPages.promote', { params: p({ id: item.id }), body: { version: item.version } }) : item;
}

function titles(response: LightMyRequestResponse): string[] {
  const body = response.json() as { data: { items: Record<string, Array<{ document: { name: string } }>> } };
  return (body.data.items.subscriptionPages ?? []).map((item) => item.document.name).sort();
}

const config = (query = '') => get(`/client/v1/${key}/config?platform=ios${query}`);
const entitlements = (userId: string, clientKey = key) => get(`/client/v1/${clientKey}/entitlements?userId=${encodeURIComponent(userId)}`);

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  catalog = await catalogFixture(built.app, owner(), team.projectId, {
    platform: 'ios',
    products: [{ id: 'seg.yearly', type: 'subscription', period: 'yearly' }],
    links: { pro: ['seg.yearly'] },
  });
  const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'android', name: 'Segments Android', packageName: `com.segments.android${process.pid}` } });
  await ok(app(), owner(), 'skus.create', { params: p(), body: { appId: android.id, storeProductId: 'seg_yearly', name: 'Yearly', type: 'subscription', period: 'yearly' } });
  key = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: catalog.appId }), body: { label: 'Segments' } })).key;

  const at = built.clock.now();
  await database.handle.db.execute(sql`
    insert into customers (project_id, app_user_id, platform, country, spent, attributes, first_seen_at, last_seen_at, created_at, updated_at)
    values (${team.projectId}::uuid, ${PAYER_JP}, 'ios', 'JP', '{}'::jsonb, '{}'::jsonb, ${at}, ${at}, ${at}, ${at}),
           (${team.projectId}::uuid, ${PAYER_US}, 'ios', 'US', '{}'::jsonb, '{}'::jsonb, ${at}, ${at}, ${at}, ${at}),
           (${team.projectId}::uuid, ${FREE_US}, 'ios', 'US', '{}'::jsonb, '{}'::jsonb, ${at}, ${at}, ${at}, ${at})`);
  await database.handle.db.execute(sql`
    insert into subscriptions (project_id, app_id, customer_id, store, environment, original_transaction_id, product_id, state, started_at, expires_at, last_event_at, created_at, updated_at)
    select c.project_id, ${catalog.appId}::uuid, c.id, 'apple', 'production', 'seg-orig-' || c.app_user_id, 'seg.yearly', 'active',
           ${at}::timestamptz - interval '1 day', ${at}::timestamptz + interval '364 days', ${at}, ${at}, ${at}
    from customers c where c.project_id = ${team.projectId}::uuid and c.app_user_id in (${PAYER_JP}, ${PAYER_US})`);
  await database.handle.db.execute(sql`
    insert into entitlement_grants (project_id, customer_id, source, app_id, product_id, subscription_id, starts_at, expires_at, updated_at)
    select s.project_id, s.customer_id, 'store', s.app_id, s.product_id, s.id, s.started_at, s.expires_at, ${at}
    from subscriptions s where s.project_id = ${team.projectId}::uuid`);

  payers = await ok<Segment>(app(), owner(), 'segments.create', { params: p(), body: { name: 'Payers', match: 'all', rules: [{ field: 'access', operator: 'eq', value: 'subscribed' }] } });
  japan = await ok<Segment>(app(), owner(), 'segments.create', { params: p(), body: { name: 'Japan', match: 'all', rules: [{ field: 'country', operator: 'eq', value: 'JP' }] } });
  cacheDir = await mkdtemp(join(tmpdir(), 'palette-segments-'));
}, 60_000);

afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe('before any item names a segment', () => {
  it('config ignores the user id and reads nothing from the database for it', async () => {
    await livePage('For everyone');
    const anonymous = await config();
    expect(titles(anonymous)).toEqual(['For everyone']);
    const select = vi.spyOn(database.handle.db, 'select');
    const execute = vi.spyOn(database.handle.db, 'execute');
    try {
      const withUser = await config(`&userId=${PAYER_JP}`);
      expect(withUser.statusCode).toBe(200);
      expect(withUser.headers.etag).toBe(anonymous.headers.etag);
      expect(withUser.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });

  it('entitlements answers the user’s entitlements and no segment', async () => {
    const response = await entitlements(PAYER_JP);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: { userId: PAYER_JP, entitlements: [{ identifier: 'pro', expiresAt: expect.any(String), source: 'store' }], segments: [] } });
  });
});

describe('the entitlements route', () => {
  it('answers the entitlements and the named segments the user is in, kept by nobody', async () => {
    await livePage('For payers', [payers.id]);
    const response = await entitlements(PAYER_JP);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
    // Japan is a segment the user is in, but no published item names it.
    expect((response.json() as { data: unknown }).data).toEqual({ userId: PAYER_JP, entitlements: [{ identifier: 'pro', expiresAt: expect.any(String), source: 'store' }], segments: [payers.id] });
    expect((await entitlements(FREE_US)).json()).toMatchObject({ code: 0, data: { userId: FREE_US, entitlements: [], segments: [] } });
  });

  it('counts segments named by preview items too', async () => {
    await livePage('Japan preview', [japan.id], false);
    const data = ((await entitlements(PAYER_JP)).json() as { data: { segments: string[] } }).data;
    expect(data.segments).toEqual([payers.id, japan.id].sort());
    expect(((await entitlements(PAYER_US)).json() as { data: { segments: string[] } }).data.segments).toEqual([payers.id]);
  });

  it('answers an unknown user with empty lists, never 404', async () => {
    const response = await entitlements('never-seen-user');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: { userId: 'never-seen-user', entitlements: [], segments: [] } });
  });

  it('refuses an unknown key with 105015, and a missing or malformed user id with 1000', async () => {
    const unknown = await entitlements(PAYER_JP, `pk_${'z'.repeat(43)}`);
    expect([unknown.statusCode, (unknown.json() as { code: number }).code]).toEqual([401, ErrorCode.ClientKeyInvalid]);
    const missing = await get(`/client/v1/${key}/entitlements`);
    expect([missing.statusCode, (missing.json() as { code: number }).code]).toEqual([400, ErrorCode.ParamInvalid]);
    for (const bad of ['a b', 'x'.repeat(129), 'naïve']) {
      const response = await entitlements(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys((response.json() as { fieldErrors: Record<string, unknown> }).fieldErrors)).toEqual(['userId']);
    }
    expect((await entitlements('x'.repeat(128))).statusCode).toBe(200);
  });

  it('ignores operator tokens', async () => {
    const response = await get(`/client/v1/pk_${'q'.repeat(43)}/entitlements?userId=${PAYER_JP}`, { authorization: `Bearer ${owner()}` });
    expect((response.json() as { code: number }).code).toBe(ErrorCode.ClientKeyInvalid);
  });
});

describe('config with segment audiences', () => {
  it('shows an item for a segment to its members only: not to a non-member, an unknown user or an anonymous one', async () => {
    expect(titles(await config(`&userId=${PAYER_JP}`))).toEqual(['For everyone', 'For payers']);
    expect(titles(await config(`&userId=${FREE_US}`))).toEqual(['For everyone']);
    expect(titles(await config('&userId=never-seen-user'))).toEqual(['For everyone']);
    expect(titles(await config())).toEqual(['For everyone']);
    // Preview-only items stay out of the official reply whatever the user.
    expect(titles(await config(`&userId=${PAYER_JP}`))).not.toContain('Japan preview');
  });

  it('keeps a reply that depends on the user out of shared caches, and an anonymous one in them', async () => {
    expect((await config(`&userId=${PAYER_JP}`)).headers['cache-control']).toBe('private, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
    expect((await config()).headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
  });

  it('shares one memoized reply between users with the same memberships, keyed by them and not by the user', async () => {
    await config(`&userId=${PAYER_JP}`);
    const reply = vi.spyOn(built.delivery, 'reply');
    const select = vi.spyOn(database.handle.db, 'select');
    try {
      const first = await config(`&userId=${PAYER_JP}`);
      const second = await config(`&userId=${PAYER_US}`);
      const other = await config(`&userId=${FREE_US}`);
      // One statement per request: the user's memberships of the segments the items name.
      expect(select).toHaveBeenCalledTimes(3);
      const keys = reply.mock.calls.map((args) => args[1]);
      expect(keys).toHaveLength(3);
      expect(keys[0]).toBe(keys[1]);
      expect(keys[2]).not.toBe(keys[0]);
      for (const key of keys) expect(key).not.toMatch(/seg-/);
      // The second user got the very reply built for the first.
      expect(reply.mock.results[1]?.value).toBe(reply.mock.results[0]?.value);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.body).toBe(first.body);
      expect(other.headers.etag).not.toBe(first.headers.etag);
      // A 304 for the same memberships.
      expect((await get(`/client/v1/${key}/config?platform=ios&userId=${PAYER_US}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    } finally {
      reply.mockRestore();
      select.mockRestore();
    }
  });

  it('follows a segment’s change at once', async () => {
    expect(titles(await config(`&userId=${FREE_US}`))).not.toContain('For payers');
    payers = await ok<Segment>(app(), owner(), 'segments.update', {
      params: p({ id: payers.id }),
      body: { name: 'Payers', match: 'any', rules: [...payers.rules, { field: 'country', operator: 'eq', value: 'US' }], version: payers.version },
    });
    expect(titles(await config(`&userId=${FREE_US}`))).toContain('For payers');
    payers = await ok<Segment>(app(), owner(), 'segments.update', {
      params: p({ id: payers.id }),
      body: { name: 'Payers', match: 'all', rules: [{ field: 'access', operator: 'eq', value: 'subscribed' }], version: payers.version },
    });
    expect(titles(await config(`&userId=${FREE_US}`))).not.toContain('For payers');
  });

  it('lists the segment audience in the rules for the app to evaluate', async () => {
    const rules = (await get(`/client/v1/${key}/rules`)).json() as { data: { items: { subscriptionPages: Array<{ document: { name: string; targeting: { segments?: { include: string[] } } } }> } } };
    const forPayers = rules.data.items.subscriptionPages.find((item) => item.document.name === 'For payers');
    expect(forPayers?.document.targeting.segments).toEqual({ include: [payers.id] });
  });
});

/** The first `etag` event of a stream. */
function firstEtag(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('no etag event within 2 s')), 2_000);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      const data = /event: etag\ndata: (.*)\n\n/.exec(buffer);
      if (data?.[1]) {
        clearTimeout(timer);
        resolve((JSON.parse(data[1]) as { etag: string }).etag);
      }
    });
  });
}

describe('the event stream with a user id', () => {
  it('announces the ETag config answers that user, not the anonymous one', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const { port } = app().server.address() as { port: number };
    const open = (query: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: `/client/v1/${key}/events?platform=ios${query}`, headers: { host: 'cdn.palette.test' } }, resolve)
          .on('error', reject)
          .end();
      });
    const member = await open(`&userId=${PAYER_JP}`);
    const anonymous = await open('');
    try {
      const [memberEtag, anonymousEtag] = await Promise.all([firstEtag(member), firstEtag(anonymous)]);
      expect(memberEtag).toBe((await config(`&userId=${PAYER_JP}`)).headers.etag);
      expect(anonymousEtag).toBe((await config()).headers.etag);
      expect(memberEtag).not.toBe(anonymousEtag);
    } finally {
      member.destroy();
      anonymous.destroy();
    }
  });
});

describe('segment audiences when saved and published', () => {
  async function segmentsOf(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push((await ok<Segment>(app(), owner(), 'segments.create', { params: p(), body: { name: `Bulk ${count}-${i}`, match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }] } })).id);
    }
    return ids;
  }

  it('take 20 segments and refuse 21', async () => {
    const ids = await segmentsOf(21);
    const twenty = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page('Twenty segments', ids.slice(0, 20)) } });
    expect(twenty.problems).toEqual({});
    expect((await call(app(), owner(), 'subscriptionPages.publish', { params: p({ id: twenty.id }), body: { version: twenty.version } })).envelope.code).toBe(0);
    const more = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page('Twenty-one segments', ids) } });
    expect(more.problems).toEqual({ 'targeting.segments.include': { key: 'validation.itemsMax', params: { max: 20 } } });
    // A subscription page's invalid configuration is refused with its own code (spec §8).
    const refused = await call(app(), owner(), 'subscriptionPages.publish', { params: p({ id: more.id }), body: { version: more.version } });
    expect([refused.envelope.code, refused.envelope.fieldErrors?.['draft.targeting.segments.include']?.key]).toEqual([ErrorCode.PageConfigInvalid, 'validation.itemsMax']);
  });

  it('refuse a segment that does not exist or belongs to another project', async () => {
    const other = await projectWithTeam(built.app, database.handle);
    const foreign = await ok<Segment>(app(), other.owner.token, 'segments.create', { params: { projectId: other.projectId }, body: { name: 'Elsewhere', match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }] } });
    const gone = '00000000-0000-4000-8000-000000000000';
    const item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page('Foreign segments', [payers.id, foreign.id, gone]) } });
    expect(item.problems).toEqual({
      'targeting.segments.include.1': { key: 'validation.segmentMissing', params: { value: foreign.id } },
      'targeting.segments.include.2': { key: 'validation.segmentMissing', params: { value: gone } },
    });
    const refused = await call(app(), owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.DataMissing);
  });
});

describe('the outage server (no database for users)', () => {
  it('answers entitlements with 1002, rate limited like the rest, and serves config as for an unknown user', async () => {
    const outage = await buildOutageServer({
      database: database.handle,
      clock: built.clock.now,
      deliveryCacheDir: cacheDir,
      credentialsKey: undefined,
      trustProxyHops: 0,
      rateLimit: { perSecond: 1, burst: 3 },
      logger: false,
    });
    try {
      const configured = await get(`/client/v1/${key}/config?platform=ios&userId=${PAYER_JP}`, {}, outage);
      expect(configured.statusCode).toBe(200);
      expect(titles(configured)).toEqual(['For everyone']);
      const first = await get(`/client/v1/${key}/entitlements?userId=${PAYER_JP}`, {}, outage);
      expect([first.statusCode, (first.json() as { code: number }).code]).toEqual([500, ErrorCode.DatabaseFailure]);
      expect((await get(`/client/v1/pk_${'z'.repeat(43)}/entitlements?userId=${PAYER_JP}`, {}, outage)).json()).toMatchObject({ code: ErrorCode.ClientKeyInvalid });
      await get(`/client/v1/${key}/entitlements?userId=${PAYER_JP}`, {}, outage);
      const limited = await get(`/client/v1/${key}/entitlements?userId=${PAYER_JP}`, {}, outage);
      expect([limited.statusCode, (limited.json() as { code: number }).code]).toEqual([429, ErrorCode.TooManyRequests]);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await outage.close();
    }
  });
});
