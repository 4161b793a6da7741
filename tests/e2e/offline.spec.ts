import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { e2eAdmin } from './support/accounts';
import { signIn } from './support/console';

/**
 * Working offline (issue 14), in the browser edition, with the API server stopped and started by
 * the test while the host (the desktop's main process) stays up.
 *
 * Test-only plumbing, all of it in this file: the suite's shared console (global setup) runs its
 * server embedded, inside the host, where a test cannot stop it alone. So this spec starts its own
 * pair: an API server process (the built `out/server/main.js`, PGlite in a temporary directory, on a
 * fixed port so it comes back at the same address) and a host (`out/main/host.js`) pointed at it
 * with `PALETTE_SERVER_URL`, exactly as an installation with a configured server runs. "Stopping
 * the server" is SIGTERM to that process (it flushes its database), "starting" is the same command
 * on the same data. No product code knows about it. The host runs in a D-Bus session of its own with
 * an unlocked gnome-keyring (as scripts/test.sh does for the suite), so the session token is in a
 * real keychain and survives a restart of the host; without those tools the keychain part is skipped.
 * "Another operator" is the demo project's editor, whose password the server prints at first start;
 * they change a draft through the API of a second server process started on the same data while
 * the console's server is down (the console's host never sees it).
 */

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const ROOT = process.cwd();
const SHOTS = join(ROOT, 'test-results', 'offline');
const KEYRING_PASSWORD = 'palette-offline-e2e';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function hasKeychainTools(): boolean {
  return ['dbus-run-session', 'gnome-keyring-daemon'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);
}

/** Waits for a line matching `pattern` on a stream; resolves with the match. */
function waitForLine(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${timeoutMs} ms:\n${seen.slice(-3000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        child[stream]?.off('data', onData);
        resolve(match);
      }
    };
    child[stream]?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${seen.slice(-3000)}`));
    });
  });
}

function stopProcess(child: ChildProcess | null, group = false): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => (group && child.pid ? process.kill(-child.pid, 'SIGKILL') : child.kill('SIGKILL')), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (group && child.pid) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  });
}

/** The spec's API server: one data directory, started and stopped at will. */
class ApiServer {
  private child: ChildProcess | null = null;
  demoOperator: { email: string; password: string } | null = null;

  constructor(readonly dataDir: string) {}

  async start(port: number): Promise<void> {
    const child = spawn(process.execPath, [join(ROOT, 'out', 'server', 'main.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, ADMIN_EMAIL: e2eAdmin.email, ADMIN_PASSWORD: e2eAdmin.password, NODE_ENV: 'test', DATABASE_URL: '', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const demo = /Demo operator: (\S+) \/ (\S+)/.exec(out);
      if (demo && !this.demoOperator) this.demoOperator = { email: demo[1] as string, password: demo[2] as string };
    });
    child.stderr?.resume();
    await waitForLine(child, 'stdout', /Palette server listening at (http:\/\/\S+)/, 120_000, 'The API server');
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    return stopProcess(child);
  }
}

/** The spec's browser edition host, pointed at the spec's server; its launch links as it prints them. */
class Host {
  private child: ChildProcess | null = null;
  private links: string[] = [];
  private used = new Set<string>();
  readonly keychain = hasKeychainTools();

  constructor(
    private readonly port: number,
    private readonly serverUrl: string,
    private readonly work: string,
  ) {}

  async start(): Promise<void> {
    const env = {
      ...process.env,
      PALETTE_SERVER_URL: this.serverUrl,
      PALETTE_HOST_PORT: String(this.port),
      PALETTE_USER_DATA_DIR: join(this.work, 'user-data'),
      XDG_DATA_HOME: join(this.work, 'keyring'),
      NODE_ENV: 'test',
    };
    const host = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'out', 'main', 'host.js'))}`;
    const child = this.keychain
      ? spawn('dbus-run-session', ['--', 'sh', '-c', `echo -n ${KEYRING_PASSWORD} | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ${host}`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      : spawn(process.execPath, [join(ROOT, 'out', 'main', 'host.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.links = [];
    this.used.clear();
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/another browser can open (http:\/\/\S+)/g)) this.links.push(match[1] as string);
    });
    const [, url] = await waitForLine(child, 'stdout', /browser edition\)? at (http:\/\/\S+)/, 60_000, 'The host');
    this.links.push(url as string);
  }

  /** A launch link nobody has used (each works once; using one makes the host print the next). */
  async launchUrl(): Promise<string> {
    await expect.poll(() => this.links.some((link) => !this.used.has(link)), { timeout: 10_000 }).toBe(true);
    const link = this.links.find((candidate) => !this.used.has(candidate)) as string;
    this.used.add(link);
    return link;
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    return stopProcess(child, true);
  }
}

