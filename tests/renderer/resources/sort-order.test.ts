import { describe, expect, it } from 'vitest';
import { moveBy, moveItem, moveToTop, reorderDiff, reorderPayload } from '../../../renderer/src/resources/sort-order';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('sort-order draft moves', () => {
  it('moves an item to another position, clamped to the list', () => {
    expect(moveItem(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd', 'e']);
    expect(moveItem(ids, 4, 0)).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(moveItem(ids, 1, 99)).toEqual(['a', 'c', 'd', 'e', 'b']);
    expect(moveItem(ids, 9, 0)).toEqual(ids);
  });

  it('moves up, down and to the top', () => {
    expect(moveBy(ids, 'c', -1)).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(moveBy(ids, 'c', 1)).toEqual(['a', 'b', 'd', 'c', 'e']);
    expect(moveBy(ids, 'a', -1)).toEqual(ids);
    expect(moveToTop(ids, 'd')).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(moveToTop(ids, 'zz')).toEqual(ids);
  });
});

describe('reorder diff', () => {
  it('is empty when nothing moved', () => {
    expect(reorderDiff(ids, ids)).toEqual({ changed: false, moved: [], window: null });
    expect(reorderPayload(ids, ids, new Map())).toEqual([]);
  });

  it('finds the smallest run holding every moved item', () => {
    const draft = moveItem(ids, 3, 1);
    expect(draft).toEqual(['a', 'd', 'b', 'c', 'e']);
    expect(reorderDiff(ids, draft)).toEqual({ changed: true, moved: ['d', 'b', 'c'], window: { start: 1, end: 3 } });
  });

  it('sends that run first to last with the versions it was loaded at', () => {
    const versions = new Map(ids.map((id, i) => [id, i + 1]));
    expect(reorderPayload(ids, moveToTop(ids, 'c'), versions)).toEqual([
      { id: 'c', version: 3 },
      { id: 'a', version: 1 },
      { id: 'b', version: 2 },
    ]);
    expect(() => reorderPayload(ids, moveToTop(ids, 'c'), new Map())).toThrow();
  });

  it('undoing a move leaves nothing to send', () => {
    const there = moveBy(ids, 'b', 1);
    const back = moveBy(there, 'b', -1);
    expect(reorderDiff(ids, back).changed).toBe(false);
  });
});
