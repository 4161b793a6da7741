import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import { routeList } from '@contract/api';
import { AppError } from '../../server/src/errors';
import { classify } from '../../server/src/http/error-handler';
import { BODY_LIMIT_BYTES } from '../../server/src/app';
import { bearer, codeOf, createTestApp, createUser, expectEnvelope, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('envelope for refusals the framework raises', () => {
  it('answers an unknown route with 404 and 1007', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/api/v1/auth/nope'],
      ['DELETE', '/api/v1/auth/login'],
    ] as const) {
      const response = await built.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe(ErrorCode.RouteNotFound);
    }
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 400 and 1000', async () => {
    const post = (payload: string | Buffer, contentType: string) =>
      built.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });
    expect(codeOf(await post('{"email":', 'application/json'))).toBe(ErrorCode.ParamInvalid);
    expect(codeOf(await post('{"__proto__":{"x":1}}', 'application/json'))).toBe(ErrorCode.ParamInvalid);
    expect(codeOf(await post('<login/>', 'application/xml'))).toBe(ErrorCode.ParamInvalid);
    expect(codeOf(await post('email=a@b.c', 'text/plain'))).toBe(ErrorCode.ParamInvalid);
    const huge = JSON.stringify({ email: 'a@palette.test', password: 'x'.repeat(BODY_LIMIT_BYTES) });
    const tooLarge = await post(huge, 'application/json');
    expect(tooLarge.statusCode).toBe(400);
    expect(codeOf(tooLarge)).toBe(ErrorCode.ParamInvalid);
    const empty = expectEnvelope(await post('', 'application/json'));
    expect(empty.fieldErrors?.['']?.key).toBe('validation.required');
  });

  it('checks authentication before reading the body', async () => {
    const response = await built.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(codeOf(response)).toBe(ErrorCode.Unauthorized);
  });
});

describe('headers, health and documentation', () => {
  it('sets security headers on every reply', async () => {
    for (const url of ['/healthz', '/nope', '/api/v1/auth/me', '/api/v1/openapi.json']) {
      const { headers } = await built.app.inject({ method: 'GET', url });
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      expect(headers['cache-control']).toBe('no-store');
    }
  });

  it('answers /healthz after asking the database', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('documents every contract route in /api/v1/openapi.json', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown>; security?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [id, def] of routeList) {
      const openApiPath = def.path.replace(/:([A-Za-z0-9]+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[def.method.toLowerCase()];
      expect(operation, `${id} ${def.method} ${def.path}`).toBeDefined();
      expect(operation?.operationId).toBe(id);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
      if (def.auth === 'user') expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});

describe('server faults', () => {
  it('classifies unexpected errors as 1005 and database errors as 1002, without details', () => {
    const internal = classify(new Error('secret detail at /srv/app.ts:12'));
    expect(internal.status).toBe(500);
    expect(internal.envelope.code).toBe(ErrorCode.InternalError);
    expect(internal.envelope.message).not.toContain('secret');
    const db = classify(Object.assign(new Error('relation "x" does not exist'), { code: '42P01', severity: 'ERROR' }));
    expect(db.envelope).toEqual({ code: ErrorCode.DatabaseFailure, message: expect.not.stringContaining('relation') });
    const app = classify(new AppError(ErrorCode.TooManyRequests, { headers: { 'retry-after': '3' } }));
    expect(app).toMatchObject({ status: 429, headers: { 'retry-after': '3' } });
  });

  it('answers a failing query with 500 and 1002, and keeps SQL out of the reply', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    await database.handle.db.execute(sql`alter table sign_ins rename to sign_ins_moved`);
    try {
      const response = await built.app.inject({ method: 'GET', url: '/api/v1/auth/sign-ins', headers: bearer(token) });
      expect(response.statusCode).toBe(500);
      expect(codeOf(response)).toBe(ErrorCode.DatabaseFailure);
      expect(response.body).not.toMatch(/sign_ins|select/i);
    } finally {
      await database.handle.db.execute(sql`alter table sign_ins_moved rename to sign_ins`);
    }
  });
});
