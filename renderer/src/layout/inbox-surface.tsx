import { makeStyles, PopoverSurface, Skeleton, SkeletonItem, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { AlertOff24Regular, Chat24Regular, History24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { PrefetchLink } from '../components/prefetch-link';
import { SignInList } from '../components/sign-in-list';
import { useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';

type InboxTab = 'notifications' | 'messages' | 'events';

const useStyles = makeStyles({
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', padding: 0 },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  body: { maxHeight: '420px', overflowY: 'auto', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` },
  footer: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} 0` },
  error: { color: tokens.colorPaletteRedForeground1, padding: tokens.spacingVerticalM, display: 'block' },
});

/** The events tab: the operator's recent sign-ins (auth.signIns), fetched when shown. */
function EventsPanel() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['layout', 'errors']);
  const signIns = useApiQuery('auth.signIns', { query: { page: 1, pageSize: 10 } });
  if (signIns.isPending) {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('common:status.loading')}>
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  }
  if (signIns.isError) return <Text className={styles.error}>{errorText(t, signIns.error)}</Text>;
  if (signIns.data.items.length === 0) {
    return <EmptyState icon={<History24Regular />} title={t('inbox.empty.events')} hint={t('inbox.empty.eventsHint')} />;
  }
  return <SignInList records={signIns.data.items} locale={i18n.language} />;
}

/**
 * The inbox's surface: notifications, messages and events (spec §1). Events are real: the operator's
 * recent sign-ins. Notifications and messages have no source yet, so they say so honestly instead of
 * showing invented items. Its own chunk, loaded when the inbox first opens (layout/inbox-popover.tsx).
 */
export default function InboxSurface({ onNavigate }: { readonly onNavigate: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('layout');
  const [tab, setTab] = useState<InboxTab>('notifications');
  return (
    <PopoverSurface className={styles.surface} aria-label={t('inbox.title')}>
      <div className={styles.header}>
        <Text weight="semibold" size={400}>
          {t('inbox.title')}
        </Text>
        <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as InboxTab)} size="small">
          <Tab value="notifications">{t('inbox.tabs.notifications')}</Tab>
          <Tab value="messages">{t('inbox.tabs.messages')}</Tab>
          <Tab value="events">{t('inbox.tabs.events')}</Tab>
        </TabList>
      </div>
      <div className={styles.body} role="tabpanel">
        {tab === 'notifications' ? (
          <EmptyState icon={<AlertOff24Regular />} title={t('inbox.empty.notifications')} hint={t('inbox.empty.notificationsHint')} />
        ) : null}
        {tab === 'messages' ? <EmptyState icon={<Chat24Regular />} title={t('inbox.empty.messages')} hint={t('inbox.empty.messagesHint')} /> : null}
        {tab === 'events' ? <EventsPanel /> : null}
      </div>
      {tab === 'events' ? (
        <div className={styles.footer}>
          <PrefetchLink to="/account?tab=security" prefetch="intent" onNavigate={onNavigate}>
            {t('inbox.viewSecurity')}
          </PrefetchLink>
        </div>
      ) : null}
    </PopoverSurface>
  );
}
