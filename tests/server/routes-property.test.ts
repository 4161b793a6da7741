import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPath, routeList, type RouteDef } from '@contract/api';
import { errorCatalogue, errorEntry } from '@contract/errors';
import { MEDIA_UPLOAD_PATH } from '@contract/media';
import { createTestApp, createUser, expectEnvelope, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, uniqueProjectName } from './helpers/projects';
import { fixturesDir } from '../fixtures/media/generate';

/**
 * Every route of the contract table, fed random params, queries, bodies and headers, signed in and
 * not: the server must never answer 5xx, and every reply must be a well-formed envelope whose status
 * matches its code (and whose data matches the route's output schema on success).
 *
 * Signed in, path parameters are often the ids of real objects (a project with one object of every
 * kind, one per route group such as `skus.*`), so random bodies and queries reach the handlers and the
 * SQL behind them instead of stopping at "not a UUID".
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string; password: string };
/** A webhook endpoint that answers every delivery, so a test delivery reports a result, not 170005. */
let hookServer: Server;
let hookUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // The webhook endpoint is on 127.0.0.1, which only an app that allows private addresses delivers to.
  built = await createTestApp(database.handle, { webhookPrivateAddresses: 'allow' });
  admin = await createUser(database.handle, { role: 'admin' });
  hookServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
  hookServer?.closeAllConnections();
  await new Promise((resolve) => hookServer?.close(resolve));
});

const RUNS = 30;

/** Values that tend to reach deeper than pure noise: plausible emails, passwords, codes, numbers. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.emailAddress(),
  fc.stringMatching(/^[A-Za-z0-9]{8,16}$/),
  fc.stringMatching(/^\d{6}$/),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Text no database stores: a lone surrogate (JSON's "\ud800") or a NUL, inside text (issue 18 §7). */
const unstorableText: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udfff', '\u0000', '\ud83d'), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
/** Such text as a field's value, or in the `name` of an object (a configuration draft's), or in a list. */
const unstorableValue: fc.Arbitrary<unknown> = fc.oneof(unstorableText, fc.record({ name: unstorableText }), fc.array(unstorableText, { minLength: 1, maxLength: 2 }));

const queryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -5, max: 300 }).map(String),
  fc.constantFrom('at:asc', 'at:desc', 'createdAt:desc', 'nope:asc', 'ip:up'),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Ids of real objects by path parameter name, for the signed-in runs. */
type KnownIds = Readonly<Record<string, readonly string[]>>;

/** Fixtures by route group (`skus`, `apps`, ...): a group's random deletes do not empty the others'. */
const fixtures = new Map<string, Promise<KnownIds>>();

/** The fixture of a route's group, made on first use. */
function fixtureFor(id: string, token: string, adminId: string): Promise<KnownIds> {
  const group = id.split('.')[0] as string;
  let known = fixtures.get(group);
  if (!known) {
    known = fixture(token, adminId);
    fixtures.set(group, known);
  }
  return known;
}

