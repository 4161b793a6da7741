import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ConfigItem } from '@contract/config';
import { PREVIEW_PASSWORD_HEADER, PREVIEW_TOKEN_HEADER } from '@contract/delivery/routes';
import { ErrorCode } from '@contract/errors';
import type { ClientKey } from '@contract/api/client-keys';
import type { DeliverySettings, PreviewLinkCreated } from '@contract/api/preview';
import { openDatabase } from '../../server/src/db/client';
import { buildOutageServer } from '../../server/src/delivery/outage-server';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The delivery API beyond the first routes: the preview environment (pre-release password and signed
 * preview links: valid, wrong, expired, revoked), key rotation, the per-key rate limit, when keys were
 * last used, the last-known-good copy on disk, and the event stream. PGlite and PostgreSQL.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let cacheDir = '';
let iosKey = '';
let iosAppId = '';
let androidAppId = '';
let androidKey = '';

const app = () => built.app;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const owner = () => team.owner.token;

function get(path: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app().inject({ method: 'GET', url: path, headers: { host: 'cdn.palette.test', ...headers } });
}

function page(name: string) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: `${name} title`,
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: 'Subscribe',
    entrances: ['home'],
    plans: [{ period: 'yearly', products: { ios: { productId: 'live.yearly' }, android: { productId: 'live_yearly' } } }],
  };
}

async function publishedPage(name: string, official: boolean): Promise<ConfigItem> {
  let item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: page(name) } });
  item = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
  return official ? ok<ConfigItem>(app(), owner(), 'subscriptionPages.promote', { params: p({ id: item.id }), body: { version: item.version } }) : item;
}

function names(response: LightMyRequestResponse): string[] {
  const body = response.json() as { data: { items: Record<string, Array<{ document: { name: string } }>> } };
  return (body.data.items.subscriptionPages ?? []).map((item) => item.document.name);
}

function codeOf(response: LightMyRequestResponse): number {
  return (response.json() as { code: number }).code;
}

beforeAll(async () => {
  database = await createTestDatabase();
  cacheDir = await mkdtemp(join(tmpdir(), 'palette-delivery-'));
  built = await createTestApp(database.handle, { deliveryCacheDir: cacheDir, deliveryRateLimit: { perSecond: 1_000, burst: 1_000 } });
  team = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Live iOS', packageName: `com.live.ios${process.pid}` } });
  const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'android', name: 'Live Android', packageName: `com.live.android_${process.pid}` } });
  iosAppId = ios.id;
  androidAppId = android.id;
  for (const [appId, id] of [
    [ios.id, 'live.yearly'],
    [android.id, 'live_yearly'],
  ] as const) {
    await ok(app(), owner(), 'skus.create', { params: p(), body: { appId, storeProductId: id, name: id, type: 'subscription', period: 'yearly' } });
  }
  iosKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: ios.id }), body: { label: 'Live' } })).key;
  androidKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: android.id }), body: { label: 'Live' } })).key;
  await publishedPage('Official page', true);
  await publishedPage('Preview page', false);
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe('the pre-release password', () => {
  it('is set and cleared with its version; a stale version is refused', async () => {
    const initial = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
    expect(initial).toMatchObject({ previewPassword: null, version: 1 });
    const set = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: 'tester-2026', version: 1 } });
    expect(set).toMatchObject({ previewPassword: 'tester-2026', version: 2 });
    const stale = await call(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: 'other-pass', version: 1 } });
    expect(stale.envelope.code).toBe(ErrorCode.VersionConflict);
  });

  it('is 8 to 64 characters: 7 and 65 are refused', async () => {
    const current = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
    for (const [password, accepted] of [
      ['a'.repeat(7), false],
      ['a'.repeat(8), true],
      ['b'.repeat(64), true],
      ['b'.repeat(65), false],
    ] as const) {
      const now = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
      const reply = await call(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: password, version: now.version } });
      expect(reply.envelope.code === 0, `${password.length} characters`).toBe(accepted);
      if (!accepted) expect(reply.envelope.code).toBe(ErrorCode.ParamInvalid);
    }
    const latest = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
    expect(latest.version).toBeGreaterThan(current.version);
    await ok(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: 'tester-2026', version: latest.version } });
  });

  it('opens the preview environment: none 100203, wrong 100204, right shows what is published but not promoted, privately', async () => {
    const url = `/client/v1/${iosKey}/preview/config?platform=ios`;
    const none = await get(url);
    expect([none.statusCode, codeOf(none)]).toEqual([401, ErrorCode.SignatureMissing]);
    const wrong = await get(url, { [PREVIEW_PASSWORD_HEADER]: 'tester-2025' });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([401, ErrorCode.SignatureInvalid]);
    const right = await get(url, { [PREVIEW_PASSWORD_HEADER]: 'tester-2026' });
    expect(right.statusCode).toBe(200);
    expect(names(right)).toEqual(expect.arrayContaining(['Official page', 'Preview page']));
    expect(right.headers['cache-control']).toBe('private, no-cache');
    expect((right.json() as { data: { environment: string } }).data.environment).toBe('preview');
    // The official environment never shows a preview-only item, whatever the headers.
    const official = await get(`/client/v1/${iosKey}/config?platform=ios`, { [PREVIEW_PASSWORD_HEADER]: 'tester-2026' });
    expect(names(official)).toContain('Official page');
    expect(names(official)).not.toContain('Preview page');
    const rules = await get(`/client/v1/${iosKey}/preview/rules`, { [PREVIEW_PASSWORD_HEADER]: 'tester-2026' });
    expect(rules.statusCode).toBe(200);
  });

  it('a changed password counts at once: the old one is refused', async () => {
    const now = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
    await ok(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: 'rotated-pass', version: now.version } });
    expect(codeOf(await get(`/client/v1/${iosKey}/preview/config?platform=ios`, { [PREVIEW_PASSWORD_HEADER]: 'tester-2026' }))).toBe(ErrorCode.SignatureInvalid);
    expect((await get(`/client/v1/${iosKey}/preview/config?platform=ios`, { [PREVIEW_PASSWORD_HEADER]: 'rotated-pass' })).statusCode).toBe(200);
  });
});

