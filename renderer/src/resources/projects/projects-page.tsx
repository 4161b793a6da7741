import { Avatar, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { MailInboxCheckmark20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useProjectAccess } from '../../data/menus';
import type { RowOf } from '../resource-view';
import { ResourceScreen } from '../resource-screen';
import type { projectResource } from '@contract/resources/projects';
import { projectView } from './views';
import { projectIconSrc } from './project-icon';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  link: {
    minWidth: 0,
    padding: 0,
    justifyContent: 'flex-start',
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

type ProjectRow = RowOf<typeof projectResource>;

/**
 * `/projects`: the projects the operator belongs to (every project for an administrator). A new
 * project needs only a unique name (102021 otherwise); its creator becomes the owner and lands on it.
 */
export default function ProjectsPage() {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects']);
  const navigate = useNavigate();
  const access = useProjectAccess(undefined);
  const open = (item: ProjectRow) => navigate(`/projects/${item.id}/general`);
  const isAdmin = access.role === 'admin';
  const owns = (item: ProjectRow) => isAdmin || item.myRole === 'owner';
  return (
    <>
      <PageHeader
        title={t('projectPages:list.title')}
        description={t('projectPages:list.description')}
        actions={
          <Button icon={<MailInboxCheckmark20Regular />} onClick={() => navigate('/invitations/accept')}>
            {t('projects:invitation.accept')}
          </Button>
        }
      />
      <ResourceScreen
        view={{ ...projectView, hiddenFields: ['iconUrl'] }}
        scope={{}}
        canWrite={false}
        canCreate={access.can('projects.create')}
        itemAccess={(item) => ({ edit: isAdmin || item.myRole === 'owner' || item.myRole === 'admin', delete: owns(item) })}
        createLabel={t('projectPages:list.create')}
        onOpen={open}
        onSaved={(item, mode) => {
          if (mode === 'create') open(item);
        }}
        cells={{
          name: (item) => (
            <span className={styles.name}>
              <Avatar name={item.name} image={projectIconSrc(item.iconUrl) ? { src: projectIconSrc(item.iconUrl) } : undefined} shape="square" size={24} color="brand" aria-hidden />
              <Button appearance="transparent" className={styles.link} onClick={() => open(item)} tabIndex={-1}>
                <Text weight="semibold" className={styles.text}>
                  {item.name}
                </Text>
              </Button>
            </span>
          ),
          owner: (item) => {
            const owner = item.owner;
            return owner ? (
              <span className={styles.name}>
                <Avatar name={owner.name} size={20} aria-hidden />
                <Text className={styles.text}>{owner.name}</Text>
              </span>
            ) : null;
          },
        }}
      />
    </>
  );
}
