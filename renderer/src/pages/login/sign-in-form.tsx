import { Button, Field, Input, Link } from '@fluentui/react-components';
import { lazy, Suspense, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInThroughMain } from '../../data/session-core';
import { useFieldMessage } from '../../forms/field-message';
import { useAsyncCall } from '../../forms/use-async-call';
import { useLazySchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';
import { PasswordInput } from '../../components/password-input';
import { loadFormTexts } from '../../i18n/i18n';
import { authFormClasses as styles } from './auth-card';

/** A refusal's message bar: shown only after a submit, so not part of the screen's first download. */
const FormError = lazy(() => import('../../forms/form-error').then((module) => ({ default: module.FormError })));

/** The button's busy spinner: shown only after a submit, so not part of the screen's first download. */
const BusySpinner = lazy(() => import('../../components/busy-spinner'));

/** The form's rules and the messages they refuse with: loaded as the operator starts typing. */
const loadRules = () => Promise.all([import('./sign-in-rules'), loadFormTexts()]).then(([rules]) => rules.signInSchema);

interface SignInFormProps {
  readonly email: string;
  readonly onEmailChange: (email: string) => void;
  readonly onForgot: () => void;
}

/**
 * Email and password, checked with the contract's schemas before anything is sent; the sign-in
 * goes through `session.signIn` so the token stays in main. A refusal (101001 "Wrong email or
 * password.", 101017 too many attempts, ...) shows as its localized message. Neither the schemas
 * nor the query library are part of the screen's first download (issue 12).
 */
export function SignInForm({ email, onEmailChange, onForgot }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const form = useLazySchemaForm(loadRules, { email, password: '' });
  const submitError = useSubmitError(form.setErrors);
  const message = useFieldMessage(form.errors, submitError.fieldMessages);
  const signIn = useAsyncCall(signInThroughMain);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    let data;
    try {
      data = await form.validate();
    } catch (error) {
      submitError.report(error);
      return;
    }
    if (!data) return;
    signIn.mutate(data, { onError: submitError.report });
  };

  const busy = signIn.isPending;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {submitError.message ? (
        <Suspense fallback={null}>
          <FormError message={submitError.message} />
        </Suspense>
      ) : null}
      <Field label={t('login.email')} required validationMessage={message('email')}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          placeholder={t('login.emailPlaceholder')}
          value={form.values.email}
          onChange={(_, data) => {
            form.setValue('email', data.value);
            onEmailChange(data.value);
          }}
          size="large"
          autoFocus
        />
      </Field>
      <Field label={t('login.password')} required validationMessage={message('password')}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(_, data) => form.setValue('password', data.value)}
          size="large"
        />
      </Field>
      <div className={styles.row}>
        <Link as="button" type="button" onClick={onForgot}>
          {t('login.forgot')}
        </Link>
      </div>
      <Button
        className={styles.submit}
        appearance="primary"
        size="large"
        type="submit"
        disabledFocusable={busy}
        icon={
          busy ? (
            <Suspense fallback={null}>
              <BusySpinner />
            </Suspense>
          ) : undefined
        }
      >
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
