import type { ComparisonOperator, DurationUnit } from '../validation';
import { compareWith } from '../validation';
import { evaluateItem, type EvaluationContext, type NotLiveReason, type RegionGroupMembers } from './evaluate';
import { budgetState, type BudgetState, type InterruptionBudget } from './interruption-budget';
import { NEW_USER_DAYS, popupPriorities, type PhoneTier, type PopupAudience, type PopupDocument, type PopupPage, type PopupPriority } from './kinds/popups';

/**
 * Which popup the app shows now, and why every other one is not shown: the one choice shared by
 * the console's popup preview and the app SDKs (docs/evaluation.md "Popups", test vectors in
 * docs/popup-vectors.json). Pure: the caller passes the time, the user's history and the budget.
 *
 * 1. Every popup goes through the core evaluation first (evaluate.ts: enabled, schedule, platform,
 *    version, region, language), then its own rules: audience, page, phone tier, launch condition,
 *    frequency, times per user. Every reason is reported, not only the first.
 * 2. If some are left and the interruption budget is spent (session or day), none shows: each of
 *    them gets the budget's reason.
 * 3. Otherwise the highest priority wins; lower ones are "lost on priority". Among several of the
 *    top priority one is drawn by weight with a seeded hash (same user, same UTC day, same popups:
 *    same result), the others are "lost on weight".
 *
 * Frequency is rolling, counted from the user's last showing: every N hours, days, weeks or 2 weeks
 * is that many times 1 h, 24 h, 7 × 24 h or 14 × 24 h later, whatever the calendar or daylight
 * saving says; every N months or years is the same day and time N calendar months later in UTC,
 * on the month's last day when it has no such day (31 Jan + 1 month = 28 or 29 Feb).
 */

/** The parts of a popup document the choice reads (what docs/popup-vectors.json holds). */
export type PopupRules = Pick<
  PopupDocument,
  'enabled' | 'schedule' | 'targeting' | 'audience' | 'whitelist' | 'pages' | 'frequency' | 'timesPerUser' | 'weight' | 'priority' | 'condition' | 'phoneTiers'
>;

/** A popup live in the environment the app reads, by id. */
export interface LivePopup {
  readonly id: string;
  readonly rules: PopupRules;
}

/** The app user's situation, as the app knows it. */
export interface PopupContext extends EvaluationContext {
  /** The user's id (signed out: the installation's); null when the app has none. */
  readonly userId: string | null;
  readonly subscriber: boolean;
  /** The app's first launch on this device (an instant); null when unknown (neither new nor regular). */
  readonly installedAt: string | null;
  readonly page: PopupPage;
  /** The tier the app rates the phone; null when unknown (popups for chosen tiers then do not show). */
  readonly phoneTier: PhoneTier | null;
  /** Launches of the app including this one. */
  readonly launchCount: number;
  /** When the current session started (an instant). */
  readonly sessionStartedAt: string;
  /** Every showing of each popup to this user, by popup id (instants, any order). */
  readonly shows: Readonly<Record<string, readonly string[]>>;
  /** Every other interruption the budget counts: retention popups, automatic subscription pages. */
  readonly otherInterruptions: readonly string[];
  /** The weighted draw's seed; `<userId>:<YYYY-MM-DD of now in UTC>` unless given. */
  readonly seed?: string | undefined;
}

/** Why a popup is not shown. */
export type PopupReason =
  | NotLiveReason
  | { readonly code: 'audience'; readonly audience: PopupAudience }
  | { readonly code: 'page'; readonly pages: readonly PopupPage[] }
  | { readonly code: 'phoneTier'; readonly tiers: readonly PhoneTier[] }
  | { readonly code: 'condition'; readonly operator: ComparisonOperator; readonly value: number; readonly launchCount: number }
  | { readonly code: 'frequency'; readonly every: number; readonly unit: DurationUnit; readonly lastShownAt: string; readonly nextAt: string }
  | { readonly code: 'timesPerUser'; readonly times: number; readonly shown: number }
  | { readonly code: 'budgetSession'; readonly cap: number; readonly used: number }
  | { readonly code: 'budgetDay'; readonly cap: number; readonly used: number; readonly nextAt: string }
  | { readonly code: 'lostOnPriority'; readonly winner: string; readonly priority: PopupPriority; readonly winnerPriority: PopupPriority }
  | { readonly code: 'lostOnWeight'; readonly winner: string; readonly weight: number; readonly total: number };
export type PopupReasonCode = PopupReason['code'];

