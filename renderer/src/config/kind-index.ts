import { configKinds } from '@contract/config';
import type { MenuId } from '@contract/permissions';

/** A configuration kind as the console's frame needs it: its name, console segment, menu and list path. */
export interface KindIndexEntry {
  readonly name: string;
  readonly segment: string;
  readonly menu: MenuId;
  /** `/management/:projectId/<segment>`, or a universal tool's `/universal-tool/<segment>` (contract/config/console-path.ts). */
  readonly consolePath: string;
}

/**
 * The declared kinds (contract/config/kinds) by name, segment and menu, in declaration order: what
 * the route table and the frame need of them. Data only: the build replaces this module by its
 * value (scripts/renderer-precompute.ts), so the console's first screen loads neither the kinds'
 * declarations nor the schema library (issue 12: at most 400 KB of gzipped script).
 */
export const kindIndex: readonly KindIndexEntry[] = configKinds.map(({ name, segment, menu, consolePath }) => ({ name, segment, menu, consolePath }));

/** The kinds of the Management area (the others are universal tools, renderer/src/config/tool-page.tsx). */
export const managementKinds: readonly KindIndexEntry[] = kindIndex.filter((kind) => kind.consolePath.startsWith('/management/'));

/** The kinds shown as universal tools (`/universal-tool/<segment>`), with a project picker. */
export const toolKinds: readonly KindIndexEntry[] = kindIndex.filter((kind) => kind.consolePath.startsWith('/universal-tool/'));
