import { ErrorCode } from '@contract/errors';
import { AppError } from '../bridge/app-error';

/**
 * What a screen reads offline when this computer keeps nothing of it (issue 14): the screen was
 * never opened here, or not since its copy expired. It carries the offline code (1009) like every
 * refusal for want of a connection, and says plainly why nothing is shown instead of a spinner.
 */
export class NotKeptOfflineError extends AppError {
  readonly notKept = true;

  constructor() {
    super(ErrorCode.Offline, 'Not kept on this computer, and the console is offline.');
  }
}

/** Whether an error is "offline, and nothing of this is kept here". */
export function isNotKeptOffline(error: unknown): error is NotKeptOfflineError {
  return error instanceof NotKeptOfflineError;
}
