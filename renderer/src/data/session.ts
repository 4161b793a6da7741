import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionState } from '@contract/ipc';
import type { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { getBridge } from '../bridge/get-bridge';
import { useOfflineData } from './offline/use-offline';
import { queryKeys } from './query-keys';
import { markSignedOutByOperator, onBeforeSignIn, onSignedIn, readSession } from './session-core';

export { forgetOperatorSignOut, wasSignedOutByOperator, type SignInInput } from './session-core';

/**
 * The session as main holds it (the token never reaches the renderer): who is signed in, and
 * whether the token is in the OS keychain or only in memory. Every sign-in, also one sent from the
 * sign-in page without the query library (data/session-core.ts), first drops the previous
 * operator's answers and then sets the new session here.
 */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery<SessionState, AppError>({
    queryKey: queryKeys.session(),
    queryFn: () => readSession(),
    staleTime: Infinity,
    retry: 1,
  });

  useEffect(() => {
    const offChanged = getBridge().on('session.changed', (state) => queryClient.setQueryData(queryKeys.session(), state));
    const offBefore = onBeforeSignIn(() => queryClient.removeQueries({ queryKey: queryKeys.api() }));
    const offSignedIn = onSignedIn((state) => queryClient.setQueryData(queryKeys.session(), state));
    return () => {
      offChanged();
      offBefore();
      offSignedIn();
    };
  }, [queryClient]);
  return query;
}

/**
 * Signs out through main and forgets every cached answer of the previous operator, and everything
 * this computer kept for them offline: their persisted answers and any change still waiting to be
 * sent (the user menu asks before discarding those).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const offline = useOfflineData();
  return useMutation<SessionState, AppError, void>({
    mutationFn: () => callBridge((bridge) => bridge.session.signOut()),
    onSettled: (state) => {
      const previous = queryClient.getQueryData<SessionState>(queryKeys.session());
      markSignedOutByOperator();
      queryClient.setQueryData<SessionState>(queryKeys.session(), state ?? { user: null, persistence: previous?.persistence ?? 'keychain' });
      queryClient.removeQueries({ queryKey: queryKeys.api() });
      void offline?.wipe().catch(() => undefined);
    },
  });
}
