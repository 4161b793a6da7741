import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../../components/public-frame';
import { forgetOperatorSignOut, useSession } from '../../data/session';
import { AuthCard } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';

const useStyles = makeStyles({
  notices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalM, ':empty': { display: 'none' } },
});

/**
 * `/login` (public): sign in, or reset a forgotten password and come back. After sign-in the
 * `PublicOnly` guard continues to the page in `?redirect=` (or the welcome page).
 */
export default function LoginPage() {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const session = useSession();
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  const [email, setEmail] = useState('');
  const [resetDone, setResetDone] = useState(false);
  const [resetStep, setResetStep] = useState<'request' | 'confirm'>('request');

  useEffect(() => forgetOperatorSignOut(), []);

  const memoryOnly = session.data?.persistence === 'memory';
  const notices = (
    <div className={styles.notices}>
      {resetDone && mode === 'signIn' ? (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{t('reset.done')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {params.get('redirect') && mode === 'signIn' && !resetDone ? (
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

  return (
    <PublicLayout>
      {mode === 'signIn' ? (
        <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
          {notices}
          <SignInForm
            email={email}
            onEmailChange={setEmail}
            onForgot={() => {
              setResetDone(false);
              setResetStep('request');
              setMode('reset');
            }}
          />
        </AuthCard>
      ) : (
        <AuthCard title={t('reset.title')} subtitle={t(resetStep === 'request' ? 'reset.requestHint' : 'reset.confirmHint')}>
          {notices}
          <ResetPasswordForm
            email={email}
            onEmailChange={setEmail}
            onStepChange={setResetStep}
            onBack={() => setMode('signIn')}
            onDone={() => {
              setResetDone(true);
              setMode('signIn');
            }}
          />
        </AuthCard>
      )}
    </PublicLayout>
  );
}
