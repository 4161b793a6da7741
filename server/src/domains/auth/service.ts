import { ErrorCode } from '@contract/errors';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { SignInRecord, User } from '@contract/api/auth';
import { consoleLinkPaths } from '@contract/console-links';
import { AppError, tooManyRequests } from '../../errors';
import { consoleLinks } from '../../mail/console-links';
import type { Mailer } from '../../mail/mailer';
import type { ActionLimiter } from '../../rate-limit/action-limiter';
import type { Clock } from '../../shared/clock';
import { PASSWORD_RULE, randomPassword, randomVerificationCode, type PasswordHasher } from './passwords';
import { toUser, type AuthRepository } from './repository';
import { SIGN_IN_LIMITS, signInRetryAfter, type AuthAction, type SignInLimits } from './rate-limit';
import { MALFORMED, MISSING, NOT_A_TOKEN, bearerToken, hashToken, newSessionToken } from './tokens';

/** The caller of a request on a `user` route: the session and its operator. */
export interface AuthSession {
  readonly sessionId: string;
  readonly user: User;
}

/** Where a request comes from, as recorded with sign-in attempts. */
export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
}

/** Session lifetimes: sliding idle time and an absolute maximum. */
export interface SessionPolicy {
  readonly idleMs: number;
  readonly maxMs: number;
}

/** Verification codes: lifetime and tries per code. */
const RESET_CODE_TTL_MS = 15 * 60_000;
const RESET_CODE_TRIES = 5;
/** Idle lifetime is extended at most once a minute per session, to keep reads from writing. */
const TOUCH_INTERVAL_MS = 60_000;

/** Whether an error is the refusal `code` (the failures a limit of failures counts). */
const refusalWith =
  (code: number) =>
  (error: unknown): boolean =>
    error instanceof AppError && error.code === code;

export interface AuthServiceDeps {
  readonly repository: AuthRepository;
  /** The limits of password change and reset (AUTH_LIMITS in rate-limit.ts), refusing with a bare 1006. */
  readonly limiter: ActionLimiter<AuthAction>;
  readonly hasher: PasswordHasher;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly sessions: SessionPolicy;
  readonly signInLimits?: SignInLimits;
  /** Where the console is served on the web, if anywhere (`CONSOLE_URL`): the reset mail links there too. */
  readonly consoleUrl?: string | undefined;
}

function resetMail(code: string, email: string, consoleUrl: string | undefined): { subject: string; text: string } {
  const links = consoleLinks(consoleLinkPaths.passwordReset(email, code), consoleUrl);
  return {
    subject: 'Palette Console verification code / 验证码',
    text: [
      `Your Palette Console verification code is ${code}. It is valid for 15 minutes.`,
      `Open ${links.desktop} to set a new password in Palette Console${links.web ? `, or ${links.web} in a browser` : ''}, or enter the code on the sign-in page.`,
      'If you did not ask to reset your password, ignore this message.',
      '',
      `您的 Palette Console 验证码是 ${code}，15 分钟内有效。`,
      `在 Palette Console 中打开 ${links.desktop} 即可设置新密码${links.web ? `（或在浏览器中打开 ${links.web}）` : ''}，也可以在登录页输入验证码。`,
      '如果您没有申请重置密码，请忽略此邮件。',
      '',
    ].join('\n'),
  };
}

/**
 * Sign-in, sessions and passwords.
 *
 * Every refusal is an AppError with a catalogue code; the rules are the issue's: one active session
 * per user, tokens stored only as hashes, the same answer and the same work for an unknown user as
 * for a wrong password, and database-held back-off so several servers share one limit.
 */
export class AuthService {
  private readonly repo: AuthRepository;
  private readonly limits: SignInLimits;

  constructor(private readonly deps: AuthServiceDeps) {
    this.repo = deps.repository;
    this.limits = deps.signInLimits ?? SIGN_IN_LIMITS;
  }

