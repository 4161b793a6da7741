import { menuList, type MenuDef } from '@contract/permissions';

/**
 * Who may open each menu while the operator's own menus are loading: its area (null: every
 * operator) and whether it is for administrators (contract/permissions.ts `menuList`). Data only:
 * the build replaces this module by its value (scripts/renderer-precompute.ts), so the console's
 * frame reads it without the contract's schemas (issue 12's first-screen budget).
 */
export const menuAccess: Readonly<Record<string, Pick<MenuDef, 'area'> & { readonly adminOnly: boolean }>> = Object.fromEntries(
  menuList.map((menu) => [menu.id, { area: menu.area, adminOnly: menu.adminOnly ?? false }]),
);
