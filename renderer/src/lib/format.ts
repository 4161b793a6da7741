/**
 * Date and time display in the operator's locale, as pure functions (tests pass `now`).
 */

const relativeSteps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.34524],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "yesterday", "2 weeks ago" in `locale`; times under a minute read "now". */
export function formatRelativeTime(iso: string, locale: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return format.format(0, 'second');
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** Date and time, medium date and short time, in `locale` (an empty text for an unreadable value). */
export function formatDateTime(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** A date alone (long month), in `locale`. */
export function formatDate(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(time);
}

/**
 * The part of the day a greeting names, by local hour: morning from 4 to 11, afternoon 12-17,
 * evening from 18 on and through the small hours (until 4). Issue 12: an operator at work at 4:33
 * was greeted "Good evening"; the morning now starts at 4.
 */
export function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 4 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * An amount of money in its currency, in the operator's locale (`14.7` USD reads "$14.70" in
 * en-US, "US$14.70" in zh-CN, "14,70 $US" in fr-FR), with the currency's own decimals. Without a
 * currency, or with a code the runtime does not know, the amount alone in the locale's digits (and
 * the code after it, so nothing is hidden). Issue 12.
 */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  if (!Number.isFinite(amount)) return '';
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(amount)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(amount);
}


/**
 * When kept data were fetched, for "as of …" (issue 14): the time alone today ("10:42"), the date
 * and time on another day.
 */
export function formatKeptTime(time: number, locale: string, now: number = Date.now()): string {
  if (!Number.isFinite(time) || time <= 0) return '';
  const date = new Date(time);
  const today = new Date(now);
  const sameDay = date.getFullYear() === today.getFullYear() && date.getMonth() === today.getMonth() && date.getDate() === today.getDate();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
