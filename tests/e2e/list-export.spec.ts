import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { expect, test, type Download, type Page } from '@playwright/test';
import { openAs } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * CSV export and bulk actions on the generic lists (issue 19), in the browser edition on the demo
 * project: the SKU list and the region groups (a configuration kind) exported as the page downloads
 * them, parsed with a maintained CSV parser (byte-order mark, columns, Chinese headers after switching
 * the language); and one bulk disable (then enable) of two SKUs.
 */

const PROJECT = 'Palette Photo & Video';

/** The file the export hands to the page, parsed; the raw bytes too (for the byte-order mark). */
async function csvOf(download: Download): Promise<{ bytes: Buffer; records: string[][] }> {
  const path = await download.path();
  const bytes = await readFile(path);
  return { bytes, records: parse(bytes, { bom: true }) as string[][] };
}

async function exportList(page: Page, label: string | RegExp): Promise<{ name: string; bytes: Buffer; records: string[][] }> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: label }).click();
  const download = await downloaded;
  return { name: download.suggestedFilename(), ...(await csvOf(download)) };
}

async function openSkus(page: Page): Promise<void> {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: PROJECT, exact: true }).click();
  await expect(page.getByRole('heading', { name: PROJECT, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'SKUs' }).click();
  await expect(page).toHaveURL(/\/skus$/);
}

/** axe on the main region, without Fluent's focus guards (as the other specs check). */
async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
}

async function language(page: Page, from: RegExp, to: RegExp): Promise<void> {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitemradio', { name: to }).click();
}

test('the SKU list exports every row its search selects, with localized headers', async ({ page }) => {
  await openSkus(page);
  await page.getByRole('searchbox', { name: /Search/ }).fill('yearly');
  // The search applied (header row and the two yearly plans): the export takes the same query.
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(3);
  const english = await exportList(page, 'Export CSV');
  expect(english.name).toMatch(/^skus-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...english.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = english.records;
  expect(header).toContain('Name');
  expect(header).toContain('Store product ID');
  expect(rows.map((row) => row[header!.indexOf('Name')])).toEqual(['Pro yearly', 'Pro yearly']);
  expect(rows.map((row) => row[header!.indexOf('Store product ID')])).toContain('palette.pro.yearly');

  await language(page, /Language/, /简体中文/);
  const chinese = await exportList(page, '导出 CSV');
  expect(chinese.records[0]).toContain('名称');
  expect(chinese.records[0]).toContain('商店商品 ID');
  expect(chinese.records).toHaveLength(english.records.length);
  await language(page, /语言/, /English \(United States\)/);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
});

test('a configuration kind exports its list, in English and in Chinese', async ({ page }) => {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }).click();
  await page.getByRole('link', { name: PROJECT }).click();
  await page.getByRole('tab', { name: 'Region groups' }).click();
  await expect(page.getByRole('link', { name: 'Greater China' })).toBeVisible();
  const english = await exportList(page, 'Export CSV');
  expect(english.name).toMatch(/^region-group-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...english.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = english.records;
  expect(header!.slice(0, 4)).toEqual(['ID', 'Name', 'Regions', 'Enabled']);
  expect(header).toContain('Online status');
  await page.getByRole('checkbox', { name: 'Select Greater China' }).check();
  await expect(page.getByRole('toolbar', { name: 'Actions on the selected rows' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const names = rows.map((row) => row[1]);
  expect(names).toEqual(expect.arrayContaining(['Greater China', 'European Union', 'North America']));
  expect(rows.find((row) => row[1] === 'Greater China')![2]).toBe('CN; HK; MO; TW');

  await language(page, /Language/, /简体中文/);
  const chinese = await exportList(page, '导出 CSV');
  expect(chinese.records[0]!.slice(0, 4)).toEqual(['ID', '名称', '地区', '启用']);
  expect(chinese.records[0]).toContain('上线状态');
  expect(chinese.records).toHaveLength(english.records.length);
  await language(page, /语言/, /English \(United States\)/);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
});

test('two SKUs are disabled in one bulk action, then enabled again', async ({ page }) => {
  await openSkus(page);
  await page.getByRole('searchbox', { name: /Search/ }).fill('weekly');
  const grid = page.getByRole('grid');
  const rows = grid.getByRole('row').filter({ hasText: 'Pro weekly' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Enabled' })).toHaveCount(2);

  await grid.getByRole('checkbox', { name: 'Select every row shown' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  await expectAxeClean(page);
  await bar.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disable the selected rows?' });
  await expect(confirm).toContainText('2 selected rows will be disabled');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Done for 2 of 2 selected rows.').first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Disabled' })).toHaveCount(2);
  await expect(bar).toBeHidden();

  // Keyboard: the select-all is a checkbox reached and ticked with the keyboard.
  await grid.getByRole('checkbox', { name: 'Select every row shown' }).focus();
  await page.keyboard.press('Space');
  await bar.getByRole('button', { name: 'Enable' }).click();
  await page.getByRole('alertdialog', { name: 'Enable the selected rows?' }).getByRole('button', { name: 'Enable' }).click();
  await expect(rows.filter({ hasText: 'Enabled' })).toHaveCount(2);
});
