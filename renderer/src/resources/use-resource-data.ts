import { useCallback, useMemo, useState } from 'react';
import type { AnyResource } from '@contract/resources/define';
import type { AppError } from '../bridge/app-error';
import type { ResourceRecord, ResourceScope } from './data-provider';
import { activeFilterCount, allRowsPageSize, buildListQuery, initialListState, type ListState } from './list-params';
import type { PageSizeChoice } from './pagination-bar';
import { useDebounced } from './use-debounced';
import { useResourceList, useSparseRows } from './use-resource';
import { pagesForRange } from './virtual-window';

/** What a resource screen shows: the live items, the trash, or the sort-order editor. */
export type ResourceMode = 'list' | 'trash' | 'reorder';

/**
 * The screen's mode and the item a reorder starts with on top (the row menu's "Move to top").
 * Leaving the reorder mode always goes back to the list.
 */
export function useResourceMode() {
  const [mode, setMode] = useState<ResourceMode>('list');
  const [reorderTop, setReorderTop] = useState<string | null>(null);
  const enterReorder = useCallback((topId?: string) => {
    setReorderTop(topId ?? null);
    setMode('reorder');
  }, []);
  return {
    mode,
    reorderTop,
    showList: useCallback(() => setMode('list'), []),
    showTrash: useCallback(() => setMode('trash'), []),
    enterReorder,
  };
}

/** The pages `current` already holds when they equal `next` (so an unchanged window renders nothing). */
export function samePages(current: readonly number[], next: readonly number[]): readonly number[] {
  return current.length === next.length && current.every((p, i) => p === next[i]) ? current : next;
}

/** The list query without its page, shared by every page of the "all rows" mode. */
export function withoutPage(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return rest;
}

/**
 * The rows of a resource screen in its mode: list state (search, filters, sort, page), the paged
 * query or the "all rows" virtual scroll (pages fetched as the view reaches them), and the trash
 * (the same list with `trashed`). Nothing is fetched while the reorder editor is open: it loads
 * its own complete list.
 */
export function useResourceData<T extends ResourceRecord = ResourceRecord>(resource: AnyResource, scope: ResourceScope, mode: ResourceMode) {
  const [state, setState] = useState<ListState>(initialListState);
  const [pageSize, setPageSizeChoice] = useState<PageSizeChoice>(initialListState.pageSize);
  const [searchText, setSearchTextValue] = useState('');
  const q = useDebounced(searchText);
  // The pages of the "all rows" mode that cover the rows in view; changes only when the view
  // reaches another page, so scrolling does not re-render the screen.
  const [pages, setPages] = useState<readonly number[]>([1]);
  const onRangeChange = useCallback((start: number, end: number) => {
    const next = pagesForRange(start, end, allRowsPageSize);
    setPages((current) => samePages(current, next));
  }, []);

  const all = pageSize === 'all';
  const effective: ListState = { ...state, q, pageSize: all ? allRowsPageSize : pageSize, trashed: mode === 'trash' };
  const query = buildListQuery(resource, effective);
  const paged = useResourceList<T>(resource.name, scope, query, !all && mode !== 'reorder');
  const queryText = JSON.stringify(query);
  const baseQuery = useMemo(() => withoutPage(JSON.parse(queryText) as Record<string, unknown>), [queryText]);
  const sparse = useSparseRows<T>(resource.name, scope, baseQuery, allRowsPageSize, pages, all && mode !== 'reorder');

  const items = paged.data?.items ?? [];
  const error: AppError | null = all ? sparse.error : paged.error;
  return {
    state,
    setState,
    pageSize,
    /** The list's filters, sort and search without its page (what an export selects). */
    baseQuery,
    /** A new page size starts again at the first page. */
    setPageSize: (size: PageSizeChoice) => {
      setPageSizeChoice(size);
      setPages([1]);
      setState((s) => ({ ...s, page: 1 }));
    },
    searchText,
    /** Typing in the search box starts again at the first page. */
    setSearchText: (text: string) => {
      setSearchTextValue(text);
      setState((s) => ({ ...s, page: 1 }));
    },
    /** Every row in one virtual scroll instead of pages. */
    all,
    total: all ? sparse.total : (paged.data?.total ?? 0),
    count: all ? sparse.total : items.length,
    rowAt: all ? sparse.rowAt : (index: number) => items[index],
    loading: all ? sparse.isPending : paged.isPending,
    fetching: all ? sparse.isFetching : paged.isFetching,
    error,
    /** Loading failed with nothing to show in its place (a paged list keeps its last page). */
    failed: error !== null && (all || !paged.data),
    /** Whether a search or a filter narrows the list (the empty state says "no matches"). */
    filtered: q.trim() !== '' || activeFilterCount(resource, state) > 0,
    filterCount: activeFilterCount(resource, state),
    refetch: () => void (all ? sparse.refetch() : paged.refetch()),
    onRangeChange: all ? onRangeChange : undefined,
  };
}

export type ResourceData<T extends ResourceRecord = ResourceRecord> = ReturnType<typeof useResourceData<T>>;
