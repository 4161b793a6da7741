import {
  bundleIcon,
  AppsListDetail20Filled,
  AppsListDetail20Regular,
  Globe20Filled,
  Globe20Regular,
  Folder20Filled,
  Folder20Regular,
  Home20Filled,
  Home20Regular,
  LockOpen20Filled,
  LockOpen20Regular,
  MailInboxCheckmark20Filled,
  MailInboxCheckmark20Regular,
  People20Filled,
  People20Regular,
  Person20Filled,
  Person20Regular,
  Receipt20Filled,
  Receipt20Regular,
  Toolbox20Filled,
  Toolbox20Regular,
} from '@fluentui/react-icons';
import type { MenuId } from '@contract/permissions';
import { managementScreens } from '../config/management-screens';
import { toolKinds } from '../config/kind-index';
import { lazyPage } from '../components/lazy-page';
import {
  activeMenuRoute as activeMenuRouteIn,
  findPublicPage as findPublicPageIn,
  findRoute as findRouteIn,
  menuGroups as menuGroupsIn,
  type ConsoleRoute,
  type MenuGroup,
  type PublicPage,
  type RouteTable,
} from '../components/route-table';
import { projectTabRoutes } from '../resources/projects/project-location';

export { allowedRoutes, areas, type AreaId, type ConsoleRoute, type MenuGroup, type PublicPage } from '../components/route-table';

/**
 * The console's one route table.
 *
 * Every authenticated screen is one entry; the router, the side and top menus, prefetching links
 * and the tests all read it. Only screens that work are listed: adding one (Projects, Customers, ...)
 * is one line here plus its page module and its label in both languages.
 */

const HomeIcon = bundleIcon(Home20Filled, Home20Regular);
const PersonIcon = bundleIcon(Person20Filled, Person20Regular);
const FolderIcon = bundleIcon(Folder20Filled, Folder20Regular);
const InvitationIcon = bundleIcon(MailInboxCheckmark20Filled, MailInboxCheckmark20Regular);
const ManagementIcon = bundleIcon(AppsListDetail20Filled, AppsListDetail20Regular);
const SystemIcon = bundleIcon(Globe20Filled, Globe20Regular);
const CustomersIcon = bundleIcon(People20Filled, People20Regular);
const TransactionsIcon = bundleIcon(Receipt20Filled, Receipt20Regular);
const UnlockIcon = bundleIcon(LockOpen20Filled, LockOpen20Regular);
const ToolIcon = bundleIcon(Toolbox20Filled, Toolbox20Regular);

/** Customers and Transactions (renderer/src/commerce): global screens over one project each. */
const customersPage = lazyPage(() => import('../commerce/customers-page'));
const transactionsPage = lazyPage(() => import('../commerce/transactions-page'));

function commerceRoutes(): ConsoleRoute[] {
  return [
    { path: '/customers/index', area: 'customers', labelKey: 'access:menus.customers.index', icon: CustomersIcon, page: customersPage, inMenu: true, menu: 'customers.index' },
    {
      path: '/customers/user-segmentation',
      area: 'customers',
      labelKey: 'access:menus.customers.userSegmentation',
      icon: CustomersIcon,
      page: lazyPage(() => import('../commerce/segments-page')),
      inMenu: true,
      menu: 'customers.userSegmentation',
    },
    { path: '/customers/index/:projectId/:customerId', area: 'customers', labelKey: 'access:menus.customers.index', icon: CustomersIcon, page: customersPage, inMenu: false, menu: 'customers.index' },
    { path: '/transactions/index', area: 'transactions', labelKey: 'access:menus.transactions.index', icon: TransactionsIcon, page: transactionsPage, inMenu: true, menu: 'transactions.index' },
    // Spec §2: index, receipt and apple show the same page (receipt opens on the lookup).
    { path: '/transactions/receipt', area: 'transactions', labelKey: 'access:menus.transactions.receipt', icon: TransactionsIcon, page: transactionsPage, inMenu: false, menu: 'transactions.receipt' },
    { path: '/transactions/apple', area: 'transactions', labelKey: 'access:menus.transactions.apple', icon: TransactionsIcon, page: transactionsPage, inMenu: false, menu: 'transactions.apple' },
    {
      path: '/transactions/manual-unlock',
      area: 'transactions',
      labelKey: 'access:menus.transactions.manualUnlock',
      icon: UnlockIcon,
      page: lazyPage(() => import('../commerce/unlocks-page')),
      inMenu: true,
      menu: 'transactions.manualUnlock',
    },
  ];
}

/** System Management's global lists share one chunk: the page picks the list from the path. */
const systemPage = lazyPage(() => import('../resources/system/system-page'));

