import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSession, wasSignedOutByOperator } from '../data/session';
import { useOpenOfflineData } from '../data/offline/use-offline';
import { FullPageSpinner } from '../components/full-page-status';
import { StatusScreen } from '../components/status-screen';
import { lazyPage } from '../components/lazy-page';
import { loginUrlFor, safeRedirect } from './redirect';
import { homePath } from './routes';
import { PageBoundary } from '../components/page-boundary';

/**
 * The authenticated frame and the public frame load as their own chunks: the sign-in page must
 * not pull in the console's navigation, header and drawers.
 */
export const consoleLayoutPage = lazyPage(() => import('../layout/console-layout'));
export const publicFramePage = lazyPage(() => import('../components/public-frame'));

/** Loads a frame chunk, with the same time-out, failure screen and retry as pages. */
function FrameLoader({ frame }: { readonly frame: typeof consoleLayoutPage }) {
  return (
    <PageBoundary resetKey="frame">
      <Suspense fallback={<FullPageSpinner />}>
        <frame.Component />
      </Suspense>
    </PageBoundary>
  );
}

/**
 * Opens the signed-in operator's kept data (issue 14: their persisted answers and waiting changes)
 * before their console renders, so its first queries find what is kept.
 */
function OfflineDataGate({ owner, children }: { readonly owner: string; readonly children: ReactNode }) {
  return useOpenOfflineData(owner) ? <>{children}</> : <FullPageSpinner />;
}

/** Waits for the session; a session that cannot be read at all shows why, with a retry. */
function SessionGate({ children }: { readonly children: (signedIn: boolean) => ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (session.isError) return <StatusScreen kind="serverError" error={session.error} onRetry={() => void session.refetch()} />;
  return <>{children(session.data.user !== null)}</>;
}

/** The console frame of the signed-in operator, once their kept data are open. */
function SignedInFrame({ frame }: { readonly frame: typeof consoleLayoutPage }) {
  const session = useSession();
  const owner = session.data?.user?.id;
  if (!owner) return <FrameLoader frame={frame} />;
  return (
    <OfflineDataGate owner={owner}>
      <FrameLoader frame={frame} />
    </OfflineDataGate>
  );
}

/** `/`: signed-out operators go to the sign-in page, signed-in ones to the welcome page (spec §2). */
export function IndexRedirect() {
  return <SessionGate>{(signedIn) => <Navigate to={signedIn ? homePath : '/login'} replace />}</SessionGate>;
}

/** Console routes: a signed-out operator is sent to `/login?redirect=<path>` and comes back after. */
export function RequireAuth() {
  const location = useLocation();
  return (
    <SessionGate>
      {(signedIn) =>
        signedIn ? (
          <SignedInFrame frame={consoleLayoutPage} />
        ) : (
          <Navigate to={wasSignedOutByOperator() ? '/login' : loginUrlFor(location)} replace />
        )
      }
    </SessionGate>
  );
}

/** `/login`: an operator who is already signed in goes straight on to where they were headed. */
export function PublicOnly({ children }: { readonly children: ReactNode }) {
  const [params] = useSearchParams();
  return <SessionGate>{(signedIn) => (signedIn ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : children)}</SessionGate>;
}

/**
 * `/403`, `/404`, `/500`, `/help`, `/privacy`, `/terms`: inside the console frame for a signed-in operator, in the public frame
 * otherwise, so the way back always leads somewhere they may go.
 */
export function AdaptiveFrame() {
  return (
    <SessionGate>
      {(signedIn) => (signedIn ? <SignedInFrame frame={consoleLayoutPage} /> : <FrameLoader frame={publicFramePage} />)}
    </SessionGate>
  );
}
