import { Badge, Link, makeStyles, Skeleton, SkeletonItem, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Subscription, TransactionRow } from '@contract/api/commerce';
import { PageHeader } from '../components/page-header';
import { SectionCard } from '../components/section-card';
import { StatusScreen } from '../components/status-screen';
import { useApiQuery } from '../data/api-hooks';
import { formatDateTime } from '../lib/format';
import { EntitlementStatus } from './entitlement-status';
import { formatPrice, formatSpent, stateColor, statusColor, unlockColor } from './format';
import { TransactionDetails } from './transactions-list';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/** A table of subscriptions, their state now and when they end. */
export function SubscriptionTable({ subscriptions, label }: { readonly subscriptions: readonly Subscription[]; readonly label: string }) {
  const { t, i18n } = useTranslation('commercePages');
  const styles = useStyles();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('none'));
  if (subscriptions.length === 0) return <Text className={styles.muted}>{t('profile.noSubscriptions')}</Text>;
  return (
    <Table size="small" aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('profile.columns.product')}</TableHeaderCell>
          <TableHeaderCell>{t('profile.columns.store')}</TableHeaderCell>
          <TableHeaderCell>{t('profile.columns.state')}</TableHeaderCell>
          <TableHeaderCell>{t('profile.columns.renews')}</TableHeaderCell>
          <TableHeaderCell>{t('profile.columns.started')}</TableHeaderCell>
          <TableHeaderCell>{t('profile.columns.ends')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {subscriptions.map((subscription) => (
          <TableRow key={subscription.id}>
            <TableCell>{subscription.productId}</TableCell>
            <TableCell>{`${t(`stores.${subscription.store}`)}${subscription.environment === 'sandbox' ? ` (${t('environments.sandbox')})` : ''}`}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={stateColor(subscription.state)}>
                {t(`states.${subscription.state}`)}
              </Badge>
            </TableCell>
            <TableCell>{subscription.autoRenew === null ? t('transactions.detail.unknown') : subscription.autoRenew ? t('transactions.detail.yes') : t('transactions.detail.no')}</TableCell>
            <TableCell>{date(subscription.startedAt)}</TableCell>
            <TableCell>{date(subscription.state === 'grace' ? subscription.graceExpiresAt : subscription.expiresAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One app user (`/customers/index/:projectId/:customerId`): who they are, every entitlement of the
 * project with whether they have it now and why, their subscriptions, newest transactions, manual
 * unlocks and the attributes the app sent.
 */
export function CustomerProfile({ projectId, customerId }: { readonly projectId: string; readonly customerId: string }) {
  const { t, i18n } = useTranslation(['commercePages', 'projects']);
  const styles = useStyles();
  const profile = useApiQuery('customers.get', { params: { projectId, id: customerId } }, { retry: false });
  const [opened, setOpened] = useState<TransactionRow | null>(null);
  if (profile.isError) return <StatusScreen kind={profile.error.code === 201001 ? 'notFound' : 'forbidden'} error={profile.error} />;
  if (!profile.data) {
    return (
      <Skeleton aria-label={t('loading')}>
        <SkeletonItem size={48} />
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }
  const { customer, entitlements, subscriptions, transactions, transactionCount, unlocks } = profile.data;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('none'));
  const fact = (label: string, value: string) => (
    <>
      <dt>
        <Text weight="semibold">{label}</Text>
      </dt>
      <dd className={styles.value}>
        <Text>{value}</Text>
      </dd>
    </>
  );
  const attributes = Object.entries(customer.attributes);
  return (
    <>
      <PageHeader
        title={t('profile.title', { user: customer.appUserId })}
        actions={
          <div className={styles.links}>
            <RouterLink to={`/customers/index?project=${projectId}`}>{t('customers.back')}</RouterLink>
            <RouterLink to={`/transactions/manual-unlock?project=${projectId}&user=${encodeURIComponent(customer.appUserId)}`}>{t('profile.unlock')}</RouterLink>
          </div>
        }
      />
      <div className={styles.grid}>
        <SectionCard title={t('profile.overview')}>
          <dl className={styles.facts}>
            {fact(t('customers.columns.platform'), t(`projects:platforms.${customer.platform}`))}
            {fact(t('customers.columns.country'), customer.country ?? t('none'))}
            {fact(t('profile.email'), customer.email ?? t('none'))}
            {fact(t('customers.columns.firstSeen'), date(customer.firstSeenAt))}
            {fact(t('customers.columns.lastSeen'), date(customer.lastSeenAt))}
            {fact(t('customers.columns.spent'), formatSpent(customer.spent, i18n.language) || t('none'))}
          </dl>
        </SectionCard>
        <SectionCard title={t('profile.attributes')}>
          {attributes.length === 0 ? (
            <Text className={styles.muted}>{t('profile.noAttributes')}</Text>
          ) : (
            <dl className={styles.facts}>{attributes.map(([key, value]) => <FactPair key={key} label={key} value={attributeText(value, i18n.language)} />)}</dl>
          )}
        </SectionCard>
        <SectionCard title={t('profile.entitlements')} className={styles.wide}>
          <EntitlementStatus entitlements={entitlements} />
        </SectionCard>
        <SectionCard title={t('profile.subscriptions')} className={styles.wide}>
          <SubscriptionTable subscriptions={subscriptions} label={t('profile.subscriptions')} />
        </SectionCard>
        <SectionCard title={t('profile.transactions')} description={transactionCount > transactions.length ? t('profile.transactionsMore', { shown: transactions.length, total: transactionCount }) : undefined} className={styles.wide}>
          <Table size="small" aria-label={t('profile.transactions')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('transactions.columns.purchasedAt')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.transactionId')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.product')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.store')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.price')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.status')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {transactions.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{date(row.purchasedAt)}</TableCell>
                  <TableCell>
                    <Link as="button" className={styles.mono} onClick={() => setOpened(row)} aria-label={t('transactions.details', { id: row.storeTransactionId })}>
                      {row.storeTransactionId}
                    </Link>
                  </TableCell>
                  <TableCell>{row.skuName ?? row.productId}</TableCell>
                  <TableCell>{t(`stores.${row.store}`)}</TableCell>
                  <TableCell>{formatPrice(row.price, row.currency, i18n.language) || t('none')}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={statusColor(row.status)}>
                      {t(`statuses.${row.status}`)}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SectionCard>
        <SectionCard title={t('profile.unlocks')} className={styles.wide}>
          {unlocks.length === 0 ? (
            <Text className={styles.muted}>{t('profile.noUnlocks')}</Text>
          ) : (
            <Table size="small" aria-label={t('profile.unlocks')}>
              <TableBody>
                {unlocks.map((unlock) => (
                  <TableRow key={unlock.id}>
                    <TableCell>{unlock.entitlement.name}</TableCell>
                    <TableCell>{t(`unlocks.reasons.${unlock.reasonCode}`)}</TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={unlockColor(unlock.status)}>
                        {t(`unlocks.statuses.${unlock.status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell>{unlock.expiresAt ? t('unlocks.until', { date: date(unlock.expiresAt) }) : t('none')}</TableCell>
                    <TableCell>{unlock.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </SectionCard>
      </div>
      {opened ? <TransactionDetails projectId={projectId} row={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

/** An ISO date-time with its time and zone, as the app sends its times (`installedAt`). */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An attribute the app sent, as text: times like the profile's other times (issue 19 §5: the install
 * time showed as a raw ISO string), other strings as they are, anything else as JSON.
 */
export function attributeText(value: unknown, locale: string): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return isoDateTime.test(value) ? formatDateTime(value, locale) || value : value;
}

function FactPair({ label, value }: { readonly label: string; readonly value: string }) {
  const styles = useStyles();
  return (
    <>
      <dt>
        <Text weight="semibold" className={styles.mono}>
          {label}
        </Text>
      </dt>
      <dd className={styles.value}>
        <Text>{value}</Text>
      </dd>
    </>
  );
}
