import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../connectivity/use-connectivity';
import { usePendingChanges } from '../data/offline/use-offline';

/** The list behind "Review", loaded when first opened (its own chunk: pending-changes-dialog.tsx). */
const PendingChangesDialog = lazy(() => import('./pending-changes-dialog'));

/**
 * "N changes waiting to be sent" under the header (issue 14), in the interface's language, with the
 * list behind "Review". Shown whenever something waits, online or not: a change stopped by a newer
 * version or refused waits for the operator.
 */
export function PendingChangesBar() {
  const { t } = useTranslation('offline');
  const changes = usePendingChanges();
  const { online } = useConnectivity();
  const [open, setOpen] = useState(false);
  // Kept once opened, so the dialog can close with its own transition.
  const [opened, setOpened] = useState(false);
  if (changes.length === 0 && !open) return null;
  const waiting = changes.filter((change) => change.status === 'waiting').length;
  const attention = changes.length - waiting;
  const body = !online ? t('pending.countBody') : waiting > 0 ? t('pending.countBodyOnline') : '';
  return (
    <>
      {changes.length > 0 ? (
        <MessageBar intent={attention > 0 ? 'warning' : 'info'} layout="multiline" aria-label={t('pending.count', { count: changes.length })}>
          <MessageBarBody>
            <MessageBarTitle>{t('pending.count', { count: changes.length })}</MessageBarTitle>
            {[body, attention > 0 ? t('pending.attention', { count: attention }) : ''].filter(Boolean).join(' ')}
          </MessageBarBody>
          <MessageBarActions>
            <Button
              size="small"
              onClick={() => {
                setOpened(true);
                setOpen(true);
              }}
            >
              {t('pending.review')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <PendingChangesDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

