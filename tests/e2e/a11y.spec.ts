import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { openAs, openSignedOut } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * axe on every screen of the console (issue 12), in both page styles and both languages: no
 * serious or critical violation, and none of the rules the issue found failing at all.
 *
 * The screens come from the console's own route table (renderer/src/app/routes.tsx) and its public
 * pages, so a screen added there is checked here without a line to add. A route's parameters are
 * filled from the demo project (`:projectId`) and from the links the screens before it show (an
 * app's settings from the Apps tab, an item's editor from its list); a route nothing links to with
 * the demo data is named on the test's report. Status pages and the sign-in page are checked too.
 *
 * The whole document is checked (landmarks, the menu, the header), not only `main`, with one
 * exception, narrower than the other specs' `exclude('[data-tabster-dummy]')`: Fluent's focus
 * manager (tabster) puts `<i tabindex="0" aria-hidden="true" data-tabster-dummy>` guards at the
 * edges of focus groups and traps, which axe's `aria-hidden-focus` reports. They are focusable and
 * hidden on purpose: one that receives focus hands it on at once, and without `aria-hidden` screen
 * readers would announce it (tabster's maintainers in microsoft/tabster#288; Accessibility
 * Insights suppresses the same finding since microsoft/accessibility-insights-web#7605). So only
 * those guards, and only for that rule, are left out; every other node and rule is checked.
 */

/** The console's route table, read from its own module (typed here: the e2e project has no JSX). */
interface RouteTable {
  readonly consoleRoutes: ReadonlyArray<{ readonly path: string; readonly inMenu: boolean }>;
  readonly publicPages: ReadonlyArray<{ readonly path: string }>;
}
const routeTableModule: string = '../../renderer/src/app/routes';
const { consoleRoutes, publicPages } = (await import(routeTableModule)) as RouteTable;

/** Rules the issue found failing: they must pass whatever their impact. */
const rulesThatFailed = ['aria-hidden-focus', 'label-content-name-mismatch', 'region', 'empty-table-header'];

type Combo = { readonly pageStyle: 'light' | 'dark'; readonly locale: 'en-US' | 'zh-CN' };
const combos: readonly Combo[] = [
  { pageStyle: 'light', locale: 'en-US' },
  { pageStyle: 'dark', locale: 'en-US' },
  { pageStyle: 'light', locale: 'zh-CN' },
  { pageStyle: 'dark', locale: 'zh-CN' },
];

/** A link nothing in the demo data can name: the preview screen shows its "not valid" state. */
const unknownPreviewToken = 'a11y-unknown-token';

/** Fixes the page style and language the console starts with, in this browser context. */
async function startWith(page: Page, combo: Combo): Promise<void> {
  await page.evaluate(`(() => {
    const key = 'palette.interface-settings.v1';
    const current = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    window.localStorage.setItem(key, JSON.stringify({ ...current, pageStyle: ${JSON.stringify(combo.pageStyle)}, menuLayout: 'side' }));
    window.localStorage.setItem('palette.locale', ${JSON.stringify(combo.locale)});
  })()`);
}

/** Moves the console to `path` the way its own links do (no reload); the route may redirect. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    window.history.pushState(null, '', ${JSON.stringify(path)});
    window.dispatchEvent(new PopStateEvent('popstate'));
  })()`);
}

/** Waits until the screen has drawn: a heading, and no spinner or skeleton left in the page area. */
async function drawn(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main .fui-Spinner, main .fui-Skeleton')).toHaveCount(0, { timeout: 15_000 });
  // And no transition under way (a frame fading in is measured at its final colours, not halfway).
  await expect
    .poll(() => page.evaluate<boolean>(`document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)`), { intervals: [50], timeout: 5_000 })
    .toBe(true);
}

/** The console paths the page links to (its own origin). */
async function linksOn(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('a[href]')]
    .map((a) => new URL(a.href, window.location.href))
    .filter((url) => url.origin === window.location.origin)
    .map((url) => url.pathname)`);
}

/** The path of a route pattern once its parameters are known, or null. */
function fill(pattern: string, known: Readonly<Record<string, string>>, seen: ReadonlySet<string>): string | null {
  const direct = pattern.replace(/:(\w+)/g, (_, name: string) => known[name] ?? `:${name}`);
  if (!direct.includes(':')) return direct;
  const want = direct.split('/');
  const match = [...seen].find((path) => {
    const have = path.split('/');
    return have.length === want.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
  });
  return match ?? null;
}

/**
 * Nodes left out of one rule each: a tabster focus guard of `aria-hidden-focus` (see above), and the
 * app's screen in a configuration preview (`data-app-screen`) of `color-contrast`: it shows the
 * operator's own colours as the app will, so its contrast is theirs to choose, not the console's.
 */
const isExempt = (rule: string, node: { readonly html: string; readonly target: readonly unknown[] }, appScreen: ReadonlySet<string>) =>
  (rule === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy/.test(node.html)) || (rule === 'color-contrast' && appScreen.has(node.target.join(' ')));

/**
 * The rules whose outcome depends on colours: the page style changes nothing else of a screen (the
 * same elements, names, roles and texts), and the language changes no colour.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Which of axe's rules a combination needs, so that every rule meets every screen in each setting
 * that can change its outcome: all of them in the first (light, English), the colour rules in the
 * dark style, the others in Chinese (its texts and names). Running every rule four times would
 * check identical markup and colours again and cost minutes of the suite.
 */
function rulesFor(combo: Combo): { readonly only?: readonly string[]; readonly except?: readonly string[] } {
  if (combo.pageStyle === 'dark') return { only: colourRules };
  if (combo.locale === 'zh-CN') return { except: colourRules };
  return {};
}

/** axe-core itself, the version @axe-core/playwright runs. */
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on the page as it is now. The screens are visited without reloading the page, so axe is
 * put into it once per load and run there again for each screen: @axe-core/playwright puts its
 * 500 KB into the page on every analysis, which took more than half of this spec's time. A screen
 * with frames (the PAG player's sandbox) is analysed by @axe-core/playwright, which goes into them.
 */
async function runAxe(page: Page, scope: ReturnType<typeof rulesFor>): Promise<AxeResults> {
  if ((await page.locator('iframe').count()) > 0) {
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (scope.only) builder = builder.withRules([...scope.only]);
    if (scope.except) builder = builder.disableRules([...scope.except]);
    return builder.analyze();
  }
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(scope.only ? { runOnly: { type: 'rule', values: [...scope.only] } } : {}),
    ...(scope.except ? { rules: Object.fromEntries(scope.except.map((rule) => [rule, { enabled: false }])) } : {}),
  };
  return page.evaluate<AxeResults>(`window.axe.run(document, ${JSON.stringify(options)})`);
}

/** axe's findings that count: serious or critical ones, and any of the rules the issue named. */
async function findings(page: Page, combo: Combo): Promise<string[]> {
  const results = await runAxe(page, rulesFor(combo));
  // The contrast findings inside an app screen, by axe's selector.
  const contrast = results.violations.filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  const inside = await page.evaluate<boolean[]>(`${JSON.stringify(contrast)}.map((selector) => document.querySelector(selector)?.closest('[data-app-screen]') != null)`);
  const appScreen = new Set(contrast.filter((_, i) => inside[i]));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || rulesThatFailed.includes(v.id))
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isExempt(v.id, n, appScreen)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
}

/**
 * Screens no link leads to, only a list's row (Enter on it opens the item): the list to open them
 * from. Keyed by route pattern; a new screen of this kind adds a line, else it is named as not
 * reached.
 */
const openedFromList: Readonly<Record<string, string>> = {
  '/projects/:projectId/settings/:appId': '/projects/:projectId/apps',
};

/** The console screens to check, in an order where lists come before the items they link to. */
const routePatterns = [...consoleRoutes.map((route) => route.path)].sort((a, b) => a.split(':').length - b.split(':').length);

const resolved: string[] = [];

test('every console screen is axe-clean, light and dark, in English and Chinese', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  await openAs(page);

  // The demo project, whose screens carry the demo data.
  await go(page, '/management');
  const project = page.getByRole('link', { name: 'Palette Photo & Video' }).first();
  await expect(project).toBeVisible();
  await project.click();
  await expect(page).toHaveURL(/\/management\/[^/]+\/[^/]+$/);
  const projectId = /\/management\/([^/]+)\//.exec(new URL(page.url()).pathname)?.[1];
  expect(projectId, 'the demo project').toBeTruthy();
  const known = { projectId: projectId as string, token: unknownPreviewToken };

  const problems: string[] = [];
  const unreachable: string[] = [];
  const check = async (combo: Combo, path: string) => {
    await go(page, path);
    await drawn(page);
    for (const finding of await findings(page, combo)) problems.push(`${combo.pageStyle} ${combo.locale} ${path}: ${finding}`);
  };
  for (const combo of combos) {
    await startWith(page, combo);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', combo.locale);
    if (resolved.length === 0) {
      // The first pass finds each route's path as it goes (from the links of the screens before it).
      const seen = new Set<string>();
      for (const pattern of routePatterns) {
        let path = fill(pattern, known, seen);
        const list = openedFromList[pattern];
        if (path === null && list) {
          const from = fill(list, known, seen) ?? list;
          await go(page, from);
          await drawn(page);
          const row = page.getByRole('grid').first().getByRole('row').nth(1);
          if ((await row.count()) > 0) {
            await row.focus();
            await page.keyboard.press('Enter');
            await expect(page).not.toHaveURL(new RegExp(`${from}$`));
            path = new URL(page.url()).pathname;
          }
        }
        if (path === null) {
          unreachable.push(pattern);
          continue;
        }
        resolved.push(path);
        await check(combo, path);
        for (const link of await linksOn(page)) seen.add(link);
      }
      // The status and public pages inside the console frame.
      resolved.push('/403', '/404', '/500', ...publicPages.map((p) => p.path));
      for (const path of resolved.slice(-3 - publicPages.length)) await check(combo, path);
    } else {
      for (const path of resolved) await check(combo, path);
    }
  }
  for (const pattern of unreachable) test.info().annotations.push({ type: 'not reached with the demo data', description: pattern });
  test.info().annotations.push({ type: 'screens', description: `${resolved.length} screens × ${combos.length}` });
  expect(problems).toEqual([]);
  // Every screen of the menu, and every route without parameters, was checked.
  for (const route of consoleRoutes.filter((r) => r.inMenu || !r.path.includes(':'))) expect(unreachable, route.path).not.toContain(route.path);
});

test('the sign-in page, the public pages and the status pages are axe-clean, light and dark, in English and Chinese', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  await openSignedOut(page);
  const problems: string[] = [];
  for (const combo of combos) {
    await startWith(page, combo);
    for (const path of ['/login', ...publicPages.map((p) => p.path), '/403', '/404', '/500']) {
      await page.goto(new URL(path, process.env.E2E_URL).toString());
      await expect(page.locator('html')).toHaveAttribute('lang', combo.locale);
      await drawn(page);
      for (const finding of await findings(page, combo)) problems.push(`${combo.pageStyle} ${combo.locale} ${path} (signed out): ${finding}`);
    }
  }
  expect(problems).toEqual([]);
});
