import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionState } from '@contract/ipc';
import { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { getBridge } from '../bridge/get-bridge';
import { unwrapEnvelope, unwrapIpcResult } from '../bridge/unwrap';
import { connectivityStore } from '../connectivity/connectivity-state';
import { assertOnline } from './api-hooks';
import { queryKeys } from './query-keys';

/**
 * The session as main holds it (the token never reaches the renderer): who is signed in, and
 * whether the token is in the OS keychain or only in memory.
 */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery<SessionState, AppError>({
    queryKey: queryKeys.session(),
    queryFn: () => callBridge((bridge) => bridge.session.get()),
    staleTime: Infinity,
    retry: 1,
  });

  useEffect(
    () => getBridge().on('session.changed', (state) => queryClient.setQueryData(queryKeys.session(), state)),
    [queryClient],
  );
  return query;
}

/** Credentials of the sign-in form. */
export interface SignInInput {
  readonly email: string;
  readonly password: string;
}

/**
 * Signs in through main (`session.signIn`), which keeps the token, then reloads the session.
 * A refused sign-in throws an `AppError` with the server's code (101001 for wrong credentials).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<SessionState, AppError, SignInInput>({
    // The previous operator's answers go before the sign-in, not after it: main announces the new
    // session (`session.changed`) as soon as it holds the token, the console mounts and starts its
    // queries, and removing the cache on success would orphan those in-flight queries (the menus then
    // never arrived).
    onMutate: () => {
      queryClient.removeQueries({ queryKey: queryKeys.api() });
    },
    mutationFn: async (input) => {
      assertOnline();
      const bridge = getBridge();
      let reply: unknown;
      try {
        reply = unwrapIpcResult(await bridge.session.signIn({ email: input.email, password: input.password }));
      } catch (error) {
        if (error instanceof AppError && error.code === 1001) connectivityStore.dispatch({ type: 'call', reachable: false });
        throw error;
      }
      connectivityStore.dispatch({ type: 'call', reachable: true });
      unwrapEnvelope(reply);
      return callBridge((b) => b.session.get(), bridge);
    },
    onSuccess: (state) => {
      signedOutByOperator = false;
      queryClient.setQueryData(queryKeys.session(), state);
    },
  });
}

let signedOutByOperator = false;

/**
 * Whether the last sign-out was the operator's own (Log out) rather than an ended session: the
 * route guard then sends them to a plain `/login`, without a `?redirect=` back to where they were.
 */
export function wasSignedOutByOperator(): boolean {
  return signedOutByOperator;
}

/** Called once the sign-in page shows: later guard redirects keep their `?redirect=` again. */
export function forgetOperatorSignOut(): void {
  signedOutByOperator = false;
}

/** Signs out through main and forgets every cached answer of the previous operator. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation<SessionState, AppError, void>({
    mutationFn: () => callBridge((bridge) => bridge.session.signOut()),
    onSettled: (state) => {
      const previous = queryClient.getQueryData<SessionState>(queryKeys.session());
      signedOutByOperator = true;
      queryClient.setQueryData<SessionState>(queryKeys.session(), state ?? { user: null, persistence: previous?.persistence ?? 'keychain' });
      queryClient.removeQueries({ queryKey: queryKeys.api() });
    },
  });
}
