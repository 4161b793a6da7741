import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { zodErrorToFieldErrors } from '@contract/field-errors';

/** The outcome of checking form values against a contract schema. */
export type Validation<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: FieldErrors };

/**
 * Checks form values with a zod schema from the contract: the same rules, and the same
 * `validation.*` message keys, as the server applies, so a refusal reads the same either way.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: zodErrorToFieldErrors(result.error, { input: values }) };
}

/** Field errors with one path removed (the operator is fixing that field). */
export function withoutField(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}
