import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { zodErrorToFieldErrors } from '@contract/field-errors';
import { unstorableTextPath } from '@contract/validation';

/**
 * A request part that failed its contract schema, already translated into field errors.
 *
 * Fastify marks whatever the validator returns with status 400 and the request part
 * (`validationContext`); the error handler turns it into envelope code 1000.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fieldErrors: FieldErrors) {
    super('paramInvalid');
    this.name = 'RequestValidationError';
  }
}

/**
 * Fastify validator compiler for the contract's zod schemas.
 *
 * It replaces fastify-type-provider-zod's compiler so that failures become field errors by the
 * contract's own mapping (contract/field-errors.ts, the same one console forms use), keyed by the
 * dotted path inside the request part, and so that the parsed value (coerced, defaulted, trimmed)
 * replaces the raw input.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A NUL or a lone surrogate in a JSON body: refused at its field before the schema, as no column
    // can store it (PostgreSQL would refuse the statement, a 500 for a typing problem; issue 18 §7).
    // Queries and paths cannot carry a lone surrogate (their percent-decoding refuses or replaces it).
    const unstorable = httpPart === 'body' ? unstorableTextPath(data) : null;
    if (unstorable) return { error: new RequestValidationError({ [unstorable.join('.')]: { key: 'validation.textCharacters' } }) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(zodErrorToFieldErrors(result.error, { input: data })) };
  };
