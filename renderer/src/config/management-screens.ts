import { managementKinds } from './kind-index';
import type { MenuId } from '@contract/permissions';

/**
 * The Management area's screens, from the declared kinds: the route table reads this small module
 * (not the page itself, which stays in its own chunk).
 */

/** The config records' segment: a screen of the area that is not a kind. */
export const RECORDS_SEGMENT = 'config-record';

/**
 * Screens of the area that are no kind's list (management-page.tsx draws them from `customScreenPages`),
 * each listed right after the kind it belongs to (`after` a kind name), or after the config records.
 */
export const customScreens: ReadonlyArray<{ readonly segment: string; readonly menu: MenuId; readonly labelKey: string; readonly after: string }> = [
  { segment: 'popupPreview', menu: 'management.popupPreview', labelKey: 'access:menus.management.popupPreview', after: 'popups' },
  { segment: 'check-subscription', menu: 'management.checkSubscription', labelKey: 'access:menus.management.checkSubscription', after: RECORDS_SEGMENT },
];

/** The screens of the Management area in menu order: each kind (and the screens after it), then the config records. */
export const managementScreens: ReadonlyArray<{ readonly segment: string; readonly menu: MenuId; readonly labelKey: string }> = [
  ...managementKinds.flatMap((kind) => [
    { segment: kind.segment, menu: kind.menu, labelKey: `config:${kind.name}.plural` },
    ...customScreens.filter((screen) => screen.after === kind.name).map(({ segment, menu, labelKey }) => ({ segment, menu, labelKey })),
  ]),
  { segment: RECORDS_SEGMENT, menu: 'management.configRecord', labelKey: 'access:menus.management.configRecord' },
  ...customScreens.filter((screen) => screen.after === RECORDS_SEGMENT).map(({ segment, menu, labelKey }) => ({ segment, menu, labelKey })),
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
