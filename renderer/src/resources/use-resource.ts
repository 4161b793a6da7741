import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListPage } from '@contract/envelope';
import type { AppError } from '../bridge/app-error';
import { dataProvider, type ResourceRecord, type ResourceScope } from './data-provider';
import { resourceKeys } from './resource-keys';
import { rowAt } from './virtual-window';

/**
 * One page of a resource list (the previous page stays shown while the next loads), typed by the
 * item: `useResourceList<Sku>('skus', scope, query)`. The rows are what the resource's list route
 * answers, which the contract's item schema describes.
 */
export function useResourceList<T extends ResourceRecord = ResourceRecord>(resource: string, scope: ResourceScope, query: Record<string, unknown>, enabled = true) {
  return useQuery<ListPage<T>, AppError>({
    queryKey: resourceKeys.list(resource, scope, query),
    queryFn: () => dataProvider.getList(resource, scope, query) as Promise<ListPage<T>>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One item, typed like `useResourceList`. */
export function useResourceItem<T extends ResourceRecord = ResourceRecord>(resource: string, scope: ResourceScope, id: string | undefined) {
  return useQuery<T, AppError>({
    queryKey: resourceKeys.detail(resource, scope, id ?? ''),
    queryFn: () => dataProvider.getOne(resource, scope, id as string) as Promise<T>,
    enabled: id !== undefined,
  });
}

/**
 * The "all rows" mode: every item of the list in one virtual scroll. The first page tells the
 * total; the pages covering the rows in view (`pages`, from the virtual window) are fetched and
 * cached; a row whose page is still loading is undefined (the list draws a placeholder).
 */
export function useSparseRows<T extends ResourceRecord = ResourceRecord>(resource: string, scope: ResourceScope, query: Record<string, unknown>, pageSize: number, pages: readonly number[], enabled: boolean) {
  const wanted = useMemo(() => [...new Set([1, ...pages])].sort((a, b) => a - b), [pages]);
  const results = useQueries({
    queries: wanted.map((page) => {
      const pageQuery = { ...query, page, pageSize };
      return {
        queryKey: resourceKeys.list(resource, scope, pageQuery),
        queryFn: () => dataProvider.getList(resource, scope, pageQuery) as Promise<ListPage<T>>,
        enabled,
        staleTime: 30_000,
      };
    }),
  });
  const loaded = new Map<number, readonly T[]>();
  results.forEach((result, i) => {
    if (result.data) loaded.set(wanted[i] as number, result.data.items);
  });
  const first = results[0];
  return {
    total: first?.data?.total ?? 0,
    isPending: first?.isPending ?? true,
    isFetching: results.some((r) => r.isFetching),
    error: (results.find((r) => r.error)?.error ?? null) as AppError | null,
    refetch: () => Promise.all(results.map((r) => r.refetch())),
    rowAt: (index: number) => rowAt(index, pageSize, loaded),
  };
}

/** Invalidates a resource and its related ones (mutations invalidate by resource). */
export function useInvalidateResources() {
  const queryClient = useQueryClient();
  return (resources: readonly string[]) => Promise.all([...new Set(resources)].map((name) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) })));
}
