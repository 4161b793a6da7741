import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import {
  clockTimeSchema,
  dailyWindowSchema,
  insideDailyWindow,
  instantOfWallTime,
  isTimeZone,
  minutesOfClock,
  nextScheduleChange,
  openSchedule,
  scheduleSchema,
  scheduleState,
  timeZoneSchema,
  wallTimeIn,
  wallTimeText,
  zoneOffsetMinutes,
  type Schedule,
} from '@contract/config/schedule';

/** The field errors a value gets from a schema, or null when it passes. */
function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : zodIssuesToFieldErrors(result.error.issues, { input: value });
}

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const zones = ['Asia/Shanghai', 'UTC', 'Europe/Berlin', 'America/New_York'] as const;
const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('isTimeZone', () => {
  it.each(['UTC', 'Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Australia/Lord_Howe'])(
    'accepts the IANA zone %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true);
    },
  );

  it.each(['', 'Mars/Olympus_Mons', 'Europe/Atlantis', 'not a zone', 'Asia/', '/', 'GMT+25', '<script>'])('refuses %j', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });

  it('refuses a text longer than 64 characters without asking Intl', () => {
    const long = `Europe/${'B'.repeat(58)}`;
    expect(long).toHaveLength(65);
    expect(isTimeZone(long)).toBe(false);
    // The longest real zone names are far shorter; 64 is only a guard against junk.
    expect(isTimeZone('America/Argentina/ComodRivadavia')).toBe(true);
  });

  it('schema: trims, requires, names the zone error', () => {
    expect(timeZoneSchema.parse('  Europe/Berlin ')).toBe('Europe/Berlin');
    expect(errorsOf(timeZoneSchema, '')).toEqual({ '': { key: 'validation.required' } });
    expect(errorsOf(timeZoneSchema, '   ')).toEqual({ '': { key: 'validation.required' } });
    expect(errorsOf(timeZoneSchema, undefined)).toEqual({ '': { key: 'validation.required' } });
    expect(errorsOf(timeZoneSchema, 42)).toEqual({ '': { key: 'validation.type' } });
    expect(errorsOf(timeZoneSchema, 'Europe/Atlantis')).toEqual({ '': { key: 'validation.timeZone' } });
  });
});

describe('clock times', () => {
  it.each(['00:00', '09:30', '12:00', '19:59', '20:00', '23:59'])('accepts %s', (clock) => {
    expect(clockTimeSchema.parse(clock)).toBe(clock);
  });

  it.each(['24:00', '23:60', '9:30', '09:3', '0930', '09:30:00', ' 09:30', '-1:00', ''])('refuses %j', (clock) => {
    expect(errorsOf(clockTimeSchema, clock)).toEqual({ '': { key: 'validation.clockTime' } });
  });

  it('minutesOfClock counts minutes after midnight', () => {
    expect(minutesOfClock('00:00')).toBe(0);
    expect(minutesOfClock('09:05')).toBe(545);
    expect(minutesOfClock('23:59')).toBe(1439);
  });
});

