import { z } from 'zod';
import { colourPattern, normalizeColour } from './colour';

/**
 * Validation rules of spec §5 and §9 as reusable zod pieces.
 *
 * Every refusal's message is an i18n key of the `validation` namespace (contract/i18n), so the same
 * schema gives the same localized message on the server (as `fieldErrors`) and in a console form.
 * Values that a message interpolates (`{{max}}`, `{{min}}`, ...) are not in the message: they are read
 * from the zod issue by `zodIssuesToFieldErrors` (contract/field-errors.ts), or passed as issue
 * `params` by the custom checks below.
 */

export { limits, requiredOrType } from './validation-basics';
import { limits, requiredOrType } from './validation-basics';

/** An email address of at most 320 characters. */
export const emailSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(limits.email, { error: 'validation.emailLength' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((s) => s.toLowerCase());

/** Password: 8-16 English letters and digits (spec §5). */
export const passwordSchema = z
  .string({ error: requiredOrType })
  .regex(/^[A-Za-z0-9]{8,16}$/, { error: 'validation.password' });

/** The six-digit verification code mailed for a password reset. */
export const verificationCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(/^\d{6}$/, { error: 'validation.verificationCode' });

// ---------------------------------------------------------------------------------------------
// Names

/**
 * Scripts whose characters make a name "Chinese" for the 64-character limit.
 *
 * Han plus the other CJK scripts (kana, Hangul, Bopomofo): their characters are full width and three
 * bytes in UTF-8, which is why the spec halves the limit for them. Latin, Cyrillic, Arabic and the
 * rest keep 128.
 */
const cjkPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

/** Whether a text contains at least one CJK character (see `cjkPattern`). */
export function containsCjk(text: string): boolean {
  return cjkPattern.test(text);
}

/**
 * The name limit that applies to a text: 64 when it contains any CJK character, else 128.
 *
 * One CJK character is enough: a mixed name such as "Summer 夏日 sale" is shown and stored like a
 * Chinese name, so the stricter limit is the safe reading of "Chinese name length at most 64".
 */
export function nameLimitFor(text: string): number {
  return containsCjk(text) ? limits.nameZh : limits.nameOther;
}

/** Length in code points, the way zod's `.max()` counts a string (an emoji or rare Han counts once). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function requiredTrimmedString() {
  return z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' });
}

/** A required, trimmed name of at most 128 characters (spec §5 "other name"). */
export const nameSchema = requiredTrimmedString().max(limits.nameOther, { error: 'validation.nameLength' });

/** A required, trimmed Chinese name of at most 64 characters (spec §5, e.g. a region's Chinese name). */
export const chineseNameSchema = requiredTrimmedString().max(limits.nameZh, { error: 'validation.nameLength' });

/**
 * A required, trimmed name whose limit follows its text: 64 when it contains CJK, else 128.
 *
 * For fields that take a name in any language (a popup's name, a topic's title). The refusal is a
 * `too_big` issue with `maximum` set to the limit that applied, so the message says 64 or 128.
 */
export const localizedNameSchema = requiredTrimmedString().check(
  z.superRefine((value: string, ctx) => {
    const maximum = nameLimitFor(value);
    if (codePointLength(value) > maximum) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum, inclusive: true, input: value, message: 'validation.nameLength' });
    }
  }),
);

// ---------------------------------------------------------------------------------------------
// URL, colour, version, JSON, numbers

/** An http or https URL of at most 2048 characters (spec §5, §9). */
export const urlSchema = requiredTrimmedString()
  .max(limits.url, { error: 'validation.urlLength' })
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }));

// The colour rules live without zod in contract/colour.ts (the console's first screen reads them).
export { normalizeColour } from './colour';

/** A colour value `#RGB`, `#RRGGBB` or `#RRGGBBAA`, normalized to upper-case `#RRGGBB[AA]`. */
export const colourSchema = requiredTrimmedString()
  .regex(colourPattern, { error: 'validation.colour' })
  .transform((s) => normalizeColour(s) as string);

/** The placeholder the spec shows in version fields (§3). */
export const appVersionPlaceholder = '1.0.00';

const versionPattern = /^\d{1,9}(?:\.\d{1,9}){1,3}$/;

