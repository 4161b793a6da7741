import type { FluentIcon } from '@fluentui/react-icons';
import { createContext, useContext } from 'react';
import type { MenuId } from '@contract/permissions';
import { menuAccess } from './menu-access';
import type { LazyPage } from './lazy-page';

/**
 * The shape of the console's route table and the pure functions over it.
 *
 * The table itself (`app/routes.tsx`) names every page module, so it sits at the top of the
 * renderer's layers; the frames, menus and prefetching links below it read it through
 * `RouteTableContext`, which the app provides. (Importing `app/routes` from below closed an import
 * cycle through the pages' lazy `import()`s.)
 */

/** The areas of spec §1, in menu order. A group shows only when it holds at least one screen. */
export const areas = [
  { id: 'home', labelKey: 'layout:nav.areas.home' },
  { id: 'customers', labelKey: 'layout:nav.areas.customers' },
  { id: 'transactions', labelKey: 'layout:nav.areas.transactions' },
  { id: 'projects', labelKey: 'layout:nav.areas.projects' },
  { id: 'assets', labelKey: 'layout:nav.areas.assets' },
  { id: 'tools', labelKey: 'layout:nav.areas.tools' },
  { id: 'management', labelKey: 'layout:nav.areas.management' },
  { id: 'pricing', labelKey: 'layout:nav.areas.pricing' },
  { id: 'system', labelKey: 'layout:nav.areas.system' },
] as const;

export type AreaId = (typeof areas)[number]['id'];

/** One authenticated screen. */
export interface ConsoleRoute {
  /** Absolute path, as in spec §2 (`/welcome`, `/projects/:projectId/general`). */
  readonly path: string;
  readonly area: AreaId;
  /** i18n key (`namespace:key`) of its menu label and page title. */
  readonly labelKey: string;
  readonly icon: FluentIcon;
  readonly page: LazyPage;
  /** False for screens reached only from other screens (details, editors). */
  readonly inMenu: boolean;
  /**
   * The contract menu (contract/permissions.ts) that grants the entry: the menu shows it only when
   * the operator's `me.menus` lists it. Screens without one are open to every signed-in operator.
   */
  readonly menu?: MenuId;
}

/**
 * A public page: reachable signed in or out, inside the console frame for a signed-in operator and
 * in the public frame otherwise. Not in the menu (the header's help menu and the sign-in page's
 * footer link to them).
 */
export interface PublicPage {
  readonly path: string;
  /** i18n key of its title (the document title and the page's heading). */
  readonly labelKey: string;
  readonly page: LazyPage;
}

/** The console's screens and public pages, as the app declares them. */
export interface RouteTable {
  readonly routes: readonly ConsoleRoute[];
  readonly publicPages: readonly PublicPage[];
}

/** Provided by the app around the router; empty outside it (tests of single pieces). */
export const RouteTableContext = createContext<RouteTable>({ routes: [], publicPages: [] });

/** The route table the app provides. */
export function useRouteTable(): RouteTable {
  return useContext(RouteTableContext);
}

/**
 * The routes an operator's menus allow: routes without a menu, and those whose menu `me.menus`
 * lists. While the menus load (`undefined`), only menus every operator has (no area, not
 * administrators-only), so nothing flashes in that is then taken away.
 */
export function allowedRoutes(routes: readonly ConsoleRoute[], menus: readonly string[] | undefined): ConsoleRoute[] {
  return routes.filter((route) => {
    if (!route.menu) return true;
    if (menus) return menus.includes(route.menu);
    const def = menuAccess[route.menu];
    return def !== undefined && def.area === null && !def.adminOnly;
  });
}

/** A menu group: an area and its screens, in table order. */
export interface MenuGroup {
  readonly area: (typeof areas)[number];
  readonly items: readonly ConsoleRoute[];
}

/** The menu: areas in spec order that hold at least one menu screen. */
export function menuGroups(routes: readonly ConsoleRoute[]): readonly MenuGroup[] {
  return areas
    .map((area) => ({ area, items: routes.filter((route) => route.inMenu && route.area === area.id) }))
    .filter((group) => group.items.length > 0);
}

function segmentsMatch(pattern: string, pathname: string, prefix: boolean): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (prefix ? have.length < want.length : have.length !== want.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/** The route whose path matches `pathname` exactly (`:param` segments match anything). */
export function findRoute(pathname: string, routes: readonly ConsoleRoute[]): ConsoleRoute | undefined {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return routes.find((route) => segmentsMatch(route.path, path, false));
}

/** The menu entry to highlight for a location: the longest route path that prefixes it. */
export function activeMenuRoute(pathname: string, routes: readonly ConsoleRoute[]): ConsoleRoute | undefined {
  return routes
    .filter((route) => route.inMenu && segmentsMatch(route.path, pathname, true))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The public page at `pathname`, if any. */
export function findPublicPage(pathname: string, pages: readonly PublicPage[]): PublicPage | undefined {
  const path = (pathname.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return pages.find((page) => page.path === path);
}

/** The page module of a console screen or public page, if the table has one at `path`. */
export function pageAt(table: RouteTable, path: string): LazyPage | undefined {
  return (findRoute(path, table.routes) ?? findPublicPage(path, table.publicPages))?.page;
}
