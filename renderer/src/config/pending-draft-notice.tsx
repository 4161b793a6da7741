import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PendingChange } from '../data/offline/pending-changes';
import { formatKeptTime } from '../lib/format';
import { errorText } from '../i18n/error-text';
import { AppError } from '../bridge/app-error';

const useStyles = makeStyles({
  banner: { marginBottom: tokens.spacingVerticalM },
});

/**
 * Over an editor whose draft waits to be sent (issue 14): since when, on which version, and the way
 * out (discard it; send a refused one again). A change stopped by a newer version shows the
 * editor's conflict view instead.
 */
export function PendingDraftNotice({ change, onDiscard, onRetry }: { readonly change: PendingChange; readonly onDiscard: () => void; readonly onRetry: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['offline', 'errors', 'validation']);
  if (change.status === 'conflict') return null;
  const refused = change.status === 'refused';
  return (
    <MessageBar intent={refused ? 'error' : 'info'} layout="multiline" className={styles.banner}>
      <MessageBarBody>
        <MessageBarTitle>{t(refused ? 'offline:editor.refusedTitle' : 'offline:editor.waitingTitle')}</MessageBarTitle>
        {refused && change.refusal
          ? errorText(t, new AppError(change.refusal.code, '', change.refusal.fieldErrors ?? {}))
          : t('offline:editor.waitingBody', { time: formatKeptTime(Date.parse(change.savedAt), i18n.language), version: change.body.version })}
      </MessageBarBody>
      <MessageBarActions>
        {refused ? <Button onClick={onRetry}>{t('offline:editor.retry')}</Button> : null}
        <Button onClick={onDiscard}>{t('offline:editor.discard')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
