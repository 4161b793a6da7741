import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { BasicTab } from './basic-tab';
import { SecurityTab } from './security-tab';

/** The account tabs that work today (spec §1 also names Account Binding and New Message Notification). */
const accountTabs = ['basic', 'security'] as const;
type AccountTab = (typeof accountTabs)[number];

/** The tab a `?tab=` value selects; anything else is Basic. */
export function accountTabOf(value: string | null): AccountTab {
  return (accountTabs as readonly string[]).includes(value ?? '') ? (value as AccountTab) : 'basic';
}

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL, marginLeft: `calc(-1 * ${tokens.spacingHorizontalMNudge})` },
});

/**
 * `/account`: the operator's own settings. The selected tab lives in the address (`?tab=security`)
 * so shortcuts and the inbox can link straight to it and Back returns to the previous tab.
 */
export default function AccountPage() {
  const styles = useStyles();
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const tab = accountTabOf(params.get('tab'));
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        aria-label={t('tabs.label')}
        onTabSelect={(_, data) => setParams(data.value === 'basic' ? {} : { tab: String(data.value) })}
      >
        <Tab value="basic" id="account-tab-basic" aria-controls="account-panel">
          {t('tabs.basic')}
        </Tab>
        <Tab value="security" id="account-tab-security" aria-controls="account-panel">
          {t('tabs.security')}
        </Tab>
      </TabList>
      <div id="account-panel" role="tabpanel" aria-labelledby={`account-tab-${tab}`}>
        {tab === 'basic' ? <BasicTab /> : <SecurityTab />}
      </div>
    </>
  );
}