let work = '';
let server: ApiServer;
let host: Host;
let serverPort = 0;
let context: BrowserContext;
let page: Page;
let projectId = '';
const pagePath: Record<'evergreen' | 'spring', string> = { evergreen: '', spring: '' };
const pageId: Record<'evergreen' | 'spring', string> = { evergreen: '', spring: '' };

async function openConsole(target: Page, path = '/'): Promise<void> {
  await target.goto(await host.launchUrl());
  await expect(target).not.toHaveURL(/palette-page-key=/);
  if (path !== '/') await target.goto(new URL(path, target.url()).toString());
}

/** A new page of the console in the same browser (its storage kept): the console restarted. */
async function restartConsole(path: string): Promise<Page> {
  await page.close();
  page = await context.newPage();
  await openConsole(page, path);
  return page;
}

async function shoot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Dialogs fade in: the picture waits for every running animation to end.
  await page.evaluate(() =>
    Promise.all((globalThis as unknown as { document: { getAnimations: () => Array<{ finished: Promise<unknown> }> } }).document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Sets the interface language and page style (kept in the console's storage) and reloads. */
async function interfaceSettings(locale: 'en-US' | 'zh-CN', style: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ([chosen, pageStyle]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage;
      storage.setItem('palette.locale', chosen as string);
      storage.setItem('palette.interface-settings.v1', JSON.stringify({ pageStyle }));
    },
    [locale, style],
  );
  await page.reload();
}

/**
 * axe on the page's main region and on an open dialog (as the other specs do: the frame around them
 * is checked by frame.spec.ts). Fluent's focus guards (tabster dummies) are left out, and so is the
 * subscription page's phone preview, which draws the page in the colours the operator chose.
 */
async function expectAxeClean(target: Page): Promise<void> {
  const dialogOpen = (await target.locator('[role="dialog"]').count()) > 0;
  const results = await new AxeBuilder({ page: target })
    .include(dialogOpen ? '[role="dialog"]' : 'main')
    .exclude('[data-tabster-dummy]')
    .exclude('section[aria-label="Preview of the page as the app shows it"]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** Calls the API server directly as another operator (not through the console). */
async function asOtherOperator(baseUrl: string) {
  const operator = server.demoOperator;
  if (!operator) throw new Error('the server did not print the demo operator');
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return (await response.json()) as { code: number; data: { version: number; name: string; draft: Record<string, unknown>; updatedBy: { name: string } | null } };
  };
  return { call };
}

/**
 * What the console keeps on this computer now: the query hashes in its kept cache (IndexedDB
 * `palette-offline`, renderer/src/data/offline/kept-storage.ts). The cache is written a moment after
 * each change (throttled), so the spec waits until what it opened is there before the server goes.
 */
async function keptQueries(): Promise<string[]> {
  return page.evaluate<string[]>(`new Promise((resolve) => {
    const open = indexedDB.open('palette-offline');
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('kept')) return resolve([]);
      const request = db.transaction('kept', 'readonly').objectStore('kept').getAll();
      request.onerror = () => resolve([]);
      request.onsuccess = () => {
        const cache = request.result.find((value) => typeof value === 'string' && value.includes('clientState'));
        resolve(cache ? JSON.parse(cache).clientState.queries.map((query) => query.queryHash) : []);
      };
    };
  })`);
}

/** Whether the kept cache holds the subscription page `id` itself (not only a list naming it). */
async function pageKept(id: string): Promise<boolean> {
  return (await keptQueries()).some((hash) => hash.includes('"subscriptionPages.get"') && hash.includes(id));
}

const itemPath = (id: string) => `/api/v1/projects/${projectId}/config/subscribe/${id}`;

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'palette-offline-e2e-'));
  serverPort = await freePort();
  server = new ApiServer(join(work, 'server-data'));
  await server.start(serverPort);
  host = new Host(await freePort(), `http://127.0.0.1:${serverPort}`, work);
  await host.start();
});

// The suite's output folder is shared with other runs; a failure keeps its own picture here too.
test.afterEach(async ({ browserName }, testInfo) => {
  void browserName;
  if (testInfo.status !== testInfo.expectedStatus && page && !page.isClosed()) await shoot(`failed-${testInfo.title.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`);
});

