import type { RouteId } from '@contract/api';

/**
 * The resource a route belongs to: the part of its id before the first dot (`auth.me` → `auth`).
 * Mutations invalidate by resource, the way refine's data provider does.
 */
export function resourceOf(routeId: RouteId | string): string {
  const dot = routeId.indexOf('.');
  return dot === -1 ? routeId : routeId.slice(0, dot);
}

const root = ['palette'] as const;

/**
 * The one query-key factory of the console. Keys nest so that a prefix invalidates everything
 * under it: `resource('auth')` covers `route('auth.me')`, which covers every `call('auth.me', …)`.
 */
export const queryKeys = {
  all: root,
  session: () => [...root, 'session'] as const,
  appInfo: () => [...root, 'app-info'] as const,
  connectivity: () => [...root, 'connectivity'] as const,
  update: () => [...root, 'update'] as const,
  embeddedServer: () => [...root, 'embedded-server'] as const,
  api: () => [...root, 'api'] as const,
  resource: (resource: string) => [...root, 'api', resource] as const,
  route: (routeId: RouteId) => [...root, 'api', resourceOf(routeId), routeId] as const,
  call: (routeId: RouteId, input: unknown) => [...root, 'api', resourceOf(routeId), routeId, input ?? {}] as const,
};
