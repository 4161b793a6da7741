import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPath, routeList, type RouteDef } from '@contract/api';
import { createTestApp, createUser, expectEnvelope, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * Every route of the contract table, fed random params, queries, bodies and headers, signed in and
 * not: the server must never answer 5xx, and every reply must be a well-formed envelope whose status
 * matches its code (and whose data matches the route's output schema on success).
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let admin: { email: string; password: string };

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  admin = await createUser(database.handle, { role: 'admin' });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const RUNS = 30;

/** Values that tend to reach deeper than pure noise: plausible emails, passwords, codes, numbers. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
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
  fc.integer({ min: -5, max: 300 }).map(String),
  fc.constantFrom('at:asc', 'at:desc', 'createdAt:desc', 'nope:asc', 'ip:up'),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function requestArbitrary(def: RouteDef) {
  const paramNames = [...def.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string);
  const params = fc.record(Object.fromEntries(paramNames.map((name) => [name, fc.string({ minLength: 1, maxLength: 40 })])));
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
  it.each(routeList.map(([id, def]) => [id, def] as const))('%s never answers 5xx and always answers an envelope', async (_id, def) => {
    const token = signedIn ? await signIn(built.app, admin.email, admin.password, '10.9.9.9') : undefined;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(def), authorizationNoise, async (input, noise) => {
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
        const envelope = expectEnvelope(response);
        if (envelope.code === 0) expect(def.output.safeParse(envelope.data).success, response.body).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
