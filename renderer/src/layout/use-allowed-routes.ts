import { useMemo } from 'react';
import { allowedRoutes, useRouteTable, type ConsoleRoute } from '../components/route-table';
import { useMyMenus } from '../data/my-menus';

/** The route table as far as the operator's menus allow: what the navigation shows. */
export function useAllowedRoutes(): readonly ConsoleRoute[] {
  const { routes } = useRouteTable();
  const menus = useMyMenus();
  const list = menus.data?.menus;
  return useMemo(() => allowedRoutes(routes, list), [routes, list]);
}
