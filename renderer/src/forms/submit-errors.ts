import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import type { AppError } from '../bridge/app-error';

/** Where a refused submit's parts are shown. */
export interface SubmitErrorPlacement {
  /** Field errors of the form's own fields, shown under each field. */
  readonly byField: FieldErrors;
  /**
   * Fields that show the refusal's catalogue message instead of their generic field error: a
   * duplicate name refused with 102021 reads "A project with this name already exists", which
   * says more than "This value is already in use".
   */
  readonly codeFields: readonly string[];
  /** Field errors of paths the form has no field for, listed above the form. */
  readonly other: FieldErrors;
  /** Whether the catalogue message goes above the form (nothing else explains the refusal). */
  readonly codeAboveForm: boolean;
}

/**
 * Maps a refused create or update onto the form: the server's `fieldErrors` onto their fields, the
 * code's own message where it is more specific than a field error, everything else above the form.
 */
export function placeSubmitError(error: Pick<AppError, 'code' | 'fieldErrors'>, fields: readonly { readonly name: string }[]): SubmitErrorPlacement {
  const { byField, other } = splitFieldErrors(error.fieldErrors, fields);
  const fieldNames = Object.keys(byField);
  const specific = error.code !== ErrorCode.ParamInvalid && fieldNames.length > 0;
  return {
    byField,
    codeFields: specific ? fieldNames : [],
    other,
    codeAboveForm: fieldNames.length === 0 && Object.keys(other).length === 0,
  };
}

/**
 * The form field a server or schema error path belongs to: `name` → `name`, `events.2` → `events`;
 * null when it names no field of the form (shown above the form instead).
 */
export function fieldOfPath(path: string, fields: readonly { readonly name: string }[]): string | null {
  const head = path.split('.')[0] ?? '';
  return fields.some((field) => field.name === head) ? head : null;
}

/** Field errors split into those of the form's fields (by field) and the rest. */
export function splitFieldErrors(errors: FieldErrors, fields: readonly { readonly name: string }[]): { readonly byField: FieldErrors; readonly other: FieldErrors } {
  const byField: Record<string, FieldErrors[string]> = {};
  const other: Record<string, FieldErrors[string]> = {};
  for (const [path, error] of Object.entries(errors)) {
    const field = fieldOfPath(path, fields);
    if (field === null) other[path] = error;
    else if (!(field in byField)) byField[field] = error;
  }
  return { byField, other };
}
