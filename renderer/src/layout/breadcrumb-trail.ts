import type { ConsoleRoute } from '../components/route-table';

/**
 * The header's breadcrumb for a route: the area, the project the screen edits (when the address
 * names one), then the screen, without repeating a label.
 *
 * Why: Management never said which project was being edited ("Management › Subscription pages"),
 * and its chooser read "Management › Management" (issue 19 §5).
 */
export function breadcrumbTrail(areaLabel: string, screenLabel: string, projectName: string | null): readonly string[] {
  const trail = [areaLabel, ...(projectName ? [projectName] : []), screenLabel];
  return trail.filter((label, index) => index === 0 || label !== trail[index - 1]);
}

/** The project id an address names: the `:projectId` segment of the route, or `?project=`. */
export function projectIdOf(route: Pick<ConsoleRoute, 'path'>, pathname: string, search: string): string | null {
  const at = route.path.split('/').indexOf(':projectId');
  if (at >= 0) return pathname.split('/')[at] || null;
  return new URLSearchParams(search).get('project');
}
