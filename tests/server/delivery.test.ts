import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorCode } from '@contract/errors';
import type { ConfigItem } from '@contract/config';
import { COMPILED_TTL_MS } from '../../server/src/delivery/store';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The delivery API's first routes: the client key as the credential, the evaluated configuration and
 * the rules of the official environment, strong ETags and 304, cache headers, compression, schedules
 * that take items off the air on time without a publish. Runs on PGlite and on PostgreSQL.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let iosKey = '';
let iosAppId = '';

const app = () => built.app;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const owner = () => team.owner.token;
const MEDIA = `/api/v1/media/${'a'.repeat(64)}.png`;
/** DELIVERY_URL: the base of media URLs (https, unlike the requests' Host, so a test can tell them apart). */
const DELIVERY_URL = 'https://cdn.palette.test';

async function get(path: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app().inject({ method: 'GET', url: path, headers: { host: 'cdn.palette.test', ...headers } });
}

function page(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: `${name} title`,
    image: MEDIA,
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: 'Subscribe',
    entrances: ['home'],
    plans: [{ period: 'yearly', products: { ios: { productId: 'pro.yearly' }, android: { productId: 'pro_yearly' } } }],
    ...extra,
  };
}

/** Creates a page, publishes it and makes it official (unless `official` is false). */
async function livePage(name: string, extra: Record<string, unknown> = {}, official = true): Promise<ConfigItem> {
  let item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page(name, extra) } });
  item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
  return official ? ok<ConfigItem>(app(), owner(), 'subscriptionPages.promote', { params: p({ id: item.id }), body: { version: item.version } }) : item;
}

function titles(response: LightMyRequestResponse): string[] {
  const body = response.json() as { data: { items: Record<string, Array<{ document: { name: string } }>> } };
  return (body.data.items.subscriptionPages ?? []).map((item) => item.document.name);
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { deliveryUrl: DELIVERY_URL });
  team = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Delivery iOS', packageName: `com.delivery.ios${process.pid}` } });
  const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'android', name: 'Delivery Android', packageName: `com.delivery.android${process.pid}` } });
  iosAppId = ios.id;
  for (const [appId, id] of [
    [ios.id, 'pro.yearly'],
    [android.id, 'pro_yearly'],
  ] as const) {
    await ok(app(), owner(), 'skus.create', { params: p(), body: { appId, storeProductId: id, name: id, type: 'subscription', period: 'yearly' } });
  }
  iosKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: ios.id }), body: { label: 'Tests' } })).key;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('client keys', () => {
  it('refuses an unknown key with its own code, and a malformed one before any lookup', async () => {
    const unknown = await get(`/client/v1/pk_${'x'.repeat(43)}/config?platform=ios`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.ClientKeyInvalid });
    const malformed = await get('/client/v1/not-a-key/config?platform=ios');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: ErrorCode.ParamInvalid });
  });

  it('ignores operator tokens: the key in the path is the only credential', async () => {
    const response = await get(`/client/v1/pk_${'y'.repeat(43)}/rules`, { authorization: `Bearer ${owner()}` });
    expect(response.json()).toMatchObject({ code: ErrorCode.ClientKeyInvalid });
  });

  it('refuses bad context parameters with field errors', async () => {
    const response = await get(`/client/v1/${iosKey}/config?platform=web&version=abc`);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: number; fieldErrors: Record<string, unknown> };
    expect(body.code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['platform', 'version']);
  });
});

