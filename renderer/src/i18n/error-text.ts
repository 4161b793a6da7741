import { errorKey } from '@contract/errors';
import { fieldErrorMessage } from '@contract/field-errors';
import type { FieldErrors } from '@contract/envelope';
import { toAppError } from '../bridge/app-error';
import { isNotKeptOffline } from '../connectivity/not-kept';

/** The subset of i18next's `t` these helpers need. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The localized message of any thrown value: its catalogue code's entry in the `errors`
 * namespace (contract i18n). The server's English message is never shown to the operator.
 * Offline, a screen this computer keeps nothing of says so plainly (issue 14).
 */
export function errorText(t: Translate, error: unknown): string {
  if (isNotKeptOffline(error)) return t('offline:notKept.body');
  return t(`errors:${errorKey(toAppError(error).code)}`);
}

/** Localized text of every field error, by field path. */
export function fieldErrorTexts(t: Translate, errors: FieldErrors): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [path, error] of Object.entries(errors)) texts[path] = fieldErrorMessage(error, t);
  return texts;
}
