import { z } from 'zod';
import { contractLanguages } from '../i18n';

/**
 * CSV export of a list (issue 19): every list route may have an export route beside it that takes
 * the list's own filters, sort and search (not its page), reads every matching row on the server and
 * answers a `text/csv; charset=utf-8` stream (`reply: 'csv'` in its route definition).
 *
 * - `lang` chooses the language of the header row (the console's language; without it, the request's
 *   Accept-Language, then en-US);
 * - `columns` (comma separated) chooses and orders the columns: the list's visible ones; without it,
 *   every declared field.
 */
export const exportOptionsShape = {
  lang: z.enum(contractLanguages).optional(),
  columns: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*$/, { error: 'validation.invalid' })
    .optional(),
};

/** The query schema of an export route, typed from its list's query schema. */
export type ExportQuery<Q> = Q extends z.ZodObject<infer S> ? z.ZodObject<Omit<S, 'page' | 'pageSize'> & typeof exportOptionsShape> : z.ZodType;

/** The query of an export route: the list's query without its page, plus `lang` and `columns`. */
export function exportQuerySchema<Q extends z.ZodType>(listQuery: Q): ExportQuery<Q> {
  return (listQuery as unknown as z.ZodObject).omit({ page: true, pageSize: true } as never).extend(exportOptionsShape) as unknown as ExportQuery<Q>;
}

/** What an export route's stream holds, as its route definition documents it. */
export const csvTextSchema = z.string().meta({ description: 'text/csv; charset=utf-8, with a byte-order mark; CRLF line ends' });