/** A project of the administrator's with one object of every kind, so random requests can hit real rows. */
async function fixture(token: string, adminId: string): Promise<KnownIds> {
  const project = await ok<{ id: string }>(built.app, token, 'projects.create', { body: { name: uniqueProjectName('Property') } });
  const p = { projectId: project.id };
  const appItem = await ok<{ id: string }>(built.app, token, 'apps.create', { params: p, body: { platform: 'ios', name: 'App', packageName: `com.property.p${project.id.slice(0, 8)}` } });
  const sku = await ok<{ id: string }>(built.app, token, 'skus.create', {
    params: p,
    body: { appId: appItem.id, storeProductId: 'p.1', name: 'SKU', type: 'subscription', period: 'monthly' },
  });
  const entitlement = await ok<{ id: string }>(built.app, token, 'entitlements.create', { params: p, body: { identifier: 'pro', name: 'Pro' } });
  await ok(built.app, token, 'entitlements.linkSku', { params: { ...p, id: entitlement.id }, body: { skuId: sku.id } });
  const offering = await ok<{ id: string }>(built.app, token, 'offerings.create', { params: p, body: { identifier: 'default', name: 'Default', skuIds: [sku.id] } });
  const webhook = await ok<{ id: string }>(built.app, token, 'webhooks.create', { params: p, body: { url: hookUrl, events: ['trial.started'] } });
  const team = await ok<{ id: string }>(built.app, token, 'teams.create', { params: p, body: { name: 'Team' } });
  const role = await ok<{ id: string }>(built.app, token, 'roles.create', { params: p, body: { name: 'Role', menus: ['projects.skus'] } });
  const invitation = await ok<{ id: string }>(built.app, token, 'invitations.create', { params: p, body: { email: 'invitee@palette.test', role: 'viewer' } });
  return {
    projectId: [project.id],
    id: [appItem.id, sku.id, entitlement.id, offering.id, webhook.id, team.id, role.id, invitation.id],
    skuId: [sku.id],
    appId: [appItem.id],
    userId: [adminId],
  };
}

function requestArbitrary(def: RouteDef, known: KnownIds) {
  const paramNames = [...def.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string);
  const paramValue = (name: string) => {
    const random = fc.string({ minLength: 1, maxLength: 40 });
    const ids = known[name];
    return ids && ids.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 }, { arbitrary: random, weight: 1 }) : random;
  };
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, paramValue(name)])));
  const knownQuery = fc.record(Object.fromEntries(keysOf(def.query).map((k) => [k, queryValue])), { requiredKeys: [] });
  const query = fc.tuple(knownQuery, fc.dictionary(fc.string({ maxLength: 8 }), queryValue, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a }));
  const knownBody = fc.record(Object.fromEntries(keysOf(def.body).map((k) => [k, fieldValue])), { requiredKeys: [] });
  const unstorableBody = fc.record(Object.fromEntries(keysOf(def.body).map((k) => [k, unstorableValue])), { requiredKeys: [] });
  const body = fc.oneof(
    { arbitrary: knownBody.map((value) => ({ json: value as unknown })), weight: 4 },
    { arbitrary: unstorableBody.map((value) => ({ json: value as unknown })), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ json: value as unknown })), weight: 2 },
    { arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw })), weight: 1 },
    { arbitrary: fc.constant({ none: true as const }), weight: 1 },
  );
  return fc.record({ params, query, body });
}

