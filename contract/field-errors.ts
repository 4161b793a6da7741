import { type z } from 'zod';
import { type FieldError, type FieldErrors } from './envelope';
import { toNamespacedKey } from './i18n/keys';

/**
 * Turning zod issues into the `fieldErrors` of an envelope, and field errors into text.
 *
 * The server answers a refused input with `fieldErrors` built here, and a console form that validates
 * locally builds its errors here too, so both show the same message for the same mistake.
 */

type Issue = z.core.$ZodIssue;
type Params = NonNullable<FieldError['params']>;

const validationPrefix = 'validation.';

export interface ToFieldErrorsOptions {
  /** The value that was parsed; when given, an issue at a path where it holds nothing reads "required". */
  readonly input?: unknown;
}

/** Params whose value is itself an i18n key (a field label) to translate before interpolation. */
export const labelParams: readonly string[] = ['field'];

function dottedPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part) => String(part)).join('.');
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const part of path) {
    if (value instanceof Map) value = value.get(part);
    else if (value !== null && typeof value === 'object') value = (value as Record<PropertyKey, unknown>)[part];
    else return undefined;
  }
  return value;
}

/**
 * Whether the issue is about a value that is not there.
 *
 * zod drops the input from issues unless parsed with `reportInput: true`; then the caller's `input`
 * (the value that was parsed) tells, and as a last resort zod's default English message does.
 */
function isMissing(issue: Issue, options: ToFieldErrorsOptions | undefined): boolean {
  if (issue.code !== 'invalid_type' && issue.code !== 'invalid_union') return false;
  if (issue.code === 'invalid_type' && issue.expected === 'nonoptional') return true;
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  if (options && 'input' in options) {
    const value = valueAt(options.input, issue.path);
    return value === undefined || value === null;
  }
  return /received (?:undefined|null)$/.test(issue.message);
}

function toNumber(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(value) : value;
}

function sizeKey(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  bound: 'Min' | 'Max',
): string {
  const limit = toNumber(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return 'validation.lengthExact';
      if (bound === 'Min' && limit <= 1) return 'validation.required';
      return `validation.length${bound}`;
    case 'array':
    case 'set':
      if (issue.exact) return 'validation.itemsExact';
      if (bound === 'Min' && limit <= 1) return 'validation.required';
      return `validation.items${bound}`;
    case 'number':
    case 'int':
    case 'bigint':
      if (issue.inclusive === false) return bound === 'Min' ? 'validation.rangeAbove' : 'validation.rangeBelow';
      return `validation.range${bound}`;
    default:
      return 'validation.range';
  }
}