describe('preview links', () => {
  let link: PreviewLinkCreated;

  it('are made for one reviewer and 1 to 720 hours: 0 and 721 are refused', async () => {
    for (const [hours, accepted] of [
      [0, false],
      [1, true],
      [720, true],
      [721, false],
    ] as const) {
      const reply = await call(app(), owner(), 'previewLinks.create', { params: p({ id: iosAppId }), body: { reviewer: `Hours ${hours}`, expiresInHours: hours } });
      expect(reply.envelope.code === 0, `${hours} hours`).toBe(accepted);
    }
    link = await ok<PreviewLinkCreated>(app(), owner(), 'previewLinks.create', { params: p({ id: iosAppId }), body: { reviewer: 'QA Lin', expiresInHours: 2 } });
    expect(link.url).toMatch(new RegExp(`^pc-com\\.live\\.ios${process.pid}://palette-preview\\?server=`));
    expect(new URL(link.url.replace(/^[^:]+:/, 'https:')).searchParams.get('token')).toBe(link.token);
    // The token is never listed again.
    const listed = await ok<unknown[]>(app(), owner(), 'previewLinks.list', { params: p({ id: iosAppId }) });
    expect(JSON.stringify(listed)).not.toContain(link.token);
  });

  it('open the preview for their app only, and are refused when altered', async () => {
    const url = `/client/v1/${iosKey}/preview/config?platform=ios`;
    const valid = await get(url, { [PREVIEW_TOKEN_HEADER]: link.token });
    expect(valid.statusCode).toBe(200);
    expect(names(valid)).toContain('Preview page');
    const otherApp = await get(`/client/v1/${androidKey}/preview/config?platform=android`, { [PREVIEW_TOKEN_HEADER]: link.token });
    expect(codeOf(otherApp)).toBe(ErrorCode.SignatureInvalid);
    const [prefix, payload, signature] = link.token.split('.') as [string, string, string];
    const tampered = `${prefix}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(codeOf(await get(url, { [PREVIEW_TOKEN_HEADER]: tampered }))).toBe(ErrorCode.SignatureInvalid);
    expect(codeOf(await get(url, { [PREVIEW_TOKEN_HEADER]: 'not-a-token' }))).toBe(ErrorCode.SignatureInvalid);
  });

  it('expire: valid a second before their end, 100205 at it', async () => {
    const short = await ok<PreviewLinkCreated>(app(), owner(), 'previewLinks.create', { params: p({ id: iosAppId }), body: { reviewer: 'Short', expiresInHours: 1 } });
    const url = `/client/v1/${iosKey}/preview/config?platform=ios`;
    built.clock.advance(3_600_000 - 1_000);
    expect((await get(url, { [PREVIEW_TOKEN_HEADER]: short.token })).statusCode).toBe(200);
    built.clock.advance(1_000);
    const expired = await get(url, { [PREVIEW_TOKEN_HEADER]: short.token });
    expect([expired.statusCode, codeOf(expired)]).toEqual([401, ErrorCode.SignatureExpired]);
  });

  it('are refused at once when revoked', async () => {
    const url = `/client/v1/${iosKey}/preview/config?platform=ios`;
    expect((await get(url, { [PREVIEW_TOKEN_HEADER]: link.token })).statusCode).toBe(200);
    await ok(app(), owner(), 'previewLinks.revoke', { params: p({ id: iosAppId, linkId: link.id }) });
    expect(codeOf(await get(url, { [PREVIEW_TOKEN_HEADER]: link.token }))).toBe(ErrorCode.SignatureInvalid);
  });
});

describe('client keys', () => {
  it('rotate: a new key answers at once, a revoked one is refused at once', async () => {
    const created = await ok<{ id: string; key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: androidAppId }), body: { label: 'Rotated' } });
    const fresh = await get(`/client/v1/${created.key}/config?platform=android`);
    expect(fresh.statusCode).toBe(200);
    await ok(app(), owner(), 'clientKeys.revoke', { params: p({ id: androidAppId, keyId: created.id }) });
    const revoked = await get(`/client/v1/${created.key}/config?platform=android`);
    expect([revoked.statusCode, codeOf(revoked)]).toEqual([401, ErrorCode.ClientKeyInvalid]);
    // The other key of the app still works.
    expect((await get(`/client/v1/${androidKey}/config?platform=android`)).statusCode).toBe(200);
  });

  it('record when they were last used (written in one batch)', async () => {
    await get(`/client/v1/${iosKey}/config?platform=ios`);
    await built.delivery.flushUsage();
    const keys = await ok<ClientKey[]>(app(), owner(), 'clientKeys.list', { params: p({ id: iosAppId }) });
    expect(keys[0]?.lastUsedAt).toBe(built.clock.now().toISOString());
  });

  it('are rate limited per key: the burst passes, the next request gets 1006 and Retry-After, other keys are not affected', async () => {
    const limited = await createTestApp(database.handle, { deliveryRateLimit: { perSecond: 1, burst: 3 } });
    try {
      const send = (key: string, platform: string) => limited.app.inject({ method: 'GET', url: `/client/v1/${key}/config?platform=${platform}` });
      for (let i = 0; i < 3; i += 1) expect((await send(iosKey, 'ios')).statusCode).toBe(200);
      const refused = await send(iosKey, 'ios');
      expect([refused.statusCode, codeOf(refused)]).toEqual([429, ErrorCode.TooManyRequests]);
      expect(refused.headers['retry-after']).toBe('1');
      expect((await send(androidKey, 'android')).statusCode).toBe(200);
      limited.clock.advance(1_000);
      expect((await send(iosKey, 'ios')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('the last-known-good copy', () => {
  it('answers the same configuration from disk when a server starting without its database has nothing in memory', async () => {
    const url = `/client/v1/${iosKey}/config?platform=ios`;
    const live = await get(url);
    await built.delivery.flushUsage();
    // The copy is written after each compile; wait for the writes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const unreachable = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/unreachable' });
    const outage = await buildOutageServer({
      database: unreachable,
      clock: built.clock.now,
      deliveryCacheDir: cacheDir,
      credentialsKey: undefined,
      trustProxyHops: 0,
      rateLimit: { perSecond: 100, burst: 100 },
      logger: false,
    });
    try {
      const fromDisk = await outage.inject({ method: 'GET', url, headers: { host: 'cdn.palette.test' } });
      expect(fromDisk.statusCode).toBe(200);
      expect(fromDisk.headers.etag).toBe(live.headers.etag);
      expect(fromDisk.body).toBe(live.body);
      const unknown = await outage.inject({ method: 'GET', url: `/client/v1/pk_${'x'.repeat(43)}/config?platform=ios` });
      expect(codeOf(unknown as never)).toBe(ErrorCode.ClientKeyInvalid);
      const consoleRoute = await outage.inject({ method: 'GET', url: '/api/v1/projects' });
      expect(codeOf(consoleRoute as never)).toBe(ErrorCode.DatabaseFailure);
    } finally {
      await outage.close();
      await unreachable.close();
    }
  });
});

/** Reads server-sent events from a stream until `count` `etag` events arrived. */
function etagEvents(response: IncomingMessage): { next: () => Promise<string>; close: () => void } {
  const queue: string[] = [];
  const waiting: Array<(etag: string) => void> = [];
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^event: etag\ndata: (.*)$/m.exec(event);
      if (data?.[1]) {
        const { etag } = JSON.parse(data[1]) as { etag: string };
        const waiter = waiting.shift();
        if (waiter) waiter(etag);
        else queue.push(etag);
      }
      end = buffer.indexOf('\n\n');
    }
  });
  return {
    next: () => {
      const ready = queue.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no etag event within 2 s')), 2_000);
        waiting.push((etag) => {
          clearTimeout(timer);
          resolve(etag);
        });
      });
    },
    close: () => response.destroy(),
  };
}

describe('the event stream', () => {
  it('tells a connected app the ETag at once and the new one within a second of a publish, matching the config route', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const { port } = app().server.address() as { port: number };
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: `/client/v1/${iosKey}/events?platform=ios`, headers: { host: 'cdn.palette.test' } }, resolve)
        .on('error', reject)
        .end();
    });
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = etagEvents(response);
    try {
      const first = await events.next();
      expect(first).toBe((await get(`/client/v1/${iosKey}/config?platform=ios`)).headers.etag);
      const started = performance.now();
      await publishedPage('Streamed page', true);
      const second = await events.next();
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(second).not.toBe(first);
      const now = await get(`/client/v1/${iosKey}/config?platform=ios`);
      expect(second).toBe(now.headers.etag);
      expect(names(now)).toContain('Streamed page');
    } finally {
      events.close();
    }
  });

  it('refuses a revoked key before streaming', async () => {
    const created = await ok<{ id: string; key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: iosAppId }), body: { label: 'Stream' } });
    await ok(app(), owner(), 'clientKeys.revoke', { params: p({ id: iosAppId, keyId: created.id }) });
    const refused = await get(`/client/v1/${created.key}/events?platform=ios`);
    expect([refused.statusCode, codeOf(refused)]).toEqual([401, ErrorCode.ClientKeyInvalid]);
  });
});

describe('config.published', () => {
  it('goes to the project’s webhooks after a publish and a promote, naming the environment and revision', async () => {
    const received: Array<{ type: string; data: { name: string; environment: string; revision: number; kind: string } }> = [];
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number]);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as { port: number };
    const local = await createTestApp(database.handle, { webhookPrivateAddresses: 'allow' });
    try {
      await ok(local.app, owner(), 'webhooks.create', { params: p(), body: { url: `http://127.0.0.1:${port}/hook`, events: ['config.published'] } });
      let item = await ok<ConfigItem>(local.app, owner(), 'subscriptionPages.create', { params: p(), body: { draft: page('Announced page') } });
      item = await ok<ConfigItem>(local.app, owner(), 'subscriptionPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
      await ok(local.app, owner(), 'subscriptionPages.promote', { params: p({ id: item.id }), body: { version: item.version } });
      await expect.poll(() => received.length, { timeout: 3_000 }).toBe(2);
      // Each event is sent on its own: compare them in a fixed order.
      const seen = received.map((event) => [event.type, event.data.kind, event.data.name, event.data.environment, event.data.revision]).sort((a, b) => String(a[3]).localeCompare(String(b[3])));
      expect(seen).toEqual([
        ['config.published', 'subscriptionPages', 'Announced page', 'official', 1],
        ['config.published', 'subscriptionPages', 'Announced page', 'preview', 1],
      ]);
    } finally {
      await local.app.close();
      receiver.close();
    }
  });
});

