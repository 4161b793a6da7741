import { describe, expect, it } from 'vitest';
import { skuResource } from '@contract/resources/projects';
import {
  activeFilterCount,
  ariaSort,
  buildListQuery,
  initialListState,
  isoToLocal,
  localToIso,
  nextSort,
  pageBounds,
  pageCount,
  sortParam,
  withListChange,
} from '../../../renderer/src/resources/list-params';

describe('sort parameter', () => {
  it('builds field:dir', () => {
    expect(sortParam({ field: 'name', dir: 'asc' })).toBe('name:asc');
    expect(sortParam(undefined)).toBeUndefined();
  });

  it('cycles a header through ascending, descending and the default order', () => {
    const first = nextSort(undefined, 'name');
    expect(first).toEqual({ field: 'name', dir: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ field: 'name', dir: 'desc' });
    expect(nextSort(second, 'name')).toBeUndefined();
    expect(nextSort(second, 'price')).toEqual({ field: 'price', dir: 'asc' });
    expect(ariaSort(second, 'name')).toBe('descending');
    expect(ariaSort(second, 'price')).toBe('none');
  });

  it('is accepted by the contract list query', () => {
    const query = buildListQuery(skuResource, { ...initialListState, sort: { field: 'sortOrder', dir: 'asc' } });
    expect(skuResource.listQuery.safeParse(query).success).toBe(true);
  });
});

describe('list query', () => {
  it('sends paging, a trimmed search and nothing blank', () => {
    expect(buildListQuery(skuResource, { ...initialListState, q: '  pro ' })).toEqual({ page: 1, pageSize: 20, q: 'pro' });
    expect(buildListQuery(skuResource, { ...initialListState, q: '   ' })).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends filters under the keys the declaration derives, and the contract accepts them', () => {
    const state = {
      ...initialListState,
      trashed: true,
      enabled: 'false' as const,
      filters: { type: ['subscription'], period: [], price: { min: '1.5', max: '' }, appId: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427'] },
    };
    const query = buildListQuery(skuResource, state);
    expect(query).toEqual({
      page: 1,
      pageSize: 20,
      trashed: true,
      enabled: false,
      type: ['subscription'],
      priceMin: '1.5',
      appId: ['1b4e28ba-2fa1-41d2-883f-0016d3cca427'],
    });
    expect(skuResource.listQuery.safeParse(query).success).toBe(true);
    expect(activeFilterCount(skuResource, state)).toBe(4);
  });

  it('goes back to page 1 when search, filters or sort change', () => {
    const onPage5 = { ...initialListState, page: 5 };
    expect(withListChange(onPage5, { q: 'x' }).page).toBe(1);
    expect(withListChange(onPage5, { sort: { field: 'name', dir: 'asc' } })).toMatchObject({ page: 1, sort: { field: 'name', dir: 'asc' } });
  });

  it('counts pages and bounds', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(93, 20)).toBe(5);
    expect(pageBounds(2, 20, 93)).toEqual({ from: 21, to: 40 });
    expect(pageBounds(5, 20, 93)).toEqual({ from: 81, to: 93 });
    expect(pageBounds(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it('turns local date-times into instants and back', () => {
    const local = '2026-03-01T09:30';
    const iso = localToIso(local) as string;
    expect(new Date(iso).getTime()).toBe(new Date(local).getTime());
    expect(isoToLocal(iso)).toBe(local);
    expect(localToIso('  ')).toBeUndefined();
    expect(isoToLocal('nonsense')).toBe('');
  });
});
