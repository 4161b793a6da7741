import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { makeChain, signedNotification, signerOf, transactionPayload, renewalPayload, type ExportedSigner } from '../server/helpers/apple-chain';
import { mailsTo, openAs, openConsole } from './support/console';

test.describe.configure({ mode: 'serial' });

/**
 * Customers and transactions in the console, on the demo project (its iOS app
 * com.palette.photovideo with Apple app id 6448311069, its entitlements Palette Pro and AI credits):
 * an App Store notification, signed by the run's test chain (trusted by the server through
 * APPLE_ROOT_CERTIFICATES, see support/global-setup.ts) and posted to the path the app's settings
 * show, is verified and shows as a transaction and as the customer's active entitlement; a forged
 * one is refused and shows as refused; an editor's unlock above the editor's limit waits, an
 * administrator approves it, then revokes it, each step in its history; the subscription check tells
 * why. axe on each screen.
 */

const BUNDLE = 'com.palette.photovideo';
const APPLE_APP_ID = 6_448_311_069;
const PROJECT = 'Palette Photo & Video';
const user = randomUUID();
const transactionId = String(880_000_000 + Math.floor(Math.random() * 1_000_000));
const support = { email: `support-e2e-${Date.now()}@palette.test`, name: 'Support E2E' };
let notificationPath = '';
let projectPath = '';

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').exclude('[data-tabster-dummy]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
}

function serverUrl(): string {
  const file = process.env.E2E_SERVER_URL_FILE;
  if (!file) throw new Error('E2E_SERVER_URL_FILE is not set');
  return readFileSync(file, 'utf8').trim().replace(/\/+$/, '');
}

function signer(): { sign(payload: object): string } {
  const file = process.env.E2E_APPLE_SIGNER;
  if (!file) throw new Error('E2E_APPLE_SIGNER is not set');
  return signerOf(JSON.parse(readFileSync(file, 'utf8')) as ExportedSigner);
}

