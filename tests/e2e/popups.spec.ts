import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * Popups in the console, on the demo project (its popups "Welcome tips", "Summer filters", "Rate
 * Palette" and a budget of 2 per session, 4 per day): a Feedback popup with a PAG animation is
 * created, previewed in the phone (the animation playing), published and promoted; the popup preview
 * shows it to a matching user and says why the others are not shown (another one lost on priority,
 * one for new users only, one for other pages), then why none is shown once the session's budget is
 * spent; axe on each screen. Screenshots of the phone (light and dark, English and Chinese) and of
 * the preview screen in both console languages go to test-results/popups/ for a person to look at.
 */

const POPUP = 'Brush feedback e2e';
const TITLE = 'How do the new brushes feel?';
const QUESTION = 'Rate the new brushes';
const pag = join(process.cwd(), 'tests/fixtures/media/popup-anim-360x640-2s.pag');
let editorPath = '';

async function openPopups(page: Page): Promise<void> {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }).click();
  await page.getByRole('link', { name: 'Palette Photo & Video' }).click();
  await expect(page).toHaveURL(/\/management\/[0-9a-f-]{36}\/subscribe$/);
  await page.getByRole('tab', { name: 'Popups', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Popups', level: 1 })).toBeVisible();
}

/**
 * axe on the main region; Fluent's invisible focus guards are left out (see management.spec.ts), and
 * so is the inside of the PAG player's sandboxed frame: a canvas drawn by libpag, a picture named by
 * the frame's title (which axe checks on the frame itself), not a document of its own.
 */
async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').exclude('[data-testid="pag-preview"] iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
}

