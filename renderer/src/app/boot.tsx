import { Component, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getI18n } from 'react-i18next';
import { getBridge } from '../bridge/get-bridge';
import { ChunkErrorScreen } from '../components/chunk-error-screen';
import { ChunkLoadError, lazyPage, retryFailedPages } from '../components/lazy-page';
import { PublicProviders } from '../components/public-providers';
import { PublicNavigationContext, type PublicNavigation } from '../components/public-navigation';
import { onSignedIn, readSession, rememberSession } from '../data/session-core';
import { chosenLocale, loadConsoleTexts, loadPublicTexts, onChosenLocaleChange } from '../i18n/i18n';
import { isConsolePath } from './use-shell-commands';

/**
 * The console's first screen, kept light (issue 12: the sign-in screen loads at most 150 KB of
 * gzipped script, the first console screen at most 400 KB).
 *
 * A signed-out operator at `/login` (or `/`, which leads there) gets the sign-in page on its own
 * (pages/login/sign-in-shell.tsx): no router, no query library, no route table, no schemas. Every
 * other case, and the moment the operator has signed in or follows a link out of the sign-in page,
 * loads the console (app/app.tsx) with every text it shows, which then owns the address: its router
 * reads the location as it is (a `?redirect=` included) and its guards go on from there.
 */

const consoleApp = lazyPage(async () => {
  const [module] = await Promise.all([import('./app'), loadConsoleTexts()]);
  return { default: () => <module.App i18n={getI18n()} /> };
});

const signInShell = lazyPage(() => import('../pages/login/sign-in-shell'));

type Stage = 'reading' | 'signIn' | 'console';

/** Whether the address is one whose signed-out screen is the sign-in page itself. */
function startsAtSignIn(location: Location): boolean {
  return location.protocol !== 'file:' && (location.pathname === '/' || location.pathname === '/login');
}

interface BootBoundaryState {
  readonly error: unknown;
}

/** A chunk of the first screen that did not load: spec §8's load-failed screen with a retry. */
class BootBoundary extends Component<{ readonly children: ReactNode }, BootBoundaryState> {
  override state: BootBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BootBoundaryState {
    return { error: error ?? new Error('Unknown render error') };
  }

  private readonly retry = (): void => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <PublicProviders>
        <ChunkErrorScreen reason={error.reason} onRetry={this.retry} />
      </PublicProviders>
    );
  }
}

/** Tells main the interface language while the console is not loaded (its menu and dialogs follow it). */
function useMenuLanguage(active: boolean): void {
  const locale = useSyncExternalStore(onChosenLocaleChange, chosenLocale);
  useEffect(() => {
    if (active) void getBridge().app.setLanguage({ language: locale });
  }, [active, locale]);
}

/** Renders the sign-in page alone while that is all a signed-out operator needs, else the console. */
export function Boot() {
  const [stage, setStage] = useState<Stage>(() => (startsAtSignIn(window.location) ? 'reading' : 'console'));

  useEffect(() => {
    if (stage !== 'reading') return undefined;
    if (window.location.pathname === '/login') void signInShell.preload().catch(() => undefined);
    let active = true;
    Promise.all([readSession(), loadPublicTexts()]).then(
      ([session]) => {
        if (!active) return;
        rememberSession(session);
        if (session.user) {
          setStage('console');
          return;
        }
        if (window.location.pathname === '/') window.history.replaceState(window.history.state, '', '/login');
        setStage('signIn');
      },
      // The console's own session gate says why the session cannot be read, with a retry.
      () => {
        if (active) setStage('console');
      },
    );
    return () => {
      active = false;
    };
  }, [stage]);

  const leave = useCallback((path: string) => {
    if (window.location.pathname + window.location.search !== path) window.history.pushState(null, '', path);
    setStage('console');
  }, []);

  useEffect(() => {
    if (stage !== 'signIn') return undefined;
    const bridge = getBridge();
    const offSignedIn = onSignedIn(() => setStage('console'));
    const offChanged = bridge.on('session.changed', (state) => {
      rememberSession(state);
      if (state.user) setStage('console');
    });
    // The application menu and `palette://` links ask for a screen: the console shows it.
    const offCommand = bridge.on('shell.command', (command) => {
      if (command.command === 'navigate' && isConsolePath(command.path)) leave(command.path);
    });
    return () => {
      offSignedIn();
      offChanged();
      offCommand();
    };
  }, [stage, leave]);

  useMenuLanguage(stage === 'signIn');

  const navigation = useMemo<PublicNavigation>(() => ({ navigate: leave, prefetch: () => undefined }), [leave]);

  if (stage === 'reading') return null;
  return (
    <BootBoundary>
      <Suspense fallback={null}>
        {stage === 'signIn' ? (
          <PublicNavigationContext.Provider value={navigation}>
            <signInShell.Component />
          </PublicNavigationContext.Provider>
        ) : (
          <consoleApp.Component />
        )}
      </Suspense>
    </BootBoundary>
  );
}
