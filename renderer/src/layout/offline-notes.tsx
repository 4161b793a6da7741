import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useKeptAge } from '../data/offline/use-offline';
import { useSession } from '../data/session';
import { formatKeptTime } from '../lib/format';

const useStyles = makeStyles({
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, marginTop: tokens.spacingVerticalXXS },
});

/**
 * The offline notice's own lines (issue 14): how old what the screen shows is ("as of 10:42"),
 * whether part of it was never opened here, what can be done offline and what waits, and that the
 * session comes from this computer until the server confirms it. In the interface's language.
 */
export function OfflineNotes() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('offline');
  const age = useKeptAge();
  const session = useSession();
  return (
    <span className={styles.lines}>
      {age.asOf !== null ? (
        <Text weight="semibold" data-testid="kept-age">
          {t('banner.keptAsOf', { time: formatKeptTime(age.asOf, i18n.language) })}
        </Text>
      ) : null}
      {age.notKept ? <Text>{t(age.asOf === null ? 'banner.nothingKept' : 'banner.notKept')}</Text> : null}
      <Text>{t('banner.whatWorks')}</Text>
      {session.data?.unconfirmed ? <Text>{t('banner.unconfirmed')}</Text> : null}
    </span>
  );
}
