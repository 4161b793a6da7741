import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@contract/envelope';
import { toAppError } from '../bridge/app-error';
import { errorText } from '../i18n/error-text';

/**
 * Turns a failed submit into what a form shows: the server's field errors onto their fields (via
 * `setFieldErrors`), codes a form maps to one of its fields (`codeFields`, e.g. 101013 → current
 * password) under that field, and everything else as one localized message above the form.
 */
export function useSubmitError(setFieldErrors: (errors: FieldErrors) => void, codeFields: Readonly<Record<number, string>> = {}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const [fieldMessages, setFieldMessages] = useState<Readonly<Record<string, string>>>({});

  const report = useCallback(
    (error: unknown) => {
      const appError = toAppError(error);
      const field = codeFields[appError.code];
      if (field) {
        setFieldMessages({ [field]: errorText(t, appError) });
        setMessage(null);
        return;
      }
      if (Object.keys(appError.fieldErrors).length > 0) {
        setFieldErrors(appError.fieldErrors);
        setFieldMessages({});
        setMessage(null);
        return;
      }
      setFieldMessages({});
      setMessage(errorText(t, appError));
    },
    [codeFields, setFieldErrors, t],
  );

  const clear = useCallback(() => {
    setMessage(null);
    setFieldMessages({});
  }, []);

  const clearField = useCallback((field: string) => {
    setFieldMessages((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { message, fieldMessages, report, clear, clearField };
}
