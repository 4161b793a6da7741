import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { ErrorCode } from '@contract/errors';
import type { SessionState } from '@contract/ipc';
import { isAppError, isSessionEnded } from '../bridge/app-error';
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
 */
export function createQueryClient(onSessionEnded: (code: number) => void): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handle(error) }),
    mutationCache: new MutationCache({ onError: (error) => handle(error) }),
    defaultOptions: {
      queries: {
        networkMode: 'always',
        staleTime: 30_000,
        retry: (count, error) => count < 1 && isAppError(error) && error.code === ErrorCode.NetworkFailed,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });

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
