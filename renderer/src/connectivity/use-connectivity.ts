import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ErrorCode } from '@contract/errors';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../bridge/get-bridge';
import { notify } from '../components/notices';
import { connectivityStore, offlineReason, type ConnectivityState, type OfflineReason } from './connectivity-state';

/** What screens need to know about the connection. */
export interface Connectivity {
  readonly online: boolean;
  readonly reason: OfflineReason | null;
  readonly state: ConnectivityState;
}

/** The current connectivity; re-renders on every change. */
export function useConnectivity(): Connectivity {
  const state = useSyncExternalStore(connectivityStore.subscribe, connectivityStore.getSnapshot);
  const reason = offlineReason(state);
  return { online: reason === null, reason, state };
}

/**
 * Feeds the connectivity store from the browser and from main, once per console window:
 * `online`/`offline` events act at once; main's `connectivity.get` answer and its
 * `connectivity.changed` events report network and server health. Announces "connection restored"
 * when the console comes back.
 */
export function useConnectivityWiring(): void {
  // Not `useTranslation('layout')`: the sign-in screen runs this wiring without the console's
  // texts (issue 12's budget), and there is no notice to show there anyway.
  const { t } = useTranslation();
  const { online } = useConnectivity();
  const wasOnline = useRef(online);

  useEffect(() => {
    const bridge = getBridge();
    let active = true;
    // Main's view, asked at start and again whenever the browser's network returns: a call that
    // failed while it was gone (the host unreachable too) must not keep the console offline after.
    const askMain = () =>
      void bridge.connectivity.get().then((result) => {
        if (!active) return;
        if (result.ok) connectivityStore.dispatch({ type: 'main', network: result.value.network, server: result.value.server });
        else if (result.code === ErrorCode.NetworkFailed) connectivityStore.dispatch({ type: 'call', reachable: false });
      });
    const onOnline = () => {
      connectivityStore.dispatch({ type: 'browser', online: true });
      askMain();
    };
    const onOffline = () => connectivityStore.dispatch({ type: 'browser', online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    connectivityStore.dispatch({ type: 'browser', online: navigator.onLine });
    askMain();
    const unsubscribe = bridge.on('connectivity.changed', (payload) =>
      connectivityStore.dispatch({ type: 'main', network: payload.network, server: payload.server }),
    );
    return () => {
      active = false;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (online && !wasOnline.current) notify.message('success', t('layout:connectivity.restored'), 'connection-restored');
    wasOnline.current = online;
  }, [online, t]);
}
