import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { zodIssuesToFieldErrors } from '@contract/field-errors';

/** The outcome of checking form values against a contract schema. */
export type Validation<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: FieldErrors };

/**
 * What a form needs of a schema: a `safeParse` with zod's result and issues. The contract's zod
 * schemas have it, and so do the sign-in rules (contract/sign-in.ts), which load without zod.
 */
export interface FormSchema<Out = unknown> {
  safeParse(data: unknown): { readonly success: true; readonly data: Out } | { readonly success: false; readonly error: { readonly issues: z.core.$ZodIssue[] } };
}

/**
 * Checks form values with a zod schema from the contract: the same rules, and the same
 * `validation.*` message keys, as the server applies, so a refusal reads the same either way.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>>;
export function validateWith<Out>(schema: FormSchema<Out>, values: unknown): Validation<Out>;
export function validateWith(schema: FormSchema, values: unknown): Validation<unknown> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: zodIssuesToFieldErrors(result.error.issues, { input: values }) };
}

/** Field errors with one path removed (the operator is fixing that field). */
export function withoutField(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}