/**
 * The numeric parts of a version string, or null when it is not one.
 *
 * A version is 2 to 4 groups of digits separated by dots (`1.0`, `1.0.00`, `2.13.1`, `3.1.0.7`).
 * Leading zeros are allowed because the spec's own placeholder has one; they do not change the value.
 */
export function parseVersion(text: string): number[] | null {
  const value = text.trim();
  return versionPattern.test(value) ? value.split('.').map(Number) : null;
}

/** An app version such as `1.0.00` or `2.13.1` (kept as typed, trimmed). */
export const appVersionSchema = requiredTrimmedString()
  .max(limits.appVersion, { error: 'validation.version' })
  .regex(versionPattern, { error: 'validation.version' });

/**
 * Compares two versions part by part as numbers: negative when a < b, 0 when equal, positive when a > b.
 *
 * Missing parts count as 0, so `1.0` = `1.0.0` = `1.0.00` and `1.2` < `1.10`. Throws a RangeError for
 * a text that `parseVersion` refuses, because no order would be right for it; validate first.
 */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) throw new RangeError(`Not a version: ${JSON.stringify(left ? b : a)}`);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** Whether a text parses as JSON. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A text input holding JSON data (spec §5 "JSON data prompt"); the output stays the trimmed text. */
export const jsonTextSchema = requiredTrimmedString()
  .max(limits.jsonText, { error: 'validation.lengthMax' })
  .refine(isJsonText, { error: 'validation.json' });

const numberText = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The number a text input means: a number as is, a decimal numeral as a number, empty as undefined,
 * anything else as NaN (refused with `validation.number`). Hex, `Infinity` and `1_000` are not numbers
 * to an operator.
 */
export function numberFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return numberText.test(text) ? Number(text) : Number.NaN;
}

export interface NumberInputOptions {
  readonly min?: number;
  readonly max?: number;
  readonly int?: boolean;
  /** Blank text and a missing value are accepted as undefined. */
  readonly optional?: boolean;
}

/**
 * A number typed into a text box or given as a number (spec §5 "numbers prompt").
 *
 * Empty is `validation.required`, text that is not a numeral is `validation.number`, a fraction where
 * an integer is wanted is `validation.integer`, bounds are `validation.rangeMin` / `validation.rangeMax`.
 * With `optional`, blank text means "not given" (undefined) instead of being refused.
 */
export function numberInputSchema(options: NumberInputOptions = {}) {
  let schema = z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.number'),
  });
  if (options.int) schema = schema.int({ error: 'validation.integer' });
  if (options.min !== undefined) schema = schema.min(options.min, { error: 'validation.rangeMin' });
  if (options.max !== undefined) schema = schema.max(options.max, { error: 'validation.rangeMax' });
  return z.preprocess(numberFromInput, options.optional ? schema.optional() : schema);
}

// ---------------------------------------------------------------------------------------------
// Time range

/** An ISO 8601 date-time with `Z` or an offset, as the API and the forms exchange times. */
export const isoDateTimeSchema = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.dateTime'),
});

