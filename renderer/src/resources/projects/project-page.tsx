import { Avatar, Badge, Button, makeStyles, Skeleton, SkeletonItem, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowLeft16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contract/errors';
import type { Project } from '@contract/resources/projects';
import { isAppError } from '../../bridge/app-error';
import { useApiQuery } from '../../data/api-hooks';
import { useProjectAccess } from '../../data/menus';
import { StatusScreen } from '../../components/status-screen';
import { AppSettings } from './app-settings';
import { AppsTab } from './apps-tab';
import { CollaboratorsTab } from './collaborators-tab';
import { EntitlementsTab } from './entitlements-tab';
import { GeneralTab } from './general-tab';
import { IntegrationsTab } from './integrations-tab';
import { OfferingsTab } from './offerings-tab';
import { projectLocation, visibleTabs, type ProjectTab } from './project-location';
import { SkusTab } from './skus-tab';
import { projectIconSrc } from './project-icon';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalM },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  meta: { color: tokens.colorNeutralForeground3 },
  back: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})`, marginBottom: tokens.spacingVerticalS },
  tabs: { marginBottom: tokens.spacingVerticalL, marginLeft: `calc(-1 * ${tokens.spacingHorizontalMNudge})` },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Refusals that mean "not yours to open" rather than "not there". */
const forbiddenCodes: ReadonlySet<number> = new Set([ErrorCode.NotProjectMember, ErrorCode.NoReadPermission, ErrorCode.Forbidden, ErrorCode.Unauthorized]);

/**
 * `/projects/:projectId/...`: one project with its tabs (spec §2): General, Collaborators, Apps
 * (with each app's settings), SKUs, Entitlements, Offerings, Integrations. Only the tabs the
 * operator's menus allow are shown; an operator outside the project sees the 403 page.
 */
export default function ProjectPage() {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'access']);
  const location = useLocation();
  const navigate = useNavigate();
  const where = projectLocation(location.pathname);
  const projectId = where?.projectId ?? '';
  const project = useApiQuery('projects.get', { params: { projectId } }, { enabled: where !== null, retry: false });
  const access = useProjectAccess(projectId);

  if (!where) return <Navigate to="/404" replace />;
  if (project.isError) {
    const error = project.error;
    if (isAppError(error) && forbiddenCodes.has(error.code)) return <StatusScreen kind="forbidden" error={error} />;
    if (isAppError(error) && (error.code === ErrorCode.ProjectNotFound || error.code === ErrorCode.ParamInvalid)) return <StatusScreen kind="notFound" />;
    return <StatusScreen kind="serverError" error={error} onRetry={() => void project.refetch()} />;
  }
  if (project.isPending || access.isPending) {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('projectPages:loading')}>
        <SkeletonItem size={48} />
        <SkeletonItem size={32} />
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }

  const tabs = visibleTabs(access.menus, access.can('offerings.list'));
  if (where.tab === null || !tabs.includes(where.tab)) {
    if (where.tab === null && tabs[0]) return <Navigate to={`/projects/${projectId}/${tabs[0]}`} replace />;
    return <StatusScreen kind="forbidden" />;
  }
  const data: Project = project.data;

  return (
    <>
      <Button className={styles.back} appearance="subtle" size="small" icon={<ArrowLeft16Regular />} onClick={() => navigate('/projects')}>
        {t('projectPages:backToProjects')}
      </Button>
      <div className={styles.header}>
        <Avatar name={data.name} image={projectIconSrc(data.iconUrl) ? { src: projectIconSrc(data.iconUrl) } : undefined} shape="square" size={48} color="brand" />
        <div className={styles.titles}>
          <div className={styles.titleRow}>
            <Text as="h1" size={700} weight="semibold">
              {data.name}
            </Text>
            {data.myRole ? (
              <Badge appearance="tint" color="brand" shape="rounded">
                {t(`projects:memberRoles.${data.myRole}`)}
              </Badge>
            ) : access.role === 'admin' ? (
              <Badge appearance="tint" color="informative" shape="rounded">
                {t('access:globalRoles.admin')}
              </Badge>
            ) : null}
          </div>
          <Text className={styles.meta}>
            {t('projectPages:header.meta', { owner: data.owner?.name ?? '—', count: data.memberCount })}
          </Text>
        </div>
      </div>
      <TabList
        className={styles.tabs}
        selectedValue={where.tab}
        aria-label={t('projectPages:tabs.label')}
        onTabSelect={(_, selected) => navigate(`/projects/${projectId}/${String(selected.value)}`)}
      >
        {tabs.map((tab) => (
          <Tab key={tab} value={tab} id={`project-tab-${tab}`} aria-controls="project-panel">
            {t(`projectPages:tabs.${tab}`)}
          </Tab>
        ))}
      </TabList>
      <div id="project-panel" role="tabpanel" aria-labelledby={`project-tab-${where.tab}`}>
        <TabPanel tab={where.tab} project={data} appId={where.appId} access={access} />
      </div>
    </>
  );
}

function TabPanel({
  tab,
  project,
  appId,
  access,
}: {
  readonly tab: ProjectTab;
  readonly project: Project;
  readonly appId: string | undefined;
  readonly access: ReturnType<typeof useProjectAccess>;
}) {
  switch (tab) {
    case 'general':
      return <GeneralTab key={project.id} project={project} access={access} />;
    case 'collaborators':
      return <CollaboratorsTab project={project} access={access} />;
    case 'apps':
      return appId ? <AppSettings key={appId} projectId={project.id} appId={appId} access={access} /> : <AppsTab projectId={project.id} access={access} />;
    case 'skus':
      return <SkusTab projectId={project.id} access={access} />;
    case 'entitlements':
      return <EntitlementsTab projectId={project.id} access={access} />;
    case 'offerings':
      return <OfferingsTab projectId={project.id} access={access} />;
    case 'integrations':
      return <IntegrationsTab projectId={project.id} access={access} />;
  }
}
