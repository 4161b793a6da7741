import { z } from 'zod';

/**
 * Access control of spec §6: who may open which screen and call which route.
 *
 * Two layers. A user's global role (`admin` sees and does everything, `operator` sees what their
 * project memberships allow), and per project a member role (owner, admin, editor, viewer) that maps
 * every permission area to none, read or write. App roles (spec: "app roles can be linked to menus and
 * users") narrow what an editor or viewer sees to the menus the role names. The console and the server
 * evaluate the same pure functions below, so a hidden button and a refused call never disagree.
 */

// ---------------------------------------------------------------------------------------------
// Areas and levels

/**
 * Permission areas: each screen and route belongs to one.
 *
 * `project` is the project's own settings, `ownership` transferring or deleting it, `collaborators`
 * members, invitations, teams and app roles; `apps` apps, store credentials and card payment;
 * `commerce` SKUs, entitlements and offerings; `integrations` webhooks; `audit` the config record. The
 * rest are the spec's other project areas, declared now so app roles and menus can name them.
 */
export const areas = [
  'project',
  'ownership',
  'collaborators',
  'apps',
  'commerce',
  'integrations',
  'audit',
  'management',
  'customers',
  'transactions',
  'assets',
  'tools',
  'pricing',
] as const;
export type Area = (typeof areas)[number];
export const areaSchema = z.enum(areas, { error: 'validation.enum' });

export const accessLevels = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Whether `granted` is at least `needed` (write implies read). */
export function levelAllows(granted: AccessLevel, needed: Exclude<AccessLevel, 'none'>): boolean {
  return needed === 'read' ? granted !== 'none' : granted === 'write';
}

export type Permissions = { readonly [A in Area]: AccessLevel };

// ---------------------------------------------------------------------------------------------
// Roles

/** Global roles of an operator account (contract/api/auth.ts `userRoleSchema`). */
export const globalRoles = ['admin', 'operator'] as const;
export type GlobalRole = (typeof globalRoles)[number];

/** Project member roles. Exactly one owner per project; ownership moves only by transfer. */
export const memberRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export type MemberRole = (typeof memberRoles)[number];
export const memberRoleSchema = z.enum(memberRoles, { error: 'validation.enum' });

/** The roles an invitation or a role change may give: ownership is only ever transferred. */
export const assignableMemberRoles = ['admin', 'editor', 'viewer'] as const;
export type AssignableMemberRole = (typeof assignableMemberRoles)[number];
export const assignableMemberRoleSchema = z.enum(assignableMemberRoles, { error: 'validation.enum' });

const W = 'write' as const;
const R = 'read' as const;
const N = 'none' as const;

/**
 * What each member role may do per area.
 *
 * Owners and admins run the project; only the owner transfers or deletes it. Editors do the daily
 * work (catalog, configuration, customers) and read the structure around it. Viewers read, except
 * integrations: webhook endpoints are infrastructure detail a read-only guest has no use for, and
 * the one place a viewer meets 105011.
 */
export const rolePermissions: { readonly [M in MemberRole]: Permissions } = {
  owner: {
    project: W, ownership: W, collaborators: W, apps: W, commerce: W, integrations: W, audit: R,
    management: W, customers: W, transactions: W, assets: W, tools: W, pricing: W,
  },
  admin: {
    project: W, ownership: R, collaborators: W, apps: W, commerce: W, integrations: W, audit: R,
    management: W, customers: W, transactions: W, assets: W, tools: W, pricing: W,
  },
  editor: {
    project: R, ownership: R, collaborators: R, apps: R, commerce: W, integrations: R, audit: R,
    management: W, customers: W, transactions: W, assets: W, tools: W, pricing: W,
  },
  viewer: {
    project: R, ownership: R, collaborators: R, apps: R, commerce: R, integrations: N, audit: R,
    management: R, customers: R, transactions: R, assets: R, tools: R, pricing: R,
  },
};

/** A global administrator acts as an owner on every project, member or not. */
export const globalAdminPermissions: Permissions = rolePermissions.owner;

// ---------------------------------------------------------------------------------------------
// Menus

/** Where a menu lives: the global navigation, or inside one project. */
export type MenuScope = 'global' | 'project';

/**
 * One screen of the spec's route table (§2). `area` null means every signed-in operator may open it;
 * `adminOnly` screens are for global administrators.
 */
export interface MenuDef {
  readonly id: string;
  readonly path: string;
  readonly scope: MenuScope;
  readonly area: Area | null;
  readonly adminOnly?: boolean;
}

const menu = (id: string, path: string, scope: MenuScope, area: Area | null, adminOnly = false): MenuDef =>
  adminOnly ? { id, path, scope, area, adminOnly } : { id, path, scope, area };

/**
 * Every menu of the console. Project menus carry `:projectId` in their path; the console fills it in.
 * `management.configRecord` is the audit log, hence the `audit` area.
 */
