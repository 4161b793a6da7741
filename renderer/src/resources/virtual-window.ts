/**
 * The windowing arithmetic of the virtual list (pure, so it is tested without a browser).
 *
 * @tanstack/react-virtual decides which rows are in view; these functions turn that into what the
 * list renders and fetches: the rendered rows with spacers for every hole, the pages of the "all
 * rows" mode that cover the rows in view, the row at an index among loaded pages, the keyboard's
 * next row, and a range that keeps the focused row mounted while it scrolls out of view.
 */

/** The part of a virtual item the list uses. */
export interface WindowItem {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** One piece of the rendered window: a spacer of some height, or a row. */
export type WindowSegment = { readonly kind: 'gap'; readonly height: number; readonly key: string } | { readonly kind: 'row'; readonly index: number };

/**
 * The rendered window as spacers and rows, in order. The rows need not be contiguous (the focused
 * row stays rendered far from the rows in view), so every hole between two rows gets a spacer of
 * its height, and the content keeps the full height of every row.
 */
export function windowSegments(items: readonly WindowItem[], totalSize: number, paddingStart = 0): WindowSegment[] {
  const segments: WindowSegment[] = [];
  let position = paddingStart;
  for (const item of items) {
    if (item.start > position) segments.push({ kind: 'gap', height: item.start - position, key: `gap-${item.index}` });
    segments.push({ kind: 'row', index: item.index });
    position = Math.max(position, item.end);
  }
  if (totalSize > position) segments.push({ kind: 'gap', height: totalSize - position, key: 'gap-end' });
  return segments;
}

/** The 1-based pages of `pageSize` rows that hold rows `start`..`end` (inclusive). */
export function pagesForRange(start: number, end: number, pageSize: number): number[] {
  if (end < start || pageSize <= 0) return [];
  const first = Math.floor(Math.max(0, start) / pageSize) + 1;
  const last = Math.floor(Math.max(0, end) / pageSize) + 1;
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}

/** The row at a 0-based index among loaded pages (undefined while its page is loading). */
export function rowAt<T>(index: number, pageSize: number, pages: ReadonlyMap<number, readonly T[]>): T | undefined {
  if (index < 0 || pageSize <= 0) return undefined;
  const page = pages.get(Math.floor(index / pageSize) + 1);
  return page?.[index % pageSize];
}

/** Keys that move the active row of the grid. */
export type GridKey = 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp' | 'Home' | 'End';

/** The active row after a navigation key; a page is what fits in the viewport. Stays in 0..count-1. */
export function nextActiveIndex(key: GridKey, current: number, count: number, rowsPerPage: number): number {
  if (count <= 0) return -1;
  const page = Math.max(1, rowsPerPage);
  const from = current < 0 ? -1 : current;
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = from + 1;
      break;
    case 'ArrowUp':
      next = from < 0 ? 0 : from - 1;
      break;
    case 'PageDown':
      next = from + page;
      break;
    case 'PageUp':
      next = from - page;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
  }
  return Math.max(0, Math.min(count - 1, next));
}

/**
 * The virtualizer's range plus the focused row (sorted, no repeats): a row that has keyboard focus
 * stays in the DOM while scrolled away, so focus is not lost to the body.
 */
export function withPinnedIndex(range: readonly number[], pinned: number, count: number): number[] {
  if (pinned < 0 || pinned >= count || range.includes(pinned)) return [...range];
  return [...range, pinned].sort((a, b) => a - b);
}
