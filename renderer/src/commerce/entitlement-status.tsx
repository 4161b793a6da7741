import { Badge, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CustomerEntitlement, EntitlementReason } from '@contract/api/commerce';
import { formatDateTime } from '../lib/format';

const useStyles = makeStyles({
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  inactive: { color: tokens.colorNeutralForeground3 },
  name: { display: 'flex', flexDirection: 'column' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/** One reason in words: what gives the entitlement, until when, or why it stopped. */
export function useReasonText() {
  const { t, i18n } = useTranslation('commercePages');
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (reason: EntitlementReason): string => {
    const what =
      reason.source === 'manual'
        ? t('entitlements.manualReason', { reason: reason.reasonCode ? t(`unlocks.reasons.${reason.reasonCode}`) : '' })
        : reason.subscriptionState
          ? t('entitlements.storeReason', { store: reason.store ? t(`stores.${reason.store}`) : '', product: reason.productId ?? '', state: t(`states.${reason.subscriptionState}`) })
          : t('entitlements.purchaseReason', { store: reason.store ? t(`stores.${reason.store}`) : '', product: reason.productId ?? '' });
    const transaction = reason.storeTransactionId ? `, ${t('entitlements.transaction', { id: reason.storeTransactionId })}` : '';
    // Where the purchase came from: a sandbox one gives nothing unless its user is a sandbox tester.
    const environment = reason.sandboxOnly ? ` (${t('entitlements.sandboxOnly')})` : reason.environment === 'sandbox' ? ` (${t('entitlements.sandbox')})` : '';
    const when = reason.endedAt
      ? t('entitlements.endedBecause', { date: date(reason.endedAt), reason: reason.endReason ? t(`entitlements.endReasons.${reason.endReason}`, { defaultValue: reason.endReason }) : '' })
      : reason.expiresAt
        ? t('entitlements.ends', { date: date(reason.expiresAt) })
        : t('entitlements.forever');
    return `${what}${environment}${transaction} · ${when}`;
  };
}

/**
 * Every entitlement of the project for one app user: active now or not, until when, and each reason
 * (a store subscription or purchase, a manual unlock) with its end. The same for the profile and the
 * subscription check.
 */
export function EntitlementStatus({ entitlements, label }: { readonly entitlements: readonly CustomerEntitlement[]; readonly label?: string }) {
  const { t, i18n } = useTranslation('commercePages');
  const styles = useStyles();
  const reasonText = useReasonText();
  return (
    <Table size="small" aria-label={label ?? t('entitlements.tableLabel')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('unlocks.entitlement')}</TableHeaderCell>
          <TableHeaderCell>{t('transactions.status')}</TableHeaderCell>
          <TableHeaderCell>{t('entitlements.why')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entitlements.map((entitlement) => (
          <TableRow key={entitlement.entitlementId} data-testid={`entitlement-${entitlement.identifier}`}>
            <TableCell>
              <span className={styles.name}>
                <Text weight="semibold">{entitlement.name}</Text>
                <span className={styles.mono}>{entitlement.identifier}</span>
              </span>
            </TableCell>
            <TableCell>
              <Badge appearance="tint" color={entitlement.active ? 'success' : 'subtle'}>
                {entitlement.active ? t('entitlements.active') : t('entitlements.inactive')}
              </Badge>{' '}
              {entitlement.active ? (
                <Text size={200}>{entitlement.activeUntil ? t('entitlements.until', { date: formatDateTime(entitlement.activeUntil, i18n.language) }) : t('entitlements.forever')}</Text>
              ) : null}
            </TableCell>
            <TableCell>
              {entitlement.reasons.length === 0 ? (
                <Text className={styles.inactive}>{t('entitlements.noReason')}</Text>
              ) : (
                <ul className={styles.reasons}>
                  {entitlement.reasons.map((reason, index) => (
                    <li key={`${reason.source}-${reason.unlockId ?? reason.transactionId ?? index}`} className={reason.active ? undefined : styles.inactive}>
                      <Text size={200}>{reasonText(reason)}</Text>
                    </li>
                  ))}
                </ul>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
