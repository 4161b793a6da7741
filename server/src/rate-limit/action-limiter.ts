import { actionLimitReached, type AppError } from '../errors';
import type { Clock } from '../shared/clock';
import { windowAt, type ActionLimit, type ActionName, type LimitTable } from './action-limits';
import type { ActionCountsRepository, ActionKey } from './action-counts-repository';

/** An action counted in a window: what `addAmount` and `giveBack` change. */
export interface ActionTicket<A extends string = ActionName> {
  readonly action: A;
  readonly key: ActionKey;
  readonly windowEnd: Date;
}

/** No limit on a count: the largest value of its integer column. */
const UNLIMITED_COUNT = 2 ** 31 - 1;
/** No limit on an amount: the largest a bigint column and a JS number both hold. */
const UNLIMITED_AMOUNT = Number.MAX_SAFE_INTEGER;

/** Ended windows are swept at most this often per process. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The limits of costly actions (action-limits.ts) and of password change and reset (AUTH_LIMITS in
 * domains/auth/rate-limit.ts), held in the database so that they hold across every API server on
 * one PostgreSQL (and on PGlite alike). One limiter per table of limits; they share the counters
 * table, keyed by action name.
 *
 * Fixed windows, not sliding ones: a counter is one row per subject and window (the window start is
 * `now` rounded down to a multiple of the window length), changed by a single atomic upsert-and-check
 * (ActionCountsRepository.addWithin), which is what makes concurrent requests unable to overshoot;
 * `Retry-After` is exactly the time to the window's end. The price is that a burst straddling a
 * boundary can do up to twice the limit within one window length. These limits stop runaway loops
 * rather than meter use, so that is accepted for a check that costs one statement and no scan.
 *
 * What counts: an action is counted when it is let through, before it runs, and stays counted when
 * it then fails (a refused file, an unreachable endpoint, a mail server error): attempts are what
 * cost. Only a refusal that happens before anything costly (an invitation refused as a repeat,
 * before any mail) gives its count back. A refused request is never counted, so hammering a spent
 * limit does not extend it. Limits of failures (wrong current passwords, wrong reset codes) count
 * every attempt the same way before it runs, and give the count back when it did not fail
 * (`limitFailures`): only failures use the budget, yet parallel attempts cannot pass it together.
 *
 * Rows of ended windows are deleted on the way (`sweep`): at most once a minute per process, by the
 * first action counted after that.
 */
export class ActionLimiter<A extends string = ActionName> {
  private nextSweep = 0;

  /**
   * `refuse` builds the refusal from the wait in seconds: 1006 with the wait as a field error
   * (`actionLimitReached`) unless given; the auth limits answer a bare 1006 (see errors.ts).
   */
  constructor(
    private readonly repository: ActionCountsRepository,
    private readonly clock: Clock,
    private readonly limits: LimitTable<A>,
    private readonly refuse: (retryAfterSeconds: number) => AppError = actionLimitReached,
  ) {}

  limitOf(action: A): ActionLimit {
    return this.limits[action];
  }

  /**
   * Counts one `action` for `subject`, or refuses with 1006 (nothing counted) when the window's
   * count is spent, or its amount: an action with an amount limit needs at least one unit left.
   */
  async take(action: A, subject: string): Promise<ActionTicket<A>> {
    const now = this.clock();
    await this.sweep(now);
    const limit = this.limits[action];
    const window = windowAt(now, limit.windowMs);
    const key: ActionKey = { action, subject, windowStart: window.start };
    const taken = await this.repository.addWithin(key, { count: 1, amount: 0 }, { count: limit.count, amount: limit.amount === undefined ? UNLIMITED_AMOUNT : limit.amount - 1 });
    if (!taken) throw this.refuse(secondsUntil(window.end, now));
    return { action, key, windowEnd: window.end };
  }

  /**
   * Runs `attempt` under a limit of failures: one `action` is counted for `subject` before the
   * attempt runs (or it is refused with 1006, nothing counted), and given back afterwards unless the
   * attempt threw an error `isFailure` accepts.
   *
   * Counting before the work is what makes the limit hold under parallel requests: every attempt in
   * flight holds its place, so a burst gets exactly the budget's number of checks, never more.
   * While a burst is in flight, an attempt that would have succeeded may therefore be refused too.
   */
  async limitFailures<T>(action: A, subject: string, isFailure: (error: unknown) => boolean, attempt: () => Promise<T>): Promise<T> {
    const ticket = await this.take(action, subject);
    let failed = false;
    try {
      return await attempt();
    } catch (error) {
      failed = isFailure(error);
      throw error;
    } finally {
      if (!failed) await this.giveBack(ticket);
    }
  }

  /**
   * Refuses with 1006 when `subject` has nothing left of `action` in the current window; counts
   * nothing. For checks before the work whose size decides what is counted (an upload's body).
   */
  async assertOpen(action: A, subject: string): Promise<void> {
    const now = this.clock();
    const limit = this.limits[action];
    const window = windowAt(now, limit.windowMs);
    const totals = await this.repository.totals({ action, subject, windowStart: window.start });
    if (totals.count >= limit.count || (limit.amount !== undefined && totals.amount >= limit.amount)) {
      throw this.refuse(secondsUntil(window.end, now));
    }
  }

  /**
   * Adds `amount` to the window the ticket was counted in, or refuses with 1006 (nothing added)
   * when that would pass the amount limit.
   */
  async addAmount(ticket: ActionTicket<A>, amount: number): Promise<void> {
    const limit = this.limits[ticket.action];
    const added = await this.repository.addWithin(ticket.key, { count: 0, amount }, { count: UNLIMITED_COUNT, amount: limit.amount ?? UNLIMITED_AMOUNT });
    if (!added) throw this.refuse(secondsUntil(ticket.windowEnd, this.clock()));
  }

  /**
   * Gives a counted action back: it was refused before anything costly happened, or it was an
   * attempt under a limit of failures that did not fail.
   */
  async giveBack(ticket: ActionTicket<A>): Promise<void> {
    await this.repository.subtract(ticket.key, { count: 1, amount: 0 });
  }

  /**
   * Deletes this limiter's counters of long-ended windows, at most once per SWEEP_INTERVAL_MS in
   * this process (the counters of other limiters' actions are theirs to sweep).
   */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() < this.nextSweep) return;
    this.nextSweep = now.getTime() + SWEEP_INTERVAL_MS;
    // Windows older than the previous one: the margin spares servers whose clocks run a little
    // apart, and an upload whose bytes arrive after its window ended.
    await this.repository.deleteBefore(
      (Object.keys(this.limits) as A[]).map((action) => {
        const { windowMs } = this.limits[action];
        return { action, before: new Date(windowAt(now, windowMs).start.getTime() - windowMs) };
      }),
    );
  }
}

function secondsUntil(end: Date, now: Date): number {
  return (end.getTime() - now.getTime()) / 1000;
}