/** The groups an operator thinks in: what each reason means for the popup. */
export type PopupReasonGroup = 'schedule' | 'audience' | 'condition' | 'frequency' | 'timesPerUser' | 'budget' | 'priority' | 'weight';

const groupOf: Readonly<Record<PopupReasonCode, PopupReasonGroup>> = {
  disabled: 'schedule',
  notStarted: 'schedule',
  over: 'schedule',
  outsideDailyWindow: 'schedule',
  platform: 'audience',
  versionUnknown: 'audience',
  versionBelow: 'audience',
  versionAbove: 'audience',
  regionUnknown: 'audience',
  regionNotIncluded: 'audience',
  regionExcluded: 'audience',
  language: 'audience',
  segmentUnknown: 'audience',
  segmentNotIncluded: 'audience',
  audience: 'audience',
  page: 'audience',
  phoneTier: 'audience',
  condition: 'condition',
  frequency: 'frequency',
  timesPerUser: 'timesPerUser',
  budgetSession: 'budget',
  budgetDay: 'budget',
  lostOnPriority: 'priority',
  lostOnWeight: 'weight',
};

export function popupReasonGroup(code: PopupReasonCode): PopupReasonGroup {
  return groupOf[code];
}

export interface PopupOutcome {
  readonly id: string;
  readonly shown: boolean;
  readonly reasons: readonly PopupReason[];
}

export interface PopupChoice {
  /** The popup the app shows now, or null. */
  readonly chosen: string | null;
  /** One outcome per popup given, in the order given. */
  readonly outcomes: readonly PopupOutcome[];
  readonly budget: BudgetState;
  /** The weighted draw among equals of the top priority, when there were several. */
  readonly draw: { readonly seed: string; readonly value: number; readonly candidates: readonly string[] } | null;
}

// ---------------------------------------------------------------------------------------------
// Time

const HOUR_MS = 3_600_000;
const fixedUnits: Partial<Readonly<Record<DurationUnit, number>>> = { hour: HOUR_MS, day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, twoWeeks: 14 * 24 * HOUR_MS };

