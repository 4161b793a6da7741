import type { MenuId } from '@contract/permissions';

/** One tab of a project (spec §2 /projects/:projectId/<tab>). */
export interface ProjectTabEntry<T extends string = string> {
  readonly tab: T;
  /** i18n key of the page title (the tab's own label is `projectPages:tabs.<tab>`). */
  readonly labelKey: string;
  /** The menu that grants the tab; null for a tab that follows its route's access instead. */
  readonly menu: MenuId | null;
  /** An item's own address shown under this tab: `/projects/:projectId/<segment>/:appId`. */
  readonly detail?: { readonly segment: string; readonly labelKey: string; readonly menu: MenuId };
}

/**
 * The tabs of a project, in the order they are shown: the one table the project page, its tab
 * list and the console's route table (app/routes.tsx) read. A new tab is one entry here, its
 * panel in project-page.tsx (the switch there is exhaustive) and its label in both languages.
 */
export const projectTabTable = [
  { tab: 'general', labelKey: 'access:menus.projects.general', menu: 'projects.general' },
  { tab: 'collaborators', labelKey: 'access:menus.projects.collaborators', menu: 'projects.collaborators' },
  {
    tab: 'apps',
    labelKey: 'access:menus.projects.apps',
    menu: 'projects.apps',
    detail: { segment: 'settings', labelKey: 'access:menus.projects.settings', menu: 'projects.settings' },
  },
  { tab: 'skus', labelKey: 'access:menus.projects.skus', menu: 'projects.skus' },
  { tab: 'entitlements', labelKey: 'access:menus.projects.entitlements', menu: 'projects.entitlements' },
  // Offerings have no menu of their own and follow their route's access.
  { tab: 'offerings', labelKey: 'projectPages:tabs.offerings', menu: null },
  { tab: 'integrations', labelKey: 'access:menus.projects.integrations', menu: 'projects.integrations' },
] as const satisfies readonly ProjectTabEntry[];

export type ProjectTab = (typeof projectTabTable)[number]['tab'];

/** The tabs of a project, in the order they are shown. */
export const projectTabs: readonly ProjectTab[] = projectTabTable.map((entry) => entry.tab);

/** The menu that grants each tab; null where the tab follows its route's access. */
export const projectTabMenus = Object.fromEntries(projectTabTable.map((entry) => [entry.tab, entry.menu])) as Readonly<Record<ProjectTab, MenuId | null>>;

/** The route paths of the project tabs and their detail addresses, relative to the project. */
export function projectTabRoutes(): ReadonlyArray<{ readonly segment: string; readonly labelKey: string; readonly menu: MenuId | null }> {
  return projectTabTable.flatMap((entry: ProjectTabEntry<ProjectTab>) => [
    { segment: entry.tab, labelKey: entry.labelKey, menu: entry.menu },
    ...(entry.detail ? [{ segment: `${entry.detail.segment}/:appId`, labelKey: entry.detail.labelKey, menu: entry.detail.menu }] : []),
  ]);
}

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
  const detailOf = projectTabTable.find((entry: ProjectTabEntry<ProjectTab>) => entry.detail?.segment === parts[2]);
  if (detailOf && parts[3] && parts.length === 4) return { projectId, tab: detailOf.tab, appId: parts[3] };
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
