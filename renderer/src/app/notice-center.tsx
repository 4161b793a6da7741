import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeNotices, type Notice } from '../components/notices';
import type LoadedToastCenter from './toast-center';

type ToastCenter = typeof LoadedToastCenter;

/**
 * Shows published notices as Fluent toasts (app/toast-center.tsx). The toasts' code loads with the
 * first notice, not with the console's first screen (issue 12's budget); notices that arrive while
 * it loads wait here and show in order. A load that fails (the browser offline before it had the
 * chunk) is tried again with the next notice.
 */
export function NoticeCenter() {
  const waiting = useRef<Notice[]>([]);
  const show = useRef<((notice: Notice) => void) | null>(null);
  const loading = useRef(false);
  const [Toasts, setToasts] = useState<ToastCenter | null>(null);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import('./toast-center').then(
      (module) => setToasts(() => module.default),
      () => {
        loading.current = false;
      },
    );
  }, []);

  useEffect(
    () =>
      subscribeNotices((notice) => {
        if (show.current) {
          show.current(notice);
          return;
        }
        waiting.current.push(notice);
        load();
      }),
    [load],
  );

  const attach = useCallback((next: (notice: Notice) => void) => {
    show.current = next;
    for (const notice of waiting.current.splice(0)) next(notice);
    return () => {
      show.current = null;
    };
  }, []);

  return Toasts ? <Toasts attach={attach} /> : null;
}
