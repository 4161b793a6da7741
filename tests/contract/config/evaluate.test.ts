import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateItem, type EvaluatedParts, type EvaluationContext, type NotLiveCode, type RegionGroupMembers } from '@contract/config/evaluate';
import { openSchedule, type Schedule } from '@contract/config/schedule';
import { everyone, type Targeting } from '@contract/config/targeting';

const europe = '0b4c6f1e-3a2d-4f5b-8c7d-1e2f3a4b5c6d';
const germany = '1c5d7a2f-4b3e-4a6c-9d8e-2f3a4b5c6d7e';
const asia = '2d6e8b3a-5c4f-4b7d-ae9f-3a4b5c6d7e8f';
/** User segments (their rules are the server's; the evaluation only reads memberships). */
const payers = '4e8f0a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const lapsed = '5f9a1b2c-3d4e-4f6a-9b0c-1d2e3f4a5b6c';
const other = '6a0b2c3d-4e5f-4a7b-8c1d-2e3f4a5b6c7d';
/** A group the map does not know (deleted, never published). */
const missing = '3e7f9c4b-6d5a-4c8e-bfa0-4b5c6d7e8f90';

const groups: RegionGroupMembers = new Map([
  [europe, new Set(['FR', 'DE', 'IT'])],
  [germany, new Set(['DE'])],
  [asia, new Set(['CN', 'JP'])],
]);

/** Live 2026-05-01 12:00 to 2026-06-01 12:00 Shanghai time, daily 09:00-21:00 Shanghai. */
const schedule: Schedule = {
  startsAt: '2026-05-01T04:00:00.000Z',
  endsAt: '2026-06-01T04:00:00.000Z',
  timeZone: 'Asia/Shanghai',
  daily: { from: '09:00', to: '21:00' },
};

const targeting: Targeting = {
  platforms: ['ios'],
  minVersion: '1.0.00',
  maxVersion: '2.0',
  regionGroups: { include: [europe], exclude: [germany] },
  languages: ['en', 'zh'],
  segments: { include: [] },
};

const item: EvaluatedParts = { enabled: true, schedule, targeting };

/** 2026-05-15 12:00 in Shanghai; an iPhone on 1.5 in France speaking British English. */
const context: EvaluationContext = {
  now: new Date('2026-05-15T04:00:00Z'),
  platform: 'ios',
  version: '1.5',
  region: 'FR',
  language: 'en-GB',
};

const codesOf = (parts: EvaluatedParts, ctx: EvaluationContext, members: RegionGroupMembers = groups) => evaluateItem(parts, ctx, members).reasons.map((r) => r.code);
const withTargeting = (patch: Partial<Targeting>): EvaluatedParts => ({ ...item, targeting: { ...targeting, ...patch } });
const withSchedule = (patch: Partial<Schedule>): EvaluatedParts => ({ ...item, schedule: { ...schedule, ...patch } });
const at = (iso: string): EvaluationContext => ({ ...context, now: new Date(iso) });
const segmented = withTargeting({ segments: { include: [payers, lapsed] } });
const member = (...ids: string[]): EvaluationContext => ({ ...context, segments: new Set(ids) });

