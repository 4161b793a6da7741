import type { AnyResource, FieldFilter } from '@contract/resources/define';

/**
 * The state of a resource list and the query it sends (the list convention of contract/envelope.ts:
 * `page`, `pageSize`, `sort=field:asc|desc`, `q`, plus the filters the declaration derives).
 *
 * Pure functions, so the list screen is a thin shell over them and every rule has a test.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  readonly field: string;
  readonly dir: SortDirection;
}

/** A range filter's bounds as typed (number text, or a local date-time for datetime fields). */
export interface RangeValue {
  readonly min?: string;
  readonly max?: string;
}

/** A filter's value as the toolbar holds it: text, chosen options, or a range. */
export type FilterValue = string | readonly string[] | RangeValue;

export interface ListState {
  readonly page: number;
  readonly pageSize: number;
  readonly sort?: SortState | undefined;
  /** The search box, as typed (debounced before it gets here). */
  readonly q: string;
  /** Filter values by field name. */
  readonly filters: Readonly<Record<string, FilterValue>>;
  /** Lists the trash instead of the live items. */
  readonly trashed?: boolean;
  /** Enabled / disabled filter (`all` sends nothing). */
  readonly enabled?: 'all' | 'true' | 'false';
}

/** Page sizes the list offers; 200 is the server's maximum page. */
export const pageSizeOptions = [20, 50, 100, 200] as const;
/** The page size of the "all rows" mode: pages the virtual list fetches as it scrolls. */
export const allRowsPageSize = 200;

export const initialListState: ListState = { page: 1, pageSize: 20, q: '', filters: {} };

/** `field:dir`, the sort parameter of the list convention. */
export function sortParam(sort: SortState | undefined): string | undefined {
  return sort ? `${sort.field}:${sort.dir}` : undefined;
}

/**
 * Clicking a sortable header: a new field sorts ascending, the same field turns descending, and a
 * third click goes back to the server's default order.
 */
export function nextSort(current: SortState | undefined, field: string): SortState | undefined {
  if (!current || current.field !== field) return { field, dir: 'asc' };
  return current.dir === 'asc' ? { field, dir: 'desc' } : undefined;
}

/** The `aria-sort` of a header for the current sort. */
export function ariaSort(current: SortState | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (!current || current.field !== field) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}

/** A local `YYYY-MM-DDTHH:mm` (a datetime-local input) as an ISO instant; empty or unreadable text is undefined. */
export function localToIso(local: string): string | undefined {
  const text = local.trim();
  if (text === '') return undefined;
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** An ISO instant as a local `YYYY-MM-DDTHH:mm` for a datetime-local input. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function isRange(value: FilterValue | undefined): value is RangeValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a filter holds anything that would be sent. */
export function isFilterActive(kind: FieldFilter, value: FilterValue | undefined): boolean {
  if (value === undefined) return false;
  if (kind === 'range') return isRange(value) && ((value.min ?? '').trim() !== '' || (value.max ?? '').trim() !== '');
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' && value.trim() !== '';
}

/** How many filters (and the enabled filter) are set: the count on the Filter button. */
export function activeFilterCount(resource: Pick<AnyResource, 'filters'>, state: Pick<ListState, 'filters' | 'enabled'>): number {
  const own = resource.filters.filter((filter) => isFilterActive(filter.kind, state.filters[filter.field])).length;
  return own + (state.enabled && state.enabled !== 'all' ? 1 : 0);
}

/**
 * The query a list state sends: paging, sort, a trimmed `q`, and every active filter under the
 * keys the declaration derives (`<field>` for text and select, `<field>Min` / `<field>Max` for a
 * range; datetime bounds as ISO instants). Empty values are left out, never sent blank.
 */
export function buildListQuery(resource: Pick<AnyResource, 'filters' | 'fields'>, state: ListState): Record<string, unknown> {
  const query: Record<string, unknown> = { page: state.page, pageSize: state.pageSize };
  const sort = sortParam(state.sort);
  if (sort) query.sort = sort;
  const q = state.q.trim();
  if (q !== '') query.q = q;
  if (state.trashed) query.trashed = true;
  if (state.enabled === 'true' || state.enabled === 'false') query.enabled = state.enabled === 'true';
  for (const filter of resource.filters) {
    const value = state.filters[filter.field];
    if (!isFilterActive(filter.kind, value)) continue;
    const meta = resource.fields[filter.field];
    if (filter.kind === 'range' && isRange(value)) {
      const convert = (text: string | undefined) => {
        const trimmed = (text ?? '').trim();
        if (trimmed === '') return undefined;
        return meta?.input === 'datetime' ? localToIso(trimmed) : trimmed;
      };
      const min = convert(value.min);
      const max = convert(value.max);
      if (min !== undefined) query[`${filter.field}Min`] = min;
      if (max !== undefined) query[`${filter.field}Max`] = max;
    } else if (filter.kind === 'select') {
      if (meta?.input === 'switch') query[filter.field] = (Array.isArray(value) ? value[0] : value) === 'true';
      else query[filter.field] = Array.isArray(value) ? [...value] : [value as string];
    } else {
      query[filter.field] = (value as string).trim();
    }
  }
  return query;
}

/**
 * A change of search, filters, sort or page size starts again at page 1 (page 7 of the old result
 * means nothing in the new one).
 */
export function withListChange(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 1 };
}

/** The number of pages for a total (at least 1, so "page 1 of 1" reads right for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The 1-based positions of the first and last item on a page, for "21–40 of 93". */
export function pageBounds(page: number, pageSize: number, total: number): { readonly from: number; readonly to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