/** Posts a notification as the App Store does, and answers the HTTP status and the envelope. */
async function post(signedPayload: string): Promise<{ status: number; body: { code: number; data?: { outcome: string } } }> {
  const response = await fetch(`${serverUrl()}${notificationPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signedPayload }) });
  return { status: response.status, body: (await response.json()) as { code: number; data?: { outcome: string } } };
}

test('an App Store notification is verified, and shows as a transaction and an active entitlement', async ({ page }) => {
  await openAs(page);
  // Where the App Store posts for the iOS app: its settings page says.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: PROJECT, exact: true }).click();
  await expect(page.getByRole('heading', { name: PROJECT, level: 1 })).toBeVisible();
  projectPath = new URL(page.url()).pathname.replace(/\/[^/]+$/, '');
  await page.getByRole('tab', { name: 'Apps' }).click();
  await page.getByRole('button', { name: 'Palette iOS', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/[0-9a-f-]{36}$/);
  const path = page.getByTestId('store-notification-path');
  await expect(path).toHaveValue(/^\/hooks\/apple\/[0-9a-f-]{36}$/);
  notificationPath = await path.inputValue();
  await expect(page.getByRole('textbox', { name: 'Apple app id' })).toHaveValue(String(APPLE_APP_ID));
  await expectAxeClean(page);

  const now = Date.now();
  const notification = (by: { sign(payload: object): string }) =>
    signedNotification(by, {
      notificationType: 'SUBSCRIBED',
      subtype: 'INITIAL_BUY',
      signedDate: now,
      bundleId: BUNDLE,
      appAppleId: APPLE_APP_ID,
      status: 1,
      transaction: transactionPayload({ bundleId: BUNDLE, transactionId, productId: 'palette.pro.monthly', purchaseDate: now - 60_000, expiresDate: now + 30 * 86_400_000, appAccountToken: user, price: 9990, currency: 'USD', storefront: 'USA' }),
      renewal: renewalPayload({ originalTransactionId: transactionId, productId: 'palette.pro.monthly', signedDate: now }),
    });
  const signed = notification(signer());
  const accepted = await post(signed);
  expect(accepted).toEqual({ status: 200, body: { code: 0, message: 'ok', data: { outcome: 'applied' } } });
  // The same notification again is stored once; one signed by anyone else is refused.
  const again = await post(signed);
  expect(again.body.data).toEqual({ outcome: 'duplicate', code: 130001 });
  const forged = await post(notification(makeChain()));
  expect([forged.status, forged.body.code]).toEqual([401, 170007]);

  // The transaction, found by its id.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: /Transaction, original transaction/ }).fill(transactionId);
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('button', { name: `Details of transaction ${transactionId}` })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('$9.99')).toBeVisible();
  await expect(table.getByText('Active', { exact: true })).toBeVisible();
  await expectAxeClean(page);

  // The notifications: applied, and the forged one refused with its reason.
  await page.getByRole('tab', { name: 'Store notifications' }).click();
  const events = page.getByRole('table', { name: 'Store notifications' });
  await expect(events.getByRole('row').filter({ hasText: 'SUBSCRIBED / INITIAL_BUY' }).first()).toContainText('Applied');
  await expect(events.getByRole('row').filter({ hasText: 'Refused' }).first()).toContainText('170007');
  await expectAxeClean(page);

  // The customer's profile: Palette Pro active, because of this transaction.
  await page.getByRole('tab', { name: 'Transactions', exact: true }).click();
  await page.getByRole('searchbox', { name: /Transaction, original transaction/ }).fill(transactionId);
  await page.getByRole('link', { name: user }).click();
  await expect(page.getByRole('heading', { name: `App user ${user}`, level: 1 })).toBeVisible();
  const pro = page.getByTestId('entitlement-pro');
  await expect(pro).toContainText('Active');
  await expect(pro).toContainText(`App Store palette.pro.monthly: Active, transaction ${transactionId}`);
  await expect(page.getByTestId('entitlement-ai_credits')).toContainText('Not active');
  await expectAxeClean(page);
});

test('an editor’s unlock above the editor’s limit waits, an administrator approves it, then revokes it', async ({ page }) => {
  // Three people sign in and a mail is read: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  // A support editor joins the demo project.
  await openAs(page);
  await openConsole(page, `${projectPath}/collaborators`);
  await page.getByRole('button', { name: 'Invite collaborator' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite collaborator' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(support.email);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await page.getByRole('button', { name: 'Create operator' }).click();
  const create = page.getByRole('dialog', { name: 'Create operator' });
  await create.getByRole('textbox', { name: 'Email' }).fill(support.email);
  await create.getByRole('textbox', { name: 'Name' }).fill(support.name);
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(create).toBeHidden();
  let password: string | undefined;
  let code: string | undefined;
  await expect.poll(() => (password = /temporary password ([A-Za-z0-9]+)/.exec(mailsTo(support.email).join('\n'))?.[1])).toBeTruthy();
  await expect.poll(() => (code = /invitation code is ([A-Za-z0-9_-]{43})/.exec(mailsTo(support.email).join('\n'))?.[1])).toBeTruthy();
  await openAs(page, support.email, password);
  await openConsole(page, `/invitations/accept?code=${code as string}`);
  await page.getByRole('main').getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(`You joined “${PROJECT}” as Editor.`)).toBeVisible();

  // The editor asks for a month of AI credits: longer than the editor's 7 days, so it waits. (The
  // menus refresh once the invitation is accepted; the link shows when they have.)
  const unlockLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manual unlock' });
  await expect(unlockLink).toBeVisible();
  await unlockLink.click();
  await expect(page.getByRole('heading', { name: 'Manual unlock', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Unlock an entitlement' });
  await form.getByRole('textbox', { name: 'App user id' }).fill(user);
  await form.getByRole('combobox', { name: 'Entitlement' }).click();
  await page.getByRole('option', { name: 'AI credits' }).click();
  await form.getByRole('textbox', { name: 'Length' }).fill('1');
  await form.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'Month' }).click();
  await form.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Compensation for a bug' }).click();
  await form.getByRole('textbox', { name: 'Note' }).fill('AI effects failed all week (e2e).');
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Sent for approval', { exact: false }).first()).toBeVisible();
  const row = page.getByTestId(`unlock-${user}`);
  await expect(row).toContainText('Waiting for approval');
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAxeClean(page);

  // The administrator approves it.
  await openAs(page);
  await openConsole(page, '/transactions/manual-unlock');
  const pending = page.getByTestId(`unlock-${user}`);
  await pending.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve this unlock?' });
  await approve.getByRole('textbox', { name: 'Note (optional)' }).fill('Confirmed with the AI team.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(pending).toContainText('Granted');
  await expect(pending).toContainText('Active now');

  // The customer has AI credits now, from the unlock.
  await pending.getByRole('link', { name: user }).click();
  const credits = page.getByTestId('entitlement-ai_credits');
  await expect(credits).toContainText('Active');
  await expect(credits).toContainText('Manual unlock (Compensation for a bug)');

  // Revoked, it ends; the history has every step.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manual unlock' }).click();
  const granted = page.getByTestId(`unlock-${user}`);
  await granted.getByRole('button', { name: 'Revoke' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke this unlock?' });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke.getByText('This field is required.')).toBeVisible();
  await revoke.getByRole('textbox', { name: 'Why' }).fill('Refunded through the store instead.');
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(granted).toContainText('Revoked');
  await granted.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of the unlock' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(0)).toContainText('Asked');
  await expect(history.getByRole('row').nth(0)).toContainText(support.name);
  await expect(history.getByRole('row').nth(1)).toContainText('Approved');
  await expect(history.getByRole('row').nth(2)).toContainText('Refunded through the store instead.');
  await history.getByRole('button', { name: 'Close' }).click();
  await expectAxeClean(page);
});

test('the subscription check says per entitlement what is active and why', async ({ page }) => {
  await openAs(page);
  await openConsole(page, projectPath.replace('/projects/', '/management/') + '/check-subscription');
  await expect(page.getByRole('heading', { name: 'Subscription check', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Find by' }).selectOption('transactionId');
  await page.getByRole('textbox', { name: 'Value' }).fill(transactionId);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('entitlement-pro')).toContainText('Active');
  await expect(page.getByTestId('entitlement-ai_credits')).toContainText('Not active');
  await expect(page.getByTestId('entitlement-ai_credits')).toContainText('revoked');
  await expectAxeClean(page);

  // Nobody by that id: said so.
  await page.getByRole('combobox', { name: 'Find by' }).selectOption('userId');
  await page.getByRole('textbox', { name: 'Value' }).fill('nobody-at-all');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('The app user does not exist.')).toBeVisible();

  // The customers list finds the user, with the entitlement and state; the receipt lookup screen.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'App user id or email' }).fill(user);
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row')).toHaveCount(2);
  await expect(customers.getByRole('row').nth(1)).toContainText('pro');
  await expect(customers.getByRole('row').nth(1)).toContainText('Active');
  await expectAxeClean(page);
  await openConsole(page, '/transactions/receipt');
  await expect(page.getByRole('form', { name: 'Ask the store' })).toBeVisible();
  await page.getByRole('combobox', { name: 'App' }).selectOption({ label: 'Palette iOS (App Store)' });
  await expect(page.getByRole('combobox', { name: 'What to look up' })).toHaveValue('appleTransaction');
  await page.getByRole('combobox', { name: 'App' }).selectOption({ label: 'Palette Android (Google Play)' });
  await expect(page.getByRole('combobox', { name: 'What to look up' })).toHaveValue('googleSubscription');
  await expectAxeClean(page);
});

test('a segment counts the customer, live, and is saved', async ({ page }) => {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User segmentation' }).click();
  await expect(page.getByRole('heading', { name: 'User segmentation', level: 1 })).toBeVisible();
  const name = `New iOS subscribers e2e ${transactionId}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // iOS, Palette Pro now, first seen less than an hour ago: the customer of the first test alone
  // (the demo's customers were first seen days ago).
  const first = page.getByRole('group', { name: 'Rule 1' });
  await expect(first.getByRole('combobox', { name: 'Value' })).toHaveValue('ios');
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const second = page.getByRole('group', { name: 'Rule 2' });
  await second.getByRole('combobox', { name: 'Fact' }).selectOption('entitlement');
  await second.getByRole('combobox', { name: 'Value' }).selectOption({ label: 'Palette Pro' });
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const third = page.getByRole('group', { name: 'Rule 3' });
  await third.getByRole('combobox', { name: 'Fact' }).selectOption('firstSeen');
  await third.getByRole('combobox', { name: 'Comparison' }).selectOption('lt');
  await third.getByRole('textbox', { name: 'Value' }).fill('1');
  await third.getByRole('combobox', { name: 'Unit' }).selectOption('hour');
  const count = page.getByTestId('segment-count');
  await expect(count).toHaveText(/^1 of \d+ customers match now\.$/);
  // The count follows the rules as they change.
  await first.getByRole('combobox', { name: 'Value' }).selectOption('android');
  await expect(count).toHaveText(/^0 of \d+ customers match now\.$/);
  await first.getByRole('combobox', { name: 'Value' }).selectOption('ios');
  await expect(count).toHaveText(/^1 of \d+ customers match now\.$/);
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('list', { name: 'Saved segments' }).getByRole('button', { name })).toBeVisible();
  await expectAxeClean(page);
});