const authorizationNoise = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }),
  fc.base64String({ minLength: 43, maxLength: 44 }).map((s) => `Bearer ${s}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `Bearer ${s}`),
);

function queryString(query: Readonly<Record<string, string | string[] | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe.each([
  ['signed out', false],
  ['signed in as an administrator', true],
] as const)('every contract route, %s', (_label, signedIn) => {
  it.each(routeList.map(([id, def]) => [id, def] as const))('%s never answers 5xx and always answers an envelope', async (id, def) => {
    const token = signedIn ? await signIn(built.app, admin.email, admin.password, '10.9.9.9') : undefined;
    const known = token && def.path.includes(':projectId') ? await fixtureFor(id, token, admin.id) : {};
    await fc.assert(
      fc.asyncProperty(requestArbitrary(def, known), authorizationNoise, async (input, noise) => {
        const headers: Record<string, string> = {};
        const authorization = token ? `Bearer ${token}` : noise;
        if (authorization !== undefined) headers.authorization = authorization;
        let payload: string | undefined;
        if (def.method !== 'GET' && !('none' in input.body)) {
          headers['content-type'] = 'application/json';
          payload = 'raw' in input.body ? input.body.raw : JSON.stringify(input.body.json ?? null);
        }
        const url = buildPath(def.path, input.params) + queryString(input.query);
        const response = await built.app.inject({ method: def.method, url, headers, remoteAddress: '10.8.0.1', ...(payload === undefined ? {} : { payload }) });
        expect(response.statusCode, response.body).toBeLessThan(500);
        // A CSV export (`reply: 'csv'`) answers its file on success, an envelope on every refusal.
        if (def.reply === 'csv' && response.statusCode === 200) {
          expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
          expect(response.body.startsWith('\uFEFF')).toBe(true);
          return;
        }
        const envelope = expectEnvelope(response);
        if (envelope.code === 0) expect(def.output.safeParse(envelope.data).success, response.body).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * What breaks parsers before any route runs (issue 18 §7), sent to every route over a real socket (a
 * request line, headers and `Expect` only exist there): bad percent-encoding in the path, a path
 * parameter over 500 characters, a query or a header over Node's 16 KB, an `Expect` other than
 * 100-continue. Each must answer an envelope whose status is its code's, never a bare framework body.
 */
const BREAKAGE_RUNS = 4;

interface RawReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

async function rawExchange(port: number, request: string): Promise<RawReply> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before it read everything (a header too long): what came back counts.
    socket.on('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // Not half-closed: every request says `Connection: close` or is refused, so the server closes.
    socket.write(request);
  });
  const final = text.startsWith('HTTP/1.1 100 ') ? text.slice(text.indexOf('\r\n\r\n') + 4) : text;
  const [head = '', body = ''] = final.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectRawEnvelope(reply: RawReply, what: string): void {
  expect(reply.status, `${what}: ${reply.body.slice(0, 200)}`).toBeLessThan(500);
  expect(reply.headers['content-type'], `${what}: ${reply.body.slice(0, 200)}`).toMatch(/^application\/json/);
  const envelope = JSON.parse(reply.body) as { code: number; message: string };
  expect(errorCatalogue.has(envelope.code), `${what}: code ${envelope.code} is in the catalogue`).toBe(true);
  expect(reply.status, `${what}: status of code ${envelope.code}`).toBe(envelope.code === 0 ? 200 : errorEntry(envelope.code).status);
}

type Breakage =
  | { readonly kind: 'badPercent'; readonly encoding: string }
  | { readonly kind: 'longParam'; readonly length: number }
  | { readonly kind: 'longQuery'; readonly length: number }
  | { readonly kind: 'bigHeader'; readonly length: number }
  | { readonly kind: 'expect'; readonly value: string };

const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF').map((encoding) => ({ kind: 'badPercent' as const, encoding })),
  fc.integer({ min: 501, max: 2_000 }).map((length) => ({ kind: 'longParam' as const, length })),
  fc.integer({ min: 16_500, max: 40_000 }).map((length) => ({ kind: 'longQuery' as const, length })),
  fc.integer({ min: 16_500, max: 40_000 }).map((length) => ({ kind: 'bigHeader' as const, length })),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((value) => value !== '100-continue').map((value) => ({ kind: 'expect' as const, value })),
);

/** The raw request a breakage makes of a route's path (parameters filled with plausible values). */
function brokenRequest(def: RouteDef, broken: Breakage): string {
  const names = [...def.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string);
  const filled = Object.fromEntries(names.map((name) => [name, name === 'clientKey' ? `pk_${'k'.repeat(43)}` : '7d444840-9dc0-41d1-b245-5ffdce74fad2']));
  let path = buildPath(def.path, filled);
  const headers: string[] = ['Host: api.test', 'Connection: close'];
  let query = '';
  switch (broken.kind) {
    case 'badPercent':
      path = names.length > 0 ? buildPath(def.path, { ...filled, [names.at(-1) as string]: 'x' }).replace(/\/x(?=\/|$)/, `/${broken.encoding}`) : `${path}${broken.encoding}`;
      break;
    case 'longParam':
      path = names.length > 0 ? buildPath(def.path, { ...filled, [names.at(-1) as string]: 'p'.repeat(broken.length) }) : `${path}/${'p'.repeat(broken.length)}`;
      break;
    case 'longQuery':
      query = `?platform=ios&pad=${'q'.repeat(broken.length)}`;
      break;
    case 'bigHeader':
      headers.push(`X-Pad: ${'h'.repeat(broken.length)}`);
      break;
    case 'expect':
      headers.push(`Expect: ${broken.value}`);
      break;
  }
  const body = def.method === 'GET' ? '' : '{}';
  if (body) headers.push('Content-Type: application/json', `Content-Length: ${body.length}`);
  return `${def.method} ${path}${query} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
}

