import { Button, Popover, PopoverTrigger, Tooltip } from '@fluentui/react-components';
import { Alert20Regular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The inbox's surface loads when it first opens (issue 12's first-screen budget). */
const InboxSurface = lazy(() => import('./inbox-surface'));

/** The header's notifications, messages and events (spec §1): its button, and the inbox when open. */
export function InboxPopover() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('header.inbox')} relationship="label">
          <Button appearance="subtle" icon={<Alert20Regular />} />
        </Tooltip>
      </PopoverTrigger>
      <Suspense fallback={null}>{open ? <InboxSurface onNavigate={() => setOpen(false)} /> : null}</Suspense>
    </Popover>
  );
}