describe('evaluated configuration', () => {
  it('answers the official items live for the context, with media as absolute URLs, and not preview-only ones', async () => {
    await livePage('Everyone');
    await livePage('Preview only', {}, false);
    await livePage('Android only', { targeting: { platforms: ['android'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] } });
    const response = await get(`/client/v1/${iosKey}/config?platform=ios&version=2.0.0&region=us&language=en-US`);
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toContain('Everyone');
    expect(titles(response)).not.toContain('Preview only');
    expect(titles(response)).not.toContain('Android only');
    const item = (response.json() as { data: { items: { subscriptionPages: Array<{ document: { name: string; image: string }; revision: number }> } } }).data.items.subscriptionPages.find(
      (i) => i.document.name === 'Everyone',
    );
    expect(item?.document.image).toBe(`${DELIVERY_URL}${MEDIA}`);
    expect(item?.revision).toBe(1);
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=android`))).toContain('Android only');
  });

  it('answers strong ETags, 304 without a body for a matching If-None-Match, and cache headers', async () => {
    const first = await get(`/client/v1/${iosKey}/config?platform=ios`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60, stale-if-error=86400');
    const again = await get(`/client/v1/${iosKey}/config?platform=ios`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A 304 carries what guides the cache (RFC 9110 §15.4.5), not the 200's other fields again.
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['content-security-policy']).toBeDefined();
    expect([again.headers['content-security-policy'], again.headers['x-frame-options'], again.headers['x-content-type-options']]).toEqual([undefined, undefined, undefined]);
    const other = await get(`/client/v1/${iosKey}/config?platform=ios`, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('changes what it answers, and its ETag, right after a publish is promoted', async () => {
    const before = await get(`/client/v1/${iosKey}/config?platform=ios`);
    await livePage('Just promoted');
    const after = await get(`/client/v1/${iosKey}/config?platform=ios`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(titles(after)).toContain('Just promoted');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('takes an item off the air at its end without a publish, and the ETag changes', async () => {
    const end = new Date(built.clock.now().getTime() + 3_600_000).toISOString();
    await livePage('Ends in an hour', { schedule: { startsAt: null, endsAt: end, timeZone: 'UTC', daily: null } });
    const now = await get(`/client/v1/${iosKey}/config?platform=ios`);
    expect(titles(now)).toContain('Ends in an hour');
    built.clock.advance(3_600_000);
    const later = await get(`/client/v1/${iosKey}/config?platform=ios`, { 'if-none-match': now.headers.etag as string });
    expect(later.statusCode).toBe(200);
    expect(titles(later)).not.toContain('Ends in an hour');
  });

  it('stops answering as soon as the item is taken off the air', async () => {
    const item = await livePage('Soon off');
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios`))).toContain('Soon off');
    await ok(app(), owner(), 'subscriptionPages.unpublish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios`))).not.toContain('Soon off');
  });

  it('compresses large replies for clients that accept gzip', async () => {
    for (let i = 0; i < 4; i += 1) await livePage(`Bulk ${i}`, { description: 'Lorem '.repeat(80) });
    const response = await get(`/client/v1/${iosKey}/rules`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as { code: number; data: { items: Record<string, unknown[]> } };
    expect(body.code).toBe(0);
    expect(body.data.items.subscriptionPages?.length).toBeGreaterThan(4);
  });
});

describe('several server processes on one database', () => {
  it('a publish through another process is answered here: at once on PostgreSQL (NOTIFY), within the compiled lifetime otherwise', async () => {
    const second = await createTestApp(database.handle);
    try {
      const before = await get(`/client/v1/${iosKey}/config?platform=ios`);
      expect(titles(before)).not.toContain('Via the other process');
      let item = await ok<ConfigItem>(second.app, owner(), 'subscriptionPages.create', { params: p(), body: { draft: page('Via the other process') } });
      item = await ok<ConfigItem>(second.app, owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
      await ok(second.app, owner(), 'subscriptionPages.promote', { params: p({ id: item.id }), body: { version: item.version } });
      const seen = async () => titles(await get(`/client/v1/${iosKey}/config?platform=ios`));
      if (database.mode === 'postgres') {
        // The other process's NOTIFY reaches this one's LISTEN connection: no clock needs to move.
        await expect.poll(seen, { timeout: 1_000, interval: 20 }).toContain('Via the other process');
      } else {
        // One PGlite is one process in production; two apps on it converge by the compiled lifetime:
        // the first request after it starts a recompile and the next ones get its result.
        expect(await seen()).not.toContain('Via the other process');
        built.clock.advance(COMPILED_TTL_MS);
        await expect.poll(seen, { timeout: 2_000, interval: 20 }).toContain('Via the other process');
      }
    } finally {
      await second.app.close();
    }
  });
});

describe('rules', () => {
  it('answers every official item with its schedule and audience, and the region groups they name', async () => {
    let group = await ok<ConfigItem>(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'Delivery Asia', regions: ['CN', 'JP'] } } });
    group = await ok<ConfigItem>(app(), owner(), 'regionGroups.publish', { params: p({ id: group.id }), body: { version: group.version } });
    await ok(app(), owner(), 'regionGroups.promote', { params: p({ id: group.id }), body: { version: group.version } });
    await livePage('Asia only', { targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [group.id], exclude: [] }, languages: [] } });
    const response = await get(`/client/v1/${iosKey}/rules`);
    const body = response.json() as { data: { items: Record<string, Array<{ document: { name: string; targeting: { regionGroups: { include: string[] } } } }>>; regionGroups: Record<string, string[]> } };
    const asia = body.data.items.subscriptionPages?.find((i) => i.document.name === 'Asia only');
    expect(asia?.document.targeting.regionGroups.include).toEqual([group.id]);
    expect(body.data.items.subscriptionPages?.map((i) => i.document.name)).toContain('Android only');
    expect(body.data.regionGroups[group.id]).toEqual(['CN', 'JP']);
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios&region=JP`))).toContain('Asia only');
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios&region=FR`))).not.toContain('Asia only');
  });

  it('refuses a key once revoked', async () => {
    const created = await ok<{ id: string; key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: iosAppId }), body: { label: 'Revoke me' } });
    expect((await get(`/client/v1/${created.key}/rules`)).statusCode).toBe(200);
    await ok(app(), owner(), 'clientKeys.revoke', { params: p({ id: iosAppId, keyId: created.id }) });
    const refused = await get(`/client/v1/${created.key}/rules`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: ErrorCode.ClientKeyInvalid });
  });
});