  /**
   * Creates the first administrator when the database has no user.
   *
   * Returns the generated password when none was configured (the caller prints it once), or
   * undefined when nothing was created or the configured password was used.
   */
  async ensureFirstAdmin(email: string, password: string | undefined): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if ((await this.repo.countUsers()) > 0) return undefined;
    const secret = password ?? randomPassword();
    const created = await this.repo.insertUser({
      email,
      name: 'Administrator',
      role: 'admin',
      passwordHash: await this.deps.hasher.hash(secret),
      now: this.deps.clock(),
    });
    if (!created) return undefined;
    return password ? { email } : { email, generatedPassword: secret };
  }

  /** Signs in; the new session replaces any earlier one of the user. */
  async login(email: string, password: string, client: ClientInfo): Promise<{ token: string; expiresAt: string; user: User }> {
    const now = this.deps.clock();
    const base = { email, ip: client.ip, userAgent: client.userAgent, at: now };
    if (!PASSWORD_RULE.test(password)) {
      await this.repo.recordSignIn({ ...base, userId: null, success: false, reason: 'password_rule' });
      throw new AppError(ErrorCode.PasswordRule);
    }
    // Recorded as pending before the check, so parallel attempts see each other in the counters.
    const attemptId = await this.repo.recordSignIn({ ...base, userId: null, success: false, reason: 'pending' });
    const counters = await this.repo.signInCounters({ email, ip: client.ip, since: new Date(now.getTime() - this.limits.windowMs), excludeId: attemptId });
    const wait = signInRetryAfter(counters, now, this.limits);
    if (wait > 0) {
      await this.repo.finishSignIn(attemptId, { userId: null, success: false, reason: 'rate_limited' });
      throw tooManyRequests(ErrorCode.TooManySignInAttempts, wait);
    }
    const user = await this.repo.findUserByEmail(email);
    const matches = user ? await this.deps.hasher.verify(user.passwordHash, password) : await this.deps.hasher.verifyUnknown(password);
    if (!user || !matches) {
      await this.repo.finishSignIn(attemptId, { userId: user?.id ?? null, success: false, reason: user ? 'wrong_password' : 'unknown_user' });
      throw new AppError(ErrorCode.WrongCredentials);
    }
    const { token, tokenHash } = newSessionToken();
    await this.repo.startSession({ userId: user.id, tokenHash, ip: client.ip, userAgent: client.userAgent, now });
    await this.repo.finishSignIn(attemptId, { userId: user.id, success: true, reason: null });
    return { token, expiresAt: this.expiresAt(now, now).toISOString(), user: toUser(user) };
  }

  /** When a session ends unless used again: idle time from the last use, capped by the maximum. */
  private expiresAt(createdAt: Date, lastSeenAt: Date): Date {
    const { idleMs, maxMs } = this.deps.sessions;
    return new Date(Math.min(lastSeenAt.getTime() + idleMs, createdAt.getTime() + maxMs));
  }

  /**
   * The session of an `Authorization` header, or the refusal that explains why there is none:
   * 105009 no header, 101007 not a bearer token, 101005 unknown or signed-out token, 101006 replaced
   * by a newer sign-in or ended by a password change, 101009 idle or absolute lifetime exceeded.
   */
  async authenticate(header: string | string[] | undefined): Promise<AuthSession> {
    const token = bearerToken(header);
    if (token === MISSING) throw new AppError(ErrorCode.Unauthorized);
    if (token === MALFORMED) throw new AppError(ErrorCode.TokenError);
    if (token === NOT_A_TOKEN) throw new AppError(ErrorCode.TokenInvalid);
    const session = await this.repo.findSessionByTokenHash(hashToken(token));
    if (!session) throw new AppError(ErrorCode.TokenInvalid);
    if (session.endedAt) {
      throw new AppError(session.endReason === 'signed_out' ? ErrorCode.TokenInvalid : ErrorCode.SignedInElsewhere);
    }
    const now = this.deps.clock();
    if (now.getTime() >= this.expiresAt(session.createdAt, session.lastSeenAt).getTime()) throw new AppError(ErrorCode.TokenExpired);
    await this.repo.touchSession(session.id, now, TOUCH_INTERVAL_MS);
    return { sessionId: session.id, user: toUser(session.user) };
  }

  async logout(session: AuthSession): Promise<void> {
    await this.repo.endSession(session.sessionId, 'signed_out', this.deps.clock());
  }

  /** Renames the operator; a stale `version` is refused (108007), never silently overwritten. */
  async updateProfile(session: AuthSession, name: string, version: number): Promise<User> {
    const row = await this.repo.updateName(session.user.id, name, version, this.deps.clock());
    if (!row) throw new AppError(ErrorCode.VersionConflict);
    return toUser(row);
  }

  /**
   * Changes the password after checking the current one; the user's other sessions end. Wrong
   * current passwords are limited per user (1006).
   */
  async changePassword(session: AuthSession, currentPassword: string, newPassword: string): Promise<void> {
    const now = this.deps.clock();
    const user = await this.deps.limiter.limitFailures('passwordChange', session.user.id, refusalWith(ErrorCode.CurrentPasswordWrong), async () => {
      const found = await this.repo.findUserById(session.user.id);
      if (!found || !(await this.deps.hasher.verify(found.passwordHash, currentPassword))) throw new AppError(ErrorCode.CurrentPasswordWrong);
      return found;
    });
    if (newPassword === currentPassword) throw new AppError(ErrorCode.PasswordUnchanged);
    await this.repo.setPassword({
      userId: user.id,
      passwordHash: await this.deps.hasher.hash(newPassword),
      now,
      endReason: 'password_changed',
      keepSessionId: session.sessionId,
    });
  }

  /**
   * Mails a six-digit code for a password reset (101011 for an email no operator has).
   *
   * Limited per address (every request) and per email (registered emails only, as only those get
   * mail), both 1006. A request refused per email gives the address its count back: a refused
   * request never counts.
   */
  async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
    const now = this.deps.clock();
    const byAddress = await this.deps.limiter.take('resetRequestPerAddress', client.ip);
    const user = await this.repo.findUserByEmail(email);
    if (!user) throw new AppError(ErrorCode.EmailNotRegisteredForReset);
    try {
      await this.deps.limiter.take('resetRequestPerEmail', email);
    } catch (error) {
      await this.deps.limiter.giveBack(byAddress);
      throw error;
    }
    const code = randomVerificationCode();
    await this.repo.createPasswordReset({
      userId: user.id,
      codeHash: await this.deps.hasher.hash(code),
      now,
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    });
    await this.deps.mailer.send({ to: user.email, ...resetMail(code, user.email, this.deps.consoleUrl) });
  }

  /**
   * Sets a new password with the mailed code. A wrong, spent or expired code is 101002; a code
   * allows five tries, and an address 20 such failures per window (1006). Success ends every
   * session of the user.
   */
  async resetPassword(email: string, code: string, newPassword: string, client: ClientInfo): Promise<void> {
    const now = this.deps.clock();
    const user = await this.deps.limiter.limitFailures('resetConfirm', client.ip, refusalWith(ErrorCode.WrongVerificationCode), async () => {
      const found = await this.repo.findUserByEmail(email);
      const reset = found ? await this.repo.findActivePasswordReset(found.id, now) : undefined;
      if (!found || !reset) throw new AppError(ErrorCode.WrongVerificationCode);
      if (!(await this.repo.takePasswordResetTry(reset.id, RESET_CODE_TRIES))) throw new AppError(ErrorCode.WrongVerificationCode);
      if (!(await this.deps.hasher.verify(reset.codeHash, code))) throw new AppError(ErrorCode.WrongVerificationCode);
      return found;
    });
    if (await this.deps.hasher.verify(user.passwordHash, newPassword)) throw new AppError(ErrorCode.PasswordUnchanged);
    await this.repo.setPassword({ userId: user.id, passwordHash: await this.deps.hasher.hash(newPassword), now, endReason: 'password_reset' });
  }

  listSignIns(session: AuthSession, query: ListQuery): Promise<ListPage<SignInRecord>> {
    return this.repo.listSignIns(session.user.id, query);
  }
}
