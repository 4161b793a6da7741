import { makeStyles, Skeleton, SkeletonItem, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ProjectPicker, useAreaProject } from './area-project';
import { StoreEvents } from './store-events';
import { TransactionLookup } from './transaction-lookup';
import { TransactionsList } from './transactions-list';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL, marginLeft: `calc(-1 * ${tokens.spacingHorizontalMNudge})`, flexWrap: 'wrap' },
  top: { marginBottom: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Section = 'list' | 'lookup' | 'events';

/**
 * `/transactions/index`, `/transactions/receipt` and `/transactions/apple` (spec §2: the same page):
 * the project's transactions, the receipt and transaction lookup at the stores, and the stores'
 * notifications. The receipt path opens on the lookup.
 */
export default function TransactionsPage() {
  const { t } = useTranslation('commercePages');
  const styles = useStyles();
  const location = useLocation();
  const choice = useAreaProject('transactions');
  const [section, setSection] = useState<Section>(location.pathname.startsWith('/transactions/receipt') ? 'lookup' : 'list');
  return (
    <>
      <PageHeader title={t('transactions.title')} description={t('transactions.description')} actions={<ProjectPicker area="transactions" />} />
      {choice.isPending ? (
        <Skeleton aria-label={t('loading')}>
          <SkeletonItem size={48} />
        </Skeleton>
      ) : !choice.projectId ? (
        <Text className={styles.muted}>{t('project.none')}</Text>
      ) : (
        <>
          <TabList className={styles.tabs} selectedValue={section} onTabSelect={(_, data) => setSection(data.value as Section)} aria-label={t('transactions.title')}>
            <Tab value="list">{t('transactions.tabs.list')}</Tab>
            <Tab value="lookup">{t('transactions.tabs.lookup')}</Tab>
            <Tab value="events">{t('transactions.tabs.events')}</Tab>
          </TabList>
          {section === 'list' ? <TransactionsList key={choice.projectId} projectId={choice.projectId} /> : null}
          {section === 'lookup' ? <TransactionLookup key={choice.projectId} projectId={choice.projectId} canWrite={choice.canWrite} /> : null}
          {section === 'events' ? <StoreEvents key={choice.projectId} projectId={choice.projectId} /> : null}
        </>
      )}
    </>
  );
}
