import { kindIndex, type KindIndexEntry } from './kind-index';

/**
 * A configuration kind's name, segment and menu by its name, without its declaration: for the
 * console's frame (a waiting change's editor address), which must not load the kinds' schemas
 * (issue 12's first-screen budget). Pages that edit a kind use `configKindOf` from the contract.
 */
export function kindIndexEntry(name: string): KindIndexEntry | undefined {
  return kindIndex.find((kind) => kind.name === name);
}