describe('a preview link opened in the console', () => {
  it('resolves to its link, app and state for a member; another app’s or an altered token is 100204', async () => {
    const { previewTokenTarget } = await import('@contract/api/preview');
    const made = await ok<PreviewLinkCreated>(app(), owner(), 'previewLinks.create', { params: p({ id: iosAppId }), body: { reviewer: 'Desk', expiresInHours: 1 } });
    expect(previewTokenTarget(made.token)).toEqual({ projectId: team.projectId, appId: iosAppId });
    expect(previewTokenTarget('pv1.not-json.x')).toBeNull();
    const resolved = await ok<{ state: string; appName: string; url: string; link: { reviewer: string } }>(app(), owner(), 'previewLinks.resolve', {
      params: p({ id: iosAppId }),
      body: { token: made.token },
    });
    expect(resolved).toMatchObject({ state: 'valid', appName: 'Live iOS', url: made.url, link: { reviewer: 'Desk' } });
    const wrongApp = await call(app(), owner(), 'previewLinks.resolve', { params: p({ id: androidAppId }), body: { token: made.token } });
    expect(wrongApp.envelope.code).toBe(ErrorCode.SignatureInvalid);
    built.clock.advance(3_600_000);
    const expired = await ok<{ state: string }>(app(), owner(), 'previewLinks.resolve', { params: p({ id: iosAppId }), body: { token: made.token } });
    expect(expired.state).toBe('expired');
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 18: what an outside review found with a real SSE client, a password guesser and a CDN

interface ServerEvent {
  readonly event: string | undefined;
  readonly id: string | undefined;
  readonly data: string | undefined;
}

/** Every event of a stream, in order (comments skipped), and whether the server ended it. */
function serverEvents(response: IncomingMessage): { next: (ms?: number) => Promise<ServerEvent | null>; ended: Promise<void>; close: () => void } {
  const queue: ServerEvent[] = [];
  const waiting: Array<(event: ServerEvent | null) => void> = [];
  let buffer = '';
  let done = false;
  response.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => response.on('end', () => resolve()));
  void ended.then(() => {
    done = true;
    for (const waiter of waiting.splice(0)) waiter(null);
  });
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      if (fields.has('event') || fields.has('data')) {
        const event = { event: fields.get('event'), id: fields.get('id'), data: fields.get('data') };
        const waiter = waiting.shift();
        if (waiter) waiter(event);
        else queue.push(event);
      }
      end = buffer.indexOf('\n\n');
    }
  });
  return {
    // Resolves null when nothing came within `ms` or the stream ended.
    next: (ms = 2_000) => {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      if (done) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(settle), 1);
          resolve(null);
        }, ms);
        const settle = (event: ServerEvent | null) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiting.push(settle);
      });
    },
    ended,
    close: () => response.destroy(),
  };
}

