import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import type { AnyResource, FieldMeta } from '@contract/resources/define';
import { jsonTextSchema, numberFromInput } from '@contract/validation';
import { fieldOfPath, splitFieldErrors } from '../forms/submit-errors';
import { isoToLocal, localToIso } from './list-params';

/** Field-error placement is shared with hand-written forms (forms/ sits below resources/). */
export { fieldOfPath, splitFieldErrors };

/**
 * The model behind the generic resource form: which fields it shows, how an item becomes form
 * values and form values become the create or update body, what counts as an unsaved change, and
 * how a newer version from the server is merged with what the operator typed (108007).
 *
 * Form values are what inputs hold: text for text-like inputs (numbers and dates too, so nothing
 * typed is lost to parsing), a list for multiselect, a boolean for a switch.
 */

export type FormValue = string | boolean | readonly string[];
export type FormValues = Readonly<Record<string, FormValue>>;

export type FormMode = 'create' | 'edit';

/** One field of the form, as the form renders it. */
export interface FormField {
  readonly name: string;
  readonly meta: FieldMeta;
  /** Set once at create, shown but locked when editing. */
  readonly locked: boolean;
  /** The schema accepts an empty value (optional or nullable). */
  readonly optional: boolean;
  /**
   * The value a cleared optional field sends: null when the schema takes null, else an empty text
   * when it takes one (an optional description is cleared that way), else nothing.
   */
  readonly emptyAs: null | '' | undefined;
}

function acceptsNull(schema: z.ZodType): boolean {
  return schema.safeParse(null).success;
}

function acceptsUndefined(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

/**
 * The fields of the form: the resource's editable fields in declaration order, minus `hidden`
 * ones (set by the screen, like a project id). Extra (server-computed) fields are never edited.
 */
export function formFields(resource: Pick<AnyResource, 'fields' | 'editableShape'>, mode: FormMode, hidden: readonly string[] = []): FormField[] {
  const skip = new Set(hidden);
  return Object.entries(resource.editableShape)
    .filter(([name]) => !skip.has(name) && resource.fields[name] !== undefined)
    .map(([name, schema]) => {
      const meta = resource.fields[name] as FieldMeta;
      const field = schema as z.ZodType;
      const nullable = acceptsNull(field);
      const optional = nullable || acceptsUndefined(field);
      return {
        name,
        meta,
        locked: mode === 'edit' && Boolean(meta.readOnly),
        optional,
        emptyAs: nullable ? null : optional && field.safeParse('').success ? '' : undefined,
      };
    });
}

/** The form value of one stored value. */
export function toFormValue(meta: FieldMeta, value: unknown): FormValue {
  switch (meta.input) {
    case 'switch':
      return value === true;
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [];
    case 'datetime':
      return typeof value === 'string' ? isoToLocal(value) : '';
    case 'json':
      return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/** The form values of an item (edit), or of the defaults (create). */
export function toFormValues(fields: readonly FormField[], item: Readonly<Record<string, unknown>> | undefined, defaults: Readonly<Record<string, unknown>> = {}): FormValues {
  const values: Record<string, FormValue> = {};
  for (const field of fields) values[field.name] = toFormValue(field.meta, item ? item[field.name] : defaults[field.name]);
  return values;
}

/**
 * The body value of one form value. Text stays as typed (the schema trims); an empty optional field
 * is null or left out; numbers go through the contract's `numberFromInput` (unreadable text becomes
 * NaN, which the schema refuses with `validation.number`); dates become ISO instants; JSON is parsed
 * (text that is not JSON stays text, which the schema refuses).
 */
export function fromFormValue(field: FormField, value: FormValue): unknown {
  const { meta } = field;
  if (meta.input === 'switch') return value === true;
  if (meta.input === 'multiselect') return Array.isArray(value) ? [...value] : [];
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '' && field.optional) return field.emptyAs;
  switch (meta.input) {
    case 'number':
      return numberFromInput(text);
    case 'datetime':
      return localToIso(text) ?? text;
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** The full body of the form (every field). */
export function toBody(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fromFormValue(field, values[field.name] ?? toFormValue(field.meta, undefined));
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, i) => value === b[i]);
  }
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return a === b;
}

/** Names of the fields whose value differs between two sets of form values. */
export function changedFields(before: FormValues, after: FormValues): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !sameValue(before[name], after[name]));
}

/** Whether the form holds changes that are not saved (what cancelling must confirm). */
export function isDirty(initial: FormValues, current: FormValues): boolean {
  return changedFields(initial, current).length > 0;
}

/**
 * The update body: the changed fields that are not locked, and the version the form was based on.
 * Unchanged fields are not sent, so a save never rewrites what someone else changed meanwhile in a
 * field this operator did not touch (and the version check still refuses a stale save).
 */
export function toPatch(fields: readonly FormField[], initial: FormValues, current: FormValues, version: number): Record<string, unknown> {
  const changed = new Set(changedFields(initial, current));
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.locked || !changed.has(field.name)) continue;
    const value = fromFormValue(field, current[field.name] ?? toFormValue(field.meta, undefined));
    if (value !== undefined) patch[field.name] = value;
  }
  patch.version = version;
  return patch;
}

/** What merging a newer version with the operator's changes gives. */
export interface Rebased {
  /** The new base (the latest item as form values). */
  readonly base: FormValues;
  /** The form's values: the operator's changes kept, every untouched field at its latest value. */
  readonly values: FormValues;
  /** Fields someone else changed (latest differs from what the form was based on). */
  readonly changedElsewhere: readonly string[];
  /** Of those, fields the operator changed too, to something else: they decide which value stays. */
  readonly clashes: readonly string[];
}

/**
 * Three-way merge after a version conflict: `base` is what the form started from, `mine` what the
 * operator has now, `latest` the newest version. Nothing typed is dropped.
 */
export function rebaseOnLatest(base: FormValues, mine: FormValues, latest: FormValues): Rebased {
  const mineChanged = new Set(changedFields(base, mine));
  const changedElsewhere = changedFields(base, latest);
  const values: Record<string, FormValue> = { ...latest };
  for (const name of mineChanged) values[name] = mine[name] as FormValue;
  const clashes = changedElsewhere.filter((name) => mineChanged.has(name) && !sameValue(mine[name], latest[name]));
  return { base: latest, values, changedElsewhere, clashes };
}

/**
 * Checks the body with the contract's schema. JSON fields are checked as text first with
 * `jsonTextSchema` (so "not valid JSON" reads as such), then everything with `schema`; the issues
 * become field errors through the contract's `zodIssuesToFieldErrors`, like the server's.
 */
export function validateBody(schema: z.ZodType, fields: readonly FormField[], values: FormValues, body: Record<string, unknown>): FieldErrors {
  const errors: Record<string, FieldErrors[string]> = {};
  for (const field of fields) {
    if (field.meta.input !== 'json') continue;
    const text = values[field.name];
    if (typeof text !== 'string' || (text.trim() === '' && field.optional)) continue;
    const result = jsonTextSchema.safeParse(text);
    if (!result.success) Object.assign(errors, zodIssuesToFieldErrors(result.error.issues.map((issue) => ({ ...issue, path: [field.name, ...issue.path] })), { input: values }));
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const parsed = zodIssuesToFieldErrors(result.error.issues, { input: body });
    for (const [path, error] of Object.entries(parsed)) if (!(path in errors)) errors[path] = error;
  }
  return errors;
}
