import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import type { AppError } from '../bridge/app-error';
import { splitFieldErrors, type FormField } from './form-model';

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
export function placeSubmitError(error: Pick<AppError, 'code' | 'fieldErrors'>, fields: readonly Pick<FormField, 'name'>[]): SubmitErrorPlacement {
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
