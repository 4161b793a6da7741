import { QueryCache, MutationCache, type QueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@contract/errors';
import type { SessionState } from '@contract/ipc';
import { isAppError, isSessionEnded } from '../bridge/app-error';
import { connectivityStore, offlineReason, type ConnectivityStore } from '../connectivity/connectivity-state';
import { KEPT_MAX_AGE_MS } from './offline/kept-cache';
import { OfflineAwareQueryClient } from './offline/offline-queries';
import { queryKeys } from './query-keys';

/**
 * The console's query client.
 *
 * - A call answering a session-ended code (token invalid, expired, signed in elsewhere) marks the
 *   session signed out; the route guard then sends the operator to the sign-in page with a
 *   redirect back, and `onSessionEnded` tells them why.
 * - Only a network failure (1001) is retried, once: a refusal will not change by asking again.
 * - Queries run even when the browser reports offline (`networkMode: 'always'`), so they fail
 *   with a localized 1001 instead of hanging in a paused state.
 * - Offline, API queries show what they hold (kept across restarts, data/offline/kept-cache.ts)
 *   and a query holding nothing says so at once (data/offline/offline-queries.ts, issue 14).
 *   Answers stay in memory as long as they are kept on disk, so what was opened stays kept.
 */
export function createQueryClient(onSessionEnded: (code: number) => void, connectivity: ConnectivityStore = connectivityStore): QueryClient {
  const client: QueryClient = new OfflineAwareQueryClient({
    queryCache: new QueryCache({ onError: (error) => handle(error) }),
    mutationCache: new MutationCache({ onError: (error) => handle(error) }),
    defaultOptions: {
      queries: {
        networkMode: 'always',
        staleTime: 30_000,
        gcTime: KEPT_MAX_AGE_MS,
        retry: (count, error) => count < 1 && isAppError(error) && error.code === ErrorCode.NetworkFailed,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  }, { isOffline: () => offlineReason(connectivity.getSnapshot()) !== null });

  function handle(error: unknown): void {
    if (!isSessionEnded(error) || !isAppError(error)) return;
    const session = client.getQueryData<SessionState>(queryKeys.session());
    if (!session?.user) return;
    client.setQueryData<SessionState>(queryKeys.session(), { ...session, user: null });
    client.removeQueries({ queryKey: queryKeys.api() });
    onSessionEnded(error.code);
  }

  return client;
}
