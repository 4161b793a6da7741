import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { lookupBodySchema, lookupKinds, type LookupKind, type LookupResult } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import { fieldErrorMessage } from '@contract/field-errors';
import { toAppError, type AppError } from '../bridge/app-error';
import { notify } from '../components/notices';
import { SectionCard } from '../components/section-card';
import { useApiMutation, useApiQuery } from '../data/api-hooks';
import { validateWith } from '../forms/validate';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { formatPrice, statusColor } from './format';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1, minWidth: '240px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  raw: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '320px', overflow: 'auto', margin: 0 },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL },
});

const appleKinds: readonly LookupKind[] = ['appleTransaction', 'appleReceipt'];

/**
 * The receipt screen (`/transactions/receipt`): ask the App Store or Google Play about a transaction
 * id, a receipt or a purchase token with the app's credentials, see what the store says (verified,
 * decoded) and whether the console has it, and import what it lacks through the same ingestion as
 * the stores' notifications.
 */
export function TransactionLookup({ projectId, canWrite }: { readonly projectId: string; readonly canWrite: boolean }) {
  const { t, i18n } = useTranslation(['commercePages', 'validation', 'errors']);
  const styles = useStyles();
  const apps = useApiQuery('apps.list', { params: { projectId }, query: { pageSize: 200 } });
  const [appId, setAppId] = useState('');
  const [kind, setKind] = useState<LookupKind>('appleTransaction');
  const [values, setValues] = useState({ transactionId: '', receipt: '', purchaseToken: '', productId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<AppError | null>(null);
  const [result, setResult] = useState<LookupResult | null>(null);
  const lookup = useApiMutation('transactions.lookup', { invalidates: [] });
  const importer = useApiMutation('transactions.import', { invalidates: ['transactions', 'customers', 'storeEvents'] });
  const appList = (apps.data?.items ?? []) as ReadonlyArray<{ id: string; name: string; platform: 'ios' | 'android' }>;
  const app = appList.find((a) => a.id === appId) ?? appList[0];
  const kinds = lookupKinds.filter((k) => (app?.platform === 'android' ? !appleKinds.includes(k) : appleKinds.includes(k)));
  const current = kinds.includes(kind) ? kind : (kinds[0] as LookupKind);

  const body = () => ({ kind: current, appId: app?.id ?? '', ...(current === 'appleTransaction' ? { transactionId: values.transactionId } : current === 'appleReceipt' ? { receipt: values.receipt } : current === 'googleSubscription' ? { purchaseToken: values.purchaseToken } : { productId: values.productId, purchaseToken: values.purchaseToken }) });

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = validateWith(lookupBodySchema, body());
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([path, error]) => [path, fieldErrorMessage(error, t)])));
      return;
    }
    setErrors({});
    try {
      setResult(await lookup.mutateAsync({ params: { projectId }, body: checked.data }));
    } catch (error) {
      setResult(null);
      const appError = toAppError(error);
      setRefusal(appError);
      if (appError.fieldErrors) setErrors(Object.fromEntries(Object.entries(appError.fieldErrors).map(([path, e]) => [path, fieldErrorMessage(e, t)])));
    }
  };

  const runImport = async () => {
    try {
      const imported = await importer.mutateAsync({ params: { projectId }, body: body() as never });
      notify.message('success', t('lookup.imported', { count: imported.imported }));
      setResult(await lookup.mutateAsync({ params: { projectId }, body: body() as never }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const text = (name: keyof typeof values, label: string, multiline = false) => (
    <Field label={label} required validationMessage={errors[name]} className={styles.grow}>
      {multiline ? (
        <Textarea value={values[name]} resize="vertical" rows={4} textarea={{ className: styles.mono }} onChange={(_, data) => setValues({ ...values, [name]: data.value })} />
      ) : (
        <Input value={values[name]} input={{ className: styles.mono }} onChange={(_, data) => setValues({ ...values, [name]: data.value })} />
      )}
    </Field>
  );

  return (
    <SectionCard title={t('lookup.title')} description={t('lookup.description')}>
      {apps.data && appList.length === 0 ? <Text>{t('lookup.noApps')}</Text> : null}
      <form className={styles.form} onSubmit={(event) => void ask(event)} noValidate aria-label={t('lookup.title')}>
        <div className={styles.row}>
          <Field label={t('lookup.app')} validationMessage={errors.appId} className={styles.grow}>
            <Select value={app?.id ?? ''} onChange={(_, data) => setAppId(data.value)}>
              {appList.map((a) => (
                <option key={a.id} value={a.id}>
                  {`${a.name} (${t(`stores.${a.platform === 'ios' ? 'apple' : 'google'}`)})`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('lookup.kind')} className={styles.grow}>
            <Select value={current} onChange={(_, data) => setKind(data.value as LookupKind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`lookup.kinds.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {current === 'appleTransaction' ? text('transactionId', t('lookup.transactionId')) : null}
        {current === 'appleReceipt' ? text('receipt', t('lookup.receipt'), true) : null}
        {current === 'googleProduct' ? text('productId', t('lookup.productId')) : null}
        {current === 'googleSubscription' || current === 'googleProduct' ? text('purchaseToken', t('lookup.purchaseToken')) : null}
        {refusal ? (
          <MessageBar intent="error">
            <MessageBarBody>
              {errorText(t, refusal)}
              {/* The credentials live in the app's settings: say where (issue 19 §5). */}
              {refusal.code === ErrorCode.CredentialFileMissing && app ? (
                <>
                  {' '}
                  <RouterLink to={`/projects/${projectId}/settings/${app.id}`}>{t('lookup.openAppSettings', { app: app.name })}</RouterLink>
                </>
              ) : null}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <div>
          <Button appearance="primary" type="submit" disabled={!app || lookup.isPending} icon={lookup.isPending ? <Spinner size="tiny" /> : undefined}>
            {t('lookup.submit')}
          </Button>
        </div>
      </form>
      {result ? (
        <div className={styles.result} aria-live="polite">
          <Text as="h3" weight="semibold">
            {t('lookup.result')}
          </Text>
          <Text>
            {t('lookup.resultSummary', { store: t(`stores.${result.store}`), environment: t(`environments.${result.environment}`), count: result.transactions.length })}
            {result.subscriptionState
              ? ` ${t('lookup.state', { state: t(`states.${result.subscriptionState}`) })}${result.autoRenew === null ? '' : `, ${result.autoRenew ? t('lookup.autoRenewOn') : t('lookup.autoRenewOff')}`}.`
              : null}
          </Text>
          <Table size="small" aria-label={t('lookup.tableLabel')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('transactions.columns.transactionId')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.product')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.purchasedAt')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.price')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.status')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.customer')}</TableHeaderCell>
                <TableHeaderCell>{t('lookup.known')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.transactions.map((row) => (
                <TableRow key={row.storeTransactionId}>
                  <TableCell className={styles.mono}>{row.storeTransactionId}</TableCell>
                  <TableCell>{row.productId}</TableCell>
                  <TableCell>{formatDateTime(row.purchasedAt, i18n.language)}</TableCell>
                  <TableCell>{formatPrice(row.price, row.currency, i18n.language) || t('none')}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={statusColor(row.status)}>
                      {t(`statuses.${row.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className={styles.mono}>{row.appUserId ?? t('none')}</TableCell>
                  <TableCell>{row.knownId ? t('lookup.known') : t('lookup.notKnown')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {canWrite && result.transactions.some((row) => row.knownId === null) ? (
            <div>
              <Button onClick={() => void runImport()} disabled={importer.isPending} icon={importer.isPending ? <Spinner size="tiny" /> : undefined}>
                {t('lookup.import')}
              </Button>
            </div>
          ) : null}
          <details>
            <summary>{t('lookup.raw')}</summary>
            <pre className={styles.raw}>{JSON.stringify(result.raw, null, 2)}</pre>
          </details>
        </div>
      ) : null}
    </SectionCard>
  );
}
