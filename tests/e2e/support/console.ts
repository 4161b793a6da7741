import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eAdmin } from './accounts';

let lastLaunchUrl: string | null = null;

/**
 * A launch link nobody has used yet. Each works once (the host then prints the next one, which the
 * global setup keeps in E2E_LAUNCH_FILE), so every page, in its own browser context, takes its own.
 */
export async function freshLaunchUrl(): Promise<string> {
  const file = process.env.E2E_LAUNCH_FILE;
  if (!file) throw new Error('E2E_LAUNCH_FILE is not set: the global setup did not start the console');
  let url = '';
  await expect
    .poll(() => {
      url = readFileSync(file, 'utf8').trim();
      return url !== '' && url !== lastLaunchUrl;
    }, { timeout: 10_000 })
    .toBe(true);
  lastLaunchUrl = url;
  return url;
}

/** Opens the browser edition through a fresh launch link (cookie and page key) at `path`. */
export async function openConsole(page: Page, path = '/'): Promise<void> {
  const url = await freshLaunchUrl();
  await page.goto(url);
  // The console takes its page key out of the address before anything else runs.
  await expect(page).not.toHaveURL(/palette-page-key=/);
  if (path !== '/') await page.goto(new URL(path, url).toString());
}

/**
 * Opens the console signed out. The session belongs to the console (main keeps the token), not to
 * the browser context, exactly as in the desktop app: a test that needs the sign-in page logs out
 * whoever an earlier test left signed in.
 */
export async function openSignedOut(page: Page, path = '/'): Promise<void> {
  await openConsole(page);
  await page.waitForURL(/\/(login|welcome)/);
  if (!/\/login/.test(page.url())) await signOut(page);
  if (path !== '/') await page.goto(new URL(path, process.env.E2E_URL).toString());
}

/** Signs in on the sign-in page shown now, in English. */
export async function signIn(page: Page, email: string = e2eAdmin.email, password: string = e2eAdmin.password): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Session tokens kept in the OS keychain under the console's service name. */
export function keychainTokens(): number {
  try {
    const out = execFileSync('secret-tool', ['search', '--all', 'service', 'Palette Console'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return (out.match(/^\[\//gm) ?? []).length;
  } catch {
    return 0;
  }
}

/** The newest mail the SMTP receiver got for `to`, decoded enough to read a code in it. */
export function latestMailTo(to: string): string | null {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const files = readdirSync(dir).sort().reverse();
  for (const f of files) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (raw.toLowerCase().includes(to.toLowerCase())) {
      // Undo quoted-printable soft breaks and escapes; plain 7/8-bit bodies pass unchanged.
      return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
  }
  return null;
}

/** A raw mail with its text body readable: a base64 body decoded, quoted-printable undone. */
function readableMail(raw: string): string {
  const base64 = /Content-Transfer-Encoding:\s*base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  if (base64?.[1]) return `${raw}\n${Buffer.from(base64[1].replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Every mail the SMTP receiver got for `to`, newest first, with its text readable. */
export function mailsTo(to: string): string[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  return readdirSync(dir)
    .sort()
    .reverse()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(to.toLowerCase()))
    .map(readableMail);
}

/** Opens the console signed in as `email` (signing out whoever is signed in first), on the welcome page. */
export async function openAs(page: Page, email: string = e2eAdmin.email, password: string = e2eAdmin.password): Promise<void> {
  await openSignedOut(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/welcome/);
}
