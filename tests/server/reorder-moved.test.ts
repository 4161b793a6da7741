import { describe, expect, it } from 'vitest';
import { movedItems } from '../../server/src/config/repository';

describe('movedItems', () => {
  it('names the one item dragged, not every item it shifted', () => {
    expect(movedItems(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])).toEqual(['d']);
    expect(movedItems(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])).toEqual(['a']);
    expect(movedItems(['a', 'b', 'c', 'd'], ['a', 'c', 'b', 'd'])).toHaveLength(1);
  });

  it('names nothing when the order is unchanged, and several items when several moved', () => {
    expect(movedItems(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(movedItems(['a', 'b', 'c', 'd', 'e'], ['e', 'd', 'a', 'b', 'c'])).toEqual(['e', 'd']);
  });
});
