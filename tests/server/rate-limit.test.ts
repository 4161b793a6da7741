import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { SIGN_IN_LIMITS, backoffSeconds, signInRetryAfter } from '../../server/src/domains/auth/rate-limit';
import { FakeClock, codeOf, createTestApp, createUser } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

describe('back-off policy', () => {
  it('grows 2, 4, 8 … seconds past the threshold, up to the cap', () => {
    const limit = { threshold: 5, capSeconds: 900 };
    expect([4, 5, 6, 7, 8, 13, 14, 40].map((n) => backoffSeconds(n, limit))).toEqual([0, 2, 4, 8, 16, 512, 900, 900]);
    expect(backoffSeconds(1_000, { threshold: 10, capSeconds: 60 })).toBe(60);
  });

  it('ignores the account-wide limit for an address that has signed in to the account', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const none = { failures: 0, lastAt: null };
    const busy = { failures: 50, lastAt: now };
    expect(signInRetryAfter({ accountAddress: none, address: none, account: busy, knownAddress: false }, now)).toBe(SIGN_IN_LIMITS.account.capSeconds);
    expect(signInRetryAfter({ accountAddress: none, address: none, account: busy, knownAddress: true }, now)).toBe(0);
  });
});

describe('sign-in rate limiting (database-held)', () => {
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof createTestApp>>;
  const clock = new FakeClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    built = await createTestApp(database.handle, { clock: clock.now });
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.dispose();
  });

  const attempt = (email: string, password: string, remoteAddress: string, app = built.app) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

  it('backs off one account from one address with growing waits, and lets the right password in after', async () => {
    const user = await createUser(database.handle);
    const ip = '192.0.2.10';
    for (let i = 0; i < 5; i += 1) expect(codeOf(await attempt(user.email, 'Wrong12345', ip))).toBe(ErrorCode.WrongCredentials);
    const blocked = await attempt(user.email, user.password, ip);
    expect(codeOf(blocked)).toBe(ErrorCode.TooManySignInAttempts);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('2');
    clock.advance(2_000);
    expect(codeOf(await attempt(user.email, 'Wrong12345', ip))).toBe(ErrorCode.WrongCredentials);
    const longer = await attempt(user.email, 'Wrong12345', ip);
    expect(codeOf(longer)).toBe(ErrorCode.TooManySignInAttempts);
    expect(longer.headers['retry-after']).toBe('4');
    // Hammering while blocked does not extend the block.
    for (let i = 0; i < 10; i += 1) await attempt(user.email, 'Wrong12345', ip);
    clock.advance(4_000);
    expect(codeOf(await attempt(user.email, user.password, ip))).toBe(0);
    // A success from that address resets its account+address count.
    expect(codeOf(await attempt(user.email, 'Wrong12345', ip))).toBe(ErrorCode.WrongCredentials);
    expect(codeOf(await attempt(user.email, user.password, ip))).toBe(0);
  });

  it('backs off an address that tries many accounts', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < 10; i += 1) {
      expect(codeOf(await attempt(`stuffing-${i}@palette.test`, 'Wrong12345', ip))).toBe(ErrorCode.WrongCredentials);
    }
    const victim = await createUser(database.handle);
    expect(codeOf(await attempt(victim.email, victim.password, ip))).toBe(ErrorCode.TooManySignInAttempts);
    // Everyone else is unaffected.
    expect(codeOf(await attempt(victim.email, victim.password, '192.0.2.21'))).toBe(0);
    clock.advance(15 * 60_000 + 1_000);
  });

  it('keeps the real user signing in while an attacker hammers the account from many addresses', async () => {
    const user = await createUser(database.handle);
    const home = '198.51.100.7';
    expect(codeOf(await attempt(user.email, user.password, home))).toBe(0);
    clock.advance(60_000);

    let refused = 0;
    for (let i = 0; i < 60; i += 1) {
      const code = codeOf(await attempt(user.email, `Guess${1000 + i}x`, `203.0.113.${i % 30}`));
      expect([ErrorCode.WrongCredentials, ErrorCode.TooManySignInAttempts]).toContain(code);
      if (code === ErrorCode.TooManySignInAttempts) refused += 1;
      clock.advance(500);
    }
    // The account-wide limit stopped most of the distributed guessing …
    expect(refused).toBeGreaterThan(40);
    // … yet the user's known address signs in at once,
    expect(codeOf(await attempt(user.email, user.password, home))).toBe(0);
    // and a brand-new address waits at most the account cap (one minute).
    const fresh = await attempt(user.email, user.password, '198.51.100.99');
    if (codeOf(fresh) === ErrorCode.TooManySignInAttempts) {
      expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.capSeconds);
      clock.advance(Number(fresh.headers['retry-after']) * 1000);
      expect(codeOf(await attempt(user.email, user.password, '198.51.100.99'))).toBe(0);
    }
  });

  it('shares the limit between servers on one database', async () => {
    const other = await createTestApp(database.handle, { clock: clock.now });
    try {
      const user = await createUser(database.handle);
      const ip = '192.0.2.30';
      for (let i = 0; i < 5; i += 1) {
        const app = i % 2 === 0 ? built.app : other.app;
        expect(codeOf(await attempt(user.email, 'Wrong12345', ip, app))).toBe(ErrorCode.WrongCredentials);
      }
      expect(codeOf(await attempt(user.email, user.password, ip, other.app))).toBe(ErrorCode.TooManySignInAttempts);
      expect(codeOf(await attempt(user.email, user.password, ip, built.app))).toBe(ErrorCode.TooManySignInAttempts);
    } finally {
      await other.app.close();
    }
  });

  it('counts a burst of parallel guesses before any of them finishes', async () => {
    const user = await createUser(database.handle);
    const replies = await Promise.all(Array.from({ length: 12 }, () => attempt(user.email, 'Wrong12345', '192.0.2.40')));
    const codes = replies.map(codeOf);
    expect(codes.filter((c) => c === ErrorCode.WrongCredentials).length).toBeLessThanOrEqual(6);
    expect(codes.filter((c) => c === ErrorCode.TooManySignInAttempts).length).toBeGreaterThanOrEqual(6);
  });
});
