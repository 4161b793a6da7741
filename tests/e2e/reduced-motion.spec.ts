import { expect, test, type Page } from '@playwright/test';
import { openAs, signOut } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * The suite runs with the system's "reduce motion" on (playwright.config.ts), so nothing it looks at
 * or photographs is caught halfway through a transition (issue 18 §4). That only holds if the console
 * honours the setting: with it, a drawer opens without an animation and the theme switch has no
 * transition; without it (the second test), both animate, which shows the first test can fail.
 */

/** The animations running in the page now (Web Animations, CSS transitions and animations). */
function runningAnimations(page: Page): Promise<number> {
  return page.evaluate<number>(`document.getAnimations().filter((a) => a.playState === 'running').length`);
}

const settings = (page: Page) => page.getByRole('dialog', { name: 'Interface settings' });

async function closeSettings(page: Page): Promise<void> {
  await settings(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(settings(page)).toBeHidden();
}

test('with reduced motion, the settings drawer opens without animating and the theme changes without a transition', async ({ page }) => {
  expect(await page.evaluate<boolean>(`matchMedia('(prefers-reduced-motion: reduce)').matches`)).toBe(true);
  await openAs(page);
  expect(await page.evaluate<string>(`getComputedStyle(document.documentElement).transitionDuration`)).toBe('0s');
  await page.getByRole('banner').getByRole('button', { name: 'Interface settings' }).click();
  await expect(settings(page)).toBeVisible();
  expect(await runningAnimations(page)).toBe(0);
  await closeSettings(page);
  await signOut(page);
});

test.describe('without reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('the same drawer animates as it opens, and the theme change has a transition', async ({ page }) => {
    expect(await page.evaluate<boolean>(`matchMedia('(prefers-reduced-motion: reduce)').matches`)).toBe(false);
    await openAs(page);
    expect(await page.evaluate<string>(`getComputedStyle(document.documentElement).transitionDuration`)).not.toBe('0s');
    await page.getByRole('banner').getByRole('button', { name: 'Interface settings' }).click();
    await expect.poll(() => runningAnimations(page), { intervals: [10] }).toBeGreaterThan(0);
    await expect(settings(page)).toBeVisible();
    await closeSettings(page);
    await signOut(page);
  });
});
