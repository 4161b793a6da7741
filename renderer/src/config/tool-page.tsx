import { makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { configKindBySegment } from '@contract/config';
import { ProjectPicker, useAreaProject } from '../commerce/area-project';
import { PageHeader } from '../components/page-header';
import { useProjectAccess } from '../data/menus';
import { ConfigEditor } from './config-editor';
import { ConfigList } from './config-list';

const useStyles = makeStyles({
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  picker: { marginBottom: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Where a `/universal-tool/<segment>[/<id>]` path points. */
export function toolLocation(pathname: string): { readonly segment: string; readonly id: string | null } | null {
  const parts = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  if (parts[0] !== 'universal-tool' || parts.length < 2 || parts.length > 3) return null;
  return { segment: parts[1] ?? '', id: parts[2] ?? null };
}

/**
 * `/universal-tool/<segment>`: a configuration kind declared as a universal tool (its menu is a
 * global `universalTool.*` one, contract/config/define-kind.ts), per project through the area's
 * project picker (`?project=`), with the generic list and editor every kind has. Nothing here is
 * kind-specific: a kind whose menu is a universal tool's appears by itself.
 */
export default function ToolPage() {
  const { t } = useTranslation(['config', 'commercePages', 'configPages']);
  const styles = useStyles();
  const location = useLocation();
  const where = toolLocation(location.pathname);
  const kind = where ? configKindBySegment(where.segment) : undefined;
  const choice = useAreaProject('tools');
  const access = useProjectAccess(choice.projectId ?? undefined);

  if (!where || !kind || kind.area !== 'tools') return <Navigate to="/404" replace />;
  if (choice.isPending || access.isPending) {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('configPages:loading')}>
        <SkeletonItem size={48} />
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }
  const projectId = choice.projectId;
  const canWrite = projectId !== null && access.can(`${kind.name}.saveDraft` as never);
  return (
    <>
      {where.id === null ? (
        <>
          <PageHeader title={t(`config:${kind.name}.plural`)} description={t(`config:${kind.name}.description`)} />
          <div className={styles.picker}>
            <ProjectPicker area="tools" />
          </div>
        </>
      ) : null}
      {projectId === null ? <Text className={styles.muted}>{t('commercePages:project.none')}</Text> : null}
      {projectId !== null && where.id ? <ConfigEditor key={`${projectId}:${where.id}`} kind={kind} projectId={projectId} id={where.id} canWrite={canWrite} /> : null}
      {projectId !== null && !where.id ? <ConfigList key={projectId} kind={kind} projectId={projectId} canWrite={canWrite} canSetPolicy={access.can(`${kind.name}.setPolicy` as never)} /> : null}
    </>
  );
}
