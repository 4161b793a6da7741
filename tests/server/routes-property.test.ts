import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPath, routeList, type RouteDef } from '@contract/api';
import { createTestApp, createUser, expectEnvelope, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, uniqueProjectName } from './helpers/projects';

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
  const body = fc.oneof(
    { arbitrary: knownBody.map((value) => ({ json: value as unknown })), weight: 4 },
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
