import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consolePathOf } from '@contract/console-links';
import { withChunkTimeout } from '../../components/lazy-page';
import { PublicLayout } from '../../components/public-layout';
import { useConnectivity } from '../../connectivity/use-connectivity';
import { forgetOperatorSignOut, useSessionSnapshot } from '../../data/session-core';
import { loadFormTexts } from '../../i18n/i18n';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';

/** The password reset, with its rules and messages: loaded when the operator asks for it. */
const ResetPasswordForm = lazy(() =>
  withChunkTimeout(Promise.all([import('./reset-password-form'), loadFormTexts()])).then(([module]) => ({ default: module.ResetPasswordForm })),
);

/** The page's notices (message bars, and the offline texts): loaded when one shows. */
const LoginNotices = lazy(() => import('./login-notices'));

/** The account and code of a password-reset mail's link (`/login?reset=<code>&email=<email>`), if valid. */
function mailedReset(params: URLSearchParams): { email: string; code: string } | null {
  const path = consolePathOf('/login', params);
  if (path === null) return null;
  return { email: params.get('email') ?? '', code: params.get('reset') ?? '' };
}

/**
 * The page's query (`?redirect=`, a reset mail's `?reset=&email=`), read from the address without
 * the router: the page also shows before the router has loaded (app/boot.tsx). A window loaded from
 * `file://` keeps its route in the hash (app/router.tsx).
 */
function currentParams(): URLSearchParams {
  const { protocol, hash, search } = window.location;
  return new URLSearchParams(protocol === 'file:' ? (hash.split('?')[1] ?? '') : search);
}

/**
 * `/login` (public): sign in, or reset a forgotten password and come back. After sign-in the
 * `PublicOnly` guard continues to the page in `?redirect=` (or the welcome page). The reset mail's
 * link (contract/console-links.ts) opens the reset's second step with the account and code filled in.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { online } = useConnectivity();
  const [params] = useState(currentParams);
  const session = useSessionSnapshot();
  const [mailed, setMailed] = useState(() => mailedReset(params));
  const [mode, setMode] = useState<'signIn' | 'reset'>(mailed ? 'reset' : 'signIn');
  const [email, setEmail] = useState(mailed?.email ?? '');
  const [resetDone, setResetDone] = useState(false);
  const [resetStep, setResetStep] = useState<'request' | 'confirm'>(mailed ? 'confirm' : 'request');

  useEffect(() => forgetOperatorSignOut(), []);

  const memoryOnly = session?.persistence === 'memory';
  const showResetDone = resetDone && mode === 'signIn';
  const showRedirect = Boolean(params.get('redirect')) && mode === 'signIn' && !resetDone;
  const notices =
    !online || showResetDone || showRedirect || memoryOnly ? (
      <Suspense fallback={null}>
        <LoginNotices offline={!online} resetDone={showResetDone} redirect={showRedirect} memoryOnly={memoryOnly} />
      </Suspense>
    ) : null;

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
          <Suspense fallback={null}>
            <ResetPasswordForm
              mailed={mailed}
              email={email}
              onEmailChange={setEmail}
              onStepChange={setResetStep}
              onBack={() => {
                setMailed(null);
                setMode('signIn');
              }}
              onDone={() => {
                setMailed(null);
                setResetDone(true);
                setMode('signIn');
              }}
            />
          </Suspense>
        </AuthCard>
      )}
    </PublicLayout>
  );
}
