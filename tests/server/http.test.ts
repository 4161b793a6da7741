import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode, errorEntry } from '@contract/errors';
import { routeList } from '@contract/api';
import { AppError } from '../../server/src/errors';
import { classify } from '../../server/src/http/error-handler';
import { BODY_LIMIT_BYTES } from '../../server/src/app';
import { hashUserId, redactText } from '../../server/src/http/logging';
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

/** One request written as raw bytes to a listening server, and everything it answers until it closes. */
async function rawExchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
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
  // An interim `100 Continue` comes first when the request asked for it.
  const final = text.startsWith('HTTP/1.1 100 ') ? text.slice(text.indexOf('\r\n\r\n') + 4) : text;
  const [head = '', body = ''] = final.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** An envelope answered on a raw socket, held to the same rules as `expectEnvelope`. */
function rawEnvelope(reply: { status: number; headers: Record<string, string>; body: string }): { code: number; message: string } {
  expect(reply.headers['content-type'], reply.body).toMatch(/^application\/json/);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  const envelope = JSON.parse(reply.body) as { code: number; message: string };
  expect(reply.status, `status of code ${envelope.code}`).toBe(errorEntry(envelope.code).status);
  return envelope;
}

const LONG_KEY = `pk_${'K'.repeat(9)}${'s3cr3tTa1l'.repeat(4)}xyz`;

describe('refusals before any route, with the envelope (issue 18 §7)', () => {
  it('answers bad percent-encoding in a path and a path parameter over 500 characters with 400 and 1000', async () => {
    for (const url of ['/api/v1/projects/%zz/apps', '/client/v1/%E0%A4%A/config', `/client/v1/${LONG_KEY}/%/config?platform=ios`]) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(codeOf(response)).toBe(ErrorCode.ParamInvalid);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const long = await built.app.inject({ method: 'GET', url: `/api/v1/projects/${'a'.repeat(501)}/apps` });
    expect(long.statusCode).toBe(400);
    expect(codeOf(long)).toBe(ErrorCode.ParamInvalid);
    expect(long.json<{ message: string }>().message).toContain('500');
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      port = (built.app.server.address() as AddressInfo).port;
    });

    it('answers a request line or headers over 16 KB with 400 and 1000, not a bare 431', async () => {
      const query = await rawExchange(port, `GET /client/v1/${LONG_KEY}/config?platform=ios&pad=${'q'.repeat(17_000)} HTTP/1.1\r\nHost: api.test\r\n\r\n`);
      expect(rawEnvelope(query).code).toBe(ErrorCode.ParamInvalid);
      const header = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: api.test\r\nX-Pad: ${'h'.repeat(17_000)}\r\n\r\n`);
      expect(rawEnvelope(header).code).toBe(ErrorCode.ParamInvalid);
      expect(header.headers.connection).toBe('close');
    });

    it('answers what Node cannot parse as HTTP with 400 and 1000', async () => {
      for (const request of ['NOT HTTP AT ALL\r\n\r\n', 'GET /healthz HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello', 'GET / HTTP/1.1\r\nBad Header Name: x\r\n\r\n']) {
        expect(rawEnvelope(await rawExchange(port, request)).code, request).toBe(ErrorCode.ParamInvalid);
      }
    });

    it('answers an Expect other than 100-continue with 400 and 100208, not a bare 417', async () => {
      const reply = await rawExchange(port, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: api.test\r\nExpect: bogus\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      expect(rawEnvelope(reply).code).toBe(ErrorCode.HeaderInvalid);
      // 100-continue is still met, and the request served.
      const continued = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: api.test\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
      expect(continued.status).toBe(200);
      expect(continued.body).toContain('"status":"ok"');
    });
  });
});

describe('logs (issue 18 §3)', () => {
  const USER_ID = 'alice.Secret-42@example';

  async function loggedApp(level: 'debug' | 'info'): Promise<{ app: Awaited<ReturnType<typeof createTestApp>>; lines: () => Array<Record<string, unknown>> }> {
    const written: string[] = [];
    const app = await createTestApp(database.handle, { logger: { level, stream: { write: (line: string) => void written.push(line) } } });
    return { app, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it('redacts client keys to their prefix and user ids to a hash, in URLs, refusal reasons and fields', () => {
    expect(redactText(`/client/v1/${LONG_KEY}/config?platform=ios&userId=${encodeURIComponent(USER_ID)}&region=DE`)).toBe(
      `/client/v1/pk_KKKKKKKKK…/config?platform=ios&userId=${hashUserId(USER_ID)}&region=DE`,
    );
    expect(hashUserId(USER_ID)).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(hashUserId(USER_ID)).toBe(hashUserId(USER_ID));
    expect(redactText('/api/v1/projects/x/apps?userId=')).toBe('/api/v1/projects/x/apps?userId=');
    expect(redactText(`/client/v1/${LONG_KEY.replace('_', '%5F').replace('s3', '%73%33')}/rules`)).toBe('/client/v1/pk_KKKKKKKKK…/rules');
  });

  it('never writes a full client key or user id, and writes the delivery API’s request lines at debug', async () => {
    const { app, lines } = await loggedApp('debug');
    try {
      await app.app.inject({ method: 'GET', url: `/client/v1/${LONG_KEY}/config?platform=ios&userId=${encodeURIComponent(USER_ID)}` });
      await app.app.inject({ method: 'GET', url: `/client/v1/${LONG_KEY}/entitlements?userId=${USER_ID}` });
      await app.app.inject({ method: 'GET', url: `/client/v1/${LONG_KEY}/%zz/config?userId=${USER_ID}` });
      await app.app.inject({ method: 'GET', url: `/client/v1/${LONG_KEY}/nope?userId=${USER_ID}` });
      const text = lines()
        .map((line) => JSON.stringify(line))
        .join('\n');
      expect(text).not.toContain(LONG_KEY.slice(12));
      expect(text).not.toContain(USER_ID);
      expect(text).not.toContain(encodeURIComponent(USER_ID));
      expect(text).toContain('pk_KKKKKKKKK…');
      expect(text).toContain(hashUserId(USER_ID));
      const deliveryLines = lines().filter((line) => line.msg === 'request completed' || line.msg === 'incoming request');
      expect(deliveryLines.length).toBeGreaterThanOrEqual(6);
      for (const line of deliveryLines) expect(line.level, JSON.stringify(line)).toBe(20);
    } finally {
      await app.app.close();
    }
  });

  it('at info, writes no request lines for the delivery API but keeps its refusals, and the console API’s request lines', async () => {
    const { app, lines } = await loggedApp('info');
    try {
      await app.app.inject({ method: 'GET', url: `/client/v1/${LONG_KEY}/config?platform=ios` });
      await app.app.inject({ method: 'GET', url: '/healthz' });
      const written = lines();
      const delivery = written.filter((line) => JSON.stringify(line).includes('/client/'));
      expect(delivery.filter((line) => line.msg === 'request completed' || line.msg === 'incoming request')).toEqual([]);
      const refused = written.filter((line) => line.msg === 'request refused');
      expect(refused.map((line) => [line.level, line.code])).toEqual([[30, ErrorCode.ClientKeyInvalid]]);
      expect(written.filter((line) => line.msg === 'request completed').length).toBe(1);
    } finally {
      await app.app.close();
    }
  });
});