describe('wall times', () => {
  it('wallTimeIn gives what a clock in the zone shows', () => {
    expect(wallTimeIn(at('2026-01-15T12:34:56Z'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1, day: 15, hour: 20, minute: 34, second: 56 });
    expect(wallTimeIn(at('2026-01-15T16:00:00Z'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1, day: 16, hour: 0, minute: 0, second: 0 });
    expect(wallTimeIn(at('2026-01-01T03:00:00Z'), 'America/New_York')).toEqual({ year: 2025, month: 12, day: 31, hour: 22, minute: 0, second: 0 });
  });

  it('zoneOffsetMinutes follows daylight saving time', () => {
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), 'Asia/Shanghai')).toBe(480);
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:00Z'), 'Asia/Shanghai')).toBe(480);
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    // A second before and at the Berlin switch (01:00Z on 2026-03-29).
    expect(zoneOffsetMinutes(at('2026-03-29T00:59:59.999Z'), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
  });

  it.each([
    ['Asia/Shanghai', '2026-06-01T09:30', '2026-06-01T01:30:00.000Z'],
    ['Asia/Shanghai', '2026-01-01T00:00', '2025-12-31T16:00:00.000Z'],
    ['UTC', '2026-06-01T09:30', '2026-06-01T09:30:00.000Z'],
    ['Europe/Berlin', '2026-01-10T09:30', '2026-01-10T08:30:00.000Z'],
    ['Europe/Berlin', '2026-07-10T09:30', '2026-07-10T07:30:00.000Z'],
    ['America/New_York', '2026-01-10T09:30', '2026-01-10T14:30:00.000Z'],
    ['America/New_York', '2026-07-10T09:30', '2026-07-10T13:30:00.000Z'],
    ['America/New_York', '2026-12-31T23:59', '2027-01-01T04:59:00.000Z'],
  ])('in %s, %s is %s and back', (zone, local, instant) => {
    expect(iso(instantOfWallTime(local, zone))).toBe(instant);
    expect(wallTimeText(instant, zone)).toBe(local);
    expect(wallTimeText(new Date(instant), zone)).toBe(local);
  });

  it('wallTimeText drops seconds rather than rounding', () => {
    expect(wallTimeText('2026-06-01T09:30:59.999Z', 'UTC')).toBe('2026-06-01T09:30');
  });

  describe('spring forward (a skipped hour)', () => {
    it('Europe/Berlin 2026-03-29T02:30 resolves to just after the gap: 03:30 local, 01:30Z', () => {
      const instant = instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin');
      expect(iso(instant)).toBe('2026-03-29T01:30:00.000Z');
      expect(wallTimeText(instant as Date, 'Europe/Berlin')).toBe('2026-03-29T03:30');
    });

    it('Berlin times around the gap', () => {
      expect(iso(instantOfWallTime('2026-03-29T01:59', 'Europe/Berlin'))).toBe('2026-03-29T00:59:00.000Z');
      expect(iso(instantOfWallTime('2026-03-29T02:00', 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
      expect(iso(instantOfWallTime('2026-03-29T02:59', 'Europe/Berlin'))).toBe('2026-03-29T01:59:00.000Z');
      expect(iso(instantOfWallTime('2026-03-29T03:00', 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
      expect(iso(instantOfWallTime('2026-03-29T03:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    });

    it('America/New_York 2026-03-08T02:30 resolves to 03:30 EDT, 07:30Z', () => {
      const instant = instantOfWallTime('2026-03-08T02:30', 'America/New_York');
      expect(iso(instant)).toBe('2026-03-08T07:30:00.000Z');
      expect(wallTimeText(instant as Date, 'America/New_York')).toBe('2026-03-08T03:30');
    });
  });

  describe('fall back (a repeated hour)', () => {
    it('Europe/Berlin 2026-10-25T02:30 is its first occurrence, 00:30Z (CEST)', () => {
      expect(iso(instantOfWallTime('2026-10-25T02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
      // Both occurrences show the same wall time.
      expect(wallTimeText(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30');
      expect(wallTimeText(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30');
    });

    it('Berlin times around the repeated hour', () => {
      expect(iso(instantOfWallTime('2026-10-25T01:59', 'Europe/Berlin'))).toBe('2026-10-24T23:59:00.000Z');
      expect(iso(instantOfWallTime('2026-10-25T02:00', 'Europe/Berlin'))).toBe('2026-10-25T00:00:00.000Z');
      expect(iso(instantOfWallTime('2026-10-25T03:00', 'Europe/Berlin'))).toBe('2026-10-25T02:00:00.000Z');
    });

    it('America/New_York 2026-11-01T01:30 is its first occurrence, 05:30Z (EDT)', () => {
      expect(iso(instantOfWallTime('2026-11-01T01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
      expect(wallTimeText(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01T01:30');
    });
  });

  it.each(['', '2026-03-29', '2026-03-29 02:30', '2026-03-29T02:30:00', '2026-03-29T02:30Z', '26-03-29T02:30', 'garbage', '2026-3-29T02:30'])(
    'instantOfWallTime refuses the text %j',
    (text) => {
      expect(instantOfWallTime(text, 'Europe/Berlin')).toBeNull();
    },
  );

  it.each(['2026-02-30T10:00', '2026-13-01T10:00', '2026-00-10T10:00', '2026-04-31T10:00', '2026-03-01T24:00', '2026-03-01T10:60', '2025-02-29T12:00'])(
    'instantOfWallTime refuses the impossible wall time %s instead of rolling it over',
    (text) => {
      expect(instantOfWallTime(text, 'UTC')).toBeNull();
      expect(instantOfWallTime(text, 'Asia/Shanghai')).toBeNull();
    },
  );

  it('instantOfWallTime takes a leap day', () => {
    expect(iso(instantOfWallTime('2028-02-29T12:00', 'UTC'))).toBe('2028-02-29T12:00:00.000Z');
  });

  it('round trip: the wall time of an instant names that instant (to the minute), the first one in a repeated hour', () => {
    const instants = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (t, zone) => {
        const text = wallTimeText(new Date(t), zone);
        const truncated = Math.floor(t / MINUTE) * MINUTE;
        const resolved = instantOfWallTime(text, zone)?.getTime();
        const earlierTwin = wallTimeText(new Date(t - HOUR), zone) === text;
        const laterTwin = wallTimeText(new Date(t + HOUR), zone) === text;
        if (!earlierTwin && !laterTwin) expect(resolved).toBe(truncated);
        else if (earlierTwin) expect(resolved).toBe(truncated - HOUR);
        else expect(resolved).toBe(truncated);
      }),
      { numRuns: 2000 },
    );
  });

  it('round trip near the 2026 switches, minute by minute', () => {
    const windows: Array<[string, string]> = [
      ['Europe/Berlin', '2026-03-28T23:00:00Z'],
      ['Europe/Berlin', '2026-10-24T22:00:00Z'],
      ['America/New_York', '2026-03-08T05:00:00Z'],
      ['America/New_York', '2026-11-01T04:00:00Z'],
    ];
    for (const [zone, from] of windows) {
      const start = Date.parse(from);
      for (let t = start; t < start + 5 * HOUR; t += 7 * MINUTE) {
        const text = wallTimeText(new Date(t), zone);
        const repeatedLater = wallTimeText(new Date(t - HOUR), zone) === text;
        expect(instantOfWallTime(text, zone)?.getTime()).toBe(repeatedLater ? t - HOUR : t);
      }
    }
  });
});

describe('insideDailyWindow', () => {
  const day = { from: '09:00', to: '21:00' };

  it('the start minute is inside, the end minute is outside (UTC)', () => {
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T08:59:59.999Z'))).toBe(false);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T09:00:00Z'))).toBe(true);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T08:59:00Z'))).toBe(false);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T12:00:00Z'))).toBe(true);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T20:59:00Z'))).toBe(true);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T20:59:59.999Z'))).toBe(true);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T21:00:00Z'))).toBe(false);
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T00:00:00Z'))).toBe(false);
  });

  it('reads the window in the zone (Asia/Shanghai is UTC+8)', () => {
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T00:59:00Z'))).toBe(false); // 08:59
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T01:00:00Z'))).toBe(true); // 09:00
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T12:59:00Z'))).toBe(true); // 20:59
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T13:00:00Z'))).toBe(false); // 21:00
    // 12:00Z is 20:00 in Shanghai (inside) but 12:00 in UTC too: take a time that differs.
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T22:00:00Z'))).toBe(false); // 06:00
    expect(insideDailyWindow(day, 'UTC', at('2026-05-01T22:00:00Z'))).toBe(false);
    expect(insideDailyWindow(day, 'Asia/Shanghai', at('2026-05-01T04:00:00Z'))).toBe(true); // 12:00
    expect(insideDailyWindow(day, 'America/New_York', at('2026-05-01T04:00:00Z'))).toBe(false); // 00:00 EDT
  });

  it('means the same local hours in winter and summer (Europe/Berlin)', () => {
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-01-15T08:00:00Z'))).toBe(true); // 09:00 CET
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-01-15T07:59:00Z'))).toBe(false); // 08:59 CET
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-07-15T07:00:00Z'))).toBe(true); // 09:00 CEST
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-07-15T06:59:00Z'))).toBe(false); // 08:59 CEST
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-07-15T19:00:00Z'))).toBe(false); // 21:00 CEST
    expect(insideDailyWindow(day, 'Europe/Berlin', at('2026-07-15T18:59:00Z'))).toBe(true); // 20:59 CEST
  });

  it('a window across midnight (22:00-02:00)', () => {
    const night = { from: '22:00', to: '02:00' };
    const cases: Array<[string, boolean]> = [
      ['21:59', false],
      ['22:00', true],
      ['23:59', true],
      ['00:00', true],
      ['01:59', true],
      ['02:00', false],
      ['12:00', false],
    ];
    for (const [clock, inside] of cases) {
      expect(insideDailyWindow(night, 'UTC', at(`2026-05-01T${clock}:00Z`)), clock).toBe(inside);
    }
    // In Shanghai: 22:00 local is 14:00Z, 02:00 local is 18:00Z.
    expect(insideDailyWindow(night, 'Asia/Shanghai', at('2026-05-01T13:59:00Z'))).toBe(false);
    expect(insideDailyWindow(night, 'Asia/Shanghai', at('2026-05-01T14:00:00Z'))).toBe(true);
    expect(insideDailyWindow(night, 'Asia/Shanghai', at('2026-05-01T17:59:00Z'))).toBe(true);
    expect(insideDailyWindow(night, 'Asia/Shanghai', at('2026-05-01T18:00:00Z'))).toBe(false);
  });

  it('one-minute windows', () => {
    expect(insideDailyWindow({ from: '23:59', to: '00:00' }, 'UTC', at('2026-05-01T23:59:00Z'))).toBe(true);
    expect(insideDailyWindow({ from: '23:59', to: '00:00' }, 'UTC', at('2026-05-02T00:00:00Z'))).toBe(false);
    expect(insideDailyWindow({ from: '23:59', to: '00:00' }, 'UTC', at('2026-05-01T23:58:00Z'))).toBe(false);
    expect(insideDailyWindow({ from: '00:00', to: '00:01' }, 'UTC', at('2026-05-02T00:00:30Z'))).toBe(true);
    expect(insideDailyWindow({ from: '00:00', to: '00:01' }, 'UTC', at('2026-05-02T00:01:00Z'))).toBe(false);
  });

  it('agrees with the minute of the day for any instant and window', () => {
    const clock = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }), clock, clock, fc.constantFrom(...zones), (t, from, to, zone) => {
        fc.pre(from !== to);
        const wall = wallTimeIn(new Date(t), zone);
        const minute = wall.hour * 60 + wall.minute;
        const f = minutesOfClock(from);
        const e = minutesOfClock(to);
        const expected = f < e ? f <= minute && minute < e : f <= minute || minute < e;
        expect(insideDailyWindow({ from, to }, zone, new Date(t))).toBe(expected);
      }),
    );
  });
});

describe('scheduleState', () => {
  const startsAt = '2026-05-01T00:00:00.000Z';
  const endsAt = '2026-06-01T00:00:00.000Z';

  it('no schedule is in progress', () => {
    expect(scheduleState(undefined, at('2026-05-01T00:00:00Z'))).toBe('inProgress');
  });

  it('start inclusive, end exclusive', () => {
    expect(scheduleState({ startsAt, endsAt }, at('2026-04-30T23:59:59.999Z'))).toBe('notStarted');
    expect(scheduleState({ startsAt, endsAt }, at(startsAt))).toBe('inProgress');
    expect(scheduleState({ startsAt, endsAt }, at('2026-05-31T23:59:59.999Z'))).toBe('inProgress');
    expect(scheduleState({ startsAt, endsAt }, at(endsAt))).toBe('over');
    expect(scheduleState({ startsAt, endsAt }, at('2027-01-01T00:00:00Z'))).toBe('over');
  });

  it('an open start has started; an open end never ends', () => {
    expect(scheduleState({ startsAt: null, endsAt }, at('1999-01-01T00:00:00Z'))).toBe('inProgress');
    expect(scheduleState({ endsAt }, at('2026-05-31T00:00:00Z'))).toBe('inProgress');
    expect(scheduleState({ startsAt: null, endsAt }, at(endsAt))).toBe('over');
    expect(scheduleState({ startsAt, endsAt: null }, at('2999-01-01T00:00:00Z'))).toBe('inProgress');
    expect(scheduleState({ startsAt }, at('2026-04-30T00:00:00Z'))).toBe('notStarted');
    expect(scheduleState({ startsAt: null, endsAt: null }, at('2026-05-01T00:00:00Z'))).toBe('inProgress');
  });

  it('reads offsets: a start of 08:00+08:00 is midnight UTC', () => {
    expect(scheduleState({ startsAt: '2026-05-01T08:00:00+08:00' }, at('2026-04-30T23:59:59Z'))).toBe('notStarted');
    expect(scheduleState({ startsAt: '2026-05-01T08:00:00+08:00' }, at('2026-05-01T00:00:00Z'))).toBe('inProgress');
  });
});

describe('nextScheduleChange', () => {
  const base = (patch: Partial<Schedule>): Schedule => ({ ...openSchedule('UTC'), ...patch });

  it('nothing to change: no bounds and no window', () => {
    expect(nextScheduleChange(base({}), at('2026-05-01T00:00:00Z'))).toBeNull();
  });

  it('a start in the future comes first, then the end', () => {
    const schedule = base({ startsAt: '2026-05-10T00:00:00.000Z', endsAt: '2026-05-20T00:00:00.000Z' });
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T00:00:00Z')))).toBe('2026-05-10T00:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-09T23:59:59.999Z')))).toBe('2026-05-10T00:00:00.000Z');
    // At the start itself the start is no longer ahead.
    expect(iso(nextScheduleChange(schedule, at('2026-05-10T00:00:00Z')))).toBe('2026-05-20T00:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-15T00:00:00Z')))).toBe('2026-05-20T00:00:00.000Z');
  });

  it('nothing left after the end', () => {
    const schedule = base({ startsAt: '2026-05-10T00:00:00.000Z', endsAt: '2026-05-20T00:00:00.000Z', daily: { from: '09:00', to: '21:00' } });
    expect(nextScheduleChange(schedule, at('2026-05-20T00:00:00Z'))).toBeNull();
    expect(nextScheduleChange(schedule, at('2026-06-01T00:00:00Z'))).toBeNull();
    expect(nextScheduleChange(base({ startsAt: '2026-05-10T00:00:00.000Z' }), at('2026-05-11T00:00:00Z'))).toBeNull();
  });

  it('an open end with a start passed and no window: null', () => {
    expect(nextScheduleChange(base({ startsAt: '2020-01-01T00:00:00.000Z', endsAt: null }), at('2026-05-11T00:00:00Z'))).toBeNull();
  });

  it('a daily window: the next opening, then the next closing', () => {
    const schedule = base({ daily: { from: '09:00', to: '21:00' } });
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T03:00:00Z')))).toBe('2026-05-01T09:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T09:00:00Z')))).toBe('2026-05-01T21:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T21:00:00Z')))).toBe('2026-05-02T09:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T23:30:00Z')))).toBe('2026-05-02T09:00:00.000Z');
  });

  it('a window across midnight in Asia/Shanghai', () => {
    const schedule: Schedule = { ...openSchedule('Asia/Shanghai'), daily: { from: '22:00', to: '02:00' } };
    // 12:00 local → opens at 22:00 local (14:00Z).
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T04:00:00Z')))).toBe('2026-05-01T14:00:00.000Z');
    // 23:00 local → closes at 02:00 local the next day (18:00Z the same UTC day).
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T15:00:00Z')))).toBe('2026-05-01T18:00:00.000Z');
  });

  it('a window in a zone with daylight saving time opens at the same local time across the switch (New York)', () => {
    const schedule: Schedule = { ...openSchedule('America/New_York'), daily: { from: '09:00', to: '17:00' } };
    // Saturday 2026-03-07 18:00 EST; DST starts Sunday 02:00. The opening is 09:00 EDT = 13:00Z, not 14:00Z.
    expect(iso(nextScheduleChange(schedule, at('2026-03-07T23:00:00Z')))).toBe('2026-03-08T13:00:00.000Z');
    // Sunday 10:00 EDT: the closing is 17:00 EDT = 21:00Z.
    expect(iso(nextScheduleChange(schedule, at('2026-03-08T14:00:00Z')))).toBe('2026-03-08T21:00:00.000Z');
    // In November, back to EST: Saturday 2026-10-31 20:00 EDT → Sunday 09:00 EST = 14:00Z.
    expect(iso(nextScheduleChange(schedule, at('2026-11-01T00:00:00Z')))).toBe('2026-11-01T14:00:00.000Z');
  });

  it('Berlin fall-back: the window closes at the first 02:30, reopens when the clock goes back, closes again at the second 02:30', () => {
    const night: Schedule = { ...openSchedule('Europe/Berlin'), daily: { from: '22:00', to: '02:30' } };
    // 2026-10-24 23:00 CEST → closes at the first 02:30 (CEST) = 00:30Z.
    expect(iso(nextScheduleChange(night, at('2026-10-24T21:00:00Z')))).toBe('2026-10-25T00:30:00.000Z');
    // At 01:00Z the clock shows 02:00 again (CET): inside the window once more.
    expect(insideDailyWindow(night.daily!, 'Europe/Berlin', at('2026-10-25T00:59:59Z'))).toBe(false);
    expect(insideDailyWindow(night.daily!, 'Europe/Berlin', at('2026-10-25T01:00:00Z'))).toBe(true);
    expect(iso(nextScheduleChange(night, at('2026-10-25T00:30:00Z')))).toBe('2026-10-25T01:00:00.000Z');
    // And it closes at the second 02:30 (CET) = 01:30Z, not only at the next 22:00.
    expect(iso(nextScheduleChange(night, at('2026-10-25T01:00:00Z')))).toBe('2026-10-25T01:30:00.000Z');
    expect(iso(nextScheduleChange(night, at('2026-10-25T01:30:00Z')))).toBe('2026-10-25T21:00:00.000Z'); // 22:00 CET
  });

  it('New York fall-back: a window ending at 01:01 closes at both 01:01s', () => {
    const schedule: Schedule = { ...openSchedule('America/New_York'), daily: { from: '00:00', to: '01:01' } };
    // 06:00Z is the second 01:00 (EST): inside; it closes a minute later, not at the next midnight.
    expect(insideDailyWindow(schedule.daily!, 'America/New_York', at('2026-11-01T06:00:00Z'))).toBe(true);
    expect(insideDailyWindow(schedule.daily!, 'America/New_York', at('2026-11-01T06:01:00Z'))).toBe(false);
    expect(iso(nextScheduleChange(schedule, at('2026-11-01T06:00:00Z')))).toBe('2026-11-01T06:01:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-11-01T04:30:00Z')))).toBe('2026-11-01T05:01:00.000Z');
  });

  it('Berlin spring-forward: a window opening inside the gap opens when the clock jumps past it', () => {
    const gap: Schedule = { ...openSchedule('Europe/Berlin'), daily: { from: '02:30', to: '04:00' } };
    // 01:00Z shows 03:00 CEST, already after 02:30: the window is open from the jump on.
    expect(insideDailyWindow(gap.daily!, 'Europe/Berlin', at('2026-03-29T00:59:59Z'))).toBe(false);
    expect(insideDailyWindow(gap.daily!, 'Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe(true);
    expect(iso(nextScheduleChange(gap, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:00:00.000Z');
    // Then closes at 04:00 CEST = 02:00Z.
    expect(iso(nextScheduleChange(gap, at('2026-03-29T01:00:00Z')))).toBe('2026-03-29T02:00:00.000Z');
  });

  it('misses no opening or closing around daylight-saving switches (minute by minute)', () => {
    const clock = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    const switches = ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z'].map(Date.parse);
    fc.assert(
      fc.property(fc.constantFrom(...switches), fc.integer({ min: -30 * 60, max: 6 * 60 }), clock, clock, fc.constantFrom('Europe/Berlin', 'America/New_York'), (switchAt, minutes, from, to, zone) => {
        fc.pre(from !== to);
        const t = switchAt + minutes * MINUTE;
        const window = { from, to };
        const next = (nextScheduleChange({ ...openSchedule(zone), daily: window }, new Date(t)) as Date).getTime();
        const state = insideDailyWindow(window, zone, new Date(t));
        for (let x = t + MINUTE; x < next; x += MINUTE) expect(insideDailyWindow(window, zone, new Date(x))).toBe(state);
      }),
      { numRuns: 60 },
    );
  });

  it('the end caps the window: the end itself is the last change', () => {
    const schedule = base({ endsAt: '2026-05-01T12:00:00.000Z', daily: { from: '09:00', to: '21:00' } });
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T10:00:00Z')))).toBe('2026-05-01T12:00:00.000Z');
    expect(iso(nextScheduleChange(schedule, at('2026-05-01T08:00:00Z')))).toBe('2026-05-01T09:00:00.000Z');
  });

  it('is always after now, never after the end, and no later than a day ahead with a window', () => {
    const clock = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), clock, clock, fc.constantFrom(...zones), (t, from, to, zone) => {
        fc.pre(from !== to);
        const now = new Date(t);
        const next = nextScheduleChange({ ...openSchedule(zone), daily: { from, to } }, now);
        expect(next).not.toBeNull();
        const n = (next as Date).getTime();
        expect(n).toBeGreaterThan(t);
        expect(n).toBeLessThanOrEqual(t + 25 * HOUR);
        // Just before the change the window state is the same as now; at it, it may differ.
        expect(insideDailyWindow({ from, to }, zone, new Date(n - 1))).toBe(insideDailyWindow({ from, to }, zone, now));
      }),
    );
  });
});

describe('scheduleSchema', () => {
  const ok = { startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-06-01T00:00:00.000Z', timeZone: 'Europe/Berlin', daily: null };

  it('accepts an open schedule and a bounded one', () => {
    expect(scheduleSchema.safeParse(openSchedule('UTC')).success).toBe(true);
    expect(scheduleSchema.safeParse({ timeZone: 'UTC' }).success).toBe(true);
    expect(scheduleSchema.parse(ok)).toEqual(ok);
    expect(scheduleSchema.safeParse({ ...ok, startsAt: '2026-05-01T08:00:00+08:00' }).success).toBe(true);
  });

  it('refuses an end equal to the start and an end before it, on endsAt', () => {
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: ok.startsAt })).toEqual({ endsAt: { key: 'validation.timeRange' } });
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: '2026-04-30T23:59:59.999Z' })).toEqual({ endsAt: { key: 'validation.timeRange' } });
    // The same instant written with another offset is still equal.
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: '2026-05-01T08:00:00+08:00' })).toEqual({ endsAt: { key: 'validation.timeRange' } });
  });

  it('accepts an end one millisecond after the start', () => {
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: '2026-05-01T00:00:00.001Z' })).toBeNull();
  });

  it('an open bound has no range to check', () => {
    expect(errorsOf(scheduleSchema, { ...ok, startsAt: null })).toBeNull();
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: null })).toBeNull();
  });

  it('refuses an unknown or missing zone', () => {
    expect(errorsOf(scheduleSchema, { ...ok, timeZone: 'Europe/Atlantis' })).toEqual({ timeZone: { key: 'validation.timeZone' } });
    expect(errorsOf(scheduleSchema, { ...ok, timeZone: '' })).toEqual({ timeZone: { key: 'validation.required' } });
    const { timeZone: _dropped, ...noZone } = ok;
    expect(errorsOf(scheduleSchema, noZone)).toEqual({ timeZone: { key: 'validation.required' } });
  });

  it('refuses a time that is not ISO with an offset', () => {
    expect(errorsOf(scheduleSchema, { ...ok, startsAt: '2026-05-01T00:00' })).toEqual({ startsAt: { key: 'validation.dateTime' } });
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: 'tomorrow' })).toEqual({ endsAt: { key: 'validation.dateTime' } });
  });

  it('daily window: 23:59 ok, 24:00 refused, from == to refused', () => {
    expect(errorsOf(scheduleSchema, { ...ok, daily: { from: '00:00', to: '23:59' } })).toBeNull();
    expect(errorsOf(scheduleSchema, { ...ok, daily: { from: '23:59', to: '00:00' } })).toBeNull();
    expect(errorsOf(scheduleSchema, { ...ok, daily: { from: '22:00', to: '24:00' } })).toEqual({ 'daily.to': { key: 'validation.clockTime' } });
    expect(errorsOf(scheduleSchema, { ...ok, daily: { from: '24:00', to: '02:00' } })).toEqual({ 'daily.from': { key: 'validation.clockTime' } });
    expect(errorsOf(scheduleSchema, { ...ok, daily: { from: '09:00', to: '09:00' } })).toEqual({ 'daily.to': { key: 'validation.dailyWindowEmpty' } });
    expect(errorsOf(dailyWindowSchema, { from: '09:00', to: '09:01' })).toBeNull();
    expect(errorsOf(dailyWindowSchema, { from: '09:01', to: '09:00' })).toBeNull();
  });

  it('reports the range and the zone together', () => {
    expect(errorsOf(scheduleSchema, { ...ok, endsAt: ok.startsAt, timeZone: 'nowhere' })).toEqual({
      endsAt: { key: 'validation.timeRange' },
      timeZone: { key: 'validation.timeZone' },
    });
  });
});
