import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { noticeDuration, type Notice } from '../components/notices';

/**
 * Renders notices as Fluent toasts: messages centred at the top, notifications at the top end, each
 * for its spec §9 duration; hovering pauses the timer so a notice can be read. Loaded with the first
 * notice (app/notice-center.tsx), which hands over what arrived meanwhile.
 */
export default function ToastCenter({ attach }: { readonly attach: (show: (notice: Notice) => void) => () => void }) {
  const messagesId = useId('messages');
  const notificationsId = useId('notifications');
  const messages = useToastController(messagesId);
  const notifications = useToastController(notificationsId);

  useEffect(
    () =>
      attach((notice) => {
        const controller = notice.kind === 'message' ? messages : notifications;
        if (notice.id) controller.dismissToast(notice.id);
        controller.dispatchToast(
          <Toast>
            <ToastTitle>{notice.title}</ToastTitle>
            {notice.body ? <ToastBody>{notice.body}</ToastBody> : null}
          </Toast>,
          { intent: notice.intent, timeout: noticeDuration(notice), pauseOnHover: true, toastId: notice.id, politeness: notice.intent === 'error' ? 'assertive' : 'polite' },
        );
      }),
    [attach, messages, notifications],
  );

  return (
    <>
      <Toaster toasterId={messagesId} position="top" offset={{ vertical: 56 }} limit={3} />
      <Toaster toasterId={notificationsId} position="top-end" offset={{ vertical: 56 }} limit={4} />
    </>
  );
}
