import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { e2eAdmin } from './support/accounts';
import { freshLaunchUrl, openConsole, openSignedOut, signIn } from './support/console';

test.describe.configure({ mode: 'serial' });

const PAGE_KEY_STORAGE = 'palette.hostPageKey';
const PAGE_KEY_HEADER = 'x-palette-page-key';

function hostOrigin(): string {
  const origin = process.env.E2E_ORIGIN;
  if (!origin) throw new Error('E2E_ORIGIN is not set');
  return origin;
}

/** A request as another local program sends it: any headers, Origin and Cookie included. */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: options.method ?? 'GET', headers: { host: target.host, ...options.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // An accepted event stream never ends; its first bytes are enough.
        if (res.statusCode === 200 && res.headers['content-type']?.startsWith('text/event-stream')) {
          req.destroy();
          resolve({ status: 200, body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(options.body);
  });
}

test('another service on 127.0.0.1 gets the launch cookie, and replaying it is refused', async ({ page }) => {
  const origin = hostOrigin();
  // "Another service": a page on another port of 127.0.0.1 that records the cookies it is sent.
  const cookiesSeen: string[] = [];
  const other: Server = createServer((req, res) => {
    cookiesSeen.push(req.headers.cookie ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Other service</title><main><h1>Other service</h1></main></html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

  try {
    const launch = await freshLaunchUrl();
    await page.goto(launch);
    await expect(page).toHaveURL(/\/(login|welcome)/);
    await expect(page).not.toHaveURL(/palette-page-key/);

    // The page holds its key in its own origin's storage; the cookie is HttpOnly and is something else.
    const pageKey = await page.evaluate((key) => (globalThis as unknown as { localStorage: { getItem: (name: string) => string | null } }).localStorage.getItem(key), PAGE_KEY_STORAGE);
    expect(pageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [cookie, ...more] = await page.context().cookies(origin);
    expect(more).toEqual([]);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', domain: '127.0.0.1' });
    expect(cookie!.value).not.toBe(pageKey);
    expect(launch).not.toContain(cookie!.value);

    // The browser sends that cookie to the other port: the other service now has it.
    await page.goto(`${otherOrigin}/`);
    await expect(page.getByRole('heading', { name: 'Other service' })).toBeVisible();
    const stolen = cookiesSeen.at(-1) ?? '';
    expect(stolen).toContain(`${cookie!.name}=${cookie!.value}`);
    // ...but not the page key: that origin's storage is its own.
    expect(await page.evaluate((key) => (globalThis as unknown as { localStorage: { getItem: (name: string) => string | null } }).localStorage.getItem(key), PAGE_KEY_STORAGE)).toBeNull();

    // Replayed server-side, with the console's Origin forged or its own: refused, for IPC and events.
    for (const from of [origin, otherOrigin]) {
      const replay = await rawRequest(`${origin}/__palette/ipc/session.get`, { method: 'POST', headers: { cookie: stolen, origin: from, 'content-type': 'application/json' }, body: '{}' });
      expect(replay.status, from).toBe(403);
      expect(JSON.parse(replay.body)).toMatchObject({ ok: false, code: 105010 });
    }
    expect((await rawRequest(`${origin}/__palette/events`, { headers: { cookie: stolen } })).status).toBe(403);

    // From the other service's page in the browser, with the browser's own cookies: refused too.
    const fromPage = await page.evaluate(async (url) => {
      try {
        const answer = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
        return `status ${answer.status}`;
      } catch {
        return 'blocked';
      }
    }, `${origin}/__palette/ipc/session.get`);
    expect(fromPage).toBe('blocked');

    // The launch link was used once: nobody can use it again.
    const again = await rawRequest(launch);
    expect(again.status).toBe(403);
    expect(again.body).toContain('already used');

    // The same cookie with the page's key is what the console itself sends: accepted.
    const own = await rawRequest(`${origin}/__palette/ipc/app.info`, { method: 'POST', headers: { cookie: stolen, origin, [PAGE_KEY_HEADER]: pageKey!, 'content-type': 'application/json' }, body: '{}' });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toMatchObject({ ok: true, value: { edition: 'browser' } });

    // And the console in the browser keeps working: calls and the event stream carry the key.
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('button', { name: 'Log in' }).or(page.getByRole('navigation', { name: 'Main navigation' }))).toBeVisible();
  } finally {
    other.close();
  }
});

test('a new tab of the same browser shares the page key; a reload keeps working', async ({ page, context }) => {
  await openSignedOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  const second = await context.newPage();
  // Its event stream carries the page key and is accepted.
  const stream = second.waitForResponse((response) => response.url().endsWith('/__palette/events'));
  await second.goto(`${hostOrigin()}/account`);
  await expect(second).toHaveURL(/\/account/);
  const events = await stream;
  expect(events.status()).toBe(200);
  expect(events.request().headers()[PAGE_KEY_HEADER]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(second.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('the browser edition opens the invitation link of a mail at its screen, with the code filled in', async ({ page }) => {
  await openSignedOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/welcome/);
  await openConsole(page, '/invitations/accept?code=Link_Code-0123');
  await expect(page.getByRole('textbox', { name: 'Invitation code' })).toHaveValue('Link_Code-0123');
});

test('the browser edition opens the password-reset link of a mail at the reset step, account and code filled in', async ({ page }) => {
  await openSignedOut(page, `/login?reset=428193&email=${encodeURIComponent(e2eAdmin.email)}`);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveValue('428193');
  await expect(page.getByText(e2eAdmin.email)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeFocused();
});
