import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailsTo, openAs, openConsole } from './support/console';

test.describe.configure({ mode: 'serial' });

/** Names of this run (the database is fresh each run, the names only have to be unique within it). */
const project = 'Lumen Camera';
const collaborator = { email: 'mia@e2e.palette.local', name: 'Mia Chen' };
const outsider = { email: 'otto@e2e.palette.local', name: 'Otto Brandt' };
let projectPath = '';

/** Picks an option of a Fluent dropdown by the dropdown's label and the option's text. */
async function choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option }).click();
}

/** The create/edit drawer of a resource. */
function drawer(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Opens the row menu of the item named `name` and picks an action. */
async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an administrator creates a project with apps, SKUs and a linked entitlement', async ({ page }) => {
  await openAs(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

  // A new project needs only a name; its creator lands on it.
  await page.getByRole('button', { name: 'New project' }).click();
  let form = drawer(page, 'New Project');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Project name' }).fill(project);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/general$/);
  projectPath = new URL(page.url()).pathname.replace(/\/general$/, '');
  await expect(page.getByRole('heading', { name: project, level: 1 })).toBeVisible();

  // The same name again is refused with its own message; cancelling asks before dropping the input.
  await page.getByRole('button', { name: 'All projects' }).click();
  await page.getByRole('button', { name: 'New project' }).click();
  form = drawer(page, 'New Project');
  await form.getByRole('textbox', { name: 'Project name' }).fill(project);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('A project with this name already exists.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard the new Project?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: project, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/general$`));

  // Apps: an iOS and an Android app; a package name used on the other platform is refused (102011).
  await page.getByRole('tab', { name: 'Apps' }).click();
  await page.getByRole('button', { name: 'New app' }).click();
  form = drawer(page, 'New App');
  await choose(form, 'Platform', 'iOS');
  await form.getByRole('textbox', { name: 'App name' }).fill('Lumen iOS');
  await form.getByRole('textbox', { name: 'Bundle ID / package name' }).fill('com.lumen.camera');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'New app' }).click();
  form = drawer(page, 'New App');
  await choose(form, 'Platform', 'Android');
  await form.getByRole('textbox', { name: 'App name' }).fill('Lumen Android');
  await form.getByRole('textbox', { name: 'Bundle ID / package name' }).fill('com.lumen.camera');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('This package name is already used by an app on another platform.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Bundle ID / package name' }).fill('com.lumen.camera.android');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  const apps = page.getByRole('grid', { name: 'App list' });
  await expect(apps.getByRole('row')).toHaveCount(3);

  // The iOS app's App Store Connect key: uploaded once, afterwards only its summary is shown.
  await apps.getByRole('button', { name: 'Lumen iOS', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/[0-9a-f-]{36}$/);
  const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keyFile = join(mkdtempSync(join(tmpdir(), 'palette-e2e-key-')), 'AuthKey_ABC123DEFG.p8');
  writeFileSync(keyFile, pem);
  await page.getByRole('textbox', { name: 'Key ID' }).fill('ABC123DEFG');
  await page.getByRole('textbox', { name: 'Issuer ID' }).fill(randomUUID());
  await page.locator('input[type=file]').setInputFiles(keyFile);
  await expect(page.getByText('AuthKey_ABC123DEFG.p8')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('The store credentials were saved.').first()).toBeVisible();
  await expect(page.getByText('Fingerprint')).toBeVisible();
  await expect(page.getByText('ABC123DEFG')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('PRIVATE KEY');
  await page.getByRole('button', { name: 'All apps' }).click();
  await expect(apps.getByText('Store credentials', { exact: true })).toBeVisible();

  // SKUs: one per app; the contract's rules are checked before anything is sent.
  await page.getByRole('tab', { name: 'SKUs' }).click();
  const skus: ReadonlyArray<[string, string, string, string, string]> = [
    ['Lumen iOS · iOS', 'lumen.pro.yearly', 'Pro Yearly', 'Yearly', '59.99'],
    ['Lumen Android · Android', 'lumen.pro.monthly', 'Pro Monthly', 'Monthly', '6.99'],
  ];
  for (const [app, productId, name, period, price] of skus) {
    await page.getByRole('button', { name: 'New SKU' }).click();
    form = drawer(page, 'New SKU');
    await choose(form, 'App', app);
    await form.getByRole('textbox', { name: 'Store product ID' }).fill(productId);
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await choose(form, 'Type', 'Subscription');
    await choose(form, 'Period', period);
    await form.getByRole('textbox', { name: 'Price' }).fill(price);
    if (productId === 'lumen.pro.yearly') {
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText('This field is required.')).toBeVisible();
    }
    await form.getByRole('textbox', { name: 'Currency' }).fill('USD');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden();
  }
  const skuGrid = page.getByRole('grid', { name: 'SKU list' });
  await expect(skuGrid.getByRole('row')).toHaveCount(3);

  // Sort order: move the monthly SKU to the top; leaving with the order unsaved asks first.
  await page.getByRole('button', { name: 'Edit order' }).click();
  await page.getByRole('button', { name: 'Move Pro Monthly (lumen.pro.monthly) to the top' }).click();
  await page.getByRole('tab', { name: 'Entitlements' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving the order?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/skus$/);
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('The new order was saved.').first()).toBeVisible();
  await expect(skuGrid.getByRole('row').nth(1)).toContainText('lumen.pro.monthly');

  // Entitlements: create one and link both SKUs to it.
  await page.getByRole('tab', { name: 'Entitlements' }).click();
  await page.getByRole('button', { name: 'New entitlement' }).click();
  form = drawer(page, 'New Entitlement');
  await form.getByRole('textbox', { name: 'Identifier' }).fill('pro');
  await form.getByRole('textbox', { name: 'Name' }).fill('Lumen Pro');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await rowAction(page, 'Lumen Pro', 'Linked SKUs');
  const links = drawer(page, 'SKUs of “Lumen Pro”');
  for (const sku of ['Pro Yearly · lumen.pro.yearly · iOS', 'Pro Monthly · lumen.pro.monthly · Android']) {
    await choose(links, 'Link SKU', sku);
    await links.getByRole('button', { name: 'Link SKU', exact: true }).click();
    await expect(links.getByRole('listitem').filter({ hasText: sku })).toBeVisible();
  }
  await links.getByRole('button', { name: 'Close' }).click();
  const entitlements = page.getByRole('grid', { name: 'Entitlement list' });
  await expect(entitlements.getByText('Pro Yearly · iOS')).toBeVisible();

  // Deleting a linked entitlement asks for a forced delete that names the links it removes.
  await rowAction(page, 'Lumen Pro', 'Delete');
  await page.getByRole('alertdialog', { name: 'Delete Entitlement' }).getByRole('button', { name: 'Delete' }).click();
  const still = page.getByRole('alertdialog', { name: 'Still linked' });
  await expect(still.getByText('Linked to the SKU Pro Yearly.')).toBeVisible();
  await still.getByRole('button', { name: 'Cancel' }).click();
  await expect(entitlements.getByText('Lumen Pro')).toBeVisible();
});

