import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * Issue 12 in the browser edition: the embedded server is killed (SIGKILL, as an operator's `kill
 * -9` or a crash would end it); the console says it restarts, then that it is back, and its data
 * is there. Killed again and again it is given up: the console names the log and offers "Try
 * again", which brings it back.
 */

/** The embedded server's log, which the browser edition keeps under its user data folder. */
function serverLog(): string {
  const launchFile = process.env.E2E_LAUNCH_FILE;
  if (!launchFile) throw new Error('E2E_LAUNCH_FILE is not set: the global setup did not start the console');
  return join(dirname(launchFile), 'user-data', 'logs', 'server.log');
}

/** The process id of the server that started last, as the supervisor logged it. */
function serverPid(): number | null {
  const path = serverLog();
  if (!existsSync(path)) return null;
  const pids = [...readFileSync(path, 'utf8').matchAll(/The embedded server runs (?:again )?at \S+ \(pid (\d+)\)/g)];
  const last = pids.at(-1)?.[1];
  return last ? Number(last) : null;
}

/** Kills the running server with SIGKILL; answers its pid. */
function killServer(): number {
  const pid = serverPid();
  if (pid === null) throw new Error(`no server pid in ${serverLog()}`);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** A message of the console (a toast; its text is also in the page's live region, hence the class). */
function message(page: Page, text: string) {
  return page.locator('.fui-ToastTitle').filter({ hasText: text });
}

async function openProjects(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
}

test('a killed server is restarted on its own, the console says so, and its data is still there', async ({ page }) => {
  await openAs(page);
  await openProjects(page);
  await expect(page.getByRole('button', { name: 'Palette Photo & Video', exact: true })).toBeVisible();

  const killed = killServer();
  const restarting = page.getByTestId('embedded-server-restarting');
  await expect(restarting).toBeVisible();
  await expect(restarting).toContainText('Restarting the server');
  await expect(restarting).toContainText('stopped unexpectedly (SIGKILL)');

  await expect(restarting).toBeHidden({ timeout: 30_000 });
  await expect(message(page, 'Server restarted: running again on the same data')).toBeVisible();
  expect(serverPid()).not.toBe(killed);

  // The same session and the same data, from the restarted server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Palette Photo & Video', exact: true })).toBeVisible();
});

test('a server that keeps stopping is given up with its log named, and "Try again" brings it back', async ({ page }) => {
  // Up to five restarts of a real server on a busy machine.
  test.setTimeout(240_000);
  await openAs(page);
  await openProjects(page);
  const failed = page.getByTestId('embedded-server-failed');
  // Five stops within two minutes end the restarting; the test before may have used one of them.
  for (let stops = 0; stops < 5 && !(await failed.isVisible()); stops += 1) {
    const killed = killServer();
    await expect.poll(async () => (await failed.isVisible()) || (serverPid() !== killed && serverPid() !== null), { timeout: 30_000 }).toBe(true);
  }
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('The server keeps stopping');
  await expect(failed).toContainText(`Its log is at ${serverLog()}.`);
  expect(readFileSync(serverLog(), 'utf8')).toContain('it is not restarted again until the operator tries again');

  const axe = await new AxeBuilder({ page }).include('[data-testid="embedded-server-failed"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // By keyboard, as any action of the console.
  await failed.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(failed).toBeHidden({ timeout: 30_000 });
  await expect(message(page, 'Server restarted: running again on the same data')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Palette Photo & Video', exact: true })).toBeVisible();
});
