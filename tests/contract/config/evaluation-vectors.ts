import { fileURLToPath } from 'node:url';
import type { NotLiveCode } from '@contract/config';

/**
 * The evaluation's test vectors for SDK authors (docs/evaluation-vectors.json): items, region groups,
 * contexts (with the user's segment memberships, as the delivery API's entitlements route answers
 * them) and, written here by hand, whether each item is live and why not. The iOS and Android SDKs
 * run the same file against their own evaluation; tests/contract/config/evaluation-vectors.test.ts
 * runs it against contract/config/evaluate.ts and checks the committed file is what this renders
 * (`npx tsx scripts/gen-evaluation-vectors.ts` after a change).
 */

export const vectorsPath = fileURLToPath(new URL('../../../docs/evaluation-vectors.json', import.meta.url));

const CHINA = '00000000-0000-4000-8000-0000000000c1';
const EU = '00000000-0000-4000-8000-0000000000e1';
const GONE = '00000000-0000-4000-8000-0000000000ff';
const PAYERS = '00000000-0000-4000-8000-0000000005a1';
const LAPSED = '00000000-0000-4000-8000-0000000005a2';
const OTHER = '00000000-0000-4000-8000-0000000005a3';

const everyone = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } };
/** A targeting saved before segments existed: no `segments` part, which means everyone. */
const { segments: _none, ...beforeSegments } = everyone;
const open = { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null };

/** The items of the vectors: common parts only (what the evaluation reads). */
const items = {
  always: { enabled: true, schedule: open, targeting: everyone },
  disabled: { enabled: false, schedule: open, targeting: everyone },
  spring: { enabled: true, schedule: { startsAt: '2026-03-01T00:00:00+08:00', endsAt: '2026-04-01T00:00:00+08:00', timeZone: 'Asia/Shanghai', daily: null }, targeting: everyone },
  daily: { enabled: true, schedule: { startsAt: null, endsAt: null, timeZone: 'Europe/Berlin', daily: { from: '09:00', to: '21:00' } }, targeting: everyone },
  night: { enabled: true, schedule: { startsAt: null, endsAt: null, timeZone: 'America/New_York', daily: { from: '22:00', to: '02:00' } }, targeting: everyone },
  iosOnly: { enabled: true, schedule: open, targeting: { ...everyone, platforms: ['ios'] } },
  versions: { enabled: true, schedule: open, targeting: { ...everyone, minVersion: '1.9.9', maxVersion: '2.10' } },
  china: { enabled: true, schedule: open, targeting: { ...everyone, regionGroups: { include: [CHINA], exclude: [] } } },
  notEu: { enabled: true, schedule: open, targeting: { ...everyone, regionGroups: { include: [], exclude: [EU] } } },
  goneGroup: { enabled: true, schedule: open, targeting: { ...everyone, regionGroups: { include: [GONE], exclude: [] } } },
  chinese: { enabled: true, schedule: open, targeting: { ...everyone, languages: ['zh'] } },
  traditional: { enabled: true, schedule: open, targeting: { ...everyone, languages: ['zh-Hant'] } },
  payersOrLapsed: { enabled: true, schedule: open, targeting: { ...everyone, segments: { include: [PAYERS, LAPSED] } } },
  noSegmentsPart: { enabled: true, schedule: open, targeting: beforeSegments },
  everything: {
    enabled: false,
    schedule: { startsAt: '2030-01-01T00:00:00Z', endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: ['android'], minVersion: '3.0', maxVersion: null, regionGroups: { include: [CHINA], exclude: [] }, languages: ['ja'], segments: { include: [PAYERS] } },
  },
} as const;

type ItemName = keyof typeof items;

interface Context {
  readonly now: string;
  readonly platform: 'ios' | 'android';
  readonly version: string | null;
  readonly region: string | null;
  readonly language: string | null;
  /** The user segments the user is in (ids); null when the user is unknown. */
  readonly segments: readonly string[] | null;
}

const base: Context = { now: '2026-06-15T12:00:00Z', platform: 'ios', version: '2.0.0', region: 'US', language: 'en-US', segments: null };

export interface VectorCase {
  readonly description: string;
  readonly item: ItemName;
  readonly context: Context;
  /** Every reason the item is not live, in the evaluation's order; empty when it is live. */
  readonly reasons: readonly NotLiveCode[];
}

const at = (item: ItemName, description: string, context: Partial<Context>, reasons: readonly NotLiveCode[] = []): VectorCase => ({
  description,
  item,
  context: { ...base, ...context },
  reasons,
});

