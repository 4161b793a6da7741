import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { Settings16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { useProjectAccess } from '../../data/menus';
import type { ResourceRecord } from '../data-provider';
import { ResourceScreen } from '../resource-screen';
import { appView } from './views';

const useStyles = makeStyles({
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

/** The Apps tab: the project's iOS and Android apps, each with its settings page (credentials, card payment). */
export function AppsTab({ projectId, access }: { readonly projectId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects']);
  const navigate = useNavigate();
  const openSettings = (item: ResourceRecord) => navigate(`/projects/${projectId}/settings/${item.id}`);
  return (
    <ResourceScreen
      view={appView}
      scope={{ projectId }}
      canWrite={access.can('apps.create')}
      title={t('projectPages:apps.title')}
      description={t('projectPages:apps.description')}
      createLabel={t('projectPages:apps.create')}
      onOpen={openSettings}
      cells={{
        setup: (item) => (
          <span className={styles.badges}>
            <Badge appearance="tint" color={item.storeCredentials ? 'success' : 'warning'} shape="rounded">
              {item.storeCredentials ? t('projectPages:apps.credentialsSet') : t('projectPages:apps.credentialsMissing')}
            </Badge>
            {item.cardPayment ? (
              <Badge appearance="tint" color="success" shape="rounded">
                {t('projectPages:apps.cardPaymentSet')}
              </Badge>
            ) : null}
          </span>
        ),
      }}
      rowActions={(item) => [{ key: 'settings', label: t('projectPages:apps.settings'), icon: <Settings16Regular />, onClick: () => openSettings(item) }]}
    />
  );
}
