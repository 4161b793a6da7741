import { makeStyles, Text, tokens, mergeClasses } from '@fluentui/react-components';
import { CheckmarkCircle20Filled, ErrorCircle20Filled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SignInRecord } from '@contract/api';
import { formatDateTime, formatRelativeTime } from '../lib/format';
import { formatDevice } from '../lib/user-agent';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    ':last-child': { borderBottom: 'none' },
  },
  ok: { color: tokens.colorPaletteGreenForeground1, marginTop: '1px' },
  failed: { color: tokens.colorPaletteRedForeground1, marginTop: '1px' },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  time: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/** Describes the client of a sign-in in the operator's language ("Chrome on Windows"). */
export function useDeviceText() {
  const { t } = useTranslation('account');
  return (userAgent: string) => formatDevice(userAgent, (key, values) => t(key, values));
}

/**
 * A compact list of sign-in attempts (welcome page, inbox events): outcome, where from, when.
 */
export function SignInList({ records, locale, className }: { readonly records: readonly SignInRecord[]; readonly locale: string; readonly className?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('layout');
  const device = useDeviceText();
  return (
    <ul className={mergeClasses(styles.list, className)}>
      {records.map((record) => (
        <li key={record.id} className={styles.item}>
          {record.success ? <CheckmarkCircle20Filled className={styles.ok} aria-hidden /> : <ErrorCircle20Filled className={styles.failed} aria-hidden />}
          <div className={styles.text}>
            <Text weight="semibold">{record.success ? t('inbox.signInSucceeded') : t('inbox.signInFailed')}</Text>
            <Text size={200} className={styles.secondary}>
              {`${device(record.userAgent)} · ${t('inbox.fromAddress', { ip: record.ip })}`}
            </Text>
          </div>
          <Text size={200} className={styles.time} title={formatDateTime(record.at, locale)}>
            {formatRelativeTime(record.at, locale)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
