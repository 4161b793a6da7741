import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { buildRouteObjects } from '../../renderer/src/app/router';
import { findRoute, parentRedirects } from '../../renderer/src/app/routes';

/** Spec §2's parents (issue 19 §5): `/customers` and `/transactions` opened a 404. */
describe('parent addresses', () => {
  it.each([
    ['/customers', '/customers/index'],
    ['/transactions', '/transactions/index'],
  ])('%s opens its first child %s', async (from, to) => {
    const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [from] });
    await expect.poll(() => router.state.navigation.state === 'idle' && router.state.initialized).toBe(true);
    expect(router.state.location.pathname).toBe(to);
    router.dispose();
  });

  it('points every parent at a screen of the route table', () => {
    for (const entry of parentRedirects) {
      expect(findRoute(entry.to)?.path, entry.to).toBe(entry.to);
      expect(findRoute(entry.from), entry.from).toBeUndefined();
    }
  });
});