async function listening(): Promise<number> {
  if (!app().server.listening) await app().listen({ port: 0, host: '127.0.0.1' });
  return (app().server.address() as { port: number }).port;
}

function openStream(port: number, path: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { host: 'cdn.palette.test', ...headers } }, resolve)
      .on('error', reject)
      .end();
  });
}

describe('the event stream (issue 18)', () => {
  it('ends with event: error 105015 when its key is revoked while it is open', async () => {
    const port = await listening();
    const created = await ok<{ id: string; key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: iosAppId }), body: { label: 'Revoked while streaming' } });
    const stream = serverEvents(await openStream(port, `/client/v1/${created.key}/events?platform=ios`));
    try {
      expect((await stream.next())?.event).toBe('etag');
      await ok(app(), owner(), 'clientKeys.revoke', { params: p({ id: iosAppId, keyId: created.id }) });
      const error = await stream.next();
      expect(error).toMatchObject({ event: 'error' });
      expect(JSON.parse(error?.data ?? '{}')).toEqual({ code: ErrorCode.ClientKeyInvalid });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('gives each etag event its ETag as id, and a reconnect with that Last-Event-ID hears nothing until it changes', async () => {
    const port = await listening();
    const url = `/client/v1/${androidKey}/events?platform=android`;
    const first = serverEvents(await openStream(port, url));
    let etag = '';
    try {
      const event = await first.next();
      etag = JSON.parse(event?.data ?? '{}').etag as string;
      expect(event?.id).toBe(etag);
      expect(etag).toBe((await get(`/client/v1/${androidKey}/config?platform=android`)).headers.etag);
    } finally {
      first.close();
    }
    const again = serverEvents(await openStream(port, url, { 'last-event-id': etag }));
    try {
      expect(await again.next(300)).toBeNull();
      await publishedPage('After the reconnect', true);
      const changed = await again.next();
      expect(changed?.event).toBe('etag');
      expect(changed?.id).not.toBe(etag);
    } finally {
      again.close();
    }
    // A stale Last-Event-ID gets the current ETag at once.
    const stale = serverEvents(await openStream(port, url, { 'last-event-id': etag }));
    try {
      expect((await stale.next())?.id).not.toBe(etag);
    } finally {
      stale.close();
    }
  });

  it('announces the ETag of the coding the stream’s Accept-Encoding would get from config', async () => {
    const port = await listening();
    for (let i = 0; i < 4; i += 1) await publishedPage(`Long page ${i}`, true);
    const stream = serverEvents(await openStream(port, `/client/v1/${iosKey}/events?platform=ios`, { 'accept-encoding': 'gzip' }));
    try {
      const event = await stream.next();
      const config = await get(`/client/v1/${iosKey}/config?platform=ios`, { 'accept-encoding': 'gzip' });
      expect(config.headers['content-encoding']).toBe('gzip');
      expect(event?.id).toBe(config.headers.etag);
    } finally {
      stream.close();
    }
  });

  it('caps the streams of one key from one address, with a clear refusal, and frees a place when one closes', async () => {
    const port = await listening();
    const opened: Array<ReturnType<typeof serverEvents>> = [];
    try {
      for (let i = 0; i < 20; i += 1) {
        const response = await openStream(port, `/client/v1/${iosKey}/events?platform=ios`);
        expect(response.statusCode).toBe(200);
        opened.push(serverEvents(response));
      }
      const refused = await openStream(port, `/client/v1/${iosKey}/events?platform=ios`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      const body = await new Promise<string>((resolve) => {
        let text = '';
        refused.setEncoding('utf8');
        refused.on('data', (chunk: string) => (text += chunk));
        refused.on('end', () => resolve(text));
      });
      expect(JSON.parse(body)).toMatchObject({ code: ErrorCode.TooManyRequests, message: expect.stringContaining('at most 20') });
      // Another key from the same address is not affected.
      const other = await openStream(port, `/client/v1/${androidKey}/events?platform=android`);
      expect(other.statusCode).toBe(200);
      other.destroy();
      opened.pop()?.close();
      await expect
        .poll(async () => {
          const retry = await openStream(port, `/client/v1/${iosKey}/events?platform=ios`);
          const status = retry.statusCode;
          if (status === 200) opened.push(serverEvents(retry));
          else retry.destroy();
          return status;
        })
        .toBe(200);
    } finally {
      for (const stream of opened) stream.close();
    }
  });
});

describe('wrong pre-release passwords (issue 18)', () => {
  it('are throttled per key and address: after 10 wrong ones even the right one waits, another address does not', async () => {
    const url = `/client/v1/${iosKey}/preview/config?platform=ios`;
    const now = await ok<DeliverySettings>(app(), owner(), 'deliverySettings.get', { params: p() });
    await ok(app(), owner(), 'deliverySettings.update', { params: p(), body: { previewPassword: 'throttle-pass', version: now.version } });
    const from = (remoteAddress: string, password: string) => app().inject({ method: 'GET', url, remoteAddress, headers: { [PREVIEW_PASSWORD_HEADER]: password } });
    for (let i = 0; i < 10; i += 1) expect(codeOf(await from('203.0.113.7', `guess-${i}-pass`))).toBe(ErrorCode.SignatureInvalid);
    const blocked = await from('203.0.113.7', 'throttle-pass');
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([429, ErrorCode.TooManyRequests]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8', 'throttle-pass')).statusCode).toBe(200);
    built.clock.advance(15 * 60_000);
    expect((await from('203.0.113.7', 'throttle-pass')).statusCode).toBe(200);
  });

  it('are kept on disk only as an HMAC with the server’s secret, in a file only the server’s user reads', async () => {
    await get(`/client/v1/${iosKey}/preview/config?platform=ios`, { [PREVIEW_PASSWORD_HEADER]: 'throttle-pass' });
    await built.delivery.flushUsage();
    const file = join(cacheDir, `project-${team.projectId}.json`);
    const keyed = built.delivery.previewPasswordDigest(team.projectId, 'throttle-pass');
    // The copy is written after the compile that followed the password's change.
    await expect.poll(async () => (await readFile(file, 'utf8').catch(() => '')).includes(keyed)).toBe(true);
    const text = await readFile(file, 'utf8');
    const unkeyed = createHash('sha256').update(`${team.projectId}\u0000throttle-pass`, 'utf8').digest('hex');
    expect(text).not.toContain(unkeyed);
    expect(text).not.toContain('throttle-pass');
    expect(JSON.parse(text)).toMatchObject({ format: 2, previewPasswordHash: keyed });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(cacheDir, 'client-keys.json'))).mode & 0o777).toBe(0o600);
  });
});

