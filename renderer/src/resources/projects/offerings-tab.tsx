import { useTranslation } from 'react-i18next';
import type { useProjectAccess } from '../../data/menus';
import { ResourceScreen } from '../resource-screen';
import { useSkuOptions } from './use-project-options';
import { offeringView } from './views';

/** The Offerings tab: named sets of SKUs a paywall presents, in display order; orderable, with a trash. */
export function OfferingsTab({ projectId, access }: { readonly projectId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const { t } = useTranslation(['projectPages']);
  const skus = useSkuOptions(projectId);
  const skuCells = useSkuOptions(projectId, 'short');
  return (
    <ResourceScreen
      view={offeringView}
      scope={{ projectId }}
      canWrite={access.can('offerings.create')}
      title={t('projectPages:offerings.title')}
      description={t('projectPages:offerings.description')}
      createLabel={t('projectPages:offerings.create')}
      fieldOptions={{ skuIds: skus }}
      cellOptions={{ skuIds: skuCells }}
    />
  );
}
