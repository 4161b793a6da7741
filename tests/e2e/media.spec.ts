import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs, openConsole } from './support/console';

/**
 * The media upload field end to end, on the project icon (rule `project.icon`: PNG, JPG or WebP,
 * exactly 512 × 512): a wrong-size picture is refused in the operator's language before anything is
 * uploaded; the right one goes up with progress, is previewed, saved, and still shown after a reload.
 */

test.describe.configure({ mode: 'serial' });

const demoProject = 'Palette Photo & Video';
const fixture = (name: string) => join(process.cwd(), 'tests/fixtures/media', name);
const wrongSize = fixture('landscape-1920x1080.png');
const rightSize = fixture('project-icon-512x512.png');
/**
 * The IPC channel that uploads a checked file (contract/ipc-names.ts `media.upload`), as the browser
 * edition posts it to its host (contract/ipc.ts HOST_IPC_PATH). `media.checkBytes` is main measuring
 * the file, not an upload.
 */
const uploadChannel = '/__palette/ipc/media.upload';

/** Opens the demo project's General tab, signed in as the administrator. */
async function openDemoProject(page: Page): Promise<void> {
  await openAs(page);
  await openConsole(page, '/projects');
  await page.getByRole('button', { name: demoProject, exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/general$/);
  await expect(page.getByRole('heading', { name: demoProject, level: 1 })).toBeVisible();
}

function iconField(page: Page): Locator {
  return page.getByTestId('media-field-project.icon');
}

/** What the page's global scope offers these helpers (the suite is typed without the DOM library). */
interface PageGlobals {
  __phases: string[];
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { attributes: boolean; attributeFilter: string[] }): void };
}

/** Every phase the field's `data-phase` goes through from now on, kept on the page. */
async function recordPhases(page: Page): Promise<void> {
  await iconField(page).evaluate((element) => {
    const scope = globalThis as unknown as PageGlobals;
    const seen: string[] = [];
    scope.__phases = seen;
    new scope.MutationObserver(() => seen.push(element.getAttribute('data-phase') ?? '')).observe(element, { attributes: true, attributeFilter: ['data-phase'] });
  });
}

async function phases(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__phases);
}

/** The decoded width of a picture (0 while it has not loaded or could not be decoded). */
async function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth);
}

test('a wrong-size icon is refused before any upload; the right one is uploaded, previewed and saved', async ({ page }) => {
  await openDemoProject(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const field = iconField(page);
  await expect(field).toHaveAttribute('data-phase', 'idle');

  // 1920 × 1080: main measures it and the field refuses it in English; nothing is uploaded.
  await field.locator('input[type="file"]').setInputFiles(wrongSize);
  await expect(field).toHaveAttribute('data-phase', 'refused');
  await expect(field.getByText('landscape-1920x1080.png cannot be used')).toBeVisible();
  await expect(field.getByText('The image or video must be exactly 512 × 512 pixels.')).toBeVisible();
  expect(requests).toContain('/__palette/ipc/media.checkBytes');
  expect(requests.filter((path) => path === uploadChannel)).toEqual([]);
  expect(requests.filter((path) => /\/uploads$/.test(path))).toEqual([]);

  // 512 × 512: checked, uploaded with progress, previewed.
  await recordPhases(page);
  await field.locator('input[type="file"]').setInputFiles(rightSize);
  await expect(field).toHaveAttribute('data-phase', 'uploaded');
  expect(await phases(page)).toContain('uploading');
  expect(requests.filter((path) => path === uploadChannel)).toHaveLength(1);
  await expect(field.getByText('Uploaded', { exact: true })).toBeVisible();
  const preview = field.getByRole('img', { name: 'Preview of project-icon-512x512.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => naturalWidth(preview)).toBe(512);

  // Saved with the project, and shown again after a reload from the stored file.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Save changes' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Changes to “${demoProject}” were saved.`).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: demoProject, level: 1 })).toBeVisible();
  await expect(iconField(page)).toHaveAttribute('data-phase', 'idle');
  const stored = iconField(page).getByRole('img', { name: /^Preview of [0-9a-f]{64}\.png$/ });
  await expect(stored).toBeVisible();
  await expect(stored).toHaveAttribute('src', /^\/__palette\/media\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => naturalWidth(stored)).toBe(512);
  // The avatars beside the project's name show it too (through main's preview path, the CSP allows no other).
  const avatars = page.locator('img[src^="/__palette/media/"]:not([alt^="Preview of"])');
  await expect(avatars.first()).toBeVisible();
});

test('the refusal speaks Chinese', async ({ page }) => {
  await openDemoProject(page);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const field = iconField(page);
  await field.locator('input[type="file"]').setInputFiles(wrongSize);
  await expect(field).toHaveAttribute('data-phase', 'refused');
  await expect(field.getByText('图片或视频的尺寸必须为 512 × 512 像素。')).toBeVisible();
  expect(requests.filter((path) => path === uploadChannel)).toEqual([]);
});
