import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { ArrowClockwise16Regular, ArrowSync16Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compiledRendererBuild, isNewContentAvailable } from './build-stamp';
import { notify } from '../components/notices';
import { useConnectivity } from '../connectivity/use-connectivity';
import { useAppInfo } from '../data/app-info';
import { embeddedServerNotice, useEmbeddedServer } from '../data/embedded-server';
import { useSession } from '../data/session';
import { installUpdate, updateRefusal, useUpdateState } from '../data/update-state';
import { errorText } from '../i18n/error-text';
import { useChosenLocale } from '../i18n/use-locale';
import { EmbeddedServerBanner } from './embedded-server-banner';
import { OfflineNotes } from './offline-notes';
import { PendingChangesBar } from './pending-changes';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL} 0`,
    ':empty': { display: 'none' },
  },
});

function useDismissed(key: string): [boolean, () => void] {
  const storageKey = `palette.dismissed.${key}`;
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.sessionStorage.getItem(storageKey) === '1';
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(storageKey, '1');
    } catch {
      // The banner comes back next time; nothing else depends on it.
    }
  };
  return [dismissed, dismiss];
}

/**
 * The console-wide notices under the header, most urgent first: offline (shown the moment the
 * connection drops, with the age of the kept data shown), changes waiting to be sent, update ready, new content, session kept in memory only, language shown in
 * English. None blocks the page.
 */
export function ConsoleBanners() {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'common', 'errors']);
  const { reason } = useConnectivity();
  // Issue 12: while the embedded server restarts (or has been given up), its own banner says so.
  const serverNotice = embeddedServerNotice(useEmbeddedServer().data);
  const appInfo = useAppInfo();
  const update = useUpdateState();
  const session = useSession();
  const { translated } = useChosenLocale();
  const [memoryDismissed, dismissMemory] = useDismissed('memory-session');
  const [localeDismissed, dismissLocale] = useDismissed('locale-fallback');
  const [newContentDismissed, setNewContentDismissed] = useState<string | null>(null);
  const [installing, setInstalling] = useState(false);

  const served = appInfo.data?.rendererBuild;
  const newContent = isNewContentAvailable(compiledRendererBuild(), served) && newContentDismissed !== served;
  const updateReady = update.data?.status === 'ready';
  const refusal = updateRefusal(update.data);
  const [refusalDismissed, setRefusalDismissed] = useState<string | null>(null);
  const refusalKey = refusal ? `${refusal}:${update.data?.version ?? ''}` : null;

  const dismissButton = (onClick: () => void) => (
    <Button aria-label={t('common:actions.dismiss')} appearance="transparent" icon={<Dismiss20Regular />} onClick={onClick} />
  );

  return (
    <div className={styles.root}>
      <EmbeddedServerBanner>
        <OfflineNotes />
      </EmbeddedServerBanner>
      {reason === 'network' || (reason === 'server' && serverNotice === null) ? (
        <MessageBar intent="warning" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>{t(reason === 'network' ? 'connectivity.networkTitle' : 'connectivity.serverTitle')}</MessageBarTitle>
            {t(reason === 'network' ? 'connectivity.networkBody' : 'connectivity.serverBody')}
            <OfflineNotes />
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <PendingChangesBar />
      {updateReady ? (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>{t('update.title')}</MessageBarTitle>
            {t('update.body', { version: update.data?.version ?? '' })}
          </MessageBarBody>
          <MessageBarActions>
            <Button
              appearance="primary"
              size="small"
              icon={<ArrowSync16Regular />}
              disabled={installing}
              onClick={() => {
                setInstalling(true);
                installUpdate().catch((error: unknown) => {
                  setInstalling(false);
                  notify.message('error', errorText(t, error));
                });
              }}
            >
              {t('update.install')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {refusal && refusalDismissed !== refusalKey ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('update.refusedTitle')}</MessageBarTitle>
            {t(refusal === 'integrity' ? 'update.integrityBody' : 'update.signatureBody', { version: update.data?.version ?? '' })}
          </MessageBarBody>
          <MessageBarActions containerAction={dismissButton(() => setRefusalDismissed(refusalKey))} />
        </MessageBar>
      ) : null}
      {newContent ? (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>{t('newContent.title')}</MessageBarTitle>
            {t('newContent.body')}
          </MessageBarBody>
          <MessageBarActions containerAction={dismissButton(() => setNewContentDismissed(served ?? null))}>
            <Button size="small" icon={<ArrowClockwise16Regular />} onClick={() => window.location.reload()}>
              {t('newContent.refresh')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {session.data?.persistence === 'memory' && !memoryDismissed ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('session.memoryBody')}</MessageBarBody>
          <MessageBarActions containerAction={dismissButton(dismissMemory)} />
        </MessageBar>
      ) : null}
      {!translated && !localeDismissed ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('common:language.fallbackNote')}</MessageBarBody>
          <MessageBarActions containerAction={dismissButton(dismissLocale)} />
        </MessageBar>
      ) : null}
    </div>
  );
}
