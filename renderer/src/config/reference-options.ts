import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../data/api-hooks';
import { namedOptions, type NamedRow, type ReferenceOption } from '../forms/country-picker';

export { useCountryOptions, type ReferenceOption } from '../forms/country-picker';

/** The System Management language list. */
export function useLanguageOptions(enabled = true): ReferenceOption[] {
  const { i18n } = useTranslation();
  const list = useApiQuery('languages.list', { query: { pageSize: 200 } }, { enabled, staleTime: 600_000 });
  const chinese = i18n.language.startsWith('zh');
  return useMemo(() => namedOptions(list.data?.items as NamedRow[] | undefined, chinese), [list.data, chinese]);
}

/** The project's content types (the universal tool `type`) by code, named in the operator's language. */
export function useContentTypeOptions(projectId: string, enabled = true): ReferenceOption[] {
  const { i18n } = useTranslation();
  const list = useApiQuery('contentTypes.list', { params: { projectId }, query: { pageSize: 200, sort: 'sortOrder:asc' } }, { enabled, staleTime: 30_000 });
  const chinese = i18n.language.startsWith('zh');
  return useMemo(
    () =>
      (list.data?.items ?? []).flatMap((item) => {
        const code = typeof item.draft.code === 'string' ? item.draft.code : '';
        const name = item.draft[chinese ? 'nameZh' : 'nameEn'];
        return code === '' ? [] : [{ value: code, label: `${typeof name === 'string' && name !== '' ? name : item.name} (${code})` }];
      }),
    [list.data, chinese],
  );
}

/** The project's SKUs as product IDs, per platform. */
export function useSkuOptions(projectId: string, enabled = true): ReferenceOption[] {
  const list = useApiQuery('skus.list', { params: { projectId }, query: { pageSize: 200, sort: 'storeProductId:asc' } }, { enabled, staleTime: 30_000 });
  return useMemo(
    () => (list.data?.items ?? []).map((sku) => ({ value: sku.storeProductId, label: `${sku.storeProductId} · ${sku.name}`, platform: sku.platform })),
    [list.data],
  );
}
