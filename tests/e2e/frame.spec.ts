import { expect, test } from '@playwright/test';
import { e2eAdmin } from './support/accounts';
import { keychainTokens, latestMailTo, openConsole, openSignedOut, signIn, signOut } from './support/console';

test.describe.configure({ mode: 'serial' });

test('an operator signs in and lands on the welcome page', async ({ page }) => {
  await openSignedOut(page);
  await expect(page).toHaveURL(/\/login/);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account' }).first()).toBeVisible();
});

test('a wrong password is refused in English and in Chinese', async ({ page }) => {
  await openSignedOut(page);
  await signIn(page, e2eAdmin.email, 'WrongPass123');
  await expect(page.getByText('Wrong email or password.')).toBeVisible();

  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  await page.getByRole('textbox', { name: '邮箱' }).fill(e2eAdmin.email);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('WrongPass123');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('邮箱或密码错误。')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('a password that breaks the rule is refused with its own message', async ({ page }) => {
  await openSignedOut(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(e2eAdmin.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/8.{0,4}16/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-out deep link comes back after sign-in', async ({ page }) => {
  await openSignedOut(page, '/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount|\/login\?redirect=\/account/);
  await signIn(page);
  await expect(page).toHaveURL(/\/account/);
});

test('interface settings are kept after a reload', async ({ page }) => {
  await openSignedOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  await page.getByRole('banner').getByRole('button', { name: 'Interface settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Interface settings' });
  await drawer.getByRole('radio', { name: 'Dark' }).check();
  await drawer.getByRole('radio', { name: 'Top menu' }).check();
  await drawer.getByRole('switch', { name: /Weak-colour mode/ }).check();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page).toHaveURL(/\/welcome/);
  await page.getByRole('banner').getByRole('button', { name: 'Interface settings' }).click();
  const again = page.getByRole('dialog', { name: 'Interface settings' });
  await expect(again.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(again.getByRole('radio', { name: 'Top menu' })).toBeChecked();
  await expect(again.getByRole('switch', { name: /Weak-colour mode/ })).toBeChecked();
  await again.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(again.getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('the offline notice shows at once when the network drops and goes when it returns', async ({ page, context }) => {
  await openSignedOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible({ timeout: 2_000 });
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
  await expect(page.getByText('Connection restored').first()).toBeVisible();
});

test('logging out removes the token from the keychain', async ({ page }) => {
  test.skip(process.env.PALETTE_KEYCHAIN_TEST !== '1', 'needs the unlocked gnome-keyring of npm test');
  await openSignedOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  expect(keychainTokens()).toBe(1);
  await signOut(page);
  expect(keychainTokens()).toBe(0);
});

test('a forgotten password is reset with the emailed code, then changed back under Account', async ({ page }) => {
  await openSignedOut(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(e2eAdmin.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  let code: string | undefined;
  await expect
    .poll(() => {
      code = /\b(\d{6})\b/.exec(latestMailTo(e2eAdmin.email) ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code as string);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Interim2026pw');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Interim2026pw');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.', { exact: false })).toBeVisible();

  await openSignedOut(page);
  await signIn(page, e2eAdmin.email, 'Interim2026pw');
  await expect(page).toHaveURL(/\/welcome/);
  await openConsole(page, '/account');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('textbox', { name: 'Current password' }).fill('Interim2026pw');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(e2eAdmin.password);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.', { exact: false }).first()).toBeVisible();
});