test('a Feedback popup with a PAG animation is created, previewed and published', async ({ page }) => {
  await openPopups(page);
  await expect(page.getByRole('link', { name: 'Rate Palette' })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'New popup' }).click();
  const dialog = page.getByRole('dialog', { name: 'New popup' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(POPUP);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/popup\/[0-9a-f-]{36}$/);
  editorPath = new URL(page.url()).pathname;

  await page.getByRole('combobox', { name: 'Type' }).selectOption('feedback');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  const feedback = page.getByRole('group', { name: 'Feedback question' });
  await feedback.getByRole('textbox', { name: 'Question' }).fill(QUESTION);
  await feedback.getByRole('combobox', { name: 'Answer' }).selectOption('rating');
  await feedback.getByRole('switch', { name: /Allow a comment/ }).click();
  const confirm = page.getByRole('group', { name: 'Confirm button' });
  await confirm.getByRole('textbox', { name: 'Text', exact: true }).fill('Send');
  await confirm.getByRole('combobox', { name: 'Action' }).selectOption('submitFeedback');
  await page.getByRole('group', { name: 'Close icon' }).getByRole('textbox', { name: 'Text', exact: true }).fill('Close');
  // A cancel button, added with its switch.
  await page.getByRole('switch', { name: 'Cancel button' }).click();
  const cancel = page.getByRole('group', { name: 'Cancel button' });
  await cancel.getByRole('textbox', { name: 'Text', exact: true }).fill('Not now');
  await cancel.getByRole('combobox', { name: 'Action' }).selectOption('dismiss');
  await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');

  // The PAG animation: checked, uploaded and played by the field, and in the phone.
  const field = page.getByTestId('media-field-popup.pag');
  await field.locator('input[type="file"]').setInputFiles(pag);
  await expect(field).toHaveAttribute('data-phase', 'uploaded', { timeout: 20_000 });

  const phone = page.getByRole('region', { name: 'Preview of the popup as the app shows it' });
  await expect(phone.getByTestId('popup-title')).toHaveText(TITLE);
  await expect(phone.getByTestId('popup-question')).toHaveText(QUESTION);
  await expect(phone.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
  await expect(phone.getByText('Add a comment')).toBeVisible();
  await expect(phone.getByTestId('popup-confirm')).toHaveText('Send');
  await expect(phone.getByTestId('popup-cancel')).toHaveText('Not now');
  await expect(phone.getByTestId('pag-preview')).toHaveAttribute('data-state', /playing|paused/, { timeout: 20_000 });

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.').first()).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Publish to preview' }).click();
  await page.getByRole('dialog', { name: `Publish ${POPUP} to preview?` }).getByRole('button', { name: 'Publish to preview' }).click();
  await expect(page.getByText('Preview · revision 1')).toBeVisible();
  await page.getByRole('button', { name: 'Promote to official' }).click();
  await expect(page.getByText('Official · revision 1')).toBeVisible();

  // Its answers: none yet, the CSV export waits for some.
  await page.getByRole('tab', { name: 'Answers' }).click();
  await expect(page.getByText('No answers yet. The app sends them when users answer this popup.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expectAxeClean(page);

  // The phone, photographed in both content languages and both appearances; the whole form too.
  await page.getByRole('tab', { name: 'Edit' }).click();
  mkdirSync('test-results/popups', { recursive: true });
  await page.screenshot({ path: 'test-results/popups/editor-form.png', fullPage: true });
  const toolbar = page.getByRole('toolbar', { name: 'Preview options' });
  for (const [language, label] of [
    ['en', 'English'],
    ['zh', 'Chinese'],
  ] as const) {
    for (const theme of ['Light', 'Dark'] as const) {
      await toolbar.getByRole('radio', { name: label }).click();
      await toolbar.getByRole('radio', { name: theme }).click();
      await expect(phone).toHaveAttribute('data-theme', theme.toLowerCase());
      await phone.screenshot({ path: `test-results/popups/editor-${language}-${theme.toLowerCase()}.png` });
    }
  }
});

test('the popup preview shows it to a matching user and explains why the others are not shown', async ({ page }) => {
  await openPopups(page);
  await page.getByRole('tab', { name: 'Popup preview' }).click();
  await expect(page.getByRole('heading', { name: 'Popup preview', level: 1 })).toBeVisible();

  // The default user: regular (30 days), 5 launches, on Home, not a subscriber.
  await expect(page.getByTestId('popup-preview-result')).toHaveText(`The app shows “${POPUP}”.`);
  const result = page.getByRole('complementary', { name: 'What the app shows now' });
  await expect(result.getByTestId('popup-title')).toHaveText(TITLE);
  const outcome = (name: string) => page.getByTestId('popup-outcome').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(outcome(POPUP)).toHaveAttribute('data-shown', 'true');
  await expect(outcome('Summer filters')).toContainText(`Lost on priority: “${POPUP}” has priority High, this one Medium.`);
  await expect(outcome('Welcome tips')).toContainText('Not in the audience “New users”.');
  await expect(outcome('Rate Palette')).toContainText('Not shown on this page (pages: Save, Share).');
  await expect(page.getByTestId('popup-preview-budget')).toContainText('This session: 0 of 2');
  await expectAxeClean(page);

  // The same user a day after install is new: the welcome tip needs the Editing page.
  await page.getByRole('spinbutton', { name: 'Days since first launch' }).fill('1');
  await expect(outcome('Welcome tips')).toContainText('Not shown on this page (pages: Editing).');
  await page.getByRole('spinbutton', { name: 'Days since first launch' }).fill('30');

  // Shown 2 hours ago, ours is capped by its frequency and the next one wins.
  await page.getByRole('spinbutton', { name: `Times ${POPUP} was shown` }).fill('1');
  await page.getByRole('spinbutton', { name: `Hours since ${POPUP} was last shown` }).fill('2');
  await expect(outcome(POPUP)).toContainText('Capped by frequency');
  await expect(page.getByTestId('popup-preview-result')).toHaveText('The app shows “Summer filters”.');
  // That showing was one of this session's 2 interruptions: with one more, the budget is spent.
  await page.getByRole('spinbutton', { name: `Hours since ${POPUP} was last shown` }).fill('0');
  await page.getByRole('spinbutton', { name: 'Other interruptions this session' }).fill('1');
  await expect(page.getByTestId('popup-preview-result')).toHaveText('The app shows no popup now.');
  await expect(outcome('Summer filters')).toContainText('The interruption budget of this session is spent (2 of 2).');
  await expect(page.getByTestId('popup-preview-budget')).toContainText('The budget is spent: no popup shows now.');
  await expectAxeClean(page);

  mkdirSync('test-results/popups', { recursive: true });
  await page.getByRole('spinbutton', { name: 'Other interruptions this session' }).fill('0');
  await page.getByRole('spinbutton', { name: `Times ${POPUP} was shown` }).fill('0');
  await expect(page.getByTestId('popup-preview-result')).toHaveText(`The app shows “${POPUP}”.`);
  await page.getByRole('main').screenshot({ path: 'test-results/popups/preview-screen-en-light.png' });
  await page.getByRole('toolbar', { name: 'Preview options' }).getByRole('radio', { name: 'Dark' }).click();
  await page.getByRole('main').screenshot({ path: 'test-results/popups/preview-screen-en-dark.png' });

  // In Chinese: the console's words and the reasons follow the interface language.
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  await expect(page.getByRole('heading', { name: '弹窗预览', level: 1 })).toBeVisible();
  await expect(outcome('Summer filters')).toContainText(`优先级落选：“${POPUP}”的优先级为高，此弹窗为中。`);
  await page.getByRole('toolbar', { name: '预览选项' }).getByRole('radio', { name: '中文' }).click();
  await page.getByRole('main').screenshot({ path: 'test-results/popups/preview-screen-zh-dark.png' });
  await page.getByRole('toolbar', { name: '预览选项' }).getByRole('radio', { name: '浅色' }).click();
  await page.getByRole('main').screenshot({ path: 'test-results/popups/preview-screen-zh-light.png' });
  await expectAxeClean(page);
  // Back to English for the next test (the choice is kept in local storage).
  await page.getByRole('button', { name: /语言/ }).click();
  await page.getByRole('menuitemradio', { name: /English \(United States\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Popup preview', level: 1 })).toBeVisible();
});

test('the interruption budget is a project setting, saved with its version', async ({ page }) => {
  await openPopups(page);
  await page.getByRole('tab', { name: 'Popup preview' }).click();
  await page.getByRole('link', { name: 'Change the budget in the project’s settings' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/general$/);
  const perSession = page.getByRole('textbox', { name: 'At most per session' });
  await expect(perSession).toHaveValue('2');
  await perSession.fill('25');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByText('Enter a value of at most 20.')).toBeVisible();
  await perSession.fill('3');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByText('Interruption budget saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'At most per session' })).toHaveValue('3');
  await expectAxeClean(page);
  await page.getByRole('main').screenshot({ path: 'test-results/popups/budget-card.png' });
  expect(editorPath).not.toBe('');
});
