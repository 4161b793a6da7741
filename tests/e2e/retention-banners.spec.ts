import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { measureMedia } from '../../contract/media-measure';
import { mp3, wav } from '../fixtures/media/audio';
import { openAs, signOut } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * Issue 11 in the console, on the demo project: a retention popup with a bad colour is refused in
 * English and in Chinese (at its field, publishing held back, its preview drawing the colour it
 * would fall back to) and published once fixed; a banner's order is changed with to-top, the
 * unsaved-order prompt caught, then confirmed; axe on each screen. Last, screenshots of the three
 * live previews (light and dark, English and Chinese content) for a person to look at, under
 * test-results/previews/.
 */

const POPUP = 'Win back e2e';
let popupPath = '';

async function openTab(page: Page, tab: string, heading: string): Promise<void> {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }).click();
  await page.getByRole('link', { name: 'Palette Photo & Video' }).click();
  await expect(page).toHaveURL(/\/management\/[0-9a-f-]{36}\/subscribe$/);
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** axe on the main region; Fluent's invisible focus guards are left out (see management.spec.ts). */
async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
}

const rows = (table: Locator) => table.getByRole('row');

test('a retention popup with a bad colour is refused, shown at its field, and published once fixed', async ({ page }) => {
  await openTab(page, 'Retention popups', 'Retention popups');
  await expect(page.getByRole('link', { name: 'Trial ends tomorrow' })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'New retention popup' }).click();
  const dialog = page.getByRole('dialog', { name: 'New retention popup' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(POPUP);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/retention\/[0-9a-f-]{36}$/);
  popupPath = new URL(page.url()).pathname;

  await page.getByRole('combobox', { name: 'Popup type' }).selectOption('resubscribed');
  await page.getByRole('textbox', { name: 'Main title', exact: true }).fill('Welcome back');
  await page.getByRole('group', { name: 'Subscribe button' }).getByRole('textbox', { name: 'Button text' }).fill('Claim the offer');
  await page.getByRole('group', { name: 'Close button' }).getByRole('textbox', { name: 'Button text' }).fill('Not now');
  const preview = page.getByRole('region', { name: 'Preview of the retention popup as the app shows it' });
  await expect(preview.getByText('Welcome back')).toBeVisible();
  await expect(preview.getByText('Claim the offer')).toBeVisible();

  // A colour of five digits: refused at its field, the preview keeps the starting colour, publishing waits.
  const colour = page.getByRole('textbox', { name: 'Main title colour' });
  await colour.fill('#12345');
  await expect(page.getByText('Enter a valid colour value, such as #1A2B3C.')).toBeVisible();
  await expect(preview.getByTestId('retention-title')).toHaveCSS('color', 'rgb(31, 41, 55)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.').first()).toBeVisible();
  await expect(page.getByText('Enter a valid colour value, such as #1A2B3C.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeDisabled();
  await expectAxeClean(page);

  // Fixed: the preview takes the colour, and the popup is published.
  await colour.fill('#7209b7');
  await expect(page.getByText('Enter a valid colour value, such as #1A2B3C.')).toBeHidden();
  await expect(preview.getByTestId('retention-title')).toHaveCSS('color', 'rgb(114, 9, 183)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Publish to preview' }).click();
  await page.getByRole('dialog', { name: `Publish ${POPUP} to preview?` }).getByRole('button', { name: 'Publish to preview' }).click();
  await expect(page.getByText('Preview · revision 1')).toBeVisible();
});

test('the same refusal speaks Chinese', async ({ page }) => {
  await openAs(page);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  await page.goto(new URL(popupPath, page.url()).toString());
  await expect(page.getByRole('heading', { name: POPUP, level: 1 })).toBeVisible();
  const colour = page.getByRole('group', { name: '订阅按钮' }).getByRole('textbox', { name: '背景颜色' });
  await colour.fill('#GGGGGG');
  await expect(page.getByText('请输入有效的颜色值，例如 #1A2B3C。')).toBeVisible();
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('请输入有效的颜色值，例如 #1A2B3C。')).toBeVisible();
  await expect(page.getByRole('button', { name: '发布到预发布' })).toBeDisabled();
  // The preview's own texts follow its content language; the console's around it stay Chinese.
  const preview = page.getByRole('region', { name: '挽留弹窗在应用中的预览' });
  await expect(preview.getByTestId('retention-price')).toHaveText('¥268 / 年');
  await expectAxeClean(page);
  // Back to English through the same menu, as the specs after this one expect it.
  await page.getByRole('button', { name: /语言/ }).click();
  await page.getByRole('menuitemradio', { name: /English \(United States\)/ }).click();
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await signOut(page);
});

