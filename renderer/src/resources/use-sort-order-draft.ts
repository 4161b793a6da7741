import { useCallback, useMemo, useState } from 'react';
import { moveBy, moveItem, moveToTop, reorderDiff, reorderPayload } from './sort-order';

/**
 * The draft of a sort order: the saved order of `items` (ids with their versions), the operator's
 * moves, and what confirming would send. Discarding returns to the saved order.
 */
export function useSortOrderDraft(items: ReadonlyArray<{ readonly id: string; readonly version: number }>, initialTop: string | null = null) {
  const saved = useMemo(() => items.map((item) => item.id), [items]);
  const versions = useMemo(() => new Map(items.map((item) => [item.id, item.version])), [items]);
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  // "Move to top" from a list row starts a draft with that item first, once the items are loaded.
  const [startTop, setStartTop] = useState<string | null>(initialTop);
  const current = useMemo(() => {
    if (!draft) return startTop && saved.includes(startTop) ? moveToTop(saved, startTop) : saved;
    // Items that appeared or went away since the draft began keep the draft's order for the rest.
    const known = new Set(saved);
    const kept = draft.filter((id) => known.has(id));
    const added = saved.filter((id) => !kept.includes(id));
    return [...kept, ...added];
  }, [draft, saved, startTop]);
  const diff = useMemo(() => reorderDiff(saved, current), [saved, current]);

  return {
    ids: current,
    dirty: diff.changed,
    moved: diff.moved,
    move: useCallback((from: number, to: number) => setDraft(moveItem(current, from, to)), [current]),
    moveBy: useCallback((id: string, delta: -1 | 1) => setDraft(moveBy(current, id, delta)), [current]),
    toTop: useCallback((id: string) => setDraft(moveToTop(current, id)), [current]),
    discard: useCallback(() => {
      setDraft(null);
      setStartTop(null);
    }, []),
    payload: () => reorderPayload(saved, current, versions),
  };
}
