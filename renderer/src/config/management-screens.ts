import { configKinds } from '@contract/config';
import type { MenuId } from '@contract/permissions';

/**
 * The Management area's screens, from the declared kinds: the route table reads this small module
 * (not the page itself, which stays in its own chunk).
 */

/** The config records' segment: a screen of the area that is not a kind. */
export const RECORDS_SEGMENT = 'config-record';

/** The screens of the Management area in menu order: each kind, then the config records. */
export const managementScreens: ReadonlyArray<{ readonly segment: string; readonly menu: MenuId; readonly labelKey: string }> = [
  ...configKinds.map((kind) => ({ segment: kind.segment, menu: kind.menu, labelKey: `config:${kind.name}.plural` })),
  { segment: RECORDS_SEGMENT, menu: 'management.configRecord', labelKey: 'access:menus.management.configRecord' },
];

/** Where a `/management/...` path points. */
export interface ManagementLocation {
  readonly projectId: string | null;
  readonly segment: string | null;
  readonly id: string | null;
}

export function managementLocation(pathname: string): ManagementLocation | null {
  const parts = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  if (parts[0] !== 'management' || parts.length > 4) return null;
  return { projectId: parts[1] ?? null, segment: parts[2] ?? null, id: parts[3] ?? null };
}