test('a banner is moved to the top, the unsaved order is caught, then the order is confirmed', async ({ page }) => {
  await openTab(page, 'Banners', 'Banners');
  const table = page.getByRole('table', { name: 'Banners' });
  await expect(rows(table).nth(1)).toContainText('Summer looks — take the same');
  await expect(rows(table).nth(2)).toContainText('AI portraits');
  await expectAxeClean(page);

  // To top from the row: the order editor opens with the banner first, nothing saved yet.
  await rows(table).filter({ hasText: 'Templates of the week' }).getByRole('button', { name: 'To top' }).click();
  await expect(page.getByText('Edit the order')).toBeVisible();
  await expect(page.getByText(/\d+ items? moved/)).toBeVisible();
  await expectAxeClean(page);

  // Leaving with the order unsaved asks first; staying keeps it.
  await page.getByRole('tab', { name: 'Start pages' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving the order?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/banner$/);

  // One more move, then confirmed.
  await page.getByRole('button', { name: 'Move AI portraits up' }).click();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Edit the order')).toBeHidden();
  await expect(rows(table).nth(1)).toContainText('Templates of the week');
  await expect(rows(table).nth(2)).toContainText('AI portraits');
  await expect(rows(table).nth(3)).toContainText('Summer looks — take the same');
  await page.reload();
  await expect(rows(page.getByRole('table', { name: 'Banners' })).nth(1)).toContainText('Templates of the week');
  await expectAxeClean(page);
});

test('the three previews, photographed light and dark, in English and Chinese', async ({ page }) => {
  mkdirSync('test-results/previews', { recursive: true });
  const shots: Array<{ tab: string; heading: string; item: string; region: string; file: string }> = [
    { tab: 'Retention popups', heading: 'Retention popups', item: 'Welcome back offer', region: 'Preview of the retention popup as the app shows it', file: 'retention' },
    { tab: 'Banners', heading: 'Banners', item: 'Summer looks — take the same', region: 'Preview of the banner as the app shows it', file: 'banner' },
    { tab: 'Start pages', heading: 'Start pages', item: 'Brand splash', region: 'Preview of the start page as the app shows it', file: 'start-page' },
  ];
  await openTab(page, 'Retention popups', 'Retention popups');
  for (const shot of shots) {
    await page.getByRole('tab', { name: shot.tab }).click();
    await expect(page.getByRole('heading', { name: shot.heading, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: shot.item }).click();
    const region = page.getByRole('region', { name: shot.region });
    await expect(region).toBeVisible();
    const toolbar = page.getByRole('toolbar', { name: 'Preview options' });
    for (const [language, languageLabel] of [
      ['en', 'English'],
      ['zh', 'Chinese'],
    ] as const) {
      for (const theme of ['Light', 'Dark'] as const) {
        await toolbar.getByRole('radio', { name: languageLabel }).click();
        await toolbar.getByRole('radio', { name: theme }).click();
        await expect(region).toHaveAttribute('data-theme', theme.toLowerCase());
        // Pictures decoded before the photograph.
        await expect.poll(() => region.evaluate((node) => [...node.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
        await region.screenshot({ path: `test-results/previews/${shot.file}-${language}-${theme.toLowerCase()}.png` });
      }
    }
    // The whole editor too: the form beside its preview (music fields with their players for a banner).
    await page.screenshot({ path: `test-results/previews/${shot.file}-editor.png`, fullPage: true });
    await expectAxeClean(page);
    await page.getByRole('button', { name: `Back to ${shot.heading}` }).click();
  }
});

test('Chromium’s audio decoder reads the same lengths as the measurer main and the server run', async ({ page }) => {
  // The oracle for the pure MP3 and WAV parsers, as image-size and mp4box are for pictures and movies.
  await page.setContent('<!doctype html><title>audio</title>');
  const cases = [
    mp3({ frames: 100 }),
    mp3({ frames: 383, id3v2: 1000, id3v1: true }),
    mp3({ frames: 200, mpeg: 2, mono: true }),
    mp3({ frames: 300, header: 'info' }),
    wav({ ms: 5000 }),
    wav({ ms: 2500, sampleRate: 44100, channels: 2, bits: 16, list: true }),
  ];
  for (const bytes of cases) {
    const decodedMs = await page.evaluate(async (base64) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      // A page's global (the e2e specs are type-checked without the DOM library).
      type Decoder = new (channels: number, length: number, rate: number) => { decodeAudioData(data: ArrayBuffer): Promise<{ duration: number }> };
      const { OfflineAudioContext } = globalThis as unknown as { OfflineAudioContext: Decoder };
      const buffer = await new OfflineAudioContext(1, 1, 44100).decodeAudioData(raw.buffer);
      return buffer.duration * 1000;
    }, bytes.toString('base64'));
    expect(measureMedia(new Uint8Array(bytes))?.durationMs).toBe(Math.round(decodedMs));
  }
});
