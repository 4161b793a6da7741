import { ErrorCode } from '@contract/errors';
import type { Envelope, FieldErrors } from '@contract/envelope';
import type { IpcResult } from '@contract/ipc';
import { AppError } from './app-error';

/**
 * Turns an IPC result into its value, or throws the failure as an `AppError`.
 *
 * Main answers a result object instead of throwing, because an Error crossing IPC keeps only its
 * message; here the code comes back to life.
 */
export function unwrapIpcResult<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.code, result.message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a server envelope: code 0 gives its `data`, any other code throws an `AppError` with the
 * envelope's field errors. A reply that is not an envelope at all is a failed request (1001).
 */
export function unwrapEnvelope<T>(envelope: unknown): T {
  if (!isRecord(envelope) || typeof envelope.code !== 'number') {
    throw new AppError(ErrorCode.NetworkFailed, 'The reply is not an envelope.');
  }
  const typed = envelope as Envelope<T>;
  if (typed.code === ErrorCode.Success) return typed.data as T;
  const fieldErrors: FieldErrors = isRecord(typed.fieldErrors) ? typed.fieldErrors : {};
  throw new AppError(typed.code, typeof typed.message === 'string' ? typed.message : '', fieldErrors);
}