test('a collaborator is invited, gets an account, accepts and sees the project; an outsider is refused', async ({ page }) => {
  await openAs(page);
  await openConsole(page, `${projectPath}/collaborators`);
  const invite = async () => {
    await page.getByRole('button', { name: 'Invite collaborator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite collaborator' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(collaborator.email);
    await choose(dialog, 'Role', 'Editor');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    return dialog;
  };
  let dialog = await invite();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Invitations' }).getByText(collaborator.email)).toBeVisible();
  dialog = await invite();
  await expect(dialog.getByText('This person has already been invited.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Neither person has an account yet: the administrator creates them; each gets a temporary password.
  for (const person of [collaborator, outsider]) {
    await page.getByRole('button', { name: 'Create operator' }).click();
    const create = page.getByRole('dialog', { name: 'Create operator' });
    await create.getByRole('textbox', { name: 'Email' }).fill(person.email);
    await create.getByRole('textbox', { name: 'Name' }).fill(person.name);
    await create.getByRole('button', { name: 'Create operator' }).click();
    await expect(create).toBeHidden();
  }

  const passwordOf = (email: string) => /temporary password ([A-Za-z0-9]+)/.exec(mailsTo(email).join('\n'))?.[1];
  let code: string | undefined;
  await expect.poll(() => (code = /invitation code is ([A-Za-z0-9_-]{43})/.exec(mailsTo(collaborator.email).join('\n'))?.[1])).toBeTruthy();
  await expect.poll(() => passwordOf(collaborator.email)).toBeTruthy();
  await expect.poll(() => passwordOf(outsider.email)).toBeTruthy();

  // The collaborator signs in with the mailed password and accepts with the mailed code.
  await openAs(page, collaborator.email, passwordOf(collaborator.email));
  await openConsole(page, `/invitations/accept?code=${code as string}`);
  await expect(page.getByRole('textbox', { name: 'Invitation code' })).toHaveValue(code as string);
  await page.getByRole('main').getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(`You joined “${project}” as Editor.`)).toBeVisible();
  await page.getByRole('button', { name: 'Open the project' }).click();
  await expect(page.getByRole('heading', { name: project, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'SKUs' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('button', { name: project, exact: true })).toBeVisible();

  // Someone outside the project is refused.
  await openAs(page, outsider.email, passwordOf(outsider.email));
  await openConsole(page, `${projectPath}/general`);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('You are not a member of this project.')).toBeVisible();
});

test('a stale edit from a second tab is refused and nothing typed is lost', async ({ page, context }) => {
  await openAs(page);
  await openConsole(page, `${projectPath}/general`);
  const name = page.getByRole('textbox', { name: 'Project name' });
  await expect(name).toHaveValue(project);

  const other = await context.newPage();
  await openConsole(other, `${projectPath}/general`);
  await other.getByRole('textbox', { name: 'Project name' }).fill('Lumen Camera Studio');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await other.getByRole('alertdialog', { name: 'Save changes' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText('Changes to “Lumen Camera Studio” were saved.').first()).toBeVisible();
  await other.close();

  await name.fill('Lumen Camera Pro');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Save changes' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changed elsewhere', { exact: true })).toBeVisible();
  await expect(name).toHaveValue('Lumen Camera Pro');

  await page.getByRole('button', { name: 'Reload latest' }).click();
  await expect(page.getByText('Changed elsewhere: Project name. Your own changes are kept.', { exact: false })).toBeVisible();
  await expect(name).toHaveValue('Lumen Camera Pro');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Save changes' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes to “Lumen Camera Pro” were saved.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lumen Camera Pro', level: 1 })).toBeVisible();
});

test('the projects screens speak Chinese', async ({ page }) => {
  await openAs(page);
  await openConsole(page, '/projects');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: /简体中文/ }).click();
  await expect(page.getByRole('heading', { name: '项目', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '新建项目' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '项目名称' })).toBeVisible();
  await page.getByRole('button', { name: 'Lumen Camera Pro', exact: true }).click();
  for (const tab of ['常规', '协作者', '应用', 'SKU', '权益', '产品组合', '集成']) await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'SKU', exact: true }).click();
  await expect(page.getByRole('button', { name: '新建 SKU' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '商店商品 ID' })).toBeVisible();
  await expect(page.getByText('订阅').first()).toBeVisible();
});