/** The fields of a value that may not be an object: a check given `when` can run on raw input. */
function fieldsOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function timeOf(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Whether a zod payload has no issue on any of the given top-level fields. */
function fieldsAreClean(issues: ReadonlyArray<{ readonly path?: ReadonlyArray<PropertyKey> }>, keys: readonly string[]): boolean {
  return !issues.some((issue) => issue.path !== undefined && issue.path.length > 0 && keys.includes(String(issue.path[0])));
}

/**
 * A check that the end field's time is after the start field's (spec §5 "End time must be greater
 * than start time"); the refusal is `validation.timeRange` on the end field.
 *
 * Runs whenever both fields themselves are valid, even if other fields are not, so a form shows every
 * problem at once. Either field missing means there is no range to check (an open end is the field
 * schema's decision). Values may be ISO strings or Dates.
 */
export function timeRangeCheck<T extends object>(startKey: keyof T & string, endKey: keyof T & string) {
  return z.superRefine<T>(
    (value, ctx) => {
      const record = fieldsOf(value);
      if (!record) return;
      const start = timeOf(record[startKey]);
      const end = timeOf(record[endKey]);
      if (start === null || end === null || end > start) return;
      ctx.addIssue({ code: 'custom', path: [endKey], input: record[endKey], message: 'validation.timeRange' });
    },
    { when: (payload) => fieldsAreClean(payload.issues, [startKey, endKey]) },
  );
}

/** `schema` with `timeRangeCheck(startKey, endKey)` attached. */
export function withTimeRange<S extends z.ZodType<object>>(
  schema: S,
  startKey: keyof z.output<S> & string,
  endKey: keyof z.output<S> & string,
): S {
  return schema.check(timeRangeCheck<z.output<S>>(startKey, endKey));
}

/** A `{ startsAt, endsAt }` pair of ISO date-times with the end after the start. */
export const timeRangeSchema = withTimeRange(
  z.object({ startsAt: isoDateTimeSchema, endsAt: isoDateTimeSchema }),
  'startsAt',
  'endsAt',
);
export type TimeRange = z.infer<typeof timeRangeSchema>;

// ---------------------------------------------------------------------------------------------
// Text a database can store

/**
 * A NUL character, or a UTF-16 surrogate without its partner (`"\ud800"` in JSON). JSON and zod take
 * both, PostgreSQL stores neither in text or JSONB (it refuses the whole statement), and neither is
 * anything a person typed: refused at the field (issue 18 §7) rather than as a database failure.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const unstorableCharacter = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text holds a character no database column can store (see {@link unstorableCharacter}). */
export function hasUnstorableCharacter(text: string): boolean {
  return unstorableCharacter.test(text);
}

/** How deep {@link unstorableTextPath} looks; deeper values are left to the schemas' own limits. */
const UNSTORABLE_SCAN_DEPTH = 64;

/**
 * The path of the first string (a value, or a key: then the path of its object) holding a character
 * no database can store, in any JSON value; null when there is none. The server checks every request
 * body with it before the route's schema, so the refusal names the field (`validation.textCharacters`).
 */
export function unstorableTextPath(value: unknown, path: ReadonlyArray<string | number> = []): ReadonlyArray<string | number> | null {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || path.length >= UNSTORABLE_SCAN_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unstorableTextPath(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnstorableCharacter(key)) return path;
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Cross-field rules

/** Whether a form value counts as empty: undefined, null, blank text or an empty list. 0 and false are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * A check that at least one of `keys` is filled (spec §5 "Fields cannot all be empty").
 *
 * The refusal `validation.notAllEmpty` is on the form itself (path ''), since no one field is wrong.
 * Use as `z.object({...}).check(notAllEmpty(['title', 'subtitle']))`.
 */
export function notAllEmpty<K extends string>(keys: readonly K[]) {
  return z.superRefine<Partial<Record<K, unknown>>>(
    (value, ctx) => {
      const record = fieldsOf(value);
      if (!record) return;
      if (keys.every((key) => isEmptyValue(record[key]))) {
        ctx.addIssue({ code: 'custom', path: [], input: value, message: 'validation.notAllEmpty' });
      }
    },
    { when: (payload) => fieldsAreClean(payload.issues, keys) },
  );
}

/**
 * A check that number field `a` is less than number field `b` (spec §5 "A number must be less than a
 * named field's value"), e.g. a popup's shown count below its daily limit.
 *
 * The refusal `validation.lessThan` is on `a` with params `{ field, value }`: `field` is the i18n key
 * of b's label (translate it before interpolating; `fieldErrorMessage` does), `value` is b's value.
 * Nothing is checked while either number is absent.
 */
export function lessThanField<K extends string>(a: K, b: K, options: { readonly labelKey: string }) {
  return z.superRefine<Partial<Record<K, unknown>>>(
    (value, ctx) => {
      const record = fieldsOf(value);
      if (!record) return;
      const left = record[a];
      const right = record[b];
      if (typeof left !== 'number' || typeof right !== 'number' || left < right) return;
      ctx.addIssue({
        code: 'custom',
        path: [a],
        input: left,
        message: 'validation.lessThan',
        params: { field: options.labelKey, value: right },
      });
    },
    { when: (payload) => fieldsAreClean(payload.issues, [a, b]) },
  );
}

// ---------------------------------------------------------------------------------------------
// Materials

/** Kinds of material a piece of home content can carry (spec §3 topic kinds that are media or assets). */
export const materialTypes = [
  'image',
  'video',
  'pag',
  'sticker',
  'filter',
  'formula',
  'textStyle',
  'graffitiPen',
  'ar',
  'look',
  'music',
] as const;
export const materialTypeSchema = z.enum(materialTypes, { error: 'validation.enum' });
export type MaterialType = z.infer<typeof materialTypeSchema>;

/** The number of different material types in a list. */
export function countMaterialTypes(items: ReadonlyArray<{ readonly type: string }>): number {
  return new Set(items.map((item) => item.type)).size;
}

/**
 * A list of materials holding at least two different types (spec §5 "Mixed content needs at least 2
 * material types"); the refusal `validation.mixedMaterials` with `{ min: 2 }` is on the list.
 */
export function mixedMaterialsOf<T extends z.ZodType<{ type: string }>>(item: T) {
  return z.array(item, { error: requiredOrType }).check(
    z.superRefine<Array<z.output<T>>>((items, ctx) => {
      if (countMaterialTypes(items) < limits.mixedMaterialsMin) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          input: items,
          message: 'validation.mixedMaterials',
          params: { min: limits.mixedMaterialsMin },
        });
      }
    }),
  );
}

