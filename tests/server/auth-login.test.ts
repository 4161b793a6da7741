import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import { userSchema } from '@contract/api/auth';
import { sessions, signIns } from '../../server/src/db/schema';
import { PasswordHasher } from '../../server/src/domains/auth/passwords';
import { bearer, codeOf, createTestApp, createUser, expectEnvelope, signIn, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { sessionIdleMinutes: 30, sessionMaxHours: 2 });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const login = (payload: unknown, remoteAddress = '10.1.0.1', headers: Record<string, string> = {}) =>
  built.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object, remoteAddress, headers });
const me = (headers: Record<string, string>) => built.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

describe('sign-in', () => {
  it('answers a token, its expiry and the user; stores only the token hash', async () => {
    const user = await createUser(database.handle);
    const response = await login({ email: user.email.toUpperCase(), password: user.password });
    const body = expectEnvelope(response);
    expect(body.code).toBe(0);
    const data = body.data as { token: string; expiresAt: string; user: unknown };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userSchema.parse(data.user)).toMatchObject({ email: user.email, role: 'operator', version: 1 });
    expect(Date.parse(data.expiresAt) - built.clock.now().getTime()).toBe(30 * 60_000);
    const rows = await database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(data.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(data.token);
    expect(codeOf(await me(bearer(data.token)))).toBe(0);
  });

  it('gives 101001 alike for an unknown user and a wrong password, after the same hashing work', async () => {
    const user = await createUser(database.handle);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const wrong = await login({ email: user.email, password: 'Wrong12345' }, '10.1.0.2');
      const unknown = await login({ email: uniqueEmail('nobody'), password: 'Wrong12345' }, '10.1.0.2');
      expect(verify).toHaveBeenCalledTimes(2);
      expect(codeOf(wrong)).toBe(ErrorCode.WrongCredentials);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    } finally {
      verify.mockRestore();
    }
  });

  it('gives 101003 for a password breaking the rule, before any lookup or hashing', async () => {
    const user = await createUser(database.handle);
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      for (const password of ['short', 'has space 123', 'waytoolongpassword123', '密码密码密码密码1']) {
        expect(codeOf(await login({ email: user.email, password }, '10.1.0.3'))).toBe(ErrorCode.PasswordRule);
      }
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses malformed input with 1000 and field errors', async () => {
    const response = await login({ email: 'not-an-email', password: 7 });
    const body = expectEnvelope(response);
    expect(body.code).toBe(ErrorCode.ParamInvalid);
    expect(body.fieldErrors?.email?.key).toBe('validation.email');
    expect(body.fieldErrors?.password?.key).toBe('validation.type');
    const missing = expectEnvelope(await login({}));
    expect(missing.fieldErrors).toMatchObject({ email: { key: 'validation.required' }, password: { key: 'validation.required' } });
  });

  it('records every attempt with user, email, address, user agent, outcome and reason', async () => {
    const user = await createUser(database.handle);
    await login({ email: user.email, password: 'Wrong12345' }, '10.1.0.4', { 'user-agent': 'agent-a' });
    await login({ email: user.email, password: 'short' }, '10.1.0.4', { 'user-agent': 'agent-b' });
    await login({ email: user.email, password: user.password }, '10.1.0.4', { 'user-agent': 'agent-c' });
    const rows = await database.handle.db.select().from(signIns).where(eq(signIns.email, user.email)).orderBy(signIns.userAgent);
    expect(rows.map((r) => [r.userAgent, r.ip, r.success, r.reason, r.userId])).toEqual([
      ['agent-a', '10.1.0.4', false, 'wrong_password', user.id],
      ['agent-b', '10.1.0.4', false, 'password_rule', null],
      ['agent-c', '10.1.0.4', true, null, user.id],
    ]);
    const unknownEmail = uniqueEmail('ghost');
    await login({ email: unknownEmail, password: 'Wrong12345' }, '10.1.0.4');
    const [ghost] = await database.handle.db.select().from(signIns).where(eq(signIns.email, unknownEmail));
    expect(ghost).toMatchObject({ userId: null, success: false, reason: 'unknown_user' });
  });

  it('keeps one active session per user, even for simultaneous sign-ins', async () => {
    const user = await createUser(database.handle);
    const replies = await Promise.all([1, 2, 3].map(() => login({ email: user.email, password: user.password }, '10.1.0.5')));
    expect(replies.map(codeOf)).toEqual([0, 0, 0]);
    const rows = await database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.filter((r) => r.endedAt === null)).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('answers 101006 for a session replaced by a newer sign-in', async () => {
    const user = await createUser(database.handle);
    const first = await signIn(built.app, user.email, user.password);
    const second = await signIn(built.app, user.email, user.password);
    expect(codeOf(await me(bearer(first)))).toBe(ErrorCode.SignedInElsewhere);
    expect(codeOf(await me(bearer(second)))).toBe(0);
  });

  it('answers 101005 for an unknown token and for a signed-out one', async () => {
    const random = Buffer.alloc(32, 7).toString('base64url');
    expect(codeOf(await me(bearer(random)))).toBe(ErrorCode.TokenInvalid);
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    const out = await built.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '' });
    expect(codeOf(out)).toBe(0);
    expect(codeOf(await me(bearer(token)))).toBe(ErrorCode.TokenInvalid);
  });

  it('answers 101007 for a malformed Authorization header and 105009 for none', async () => {
    for (const authorization of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Token ${'a'.repeat(43)}`, 'bearer-less']) {
      const response = await me({ authorization });
      expect(codeOf(response), authorization).toBe(ErrorCode.TokenError);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    expect(codeOf(await me({}))).toBe(ErrorCode.Unauthorized);
  });

  it('answers 101005 for any bearer credentials that are not a session token, whatever their shape', async () => {
    for (const credentials of ['short', `${'a'.repeat(42)}!`, 'a'.repeat(44), 'f'.repeat(64), 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      expect(codeOf(await me({ authorization: `Bearer ${credentials}` })), credentials).toBe(ErrorCode.TokenInvalid);
    }
  });

  it('answers 101009 after the idle lifetime, sliding with use', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    built.clock.advance(29 * 60_000);
    expect(codeOf(await me(bearer(token)))).toBe(0);
    built.clock.advance(29 * 60_000);
    expect(codeOf(await me(bearer(token)))).toBe(0);
    built.clock.advance(30 * 60_000);
    expect(codeOf(await me(bearer(token)))).toBe(ErrorCode.TokenExpired);
  });

  it('answers 101009 after the absolute lifetime however busy the session', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    for (let minutes = 20; minutes <= 100; minutes += 20) {
      built.clock.advance(20 * 60_000);
      expect(codeOf(await me(bearer(token))), `after ${minutes} minutes`).toBe(0);
    }
    built.clock.advance(21 * 60_000);
    expect(codeOf(await me(bearer(token)))).toBe(ErrorCode.TokenExpired);
  });

  it('writes last use at most once a minute', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    const lastSeen = async () => (await database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]?.lastSeenAt.getTime();
    const start = await lastSeen();
    built.clock.advance(30_000);
    await me(bearer(token));
    expect(await lastSeen()).toBe(start);
    built.clock.advance(31_000);
    await me(bearer(token));
    expect(await lastSeen()).toBe(built.clock.now().getTime());
  });
});

describe('profile and records', () => {
  it('renames with the current version and refuses a stale one with 108007', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    const patch = (payload: object) => built.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: bearer(token), payload });
    const renamed = expectEnvelope(await patch({ name: '  Ada  ', version: 1 }));
    expect(renamed.data).toMatchObject({ name: 'Ada', version: 2 });
    expect(codeOf(await patch({ name: 'Grace', version: 1 }))).toBe(ErrorCode.VersionConflict);
    const empty = expectEnvelope(await patch({ name: '   ', version: 2 }));
    expect(empty.fieldErrors?.name?.key).toBe('validation.required');
    expect((expectEnvelope(await me(bearer(token))).data as { name: string }).name).toBe('Ada');
  });

  it('lists only the caller’s own sign-ins, paged and sorted', async () => {
    const user = await createUser(database.handle);
    const other = await createUser(database.handle);
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) {
      await login({ email: user.email, password: 'Wrong12345' }, ip);
      built.clock.advance(1000);
    }
    await signIn(built.app, other.email, other.password, '10.2.0.9');
    const token = await signIn(built.app, user.email, user.password, '10.2.0.4');
    const list = (query: string) => built.app.inject({ method: 'GET', url: `/api/v1/auth/sign-ins${query}`, headers: bearer(token) });
    const page = expectEnvelope(await list('?page=1&pageSize=2&sort=at:asc')).data as { items: { ip: string; success: boolean }[]; total: number };
    expect(page.total).toBe(4);
    expect(page.items.map((i) => i.ip)).toEqual(['10.2.0.1', '10.2.0.2']);
    const searched = expectEnvelope(await list('?q=10.2.0.4')).data as { items: { ip: string; success: boolean }[]; total: number };
    expect(searched.items).toEqual([expect.objectContaining({ ip: '10.2.0.4', success: true })]);
    const bad = expectEnvelope(await list('?pageSize=0&sort=at:sideways'));
    expect(bad.code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(['pageSize', 'sort']);
  });

  it('shows the mail outbox to administrators only (105010 otherwise)', async () => {
    const admin = await createUser(database.handle, { role: 'admin' });
    const operator = await createUser(database.handle);
    await built.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email: operator.email } });
    const outbox = (token: string) => built.app.inject({ method: 'GET', url: `/api/v1/mail/outbox?q=${encodeURIComponent(operator.email)}`, headers: bearer(token) });
    const page = expectEnvelope(await outbox(await signIn(built.app, admin.email, admin.password))).data as { items: { to: string; text: string }[] };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.to).toBe(operator.email);
    expect(page.items[0]?.text).toMatch(/\b\d{6}\b/);
    expect(codeOf(await outbox(await signIn(built.app, operator.email, operator.password)))).toBe(ErrorCode.Forbidden);
  });
});