/** `instant` plus `every` units (see the module comment: fixed lengths, calendar months in UTC). */
export function addInterval(instant: number, every: number, unit: DurationUnit): number {
  const fixed = fixedUnits[unit];
  if (fixed !== undefined) return instant + every * fixed;
  const months = unit === 'year' ? every * 12 : every;
  const date = new Date(instant);
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

// ---------------------------------------------------------------------------------------------
// The seeded draw

/** The UTF-8 bytes of a text (contract/ uses neither TextEncoder's DOM nor Node's types). */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

/**
 * A number in [0, 1) from a text, the same on every platform: 32-bit FNV-1a over its UTF-8 bytes,
 * then MurmurHash3's finalizer (so texts that differ in one character land far apart), divided by 2³².
 */
export function seededUnit(seed: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8(seed)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** The draw's seed for a user on the UTC day of `now`. */
export function defaultSeed(userId: string | null, now: Date): string {
  return `${userId ?? ''}:${now.toISOString().slice(0, 10)}`;
}

/**
 * Draws one of `candidates` in proportion to their weights: sorted by id (code-unit order), the one
 * whose cumulative weight first exceeds `value × total`.
 */
export function drawByWeight<T extends { readonly id: string; readonly weight: number }>(candidates: readonly T[], value: number): T {
  const sorted = [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const total = sorted.reduce((sum, c) => sum + c.weight, 0);
  const target = value * total;
  let cumulative = 0;
  for (const candidate of sorted) {
    cumulative += candidate.weight;
    if (target < cumulative) return candidate;
  }
  return sorted[sorted.length - 1] as T;
}

// ---------------------------------------------------------------------------------------------
// The rules of one popup

const DAY_MS = 24 * HOUR_MS;

function inAudience(rules: PopupRules, context: PopupContext): boolean {
  const listed = context.userId !== null && rules.whitelist.includes(context.userId);
  const installed = context.installedAt === null ? Number.NaN : Date.parse(context.installedAt);
  const age = context.now.getTime() - installed;
  switch (rules.audience) {
    case 'all':
      return true;
    case 'subscribers':
      return context.subscriber;
    case 'nonSubscribers':
      return !context.subscriber;
    case 'whitelist':
      return listed;
    case 'whitelistAndNonSubscribers':
      return listed || !context.subscriber;
    case 'new':
      return !Number.isNaN(age) && age < NEW_USER_DAYS * DAY_MS;
    case 'regular':
      return !Number.isNaN(age) && age >= NEW_USER_DAYS * DAY_MS;
    default: {
      const unknown: never = rules.audience;
      throw new RangeError(`Unknown audience ${String(unknown)}`);
    }
  }
}

/** The popup's own reasons, after the core evaluation's: audience, page, tier, condition, frequency, times. */
function popupReasons(rules: PopupRules, shows: readonly string[], context: PopupContext): PopupReason[] {
  const reasons: PopupReason[] = [];
  if (!inAudience(rules, context)) reasons.push({ code: 'audience', audience: rules.audience });
  if (!rules.pages.includes(context.page)) reasons.push({ code: 'page', pages: rules.pages });
  if (rules.phoneTiers.length > 0 && (context.phoneTier === null || !rules.phoneTiers.includes(context.phoneTier))) reasons.push({ code: 'phoneTier', tiers: rules.phoneTiers });
  if (rules.condition && !compareWith(rules.condition.operator, context.launchCount, rules.condition.value)) {
    reasons.push({ code: 'condition', operator: rules.condition.operator, value: rules.condition.value, launchCount: context.launchCount });
  }
  const times = shows.map((at) => Date.parse(at)).filter((at) => !Number.isNaN(at));
  if (times.length > 0) {
    const last = Math.max(...times);
    const next = addInterval(last, rules.frequency.every, rules.frequency.unit);
    if (context.now.getTime() < next) {
      reasons.push({ code: 'frequency', every: rules.frequency.every, unit: rules.frequency.unit, lastShownAt: new Date(last).toISOString(), nextAt: new Date(next).toISOString() });
    }
  }
  if (rules.timesPerUser !== null && rules.timesPerUser !== undefined && times.length >= rules.timesPerUser) {
    reasons.push({ code: 'timesPerUser', times: rules.timesPerUser, shown: times.length });
  }
  return reasons;
}

const rank = (priority: PopupPriority): number => popupPriorities.length - popupPriorities.indexOf(priority);

/** See the module comment. */
export function choosePopup(popups: readonly LivePopup[], context: PopupContext, budget: InterruptionBudget, groups: RegionGroupMembers): PopupChoice {
  const reasons = new Map<string, PopupReason[]>();
  const eligible: LivePopup[] = [];
  for (const popup of popups) {
    const own = [...evaluateItem(popup.rules, context, groups).reasons, ...popupReasons(popup.rules, context.shows[popup.id] ?? [], context)];
    reasons.set(popup.id, own);
    if (own.length === 0) eligible.push(popup);
  }
  const state = budgetState(budget, [...Object.values(context.shows).flat(), ...context.otherInterruptions], context.sessionStartedAt, context.now);
  let chosen: LivePopup | null = null;
  let draw: PopupChoice['draw'] = null;
  if (eligible.length > 0 && (state.sessionSpent || state.daySpent)) {
    for (const popup of eligible) {
      const own = reasons.get(popup.id) as PopupReason[];
      if (state.sessionSpent) own.push({ code: 'budgetSession', cap: state.perSession as number, used: state.usedSession });
      if (state.daySpent) own.push({ code: 'budgetDay', cap: state.perDay as number, used: state.usedDay, nextAt: state.dayOpensAt as string });
    }
  } else if (eligible.length > 0) {
    const top = Math.max(...eligible.map((popup) => rank(popup.rules.priority)));
    const equals = eligible.filter((popup) => rank(popup.rules.priority) === top);
    if (equals.length === 1) chosen = equals[0] as LivePopup;
    else {
      const seed = context.seed ?? defaultSeed(context.userId, context.now);
      const value = seededUnit(seed);
      const winner = drawByWeight(
        equals.map((popup) => ({ id: popup.id, weight: popup.rules.weight, popup })),
        value,
      );
      chosen = winner.popup;
      draw = { seed, value, candidates: equals.map((popup) => popup.id).sort() };
    }
    const winner = chosen;
    const total = equals.reduce((sum, popup) => sum + popup.rules.weight, 0);
    for (const popup of eligible) {
      if (popup === winner) continue;
      const own = reasons.get(popup.id) as PopupReason[];
      if (rank(popup.rules.priority) < top) own.push({ code: 'lostOnPriority', winner: winner.id, priority: popup.rules.priority, winnerPriority: winner.rules.priority });
      else own.push({ code: 'lostOnWeight', winner: winner.id, weight: popup.rules.weight, total });
    }
  }
  return {
    chosen: chosen?.id ?? null,
    outcomes: popups.map((popup) => ({ id: popup.id, shown: popup === chosen, reasons: reasons.get(popup.id) ?? [] })),
    budget: state,
    draw,
  };
}
