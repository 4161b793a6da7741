import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { actionCounts } from '../db/schema';

/** One counter row: what, by or for whom, and in which window. */
export interface ActionKey {
  readonly action: string;
  readonly subject: string;
  readonly windowStart: Date;
}

/** How many actions, and how much of their amount, a counter holds (or a change adds, or a limit allows). */
export interface ActionTotals {
  readonly count: number;
  readonly amount: number;
}

/** The SQL of the action limits (table action_counts). */
export class ActionCountsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds `add` to the key's counter when both totals stay within `max`, in one statement: the
   * counter is created by the insert or changed by `ON CONFLICT DO UPDATE ... WHERE`, which runs
   * under the row's lock and sees the latest committed totals, so concurrent calls on any number of
   * servers are applied one after the other and together never pass `max`. Answers the new totals,
   * or null when the addition would pass a limit; then nothing changed.
   */
  async addWithin(key: ActionKey, add: ActionTotals, max: ActionTotals): Promise<ActionTotals | null> {
    // A fresh row is inserted without the WHERE's check: refuse an addition that alone passes `max`.
    if (add.count > max.count || add.amount > max.amount) return null;
    const rows = await this.db
      .insert(actionCounts)
      .values({ action: key.action, subject: key.subject, windowStart: key.windowStart, count: add.count, amount: add.amount })
      .onConflictDoUpdate({
        target: [actionCounts.action, actionCounts.subject, actionCounts.windowStart],
        set: {
          count: sql`${actionCounts.count} + excluded.count`,
          amount: sql`${actionCounts.amount} + excluded.amount`,
        },
        setWhere: sql`${actionCounts.count} + excluded.count <= ${max.count}::integer and ${actionCounts.amount} + excluded.amount <= ${max.amount}::bigint`,
      })
      .returning({ count: actionCounts.count, amount: actionCounts.amount });
    return rows[0] ?? null;
  }

  /** The key's totals; zero when it has no counter. */
  async totals(key: ActionKey): Promise<ActionTotals> {
    const [row] = await this.db
      .select({ count: actionCounts.count, amount: actionCounts.amount })
      .from(actionCounts)
      .where(and(eq(actionCounts.action, key.action), eq(actionCounts.subject, key.subject), eq(actionCounts.windowStart, key.windowStart)));
    return row ?? { count: 0, amount: 0 };
  }

  /** Takes `sub` back from the key's counter (an action that did not happen after all), never below zero. */
  async subtract(key: ActionKey, sub: ActionTotals): Promise<void> {
    await this.db
      .update(actionCounts)
      .set({
        count: sql`greatest(${actionCounts.count} - ${sub.count}, 0)`,
        amount: sql`greatest(${actionCounts.amount} - ${sub.amount}, 0)`,
      })
      .where(and(eq(actionCounts.action, key.action), eq(actionCounts.subject, key.subject), eq(actionCounts.windowStart, key.windowStart)));
  }

  /** Deletes the counters of windows that started before each action's `before` (ended windows). */
  async deleteBefore(cutoffs: ReadonlyArray<{ readonly action: string; readonly before: Date }>): Promise<void> {
    if (cutoffs.length === 0) return;
    await this.db.delete(actionCounts).where(or(...cutoffs.map((c) => and(eq(actionCounts.action, c.action), lt(actionCounts.windowStart, c.before)))));
  }
}
