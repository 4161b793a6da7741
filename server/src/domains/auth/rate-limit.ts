import type { LimitTable } from '../../rate-limit/action-limits';

/**
 * The limits of password change and password reset (code 1006, bare, with `Retry-After`).
 *
 * | action                   | subject        | limit per 15 minutes                        |
 * |--------------------------|----------------|---------------------------------------------|
 * | `passwordChange`         | user id        | 5 wrong current passwords                   |
 * | `resetRequestPerAddress` | client address | 10 reset requests (known emails or not)     |
 * | `resetRequestPerEmail`   | email          | 5 reset requests for a registered email     |
 * | `resetConfirm`           | client address | 20 wrong, spent or expired reset codes      |
 *
 * They are held by the database's atomic action counters (rate-limit/action-limiter.ts: fixed
 * windows aligned to their length, `Retry-After` until the window ends), so parallel requests on
 * any number of servers cannot pass them together. The limits of failures (`passwordChange`,
 * `resetConfirm`) count each attempt before its check and give the count back when the check
 * passed (`ActionLimiter.limitFailures`). A refused request is never counted.
 */
export const AUTH_LIMITS = {
  passwordChange: { count: 5, windowMs: 15 * 60_000 },
  resetRequestPerAddress: { count: 10, windowMs: 15 * 60_000 },
  resetRequestPerEmail: { count: 5, windowMs: 15 * 60_000 },
  resetConfirm: { count: 20, windowMs: 15 * 60_000 },
} as const satisfies LimitTable<string>;

export type AuthAction = keyof typeof AUTH_LIMITS;

/**
 * The sign-in back-off policy (pure; the counters come from the sign_ins table).
 *
 * Three limits, all growing back-offs: after `threshold` counted failures within the window, the
 * next attempt must wait 2^n seconds after the latest failure (n = failures − threshold + 1), up to
 * a cap. Only real password checks that failed count (and attempts still in progress, so a burst of
 * parallel requests cannot slip past the counter); refused attempts do not, so hammering a blocked
 * limit does not extend it.
 *
 * - account + address: guessing one account from one place. Reset by a success from that place.
 * - address: one place guessing many accounts (credential stuffing).
 * - account: many places guessing one account (a distributed attack).
 *
 * Lock-out resistance: an attacker must not be able to keep the real user out. The first two limits
 * involve the attacker's own address, which the user does not share. The account-wide limit counts
 * only failures from addresses that never signed in to that account, and it never applies to an
 * address that has: the user's usual machines are not affected at all. A user on a brand-new
 * address during an attack waits at most the account cap (one minute) per try.
 */
export interface Backoff {
  readonly threshold: number;
  readonly capSeconds: number;
}

export interface SignInLimits {
  readonly windowMs: number;
  readonly accountAddress: Backoff;
  readonly address: Backoff;
  readonly account: Backoff;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60_000,
  accountAddress: { threshold: 5, capSeconds: 15 * 60 },
  address: { threshold: 10, capSeconds: 15 * 60 },
  account: { threshold: 10, capSeconds: 60 },
};

/** Failures counted for one limit within the window, and when the latest happened. */
export interface FailureCount {
  readonly failures: number;
  readonly lastAt: Date | null;
}

export interface SignInCounters {
  readonly accountAddress: FailureCount;
  readonly address: FailureCount;
  /** Failures for the account from addresses that never signed in to it. */
  readonly account: FailureCount;
  /** This address has signed in to this account before. */
  readonly knownAddress: boolean;
}

/** The wait after `failures` failures: 0 below the threshold, then 2, 4, 8 … seconds up to the cap. */
export function backoffSeconds(failures: number, limit: Backoff): number {
  if (failures < limit.threshold) return 0;
  const exponent = Math.min(failures - limit.threshold + 1, 30);
  return Math.min(2 ** exponent, limit.capSeconds);
}

function remaining(count: FailureCount, limit: Backoff, now: Date): number {
  const wait = backoffSeconds(count.failures, limit);
  if (wait === 0 || !count.lastAt) return 0;
  return Math.max(0, (count.lastAt.getTime() + wait * 1000 - now.getTime()) / 1000);
}

/** Seconds the attempt must wait; 0 lets it through. */
export function signInRetryAfter(counters: SignInCounters, now: Date, limits: SignInLimits = SIGN_IN_LIMITS): number {
  return Math.max(
    remaining(counters.accountAddress, limits.accountAddress, now),
    remaining(counters.address, limits.address, now),
    counters.knownAddress ? 0 : remaining(counters.account, limits.account, now),
  );
}