export const menuList = [
  menu('welcome', '/welcome', 'global', null),
  menu('overview', '/overview', 'global', null),
  menu('charts', '/charts', 'global', null),
  menu('account', '/account', 'global', null),
  menu('projects.list', '/projects', 'global', null),
  menu('customers.index', '/customers/index', 'global', 'customers'),
  menu('customers.userSegmentation', '/customers/user-segmentation', 'global', 'customers'),
  menu('transactions.index', '/transactions/index', 'global', 'transactions'),
  menu('transactions.receipt', '/transactions/receipt', 'global', 'transactions'),
  menu('transactions.apple', '/transactions/apple', 'global', 'transactions'),
  menu('transactions.manualUnlock', '/transactions/manual-unlock', 'global', 'transactions'),
  menu('asset.index', '/asset/index', 'global', 'assets'),
  menu('asset.campaign', '/asset/campaign', 'global', 'assets'),
  menu('universalTool.price', '/universal-tool/price', 'global', 'tools'),
  menu('universalTool.automations', '/universal-tool/automations', 'global', 'tools'),
  menu('universalTool.singleSends', '/universal-tool/single-sends', 'global', 'tools'),
  menu('universalTool.testEquipmentList', '/universal-tool/test-equipment-list', 'global', 'tools'),
  menu('universalTool.installationPackage', '/universal-tool/installation-package', 'global', 'tools'),
  menu('universalTool.affiliate', '/universal-tool/affiliate', 'global', 'tools'),
  menu('universalTool.push', '/universal-tool/push', 'global', 'tools'),
  menu('universalTool.trending', '/universal-tool/trending', 'global', 'tools'),
  menu('universalTool.shield', '/universal-tool/shield', 'global', 'tools'),
  menu('universalTool.type', '/universal-tool/type', 'global', 'tools'),
  menu('universalTool.gpt', '/universal-tool/gpt', 'global', 'tools'),
  menu('universalTool.topic', '/universal-tool/topic', 'global', 'tools'),
  menu('management.index', '/management', 'global', 'management'),
  menu('pricing.competitorPrice', '/pricing/competitor-price', 'global', 'pricing'),
  menu('pricing.strategy', '/pricing/strategy', 'global', 'pricing'),
  menu('system.countries', '/system/countries', 'global', null, true),
  menu('system.languages', '/system/languages', 'global', null, true),
  menu('projects.general', '/projects/:projectId/general', 'project', 'project'),
  menu('projects.collaborators', '/projects/:projectId/collaborators', 'project', 'collaborators'),
  menu('projects.apps', '/projects/:projectId/apps', 'project', 'apps'),
  menu('projects.settings', '/projects/:projectId/settings/:appId', 'project', 'apps'),
  menu('projects.skus', '/projects/:projectId/skus', 'project', 'commerce'),
  menu('projects.entitlements', '/projects/:projectId/entitlements', 'project', 'commerce'),
  menu('projects.integrations', '/projects/:projectId/integrations', 'project', 'integrations'),
  menu('management.subscribe', '/management/:projectId/subscribe', 'project', 'management'),
  menu('management.popup', '/management/:projectId/popup', 'project', 'management'),
  menu('management.popupPreview', '/management/:projectId/popupPreview', 'project', 'management'),
  menu('management.banner', '/management/:projectId/banner', 'project', 'management'),
  menu('management.startPage', '/management/:projectId/start-page', 'project', 'management'),
  menu('management.home', '/management/:projectId/home', 'project', 'management'),
  menu('management.newHome', '/management/:projectId/new-home', 'project', 'management'),
  menu('management.product', '/management/:projectId/product', 'project', 'management'),
  menu('management.regionGroup', '/management/:projectId/region-group', 'project', 'management'),
  menu('management.language', '/management/:projectId/language', 'project', 'management'),
  menu('management.configRecord', '/management/:projectId/config-record', 'project', 'audit'),
  menu('management.tier', '/management/:projectId/tier', 'project', 'management'),
  menu('management.pricing', '/management/:projectId/pricing', 'project', 'management'),
  menu('management.sku', '/management/:projectId/sku', 'project', 'management'),
  menu('management.miniApp', '/management/:projectId/mini-app', 'project', 'management'),
  menu('management.newMiniApp', '/management/:projectId/new-mini-app', 'project', 'management'),
  menu('management.coupon', '/management/:projectId/coupon', 'project', 'management'),
  menu('management.retention', '/management/:projectId/retention', 'project', 'management'),
  menu('management.aigcRedemption', '/management/:projectId/aigc-redemption', 'project', 'management'),
  menu('management.abHomePage', '/management/:projectId/ab-home-page', 'project', 'management'),
  menu('management.newAbHomePage', '/management/:projectId/new-ab-home-page', 'project', 'management'),
  menu('management.checkSubscription', '/management/:projectId/check-subscription', 'project', 'management'),
] as const satisfies readonly MenuDef[];

