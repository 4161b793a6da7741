import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { subscriptionCheckQuerySchema, type SubscriptionCheck } from '@contract/api/commerce';
import { fieldErrorMessage } from '@contract/field-errors';
import { toAppError, type AppError } from '../bridge/app-error';
import { callApi } from '../bridge/call-api';
import { SectionCard } from '../components/section-card';
import { validateWith } from '../forms/validate';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { SubscriptionTable } from './customer-profile';
import { EntitlementStatus } from './entitlement-status';
import { customerPath } from './transactions-list';

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalL },
  value: { minWidth: '320px', flexGrow: 1, maxWidth: '520px' },
  matches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  muted: { color: tokens.colorNeutralForeground3 },
  // The card's action column is narrow: the link keeps to one line (issue 19 §5: it wrapped onto three).
  nowrap: { whiteSpace: 'nowrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});

type By = 'userId' | 'transactionId' | 'email';

/**
 * `/management/:projectId/check-subscription`, for support: find an app user by user id,
 * transaction id (Apple transaction, Google order or purchase token) or email, and see per
 * entitlement whether it is active now and why (which transaction or unlock, until when).
 */
export function SubscriptionCheckScreen({ projectId }: { readonly projectId: string }) {
  const { t, i18n } = useTranslation(['commercePages', 'validation']);
  const styles = useStyles();
  const [by, setBy] = useState<By>('userId');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<AppError | null>(null);
  const [result, setResult] = useState<SubscriptionCheck | null>(null);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWith(subscriptionCheckQuerySchema, { by, value });
    if (!checked.ok) {
      const error = checked.errors.value;
      setFieldError(error ? fieldErrorMessage(error, t) : undefined);
      return;
    }
    setFieldError(undefined);
    setRefusal(null);
    setBusy(true);
    try {
      setResult(await callApi('subscriptionCheck.run', { params: { projectId }, query: checked.data }));
    } catch (error) {
      setResult(null);
      setRefusal(toAppError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={t('check.description')}>
      <form className={styles.form} onSubmit={(event) => void check(event)} noValidate>
        <Field label={t('check.by')}>
          <Select value={by} onChange={(_, data) => setBy(data.value as By)}>
            {(['userId', 'transactionId', 'email'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`check.byOptions.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('check.value')} required validationMessage={fieldError} className={styles.value}>
          <Input value={value} onChange={(_, data) => setValue(data.value)} input={{ className: styles.mono }} />
        </Field>
        <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('check.submit')}
        </Button>
      </form>
      {refusal ? (
        <MessageBar intent={refusal.code === 201001 ? 'info' : 'error'}>
          <MessageBarBody>{errorText(t, refusal)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {result ? (
        <div className={styles.matches} aria-live="polite">
          <Text className={styles.muted}>
            {t('check.checkedAt', { time: formatDateTime(result.checkedAt, i18n.language) })}
            {result.matches.length > 1 ? ` · ${t('check.several', { count: result.matches.length })}` : ''}
          </Text>
          {result.matches.map((match) => (
            <SectionCard
              key={match.customer.id}
              title={t('profile.title', { user: match.customer.appUserId })}
              description={[match.customer.email, match.customer.country].filter(Boolean).join(' · ') || undefined}
              action={
                <RouterLink to={customerPath(projectId, match.customer.id)} className={styles.nowrap}>
                  {t('check.openProfile')}
                </RouterLink>
              }
            >
              <EntitlementStatus entitlements={match.entitlements} label={t('entitlements.tableLabel')} />
              <SubscriptionTable subscriptions={match.subscriptions} label={t('profile.subscriptions')} />
            </SectionCard>
          ))}
        </div>
      ) : null}
    </section>
  );
}
