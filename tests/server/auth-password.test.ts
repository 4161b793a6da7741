import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import { sessions } from '../../server/src/db/schema';
import { bearer, codeOf, createTestApp, createUser, expectEnvelope, signIn, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { codeIn, parseMail, startSmtpReceiver } from './helpers/smtp';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let built: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  built = await createTestApp(database.handle, { smtpUrl: smtp.url, mailFrom: 'Palette Console <console@palette.test>' });
});
afterAll(async () => {
  await built?.app.close();
  await smtp?.close();
  await database?.dispose();
});

const me = (token: string) => built.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  built.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: '10.3.0.1' });
const requestReset = (email: string, remoteAddress = '10.3.0.2') =>
  built.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email }, remoteAddress });
const confirmReset = (payload: { email: string; code: string; newPassword: string }) =>
  built.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload, remoteAddress: '10.3.0.3' });

describe('password change', () => {
  it('refuses a wrong current password (101013) and an unchanged one (101014), then changes it', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    const change = (payload: object) => built.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: bearer(token), payload });
    expect(codeOf(await change({ currentPassword: 'Wrong12345', newPassword: 'NewPass123' }))).toBe(ErrorCode.CurrentPasswordWrong);
    expect(codeOf(await change({ currentPassword: user.password, newPassword: user.password }))).toBe(ErrorCode.PasswordUnchanged);
    const rule = expectEnvelope(await change({ currentPassword: user.password, newPassword: 'short' }));
    expect(rule.fieldErrors?.newPassword?.key).toBe('validation.password');
    expect(codeOf(await change({ currentPassword: user.password, newPassword: 'NewPass123' }))).toBe(0);
    expect(codeOf(await me(token))).toBe(0);
    expect(codeOf(await login(user.email, user.password))).toBe(ErrorCode.WrongCredentials);
    expect(codeOf(await login(user.email, 'NewPass123'))).toBe(0);
  });

  it('keeps the session that changed the password and no other', async () => {
    const user = await createUser(database.handle);
    const earlier = await signIn(built.app, user.email, user.password, '10.3.0.8');
    const current = await signIn(built.app, user.email, user.password, '10.3.0.9');
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: bearer(current),
      payload: { currentPassword: user.password, newPassword: 'Changed123' },
    });
    expect(codeOf(response)).toBe(0);
    expect(codeOf(await me(current))).toBe(0);
    expect(codeOf(await me(earlier))).toBe(ErrorCode.SignedInElsewhere);
    const active = await database.handle.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
    expect(active).toHaveLength(1);
  });

  it('limits wrong current passwords per user with 1006', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    const change = () =>
      built.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: bearer(token), payload: { currentPassword: 'Wrong12345', newPassword: 'NewPass123' } });
    for (let i = 0; i < 5; i += 1) expect(codeOf(await change())).toBe(ErrorCode.CurrentPasswordWrong);
    const limited = await change();
    expect(codeOf(limited)).toBe(ErrorCode.TooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset by emailed code (real SMTP)', () => {
  it('answers 101011 for an unknown email', async () => {
    expect(codeOf(await requestReset(uniqueEmail('unknown')))).toBe(ErrorCode.EmailNotRegisteredForReset);
  });

  it('mails a code in both languages; wrong code 101002, old password 101014, then resets and ends every session', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(built.app, user.email, user.password);
    expect(codeOf(await requestReset(user.email))).toBe(0);
    const mail = await smtp.waitFor(user.email);
    const parsed = parseMail(mail.raw);
    expect(parsed.headers.from).toContain('console@palette.test');
    expect(parsed.headers.subject).toContain('验证码');
    expect(parsed.text).toContain('您的 Palette Console 验证码是');
    const code = codeIn(mail);
    // The mail links to the reset step with the account and code (contract/console-links.ts); no CONSOLE_URL here, so no web address.
    expect(parsed.text).toContain(`palette://login?reset=${code}&email=${encodeURIComponent(user.email)}`);
    expect(parsed.text).not.toContain('https://');
    const wrong = code === '000000' ? '000001' : '000000';

    expect(codeOf(await confirmReset({ email: user.email, code: wrong, newPassword: 'Reset12345' }))).toBe(ErrorCode.WrongVerificationCode);
    expect(codeOf(await confirmReset({ email: user.email, code, newPassword: user.password }))).toBe(ErrorCode.PasswordUnchanged);
    expect(codeOf(await confirmReset({ email: user.email, code, newPassword: 'Reset12345' }))).toBe(0);

    expect(codeOf(await me(token))).toBe(ErrorCode.SignedInElsewhere);
    expect(codeOf(await login(user.email, user.password))).toBe(ErrorCode.WrongCredentials);
    expect(codeOf(await login(user.email, 'Reset12345'))).toBe(0);
    // A spent code does not work twice.
    expect(codeOf(await confirmReset({ email: user.email, code, newPassword: 'Again12345' }))).toBe(ErrorCode.WrongVerificationCode);
  });

  it('allows five tries per code', async () => {
    const user = await createUser(database.handle);
    expect(codeOf(await requestReset(user.email))).toBe(0);
    const code = codeIn(await smtp.waitFor(user.email));
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(codeOf(await confirmReset({ email: user.email, code: wrong, newPassword: 'Reset12345' }))).toBe(ErrorCode.WrongVerificationCode);
    }
    expect(codeOf(await confirmReset({ email: user.email, code, newPassword: 'Reset12345' }))).toBe(ErrorCode.WrongVerificationCode);
  });

  it('expires a code after 15 minutes, and a newer code replaces an older one', async () => {
    const user = await createUser(database.handle);
    expect(codeOf(await requestReset(user.email))).toBe(0);
    const first = codeIn(await smtp.waitFor(user.email));
    built.clock.advance(15 * 60_000 + 1);
    expect(codeOf(await confirmReset({ email: user.email, code: first, newPassword: 'Reset12345' }))).toBe(ErrorCode.WrongVerificationCode);

    const count = smtp.mails.length;
    expect(codeOf(await requestReset(user.email))).toBe(0);
    await expect.poll(() => smtp.mails.length).toBeGreaterThan(count);
    const older = codeIn(await smtp.waitFor(user.email));
    const before = smtp.mails.length;
    expect(codeOf(await requestReset(user.email))).toBe(0);
    await expect.poll(() => smtp.mails.length).toBeGreaterThan(before);
    const newer = codeIn(await smtp.waitFor(user.email));
    if (older !== newer) {
      expect(codeOf(await confirmReset({ email: user.email, code: older, newPassword: 'Reset12345' }))).toBe(ErrorCode.WrongVerificationCode);
    }
    expect(codeOf(await confirmReset({ email: user.email, code: newer, newPassword: 'Reset12345' }))).toBe(0);
  });

  it('limits reset requests per email with 1006 and Retry-After', async () => {
    const user = await createUser(database.handle);
    for (let i = 0; i < 5; i += 1) expect(codeOf(await requestReset(user.email, `10.3.1.${i}`))).toBe(0);
    const limited = await requestReset(user.email, '10.3.1.99');
    expect(codeOf(limited)).toBe(ErrorCode.TooManyRequests);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 170003 when the SMTP server refuses', async () => {
    const broken = await createTestApp(database.handle, { smtpUrl: smtp.url.replace('user:pass', 'user:wrong') });
    try {
      const user = await createUser(database.handle);
      const response = await broken.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email: user.email }, remoteAddress: '10.3.2.1' });
      expect(codeOf(response)).toBe(ErrorCode.EmailProviderError);
    } finally {
      await broken.app.close();
    }
  });
});