test.afterAll(async () => {
  await context?.close().catch(() => undefined);
  await host?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('lists and items opened online show from the kept cache with their age when the server is gone', async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  await openConsole(page);
  await page.waitForURL(/\/login/);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);

  // Online: the project and its lists, and the two subscription pages.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'Palette Photo & Video', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/general$/);
  projectId = /\/projects\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
  await page.getByRole('tab', { name: 'SKUs' }).click();
  await expect(page.getByRole('grid', { name: 'SKU list' }).getByText('palette.pro.yearly').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Management' }).click();
  await page.getByRole('link', { name: 'Palette Photo & Video' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription pages', level: 1 })).toBeVisible();
  for (const [key, name] of [['evergreen', 'Pro — evergreen'], ['spring', 'Spring sale — countdown']] as const) {
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    pagePath[key] = new URL(page.url()).pathname;
    pageId[key] = pagePath[key].split('/').at(-1) as string;
    await expect.poll(() => pageKept(pageId[key] as string), { timeout: 5_000 }).toBe(true);
    await page.getByRole('button', { name: /^Back to/ }).click();
    await expect(page.getByRole('heading', { name: 'Subscription pages', level: 1 })).toBeVisible();
  }
  const openedAt = Date.now();

  // The server stops; the host stays. A reload shows the lists from the cache, with their age.
  await server.stop();
  await page.reload();
  const banner = page.getByText('Server unreachable');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  // "as of" the time the oldest answer on the screen was fetched: this session's, today, so a time alone.
  const age = page.getByText(/^Showing what this computer kept, as of \d{1,2}:\d{2}\s?[AP]M\.$/);
  await expect(age).toBeVisible();
  const shown = /as of (\d{1,2}):(\d{2})\s?([AP]M)/.exec((await age.textContent()) ?? '');
  const minutes = ((Number(shown?.[1]) % 12) + (shown?.[3] === 'PM' ? 12 : 0)) * 60 + Number(shown?.[2]);
  const local = await page.evaluate((at) => {
    const date = new Date(at);
    return date.getHours() * 60 + date.getMinutes();
  }, openedAt);
  expect(Math.abs(local - minutes)).toBeLessThanOrEqual(5);
  await expect(page.getByRole('link', { name: 'Pro — evergreen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spring sale — countdown' })).toBeVisible();
  await expectAxeClean(page);
  await shoot('list-offline-en-light');

  // Search within what is kept.
  await page.getByRole('searchbox').fill('spring');
  await expect(page.getByRole('link', { name: 'Spring sale — countdown' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pro — evergreen' })).toBeHidden();
  await page.getByRole('searchbox').fill('');

  // The project's SKU list, kept too.
  await page.goto(new URL(`/projects/${projectId}/skus`, page.url()).toString());
  await expect(page.getByRole('grid', { name: 'SKU list' }).getByText('palette.pro.yearly').first()).toBeVisible();
  await expect(page.getByText(/^Showing what this computer kept, as of /)).toBeVisible();

  // A screen never opened says so plainly instead of spinning.
  await page.goto(new URL(`/management/${projectId}/banner`, page.url()).toString());
  await expect(page.getByText('This was never opened on this computer, so nothing of it is kept. It loads when the connection returns.').first()).toBeVisible();
  await shoot('not-kept-en-light');
});

test('a draft edited offline waits, survives a restart of the console, and publishing waits with its reason', async () => {
  await page.goto(new URL(pagePath.evergreen, page.url()).toString());
  await expect(page.getByRole('heading', { name: 'Pro — evergreen', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Offline title');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish to preview' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Publish to preview' }).focus();
  await expect(page.getByText('Needs a connection: this cannot be taken back, or others see it at once.').first()).toBeVisible();

  await page.goto(new URL(pagePath.spring, page.url()).toString());
  await expect(page.getByRole('heading', { name: 'Spring sale — countdown', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('春季特惠 — offline');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: '2 changes waiting to be sent' })).toBeVisible();

  // The console restarts (a new window of the browser edition): the changes still wait.
  await restartConsole(`/management/${projectId}/subscribe`);
  const bar = page.getByRole('group', { name: '2 changes waiting to be sent' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
  const rows = dialog.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Subscription page · Pro — evergreen');
  await expect(rows.nth(0)).toContainText('Based on version');
  await expect(rows.nth(1)).toContainText('Subscription page · Spring sale — countdown');
  await expectAxeClean(page);
  await shoot('waiting-list-en-light');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The same in Chinese, light and dark, and English dark: the notice and the list follow the settings.
  await interfaceSettings('zh-CN', 'light');
  await expect(page.getByText('无法连接服务器')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^正在显示本机保留的内容，截至 /)).toBeVisible();
  const zhBar = page.getByRole('group', { name: '2 项更改等待发送' });
  await expect(zhBar).toBeVisible();
  await shoot('list-offline-zh-light');
  await zhBar.getByRole('button', { name: '查看' }).click();
  await expect(page.getByRole('dialog', { name: '等待发送的更改' }).locator('tbody tr').first()).toContainText('订阅页');
  await shoot('waiting-list-zh-light');
  await page.keyboard.press('Escape');
  await interfaceSettings('zh-CN', 'dark');
  await expect(page.getByRole('group', { name: '2 项更改等待发送' })).toBeVisible({ timeout: 20_000 });
  await shoot('list-offline-zh-dark');
  await page.getByRole('group', { name: '2 项更改等待发送' }).getByRole('button', { name: '查看' }).click();
  await expect(page.getByRole('dialog', { name: '等待发送的更改' })).toBeVisible();
  await shoot('waiting-list-zh-dark');
  await page.keyboard.press('Escape');
  await page.goto(new URL(pagePath.evergreen, page.url()).toString());
  await expect(page.getByText('等待发送', { exact: true })).toBeVisible();
  await shoot('editor-waiting-zh-dark');
  await interfaceSettings('en-US', 'dark');
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await shoot('editor-waiting-en-dark');
  await page.goto(new URL(`/management/${projectId}/subscribe`, page.url()).toString());
  await page.getByRole('group', { name: '2 changes waiting to be sent' }).getByRole('button', { name: 'Review' }).click();
  await shoot('waiting-list-en-dark');
  await page.keyboard.press('Escape');
  await interfaceSettings('en-US', 'light');
});

test('the app starts without a connection on the kept session: the kept console, not the sign-in page', async () => {
  test.skip(!host.keychain, 'needs dbus-run-session and gnome-keyring-daemon for a keychain that survives a restart');
  await page.close();
  await host.stop();
  await host.start();
  page = await context.newPage();
  await openConsole(page, `/management/${projectId}/subscribe`);
  await expect(page).toHaveURL(/\/management\/.*\/subscribe$/);
  await expect(page.getByRole('link', { name: 'Pro — evergreen' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('You are signed in from what this computer keeps; the server confirms your session when the connection returns.')).toBeVisible();
  await expect(page.getByRole('group', { name: '2 changes waiting to be sent' })).toBeVisible();
  await shoot('restart-offline-en-light');
});

test('when the server returns after another operator changed a draft: conflict with both versions kept; without conflict the change arrives', async () => {
  // Another operator changes "Pro — evergreen" while the console's server is down: through a server
  // process of their own on the same data (the console's host cannot reach it).
  const otherPort = await freePort();
  await server.start(otherPort);
  const api = await asOtherOperator(`http://127.0.0.1:${otherPort}`);
  const before = await api.call('GET', itemPath(pageId.evergreen));
  expect(before.code).toBe(0);
  const theirs = await api.call('PUT', `${itemPath(pageId.evergreen)}/draft`, { version: before.data.version, draft: { ...before.data.draft, title: 'Their title' } });
  expect(theirs.code).toBe(0);
  await server.stop();

  // The console's server comes back: the waiting changes are sent in order.
  await server.start(serverPort);
  await expect(page.getByText('Server unreachable')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: '1 change waiting to be sent' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('A waiting change met a newer version').first()).toBeVisible();

  const check = await asOtherOperator(`http://127.0.0.1:${serverPort}`);
  // Without conflict, the change arrived.
  const spring = await check.call('GET', itemPath(pageId.spring));
  expect(spring.data.draft['title']).toBe('春季特惠 — offline');
  // With one, nothing was overwritten.
  expect((await check.call('GET', itemPath(pageId.evergreen))).data.draft['title']).toBe('Their title');

  // The conflict view shows both versions; keeping mine sends it over theirs, as decided.
  await page.getByRole('group', { name: '1 change waiting to be sent' }).getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
  await expect(dialog.locator('tbody tr').first()).toContainText('Changed by someone else meanwhile');
  await dialog.getByRole('button', { name: 'Open Pro — evergreen' }).click();
  await expect(page.getByText('Someone else saved this item meanwhile')).toBeVisible();
  const diff = page.getByRole('table', { name: /^Changes from Their version to Your changes/ });
  const titleRow = diff.getByRole('row').filter({ hasText: 'Title' });
  await expect(titleRow).toContainText('Their title');
  await expect(titleRow).toContainText('Offline title');
  await expectAxeClean(page);
  await shoot('conflict-en-light');
  await page.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('group', { name: /waiting to be sent/ })).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await check.call('GET', itemPath(pageId.evergreen))).data.draft['title']).toBe('Offline title');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Offline title');
});

test('offline, signing out wipes what was kept, and nobody can sign in until the connection returns', async () => {
  await server.stop();
  await expect(page.getByText('Server unreachable')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Signing in needs a connection')).toBeVisible();
  await shoot('sign-in-offline-en-light');
  await signIn(page);
  await expect(page.getByText('You are offline. Check your network connection.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // Nothing of the operator is left in the console's storage.
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        type Request<T> = { result: T; error: unknown; onsuccess: () => void; onerror: () => void };
        type Db = { objectStoreNames: { contains: (name: string) => boolean }; transaction: (name: string) => { objectStore: (name: string) => { count: () => Request<number> } } };
        const idb = (globalThis as unknown as { indexedDB: { open: (name: string) => Request<Db> } }).indexedDB;
        const open = idb.open('palette-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve(0);
          const count = db.transaction('kept').objectStore('kept').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  expect(kept).toBe(0);
});
