import { fileURLToPath } from 'node:url';
import type { PopupReasonCode } from '@contract/config/popup-choice';

/**
 * The popup choice's test vectors for SDK authors (docs/popup-vectors.json): popups (the parts of
 * their documents the choice reads), users' contexts with their history, budgets and, written here by
 * hand, which popup shows and why each other one does not. tests/contract/config/popup-vectors.test.ts
 * runs them against contract/config/popup-choice.ts and checks the committed file is what this
 * renders (`npx tsx scripts/gen-popup-vectors.ts` after a change).
 */

export const popupVectorsPath = fileURLToPath(new URL('../../../docs/popup-vectors.json', import.meta.url));

const everyone = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] };
const open = { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null };

const popup = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  schedule: open,
  targeting: everyone,
  audience: 'all',
  whitelist: [],
  pages: ['home'],
  frequency: { every: 1, unit: 'day' },
  timesPerUser: null,
  weight: 1,
  priority: 'medium',
  condition: null,
  phoneTiers: [],
  ...extra,
});

/** The popups of the vectors, by id. */
const popups = {
  welcome: popup(),
  highPriority: popup({ priority: 'high' }),
  lowPriority: popup({ priority: 'low' }),
  subscribersOnly: popup({ audience: 'subscribers' }),
  freeOnly: popup({ audience: 'nonSubscribers' }),
  newUsers: popup({ audience: 'new' }),
  regularUsers: popup({ audience: 'regular' }),
  whitelisted: popup({ audience: 'whitelist', whitelist: ['qa-1', 'qa-2'] }),
  whitelistOrFree: popup({ audience: 'whitelistAndNonSubscribers', whitelist: ['qa-1'] }),
  saveAndShare: popup({ pages: ['save', 'share'] }),
  highTier: popup({ phoneTiers: ['high'] }),
  thirdLaunch: popup({ condition: { operator: 'gte', value: 3 } }),
  tenthLaunch: popup({ condition: { operator: 'eq', value: 10 } }),
  fewLaunches: popup({ condition: { operator: 'lt', value: 3 } }),
  atMostThree: popup({ condition: { operator: 'lte', value: 3 } }),
  moreThanThree: popup({ condition: { operator: 'gt', value: 3 } }),
  sixHourly: popup({ frequency: { every: 6, unit: 'hour' } }),
  weekly: popup({ frequency: { every: 1, unit: 'week' } }),
  fortnightly: popup({ frequency: { every: 1, unit: 'twoWeeks' } }),
  monthly: popup({ frequency: { every: 1, unit: 'month' } }),
  yearly: popup({ frequency: { every: 1, unit: 'year' } }),
  twice: popup({ timesPerUser: 2, frequency: { every: 1, unit: 'hour' } }),
  light: popup({ weight: 1 }),
  heavy: popup({ weight: 3 }),
  androidOnly: popup({ targeting: { ...everyone, platforms: ['android'] } }),
  ended: popup({ schedule: { ...open, endsAt: '2026-06-01T00:00:00Z' } }),
  everything: popup({
    enabled: false,
    targeting: { ...everyone, platforms: ['android'] },
    audience: 'subscribers',
    pages: ['share'],
    phoneTiers: ['low'],
    condition: { operator: 'gt', value: 100 },
    timesPerUser: 1,
  }),
} as const;

type PopupId = keyof typeof popups;

interface Context {
  readonly now: string;
  readonly platform: 'ios' | 'android';
  readonly version: string | null;
  readonly region: string | null;
  readonly language: string | null;
  readonly userId: string | null;
  readonly subscriber: boolean;
  readonly installedAt: string | null;
  readonly page: 'home' | 'editing' | 'selfie' | 'save' | 'share';
  readonly phoneTier: 'low' | 'mid' | 'high' | null;
  readonly launchCount: number;
  readonly sessionStartedAt: string;
  readonly shows: Readonly<Partial<Record<PopupId | 'retired', readonly string[]>>>;
  readonly otherInterruptions: readonly string[];
  readonly seed?: string;
}

