import { AppError } from '../../../errors';

/**
 * A store refusal: its catalogue code, and what exactly went wrong (the library's verification
 * status, the store's HTTP status and error code) for the notification log. The detail is kept with
 * the recorded event, never sent to the caller (who might be probing).
 */
export class StoreRefusal extends AppError {
  constructor(
    code: number,
    readonly detail: string | null = null,
  ) {
    super(code);
    this.name = 'StoreRefusal';
  }
}

/** The detail of a refusal, if it has one. */
export function detailOf(error: unknown): string | null {
  if (error instanceof StoreRefusal) return error.detail;
  if (error instanceof AppError) return null;
  return error instanceof Error ? error.message.slice(0, 500) : null;
}
