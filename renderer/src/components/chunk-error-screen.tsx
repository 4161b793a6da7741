import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, PlugDisconnected48Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    minHeight: '50vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
  },
  icon: { color: tokens.colorNeutralForeground3 },
  body: { display: 'block', maxWidth: '440px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

/** Spec §8's load-failed state of a chunk: what happened, a retry, and a full reload as last resort. */
export function ChunkErrorScreen({ reason, onRetry }: { readonly reason: 'failed' | 'timeout'; readonly onRetry: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.root} role="alert">
      <PlugDisconnected48Regular className={styles.icon} />
      <Text as="h1" size={500} weight="semibold">
        {t('chunk.failedTitle')}
      </Text>
      <Text className={styles.body}>{t(reason === 'timeout' ? 'chunk.timeoutBody' : 'chunk.failedBody')}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowClockwise20Regular />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('chunk.reloadConsole')}</Button>
      </div>
    </div>
  );
}
