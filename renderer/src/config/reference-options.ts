import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../data/api-hooks';

/** One choice of a reference field: the stored value and what the operator reads. */
export interface ReferenceOption {
  readonly value: string;
  readonly label: string;
  /** For SKUs: the platform whose SKU it is. */
  readonly platform?: string;
}

interface NamedRow {
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly enabled?: boolean;
}

/** A global list in the operator's language, sorted by what they read. */
function named(rows: readonly NamedRow[] | undefined, chinese: boolean): ReferenceOption[] {
  return (rows ?? [])
    .filter((row) => row.enabled !== false)
    .map((row) => ({ value: row.code, label: `${chinese ? row.nameZh : row.nameEn} (${row.code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, chinese ? 'zh-CN' : 'en-US'));
}

/** The System Management country list (two pages of 200 cover the ~250 entries). */
export function useCountryOptions(enabled = true): ReferenceOption[] {
  const { i18n } = useTranslation();
  const first = useApiQuery('countries.list', { query: { pageSize: 200, page: 1 } }, { enabled, staleTime: 600_000 });
  const second = useApiQuery('countries.list', { query: { pageSize: 200, page: 2 } }, { enabled: enabled && (first.data?.total ?? 0) > 200, staleTime: 600_000 });
  const chinese = i18n.language.startsWith('zh');
  return useMemo(() => named([...(first.data?.items ?? []), ...(second.data?.items ?? [])] as NamedRow[], chinese), [first.data, second.data, chinese]);
}

/** The System Management language list. */
export function useLanguageOptions(enabled = true): ReferenceOption[] {
  const { i18n } = useTranslation();
  const list = useApiQuery('languages.list', { query: { pageSize: 200 } }, { enabled, staleTime: 600_000 });
  const chinese = i18n.language.startsWith('zh');
  return useMemo(() => named(list.data?.items as NamedRow[] | undefined, chinese), [list.data, chinese]);
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
