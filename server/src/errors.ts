import { ErrorCode, errorEntry } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import { enUS } from '@contract/i18n/en-US';

/** Options of an AppError: per-field refusals, a message for people, and extra reply headers. */
export interface AppErrorOptions {
  readonly fieldErrors?: FieldErrors;
  readonly message?: string;
  /** Reply headers that belong to this error, e.g. `Retry-After` for rate limits. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

const errorMessages: Readonly<Record<string, string>> = enUS.errors;

/**
 * The envelope message of a code: the catalogue's en-US text (contract/i18n).
 *
 * The console localizes by code; the English text keeps raw API replies and logs readable.
 */
export function messageOf(code: number): string {
  const { key } = errorEntry(code);
  return errorMessages[key] ?? key;
}

/**
 * A refusal with a catalogue code (contract/errors.ts), thrown anywhere in the server.
 *
 * The error handler turns it into the envelope with the catalogue's HTTP status, so domain code never
 * picks status codes or reply shapes itself.
 */
export class AppError extends Error {
  readonly code: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: number, options: AppErrorOptions = {}) {
    super(options.message ?? messageOf(code), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
  }
}

/**
 * A rate-limit refusal (1006, or 101017 for sign-in) telling the caller when to come back, in
 * whole seconds, with the standard `Retry-After` header.
 */
export function tooManyRequests(
  code: typeof ErrorCode.TooManyRequests | typeof ErrorCode.TooManySignInAttempts,
  retryAfterSeconds: number,
): AppError {
  return new AppError(code, { headers: { 'retry-after': String(wholeSeconds(retryAfterSeconds)) } });
}

/** The field-error path that carries the wait of an action limit's refusal (see `actionLimitReached`). */
export const RETRY_AFTER_FIELD = 'retryAfterSeconds';

/**
 * The refusal of an action limit (rate-limit/action-limits.ts): 1006 with `Retry-After`, and the
 * same wait as the field error `retryAfterSeconds` (key `validation.retryAfter`, param `seconds`).
 *
 * The catalogue message ("wait a moment") cannot say how long, and the console never sees reply
 * headers (main passes on the envelope only), so the wait travels in the envelope the way other
 * details do: as a field error with params, under a path no form has a field for (forms then keep
 * showing the code's message above their fields). The auth limits keep their bare 1006: their forms
 * show any field errors instead of the code's message, and their waits are short.
 */
export function actionLimitReached(retryAfterSeconds: number): AppError {
  const seconds = wholeSeconds(retryAfterSeconds);
  return new AppError(ErrorCode.TooManyRequests, {
    headers: { 'retry-after': String(seconds) },
    fieldErrors: { [RETRY_AFTER_FIELD]: { key: 'validation.retryAfter', params: { seconds } } },
  });
}

/** A wait in whole seconds, at least one (`Retry-After` takes an integer; 0 would invite a busy loop). */
function wholeSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds));
}