/** One material reference: its type and whatever else the content kind stores with it. */
export const materialSchema = z.looseObject({ type: materialTypeSchema });

/** The mixed content rule over plain material references. */
export const mixedMaterialsSchema = mixedMaterialsOf(materialSchema);

// ---------------------------------------------------------------------------------------------
// §9 enums

/** Duration units of spec §9 (hour, day, week, 2 weeks, month, year). */
export const durationUnits = ['hour', 'day', 'week', 'twoWeeks', 'month', 'year'] as const;
export const durationUnitSchema = z.enum(durationUnits, { error: 'validation.enum' });
export type DurationUnit = z.infer<typeof durationUnitSchema>;

/** The i18n label key of each duration unit (namespace `units`). */
export const durationUnitLabelKeys: Readonly<Record<DurationUnit, string>> = {
  hour: 'units.hour',
  day: 'units.day',
  week: 'units.week',
  twoWeeks: 'units.twoWeeks',
  month: 'units.month',
  year: 'units.year',
};

/** Comparison operators of spec §9: equal, greater or equal, less or equal, less, greater. */
export const comparisonOperators = ['eq', 'gte', 'lte', 'lt', 'gt'] as const;
export const comparisonOperatorSchema = z.enum(comparisonOperators, { error: 'validation.enum' });
export type ComparisonOperator = z.infer<typeof comparisonOperatorSchema>;

/** The i18n label key of each operator (namespace `operators`). */
export const comparisonOperatorLabelKeys: Readonly<Record<ComparisonOperator, string>> = {
  eq: 'operators.eq',
  gte: 'operators.gte',
  lte: 'operators.lte',
  lt: 'operators.lt',
  gt: 'operators.gt',
};

/** Applies an operator: `compareWith('gte', 3, 2)` is true. Versions compare via `compareVersions` first. */
export function compareWith(operator: ComparisonOperator, left: number, right: number): boolean {
  switch (operator) {
    case 'eq':
      return left === right;
    case 'gte':
      return left >= right;
    case 'lte':
      return left <= right;
    case 'lt':
      return left < right;
    case 'gt':
      return left > right;
    default: {
      const unknown: never = operator;
      throw new RangeError(`Unknown operator: ${String(unknown)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Discount

/**
 * The discount of a price: actual price divided by original price (spec §3; 0.8 means 20% off).
 *
 * Not rounded: round only for display. Throws a RangeError for a price that is not finite, a negative
 * actual price or an original price that is not positive, since no ratio means anything then.
 */
export function discountOf(actual: number, original: number): number {
  if (!Number.isFinite(actual) || !Number.isFinite(original) || actual < 0 || original <= 0) {
    throw new RangeError(`No discount for actual ${actual} and original ${original}`);
  }
  return actual / original;
}

/** The whole percent off a discount means, for display: 0.8 → 20, 0.75 → 25. */
export function percentOff(discount: number): number {
  return Math.round((1 - discount) * 100);
}

/** A discount ratio above 0 and at most 1 (1 is no discount). */
export const discountSchema = z
  .number({ error: requiredOrType })
  .gt(0, { error: 'validation.discount' })
  .lte(1, { error: 'validation.discount' });
