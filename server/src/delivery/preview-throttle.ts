/**
 * Wrong pre-release passwords, counted per client key and client address: after
 * WRONG_PASSWORDS_ALLOWED wrong ones within WRONG_PASSWORD_WINDOW_MS, every password from that
 * address with that key (a right one too) is refused with 429 until the window ends, so a password
 * cannot be guessed at the speed the delivery API answers. A right password clears the count.
 *
 * Kept in memory per server process, like the delivery API's other limits: the delivery API answers
 * without the database, and behind N processes an attacker gets at most N times the allowance.
 */

export const WRONG_PASSWORDS_ALLOWED = 10;
export const WRONG_PASSWORD_WINDOW_MS = 15 * 60_000;
/** Beyond this many subjects, those whose window has ended are dropped. */
const PRUNE_ABOVE = 10_000;

export class WrongPasswordThrottle {
  private readonly counts = new Map<string, { wrong: number; since: number }>();

  constructor(
    private readonly allowed = WRONG_PASSWORDS_ALLOWED,
    private readonly windowMs = WRONG_PASSWORD_WINDOW_MS,
  ) {}

  /** Null when this subject may try a password now, else the seconds until it may. */
  blockedFor(subject: string, nowMs: number): number | null {
    const entry = this.counts.get(subject);
    if (!entry) return null;
    if (nowMs - entry.since >= this.windowMs) {
      this.counts.delete(subject);
      return null;
    }
    return entry.wrong >= this.allowed ? Math.max(1, Math.ceil((entry.since + this.windowMs - nowMs) / 1000)) : null;
  }

  wrong(subject: string, nowMs: number): void {
    const entry = this.counts.get(subject);
    if (!entry || nowMs - entry.since >= this.windowMs) this.counts.set(subject, { wrong: 1, since: nowMs });
    else entry.wrong += 1;
    if (this.counts.size > PRUNE_ABOVE) {
      for (const [key, value] of this.counts) if (nowMs - value.since >= this.windowMs) this.counts.delete(key);
    }
  }

  right(subject: string): void {
    this.counts.delete(subject);
  }
}
