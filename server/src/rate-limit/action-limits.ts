/**
 * The limits of the costly actions an operator with a valid session can repeat: every limit in one
 * place. A runaway script or a stuck retry loop must not fill the disk, spam invitees or hammer a
 * customer's endpoint; a person working normally never meets these numbers.
 *
 * | action           | subject     | limit                                    | enforced in                                          |
 * |------------------|-------------|------------------------------------------|------------------------------------------------------|
 * | `upload`         | user id     | 200 files and 2 GiB received per hour    | domains/media/routes.ts (upload route)               |
 * | `invitationMail` | project id  | 50 invitation mails per hour             | domains/projects/service.ts `ProjectsService.invite` |
 * | `webhookTest`    | webhook id  | 10 test deliveries per 10 minutes        | domains/integrations/service.ts `IntegrationsService.test` |
 *
 * Uploads are counted per person (one operator's script should not lock the whole project out, and
 * a person uploading to many projects is still one source of disk use); invitation mails per
 * project (whoever sends them, they go out in the project's name); test deliveries per endpoint (the
 * customer's server is what needs protecting).
 *
 * A refusal is 1006 with `Retry-After` (rate-limit/action-limiter.ts). Tests pass smaller numbers
 * through `AppDeps.actionLimits`.
 *
 * The limits of password change and password reset, which anyone can attempt, are counted the same
 * way but belong to the auth policy: `AUTH_LIMITS` in domains/auth/rate-limit.ts.
 */

export const actionNames = ['upload', 'invitationMail', 'webhookTest'] as const;
export type ActionName = (typeof actionNames)[number];

/** One action's budget per subject and window. */
export interface ActionLimit {
  /** At most this many actions per window. */
  readonly count: number;
  /** At most this much of the action's amount per window (uploads: bytes received); no limit when absent. */
  readonly amount?: number;
  /** The window length; windows are fixed and aligned to multiples of it since the Unix epoch. */
  readonly windowMs: number;
}

/** A budget for each of a set of actions: what an ActionLimiter enforces. */
export type LimitTable<A extends string> = { readonly [K in A]: ActionLimit };

export type ActionLimits = LimitTable<ActionName>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const GIB = 1024 ** 3;

export const ACTION_LIMITS: ActionLimits = {
  upload: { count: 200, amount: 2 * GIB, windowMs: HOUR_MS },
  invitationMail: { count: 50, windowMs: HOUR_MS },
  webhookTest: { count: 10, windowMs: 10 * MINUTE_MS },
};

/** The limits with some replaced (tests, benchmarks). */
export function actionLimitsWith(overrides: Partial<ActionLimits> = {}): ActionLimits {
  return { ...ACTION_LIMITS, ...overrides };
}

/** The fixed window `now` falls in: [start, end). */
export function windowAt(now: Date, windowMs: number): { readonly start: Date; readonly end: Date } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}
