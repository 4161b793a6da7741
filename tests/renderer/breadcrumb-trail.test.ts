import { describe, expect, it } from 'vitest';
import { findRoute } from '../../renderer/src/app/routes';
import { breadcrumbTrail, projectIdOf } from '../../renderer/src/layout/breadcrumb-trail';

/** The header's breadcrumb (layout/breadcrumb-trail.ts), issue 19 §5. */
describe('breadcrumb trail', () => {
  const id = '25f1f3d1-5abd-4914-9a67-71521ec998e8';

  it('names the project a Management screen edits', () => {
    const route = findRoute(`/management/${id}/subscribe`);
    expect(route).toBeDefined();
    expect(projectIdOf(route!, `/management/${id}/subscribe`, '')).toBe(id);
    expect(breadcrumbTrail('Management', 'Subscription pages', 'Palette Photo & Video')).toEqual(['Management', 'Palette Photo & Video', 'Subscription pages']);
  });

  it('says "Management" once on the project chooser', () => {
    const route = findRoute('/management');
    expect(projectIdOf(route!, '/management', '')).toBeNull();
    expect(breadcrumbTrail('Management', 'Management', null)).toEqual(['Management']);
  });

  it('takes the project of an area screen from ?project=', () => {
    const route = findRoute('/customers/index');
    expect(projectIdOf(route!, '/customers/index', `?project=${id}&segment=x`)).toBe(id);
    expect(breadcrumbTrail('Customers', 'Customers', 'Demo')).toEqual(['Customers', 'Demo', 'Customers']);
  });

  it('names a project tab’s project too', () => {
    const route = findRoute(`/projects/${id}/general`);
    expect(projectIdOf(route!, `/projects/${id}/general`, '')).toBe(id);
  });
});
