import { Link20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../data/api-hooks';
import type { useProjectAccess } from '../../data/menus';
import type { RowOf } from '../resource-view';
import { LinkPanel } from '../link-panel';
import { ResourceScreen } from '../resource-screen';
import { useResourceItem } from '../use-resource';
import { useSkuOptions } from './use-project-options';
import type { entitlementResource } from '@contract/resources/projects';
import { entitlementView } from './views';

/**
 * The Entitlements tab: what the app checks (pro, ai_credits) and the SKUs that grant each. Linking
 * and unlinking SKUs happens in a side panel; deleting a linked entitlement asks for a forced delete
 * that names the links it removes (102010).
 */
type EntitlementRow = RowOf<typeof entitlementResource>;

export function EntitlementsTab({ projectId, access }: { readonly projectId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const { t } = useTranslation(['projectPages', 'projects', 'resources']);
  const skus = useSkuOptions(projectId);
  const skuCells = useSkuOptions(projectId, 'short');
  const [linking, setLinking] = useState<EntitlementRow | null>(null);
  const canWrite = access.can('entitlements.create');
  return (
    <>
      <ResourceScreen
        view={entitlementView}
        scope={{ projectId }}
        canWrite={canWrite}
        title={t('projectPages:entitlements.title')}
        description={t('projectPages:entitlements.description')}
        createLabel={t('projectPages:entitlements.create')}
        fieldOptions={{ skuIds: skus }}
        cellOptions={{ skuIds: skuCells }}
        rowActions={(item) => [{ key: 'skus', label: t('projectPages:entitlements.linkedSkus'), icon: <Link20Regular />, onClick: () => setLinking(item) }]}
      />
      {linking ? <SkuLinks projectId={projectId} entitlement={linking} canWrite={canWrite && access.can('entitlements.linkSku')} onClose={() => setLinking(null)} /> : null}
    </>
  );
}

function SkuLinks({ projectId, entitlement, canWrite, onClose }: { readonly projectId: string; readonly entitlement: EntitlementRow; readonly canWrite: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation(['projectPages', 'projects', 'resources']);
  const skus = useSkuOptions(projectId);
  const current = useResourceItem<EntitlementRow>('entitlements', { projectId }, entitlement.id);
  const item = current.data ?? entitlement;
  const linkedIds = item.skuIds;
  const link = useApiMutation('entitlements.linkSku', { invalidates: ['entitlements', 'skus'] });
  const unlink = useApiMutation('entitlements.unlinkSku', { invalidates: ['entitlements', 'skus'] });
  const name = t('resources:quoted', { name: item.name });
  return (
    <LinkPanel
      open
      title={t('projectPages:entitlements.linkTitle', { name })}
      description={t('projectPages:entitlements.linkDescription')}
      linked={linkedIds.map((id) => ({ id, label: skus.find((s) => s.value === id)?.label ?? id }))}
      candidates={skus}
      pickLabel={t('projects:entitlement.linkSku')}
      addLabel={t('projects:entitlement.linkSku')}
      unlinkLabel={(sku) => `${t('projects:entitlement.unlinkSku')} ${sku}`}
      emptyText={t('projectPages:entitlements.noLinks')}
      canWrite={canWrite}
      onLink={(skuId) => link.mutateAsync({ params: { projectId, id: item.id }, body: { skuId } })}
      onUnlink={(skuId) => unlink.mutateAsync({ params: { projectId, id: item.id, skuId } })}
      onClose={onClose}
    />
  );
}