export type MenuId = (typeof menuList)[number]['id'];
export const menuIds = menuList.map((m) => m.id) as unknown as readonly [MenuId, ...MenuId[]];
export const menuIdSchema = z.enum(menuIds, { error: 'validation.enum' });

/** Project menus: the ones an app role can grant. */
export const projectMenuIds = menuList.filter((m) => m.scope === 'project').map((m) => m.id) as unknown as readonly [MenuId, ...MenuId[]];
export const projectMenuIdSchema = z.enum(projectMenuIds, { error: 'validation.enum' });

const menusById: ReadonlyMap<string, MenuDef> = new Map(menuList.map((m) => [m.id, m]));

/** The definition of a menu id. */
export function menuDef(id: MenuId): MenuDef {
  return menusById.get(id) as MenuDef;
}

/** The i18n key of a menu's label (namespace `access`, contract/resources/access.labels.ts). */
export function menuLabelKey(id: MenuId): string {
  return `access:menus.${id}`;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** Areas an app role never narrows: a member must always see the project itself. */
const unnarrowed: ReadonlySet<Area> = new Set<Area>(['project', 'ownership']);

/**
 * A member's effective permissions in one project.
 *
 * Owners and admins get their role's permissions whole. For editors and viewers linked to app roles
 * (`appRoleMenus` not null), an area keeps its level only if one of the granted menus belongs to it:
 * app roles narrow, they never widen. With no app role, the member role alone decides.
 */
export function effectivePermissions(role: MemberRole, appRoleMenus: readonly MenuId[] | null): Permissions {
  const base = rolePermissions[role];
  if (appRoleMenus === null || role === 'owner' || role === 'admin') return base;
  const granted = new Set(appRoleMenus.map((id) => menuDef(id).area));
  const result = { ...base } as Record<Area, AccessLevel>;
  for (const area of areas) {
    if (!unnarrowed.has(area) && !granted.has(area)) result[area] = 'none';
  }
  return result;
}

/** The project menus a member with these permissions may open, in menu order. */
export function projectMenusFor(permissions: Permissions): MenuId[] {
  return menuList.filter((m) => m.scope === 'project' && (m.area === null || permissions[m.area] !== 'none')).map((m) => m.id);
}

/**
 * The global menus of a user: every general screen, area screens when at least one project (or the
 * global admin role) grants read on the area, and system screens for administrators.
 */
export function globalMenusFor(role: GlobalRole, projectPermissions: readonly Permissions[]): MenuId[] {
  return menuList
    .filter((m) => {
      if (m.scope !== 'global') return false;
      if ('adminOnly' in m && m.adminOnly) return role === 'admin';
      if (m.area === null || role === 'admin') return true;
      const area = m.area;
      return projectPermissions.some((p) => p[area] !== 'none');
    })
    .map((m) => m.id);
}

// ---------------------------------------------------------------------------------------------
// Route access

/**
 * What a route requires beyond its `auth` (contract/api/route.ts):
 * - `user`: any signed-in operator (what the route does is limited to their own data);
 * - `admin`: a global administrator (105010 for anyone else);
 * - `project`: the `:projectId` path parameter names a project the caller is a member of (102017
 *   otherwise, 102019 when there is no such project) with at least `level` on `area` (105011 when
 *   they may not read it, 105010 when they may read but not write).
 */
export type RouteAccess =
  | { readonly scope: 'user' }
  | { readonly scope: 'admin' }
  | { readonly scope: 'project'; readonly area: Area; readonly level: Exclude<AccessLevel, 'none'> };

/** A route definition carrying its access rule (see `withAccess`). */
export type WithAccess<D> = D & { readonly access: RouteAccess };

/**
 * Attaches an access rule to a route definition. The server enforces it for every route before the
 * input is validated; the console reads it to hide what the user may not do (`mayCall`).
 */
export function withAccess<D extends object>(def: D, access: RouteAccess): WithAccess<D> {
  return { ...def, access };
}

/** The access rule of a route definition, if it has one. */
export function accessOf(def: object): RouteAccess | undefined {
  return (def as { access?: RouteAccess }).access;
}

/**
 * Whether a user with these project permissions (undefined outside a project) may call a route. The
 * server is the judge; this only spares the console from offering what would be refused.
 */
export function mayCall(def: object, role: GlobalRole, permissions: Permissions | undefined): boolean {
  const access = accessOf(def);
  if (!access || access.scope === 'user') return true;
  if (access.scope === 'admin') return role === 'admin';
  const granted = role === 'admin' ? globalAdminPermissions : permissions;
  return granted !== undefined && levelAllows(granted[access.area], access.level);
}
