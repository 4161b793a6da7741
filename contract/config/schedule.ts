import { z } from 'zod';
import { deriveState, type ItemState } from '../resources/define';
import { isoDateTimeSchema, requiredOrType, timeRangeCheck } from '../validation';

/**
 * The schedule of a configuration item (spec §4 "time-bound items", §5 "end after start").
 *
 * Start and end are instants (ISO 8601 with an offset) and the operator's chosen IANA time zone is
 * kept beside them: the console shows and edits the times as wall-clock times in that zone, and the
 * daily window (a Daily subscription page's "09:00-21:00") is read in it, so a window means the same
 * local hours in winter and summer. An open start means "from publishing on", an open end "until
 * taken off the air".
 *
 * Everything here is pure and uses only `Intl`, so the console and the server (and the evaluation
 * in evaluate.ts) compute the same wall times.
 */

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Berlin`, `Asia/Shanghai`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine(isTimeZone, { error: 'validation.timeZone' });

/** `HH:mm`, 00:00 to 23:59. */
const clockPattern = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const clockTimeSchema = z.string({ error: requiredOrType }).regex(clockPattern, { error: 'validation.clockTime' });

/** Minutes after midnight of an `HH:mm` text. */
export function minutesOfClock(text: string): number {
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** A daily window in the schedule's zone; `from` after `to` spans midnight (22:00-02:00). */
export const dailyWindowSchema = z
  .object({ from: clockTimeSchema, to: clockTimeSchema })
  .refine((w) => w.from !== w.to, { error: 'validation.dailyWindowEmpty', path: ['to'] });
export type DailyWindow = z.infer<typeof dailyWindowSchema>;

export const scheduleSchema = z
  .object({
    startsAt: isoDateTimeSchema.nullable().optional(),
    endsAt: isoDateTimeSchema.nullable().optional(),
    timeZone: timeZoneSchema,
    daily: dailyWindowSchema.nullable().optional(),
  })
  .check(timeRangeCheck<{ startsAt?: string | null; endsAt?: string | null }>('startsAt', 'endsAt'));
export type Schedule = z.infer<typeof scheduleSchema>;

/** A new item's schedule: no bounds, in the given zone. */
export function openSchedule(timeZone: string): Schedule {
  return { startsAt: null, endsAt: null, timeZone, daily: null };
}

/**
 * Not Started / In Progress / Over at `now` (spec §4). An open start has started; an open end never
 * ends. The daily window does not change the state: a Daily page between its windows is still In
 * Progress, just not shown at that hour.
 */
export function scheduleState(schedule: Pick<Schedule, 'startsAt' | 'endsAt'> | undefined, now: Date): ItemState {
  if (!schedule) return 'inProgress';
  return deriveState(schedule.startsAt ?? new Date(0), schedule.endsAt ?? null, now);
}

/** The wall-clock parts of an instant in a zone. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What a clock in `zone` shows at `instant`. */
export function wallTimeIn(instant: Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in minutes (Asia/Shanghai: +480). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const w = wallTimeIn(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * Every instant at which a clock in `zone` shows the wall time `wanted` (given as a UTC timestamp of
 * its parts): one normally, two in a fall-back's repeated hour, none in a spring-forward gap.
 * The offsets in force 14 hours either side and at the time itself cover every real zone.
 */
function occurrencesOfWallTime(wanted: number, zone: string): number[] {
  const found = new Set<number>();
  for (const guess of [wanted - 14 * 3_600_000, wanted, wanted + 14 * 3_600_000]) {
    const offset = zoneOffsetMinutes(new Date(guess), zone);
    const instant = wanted - offset * 60_000;
    const back = wallTimeIn(new Date(instant), zone);
    if (Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) === wanted) found.add(instant);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The instants in (from, to] at which the zone's offset changes (daylight saving time), to the
 * second: the wall clock jumps there, so a daily window may open or close without its minute
 * marks being shown (a mark inside a spring-forward gap, a window that reopens in a repeated hour).
 */
function offsetChangesBetween(from: number, to: number, zone: string): number[] {
  const changes: number[] = [];
  let previous = from;
  let previousOffset = zoneOffsetMinutes(new Date(from), zone);
  for (let probe = from + 3_600_000; previous < to; probe += 3_600_000) {
    const end = Math.min(probe, to);
    const offset = zoneOffsetMinutes(new Date(end), zone);
    if (offset !== previousOffset) {
      // The first second in (previous, end] with the new offset.
      let low = Math.floor(previous / 1000);
      let high = Math.floor(end / 1000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zoneOffsetMinutes(new Date(middle * 1000), zone) === previousOffset) low = middle;
        else high = middle;
      }
      changes.push(high * 1000);
    }
    previous = end;
    previousOffset = offset;
  }
  return changes;
}

/**
 * The instant a wall-clock time (`2026-03-29T02:30`, as a datetime-local input gives it) names in
 * `zone`. A time that a spring-forward gap skips resolves to the instant just after the gap (as
 * clocks do); a time a fall-back repeats resolves to its first occurrence. Null for text that is not
 * such a time.
 */
export function instantOfWallTime(local: string, zone: string): Date | null {
  const match = localPattern.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wanted)) return null;
  // Date.UTC rolls impossible parts over (02-30 → 03-02, 24:00 → next day): such text names no time.
  const parts = new Date(wanted);
  if (parts.getUTCFullYear() !== y || parts.getUTCMonth() !== mo - 1 || parts.getUTCDate() !== d || parts.getUTCHours() !== h || parts.getUTCMinutes() !== mi) return null;
  const candidates = occurrencesOfWallTime(wanted, zone);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: the offset before the gap carries the time past it.
  const before = zoneOffsetMinutes(new Date(wanted - 14 * 3_600_000), zone);
  return new Date(wanted - before * 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock time of an instant in `zone`, as a datetime-local input takes it (`2026-03-29T03:30`). */
export function wallTimeText(instant: Date | string, zone: string): string {
  const w = wallTimeIn(new Date(instant), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Whether `now` lies inside a daily window read in `zone` (the end minute is outside). */
export function insideDailyWindow(window: DailyWindow, zone: string, now: Date): boolean {
  const w = wallTimeIn(now, zone);
  const minute = w.hour * 60 + w.minute;
  const from = minutesOfClock(window.from);
  const to = minutesOfClock(window.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * The next instant after `now` at which a schedule may change whether its item is live: its start,
 * its end, or the next opening or closing of its daily window. The delivery API recompiles then, so
 * an item appears and disappears on time without a publish. Null when nothing will change.
 */
export function nextScheduleChange(schedule: Schedule, now: Date): Date | null {
  const t = now.getTime();
  const candidates: number[] = [];
  for (const bound of [schedule.startsAt, schedule.endsAt]) {
    if (bound) {
      const at = Date.parse(bound);
      if (at > t) candidates.push(at);
    }
  }
  const endsAt = schedule.endsAt ? Date.parse(schedule.endsAt) : Number.POSITIVE_INFINITY;
  if (schedule.daily && endsAt > t) {
    const marks = [minutesOfClock(schedule.daily.from), minutesOfClock(schedule.daily.to)];
    // Walk forward minute marks over the next two days in the zone's wall time.
    const wall = wallTimeIn(now, schedule.timeZone);
    for (let dayOffset = 0; dayOffset <= 2; dayOffset += 1) {
      for (const mark of marks) {
        const wanted = Date.UTC(wall.year, wall.month - 1, wall.day + dayOffset, Math.floor(mark / 60), mark % 60);
        // Every occurrence: a mark in a repeated hour opens or closes the window twice.
        for (const at of occurrencesOfWallTime(wanted, schedule.timeZone)) if (at > t) candidates.push(at);
      }
    }
    // Where the clock jumps the window may open or close between its marks (a mark inside a
    // spring-forward gap, a window that reopens in a repeated hour).
    const daily = schedule.daily;
    for (const change of offsetChangesBetween(t, t + 3 * 86_400_000, schedule.timeZone)) {
      if (insideDailyWindow(daily, schedule.timeZone, new Date(change - 1000)) !== insideDailyWindow(daily, schedule.timeZone, new Date(change))) candidates.push(change);
    }
  }
  const next = candidates.filter((c) => c <= endsAt);
  return next.length > 0 ? new Date(Math.min(...next)) : null;
}
