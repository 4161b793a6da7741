import { Badge } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { useProjectAccess } from '../../data/menus';
import { ResourceScreen } from '../resource-screen';
import { useAppOptions } from './use-project-options';
import { skuView } from './views';

/** The SKUs tab: store products per app, with type, period and price; orderable, with a trash. */
export function SkusTab({ projectId, access }: { readonly projectId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const { t } = useTranslation(['projectPages', 'projects']);
  const apps = useAppOptions(projectId);
  const appName = useMemo(() => new Map(apps.map((a) => [a.value, a.label])), [apps]);
  return (
    <ResourceScreen
      view={skuView}
      scope={{ projectId }}
      canWrite={access.can('skus.create')}
      title={t('projectPages:skus.title')}
      description={t('projectPages:skus.description')}
      createLabel={t('projectPages:skus.create')}
      fieldOptions={{ appId: apps }}
      fieldHints={apps.length === 0 ? { appId: t('projectPages:skus.noApps') } : undefined}
      reorderDetail={(item) => (
        <>
          <span>{appName.get(item.appId) ?? ''}</span>
          <Badge appearance="tint" color="brand" shape="rounded">
            {t(`projects:skuPeriods.${item.period}`)}
          </Badge>
        </>
      )}
    />
  );
}
