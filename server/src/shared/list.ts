import { parseSort, type ListQuery } from '@contract/envelope';

/** LIMIT and OFFSET of a page of the list convention (`?page=&pageSize=`). */
export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * The sort a list query asks for, limited to the fields a repository can order by.
 *
 * An unknown field silently falls back to the default order: a stale saved sort in the console should
 * not break the list.
 */
export function sortOf<F extends string>(query: Pick<ListQuery, 'sort'>, allowed: readonly F[], fallback: { field: F; dir: 'asc' | 'desc' }) {
  return parseSort(query.sort, allowed, fallback);
}

/** A `q` search term as an ILIKE pattern that matches it literally anywhere (wildcards escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