describe('every contract route, with what breaks parsers before routing', () => {
  let port: number;
  beforeAll(async () => {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (built.app.server.address() as AddressInfo).port;
  });

  it.each(routeList.map(([id, def]) => [id, def] as const))('%s answers an envelope, never a framework body', async (id, def) => {
    await fc.assert(
      fc.asyncProperty(breakage, async (broken) => {
        expectRawEnvelope(await rawExchange(port, brokenRequest(def, broken)), `${id} ${broken.kind}`);
      }),
      { numRuns: BREAKAGE_RUNS },
    );
  });
});

describe('media routes, with broken multipart bodies and ranges', () => {
  it('never answers 5xx to an upload whose multipart body is cut off, without a boundary, or with one over 256 characters', async () => {
    const token = await signIn(built.app, admin.email, admin.password, '10.9.9.8');
    const projectId = (await fixtureFor('uploads.property', token, admin.id)).projectId?.[0] as string;
    const bytes = Buffer.from('not really a png, never read far');
    const sha = createHash('sha256').update(bytes).digest('hex');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom('cut', 'noBoundary', 'otherBoundary', 'whole'),
        fc.nat({ max: 400 }),
        async (boundaryLength, shape, cutAt) => {
          const boundary = 'b'.repeat(boundaryLength);
          const payload = Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\nhome.icon\r\n--${boundary}\r\nContent-Disposition: form-data; name="sha256"\r\n\r\n${sha}\r\n`),
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
            bytes,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const contentType = shape === 'noBoundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${shape === 'otherBoundary' ? `${boundary}x` : boundary}`;
          const response = await built.app.inject({
            method: 'POST',
            url: MEDIA_UPLOAD_PATH.replace(':projectId', projectId),
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
            payload: shape === 'cut' ? payload.subarray(0, Math.min(cutAt, payload.length - 1)) : payload,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          expectEnvelope(response);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers any Range on a stored file with the bytes or an envelope, never an empty 416', async () => {
    const token = await signIn(built.app, admin.email, admin.password, '10.9.9.7');
    const projectId = (await fixtureFor('uploads.ranges', token, admin.id)).projectId?.[0] as string;
    const bytes = readFileSync(join(fixturesDir, 'icon-128x128.png'));
    const boundary = 'property-ranges';
    const sha = createHash('sha256').update(bytes).digest('hex');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\nhome.icon\r\n--${boundary}\r\nContent-Disposition: form-data; name="sha256"\r\n\r\n${sha}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await built.app.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH.replace(':projectId', projectId),
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const url = (expectEnvelope(uploaded).data as { url: string }).url;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.nat({ max: bytes.length * 2 }).map((n) => `bytes=${n}-`),
          fc.tuple(fc.nat({ max: bytes.length * 2 }), fc.nat({ max: bytes.length * 2 })).map(([a, b]) => `bytes=${a}-${b}`),
          fc.nat({ max: bytes.length * 2 }).map((n) => `bytes=-${n}`),
          fc.string({ maxLength: 20 }),
        ),
        async (range) => {
          const response = await built.app.inject({ method: 'GET', url, headers: { range } });
          expect(response.statusCode, range).toBeLessThan(500);
          if (response.statusCode !== 200 && response.statusCode !== 206) expectEnvelope(response);
        },
      ),
      { numRuns: 30 },
    );
  });
});
