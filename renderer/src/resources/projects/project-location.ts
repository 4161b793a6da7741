import type { MenuId } from '@contract/permissions';

/** The tabs of a project (spec §2 /projects/:projectId/...), in the order they are shown. */
export const projectTabs = ['general', 'collaborators', 'apps', 'skus', 'entitlements', 'offerings', 'integrations'] as const;
export type ProjectTab = (typeof projectTabs)[number];

/** The menu that grants each tab; offerings have none of their own and follow their route's access. */
export const projectTabMenus: Readonly<Record<ProjectTab, MenuId | null>> = {
  general: 'projects.general',
  collaborators: 'projects.collaborators',
  apps: 'projects.apps',
  skus: 'projects.skus',
  entitlements: 'projects.entitlements',
  offerings: null,
  integrations: 'projects.integrations',
};

/** Where in a project an address points: its id, the tab (null for the bare project address), an app's settings. */
export interface ProjectLocation {
  readonly projectId: string;
  readonly tab: ProjectTab | null;
  /** `/projects/:projectId/settings/:appId`: an app's settings, shown under the Apps tab. */
  readonly appId?: string;
}

/** Reads `/projects/:projectId[/tab[/...]]`; null for any other address or an unknown tab. */
export function projectLocation(pathname: string): ProjectLocation | null {
  const parts = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 'projects' || !parts[1]) return null;
  const projectId = parts[1];
  if (parts.length === 2) return { projectId, tab: null };
  if (parts[2] === 'settings' && parts[3] && parts.length === 4) return { projectId, tab: 'apps', appId: parts[3] };
  const tab = parts[2] as ProjectTab;
  if (parts.length !== 3 || !projectTabs.includes(tab)) return null;
  return { projectId, tab };
}

/** The tabs an operator sees: those whose menu they have (or whose route they may call). */
export function visibleTabs(menus: readonly string[], mayListOfferings: boolean): ProjectTab[] {
  return projectTabs.filter((tab) => {
    const menu = projectTabMenus[tab];
    return menu === null ? mayListOfferings : menus.includes(menu);
  });
}