export const cases: readonly VectorCase[] = [
  at('always', 'no schedule bounds and no audience: live for anyone', {}),
  at('always', 'unknown version, region and language do not matter without an audience', { version: null, region: null, language: null }),
  at('disabled', 'a disabled item is never live', {}, ['disabled']),
  at('spring', 'before its start (one second before 2026-03-01 00:00 in Shanghai)', { now: '2026-02-28T15:59:59Z' }, ['notStarted']),
  at('spring', 'at its start exactly: live', { now: '2026-02-28T16:00:00Z' }),
  at('spring', 'one second before its end: live', { now: '2026-03-31T15:59:59Z' }),
  at('spring', 'at its end exactly: over', { now: '2026-03-31T16:00:00Z' }, ['over']),
  at('daily', 'inside the daily window, read in Berlin (summer time: 09:00 = 07:00Z)', { now: '2026-06-15T07:00:00Z' }),
  at('daily', 'one minute before the window opens', { now: '2026-06-15T06:59:00Z' }, ['outsideDailyWindow']),
  at('daily', 'the end minute is outside the window (21:00 Berlin = 19:00Z in summer)', { now: '2026-06-15T19:00:00Z' }, ['outsideDailyWindow']),
  at('daily', 'winter time moves the window: 09:00 Berlin = 08:00Z in January', { now: '2026-01-15T07:30:00Z' }, ['outsideDailyWindow']),
  at('night', 'a window across midnight: 23:30 in New York', { now: '2026-06-16T03:30:00Z' }),
  at('night', 'a window across midnight: 01:59 in New York', { now: '2026-06-16T05:59:00Z' }),
  at('night', 'a window across midnight: 02:00 in New York is outside', { now: '2026-06-16T06:00:00Z' }, ['outsideDailyWindow']),
  at('iosOnly', 'for iOS only: an iOS app', {}),
  at('iosOnly', 'for iOS only: an Android app', { platform: 'android' }, ['platform']),
  at('versions', 'the lowest version itself is in range (bounds are inclusive)', { version: '1.9.9' }),
  at('versions', 'below the lowest version', { version: '1.9.8' }, ['versionBelow']),
  at('versions', 'versions compare part by part: 1.10.0 is after 1.9.9', { version: '1.10.0' }),
  at('versions', 'a missing part counts as 0: 2.10.0 equals the highest version 2.10', { version: '2.10.0' }),
  at('versions', 'above the highest version', { version: '2.10.1' }, ['versionAbove']),
  at('versions', 'an unknown version with a version range', { version: null }, ['versionUnknown']),
  at('versions', 'a version that is not one counts as unknown', { version: 'beta' }, ['versionUnknown']),
  at('versions', 'one group is a version (the delivery API accepts 1 to 4): 2 is 2.0, in range', { version: '2' }),
  at('versions', 'one group below the lowest version: 1 is 1.0', { version: '1' }, ['versionBelow']),
  at('versions', 'one group above the highest version: 3 is 3.0', { version: '3' }, ['versionAbove']),
  at('versions', 'four groups compare like the rest: 2.10.0.0 equals 2.10', { version: '2.10.0.0' }),
  at('versions', 'five groups are not a version', { version: '2.0.0.0.1' }, ['versionUnknown']),
  at('china', 'a region of an included group', { region: 'HK' }),
  at('china', 'region codes compare case-insensitively', { region: 'cn' }),
  at('china', 'a region of no included group', { region: 'US' }, ['regionNotIncluded']),
  at('china', 'an unknown region with included groups', { region: null }, ['regionUnknown']),
  at('notEu', 'a region of an excluded group', { region: 'FR' }, ['regionExcluded']),
  at('notEu', 'a region outside the excluded group', { region: 'US' }),
  at('notEu', 'an unknown region is not excluded', { region: null }),
  at('goneGroup', 'a group that is not published contains no region', { region: 'CN' }, ['regionNotIncluded']),
  at('chinese', 'a targeted language covers its regional forms (zh covers zh-Hans-CN)', { language: 'zh-Hans-CN' }),
  at('chinese', 'underscores read as hyphens (zh_CN)', { language: 'zh_CN' }),
  at('chinese', 'another language', { language: 'en-US' }, ['language']),
  at('chinese', 'an unknown language with languages targeted', { language: null }, ['language']),
  at('traditional', 'zh-Hant does not cover zh-Hans', { language: 'zh-Hans' }, ['language']),
  at('traditional', 'zh-Hant covers zh-Hant-TW', { language: 'zh-Hant-TW' }),
  at('always', 'memberships do not matter without segments: an unknown user', { segments: null }),
  at('always', 'memberships do not matter without segments: a user in some', { segments: [OTHER] }),
  at('payersOrLapsed', 'a member of one of its segments', { segments: [PAYERS] }),
  at('payersOrLapsed', 'a member of another of its segments, and of others', { segments: [OTHER, LAPSED] }),
  at('payersOrLapsed', 'a known user in none of its segments', { segments: [OTHER] }, ['segmentNotIncluded']),
  at('payersOrLapsed', 'a known user in no segment at all', { segments: [] }, ['segmentNotIncluded']),
  at('payersOrLapsed', 'an unknown user (no user id, or not a customer yet)', { segments: null }, ['segmentUnknown']),
  at('noSegmentsPart', 'a targeting without a segments part is for everyone', { segments: null }),
  at(
    'everything',
    'every reason at once, in order: time first, then platform, version, region, language, segments',
    { platform: 'ios', version: '2.0', region: 'US', language: 'en', segments: [OTHER] },
    ['disabled', 'notStarted', 'platform', 'versionBelow', 'regionNotIncluded', 'language', 'segmentNotIncluded'],
  ),
];

/** The file's content: what SDK authors read. */
export function renderVectors(): string {
  const file = {
    description:
      'Test vectors of the configuration evaluation (docs/evaluation.md). For each case, evaluate `items[case.item]` for `case.context` with `regionGroups` as the published region groups and `context.segments` as the user segments the user is in (null: unknown user); the item is live when `reasons` is empty, and an evaluation must report exactly these reasons in this order.',
    version: 3,
    regionGroups: { [CHINA]: ['CN', 'HK', 'MO', 'TW'], [EU]: ['DE', 'FR', 'IT', 'ES', 'NL'] },
    items,
    cases,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
