import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';

/**
 * The one error type the renderer throws for a refused or failed call.
 *
 * It carries the catalogue code of spec §8 (never only a message: a message cannot be localized),
 * the server's message for the logs, and the per-field refusals a form maps onto its fields.
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** Narrows an unknown thrown value to an `AppError`. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Normalizes anything thrown into an `AppError`, so screens handle one shape.
 *
 * A `TypeError` from `fetch` means the host could not be reached (1001); anything else unexpected
 * is an internal error (1005) whose message stays for the console log.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TypeError) return new AppError(ErrorCode.NetworkFailed, error.message);
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(ErrorCode.InternalError, message);
}

/**
 * Codes that mean the session is gone (token invalid, expired, replaced by a sign-in elsewhere):
 * the console returns to the sign-in page when a call answers one of them.
 */
export const sessionEndedCodes: ReadonlySet<number> = new Set([
  ErrorCode.TokenInvalid,
  ErrorCode.SignedInElsewhere,
  ErrorCode.TokenError,
  ErrorCode.TokenExpired,
  ErrorCode.Unauthorized,
]);

/** True when the error means the operator must sign in again. */
export function isSessionEnded(error: unknown): boolean {
  return isAppError(error) && sessionEndedCodes.has(error.code);
}
