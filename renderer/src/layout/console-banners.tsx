import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { ArrowClockwise16Regular, ArrowSync16Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compiledRendererBuild, isNewContentAvailable } from './build-stamp';
import { notify } from '../components/notices';
import { useConnectivity } from '../connectivity/use-connectivity';
import { useAppInfo } from '../data/app-info';
import { useSession } from '../data/session';
import { installUpdate, useUpdateState } from '../data/update-state';
import { errorText } from '../i18n/error-text';
import { useChosenLocale } from '../i18n/use-locale';

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
 * connection drops), update ready, new content, session kept in memory only, language shown in
 * English. None blocks the page.
 */
export function ConsoleBanners() {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'common', 'errors']);
  const { reason } = useConnectivity();
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

  const dismissButton = (onClick: () => void) => (
    <Button aria-label={t('common:actions.dismiss')} appearance="transparent" icon={<Dismiss20Regular />} onClick={onClick} />
  );

  return (
    <div className={styles.root}>
      {reason ? (
        <MessageBar intent="warning" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>{t(reason === 'network' ? 'connectivity.networkTitle' : 'connectivity.serverTitle')}</MessageBarTitle>
            {t(reason === 'network' ? 'connectivity.networkBody' : 'connectivity.serverBody')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
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
          <MessageBarBody>{t('language.fallbackNote')}</MessageBarBody>
          <MessageBarActions containerAction={dismissButton(dismissLocale)} />
        </MessageBar>
      ) : null}
    </div>
  );
}
