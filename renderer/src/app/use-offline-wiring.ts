import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notices';
import { useConnectivity } from '../connectivity/use-connectivity';
import type { OfflineData } from '../data/offline/offline-data';
import { queryKeys } from '../data/query-keys';
import { useSession } from '../data/session';

/**
 * Sends the changes waiting offline when the way to the server opens (issue 14): when the
 * connection returns, when an operator's kept data open while online (a restart after working
 * offline), and when the operator signs in again or the server confirms their session. Then every
 * answer shown is fetched again. Tells the operator what became of them: how
 * many arrived, and which met a newer version or were refused (the waiting-changes list has them).
 */
export function useOfflineWiring(data: OfflineData): void {
  const { t } = useTranslation('offline');
  const queryClient = useQueryClient();
  const { online } = useConnectivity();
  const session = useSession();
  const signedIn = session.data?.user ? `${session.data.user.id}:${session.data.unconfirmed ? 'unconfirmed' : 'confirmed'}` : null;
  const onlineRef = useRef(online);
  const wasOnline = useRef(online);
  const sendRef = useRef<((refresh: boolean) => void) | null>(null);

  useEffect(() => {
    let sent = 0;
    const offEvent = data.onEvent((event) => {
      if (event.type === 'sent') sent += 1;
      if (event.type === 'conflict') notify.notification('warning', t('notice.conflictTitle'), t('notice.conflictBody', { name: event.change.label }), `pending-conflict-${event.change.id}`);
      if (event.type === 'refused') notify.notification('error', t('notice.refusedTitle'), t('notice.refusedBody', { name: event.change.label }), `pending-refused-${event.change.id}`);
    });
    const send = (refresh: boolean) => {
      if (!onlineRef.current || data.openFor() === null) return;
      sent = 0;
      void data.changes.flush().then(() => {
        if (sent > 0) notify.message('success', t('notice.sent', { count: sent }), 'pending-sent');
        if (refresh) void queryClient.invalidateQueries({ queryKey: queryKeys.api() });
      });
    };
    const offOpened = data.onOpened(() => send(false));
    sendRef.current = send;
    return () => {
      offEvent();
      offOpened();
      sendRef.current = null;
    };
  }, [data, queryClient, t]);

  useEffect(() => {
    if (signedIn) sendRef.current?.(false);
  }, [signedIn]);

  useEffect(() => {
    onlineRef.current = online;
    if (online && !wasOnline.current) sendRef.current?.(true);
    wasOnline.current = online;
  }, [online]);
}
