import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbeddedServerState } from '@contract/ipc';
import type { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { getBridge } from '../bridge/get-bridge';
import { queryKeys } from './query-keys';

/**
 * The embedded server as main supervises it (`embeddedServer.get`, kept current by
 * `embeddedServer.changed`): restarting after an unexpected stop, or given up after a crash loop.
 */
export function useEmbeddedServer() {
  const queryClient = useQueryClient();
  const query = useQuery<EmbeddedServerState, AppError>({
    queryKey: queryKeys.embeddedServer(),
    queryFn: () => callBridge((bridge) => bridge.embeddedServer.get()),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(
    () => getBridge().on('embeddedServer.changed', (state) => queryClient.setQueryData(queryKeys.embeddedServer(), state)),
    [queryClient],
  );
  return query;
}

/** The notice the console shows about the embedded server, if any. */
export function embeddedServerNotice(state: EmbeddedServerState | undefined): 'restarting' | 'failed' | null {
  if (state?.status === 'restarting' || state?.status === 'failed') return state.status;
  return null;
}

/** Whether the server just came back: running now after restarting or giving up (a "Try again"). */
export function isBackAfterRestart(previous: EmbeddedServerState | undefined, next: EmbeddedServerState | undefined): boolean {
  return next?.status === 'running' && (previous?.status === 'restarting' || previous?.status === 'failed');
}

/** The operator's "Try again" after the server kept stopping; answers the new state. */
export function retryEmbeddedServer(): Promise<EmbeddedServerState> {
  return callBridge((bridge) => bridge.embeddedServer.retry());
}
