import { Button } from '@fluentui/react-components';
import { ArrowClockwise20Regular, PlugDisconnected48Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import classes from './public.module.css';

/** Spec §8's load-failed state of a chunk: what happened, a retry, and a full reload as last resort. */
export function ChunkErrorScreen({ reason, onRetry }: { readonly reason: 'failed' | 'timeout'; readonly onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={classes.chunkError} role="alert">
      <PlugDisconnected48Regular className={classes.chunkErrorIcon} />
      <h1 className={classes.title}>{t('chunk.failedTitle')}</h1>
      <p className={`${classes.text} ${classes.chunkErrorBody}`}>{t(reason === 'timeout' ? 'chunk.timeoutBody' : 'chunk.failedBody')}</p>
      <div className={classes.chunkErrorActions}>
        <Button appearance="primary" icon={<ArrowClockwise20Regular />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('chunk.reloadConsole')}</Button>
      </div>
    </div>
  );
}