const base: Context = {
  now: '2026-06-15T12:00:00.000Z',
  platform: 'ios',
  version: '2.0.0',
  region: 'US',
  language: 'en-US',
  userId: 'user-1',
  subscriber: false,
  installedAt: '2026-01-01T00:00:00.000Z',
  page: 'home',
  phoneTier: 'mid',
  launchCount: 5,
  sessionStartedAt: '2026-06-15T11:50:00.000Z',
  shows: {},
  otherInterruptions: [],
};

interface Budget {
  readonly perSession: number | null;
  readonly perDay: number | null;
}

export interface PopupVectorCase {
  readonly description: string;
  readonly popups: readonly PopupId[];
  readonly context: Context;
  readonly budget: Budget;
  /** The popup the app shows, or null. */
  readonly chosen: PopupId | null;
  /** For each popup offered, every reason it is not shown, in the choice's order (empty for the chosen one). */
  readonly reasons: Readonly<Partial<Record<PopupId, readonly PopupReasonCode[]>>>;
  /**
   * The fields an SDK must also get right for some reasons, by popup: `lostOnPriority`'s `winner` (the
   * popup that won) and `budgetDay`'s `nextAt` (when the day's cap opens again). Left out when none.
   */
  readonly details?: Readonly<Partial<Record<PopupId, ReadonlyArray<ReasonDetail>>>>;
}

/** The fields of one reason that the vectors pin. */
export type ReasonDetail = { readonly code: 'lostOnPriority'; readonly winner: PopupId } | { readonly code: 'budgetDay'; readonly nextAt: string };

/** A case with the fields of its reasons. */
const detailed = (vector: PopupVectorCase, details: Partial<Record<PopupId, ReadonlyArray<ReasonDetail>>>): PopupVectorCase => ({ ...vector, details });

const unlimited: Budget = { perSession: null, perDay: null };

const at = (
  description: string,
  offered: readonly PopupId[],
  context: Partial<Context>,
  chosen: PopupId | null,
  reasons: Partial<Record<PopupId, readonly PopupReasonCode[]>> = {},
  budget: Budget = unlimited,
): PopupVectorCase => ({
  description,
  popups: offered,
  context: { ...base, ...context },
  budget,
  chosen,
  reasons: Object.fromEntries(offered.map((id) => [id, reasons[id] ?? []])),
});

