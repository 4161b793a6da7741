/**
 * Sort-order editing (spec §4: "sort order is edited, then confirmed or discarded"; §1: sortable
 * lists with a to-top action). The draft is a list of ids; these pure functions move ids in it and
 * compute what a confirm sends: the smallest contiguous run of items whose position changed, each
 * with the version it was seen at. The server gives that run the positions the same items held
 * (contract/resources/routes.ts `reorder`), so the rest of the list is not touched and a stale
 * version anywhere in the run is refused (108007).
 */

/** The ids with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as string);
  return next;
}

/** The ids with `id` moved one place up (-1) or down (+1). */
export function moveBy(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const index = ids.indexOf(id);
  return index < 0 ? [...ids] : moveItem(ids, index, index + delta);
}

/** The ids with `id` first. */
export function moveToTop(ids: readonly string[], id: string): string[] {
  const index = ids.indexOf(id);
  return index < 0 ? [...ids] : moveItem(ids, index, 0);
}

/** The change between the saved order and a draft. */
export interface ReorderDiff {
  /** Whether the draft differs from the saved order. */
  readonly changed: boolean;
  /** Ids whose position changed. */
  readonly moved: readonly string[];
  /** The smallest contiguous run (indexes into the draft, inclusive) holding every moved id; null when unchanged. */
  readonly window: { readonly start: number; readonly end: number } | null;
}

/** What changed from `saved` to `draft` (the same ids in another order). */
export function reorderDiff(saved: readonly string[], draft: readonly string[]): ReorderDiff {
  const moved: string[] = [];
  let start = -1;
  let end = -1;
  const length = Math.max(saved.length, draft.length);
  for (let i = 0; i < length; i += 1) {
    if (saved[i] === draft[i]) continue;
    if (start < 0) start = i;
    end = i;
    const id = draft[i];
    if (id !== undefined) moved.push(id);
  }
  return start < 0 ? { changed: false, moved: [], window: null } : { changed: true, moved, window: { start, end } };
}

/**
 * The body of a reorder: the draft's changed run, first to last, each id with the version it was
 * loaded at. Empty when nothing changed.
 */
export function reorderPayload(
  saved: readonly string[],
  draft: readonly string[],
  versions: ReadonlyMap<string, number>,
): Array<{ id: string; version: number }> {
  const { window } = reorderDiff(saved, draft);
  if (!window) return [];
  return draft.slice(window.start, window.end + 1).map((id) => {
    const version = versions.get(id);
    if (version === undefined) throw new Error(`no version for ${id}`);
    return { id, version };
  });
}
