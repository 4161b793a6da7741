import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../resources/confirm-dialog';

/**
 * "Sign out and lose N changes not yet sent?", asked once when mounted; `onAnswer` gets the answer.
 * A chunk of its own, loaded only when the operator signs out with changes waiting: the confirmation
 * dialog is not part of the first console screen's download (issue 18 §6).
 */
export default function SignOutConfirm({ count, onAnswer }: { readonly count: number; readonly onAnswer: (ok: boolean) => void }) {
  const { t } = useTranslation('offline');
  const { confirm, element } = useConfirm();
  const asked = useRef(false);
  useEffect(() => {
    // Asked once, even when React mounts the effect twice (StrictMode).
    if (asked.current) return;
    asked.current = true;
    void confirm({
      title: t('signOut.confirmTitle'),
      body: t('signOut.confirmBody', { count }),
      confirmLabel: t('signOut.confirm'),
      cancelLabel: t('signOut.cancel'),
      danger: true,
    }).then(onAnswer);
  }, [confirm, count, onAnswer, t]);
  return element;
}
