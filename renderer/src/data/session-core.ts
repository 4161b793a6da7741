import { useSyncExternalStore } from 'react';
import { ErrorCode } from '@contract/errors';
import type { PaletteBridge, SessionState } from '@contract/ipc';
import { AppError } from '../bridge/app-error';
import { callBridge } from '../bridge/call-api';
import { getBridge } from '../bridge/get-bridge';
import { unwrapEnvelope, unwrapIpcResult } from '../bridge/unwrap';
import { connectivityStore } from '../connectivity/connectivity-state';
import { assertOnline } from './online';

/**
 * The session without TanStack Query: reading it, signing in, and who signed out last.
 *
 * The sign-in screen is the first thing a signed-out operator downloads, and its script budget
 * (issue 12: 150 KB gzipped) leaves no room for the query library or the router; the console's
 * query-backed session (data/session.ts) builds on these functions and hears of every sign-in
 * through `onBeforeSignIn` / `onSignedIn`.
 */

/** Credentials of the sign-in form. */
export interface SignInInput {
  readonly email: string;
  readonly password: string;
}

/** The session as main holds it (`session.get`). */
export function readSession(bridge: PaletteBridge = getBridge()): Promise<SessionState> {
  return callBridge((b) => b.session.get(), bridge);
}

const beforeSignIn = new Set<() => void>();
const signedIn = new Set<(state: SessionState) => void>();

/**
 * Runs `listener` just before a sign-in is sent: the console drops the previous operator's answers
 * then, not after the sign-in (main announces the new session as soon as it holds the token, the
 * console mounts and starts its queries, and dropping the cache after that orphaned them).
 */
export function onBeforeSignIn(listener: () => void): () => void {
  beforeSignIn.add(listener);
  return () => beforeSignIn.delete(listener);
}

/** Runs `listener` with the new session after every successful sign-in. */
export function onSignedIn(listener: (state: SessionState) => void): () => void {
  signedIn.add(listener);
  return () => signedIn.delete(listener);
}

/**
 * Signs in through main (`session.signIn`), which keeps the token, then reads the session back.
 * A refused sign-in throws an `AppError` with the server's code (101001 for wrong credentials); an
 * unreachable server (1001) also tells the connectivity store.
 */
export async function signInThroughMain(input: SignInInput, bridge: PaletteBridge = getBridge()): Promise<SessionState> {
  assertOnline();
  for (const listener of [...beforeSignIn]) listener();
  let reply: unknown;
  try {
    reply = unwrapIpcResult(await bridge.session.signIn({ email: input.email, password: input.password }));
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.NetworkFailed) connectivityStore.dispatch({ type: 'call', reachable: false });
    throw error;
  }
  connectivityStore.dispatch({ type: 'call', reachable: true });
  unwrapEnvelope(reply);
  const state = await readSession(bridge);
  signedOutByOperator = false;
  rememberSession(state);
  for (const listener of [...signedIn]) listener(state);
  return state;
}

let signedOutByOperator = false;

/**
 * Whether the last sign-out was the operator's own (Log out) rather than an ended session: the
 * route guard then sends them to a plain `/login`, without a `?redirect=` back to where they were.
 */
export function wasSignedOutByOperator(): boolean {
  return signedOutByOperator;
}

/** Called by Log out. */
export function markSignedOutByOperator(): void {
  signedOutByOperator = true;
}

/** Called once the sign-in page shows: later guard redirects keep their `?redirect=` again. */
export function forgetOperatorSignOut(): void {
  signedOutByOperator = false;
}

// The last session state seen, for screens outside the query cache (the sign-in page's notice that
// the token is kept in memory only). Fed by reads, sign-ins and main's `session.changed` events.
let lastSession: SessionState | null = null;
const sessionListeners = new Set<() => void>();
let unsubscribeEvents: (() => void) | null = null;

/** Records a session state read elsewhere (the boot's first read). */
export function rememberSession(state: SessionState): void {
  lastSession = state;
  for (const listener of [...sessionListeners]) listener();
}

function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  if (!unsubscribeEvents) {
    unsubscribeEvents = getBridge().on('session.changed', rememberSession);
    if (!lastSession) readSession().then(rememberSession, () => undefined);
  }
  return () => {
    sessionListeners.delete(listener);
    if (sessionListeners.size === 0 && unsubscribeEvents) {
      unsubscribeEvents();
      unsubscribeEvents = null;
    }
  };
}

/** The session state as last seen (null until known), without TanStack Query. */
export function useSessionSnapshot(): SessionState | null {
  return useSyncExternalStore(subscribeSession, () => lastSession);
}