/** The Management area shares one chunk: the page picks the kind, list or editor from the path. */
const managementPage = lazyPage(() => import('../config/management-page'));

/** The Management area's routes, derived from the declared kinds (contract/config/kinds). */
function managementRoutes(): ConsoleRoute[] {
  const entry = (path: string, labelKey: string, menu?: MenuId): ConsoleRoute => ({ path, area: 'management', labelKey, icon: ManagementIcon, page: managementPage, inMenu: false, ...(menu ? { menu } : {}) });
  return [
    { ...entry('/management', 'access:menus.management.index', 'management.index'), inMenu: true },
    entry('/management/:projectId', 'access:menus.management.index', 'management.index'),
    ...managementScreens.flatMap((screen) => [
      entry(`/management/:projectId/${screen.segment}`, screen.labelKey, screen.menu),
      entry(`/management/:projectId/${screen.segment}/:id`, screen.labelKey, screen.menu),
    ]),
  ];
}

/** The universal tools that are configuration kinds share one chunk: the page picks the kind from the path. */
const toolPage = lazyPage(() => import('../config/tool-page'));

/** The universal tools' routes, derived from the kinds whose menu is a universal tool's (contract/config/kinds). */
function toolRoutes(): ConsoleRoute[] {
  return toolKinds.flatMap((kind) => [
    { path: kind.consolePath, area: 'tools' as const, labelKey: `config:${kind.name}.plural`, icon: ToolIcon, page: toolPage, inMenu: true, menu: kind.menu },
    { path: `${kind.consolePath}/:id`, area: 'tools' as const, labelKey: `config:${kind.name}.plural`, icon: ToolIcon, page: toolPage, inMenu: false, menu: kind.menu },
  ]);
}

/** The project screens share one chunk: the page picks its tab from the path. */
const projectPage = lazyPage(() => import('../resources/projects/project-page'));

/** A tab of the project detail page (spec §2: /projects/:projectId/...). */
const projectTab = (segment: string, labelKey: string, menu: MenuId | null): ConsoleRoute => ({
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
  // The tabs come from the project page's own table: a new tab is one entry there.
  ...projectTabRoutes().map((tab) => projectTab(tab.segment, tab.labelKey, tab.menu)),
  {
    path: '/invitations/accept',
    area: 'projects',
    labelKey: 'projects:invitation.accept',
    icon: InvitationIcon,
    page: lazyPage(() => import('../resources/projects/accept-invitation-page')),
    inMenu: false,
  },
  ...commerceRoutes(),
  // A signed preview link opened on the desktop (palette://preview/<token>).
  {
    path: '/preview/:token',
    area: 'projects',
    labelKey: 'projectPages:preview.opened.title',
    icon: InvitationIcon,
    page: lazyPage(() => import('../resources/projects/preview-link-page')),
    inMenu: false,
  },
  ...toolRoutes(),
  ...managementRoutes(),
  { path: '/system/countries', area: 'system', labelKey: 'access:menus.system.countries', icon: SystemIcon, page: systemPage, inMenu: true, menu: 'system.countries' },
  { path: '/system/languages', area: 'system', labelKey: 'access:menus.system.languages', icon: SystemIcon, page: systemPage, inMenu: true, menu: 'system.languages' },
];

/**
 * Spec §2's parents that are no screen of their own: each opens its first child (as `/management`
 * opens its chooser), so a typed or bookmarked parent address never answers 404.
 */
export const parentRedirects: ReadonlyArray<{ readonly from: string; readonly to: string }> = [
  { from: '/customers', to: '/customers/index' },
  { from: '/transactions', to: '/transactions/index' },
];

/** Where a signed-in operator lands (spec §2: the index redirects). */
export const homePath = '/welcome';

/** The menu: areas in spec order that hold at least one menu screen. */
export function menuGroups(routes: readonly ConsoleRoute[] = consoleRoutes): readonly MenuGroup[] {
  return menuGroupsIn(routes);
}

/** The route whose path matches `pathname` exactly (`:param` segments match anything). */
export function findRoute(pathname: string, routes: readonly ConsoleRoute[] = consoleRoutes): ConsoleRoute | undefined {
  return findRouteIn(pathname, routes);
}

/** The menu entry to highlight for a location: the longest route path that prefixes it. */
export function activeMenuRoute(pathname: string, routes: readonly ConsoleRoute[] = consoleRoutes): ConsoleRoute | undefined {
  return activeMenuRouteIn(pathname, routes);
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
  return findPublicPageIn(pathname, pages);
}

/** What the app provides to the frames, menus and links below it (components/route-table.ts). */
export const routeTable: RouteTable = { routes: consoleRoutes, publicPages };
