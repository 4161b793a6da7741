import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { actionCounts, passwordResets } from '../../server/src/db/schema';
import { AUTH_LIMITS, type AuthAction } from '../../server/src/domains/auth/rate-limit';
import { windowAt } from '../../server/src/rate-limit/action-limits';
import { FakeClock, bearer, createTestApp, createUser, expectEnvelope, recordingMailer, signIn, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * The limits of password change and password reset (domains/auth/rate-limit.ts `AUTH_LIMITS`), held
 * by the atomic action counters (server/src/rate-limit): bursts of parallel requests, spread over two
 * app instances on one database (two connection pools on PostgreSQL), get exactly the limit and no
 * more. The suite runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL). Time moves by a fake
 * clock, never by sleeping. What each limit counts is the same as before: see auth-password.test.ts.
 */

const BURST = 30;

let database: TestDatabase;
let secondHandle: DatabaseHandle;
const clock = new FakeClock();
const { mailer, mails } = recordingMailer();
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : database.handle;
  first = (await createTestApp(database.handle, { clock: clock.now, mailer })).app;
  second = (await createTestApp(secondHandle, { clock: clock.now, mailer })).app;
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  if (secondHandle && secondHandle !== database?.handle) await secondHandle.close();
  await database?.dispose();
});

/** The app of the i-th request of a burst: the two servers take turns. */
const server = (i: number): FastifyInstance => (i % 2 === 0 ? first : second);

const requestReset = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email }, remoteAddress });
const confirmReset = (app: FastifyInstance, payload: { email: string; code: string; newPassword: string }, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload, remoteAddress });
const changePassword = (app: FastifyInstance, token: string, currentPassword: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: bearer(token), payload: { currentPassword, newPassword } });

/** The code of a reply; a 1006 must be the auth limits' bare one: 429, Retry-After, no field errors. */
function codeOf(response: LightMyRequestResponse): number {
  const envelope = expectEnvelope(response);
  if (envelope.code === ErrorCode.TooManyRequests) {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope.fieldErrors).toBeUndefined();
  }
  return envelope.code;
}

/** How many replies answered each code, e.g. `{ 0: 5, 1006: 25 }`. */
function tally(replies: ReadonlyArray<LightMyRequestResponse>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of replies.map(codeOf)) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

const mailsTo = (email: string): number => mails.filter((mail) => mail.to === email).length;

/** The count of `action` for `subject` in the current window (0 without a counter). */
async function counted(action: AuthAction, subject: string): Promise<number> {
  const { start } = windowAt(clock.now(), AUTH_LIMITS[action].windowMs);
  const [row] = await database.handle.db
    .select({ count: actionCounts.count })
    .from(actionCounts)
    .where(and(eq(actionCounts.action, action), eq(actionCounts.subject, subject), eq(actionCounts.windowStart, start)));
  return row?.count ?? 0;
}

/** Moves the clock to the start of the next window of the auth limits. */
function startNextWindow(): void {
  const now = clock.now();
  clock.advance(windowAt(now, AUTH_LIMITS.passwordChange.windowMs).end.getTime() - now.getTime());
}

