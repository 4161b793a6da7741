import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextActiveIndex, pagesForRange, rowAt, windowSegments, withPinnedIndex } from '../../../renderer/src/resources/virtual-window';

const rowHeight = 44;
const items = (start: number, end: number, offset = 0) =>
  Array.from({ length: end - start + 1 }, (_, i) => ({ index: start + i, start: offset + (start + i) * rowHeight, end: offset + (start + i + 1) * rowHeight }));

describe('virtual window', () => {
  const height = (segments: ReturnType<typeof windowSegments>) =>
    segments.reduce((sum, s) => sum + (s.kind === 'gap' ? s.height : rowHeight), 0);

  it('pads before and after the rendered rows so the scrollbar spans every row', () => {
    const segments = windowSegments(items(100, 120), 100_000 * rowHeight);
    expect(segments[0]).toEqual({ kind: 'gap', height: 100 * rowHeight, key: 'gap-100' });
    expect(segments.filter((s) => s.kind === 'row')).toHaveLength(21);
    expect(segments[segments.length - 1]).toEqual({ kind: 'gap', height: (100_000 - 121) * rowHeight, key: 'gap-end' });
    expect(height(segments)).toBe(100_000 * rowHeight);
    expect(windowSegments([], 1000)).toEqual([{ kind: 'gap', height: 1000, key: 'gap-end' }]);
  });

  it('leaves out the space the sticky header takes', () => {
    const header = 40;
    const segments = windowSegments(items(0, 9, header), header + 100 * rowHeight, header);
    expect(segments[0]).toEqual({ kind: 'row', index: 0 });
    expect(height(segments)).toBe(100 * rowHeight);
  });

  it('keeps the full height when the focused row is rendered far from the rows in view', () => {
    const pinned = [...items(3, 3), ...items(50_000, 50_020)];
    const segments = windowSegments(pinned, 100_000 * rowHeight);
    expect(segments.map((s) => s.kind)).toEqual(['gap', 'row', 'gap', ...Array(21).fill('row'), 'gap']);
    expect(height(segments)).toBe(100_000 * rowHeight);
  });

  it('always spans every row of up to 100,000, with a bounded number of rendered rows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(), fc.integer({ min: 1, max: 40 }), fc.nat(), (count, startSeed, length, pinnedSeed) => {
        const start = startSeed % count;
        const end = Math.min(count - 1, start + length - 1);
        const indexes = withPinnedIndex(
          Array.from({ length: end - start + 1 }, (_, i) => start + i),
          pinnedSeed % count,
          count,
        );
        const segments = windowSegments(indexes.flatMap((i) => items(i, i)), count * rowHeight);
        const rows = segments.filter((s) => s.kind === 'row').length;
        return height(segments) === count * rowHeight && rows <= length + 1;
      }),
    );
  });

  it('names the pages of the all-rows mode that cover a range', () => {
    expect(pagesForRange(0, 39, 200)).toEqual([1]);
    expect(pagesForRange(190, 230, 200)).toEqual([1, 2]);
    expect(pagesForRange(99_950, 99_999, 200)).toEqual([500]);
    expect(pagesForRange(10, 5, 200)).toEqual([]);
  });

  it('finds a row among loaded pages, or nothing while its page loads', () => {
    const pages = new Map([[2, ['b0', 'b1']]]);
    expect(rowAt(200, 200, pages)).toBe('b0');
    expect(rowAt(201, 200, pages)).toBe('b1');
    expect(rowAt(0, 200, pages)).toBeUndefined();
    expect(rowAt(-1, 200, pages)).toBeUndefined();
  });

  it('moves the active row with the keyboard, staying inside the list', () => {
    expect(nextActiveIndex('ArrowDown', -1, 10, 5)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 9, 10, 5)).toBe(9);
    expect(nextActiveIndex('ArrowUp', 0, 10, 5)).toBe(0);
    expect(nextActiveIndex('PageDown', 2, 100_000, 15)).toBe(17);
    expect(nextActiveIndex('PageUp', 3, 100, 15)).toBe(0);
    expect(nextActiveIndex('End', 3, 100_000, 15)).toBe(99_999);
    expect(nextActiveIndex('Home', 500, 1000, 15)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 0, 0, 5)).toBe(-1);
  });

  it('keeps the focused row rendered while it is scrolled away', () => {
    expect(withPinnedIndex([10, 11, 12], 3, 100)).toEqual([3, 10, 11, 12]);
    expect(withPinnedIndex([10, 11, 12], 11, 100)).toEqual([10, 11, 12]);
    expect(withPinnedIndex([10, 11], -1, 100)).toEqual([10, 11]);
    expect(withPinnedIndex([10, 11], 150, 100)).toEqual([10, 11]);
  });
});
