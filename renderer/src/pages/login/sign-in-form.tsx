import { Button, Field, Input, Link, Spinner } from '@fluentui/react-components';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@contract/validation';
import { useSignIn } from '../../data/session';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';
import { PasswordInput } from '../../components/password-input';
import { useAuthFormStyles } from './auth-card';

const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'validation.required' }).max(256, { error: 'validation.lengthMax' }),
});

interface SignInFormProps {
  readonly email: string;
  readonly onEmailChange: (email: string) => void;
  readonly onForgot: () => void;
}

/**
 * Email and password, checked with the contract's schemas before anything is sent; the sign-in
 * goes through `session.signIn` so the token stays in main. A refusal (101001 "Wrong email or
 * password.", 101017 too many attempts, ...) shows as its localized message.
 */
export function SignInForm({ email, onEmailChange, onForgot }: SignInFormProps) {
  const styles = useAuthFormStyles();
  const { t } = useTranslation('auth');
  const form = useSchemaForm(signInSchema, { email, password: '' });
  const submitError = useSubmitError(form.setErrors);
  const message = useFieldMessage(form.errors, submitError.fieldMessages);
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const data = form.validate();
    if (!data) return;
    signIn.mutate(data, { onError: submitError.report });
  };

  const busy = signIn.isPending;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormError message={submitError.message} />
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
        icon={busy ? <Spinner size="tiny" /> : undefined}
      >
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
