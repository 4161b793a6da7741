/**
 * What the console knows about its connection, from three independent witnesses: the browser
 * (`navigator.onLine` and its online/offline events), main's own checks (`connectivity.changed`)
 * and the outcome of the last API call (a 1001 failure means the host or server did not answer).
 */
export interface ConnectivityState {
  readonly browserOnline: boolean;
  readonly mainNetwork: boolean;
  readonly mainServer: boolean;
  readonly lastCallFailed: boolean;
}

/** Why the console considers itself offline, most fundamental first. */
export type OfflineReason = 'network' | 'server';

export type ConnectivityEvent =
  | { readonly type: 'browser'; readonly online: boolean }
  | { readonly type: 'main'; readonly network: boolean; readonly server: boolean }
  | { readonly type: 'call'; readonly reachable: boolean };

export const initialConnectivity: ConnectivityState = {
  browserOnline: true,
  mainNetwork: true,
  mainServer: true,
  lastCallFailed: false,
};

/**
 * Folds one observation into the state. A report from main that the server answers again clears
 * an earlier failed call, and so does a successful call: either proves the way is open.
 */
export function reduceConnectivity(state: ConnectivityState, event: ConnectivityEvent): ConnectivityState {
  switch (event.type) {
    case 'browser':
      return state.browserOnline === event.online ? state : { ...state, browserOnline: event.online };
    case 'main': {
      const lastCallFailed = event.network && event.server ? false : state.lastCallFailed;
      if (state.mainNetwork === event.network && state.mainServer === event.server && state.lastCallFailed === lastCallFailed) {
        return state;
      }
      return { ...state, mainNetwork: event.network, mainServer: event.server, lastCallFailed };
    }
    case 'call':
      return state.lastCallFailed === !event.reachable ? state : { ...state, lastCallFailed: !event.reachable };
  }
}

/** Null when online, otherwise the reason the banner names. */
export function offlineReason(state: ConnectivityState): OfflineReason | null {
  if (!state.browserOnline || !state.mainNetwork) return 'network';
  if (!state.mainServer || state.lastCallFailed) return 'server';
  return null;
}

/**
 * A tiny external store (for `useSyncExternalStore`) holding the connectivity state, shared by
 * the data layer (which reports call outcomes and refuses mutations while offline) and the UI.
 */
export function createConnectivityStore(initial: ConnectivityState = initialConnectivity) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: (): ConnectivityState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(event: ConnectivityEvent): void {
      const next = reduceConnectivity(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

export type ConnectivityStore = ReturnType<typeof createConnectivityStore>;

/** The renderer's one connectivity store. */
export const connectivityStore: ConnectivityStore = createConnectivityStore({
  ...initialConnectivity,
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
});
