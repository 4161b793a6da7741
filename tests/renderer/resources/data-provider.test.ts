import { describe, expect, it } from 'vitest';
import type { RouteId } from '@contract/api';
import { queryKeys } from '../../../renderer/src/data/query-keys';
import { createDataProvider, listQueryKeys, routeIdOf, routeParams, supports } from '../../../renderer/src/resources/data-provider';
import { resourceKeys } from '../../../renderer/src/resources/resource-keys';

const projectId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const id = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';

function recorder() {
  const calls: Array<[RouteId, unknown]> = [];
  const provider = createDataProvider(async (routeId, input) => {
    calls.push([routeId, input]);
    return { items: [], total: 0, page: 1, pageSize: 20 };
  });
  return { calls, provider };
}

describe('data provider', () => {
  it('names the standard routes of a resource', () => {
    expect(routeIdOf('skus', 'reorder')).toBe('skus.reorder');
    expect(() => routeIdOf('teams', 'restore')).toThrow(/teams.restore/);
    expect(supports('skus', 'emptyTrash')).toBe(true);
    expect(supports('entitlements', 'reorder')).toBe(false);
  });

  it('fills path parameters from the scope and the item', () => {
    expect(routeParams('/api/v1/projects/:projectId/skus/:id', { projectId }, id)).toEqual({ projectId, id });
    expect(routeParams('/api/v1/projects/:projectId', {}, id)).toEqual({ projectId: id });
    expect(routeParams('/api/v1/projects', {})).toBeUndefined();
    expect(() => routeParams('/api/v1/projects/:projectId/skus/:id', { projectId })).toThrow(/id/);
  });

  it('calls each operation with the route’s input', async () => {
    const { calls, provider } = recorder();
    await provider.getList('skus', { projectId }, { page: 2, pageSize: 50 });
    await provider.getOne('projects', {}, id);
    await provider.update('skus', { projectId }, id, { name: 'x', version: 2 });
    await provider.delete('entitlements', { projectId }, id, { force: true });
    await provider.delete('projects', {}, id, { force: true });
    await provider.emptyTrash('skus', { projectId });
    await provider.reorder('offerings', { projectId }, [{ id, version: 1 }]);
    expect(calls).toEqual([
      ['skus.list', { params: { projectId }, query: { page: 2, pageSize: 50 } }],
      ['projects.get', { params: { projectId: id } }],
      ['skus.update', { params: { projectId, id }, body: { name: 'x', version: 2 } }],
      ['entitlements.delete', { params: { projectId, id }, query: { force: true } }],
      ['projects.delete', { params: { projectId: id } }],
      ['skus.emptyTrash', { params: { projectId } }],
      ['offerings.reorder', { params: { projectId }, body: { items: [{ id, version: 1 }] } }],
    ]);
  });

  it('knows which list queries a resource accepts', () => {
    expect(listQueryKeys('skus').has('enabled')).toBe(true);
    expect(listQueryKeys('projects').has('enabled')).toBe(false);
  });
});

describe('resource query keys', () => {
  it('nest under the resource so invalidating it reaches lists and items', () => {
    const all = resourceKeys.all('skus');
    expect(all).toEqual(queryKeys.resource('skus'));
    const list = resourceKeys.list('skus', { projectId }, { page: 1 });
    const detail = resourceKeys.detail('skus', { projectId }, id);
    expect(list.slice(0, all.length)).toEqual([...all]);
    expect(detail.slice(0, all.length)).toEqual([...all]);
    expect(list).not.toEqual(resourceKeys.list('skus', { projectId: id }, { page: 1 }));
  });
});
