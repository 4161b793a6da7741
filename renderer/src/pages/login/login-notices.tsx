import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

interface LoginNoticesProps {
  /** The console is offline: signing in needs the connection (issue 14). */
  readonly offline: boolean;
  /** The password was just reset. */
  readonly resetDone: boolean;
  /** A page asked for a session (`?redirect=`): the operator comes back to it after signing in. */
  readonly redirect: boolean;
  /** Main keeps the token in memory only (no keychain). */
  readonly memoryOnly: boolean;
}

/** The offline notice, with its texts (the `offline` namespace loads only when it shows). */
function OfflineNotice() {
  const { t } = useTranslation('offline');
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('signIn.title')}</MessageBarTitle>
        {t('signIn.body')}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The sign-in page's notices above its form. Their own chunk, loaded when one shows: the message
 * bars are not part of the sign-in screen's first download (issue 12).
 */
export default function LoginNotices({ offline, resetDone, redirect, memoryOnly }: LoginNoticesProps) {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.notices}>
      {offline ? (
        <Suspense fallback={null}>
          <OfflineNotice />
        </Suspense>
      ) : null}
      {resetDone ? (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{t('reset.done')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {redirect ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t('login.redirectNotice')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {memoryOnly ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('persistence.memoryTitle')}</MessageBarTitle>
            {t('persistence.memoryBody')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
