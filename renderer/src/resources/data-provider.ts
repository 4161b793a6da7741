import { isRouteId, routes, type RouteId } from '@contract/api';
import type { ListPage } from '@contract/envelope';
import { callApi } from '../bridge/call-api';

/**
 * The data provider (refine's shape, STYLE.md): screens ask for data by resource name, and this
 * turns each operation into the resource's standard route (contract/resources/routes.ts:
 * `<name>.list`, `<name>.get`, ...), filling the path parameters from the scope and the item id.
 */

export type ResourceOperation = 'list' | 'get' | 'create' | 'update' | 'delete' | 'restore' | 'purge' | 'emptyTrash' | 'reorder' | 'export';

/** Where a resource lives: the project of project-scoped resources; nothing for projects themselves. */
export interface ResourceScope {
  readonly projectId?: string;
}

/** What every item of a resource carries (contract/resources/define.ts `systemItemShape`), and its own fields. */
export interface ResourceRecord {
  readonly id: string;
  readonly version: number;
  readonly enabled: boolean;
  readonly state?: 'notStarted' | 'inProgress' | 'over';
  readonly sortOrder?: number;
  readonly deletedAt?: string | null;
  readonly createdBy: { readonly id: string; readonly name: string } | null;
  readonly updatedBy: { readonly id: string; readonly name: string } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly [field: string]: unknown;
}

/** What a delete answers: trashed or gone, and the links a forced delete removed. */
export interface DeleteResult {
  readonly trashed: boolean;
  readonly unlinked: ReadonlyArray<{ readonly kind: string; readonly id: string; readonly name: string }>;
}

/** The route id of an operation on a resource; throws for one the contract does not declare. */
export function routeIdOf(resource: string, operation: ResourceOperation): RouteId {
  const id = `${resource}.${operation}`;
  if (!isRouteId(id)) throw new Error(`The contract has no route ${id}`);
  return id;
}

/** Whether the contract declares an operation for a resource (trash and order routes are optional). */
export function supports(resource: string, operation: ResourceOperation): boolean {
  return isRouteId(`${resource}.${operation}`);
}

/**
 * The path parameters of a route: `:id` is the item, `:projectId` the scope's project, or the
 * item itself for the projects resource (`/projects/:projectId` is one project).
 */
export function routeParams(path: string, scope: ResourceScope, id?: string): Record<string, string> | undefined {
  const names = [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string);
  if (names.length === 0) return undefined;
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = name === 'id' ? id : name === 'projectId' ? (scope.projectId ?? id) : undefined;
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    params[name] = value;
  }
  return params;
}

/** A function that calls an API route (callApi, or a fake in tests). */
export type Caller = (routeId: RouteId, input: { params?: unknown; query?: unknown; body?: unknown }) => Promise<unknown>;

export interface DataProvider {
  getList(resource: string, scope: ResourceScope, query: Record<string, unknown>): Promise<ListPage<ResourceRecord>>;
  getOne(resource: string, scope: ResourceScope, id: string): Promise<ResourceRecord>;
  create(resource: string, scope: ResourceScope, body: Record<string, unknown>): Promise<ResourceRecord>;
  update(resource: string, scope: ResourceScope, id: string, body: Record<string, unknown>): Promise<ResourceRecord>;
  delete(resource: string, scope: ResourceScope, id: string, options?: { readonly force?: boolean }): Promise<DeleteResult | null>;
  restore(resource: string, scope: ResourceScope, id: string): Promise<ResourceRecord>;
  purge(resource: string, scope: ResourceScope, id: string): Promise<null>;
  emptyTrash(resource: string, scope: ResourceScope): Promise<{ readonly purged: number }>;
  reorder(resource: string, scope: ResourceScope, items: ReadonlyArray<{ id: string; version: number }>): Promise<{ readonly items: ReadonlyArray<{ id: string; version: number; sortOrder: number }> }>;
}

/** The data provider over a caller. */
export function createDataProvider(call: Caller): DataProvider {
  const run = (resource: string, operation: ResourceOperation, scope: ResourceScope, extra: { id?: string; query?: unknown; body?: unknown }) => {
    const routeId = routeIdOf(resource, operation);
    const route = routes[routeId];
    const input: { params?: unknown; query?: unknown; body?: unknown } = {};
    const params = routeParams(route.path, scope, extra.id);
    if (params) input.params = params;
    if (extra.query !== undefined) input.query = extra.query;
    if (extra.body !== undefined) input.body = extra.body;
    return call(routeId, input);
  };
  return {
    getList: (resource, scope, query) => run(resource, 'list', scope, { query }) as Promise<ListPage<ResourceRecord>>,
    getOne: (resource, scope, id) => run(resource, 'get', scope, { id }) as Promise<ResourceRecord>,
    create: (resource, scope, body) => run(resource, 'create', scope, { body }) as Promise<ResourceRecord>,
    update: (resource, scope, id, body) => run(resource, 'update', scope, { id, body }) as Promise<ResourceRecord>,
    delete: (resource, scope, id, options) => {
      const hasQuery = 'query' in routes[routeIdOf(resource, 'delete')];
      return run(resource, 'delete', scope, { id, ...(hasQuery && options?.force ? { query: { force: true } } : {}) }) as Promise<DeleteResult | null>;
    },
    restore: (resource, scope, id) => run(resource, 'restore', scope, { id }) as Promise<ResourceRecord>,
    purge: (resource, scope, id) => run(resource, 'purge', scope, { id }) as Promise<null>,
    emptyTrash: (resource, scope) => run(resource, 'emptyTrash', scope, {}) as Promise<{ purged: number }>,
    reorder: (resource, scope, items) => run(resource, 'reorder', scope, { body: { items } }) as Promise<{ items: Array<{ id: string; version: number; sortOrder: number }> }>,
  };
}

/** The console's data provider, over `callApi`. */
export const dataProvider: DataProvider = createDataProvider((routeId, input) => callApi(routeId, input as never));

/** The query keys a resource's list route accepts (`enabled`, `trashed`, filters), from the contract. */
export function listQueryKeys(resource: string): ReadonlySet<string> {
  const query = (routes[routeIdOf(resource, 'list')] as { query?: { shape?: Record<string, unknown> } }).query;
  return new Set(Object.keys(query?.shape ?? {}));
}

/** Reorders of more items than this are refused by the contract (`reorderBodySchema`). */
export const reorderLimit = 1000;

/** Every item of a list up to `limit`, in the given order, page by page (the server's pages hold at most 200). */
export async function loadAll(provider: DataProvider, resource: string, scope: ResourceScope, query: Record<string, unknown>, limit: number): Promise<{ items: ResourceRecord[]; total: number }> {
  const items: ResourceRecord[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const result = await provider.getList(resource, scope, { ...query, page, pageSize: 200 });
    total = result.total;
    items.push(...result.items);
    if (result.items.length < 200 || items.length >= Math.min(total, limit)) break;
  }
  return { items: items.slice(0, limit), total };
}