describe('a reply a shared cache can keep (issue 18)', () => {
  it('carries media URLs from DELIVERY_URL whatever Host or X-Forwarded-Host the request names: same bytes, same ETag', async () => {
    await livePage('Host-proof', {}, true);
    const url = `/client/v1/${iosKey}/config?platform=ios`;
    const honest = await get(url);
    const forged = await get(url, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe(honest.body);
    expect(forged.headers.etag).toBe(honest.headers.etag);
    expect(forged.body).not.toContain('evil.example');
    expect(forged.body).toContain(`${DELIVERY_URL}${MEDIA}`);
    const rules = await get(`/client/v1/${iosKey}/rules`, { host: 'evil.example' });
    expect(rules.body).not.toContain('evil.example');
    expect(rules.headers.etag).toBe((await get(`/client/v1/${iosKey}/rules`)).headers.etag);
  });

  it('leaves media paths root-relative when no DELIVERY_URL is configured, never taking the Host', async () => {
    const bare = await createTestApp(database.handle);
    try {
      const response = await bare.app.inject({ method: 'GET', url: `/client/v1/${iosKey}/config?platform=ios`, headers: { host: 'evil.example' } });
      expect(response.body).not.toContain('evil.example');
      expect(response.body).toContain(`"image":"${MEDIA}"`);
    } finally {
      await bare.app.close();
    }
  });

  it('gives identity, gzip and br bodies strong ETags of their own, and says Vary: Accept-Encoding on every reply, 304s included', async () => {
    for (let i = 0; i < 3; i += 1) await livePage(`Coded ${i}`, { description: 'Unlock every filter, effect and template. '.repeat(20) });
    const url = `/client/v1/${iosKey}/rules`;
    const identity = await get(url);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect([identity.headers['content-encoding'], gzip.headers['content-encoding'], br.headers['content-encoding']]).toEqual([undefined, 'gzip', 'br']);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(identity.body);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(identity.body);
    const etags = [identity, gzip, br].map((r) => r.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}(?:-gzip|-br)?"$/);
    for (const response of [identity, gzip, br]) expect(response.headers.vary).toBe('Accept-Encoding');
    // A 304 keeps Vary and names the ETag of the coding this request would get.
    const notModified = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etags[1] as string });
    expect([notModified.statusCode, notModified.headers.vary, notModified.headers.etag]).toEqual([304, 'Accept-Encoding', etags[1]]);
    // The content is the same in every coding: a copy held in another coding is current too.
    const crossed = await get(url, { 'if-none-match': etags[2] as string });
    expect([crossed.statusCode, crossed.headers.etag]).toEqual([304, etags[0]]);
    // Small replies go out uncompressed, and still vary.
    const small = await get(`/client/v1/${iosKey}/config?platform=android&language=xx`, { 'accept-encoding': 'gzip' });
    expect(small.headers.vary).toBe('Accept-Encoding');
    // So do refusals.
    const refused = await get(`/client/v1/pk_${'z'.repeat(43)}/rules`);
    expect([refused.statusCode, refused.headers.vary]).toEqual([401, 'Accept-Encoding']);
  });

  it('refuses query parameters it does not know with 400 and field errors naming them', async () => {
    for (const [path, unknown] of [
      [`/client/v1/${iosKey}/config?platform=ios&cachebust=1`, 'cachebust'],
      [`/client/v1/${iosKey}/rules?x=1`, 'x'],
      [`/client/v1/${iosKey}/entitlements?userId=u1&extra=2`, 'extra'],
    ] as const) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      const body = response.json() as { code: number; fieldErrors: Record<string, unknown>; data?: unknown };
      expect(body.code).toBe(ErrorCode.ParamInvalid);
      expect(Object.keys(body.fieldErrors)).toEqual([unknown]);
      expect(body.data).toBeUndefined();
    }
    // The known parameters still pass.
    expect((await get(`/client/v1/${iosKey}/config?platform=ios&version=2.0&region=us&language=en`)).statusCode).toBe(200);
    const events = await get(`/client/v1/${iosKey}/events?platform=ios&utm=1`);
    expect([events.statusCode, codeOf(events)]).toEqual([400, ErrorCode.ParamInvalid]);
  });

  it('leaves disabled items out of rules, as config does', async () => {
    await livePage('Switched off', { enabled: false });
    const rules = await get(`/client/v1/${iosKey}/rules`);
    expect(titles(rules)).not.toContain('Switched off');
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios`))).not.toContain('Switched off');
  });

  it('evaluates a one-group version (`version=3`) the way it accepts it: 3 = 3.0', async () => {
    await livePage('From 2.5', { targeting: { platforms: [], minVersion: '2.5', maxVersion: '3.0', regionGroups: { include: [], exclude: [] }, languages: [] } });
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios&version=3`))).toContain('From 2.5');
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios&version=2`))).not.toContain('From 2.5');
    expect(titles(await get(`/client/v1/${iosKey}/config?platform=ios&version=4`))).not.toContain('From 2.5');
  });
});

function codeOf(response: LightMyRequestResponse): number {
  return (response.json() as { code: number }).code;
}
