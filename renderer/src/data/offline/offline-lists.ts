import type { ListPage } from '@contract/envelope';

/**
 * Sorting and searching a list offline, within what this computer holds (issue 14).
 *
 * Lists are paged, sorted and searched by the server. Offline, a search or sort the operator did
 * not run while online has no kept answer; rather than "not kept", the console answers it from the
 * pages of the same list it does keep (same route, project and filters): their items, merged by id,
 * searched and sorted here and paged again. The banner says the answer covers only what is kept.
 */

/** A list query's own parameters, which the console can apply to kept items itself. */
const LOCAL_PARAMS = new Set(['q', 'sort', 'page', 'pageSize']);

/** A list key taken apart: what must match for items to be shared, and the local parameters. */
export interface ListKeyParts {
  /** Everything but the local parameters, as a comparable string. */
  readonly group: string;
  readonly q: string;
  readonly sort: string | undefined;
  readonly page: number;
  readonly pageSize: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stable JSON text (object keys sorted) of a value. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function split(prefix: readonly unknown[], query: Record<string, unknown>): ListKeyParts {
  const shared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (!LOCAL_PARAMS.has(key)) shared[key] = value;
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 20);
  return {
    group: stable([...prefix, shared]),
    q: typeof query['q'] === 'string' ? query['q'] : '',
    sort: typeof query['sort'] === 'string' ? query['sort'] : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 ? pageSize : 20,
  };
}

/**
 * The parts of a list query's key, for both key shapes of the console: `queryKeys.call` of a
 * `<resource>.list` route (`[..., 'api', resource, routeId, { params, query }]`) and the resource
 * screens' `resourceKeys.list` (`[..., 'api', resource, 'list', projectId, query]`). Null for any
 * other key.
 */
export function listKeyParts(key: readonly unknown[]): ListKeyParts | null {
  if (key[1] !== 'api') return null;
  const routeOrList = key[3];
  if (routeOrList === 'list' && key.length === 6 && isRecord(key[5])) return split(key.slice(0, 5), key[5]);
  if (typeof routeOrList === 'string' && routeOrList.endsWith('.list') && key.length === 5) {
    const input = isRecord(key[4]) ? key[4] : {};
    return split([...key.slice(0, 4), input['params'] ?? null], isRecord(input['query']) ? input['query'] : {});
  }
  return null;
}

/** A kept answer of a list query: its data and when it was fetched. */
export interface KeptList {
  readonly key: readonly unknown[];
  readonly data: unknown;
  readonly updatedAt: number;
}

/** A list answered from kept pages, and the age of the oldest page it used. */
export interface DerivedList {
  readonly data: ListPage<Record<string, unknown>>;
  readonly asOf: number;
}

function isListPage(value: unknown): value is ListPage<Record<string, unknown>> {
  return isRecord(value) && Array.isArray(value['items']);
}

/** The text an item is searched in: every string and number of it, nested ones included. */
function searchableText(value: unknown, depth = 0): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (depth > 3) return '';
  if (Array.isArray(value)) return value.map((entry) => searchableText(entry, depth + 1)).join(' ');
  if (isRecord(value)) return Object.values(value).map((entry) => searchableText(entry, depth + 1)).join(' ');
  return '';
}

/** Whether every word of `q` starts a word of the item (the server's word-prefix search, locally). */
export function matchesSearch(item: unknown, q: string): boolean {
  const words = q.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchableText(item).toLocaleLowerCase();
  const itemWords = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.every((word) => itemWords.some((candidate) => candidate.startsWith(word)) || text.includes(word));
}

function valueAt(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
  return value;
}

/** Compares two values of a sort field: missing last, numbers and dates by value, text by locale. */
function compareValues(a: unknown, b: unknown): number {
  const missingA = a === undefined || a === null || a === '';
  const missingB = b === undefined || b === null || b === '';
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Sorts items by a `field:dir` sort; no sort keeps their order. */
export function sortItems<T extends Record<string, unknown>>(items: readonly T[], sort: string | undefined): T[] {
  if (!sort) return [...items];
  const [field = '', dir] = sort.split(':');
  const sign = dir === 'desc' ? -1 : 1;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const byValue = compareValues(valueAt(a.item, field), valueAt(b.item, field));
      // Missing values stay last whichever the direction; ties keep their kept order.
      const missing = valueAt(a.item, field) == null || valueAt(b.item, field) == null;
      return (missing ? byValue : sign * byValue) || a.index - b.index;
    })
    .map(({ item }) => item);
}

/**
 * Answers a list query from the kept answers of the same list (same group): their items merged by
 * id (the newest copy of an item wins), in the order of the kept pages, then searched, sorted and
 * paged here. Null when no kept answer shares the group.
 */
export function deriveList(wanted: readonly unknown[], kept: readonly KeptList[]): DerivedList | null {
  const parts = listKeyParts(wanted);
  if (!parts) return null;
  const sources = kept
    .map((entry) => ({ entry, parts: listKeyParts(entry.key) }))
    .filter((source): source is { entry: KeptList; parts: ListKeyParts } => source.parts !== null && source.parts.group === parts.group && isListPage(source.entry.data));
  if (sources.length === 0) return null;

  // Unsearched, unsorted answers first, by page: their order is the server's default order.
  sources.sort((a, b) => Number(a.parts.q !== '' || a.parts.sort !== undefined) - Number(b.parts.q !== '' || b.parts.sort !== undefined) || a.parts.page - b.parts.page);
  const byId = new Map<string, { item: Record<string, unknown>; updatedAt: number }>();
  const order: string[] = [];
  for (const { entry } of sources) {
    for (const item of (entry.data as ListPage<Record<string, unknown>>).items) {
      const id = typeof item['id'] === 'string' ? item['id'] : stable(item);
      const known = byId.get(id);
      if (!known) order.push(id);
      if (!known || known.updatedAt < entry.updatedAt) byId.set(id, { item, updatedAt: entry.updatedAt });
    }
  }
  const found = sortItems(
    order.map((id) => (byId.get(id) as { item: Record<string, unknown> }).item).filter((item) => matchesSearch(item, parts.q)),
    parts.sort,
  );
  const start = (parts.page - 1) * parts.pageSize;
  return {
    data: { items: found.slice(start, start + parts.pageSize), total: found.length, page: parts.page, pageSize: parts.pageSize },
    asOf: Math.min(...sources.map(({ entry }) => entry.updatedAt)),
  };
}
