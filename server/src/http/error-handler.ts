import type { FastifyError, FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ErrorCode, errorEntry } from '@contract/errors';
import type { Envelope } from '@contract/envelope';
import { refusalCode } from '@contract/validation-codes';
import { AppError, messageOf } from '../errors';
import { databaseErrorDetail, uniqueRefusal } from '../db/constraints';
import { installRawRefusals } from './raw-refusals';
import { RequestValidationError } from './validation';

/** How one failure is answered and logged. */
interface Refusal {
  readonly status: number;
  readonly envelope: Envelope<never>;
  readonly headers: Readonly<Record<string, string>>;
  /** 5xx: log everything at error level; 4xx are the client's mistakes and log at info. */
  readonly serverFault: boolean;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Data exceptions caused by the values a request carried: character not in repertoire (NUL),
 * untranslatable character, numeric value out of range, string too long.
 */
const CALLER_DATA_STATES: ReadonlySet<string> = new Set(['22021', '22P05', '22003', '22001']);

/** An error raised by PostgreSQL or PGlite (SQLSTATE and severity), or drizzle's wrapper of one. */
export function isDatabaseError(error: unknown): boolean {
  if (error instanceof DrizzleQueryError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && SQLSTATE.test(code) && 'severity' in error;
}

/**
 * The refusal a database error means for the caller, when it is the caller's: a unique violation
 * (23505) is a duplicate (see db/constraints.ts), a foreign key violation (23503) a reference to
 * something that is gone (108002), a value PostgreSQL cannot store is 1000. Anything else is a server
 * fault.
 */
function databaseRefusal(error: unknown): Refusal {
  const { sqlState, constraint } = databaseErrorDetail(error);
  if (sqlState === '23505') {
    const { code, fieldErrors } = uniqueRefusal(constraint);
    return refusal(code, undefined, fieldErrors ? { fieldErrors } : {});
  }
  if (sqlState === '23503') return refusal(ErrorCode.DataMissing);
  // Values PostgreSQL cannot take (a NUL character in text, a number beyond a column's range): the
  // caller's input, which the schemas let through because JSON and zod allow it.
  if (sqlState !== undefined && CALLER_DATA_STATES.has(sqlState)) return refusal(ErrorCode.ParamInvalid);
  return refusal(ErrorCode.DatabaseFailure);
}

function refusal(code: number, message?: string, extra: Partial<Pick<Refusal, 'headers'>> & { fieldErrors?: Envelope['fieldErrors'] } = {}): Refusal {
  const { status } = errorEntry(code);
  const envelope: Envelope<never> = { code, message: message ?? messageOf(code) };
  if (extra.fieldErrors) envelope.fieldErrors = extra.fieldErrors;
  const headers: Record<string, string> = { ...extra.headers };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  return { status, envelope, headers, serverFault: status >= 500 };
}

/**
 * Classifies anything thrown while serving a request.
 *
 * Catalogue errors keep their code; schema failures become 1000 with field errors, or the spec's
 * own code of that mistake on that route (contract/validation-codes.ts: 101021 for an email that is
 * not one), and so does a 1000 with field errors a domain raised; the framework's
 * own 4xx (malformed JSON, unsupported content type, body too large) are the caller's mistakes, so
 * 1000 too, with their message; database errors the caller caused are their codes (duplicates,
 * see `databaseRefusal`), other database failures 1002 and everything else 1005, both with a generic
 * message: details of a server fault go to the log, never to the client.
 */
export function classify(error: unknown, routeId?: string): Refusal {
  if (error instanceof AppError) {
    const code = error.code === ErrorCode.ParamInvalid && error.fieldErrors ? refusalCode(error.fieldErrors, routeId) : error.code;
    return refusal(code, code === error.code ? error.message : undefined, { headers: error.headers, fieldErrors: error.fieldErrors });
  }
  if (error instanceof RequestValidationError) return refusal(refusalCode(error.fieldErrors, routeId), undefined, { fieldErrors: error.fieldErrors });
  if (isDatabaseError(error)) return databaseRefusal(error);
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return refusal(ErrorCode.RouteNotFound);
    if (status === 429) return refusal(ErrorCode.TooManyRequests);
    const message = (error as Error).message;
    return refusal(ErrorCode.ParamInvalid, typeof message === 'string' && message.length > 0 ? message.slice(0, 300) : undefined);
  }
  return refusal(ErrorCode.InternalError);
}

/**
 * One error handler and one not-found handler for the whole app, both answering envelopes, and the
 * envelope for what Node's server refuses itself (http/raw-refusals.ts; the router's and the
 * parser's refusals come with the server's options, `baseServerOptions`).
 */
export function installErrorHandling(app: FastifyInstance): void {
  installRawRefusals(app);
  app.setErrorHandler((error, request, reply) => {
    const answer = classify(error, (request.routeOptions.config as { readonly routeId?: string } | undefined)?.routeId);
    if (answer.serverFault) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: answer.envelope.code, reason: (error as Error).message }, 'request refused');
    return reply.code(answer.status).headers(answer.headers).send(answer.envelope);
  });
  app.setNotFoundHandler((_request, reply) => {
    const answer = refusal(ErrorCode.RouteNotFound);
    return reply.code(answer.status).send(answer.envelope);
  });
}
