import {
  Badge,
  Button,
  Field,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular, History24Regular } from '@fluentui/react-icons';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import { passwordSchema } from '@contract/validation';
import { notify } from '../../components/notices';
import { EmptyState } from '../../components/empty-state';
import { PasswordInput } from '../../components/password-input';
import { SectionCard } from '../../components/section-card';
import { useDeviceText } from '../../components/sign-in-list';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';

const passwordFormSchema = z.object({
  currentPassword: z.string().min(1, { error: 'validation.required' }).max(256, { error: 'validation.lengthMax' }),
  newPassword: passwordSchema,
  confirmPassword: z.string(),
});

const signInsPageSize = 10;

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXL, maxWidth: '960px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '420px' },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalS },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Change password: current, new, confirmation. Refusals land where they belong: a wrong current
 * password (101013) under Current, a new password equal to the old one (101014) or breaking the
 * rule (101003) under New. Success signs out every other session (server side).
 */
function ChangePasswordCard() {
  const styles = useStyles();
  const { t } = useTranslation(['account', 'common']);
  const form = useSchemaForm(passwordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const codeFields = useMemo(
    () => ({
      [ErrorCode.CurrentPasswordWrong]: 'currentPassword',
      [ErrorCode.PasswordUnchanged]: 'newPassword',
      [ErrorCode.PasswordRule]: 'newPassword',
    }),
    [],
  );
  const submitError = useSubmitError(form.setErrors, codeFields);
  const [mismatch, setMismatch] = useState(false);
  const overrides = useMemo(
    () => (mismatch ? { ...submitError.fieldMessages, confirmPassword: t('common:form.passwordMismatch') } : submitError.fieldMessages),
    [mismatch, submitError.fieldMessages, t],
  );
  const message = useFieldMessage(form.errors, overrides);
  const change = useApiMutation('auth.changePassword');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const data = form.validate();
    const matches = form.values.newPassword === form.values.confirmPassword;
    setMismatch(!matches);
    if (!data || !matches) return;
    change.mutate(
      { body: { currentPassword: data.currentPassword, newPassword: data.newPassword } },
      {
        onSuccess: () => {
          form.setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
          notify.message('success', t('security.changed'));
        },
        onError: submitError.report,
      },
    );
  };

  const field = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => (
    <PasswordInput
      name={name}
      autoComplete={autoComplete}
      value={form.values[name]}
      onChange={(_, data) => {
        form.setValue(name, data.value);
        submitError.clearField(name);
        if (name === 'confirmPassword') setMismatch(false);
      }}
    />
  );

  const busy = change.isPending;
  return (
    <SectionCard title={t('security.passwordTitle')} description={t('security.passwordDescription')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormError message={submitError.message} />
        <Field label={t('security.current')} required validationMessage={message('currentPassword')}>
          {field('currentPassword', 'current-password')}
        </Field>
        <Field label={t('security.new')} hint={t('security.newHint')} required validationMessage={message('newPassword')}>
          {field('newPassword', 'new-password')}
        </Field>
        <Field label={t('security.confirm')} required validationMessage={message('confirmPassword')}>
          {field('confirmPassword', 'new-password')}
        </Field>
        <div>
          <Button appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('security.submitting') : t('security.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** Every sign-in attempt of the operator (auth.signIns), newest first, a page at a time. */
function SignInsCard() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['account', 'common', 'errors']);
  const device = useDeviceText();
  const [page, setPage] = useState(1);
  const signIns = useApiQuery('auth.signIns', { query: { page, pageSize: signInsPageSize } }, { placeholderData: (previous) => previous });
  const pages = signIns.data ? Math.max(1, Math.ceil(signIns.data.total / signInsPageSize)) : 1;

  let content;
  if (signIns.isPending) {
    content = (
      <Skeleton className={styles.skeleton} aria-label={t('common:status.loading')}>
        <SkeletonItem size={24} />
        <SkeletonItem size={24} />
        <SkeletonItem size={24} />
      </Skeleton>
    );
  } else if (signIns.isError) {
    content = <Text className={styles.error}>{errorText(t, signIns.error)}</Text>;
  } else if (signIns.data.items.length === 0) {
    content = <EmptyState icon={<History24Regular />} title={t('security.empty')} />;
  } else {
    content = (
      <>
        <Table className={styles.table} aria-label={t('security.signInsTitle')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('security.columns.time')}</TableHeaderCell>
              <TableHeaderCell>{t('security.columns.result')}</TableHeaderCell>
              <TableHeaderCell>{t('security.columns.address')}</TableHeaderCell>
              <TableHeaderCell>{t('security.columns.device')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {signIns.data.items.map((record) => (
              <TableRow key={record.id}>
                <TableCell className={styles.nowrap}>{formatDateTime(record.at, i18n.language)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={record.success ? 'success' : 'danger'} shape="rounded">
                    {record.success ? t('security.succeeded') : t('security.failed')}
                  </Badge>
                </TableCell>
                <TableCell className={styles.nowrap}>{record.ip}</TableCell>
                <TableCell title={record.userAgent}>{device(record.userAgent)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {pages > 1 ? (
          <nav className={styles.pager} aria-label={t('common:pagination.label')}>
            <Text size={200} className={styles.muted}>
              {t('common:pagination.summary', { page, pages })}
            </Text>
            <Button size="small" icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('common:actions.previous')}
            </Button>
            <Button size="small" icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('common:actions.next')}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <SectionCard title={t('security.signInsTitle')} description={t('security.signInsDescription')}>
      {content}
    </SectionCard>
  );
}

/** Security: password and the sign-in history. */
export function SecurityTab() {
  const styles = useStyles();
  return (
    <div className={styles.layout}>
      <ChangePasswordCard />
      <SignInsCard />
    </div>
  );
}