describe('rate limits (issue 18)', () => {
  it('count per client address: one address spending its budget leaves the key to everyone else', async () => {
    const limited = await createTestApp(database.handle, { deliveryRateLimit: { perSecond: 1_000, burst: 1_000, addressPerSecond: 1, addressBurst: 3 } });
    try {
      const send = (remoteAddress: string) => limited.app.inject({ method: 'GET', url: `/client/v1/${iosKey}/config?platform=ios`, remoteAddress });
      for (let i = 0; i < 3; i += 1) expect((await send('198.51.100.1')).statusCode).toBe(200);
      const refused = await send('198.51.100.1');
      expect([refused.statusCode, codeOf(refused)]).toEqual([429, ErrorCode.TooManyRequests]);
      expect((await send('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('take the address a trusted proxy forwards (TRUST_PROXY_HOPS), not the proxy’s own', async () => {
    const behindCdn = await createTestApp(database.handle, { trustProxyHops: 1, deliveryRateLimit: { perSecond: 1_000, burst: 1_000, addressPerSecond: 1, addressBurst: 2 } });
    try {
      const send = (client: string) =>
        behindCdn.app.inject({ method: 'GET', url: `/client/v1/${iosKey}/config?platform=ios`, remoteAddress: '10.1.1.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 2; i += 1) expect((await send('192.0.2.10')).statusCode).toBe(200);
      expect((await send('192.0.2.10')).statusCode).toBe(429);
      expect((await send('192.0.2.11')).statusCode).toBe(200);
    } finally {
      await behindCdn.app.close();
    }
  });
});

describe('delivery readiness (issue 18)', () => {
  it('is ready from the database, and from the copy on disk when a server starts without its database; /healthz tells the database apart', async () => {
    const ready = await get('/client/v1/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', source: 'database' }]);
    await built.delivery.flushUsage();
    const unreachable = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/unreachable' });
    const empty = await mkdtemp(join(tmpdir(), 'palette-empty-'));
    const options = { database: unreachable, clock: built.clock.now, credentialsKey: undefined, trustProxyHops: 0, rateLimit: { perSecond: 100, burst: 100 }, logger: false } as const;
    const fromDisk = await buildOutageServer({ ...options, deliveryCacheDir: cacheDir });
    const nothing = await buildOutageServer({ ...options, deliveryCacheDir: empty });
    try {
      const answer = await fromDisk.inject({ method: 'GET', url: '/client/v1/readyz' });
      expect([answer.statusCode, answer.json()]).toEqual([200, { status: 'ready', source: 'disk' }]);
      const none = await nothing.inject({ method: 'GET', url: '/client/v1/readyz' });
      expect([none.statusCode, (none.json() as { code: number }).code]).toEqual([503, ErrorCode.DatabaseFailure]);
    } finally {
      await fromDisk.close();
      await nothing.close();
      await unreachable.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
