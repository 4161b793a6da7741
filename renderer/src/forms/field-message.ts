import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';

/**
 * The message to show under a field: an override (a code the form maps to the field) first, then
 * the field's validation error, localized through the contract's `validation` namespace.
 */
export function useFieldMessage(errors: FieldErrors, overrides: Readonly<Record<string, string>> = {}) {
  const { t } = useTranslation();
  return useCallback(
    (path: string): string | undefined => {
      const override = overrides[path];
      if (override) return override;
      const error = errors[path];
      return error ? fieldErrorMessage(error, (key, options) => t(key, options)) : undefined;
    },
    [errors, overrides, t],
  );
}
