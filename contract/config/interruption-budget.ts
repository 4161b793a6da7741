import { z } from 'zod';
import { requiredOrType } from '../validation';

/**
 * The interruption budget (issue 11): a project setting that caps how many interruptions one app
 * user gets per session and per day, across popups, retention popups and subscription pages the app
 * shows on its own (not the ones a user opens). Operators of such apps lose users to stacked
 * interruptions; one cap over all of them is what a user feels.
 *
 * - **Per session**: interruptions since the app's current session started (the app decides what a
 *   session is: usually from coming to the foreground after 30 minutes away).
 * - **Per day**: interruptions in the 24 hours before now, a rolling window rather than the calendar
 *   day, so nothing piles up around midnight and no time zone is involved.
 *
 * An empty cap (null) means no cap. The popup choice (popup-choice.ts) respects it; the app enforces
 * it for retention popups and subscription pages with `budgetState` below, from the numbers the
 * delivery API hands it.
 */

export const budgetLimits = { perSessionMin: 1, perSessionMax: 20, perDayMin: 1, perDayMax: 100 } as const;

const cap = (min: number, max: number) =>
  z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(min, { error: 'validation.rangeMin' }).max(max, { error: 'validation.rangeMax' }).nullable();

/** The caps as an operator sets them; the session cap cannot exceed the day's. */
export const interruptionBudgetSchema = z
  .object({
    perSession: cap(budgetLimits.perSessionMin, budgetLimits.perSessionMax),
    perDay: cap(budgetLimits.perDayMin, budgetLimits.perDayMax),
  })
  .superRefine((budget, ctx) => {
    if (budget.perSession !== null && budget.perDay !== null && budget.perSession > budget.perDay) {
      ctx.addIssue({ code: 'custom', path: ['perSession'], input: budget.perSession, message: 'validation.budgetSessionAboveDay' });
    }
  });
export type InterruptionBudget = z.infer<typeof interruptionBudgetSchema>;

/** No caps: what a project has until someone sets its budget. */
export const noBudget: InterruptionBudget = { perSession: null, perDay: null };

/** The length of the rolling day. */
export const BUDGET_DAY_MS = 24 * 3_600_000;

/** How much of the budget a user has used, and whether another interruption may come now. */
export interface BudgetState {
  readonly perSession: number | null;
  readonly perDay: number | null;
  /** Interruptions since the session started (at or after its start, not after now). */
  readonly usedSession: number;
  /** Interruptions in the 24 hours before now (after now − 24 h, not after now). */
  readonly usedDay: number;
  readonly sessionSpent: boolean;
  readonly daySpent: boolean;
  /** How many more interruptions may come now; null when nothing is capped. */
  readonly left: number | null;
  /** When the day's cap opens again (the oldest counted interruption leaves the window); null unless the day is spent. */
  readonly dayOpensAt: string | null;
}

/**
 * The budget's state for one user now, from the instants of every interruption they got (popups,
 * retention popups, automatic subscription pages; any order, unparseable ones ignored). Instants
 * after `now` (a device clock set back) are not counted.
 */
export function budgetState(budget: InterruptionBudget, interruptions: readonly string[], sessionStartedAt: string, now: Date): BudgetState {
  const t = now.getTime();
  const session = Date.parse(sessionStartedAt);
  const times = interruptions
    .map((at) => Date.parse(at))
    .filter((at) => !Number.isNaN(at) && at <= t)
    .sort((a, b) => a - b);
  const usedSession = Number.isNaN(session) ? 0 : times.filter((at) => at >= session).length;
  const inDay = times.filter((at) => at > t - BUDGET_DAY_MS);
  const usedDay = inDay.length;
  const sessionSpent = budget.perSession !== null && usedSession >= budget.perSession;
  const daySpent = budget.perDay !== null && usedDay >= budget.perDay;
  const lefts = [budget.perSession === null ? null : budget.perSession - usedSession, budget.perDay === null ? null : budget.perDay - usedDay].filter((n): n is number => n !== null);
  // With the day spent, the cap opens when enough of the oldest leave: the (used − cap)-th oldest.
  const opener = daySpent && budget.perDay !== null ? inDay[usedDay - budget.perDay] : undefined;
  return {
    perSession: budget.perSession,
    perDay: budget.perDay,
    usedSession,
    usedDay,
    sessionSpent,
    daySpent,
    left: lefts.length === 0 ? null : Math.max(0, Math.min(...lefts)),
    dayOpensAt: opener === undefined ? null : new Date(opener + BUDGET_DAY_MS).toISOString(),
  };
}
