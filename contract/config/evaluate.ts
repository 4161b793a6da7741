import type { Platform } from '../resources/projects';
import { insideDailyWindow, type Schedule } from './schedule';
import { languageMatches, type Targeting } from './targeting';

/**
 * Whether a configuration item is live for one app context: the one evaluation shared by the
 * console's previews and the delivery API (docs/ARCHITECTURE.md "Configuration kinds"), so they
 * cannot disagree. Pure: the caller passes the time, the region groups' members and the user's
 * segment memberships (which only the server can compute: the delivery API does, per request).
 *
 * Every reason an item is not live is reported, not just the first, so a preview can say all that
 * stands between an operator's item and a user ("outside the schedule" and "wrong platform").
 */

/** The app user's situation, as the app reports it. */
export interface EvaluationContext {
  readonly now: Date;
  readonly platform: Platform;
  /**
   * The app's version, 1 to 4 groups of digits (`3`, `2.13`, `2.13.1`); null when unknown, and then
   * (or when it is not such a version) version bounds exclude the item. Compared group by group as
   * numbers, missing groups counting as 0: `3` = `3.0` = `3.0.0` (appVersionParts).
   */
  readonly version: string | null;
  /** ISO 3166-1 alpha-2 region of the user; null when unknown. */
  readonly region: string | null;
  /** BCP 47 language of the app (`zh-Hans-CN`); null when unknown. */
  readonly language: string | null;
  /**
   * The ids of the customer segments the user is in now (at least those the item names); null, or
   * left out, when the user is unknown (signed out, no user id, never seen by the stores), and then
   * an item for some segments is not live. Left out counts as unknown so that a caller who forgets
   * it shows too little, never too much.
   */
  readonly segments?: ReadonlySet<string> | null | undefined;
}

/** The common parts of a published document the evaluation reads. */
export interface EvaluatedParts {
  readonly enabled: boolean;
  readonly schedule?: Schedule | undefined;
  readonly targeting?: Targeting | undefined;
}

/** Region codes of each region group, by group id (the published groups of the project). */
export type RegionGroupMembers = ReadonlyMap<string, ReadonlySet<string>>;

/** Why an item is not live. */
export type NotLiveReason =
  | { readonly code: 'disabled' }
  | { readonly code: 'notStarted'; readonly startsAt: string }
  | { readonly code: 'over'; readonly endsAt: string }
  | { readonly code: 'outsideDailyWindow'; readonly from: string; readonly to: string; readonly timeZone: string }
  | { readonly code: 'platform'; readonly platforms: readonly Platform[] }
  | { readonly code: 'versionUnknown' }
  | { readonly code: 'versionBelow'; readonly minVersion: string }
  | { readonly code: 'versionAbove'; readonly maxVersion: string }
  | { readonly code: 'regionUnknown' }
  | { readonly code: 'regionNotIncluded' }
  | { readonly code: 'regionExcluded'; readonly groupId: string }
  | { readonly code: 'language'; readonly languages: readonly string[] }
  | { readonly code: 'segmentUnknown' }
  | { readonly code: 'segmentNotIncluded'; readonly segments: readonly string[] };

export type NotLiveCode = NotLiveReason['code'];

export interface Evaluation {
  readonly live: boolean;
  readonly reasons: readonly NotLiveReason[];
}

/**
 * The groups of an app version as the app reports it: 1 to 4 groups of 1–9 digits (what the delivery
 * API accepts as `version`), else null. Operators' bounds (minVersion, maxVersion) use the spec's
 * 2–4 groups, a subset of this.
 */
export function appVersionParts(text: string): number[] | null {
  const value = text.trim();
  return /^\d{1,9}(?:\.\d{1,9}){0,3}$/.test(value) ? value.split('.').map(Number) : null;
}

/** Negative, 0 or positive as version `a` is below, equal to or above `b` (missing groups are 0). */
function compareParts(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** Time reasons: enabled, start and end, daily window. */
function scheduleReasons(parts: EvaluatedParts, now: Date): NotLiveReason[] {
  const reasons: NotLiveReason[] = [];
  if (!parts.enabled) reasons.push({ code: 'disabled' });
  const schedule = parts.schedule;
  if (!schedule) return reasons;
  const t = now.getTime();
  if (schedule.startsAt && t < Date.parse(schedule.startsAt)) reasons.push({ code: 'notStarted', startsAt: schedule.startsAt });
  if (schedule.endsAt && t >= Date.parse(schedule.endsAt)) reasons.push({ code: 'over', endsAt: schedule.endsAt });
  if (schedule.daily && !insideDailyWindow(schedule.daily, schedule.timeZone, now)) {
    reasons.push({ code: 'outsideDailyWindow', from: schedule.daily.from, to: schedule.daily.to, timeZone: schedule.timeZone });
  }
  return reasons;
}

/** Audience reasons: platform, version range, region groups, languages, segments. */
function targetingReasons(targeting: Targeting | undefined, context: EvaluationContext, groups: RegionGroupMembers): NotLiveReason[] {
  if (!targeting) return [];
  const reasons: NotLiveReason[] = [];
  if (targeting.platforms.length > 0 && !targeting.platforms.includes(context.platform)) {
    reasons.push({ code: 'platform', platforms: targeting.platforms });
  }
  if (targeting.minVersion || targeting.maxVersion) {
    const version = context.version === null ? null : appVersionParts(context.version);
    if (version === null) reasons.push({ code: 'versionUnknown' });
    else {
      // Bounds passed the targeting schema; one that does not parse bounds nothing.
      const min = targeting.minVersion ? appVersionParts(targeting.minVersion) : null;
      const max = targeting.maxVersion ? appVersionParts(targeting.maxVersion) : null;
      if (targeting.minVersion && min && compareParts(version, min) < 0) reasons.push({ code: 'versionBelow', minVersion: targeting.minVersion });
      if (targeting.maxVersion && max && compareParts(version, max) > 0) reasons.push({ code: 'versionAbove', maxVersion: targeting.maxVersion });
    }
  }
  const { include, exclude } = targeting.regionGroups;
  if (include.length > 0 || exclude.length > 0) {
    const region = context.region?.toUpperCase() ?? null;
    if (region === null) {
      if (include.length > 0) reasons.push({ code: 'regionUnknown' });
    } else {
      if (include.length > 0 && !include.some((id) => groups.get(id)?.has(region))) reasons.push({ code: 'regionNotIncluded' });
      const excludedBy = exclude.find((id) => groups.get(id)?.has(region));
      if (excludedBy) reasons.push({ code: 'regionExcluded', groupId: excludedBy });
    }
  }
  if (targeting.languages.length > 0) {
    const language = context.language;
    if (language === null || !targeting.languages.some((code) => languageMatches(code, language))) {
      reasons.push({ code: 'language', languages: targeting.languages });
    }
  }
  // Documents parsed before segments existed may lack the part: everyone.
  const segments = targeting.segments?.include ?? [];
  if (segments.length > 0) {
    const memberships = context.segments ?? null;
    if (memberships === null) reasons.push({ code: 'segmentUnknown' });
    else if (!segments.some((id) => memberships.has(id))) reasons.push({ code: 'segmentNotIncluded', segments });
  }
  return reasons;
}

/**
 * Whether an item with these common parts is live for `context`, and every reason it is not.
 * A group id the map does not know (deleted, never published) contains no region.
 */
export function evaluateItem(parts: EvaluatedParts, context: EvaluationContext, groups: RegionGroupMembers): Evaluation {
  const reasons = [...scheduleReasons(parts, context.now), ...targetingReasons(parts.targeting, context, groups)];
  return { live: reasons.length === 0, reasons };
}
