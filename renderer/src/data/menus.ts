import { routes, type RouteId } from '@contract/api';
import { mayCall, type GlobalRole } from '@contract/permissions';
import { useMyMenus } from './my-menus';
import { useSession } from './session';

export { useMyMenus } from './my-menus';

/**
 * The operator's access to one project: their member role, permissions and menus there, and
 * `can(routeId)` from the contract's own rule (`mayCall`), so a hidden button and a refused call
 * never disagree. The server still decides every call.
 */
export function useProjectAccess(projectId: string | undefined) {
  const menus = useMyMenus();
  const session = useSession();
  const role: GlobalRole = menus.data?.role ?? session.data?.user?.role ?? 'operator';
  const project = projectId ? menus.data?.projects.find((p) => p.projectId === projectId) : undefined;
  return {
    isPending: menus.isPending,
    error: menus.error,
    role,
    project,
    menus: project?.menus ?? [],
    can: (routeId: RouteId) => mayCall(routes[routeId], role, project?.permissions),
  };
}
