import { Card, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { configKindBySegment } from '@contract/config';
import { OverflowTabList } from '../components/overflow-tab-list';
import { PageHeader } from '../components/page-header';
import { StatusScreen } from '../components/status-screen';
import { useApiQuery } from '../data/api-hooks';
import { useProjectAccess } from '../data/menus';
import { ConfigEditor } from './config-editor';
import { ConfigList } from './config-list';
import { ConfigRecords } from './config-records';
import { customScreens, managementLocation, managementScreens } from './management-screens';
import { PopupPreviewScreen } from './popups/popup-preview-screen';
import { SubscriptionCheckScreen } from '../commerce/subscription-check';

const useStyles = makeStyles({
  projects: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { cursor: 'pointer' },
  tabs: { marginBottom: tokens.spacingVerticalL, marginLeft: `calc(-1 * ${tokens.spacingHorizontalMNudge})` },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The pages of the area's custom screens (management-screens.ts `customScreens`), by segment. */
const customScreenPages: Readonly<Record<string, ComponentType<{ readonly projectId: string }>>> = {
  popupPreview: PopupPreviewScreen,
  'check-subscription': SubscriptionCheckScreen,
};

/** `/management` without a project: choose one (spec §2's placeholder, made useful). */
function ChooseProject() {
  const { t } = useTranslation(['configPages']);
  const styles = useStyles();
  const navigate = useNavigate();
  const projects = useApiQuery('projects.list', { query: { pageSize: 200, sort: 'name:asc' } });
  return (
    <>
      <PageHeader title={t('configPages:management.title')} description={t('configPages:management.choose')} />
      {projects.isPending ? <Skeleton aria-label={t('configPages:loading')}><SkeletonItem size={64} /></Skeleton> : null}
      {projects.data && projects.data.items.length === 0 ? <Text className={styles.muted}>{t('configPages:management.noProjects')}</Text> : null}
      <nav className={styles.projects} aria-label={t('configPages:management.projects')}>
        {(projects.data?.items ?? []).map((project) => (
          <Card key={project.id} className={styles.card} role="link" tabIndex={0} aria-label={project.name} onClick={() => navigate(`/management/${project.id}`)} onKeyDown={(event) => (event.key === 'Enter' ? navigate(`/management/${project.id}`) : undefined)}>
            <Text weight="semibold">{project.name}</Text>
          </Card>
        ))}
      </nav>
    </>
  );
}

/**
 * `/management/...`: the Management area of one project (spec §2): one tab per configuration kind
 * the operator's menus allow, and the config records; each kind's list and, under its id, the
 * editor. Everything is derived from the declared kinds: a new kind appears here by itself.
 */
export default function ManagementPage() {
  const { t } = useTranslation(['configPages', 'config', 'access']);
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const where = managementLocation(location.pathname);
  const projectId = where?.projectId ?? '';
  const project = useApiQuery('projects.get', { params: { projectId } }, { enabled: projectId !== '', retry: false });
  const access = useProjectAccess(projectId || undefined);

  if (!where) return <Navigate to="/404" replace />;
  if (!where.projectId) return <ChooseProject />;
  if (project.isError) return <StatusScreen kind="forbidden" error={project.error} />;
  if (project.isPending || access.isPending) {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('configPages:loading')}>
        <SkeletonItem size={48} />
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }
  const screens = managementScreens.filter((screen) => access.menus.includes(screen.menu));
  if (!where.segment) {
    const first = screens[0];
    return first ? <Navigate to={`/management/${projectId}/${first.segment}`} replace /> : <StatusScreen kind="forbidden" />;
  }
  const screen = screens.find((s) => s.segment === where.segment);
  if (!screen) return managementScreens.some((s) => s.segment === where.segment) ? <StatusScreen kind="forbidden" /> : <Navigate to="/404" replace />;
  const kind = configKindBySegment(where.segment);
  const Custom = customScreens.some((s) => s.segment === where.segment) ? customScreenPages[where.segment] : undefined;
  if (Custom && where.id) return <Navigate to={`/management/${projectId}/${where.segment}`} replace />;
  const canWrite = kind ? access.can(`${kind.name}.saveDraft` as never) : false;

  return (
    <>
      {where.id === null ? (
        <>
          <PageHeader title={t(screen.labelKey)} description={kind ? t(`config:${kind.name}.description`) : Custom ? t(`configPages:screens.${where.segment}`) : t('configPages:records.description')} />
          <OverflowTabList
            className={styles.tabs}
            tabs={screens.map((s) => ({ value: s.segment, label: t(s.labelKey) }))}
            selectedValue={screen.segment}
            onSelect={(segment) => navigate(`/management/${projectId}/${segment}`)}
            aria-label={t('configPages:management.sections', { project: project.data.name })}
          />
        </>
      ) : null}
      {kind && where.id ? <ConfigEditor key={where.id} kind={kind} projectId={projectId} id={where.id} canWrite={canWrite} /> : null}
      {kind && !where.id ? <ConfigList kind={kind} projectId={projectId} canWrite={canWrite} canSetPolicy={access.can(`${kind.name}.setPolicy` as never)} /> : null}
      {Custom ? <Custom projectId={projectId} /> : null}
      {!kind && !Custom ? <ConfigRecords projectId={projectId} /> : null}
    </>
  );
}
