import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { validateWith, withoutField, type FormSchema } from './validate';

/**
 * Form state around a contract schema: values, per-field errors (local or from the server), and
 * a `validate` that returns the parsed data or shows the errors. Values are never cleared on a
 * failed submit, so nothing typed is lost to an error or to going offline.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = useCallback(
    (name: keyof V & string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      // After a first submit, fix-as-you-type: the field's error goes once it changes.
      setErrors((current) => withoutField(current, name));
    },
    [],
  );

  const validate = useCallback((): z.output<S> | null => {
    setSubmitted(true);
    const result = validateWith(schema, values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    return null;
  }, [schema, values]);

  return { values, setValues, setValue, errors, setErrors, validate, submitted };
}

/**
 * `useSchemaForm` for a schema whose code loads on first use: the sign-in form, whose screen loads
 * without the schema library (issue 12's budget). `prepare` starts loading (the form calls it as
 * soon as the operator types); `validate` waits for it, then behaves as `useSchemaForm`'s.
 */
export function useLazySchemaForm<Out, V extends Record<string, string>>(load: () => Promise<FormSchema<Out>>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const loading = useRef<Promise<FormSchema<Out>> | null>(null);

  const prepare = useCallback((): Promise<FormSchema<Out>> => {
    loading.current ??= load().catch((error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [load]);

  const setValue = useCallback(
    (name: keyof V & string, value: string) => {
      void prepare().catch(() => undefined);
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => withoutField(current, name));
    },
    [prepare],
  );

  const validate = useCallback(async (): Promise<Out | null> => {
    const result = validateWith(await prepare(), values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    return null;
  }, [prepare, values]);

  return { values, setValue, errors, setErrors, validate, prepare };
}
