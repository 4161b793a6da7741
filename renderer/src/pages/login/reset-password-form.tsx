import { Button, Field, Input, Link, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ArrowLeft16Regular } from '@fluentui/react-icons';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import { emailSchema, passwordSchema, verificationCodeSchema } from '@contract/validation';
import { callApi, type ApiInput } from '../../bridge/call-api';
import { assertOnline } from '../../data/online';
import { useAsyncCall } from '../../forms/use-async-call';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';
import { PasswordInput } from '../../components/password-input';
import { authFormClasses as styles } from './auth-card';

const requestSchema = z.object({ email: emailSchema });

/** The two calls of the reset, sent without the query library (the public screens load without it). */
function requestPasswordReset(input: ApiInput<'auth.requestPasswordReset'>) {
  assertOnline();
  return callApi('auth.requestPasswordReset', input);
}
function resetPasswordWithCode(input: ApiInput<'auth.resetPassword'>) {
  assertOnline();
  return callApi('auth.resetPassword', input);
}
const confirmSchema = z.object({ code: verificationCodeSchema, newPassword: passwordSchema, confirmPassword: z.string() });

interface ResetPasswordFormProps {
  readonly email: string;
  readonly onEmailChange: (email: string) => void;
  readonly onDone: () => void;
  readonly onBack: () => void;
  /** Tells the page which step shows, so its heading can explain that step. */
  readonly onStepChange: (step: 'request' | 'confirm') => void;
  /** From the reset mail's link: start at the second step with its account and code filled in. */
  readonly mailed?: { readonly email: string; readonly code: string } | null;
}

/**
 * "Forgot password?": first the account's email (auth.requestPasswordReset mails a six-digit
 * code), then the code with a new password (auth.resetPassword). Both steps use the contract's
 * schemas; a wrong code (101002) shows under the code field, a refused password under the password.
 */
export function ResetPasswordForm({ email, onEmailChange, onDone, onBack, onStepChange, mailed = null }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<'request' | 'confirm'>(mailed ? 'confirm' : 'request');
  const [sentTo, setSentTo] = useState(mailed?.email ?? '');

  const request = useSchemaForm(requestSchema, { email });
  const requestError = useSubmitError(request.setErrors);
  const requestMessage = useFieldMessage(request.errors, requestError.fieldMessages);
  const requestReset = useAsyncCall(requestPasswordReset);

  const confirm = useSchemaForm(confirmSchema, { code: mailed?.code ?? '', newPassword: '', confirmPassword: '' });
  const codeFields = useMemo(
    () => ({
      [ErrorCode.WrongVerificationCode]: 'code',
      [ErrorCode.PasswordRule]: 'newPassword',
      [ErrorCode.PasswordUnchanged]: 'newPassword',
    }),
    [],
  );
  const confirmError = useSubmitError(confirm.setErrors, codeFields);
  const [mismatch, setMismatch] = useState(false);
  const overrides = useMemo(
    () => (mismatch ? { ...confirmError.fieldMessages, confirmPassword: t('common:form.passwordMismatch') } : confirmError.fieldMessages),
    [mismatch, confirmError.fieldMessages, t],
  );
  const confirmMessage = useFieldMessage(confirm.errors, overrides);
  const resetPassword = useAsyncCall(resetPasswordWithCode);

  const sendCode = (target: string) =>
    requestReset.mutate(
      { body: { email: target } },
      {
        onSuccess: () => {
          setSentTo(target);
          setStep('confirm');
          onStepChange('confirm');
        },
        onError: (error) => (step === 'request' ? requestError.report(error) : confirmError.report(error)),
      },
    );

  const onRequest = (event: FormEvent) => {
    event.preventDefault();
    requestError.clear();
    const data = request.validate();
    if (data) sendCode(data.email);
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirmError.clear();
    const data = confirm.validate();
    const matches = confirm.values.newPassword === confirm.values.confirmPassword;
    setMismatch(!matches);
    if (!data || !matches) return;
    resetPassword.mutate({ body: { email: sentTo, code: data.code, newPassword: data.newPassword } }, { onSuccess: onDone, onError: confirmError.report });
  };

  const back = (
    <div className={styles.center}>
      <Link as="button" type="button" onClick={onBack} className={styles.iconLink}>
        <ArrowLeft16Regular aria-hidden />
        {t('reset.backToSignIn')}
      </Link>
    </div>
  );

  if (step === 'request') {
    const busy = requestReset.isPending;
    return (
      <form className={styles.form} onSubmit={onRequest} noValidate>
        <FormError message={requestError.message} />
        <Field label={t('login.email')} required validationMessage={requestMessage('email')}>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            placeholder={t('login.emailPlaceholder')}
            value={request.values.email}
            onChange={(_, data) => {
              request.setValue('email', data.value);
              onEmailChange(data.value);
            }}
            size="large"
            autoFocus
          />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" size="large" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('reset.sending') : t('reset.send')}
          </Button>
          {back}
        </div>
      </form>
    );
  }

  const busy = resetPassword.isPending;
  return (
    <form className={styles.form} onSubmit={onConfirm} noValidate>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('reset.codeSent', { email: sentTo })}</MessageBarBody>
      </MessageBar>
      <FormError message={confirmError.message} />
      <Field label={t('reset.code')} hint={t('reset.codeHint')} required validationMessage={confirmMessage('code')}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={confirm.values.code}
          onChange={(_, data) => {
            confirm.setValue('code', data.value);
            confirmError.clearField('code');
          }}
          size="large"
          autoFocus={!mailed}
        />
      </Field>
      <Field label={t('reset.newPassword')} hint={t('reset.passwordHint')} required validationMessage={confirmMessage('newPassword')}>
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={confirm.values.newPassword}
          onChange={(_, data) => {
            confirm.setValue('newPassword', data.value);
            confirmError.clearField('newPassword');
          }}
          size="large"
          autoFocus={Boolean(mailed)}
        />
      </Field>
      <Field label={t('reset.confirmPassword')} required validationMessage={confirmMessage('confirmPassword')}>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm.values.confirmPassword}
          onChange={(_, data) => {
            confirm.setValue('confirmPassword', data.value);
            setMismatch(false);
          }}
          size="large"
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" size="large" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </Button>
        <div className={styles.center}>
          <Link as="button" type="button" disabled={requestReset.isPending} onClick={() => sendCode(sentTo)}>
            {t('reset.resend')}
          </Link>
        </div>
        {back}
      </div>
    </form>
  );
}