export const popupCases: readonly PopupVectorCase[] = [
  at('one popup for everyone: shown', ['welcome'], {}, 'welcome'),
  at('nothing to offer: nothing shown', [], {}, null),
  at('the core evaluation comes first: another platform', ['androidOnly', 'welcome'], {}, 'welcome', { androidOnly: ['platform'] }),
  at('the core evaluation comes first: a schedule that is over', ['ended'], {}, null, { ended: ['over'] }),

  at('audience Subscription: a non-subscriber is not in it', ['subscribersOnly', 'welcome'], {}, 'welcome', { subscribersOnly: ['audience'] }),
  at('audience Subscription: a subscriber', ['subscribersOnly'], { subscriber: true }, 'subscribersOnly'),
  at('audience Non-subscription: a subscriber is not in it', ['freeOnly'], { subscriber: true }, null, { freeOnly: ['audience'] }),
  at('audience New users: first launch 6 days 23:59:59 ago', ['newUsers'], { installedAt: '2026-06-08T12:00:01.000Z' }, 'newUsers'),
  at('audience New users: first launch exactly 7 days ago is no longer new', ['newUsers'], { installedAt: '2026-06-08T12:00:00.000Z' }, null, { newUsers: ['audience'] }),
  at('audience Regular users: first launch exactly 7 days ago', ['regularUsers'], { installedAt: '2026-06-08T12:00:00.000Z' }, 'regularUsers'),
  at('audience Regular users: first launch 6 days 23:59:59 ago is not yet regular', ['regularUsers'], { installedAt: '2026-06-08T12:00:01.000Z' }, null, { regularUsers: ['audience'] }),
  at('an unknown first launch is neither new nor regular', ['newUsers', 'regularUsers'], { installedAt: null }, null, { newUsers: ['audience'], regularUsers: ['audience'] }),
  at('audience Whitelist: a listed user id', ['whitelisted'], { userId: 'qa-2' }, 'whitelisted'),
  at('audience Whitelist: an unlisted user id', ['whitelisted'], {}, null, { whitelisted: ['audience'] }),
  at('audience Whitelist: user ids compare exactly (case matters)', ['whitelisted'], { userId: 'QA-1' }, null, { whitelisted: ['audience'] }),
  at('audience Whitelist: no user id', ['whitelisted'], { userId: null }, null, { whitelisted: ['audience'] }),
  at('Whitelist and non-subscription: a whitelisted subscriber', ['whitelistOrFree'], { userId: 'qa-1', subscriber: true }, 'whitelistOrFree'),
  at('Whitelist and non-subscription: any non-subscriber', ['whitelistOrFree'], {}, 'whitelistOrFree'),
  at('Whitelist and non-subscription: an unlisted subscriber', ['whitelistOrFree'], { subscriber: true }, null, { whitelistOrFree: ['audience'] }),

  at('pages: not on this page', ['saveAndShare'], {}, null, { saveAndShare: ['page'] }),
  at('pages: on one of its pages', ['saveAndShare'], { page: 'share' }, 'saveAndShare'),
  at('phone tier: another tier', ['highTier'], {}, null, { highTier: ['phoneTier'] }),
  at('phone tier: an unknown tier', ['highTier'], { phoneTier: null }, null, { highTier: ['phoneTier'] }),
  at('phone tier: its tier', ['highTier'], { phoneTier: 'high' }, 'highTier'),

  at('condition ≥ 3: the 2nd launch', ['thirdLaunch'], { launchCount: 2 }, null, { thirdLaunch: ['condition'] }),
  at('condition ≥ 3: the 3rd launch', ['thirdLaunch'], { launchCount: 3 }, 'thirdLaunch'),
  at('condition = 10: the 9th launch', ['tenthLaunch'], { launchCount: 9 }, null, { tenthLaunch: ['condition'] }),
  at('condition = 10: the 10th launch', ['tenthLaunch'], { launchCount: 10 }, 'tenthLaunch'),
  at('condition = 10: the 11th launch', ['tenthLaunch'], { launchCount: 11 }, null, { tenthLaunch: ['condition'] }),
  at('condition < 3: the 2nd launch', ['fewLaunches'], { launchCount: 2 }, 'fewLaunches'),
  at('condition < 3: the 3rd launch', ['fewLaunches'], { launchCount: 3 }, null, { fewLaunches: ['condition'] }),
  at('condition ≤ 3: the 3rd launch', ['atMostThree'], { launchCount: 3 }, 'atMostThree'),
  at('condition ≤ 3: the 4th launch', ['atMostThree'], { launchCount: 4 }, null, { atMostThree: ['condition'] }),
  at('condition > 3: the 3rd launch', ['moreThanThree'], { launchCount: 3 }, null, { moreThanThree: ['condition'] }),
  at('condition > 3: the 4th launch', ['moreThanThree'], { launchCount: 4 }, 'moreThanThree'),

  at('every 1 day: shown 23:59:59.999 ago', ['welcome'], { shows: { welcome: ['2026-06-14T12:00:00.001Z'] } }, null, { welcome: ['frequency'] }),
  at('every 1 day: shown exactly 24 hours ago', ['welcome'], { shows: { welcome: ['2026-06-14T12:00:00.000Z'] } }, 'welcome'),
  at('every 1 day is rolling, not the calendar day: shown at 23:59, asked at 00:01 the next day', ['welcome'], { now: '2026-06-16T00:01:00.000Z', shows: { welcome: ['2026-06-15T23:59:00.000Z'] } }, null, { welcome: ['frequency'] }),
  at('frequency counts from the last showing, whatever the order given', ['welcome'], { shows: { welcome: ['2026-06-15T02:00:00.000Z', '2026-01-01T00:00:00.000Z'] } }, null, { welcome: ['frequency'] }),
  at('every 6 hours: shown exactly 6 hours ago', ['sixHourly'], { shows: { sixHourly: ['2026-06-15T06:00:00.000Z'] } }, 'sixHourly'),
  at('every 6 hours: shown 5:59:59 ago', ['sixHourly'], { shows: { sixHourly: ['2026-06-15T06:00:01.000Z'] } }, null, { sixHourly: ['frequency'] }),
  at('every week: shown exactly 7 days ago', ['weekly'], { shows: { weekly: ['2026-06-08T12:00:00.000Z'] } }, 'weekly'),
  at('every week: 7 × 24 hours even across a daylight saving change', ['weekly'], { now: '2026-03-31T11:59:59.000Z', shows: { weekly: ['2026-03-24T12:00:00.000Z'] } }, null, { weekly: ['frequency'] }),
  at('every 2 weeks: shown 13 days ago', ['fortnightly'], { shows: { fortnightly: ['2026-06-02T12:00:00.000Z'] } }, null, { fortnightly: ['frequency'] }),
  at('every 2 weeks: shown exactly 14 days ago', ['fortnightly'], { shows: { fortnightly: ['2026-06-01T12:00:00.000Z'] } }, 'fortnightly'),
  at('every month: 31 January + 1 month is 28 February (a second before)', ['monthly'], { now: '2026-02-28T09:59:59.000Z', shows: { monthly: ['2026-01-31T10:00:00.000Z'] } }, null, { monthly: ['frequency'] }),
  at('every month: 31 January + 1 month is 28 February', ['monthly'], { now: '2026-02-28T10:00:00.000Z', shows: { monthly: ['2026-01-31T10:00:00.000Z'] } }, 'monthly'),
  at('every month: in a leap year 31 January + 1 month is 29 February', ['monthly'], { now: '2028-02-28T10:00:00.000Z', shows: { monthly: ['2028-01-31T10:00:00.000Z'] } }, null, { monthly: ['frequency'] }),
  at('every month: 15 June + 1 month is 15 July, not 30 days', ['monthly'], { now: '2026-07-15T11:59:59.000Z', shows: { monthly: ['2026-06-15T12:00:00.000Z'] } }, null, { monthly: ['frequency'] }),
  at('every year: 29 February + 1 year is 28 February', ['yearly'], { now: '2025-02-28T08:00:00.000Z', shows: { yearly: ['2024-02-29T08:00:00.000Z'] } }, 'yearly'),
  at('every year: a second before the year is over', ['yearly'], { now: '2027-06-15T11:59:59.000Z', shows: { yearly: ['2026-06-15T12:00:00.000Z'] } }, null, { yearly: ['frequency'] }),
  at('2 times per user: shown once', ['twice'], { shows: { twice: ['2026-06-01T00:00:00.000Z'] } }, 'twice'),
  at('2 times per user: shown twice', ['twice'], { shows: { twice: ['2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'] } }, null, { twice: ['timesPerUser'] }),

  detailed(at('priority: high wins over medium', ['welcome', 'highPriority'], {}, 'highPriority', { welcome: ['lostOnPriority'] }), {
    welcome: [{ code: 'lostOnPriority', winner: 'highPriority' }],
  }),
  detailed(at('priority: medium wins over low', ['lowPriority', 'welcome'], {}, 'welcome', { lowPriority: ['lostOnPriority'] }), {
    lowPriority: [{ code: 'lostOnPriority', winner: 'welcome' }],
  }),
  at('priority: only popups that could show compete', ['highPriority', 'welcome'], { shows: { highPriority: ['2026-06-15T11:00:00.000Z'] } }, 'welcome', { highPriority: ['frequency'] }),
  at('weight 3 : 1, candidates by id (heavy, light): draw 0.054 falls in heavy’s first 3/4', ['light', 'heavy'], { seed: 'vector-seed-low' }, 'heavy', { light: ['lostOnWeight'] }),
  at('weight 3 : 1: draw 0.742, just below 3/4, is still heavy’s', ['light', 'heavy'], { seed: 'seed-g' }, 'heavy', { light: ['lostOnWeight'] }),
  at('weight 3 : 1: draw 0.851, in the last 1/4, is light’s', ['light', 'heavy'], { seed: 'seed-b' }, 'light', { heavy: ['lostOnWeight'] }),
  at('weight: the default seed is the user id and the UTC day (user-42:2026-06-15 draws 0.218)', ['light', 'heavy'], { userId: 'user-42' }, 'heavy', { light: ['lostOnWeight'] }),
  detailed(
    at('priority before weight: the high one wins, the others lose on priority', ['light', 'heavy', 'highPriority'], {}, 'highPriority', { light: ['lostOnPriority'], heavy: ['lostOnPriority'] }),
    { light: [{ code: 'lostOnPriority', winner: 'highPriority' }], heavy: [{ code: 'lostOnPriority', winner: 'highPriority' }] },
  ),

  at('budget 2 per session: two interruptions this session', ['welcome', 'highPriority'], { otherInterruptions: ['2026-06-15T11:51:00.000Z', '2026-06-15T11:55:00.000Z'] }, null, { welcome: ['budgetSession'], highPriority: ['budgetSession'] }, { perSession: 2, perDay: null }),
  at('budget 2 per session: one this session, one before it', ['welcome'], { otherInterruptions: ['2026-06-15T11:49:59.000Z', '2026-06-15T11:55:00.000Z'] }, 'welcome', {}, { perSession: 2, perDay: null }),
  at('budget: an interruption at the session start counts', ['welcome'], { otherInterruptions: ['2026-06-15T11:50:00.000Z'] }, null, { welcome: ['budgetSession'] }, { perSession: 1, perDay: null }),
  detailed(
    at('budget 3 per day: three in the last 24 hours, one before this session; the cap opens when the oldest is 24 hours old', ['welcome'], { otherInterruptions: ['2026-06-14T12:00:00.001Z', '2026-06-15T11:51:00.000Z', '2026-06-15T11:52:00.000Z'] }, null, { welcome: ['budgetDay'] }, { perSession: 3, perDay: 3 }),
    { welcome: [{ code: 'budgetDay', nextAt: '2026-06-15T12:00:00.001Z' }] },
  ),
  at('budget 3 per day: one exactly 24 hours ago has left the window', ['welcome'], { otherInterruptions: ['2026-06-14T12:00:00.000Z', '2026-06-15T11:51:00.000Z', '2026-06-15T11:52:00.000Z'] }, 'welcome', {}, { perSession: 3, perDay: 3 }),
  at('budget: showings of popups not offered count too', ['welcome'], { shows: { retired: ['2026-06-15T11:55:00.000Z'] } }, null, { welcome: ['budgetSession'] }, { perSession: 1, perDay: 5 }),
  detailed(at('budget: both caps spent', ['welcome'], { otherInterruptions: ['2026-06-15T11:51:00.000Z'] }, null, { welcome: ['budgetSession', 'budgetDay'] }, { perSession: 1, perDay: 1 }), {
    welcome: [{ code: 'budgetDay', nextAt: '2026-06-16T11:51:00.000Z' }],
  }),
  at('budget: a popup that could not show anyway keeps its own reasons only', ['freeOnly', 'welcome'], { subscriber: true, otherInterruptions: ['2026-06-15T11:51:00.000Z'] }, null, { freeOnly: ['audience'], welcome: ['budgetSession'] }, { perSession: 1, perDay: null }),

  at(
    'every reason at once, in order: core evaluation, audience, page, tier, condition, frequency, times per user',
    ['everything'],
    { page: 'home', launchCount: 3, shows: { everything: ['2026-06-15T11:00:00.000Z'] } },
    null,
    { everything: ['disabled', 'platform', 'audience', 'page', 'phoneTier', 'condition', 'frequency', 'timesPerUser'] },
  ),
];

/** The file's content: what SDK authors read. */
export function renderPopupVectors(): string {
  const file = {
    description:
      'Test vectors of the popup choice (docs/evaluation.md "Popups"). For each case, choose among `popups[id]` for each id in `case.popups` (in that order), for `case.context` with `case.budget` and `regionGroups`; the app shows `chosen` (null: none), and every popup offered must get exactly the reasons listed, in this order; where a case has `details`, those reasons also carry the fields given (`lostOnPriority`: `winner`, the popup shown instead; `budgetDay`: `nextAt`, the instant the day\'s cap opens again).',
    version: 2,
    regionGroups: {},
    popups,
    cases: popupCases,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
