import { expect, test, type Page } from '@playwright/test';
import { openAs, signOut } from './support/console';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });

/**
 * What a new operator saw that was wrong (issue 12): money without its currency format, the SKU
 * list's Enabled column cut off at 1440 px wide, and "Good evening" at 4:33 in the morning.
 */

/** The demo project's id (its Management link leads to its first screen). */
async function demoProjectId(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }).click();
  await page.getByRole('link', { name: 'Palette Photo & Video' }).click();
  await expect(page).toHaveURL(/\/management\/[^/]+\/[^/]+$/);
  return /\/management\/([^/]+)\//.exec(new URL(page.url()).pathname)?.[1] as string;
}

test('the SKU list shows prices in their currency and every column whole at 1440 px, in English and Chinese', async ({ page }) => {
  await openAs(page);
  const projectId = await demoProjectId(page);
  await page.goto(new URL(`/projects/${projectId}/skus`, page.url()).toString());
  const grid = page.getByRole('grid', { name: 'SKU list' });
  const yearly = grid.getByRole('row').filter({ hasText: 'palette.pro.yearly' }).first();
  await expect(yearly).toContainText('$59.99');

  // Nothing sideways: the whole row fits, and the Enabled column is not under the row's actions.
  const scroller = grid.locator('xpath=..');
  const { clientWidth, scrollWidth } = await scroller.evaluate((node) => ({ clientWidth: node.clientWidth, scrollWidth: node.scrollWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const enabled = await grid.getByRole('columnheader', { name: 'Enabled' }).boundingBox();
  const actions = await grid.getByRole('columnheader', { name: 'More actions' }).boundingBox();
  const box = await scroller.boundingBox();
  expect(enabled && actions && box).toBeTruthy();
  expect(enabled!.x + enabled!.width).toBeLessThanOrEqual(actions!.x + 0.5);
  expect(actions!.x + actions!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
  await expect(yearly.getByText('Enabled', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('skus-en.png') });

  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  await expect(page.getByRole('grid').first().getByRole('row').filter({ hasText: 'palette.pro.yearly' }).first()).toContainText('US$59.99');
  await page.screenshot({ path: test.info().outputPath('skus-zh.png') });
  await page.getByRole('button', { name: /语言/ }).click();
  await page.getByRole('menuitemradio', { name: /English \(United States\)/ }).click();
});

test('the welcome page says good morning at 4:33 in the morning', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-24T04:33:00Z'));
  await openAs(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good morning');
  await page.screenshot({ path: test.info().outputPath('welcome-0433.png') });
  await page.clock.setFixedTime(new Date('2026-11-24T03:59:00Z'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good evening');
  // The session belongs to the console: the next spec starts signed out.
  await signOut(page);
});
