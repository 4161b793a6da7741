import type { FluentIcon } from '@fluentui/react-icons';
import {
  bundleIcon,
  Folder20Filled,
  Folder20Regular,
  Home20Filled,
  Home20Regular,
  MailInboxCheckmark20Filled,
  MailInboxCheckmark20Regular,
  Person20Filled,
  Person20Regular,
} from '@fluentui/react-icons';
import { menuDef, type MenuId } from '@contract/permissions';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * The console's one route table.
 *
 * Every authenticated screen is one entry; the router, the side and top menus, prefetching links
 * and the tests all read it. Only screens that work are listed: adding one (Projects, Customers, ...)
 * is one line here plus its page module and its label in both languages.
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

const HomeIcon = bundleIcon(Home20Filled, Home20Regular);
const PersonIcon = bundleIcon(Person20Filled, Person20Regular);
const FolderIcon = bundleIcon(Folder20Filled, Folder20Regular);
const InvitationIcon = bundleIcon(MailInboxCheckmark20Filled, MailInboxCheckmark20Regular);

/** The project screens share one chunk: the page picks its tab from the path. */
const projectPage = lazyPage(() => import('../resources/projects/project-page'));

/** A tab of the project detail page (spec §2: /projects/:projectId/...). */
const projectTab = (segment: string, labelKey: string, menu?: MenuId): ConsoleRoute => ({
  path: `/projects/:projectId/${segment}`,
  area: 'projects',
  labelKey,
  icon: FolderIcon,
  page: projectPage,
  inMenu: false,
  ...(menu ? { menu } : {}),
});

export const consoleRoutes: readonly ConsoleRoute[] = [
  { path: '/welcome', area: 'home', labelKey: 'layout:nav.items.welcome', icon: HomeIcon, page: lazyPage(() => import('../pages/welcome/welcome-page')), inMenu: true, menu: 'welcome' },
  { path: '/account', area: 'home', labelKey: 'layout:nav.items.account', icon: PersonIcon, page: lazyPage(() => import('../pages/account/account-page')), inMenu: true, menu: 'account' },
  {
    path: '/projects',
    area: 'projects',
    labelKey: 'access:menus.projects.list',
    icon: FolderIcon,
    page: lazyPage(() => import('../resources/projects/projects-page')),
    inMenu: true,
    menu: 'projects.list',
  },
  { path: '/projects/:projectId', area: 'projects', labelKey: 'access:menus.projects.list', icon: FolderIcon, page: projectPage, inMenu: false },
  projectTab('general', 'access:menus.projects.general', 'projects.general'),
  projectTab('collaborators', 'access:menus.projects.collaborators', 'projects.collaborators'),
  projectTab('apps', 'access:menus.projects.apps', 'projects.apps'),
  projectTab('settings/:appId', 'access:menus.projects.settings', 'projects.settings'),
  projectTab('skus', 'access:menus.projects.skus', 'projects.skus'),
  projectTab('entitlements', 'access:menus.projects.entitlements', 'projects.entitlements'),
  projectTab('offerings', 'projectPages:tabs.offerings'),
  projectTab('integrations', 'access:menus.projects.integrations', 'projects.integrations'),
  {
    path: '/invitations/accept',
    area: 'projects',
    labelKey: 'projects:invitation.accept',
    icon: InvitationIcon,
    page: lazyPage(() => import('../resources/projects/accept-invitation-page')),
    inMenu: false,
  },
];

/**
 * The routes an operator's menus allow: routes without a menu, and those whose menu `me.menus`
 * lists. While the menus load (`undefined`), only menus every operator has (no area, not
 * administrators-only), so nothing flashes in that is then taken away.
 */
export function allowedRoutes(routes: readonly ConsoleRoute[], menus: readonly string[] | undefined): ConsoleRoute[] {
  return routes.filter((route) => {
    if (!route.menu) return true;
    if (menus) return menus.includes(route.menu);
    const def = menuDef(route.menu);
    return def.area === null && !def.adminOnly;
  });
}

/** Where a signed-in operator lands (spec §2: the index redirects). */
export const homePath = '/welcome';

/** A menu group: an area and its screens, in table order. */
export interface MenuGroup {
  readonly area: (typeof areas)[number];
  readonly items: readonly ConsoleRoute[];
}

/** The menu: areas in spec order that hold at least one menu screen. */
export function menuGroups(routes: readonly ConsoleRoute[] = consoleRoutes): readonly MenuGroup[] {
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
export function findRoute(pathname: string, routes: readonly ConsoleRoute[] = consoleRoutes): ConsoleRoute | undefined {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return routes.find((route) => segmentsMatch(route.path, path, false));
}

/** The menu entry to highlight for a location: the longest route path that prefixes it. */
export function activeMenuRoute(pathname: string, routes: readonly ConsoleRoute[] = consoleRoutes): ConsoleRoute | undefined {
  return routes
    .filter((route) => route.inMenu && segmentsMatch(route.path, pathname, true))
    .sort((a, b) => b.path.length - a.path.length)[0];
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

/** Help, privacy and terms share one small chunk: the page picks its text by path. */
const legalPage = lazyPage(() => import('../pages/legal/legal-page'));

export const publicPages: readonly PublicPage[] = [
  { path: '/help', labelKey: 'legal:help.title', page: legalPage },
  { path: '/privacy', labelKey: 'legal:privacy.title', page: legalPage },
  { path: '/terms', labelKey: 'legal:terms.title', page: legalPage },
];

/** The public page at `pathname`, if any. */
export function findPublicPage(pathname: string, pages: readonly PublicPage[] = publicPages): PublicPage | undefined {
  const path = (pathname.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return pages.find((page) => page.path === path);
}