function sizeParams(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): Params | undefined {
  if (issue.origin === 'date' || issue.origin === 'file') return undefined;
  const limit = toNumber(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  if (issue.exact) return { length: limit };
  return issue.code === 'too_small' ? { min: limit } : { max: limit };
}

function customParams(raw: Record<string, unknown> | undefined): Params | undefined {
  if (!raw) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isFormat(issue: Issue, formats: readonly string[]): boolean {
  return issue.code === 'invalid_format' && formats.includes(issue.format);
}

/** The generic key and params of an issue, from its kind alone. */
function genericError(issue: Issue, missing: boolean): FieldError {
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return { key: 'validation.required' };
      return { key: issue.expected === 'int' ? 'validation.integer' : 'validation.type' };
    case 'too_small':
      return withParams(sizeKey(issue, 'Min'), sizeParams(issue));
    case 'too_big':
      return withParams(sizeKey(issue, 'Max'), sizeParams(issue));
    case 'invalid_format':
      if (isFormat(issue, ['email'])) return { key: 'validation.email' };
      if (isFormat(issue, ['url'])) return { key: 'validation.url' };
      if (isFormat(issue, ['datetime', 'date', 'time'])) return { key: 'validation.dateTime' };
      return { key: 'validation.pattern' };
    case 'invalid_value':
      return { key: 'validation.enum' };
    case 'not_multiple_of':
      return { key: 'validation.multipleOf', params: { divisor: toNumber(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknownFields', params: { fields: issue.keys.join(', ') } };
    case 'invalid_union': {
      if (missing) return { key: 'validation.required' };
      const nested = issue.errors.flat();
      const allValues = nested.length > 0 && nested.every((inner) => inner.code === 'invalid_value');
      return { key: issue.discriminator !== undefined || allValues ? 'validation.enum' : 'validation.type' };
    }
    case 'custom':
      return withParams('validation.invalid', customParams(issue.params));
    default:
      return { key: 'validation.invalid' };
  }
}

function withParams(key: string, params: Params | undefined): FieldError {
  return params ? { key, params } : { key };
}

function addIssue(
  errors: FieldErrors,
  issue: Issue,
  prefix: ReadonlyArray<PropertyKey>,
  options: ToFieldErrorsOptions | undefined,
): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_key' || issue.code === 'invalid_element') {
    const elementPath =
      issue.code === 'invalid_element' && (typeof issue.key === 'string' || typeof issue.key === 'number')
        ? [...path, issue.key]
        : path;
    for (const inner of issue.issues) addIssue(errors, inner, elementPath, options);
    return;
  }
  const dotted = dottedPath(path);
  if (dotted in errors) return;
  const missing = isMissing({ ...issue, path } as Issue, options);
  const generic = genericError(issue, missing);
  if (!issue.message.startsWith(validationPrefix)) {
    errors[dotted] = withParams(generic.key, generic.key === 'validation.required' ? undefined : generic.params);
    return;
  }
  // A schema's own key wins, except that a missing value reads "required" rather than "wrong type".
  const key = issue.message === 'validation.type' && missing ? 'validation.required' : issue.message;
  errors[dotted] = withParams(key, key === 'validation.required' ? undefined : generic.params);
}

/**
 * Field errors by dotted path from zod issues: one `{ key, params? }` per path, the first issue winning.
 *
 * The key is the issue's message when it is a `validation.` key (the schema chose it), otherwise a
 * generic key by the kind of issue: `required` (missing value, or blank text / empty list under a
 * minimum of 1), `type`, `integer`, `lengthMin`/`lengthMax`/`lengthExact` (text, params `min`/`max`/`length`),
 * `itemsMin`/`itemsMax`/`itemsExact` (lists), `rangeMin`/`rangeMax` (inclusive number bounds, params
 * `min`/`max`), `rangeAbove`/`rangeBelow` (exclusive bounds), `range` (dates, files), `pattern`,
 * `email`, `url`, `dateTime`, `enum`, `multipleOf`, `unknownFields`, `invalid`. Params come from the
 * issue either way, so `validation.nameLength` gets its `max`. Pass the parsed value as
 * `options.input` so a missing field is told apart from a wrong type (zod drops the input from issues
 * unless parsed with `reportInput: true`).
 */
export function zodIssuesToFieldErrors(issues: ReadonlyArray<Issue>, options?: ToFieldErrorsOptions): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) addIssue(errors, issue, [], options);
  return errors;
}

/** Field errors of a failed parse (see `zodIssuesToFieldErrors`). */
export function zodErrorToFieldErrors(error: z.core.$ZodError, options?: ToFieldErrorsOptions): FieldErrors {
  return zodIssuesToFieldErrors(error.issues, options);
}

/** The subset of i18next's `t` that `fieldErrorMessage` needs. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a field error in the current language.
 *
 * Keys are written `namespace.key` in the contract; they are looked up as `namespace:key`. Params
 * named in `labelParams` hold label keys and are translated first, so "Must be less than
 * {{field}}" names the other field in the reader's language.
 */
export function fieldErrorMessage(error: FieldError, t: Translate): string {
  const params: Record<string, unknown> = { ...error.params };
  for (const name of labelParams) {
    const value = params[name];
    if (typeof value === 'string') params[name] = t(toNamespacedKey(value));
  }
  return t(toNamespacedKey(error.key), params);
}