describe('evaluateItem', () => {
  it('the base item is live for the base context', () => {
    expect(evaluateItem(item, context, groups)).toEqual({ live: true, reasons: [] });
  });

  describe('each reason, alone, for its case', () => {
    const cases: Array<[string, EvaluatedParts, EvaluationContext, NotLiveCode, Record<string, unknown>?]> = [
      ['disabled', { ...item, enabled: false }, context, 'disabled'],
      ['before the start', item, at('2026-05-01T03:59:59.999Z'), 'notStarted', { startsAt: schedule.startsAt }],
      ['a week before the start', item, at('2026-04-24T04:00:00Z'), 'notStarted', { startsAt: schedule.startsAt }],
      ['at the end', item, at('2026-06-01T04:00:00Z'), 'over', { endsAt: schedule.endsAt }],
      ['a week after the end', item, at('2026-06-08T04:00:00Z'), 'over', { endsAt: schedule.endsAt }],
      ['at the window end (21:00 Shanghai)', item, at('2026-05-15T13:00:00Z'), 'outsideDailyWindow', { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' }],
      ['just before the window (08:59 Shanghai)', item, at('2026-05-15T00:59:00Z'), 'outsideDailyWindow', { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' }],
      ['another platform', item, { ...context, platform: 'android' }, 'platform', { platforms: ['ios'] }],
      ['no version', item, { ...context, version: null }, 'versionUnknown'],
      ['a version that is not one', item, { ...context, version: 'beta' }, 'versionUnknown'],
      ['an empty version', item, { ...context, version: '' }, 'versionUnknown'],
      ['a version below', item, { ...context, version: '0.9.99' }, 'versionBelow', { minVersion: '1.0.00' }],
      ['a version above', item, { ...context, version: '2.0.0.1' }, 'versionAbove', { maxVersion: '2.0' }],
      ['no region', item, { ...context, region: null }, 'regionUnknown'],
      ['a region outside the included groups', item, { ...context, region: 'US' }, 'regionNotIncluded'],
      ['a region in an excluded group', item, { ...context, region: 'DE' }, 'regionExcluded', { groupId: germany }],
      ['another language', item, { ...context, language: 'de-DE' }, 'language', { languages: ['en', 'zh'] }],
      ['no language', item, { ...context, language: null }, 'language', { languages: ['en', 'zh'] }],
      ['an unknown user, for some segments', segmented, context, 'segmentUnknown'],
      ['an unknown user said so (null), for some segments', segmented, { ...context, segments: null }, 'segmentUnknown'],
      ['a user in none of its segments', segmented, member(other), 'segmentNotIncluded', { segments: [payers, lapsed] }],
      ['a user in no segment at all', segmented, member(), 'segmentNotIncluded', { segments: [payers, lapsed] }],
    ];

    it.each(cases)('%s', (_, parts, ctx, code, details) => {
      const evaluation = evaluateItem(parts, ctx, groups);
      expect(evaluation.live).toBe(false);
      expect(evaluation.reasons).toHaveLength(1);
      expect(evaluation.reasons[0]).toEqual({ code, ...details });
    });

    it('every code has a case', () => {
      const all: NotLiveCode[] = [
        'disabled',
        'notStarted',
        'over',
        'outsideDailyWindow',
        'platform',
        'versionUnknown',
        'versionBelow',
        'versionAbove',
        'regionUnknown',
        'regionNotIncluded',
        'regionExcluded',
        'language',
        'segmentUnknown',
        'segmentNotIncluded',
      ];
      expect(new Set(cases.map((c) => c[3]))).toEqual(new Set(all));
    });
  });

  it('reports every reason at once, time first then audience', () => {
    const evaluation = evaluateItem(
      { ...item, enabled: false },
      { now: new Date('2026-04-01T00:00:00Z'), platform: 'android', version: '0.1', region: 'US', language: 'fr' },
      groups,
    );
    expect(evaluation.live).toBe(false);
    expect(evaluation.reasons.map((r) => r.code)).toEqual(['disabled', 'notStarted', 'outsideDailyWindow', 'platform', 'versionBelow', 'regionNotIncluded', 'language']);
    expect(codesOf({ ...item, enabled: false }, { now: new Date('2026-07-01T20:00:00Z'), platform: 'android', version: null, region: null, language: null })).toEqual([
      'disabled',
      'over',
      'outsideDailyWindow',
      'platform',
      'versionUnknown',
      'regionUnknown',
      'language',
    ]);
  });

  it('a region both outside the included groups and inside an excluded one gets both reasons', () => {
    expect(codesOf(withTargeting({ regionGroups: { include: [asia], exclude: [germany] } }), { ...context, region: 'DE' })).toEqual(['regionNotIncluded', 'regionExcluded']);
  });

  it('below and above cannot both hold, but an inverted range gives both', () => {
    // The schema refuses min > max; the evaluation still answers for what it is given.
    expect(codesOf(withTargeting({ minVersion: '3.0', maxVersion: '1.0' }), { ...context, version: '2.0' })).toEqual(['versionBelow', 'versionAbove']);
  });

  describe('schedule', () => {
    it('the start is inclusive, the end exclusive', () => {
      expect(codesOf(item, at('2026-05-01T04:00:00Z'))).toEqual([]);
      expect(codesOf(item, at('2026-06-01T03:59:59.999Z'))).toEqual([]);
    });

    it('open bounds: live from always and until forever', () => {
      const open = withSchedule({ startsAt: null, endsAt: null, daily: null });
      expect(codesOf(open, at('1990-01-01T00:00:00Z'))).toEqual([]);
      expect(codesOf(open, at('2999-01-01T00:00:00Z'))).toEqual([]);
      expect(codesOf({ ...item, schedule: openSchedule('UTC') }, at('2030-01-01T00:00:00Z'))).toEqual([]);
    });

    it('no schedule: always in time', () => {
      expect(codesOf({ enabled: true, targeting }, at('1990-01-01T00:00:00Z'))).toEqual([]);
    });

    it('a daily window read in its zone, across daylight saving time (Europe/Berlin 09:00-21:00)', () => {
      const berlin = withSchedule({ startsAt: null, endsAt: null, timeZone: 'Europe/Berlin', daily: { from: '09:00', to: '21:00' } });
      // Winter: CET, UTC+1.
      expect(codesOf(berlin, at('2026-01-15T07:59:00Z'))).toEqual(['outsideDailyWindow']);
      expect(codesOf(berlin, at('2026-01-15T08:00:00Z'))).toEqual([]);
      expect(codesOf(berlin, at('2026-01-15T19:59:00Z'))).toEqual([]);
      expect(codesOf(berlin, at('2026-01-15T20:00:00Z'))).toEqual(['outsideDailyWindow']);
      // Summer: CEST, UTC+2.
      expect(codesOf(berlin, at('2026-07-15T06:59:00Z'))).toEqual(['outsideDailyWindow']);
      expect(codesOf(berlin, at('2026-07-15T07:00:00Z'))).toEqual([]);
      expect(codesOf(berlin, at('2026-07-15T18:59:00Z'))).toEqual([]);
      expect(codesOf(berlin, at('2026-07-15T19:00:00Z'))).toEqual(['outsideDailyWindow']);
    });

    it('a window across midnight (22:00-02:00 Shanghai)', () => {
      const night = withSchedule({ startsAt: null, endsAt: null, daily: { from: '22:00', to: '02:00' } });
      expect(codesOf(night, at('2026-05-15T13:59:00Z'))).toEqual(['outsideDailyWindow']); // 21:59
      expect(codesOf(night, at('2026-05-15T14:00:00Z'))).toEqual([]); // 22:00
      expect(codesOf(night, at('2026-05-15T16:00:00Z'))).toEqual([]); // 00:00
      expect(codesOf(night, at('2026-05-15T17:59:00Z'))).toEqual([]); // 01:59
      expect(codesOf(night, at('2026-05-15T18:00:00Z'))).toEqual(['outsideDailyWindow']); // 02:00
    });
  });

  describe('platform', () => {
    it('no platforms means every platform', () => {
      expect(codesOf(withTargeting({ platforms: [] }), { ...context, platform: 'android' })).toEqual([]);
    });

    it('both platforms take both', () => {
      expect(codesOf(withTargeting({ platforms: ['ios', 'android'] }), { ...context, platform: 'android' })).toEqual([]);
    });
  });

  describe('versions', () => {
    it('both bounds are inclusive', () => {
      expect(codesOf(item, { ...context, version: '1.0.00' })).toEqual([]);
      expect(codesOf(item, { ...context, version: '2.0' })).toEqual([]);
      expect(codesOf(item, { ...context, version: '0.99.99' })).toEqual(['versionBelow']);
      expect(codesOf(item, { ...context, version: '2.0.0.1' })).toEqual(['versionAbove']);
      expect(codesOf(item, { ...context, version: '2.1' })).toEqual(['versionAbove']);
    });

    it('a bound 1.0.00 equals 1.0 and 1.0.0', () => {
      expect(codesOf(item, { ...context, version: '1.0' })).toEqual([]);
      expect(codesOf(item, { ...context, version: '1.0.0' })).toEqual([]);
      expect(codesOf(item, { ...context, version: '1.0.0.0' })).toEqual([]);
      expect(codesOf(withTargeting({ minVersion: null, maxVersion: '1.0.00' }), { ...context, version: '1.0' })).toEqual([]);
      expect(codesOf(withTargeting({ minVersion: null, maxVersion: '1.0.00' }), { ...context, version: '1.0.1' })).toEqual(['versionAbove']);
    });

    it('compares segment by segment as numbers: 1.10.0 is after 1.9.9', () => {
      expect(codesOf(withTargeting({ minVersion: '1.9.9', maxVersion: null }), { ...context, version: '1.10.0' })).toEqual([]);
      expect(codesOf(withTargeting({ minVersion: null, maxVersion: '1.9.9' }), { ...context, version: '1.10.0' })).toEqual(['versionAbove']);
      expect(codesOf(withTargeting({ minVersion: '1.10.0', maxVersion: null }), { ...context, version: '1.9.9' })).toEqual(['versionBelow']);
      expect(codesOf(withTargeting({ minVersion: '1.10', maxVersion: null }), { ...context, version: '1.2' })).toEqual(['versionBelow']);
    });

    it('a version with spaces around it is still read', () => {
      expect(codesOf(item, { ...context, version: ' 1.5 ' })).toEqual([]);
    });

    it('without bounds any version, even none, is fine', () => {
      const noBounds = withTargeting({ minVersion: null, maxVersion: null });
      expect(codesOf(noBounds, { ...context, version: null })).toEqual([]);
      expect(codesOf(noBounds, { ...context, version: 'nightly' })).toEqual([]);
    });

    it('one bound alone still needs a known version', () => {
      expect(codesOf(withTargeting({ minVersion: '1.0', maxVersion: null }), { ...context, version: null })).toEqual(['versionUnknown']);
      expect(codesOf(withTargeting({ minVersion: null, maxVersion: '9.0' }), { ...context, version: 'x.y' })).toEqual(['versionUnknown']);
    });
  });

  describe('region groups', () => {
    it('included regions are live, case-insensitively', () => {
      for (const region of ['FR', 'IT', 'fr', 'It']) expect(codesOf(item, { ...context, region })).toEqual([]);
    });

    it('any of several included groups will do', () => {
      const two = withTargeting({ regionGroups: { include: [asia, europe], exclude: [] } });
      expect(codesOf(two, { ...context, region: 'JP' })).toEqual([]);
      expect(codesOf(two, { ...context, region: 'DE' })).toEqual([]);
      expect(codesOf(two, { ...context, region: 'BR' })).toEqual(['regionNotIncluded']);
    });

    it('exclude only: everyone except the group; an unknown region is live', () => {
      const excludeOnly = withTargeting({ regionGroups: { include: [], exclude: [germany] } });
      expect(codesOf(excludeOnly, { ...context, region: 'US' })).toEqual([]);
      expect(codesOf(excludeOnly, { ...context, region: null })).toEqual([]);
      expect(codesOf(excludeOnly, { ...context, region: 'de' })).toEqual(['regionExcluded']);
    });

    it('the excluding group is named: the first excluded group that contains the region', () => {
      const both = withTargeting({ regionGroups: { include: [], exclude: [asia, europe, germany] } });
      expect(evaluateItem(both, { ...context, region: 'DE' }, groups).reasons).toEqual([{ code: 'regionExcluded', groupId: europe }]);
    });

    it('include with an unknown region: regionUnknown', () => {
      expect(codesOf(withTargeting({ regionGroups: { include: [europe], exclude: [] } }), { ...context, region: null })).toEqual(['regionUnknown']);
    });

    it('no groups: any region, even none', () => {
      const anywhere = withTargeting({ regionGroups: { include: [], exclude: [] } });
      expect(codesOf(anywhere, { ...context, region: null })).toEqual([]);
      expect(codesOf(anywhere, { ...context, region: 'AQ' })).toEqual([]);
    });

    it('a group missing from the map contains nothing', () => {
      expect(codesOf(withTargeting({ regionGroups: { include: [missing], exclude: [] } }), { ...context, region: 'FR' })).toEqual(['regionNotIncluded']);
      expect(codesOf(withTargeting({ regionGroups: { include: [missing, europe], exclude: [] } }), { ...context, region: 'FR' })).toEqual([]);
      expect(codesOf(withTargeting({ regionGroups: { include: [], exclude: [missing] } }), { ...context, region: 'FR' })).toEqual([]);
      // With an empty map every group is missing.
      expect(codesOf(item, { ...context, region: 'DE' }, new Map())).toEqual(['regionNotIncluded']);
    });
  });

  describe('user segments', () => {
    it('a member of any one of its segments gets the item', () => {
      expect(codesOf(segmented, member(payers))).toEqual([]);
      expect(codesOf(segmented, member(lapsed, other))).toEqual([]);
    });

    it('no segments: everyone, known or not', () => {
      expect(codesOf(item, context)).toEqual([]);
      expect(codesOf(item, { ...context, segments: null })).toEqual([]);
      expect(codesOf(item, member())).toEqual([]);
    });

    it('a document parsed before segments existed has none: everyone', () => {
      const { segments: _dropped, ...old } = targeting;
      expect(codesOf({ ...item, targeting: old as Targeting }, context)).toEqual([]);
    });

    it('come after the other audience reasons', () => {
      expect(codesOf(segmented, { ...member(other), language: 'fr' })).toEqual(['language', 'segmentNotIncluded']);
      expect(codesOf({ ...segmented, enabled: false }, { ...context, platform: 'android' })).toEqual(['disabled', 'platform', 'segmentUnknown']);
    });
  });

  describe('languages', () => {
    it('a targeted primary language covers its regional and script forms', () => {
      for (const language of ['en', 'en-GB', 'en_US', 'EN-us', 'zh-Hans-CN', 'zh_CN', 'zh-Hant']) {
        expect(codesOf(item, { ...context, language }), language).toEqual([]);
      }
    });

    it('a more specific target does not cover a sibling', () => {
      const traditional = withTargeting({ languages: ['zh-Hant'] });
      expect(codesOf(traditional, { ...context, language: 'zh-Hant-TW' })).toEqual([]);
      expect(codesOf(traditional, { ...context, language: 'zh-Hans-CN' })).toEqual(['language']);
      expect(codesOf(traditional, { ...context, language: 'zh' })).toEqual(['language']);
    });

    it('no languages: any language, even none', () => {
      expect(codesOf(withTargeting({ languages: [] }), { ...context, language: null })).toEqual([]);
    });

    it('a letter prefix is not a language prefix', () => {
      expect(codesOf(withTargeting({ languages: ['en'] }), { ...context, language: 'eng' })).toEqual(['language']);
    });
  });

  it('without targeting the audience is everyone', () => {
    expect(codesOf({ enabled: true, schedule }, { ...context, platform: 'android', version: null, region: null, language: null })).toEqual([]);
    expect(codesOf({ enabled: true, schedule, targeting: everyone }, { ...context, platform: 'android', version: null, region: null, language: null })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const contextArb: fc.Arbitrary<EvaluationContext> = fc.record({
  now: fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
  platform: fc.constantFrom('ios' as const, 'android' as const),
  version: fc.option(fc.oneof(fc.string(), fc.array(fc.nat({ max: 20 }), { minLength: 2, maxLength: 4 }).map((p) => p.join('.'))), { nil: null }),
  region: fc.option(fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('FR', 'DE', 'IT', 'CN', 'JP', 'US', 'de')), { nil: null }),
  language: fc.option(fc.oneof(fc.string(), fc.constantFrom('en', 'en-GB', 'zh_CN', 'zh-Hant-TW', 'de', 'pt-BR')), { nil: null }),
});

describe('evaluateItem properties', () => {
  it('an enabled item with no schedule and no targeting is live for any context', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        expect(evaluateItem({ enabled: true }, ctx, groups)).toEqual({ live: true, reasons: [] });
        expect(evaluateItem({ enabled: true, schedule: openSchedule('Europe/Berlin'), targeting: everyone }, ctx, new Map())).toEqual({ live: true, reasons: [] });
      }),
    );
  });

  it('a disabled item is never live, and disabled is its only reason when nothing else applies', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        expect(evaluateItem({ enabled: false }, ctx, groups)).toEqual({ live: false, reasons: [{ code: 'disabled' }] });
      }),
    );
  });

  it('each reason appears exactly when its condition holds (independent oracle)', () => {
    const versionText = fc.array(fc.nat({ max: 12 }), { minLength: 2, maxLength: 3 }).map((p) => p.join('.'));
    const clock = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    const ids = [europe, germany, asia, missing];
    const partsArb = fc.record({
      enabled: fc.boolean(),
      schedule: fc.option(
        fc.record({
          startsAt: fc.option(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }).map((t) => new Date(t).toISOString()), { nil: null }),
          endsAt: fc.option(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }).map((t) => new Date(t).toISOString()), { nil: null }),
          timeZone: fc.constantFrom('UTC', 'Asia/Shanghai', 'Europe/Berlin', 'America/New_York'),
          daily: fc.option(fc.record({ from: clock, to: clock }).filter((w) => w.from !== w.to), { nil: null }),
        }),
        { nil: undefined },
      ),
      targeting: fc.option(
        fc.record({
          platforms: fc.subarray(['ios', 'android'] as const),
          minVersion: fc.option(versionText, { nil: null }),
          maxVersion: fc.option(versionText, { nil: null }),
          regionGroups: fc.record({ include: fc.subarray(ids), exclude: fc.subarray(ids) }),
          languages: fc.subarray(['en', 'zh', 'zh-Hant', 'pt-BR', 'de']),
          segments: fc.record({ include: fc.subarray([payers, lapsed, other]) }),
        }),
        { nil: undefined },
      ),
    });
    const ctxArb = fc.record({
      now: fc.integer({ min: Date.UTC(2025, 11, 1), max: Date.UTC(2027, 1, 1) }).map((t) => new Date(t)),
      platform: fc.constantFrom('ios' as const, 'android' as const),
      version: fc.option(fc.oneof(versionText, fc.constant('beta')), { nil: null }),
      region: fc.option(fc.constantFrom('FR', 'DE', 'de', 'CN', 'JP', 'US'), { nil: null }),
      language: fc.option(fc.constantFrom('en', 'EN-gb', 'zh_CN', 'zh-Hant-TW', 'zh-Hans', 'pt', 'pt-BR', 'de-AT', 'fr'), { nil: null }),
      segments: fc.option(fc.subarray([payers, lapsed, other]).map((ids) => new Set(ids)), { nil: null }),
    });

    const num = (v: string) => v.split('.').map(Number);
    const cmp = (a: string, b: string) => {
      const x = num(a);
      const y = num(b);
      for (let i = 0; i < 4; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
      return 0;
    };
    const wallMinute = (now: Date, zone: string) => {
      const text = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
      const [h, m] = text.split(':').map(Number) as [number, number];
      return h * 60 + m;
    };
    const minutes = (clockText: string) => Number(clockText.slice(0, 2)) * 60 + Number(clockText.slice(3));
    const covers = (target: string, app: string) => {
      const t = target.toLowerCase().split('-');
      const a = app.toLowerCase().split(/[-_]/);
      return t.every((part, i) => a[i] === part);
    };

    fc.assert(
      fc.property(partsArb, ctxArb, (parts, ctx) => {
        const s = parts.schedule;
        const tg = parts.targeting;
        const t = ctx.now.getTime();
        const knownVersion = ctx.version !== null && /^\d+(\.\d+)+$/.test(ctx.version);
        const region = ctx.region?.toUpperCase() ?? null;
        const inGroup = (id: string) => region !== null && (groups.get(id)?.has(region) ?? false);
        const hasBounds = !!tg && (tg.minVersion !== null || tg.maxVersion !== null);
        const expected: Record<NotLiveCode, boolean> = {
          disabled: !parts.enabled,
          notStarted: !!s?.startsAt && t < Date.parse(s.startsAt),
          over: !!s?.endsAt && t >= Date.parse(s.endsAt),
          outsideDailyWindow: (() => {
            if (!s?.daily) return false;
            const m = wallMinute(ctx.now, s.timeZone);
            const f = minutes(s.daily.from);
            const e = minutes(s.daily.to);
            return !(f < e ? f <= m && m < e : f <= m || m < e);
          })(),
          platform: !!tg && tg.platforms.length > 0 && !tg.platforms.includes(ctx.platform),
          versionUnknown: hasBounds && !knownVersion,
          versionBelow: hasBounds && knownVersion && tg.minVersion !== null && cmp(ctx.version as string, tg.minVersion) < 0,
          versionAbove: hasBounds && knownVersion && tg.maxVersion !== null && cmp(ctx.version as string, tg.maxVersion) > 0,
          regionUnknown: !!tg && tg.regionGroups.include.length > 0 && region === null,
          regionNotIncluded: !!tg && tg.regionGroups.include.length > 0 && region !== null && !tg.regionGroups.include.some(inGroup),
          regionExcluded: !!tg && region !== null && tg.regionGroups.exclude.some(inGroup),
          language: !!tg && tg.languages.length > 0 && (ctx.language === null || !tg.languages.some((code) => covers(code, ctx.language as string))),
          segmentUnknown: !!tg && tg.segments.include.length > 0 && ctx.segments === null,
          segmentNotIncluded: !!tg && tg.segments.include.length > 0 && ctx.segments !== null && !tg.segments.include.some((id) => ctx.segments?.has(id)),
        };
        const evaluation = evaluateItem(parts, ctx, groups);
        const got = new Set(evaluation.reasons.map((r) => r.code));
        expect(got.size).toBe(evaluation.reasons.length);
        for (const [code, present] of Object.entries(expected)) expect(got.has(code as NotLiveCode), code).toBe(present);
        expect(evaluation.live).toBe(Object.values(expected).every((present) => !present));
      }),
      { numRuns: 1000 },
    );
  });
});