let addressCounter = 0;
/** A fresh client address per call, so tests never share an address's budget. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.40.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

describe('auth limits', () => {
  it('are the documented numbers: per 15 minutes, 5 wrong current passwords per user, 5 reset mails per email, 10 reset requests and 20 wrong codes per address', () => {
    const window = 15 * 60_000;
    expect(AUTH_LIMITS).toEqual({
      passwordChange: { count: 5, windowMs: window },
      resetRequestPerAddress: { count: 10, windowMs: window },
      resetRequestPerEmail: { count: 5, windowMs: window },
      resetConfirm: { count: 20, windowMs: window },
    });
  });
});

describe('parallel requests cannot overshoot an auth limit (two servers, one database)', () => {
  it(`${BURST} reset requests for one email at once: exactly 5 codes mailed, the rest 1006`, async () => {
    const user = await createUser(database.handle);
    const replies = await Promise.all(Array.from({ length: BURST }, (_, i) => requestReset(server(i), user.email, freshAddress())));
    expect(tally(replies)).toEqual({ 0: 5, [ErrorCode.TooManyRequests]: BURST - 5 });
    expect(mailsTo(user.email)).toBe(5);
    expect(await database.handle.db.select({ id: passwordResets.id }).from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(5);
    expect(await counted('resetRequestPerEmail', user.email)).toBe(5);
  });

  it(`${BURST} reset requests from one address at once: exactly 10 looked up, the rest 1006`, async () => {
    const address = freshAddress();
    const replies = await Promise.all(Array.from({ length: BURST }, (_, i) => requestReset(server(i), uniqueEmail('nobody'), address)));
    expect(tally(replies)).toEqual({ [ErrorCode.EmailNotRegisteredForReset]: 10, [ErrorCode.TooManyRequests]: BURST - 10 });
    expect(await counted('resetRequestPerAddress', address)).toBe(10);
  });

  it(`${BURST} wrong current passwords at once: exactly 5 checked, the rest 1006, and then the right one is refused too`, async () => {
    const user = await createUser(database.handle);
    const token = await signIn(first, user.email, user.password, freshAddress());
    const replies = await Promise.all(Array.from({ length: BURST }, (_, i) => changePassword(server(i), token, 'Wrong12345', 'NewPass123')));
    expect(tally(replies)).toEqual({ [ErrorCode.CurrentPasswordWrong]: 5, [ErrorCode.TooManyRequests]: BURST - 5 });
    expect(codeOf(await changePassword(first, token, user.password, 'NewPass123'))).toBe(ErrorCode.TooManyRequests);
    expect(await counted('passwordChange', user.id)).toBe(5);
  });

  it(`${BURST} wrong reset codes from one address at once: exactly 20 checked, the rest 1006`, async () => {
    const user = await createUser(database.handle);
    expect(codeOf(await requestReset(first, user.email, freshAddress()))).toBe(0);
    const address = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: BURST }, (_, i) => confirmReset(server(i), { email: user.email, code: String(i).padStart(6, '0'), newPassword: 'Reset12345' }, address)),
    );
    // A code allows five tries (its own atomic limit); every further guess is a wrong code too.
    expect(tally(replies)).toEqual({ [ErrorCode.WrongVerificationCode]: 20, [ErrorCode.TooManyRequests]: BURST - 20 });
    const [reset] = await database.handle.db.select({ attempts: passwordResets.attempts }).from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset?.attempts).toBe(5);
    expect(await counted('resetConfirm', address)).toBe(20);
  });
});

describe('auth limits count what they counted before', () => {
  it('password change counts only wrong current passwords: a change, or an unchanged password, gives its count back', async () => {
    const user = await createUser(database.handle);
    const token = await signIn(first, user.email, user.password, freshAddress());
    for (let i = 0; i < 4; i += 1) expect(codeOf(await changePassword(server(i), token, 'Wrong12345', 'NewPass123'))).toBe(ErrorCode.CurrentPasswordWrong);
    expect(codeOf(await changePassword(first, token, user.password, user.password))).toBe(ErrorCode.PasswordUnchanged);
    expect(codeOf(await changePassword(second, token, user.password, 'NewPass123'))).toBe(0);
    expect(await counted('passwordChange', user.id)).toBe(4);
    expect(codeOf(await changePassword(first, token, 'Wrong12345', 'Other12345'))).toBe(ErrorCode.CurrentPasswordWrong);
    const refused = await changePassword(second, token, 'Wrong12345', 'Other12345');
    expect(codeOf(refused)).toBe(ErrorCode.TooManyRequests);
    // Refused requests are not counted: hammering does not extend the block.
    expect(codeOf(await changePassword(first, token, 'NewPass123', 'Other12345'))).toBe(ErrorCode.TooManyRequests);
    expect(await counted('passwordChange', user.id)).toBe(5);
    // The wait is the rest of the window, and the next window allows again.
    const { end } = windowAt(clock.now(), AUTH_LIMITS.passwordChange.windowMs);
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((end.getTime() - clock.now().getTime()) / 1000));
    startNextWindow();
    expect(codeOf(await changePassword(first, token, 'NewPass123', 'Other12345'))).toBe(0);
  });

  it('reset requests: unknown emails count per address only; a request refused per email gives the address its count back', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 7; i += 1) expect(codeOf(await requestReset(server(i), unknown, freshAddress()))).toBe(ErrorCode.EmailNotRegisteredForReset);
    expect(await counted('resetRequestPerEmail', unknown)).toBe(0);

    const user = await createUser(database.handle);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) expect(codeOf(await requestReset(server(i), user.email, address))).toBe(0);
    for (let i = 0; i < 3; i += 1) expect(codeOf(await requestReset(server(i), user.email, address))).toBe(ErrorCode.TooManyRequests);
    expect(await counted('resetRequestPerEmail', user.email)).toBe(5);
    expect(await counted('resetRequestPerAddress', address)).toBe(5);
    // The address has five requests left, whatever the emails.
    for (let i = 0; i < 5; i += 1) expect(codeOf(await requestReset(server(i), uniqueEmail('other'), address))).toBe(ErrorCode.EmailNotRegisteredForReset);
    expect(codeOf(await requestReset(first, uniqueEmail('other'), address))).toBe(ErrorCode.TooManyRequests);
    expect(mailsTo(user.email)).toBe(5);
    startNextWindow();
    expect(codeOf(await requestReset(second, user.email, address))).toBe(0);
  });

  it('reset confirmation counts only wrong codes: a reset, or an unchanged password, gives its count back', async () => {
    const address = freshAddress();
    for (let i = 0; i < 19; i += 1) {
      expect(codeOf(await confirmReset(server(i), { email: uniqueEmail('nobody'), code: '123456', newPassword: 'Reset12345' }, address))).toBe(ErrorCode.WrongVerificationCode);
    }
    const user = await createUser(database.handle);
    expect(codeOf(await requestReset(first, user.email, freshAddress()))).toBe(0);
    const mail = mails.filter((m) => m.to === user.email).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(codeOf(await confirmReset(first, { email: user.email, code, newPassword: user.password }, address))).toBe(ErrorCode.PasswordUnchanged);
    expect(codeOf(await confirmReset(second, { email: user.email, code, newPassword: 'Reset12345' }, address))).toBe(0);
    expect(await counted('resetConfirm', address)).toBe(19);
    expect(codeOf(await confirmReset(first, { email: user.email, code, newPassword: 'Again12345' }, address))).toBe(ErrorCode.WrongVerificationCode);
    expect(codeOf(await confirmReset(second, { email: user.email, code, newPassword: 'Again12345' }, address))).toBe(ErrorCode.TooManyRequests);
    expect(await counted('resetConfirm', address)).toBe(20);
  });
});
