import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../bridge/app-error';
import { useApiQuery } from '../../data/api-hooks';
import { dataProvider, loadAll, type ResourceRecord } from '../data-provider';
import type { ChoiceOption } from '../field-input';
import { resourceKeys } from '../resource-keys';

/** Every item of a project's resource (up to 1000), for choices in forms and names in cells. */
export function useAllItems(resource: string, projectId: string, enabled = true) {
  const scope = { projectId };
  return useQuery<ResourceRecord[], AppError>({
    queryKey: resourceKeys.list(resource, scope, { all: true }),
    queryFn: async () => (await loadAll(dataProvider, resource, scope, { sort: 'name:asc' }, 1000)).items,
    enabled,
  });
}

/** The project's apps as choices: “Palette iOS · iOS”. */
export function useAppOptions(projectId: string): readonly ChoiceOption[] {
  const { t } = useTranslation('projects');
  const apps = useAllItems('apps', projectId);
  return useMemo(
    () => (apps.data ?? []).map((app) => ({ value: app.id, label: `${String(app.name)} · ${t(`platforms.${String(app.platform)}`)}` })),
    [apps.data, t],
  );
}

/**
 * The project's SKUs as choices: “Pro yearly · palette.pro.yearly · iOS”, or in the short form
 * cells use, “Pro yearly · iOS”.
 */
export function useSkuOptions(projectId: string, form: 'long' | 'short' = 'long'): readonly ChoiceOption[] {
  const { t } = useTranslation('projects');
  const skus = useAllItems('skus', projectId);
  return useMemo(
    () =>
      (skus.data ?? []).map((sku) => {
        const platform = t(`platforms.${String(sku.platform)}`);
        return { value: sku.id, label: form === 'long' ? `${String(sku.name)} · ${String(sku.storeProductId)} · ${platform}` : `${String(sku.name)} · ${platform}` };
      }),
    [skus.data, t, form],
  );
}

/** The project's members (up to 200) as choices: “Ops Demo · ops@palette.local”. */
export function useMemberOptions(projectId: string): readonly ChoiceOption[] {
  const members = useApiQuery('members.list', { params: { projectId }, query: { page: 1, pageSize: 200, sort: 'name:asc' } });
  return useMemo(() => (members.data?.items ?? []).map((m) => ({ value: m.userId, label: `${m.name} · ${m.email}` })), [members.data]);
}
