import { describe, expect, it } from 'vitest';
import { activeMenuRoute, allowedRoutes, areas, consoleRoutes, findRoute, homePath, menuGroups, type ConsoleRoute } from '../../renderer/src/app/routes';
import { buildResources } from '../../renderer/src/i18n/resources';

function lookup(messages: Record<string, unknown>, key: string): unknown {
  const [ns, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[ns]);
}

const labelled = (key: string) => {
  const resources = buildResources();
  for (const messages of [resources['en-US'], resources['zh-CN']] as Record<string, unknown>[]) {
    const value = lookup(messages, key);
    expect(typeof value, key).toBe('string');
    expect((value as string).length, key).toBeGreaterThan(0);
  }
};

describe('route table', () => {
  it('has unique absolute paths', () => {
    const paths = consoleRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z]/);
  });

  it.each(consoleRoutes.map((route) => [route.path, route] as const))('%s has a label in both languages and an icon', (_, route) => {
    labelled(route.labelKey);
    expect(typeof route.icon === 'function' || typeof route.icon === 'object').toBe(true);
  });

  it.each(consoleRoutes.map((route) => [route.path, route] as const))('%s loads a page module with a component', async (_, route) => {
    const module = (await route.page.preload()) as { default: unknown };
    expect(typeof module.default).toBe('function');
    expect(typeof route.page.Component).toBe('function');
  }, 30_000);

  it('labels every area in both languages', () => {
    for (const area of areas) labelled(area.labelKey);
  });

  it('includes the home path', () => {
    expect(findRoute(homePath)?.path).toBe('/welcome');
  });
});

describe('menu', () => {
  const route = (path: string, area: ConsoleRoute['area'], inMenu = true): ConsoleRoute => ({ ...consoleRoutes[0]!, path, area, inMenu });

  it('shows only areas that hold a built screen, in spec order', () => {
    const groups = menuGroups([route('/projects/list', 'projects'), route('/welcome', 'home'), route('/customers/index', 'customers')]);
    expect(groups.map((g) => g.area.id)).toEqual(['home', 'customers', 'projects']);
  });

  it('leaves out screens not meant for the menu', () => {
    const groups = menuGroups([route('/welcome', 'home'), route('/projects/:projectId/general', 'projects', false)]);
    expect(groups.map((g) => g.area.id)).toEqual(['home']);
  });

  it('today holds Welcome and Account under Home, Customers, Transactions, Projects, the universal tools, Management, and the System lists', () => {
    expect(menuGroups().map((g) => [g.area.id, g.items.map((i) => i.path)])).toEqual([
      ['home', ['/welcome', '/account']],
      ['customers', ['/customers/index', '/customers/user-segmentation']],
      ['transactions', ['/transactions/index', '/transactions/manual-unlock']],
      ['projects', ['/projects']],
      ['tools', ['/universal-tool/installation-package', '/universal-tool/affiliate', '/universal-tool/trending', '/universal-tool/shield', '/universal-tool/type']],
      ['management', ['/management']],
      ['system', ['/system/countries', '/system/languages']],
    ]);
  });

  it('shows an entry only when the operator’s menus grant it', () => {
    const paths = (menus: readonly string[] | undefined) => menuGroups(allowedRoutes(consoleRoutes, menus)).flatMap((g) => g.items.map((i) => i.path));
    expect(paths(['welcome', 'account', 'projects.list'])).toEqual(['/welcome', '/account', '/projects']);
    expect(paths(['welcome', 'management.index'])).toEqual(['/welcome', '/management']);
    expect(paths(['welcome', 'system.countries'])).toEqual(['/welcome', '/system/countries']);
    expect(paths(['welcome'])).toEqual(['/welcome']);
    expect(paths(undefined)).toEqual(['/welcome', '/account', '/projects']);
  });

  it('routes the kinds declared as universal tools to /universal-tool/<segment>, not to a Management tab', () => {
    expect(findRoute('/universal-tool/type')?.menu).toBe('universalTool.type');
    expect(findRoute('/universal-tool/trending/i1')?.menu).toBe('universalTool.trending');
    expect(findRoute('/universal-tool/shield')?.area).toBe('tools');
    expect(findRoute('/management/p1/type')).toBeUndefined();
    const paths = (menus: readonly string[]) => menuGroups(allowedRoutes(consoleRoutes, menus)).flatMap((g) => g.items.map((i) => i.path));
    expect(paths(['welcome', 'universalTool.shield'])).toEqual(['/welcome', '/universal-tool/shield']);
  });

  it('routes every configuration kind, its editor and the config records to the Management page', () => {
    expect(findRoute('/management/p1/subscribe')?.menu).toBe('management.subscribe');
    expect(findRoute('/management/p1/region-group/i1')?.menu).toBe('management.regionGroup');
    expect(findRoute('/management/p1/language')?.menu).toBe('management.language');
    expect(findRoute('/management/p1/config-record')?.menu).toBe('management.configRecord');
    expect(findRoute('/management/p1/popup')?.menu).toBe('management.popup');
    // The popup preview is a custom screen of the area, after the popups.
    expect(findRoute('/management/p1/popupPreview')?.menu).toBe('management.popupPreview');
    expect(findRoute('/management/p1/no-such-screen')).toBeUndefined();
    // The subscription check is a custom screen of the area, after the config records.
    expect(findRoute('/management/p1/check-subscription')?.menu).toBe('management.checkSubscription');
    expect(activeMenuRoute('/management/p1/subscribe/i1')?.path).toBe('/management');
  });

  it('routes every project tab to the project page', () => {
    expect(findRoute('/projects/p1/skus')?.labelKey).toBe('access:menus.projects.skus');
    expect(findRoute('/projects/p1/settings/a1')?.menu).toBe('projects.settings');
    expect(activeMenuRoute('/projects/p1/offerings')?.path).toBe('/projects');
  });

  it('matches parameters and marks the longest matching entry', () => {
    const routes = [route('/projects', 'projects'), route('/projects/:projectId/general', 'projects')];
    expect(findRoute('/projects/42/general', routes)?.path).toBe('/projects/:projectId/general');
    expect(findRoute('/projects/42', routes)).toBeUndefined();
    expect(activeMenuRoute('/projects/42/general', routes)?.path).toBe('/projects/:projectId/general');
    expect(activeMenuRoute('/projects/42', routes)?.path).toBe('/projects');
    expect(activeMenuRoute('/account?tab=security'.split('?')[0]!)?.path).toBe('/account');
  });
});

describe('customers and transactions', () => {
  it('route the spec’s paths: index, receipt and apple to one page, a customer’s profile under the list', () => {
    const transactions = findRoute('/transactions/index');
    expect([findRoute('/transactions/receipt')?.page, findRoute('/transactions/apple')?.page]).toEqual([transactions?.page, transactions?.page]);
    expect(findRoute('/transactions/receipt')?.menu).toBe('transactions.receipt');
    expect(findRoute('/transactions/manual-unlock')?.menu).toBe('transactions.manualUnlock');
    expect(findRoute('/customers/index/p1/c1')?.menu).toBe('customers.index');
    expect(activeMenuRoute('/customers/index/p1/c1')?.path).toBe('/customers/index');
  });
});
