import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notices';
import { embeddedServerNotice, isBackAfterRestart, retryEmbeddedServer, useEmbeddedServer } from '../data/embedded-server';
import { errorText } from '../i18n/error-text';

/**
 * What the console says about its embedded server (issue 12), in place of "server unreachable":
 * while main restarts it after an unexpected stop (how it ended, that the data is the same; the
 * offline lines as `children`), and after a crash loop (how often, where its log is, "Try again").
 * When it is back, a message says so (next to the general "connection restored").
 */
export function EmbeddedServerBanner({ children }: { readonly children?: ReactNode }) {
  const { t } = useTranslation(['layout', 'errors']);
  const embedded = useEmbeddedServer();
  const state = embedded.data;
  const notice = embeddedServerNotice(state);
  const [retrying, setRetrying] = useState(false);
  const last = useRef(state);

  useEffect(() => {
    if (isBackAfterRestart(last.current, state)) notify.message('success', t('embeddedServer.back'), 'embedded-server-back');
    last.current = state;
  }, [state, t]);

  if (notice === 'restarting') {
    return (
      <MessageBar intent="warning" layout="multiline" politeness="assertive" data-testid="embedded-server-restarting">
        <MessageBarBody>
          <MessageBarTitle>{t('embeddedServer.restartingTitle')}</MessageBarTitle>
          {t('embeddedServer.restartingBody', { how: state?.lastExit ?? '' })}
          {children}
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (notice === 'failed') {
    return (
      <MessageBar intent="error" layout="multiline" politeness="assertive" data-testid="embedded-server-failed">
        <MessageBarBody>
          <MessageBarTitle>{t('embeddedServer.failedTitle')}</MessageBarTitle>
          {state?.logPath
            ? t('embeddedServer.failedBody', { times: state.crashes, path: state.logPath })
            : t('embeddedServer.failedBodyNoLog', { times: state?.crashes ?? 0 })}
        </MessageBarBody>
        <MessageBarActions>
          <Button
            appearance="primary"
            size="small"
            icon={<ArrowClockwise16Regular />}
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              // The new state arrives as `embeddedServer.changed`, in order with the ones after it.
              retryEmbeddedServer()
                .catch((error: unknown) => notify.message('error', errorText(t, error)))
                .finally(() => setRetrying(false));
            }}
          >
            {t('embeddedServer.tryAgain')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}
