import { queryKeys } from '../data/query-keys';
import type { ResourceScope } from './data-provider';

/**
 * The query-key factory of resources (refine's `all`, `list(params)`, `detail(id)`), nested under
 * the console's `queryKeys.resource(name)` so that invalidating a resource after a change reaches
 * its lists and items and every `useApiQuery` call of the same resource's routes.
 */
export const resourceKeys = {
  all: (resource: string) => queryKeys.resource(resource),
  lists: (resource: string) => [...queryKeys.resource(resource), 'list'] as const,
  list: (resource: string, scope: ResourceScope, query: Readonly<Record<string, unknown>>) =>
    [...queryKeys.resource(resource), 'list', scope.projectId ?? null, query] as const,
  detail: (resource: string, scope: ResourceScope, id: string) => [...queryKeys.resource(resource), 'detail', scope.projectId ?? null, id] as const,
};
