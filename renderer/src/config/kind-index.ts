import { configKinds } from '@contract/config';
import type { MenuId } from '@contract/permissions';

/** A configuration kind as the console's frame needs it: its name, console segment and menu. */
export interface KindIndexEntry {
  readonly name: string;
  readonly segment: string;
  readonly menu: MenuId;
}

/**
 * The declared kinds (contract/config/kinds) by name, segment and menu, in declaration order: what
 * the route table and the frame need of them. Data only: the build replaces this module by its
 * value (scripts/renderer-precompute.ts), so the console's first screen loads neither the kinds'
 * declarations nor the schema library (issue 12: at most 400 KB of gzipped script).
 */
export const kindIndex: readonly KindIndexEntry[] = configKinds.map(({ name, segment, menu }) => ({ name, segment, menu }));
