import { z } from 'zod';

/**
 * One field's refusal: an i18n key of the `validation` namespace and the values it interpolates.
 */
export const fieldErrorSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Field errors by dotted field path (`name`, `items.0.title`); the empty path is the form itself. */
export const fieldErrorsSchema = z.record(z.string(), fieldErrorSchema);
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * Every server reply: `code` 0 is success and carries `data`; any other code is a catalogue entry
 * (contract/errors.ts) and may carry `fieldErrors`.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data: data.optional(),
    fieldErrors: fieldErrorsSchema.optional(),
  });
}

export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type Envelope<T = unknown> = {
  code: number;
  message: string;
  data?: T;
  fieldErrors?: FieldErrors;
};

export const sortSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.]*:(asc|desc)$/, { message: 'validation.sort' })
  .max(64);

/** The list convention: `?page=&pageSize=&sort=field:asc|desc&q=`. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: sortSchema.optional(),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Parses `field:dir` into its parts; the field must be one the caller allows. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: { field: F; dir: 'asc' | 'desc' },
): { field: F; dir: 'asc' | 'desc' } {
  if (!sort) return fallback;
  const [field, dir] = sort.split(':') as [string, 'asc' | 'desc'];
  return (allowed as readonly string[]).includes(field) ? { field: field as F, dir } : fallback;
}
