import { type EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));
vi.mock('keytar', () => {
  throw new Error('no keychain in this test');
});
vi.mock('@napi-rs/keyring', () => {
  throw new Error('no keychain in this test');
});
vi.mock('@sentry/electron/main', () => ({ init: vi.fn() }));
vi.mock('electron-updater', () => ({ default: { autoUpdater: { on: vi.fn() } } }));
vi.mock('electron-store', () => ({
  default: class {
    private readonly values = new Map<string, unknown>();
    get(key: string) {
      return this.values.get(key);
    }
    set(key: string, value: unknown) {
      this.values.set(key, value);
    }
    delete(key: string) {
      this.values.delete(key);
    }
  },
}));

import * as electron from 'electron';
import { ipcChannelNames } from '@contract/ipc-names';
import { type BrowserWindow as FakeWindow, type FakeSession } from './support/fake-electron';
import { startFakeApi, type FakeApi } from './support/fake-api';

/**
 * The desktop entry, wired against the fake Electron (the runtime cannot run here): what happens
 * before `ready`, and what `ready` sets up, with a configured server so no child process starts.
 */
let api: FakeApi;
let userData: string;
const fake = electron as unknown as {
  app: { readyNow: () => void; userData: string; appPath: string; exit: ReturnType<typeof vi.fn> };
  protocol: { registerSchemesAsPrivileged: ReturnType<typeof vi.fn>; handlers: Map<string, unknown> };
  ipcMain: { handlers: Map<string, (event: unknown, input: unknown) => Promise<unknown>> };
  session: { defaultSession: FakeSession };
  BrowserWindow: { instances: FakeWindow[] };
};

beforeAll(async () => {
  api = await startFakeApi();
  api.routes.set('GET /healthz', () => ({ json: { ok: true } }));
  userData = mkdtempSync(join(tmpdir(), 'palette-desktop-'));
  fake.app.userData = userData;
  vi.stubEnv('PALETTE_SERVER_URL', api.url);
  vi.stubEnv('PALETTE_SENTRY_DSN', '');
  vi.stubEnv('PALETTE_HELP_URL', 'https://docs.example/console');
  vi.stubEnv('PALETTE_PRIVACY_URL', 'javascript:alert(1)');
  await import('../../main/src/index');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
  rmSync(userData, { recursive: true, force: true });
});

describe('the desktop entry', () => {
  it('registers the app: scheme before the app is ready', () => {
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    expect(fake.BrowserWindow.instances).toHaveLength(0);
  });

  it('on ready: serves app://, secures the session, mounts every channel and opens one window', async () => {
    fake.app.readyNow();
    await vi.waitFor(() => expect(fake.BrowserWindow.instances).toHaveLength(1), { timeout: 5_000 });
    expect(fake.app.exit).not.toHaveBeenCalled();
    expect(fake.protocol.handlers.has('app')).toBe(true);
    expect(fake.session.defaultSession.headersListener).not.toBeNull();
    expect(fake.session.defaultSession.permissionCheckHandler).not.toBeNull();
    expect(fake.ipcMain.handlers.size).toBe(ipcChannelNames.length);

    const window = fake.BrowserWindow.instances[0]!;
    expect(window.loadedUrl).toBe('app://palette/');
    expect(String((window.options['webPreferences'] as Record<string, unknown>)['preload'])).toBe(join(fake.app.appPath, 'out', 'preload', 'index.cjs'));
  });

  it('answers the renderer through ipcMain with the configured server', async () => {
    const info = await fake.ipcMain.handlers.get('palette:app.info')!({ senderFrame: { url: 'app://palette/', origin: 'app://palette' } }, undefined);
    expect(info).toMatchObject({ ok: true, value: { edition: 'desktop', serverUrl: api.url, embeddedServer: false } });
    // Only valid http(s) links are passed on; without a DSN the renderer is told not to report.
    expect((info as { value: { links: unknown } }).value.links).toEqual({ help: 'https://docs.example/console' });
    expect(info).not.toHaveProperty(['value', 'errorReporting']);
    const update = await fake.ipcMain.handlers.get('palette:update.get')!({ senderFrame: { url: 'app://palette/', origin: 'app://palette' } }, undefined);
    expect(update).toMatchObject({ ok: true, value: { status: 'unsupported' } });
    const session = await fake.ipcMain.handlers.get('palette:session.get')!({ senderFrame: { url: 'app://palette/', origin: 'app://palette' } }, undefined);
    expect(session).toEqual({ ok: true, value: { user: null, persistence: 'memory' } });
  });
});

describe('the desktop shell of the entry', () => {
  const trustedFrame = { senderFrame: { url: 'app://palette/', origin: 'app://palette' } };
  type Item = { label?: string; id?: string; click?: () => void; submenu?: Item[] };
  const menu = () => (electron as unknown as { Menu: { applicationMenu: { template: Item[] } | null } }).Menu.applicationMenu!.template;
  const window = () => fake.BrowserWindow.instances[0]!;
  const commands = () => window().webContents.sent.filter((message) => message.channel === 'palette:shell.command').map((message) => message.payload);
  const app = () => (electron as unknown as { app: EventEmitter }).app;

  it('installs the application menu in the interface language, and switches it with the console', async () => {
    expect(menu().map((item) => item.label)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    const answer = await fake.ipcMain.handlers.get('palette:app.setLanguage')!(trustedFrame, { language: 'zh-CN' });
    expect(answer).toEqual({ ok: true, value: null });
    expect(menu().map((item) => item.label)).toEqual(['文件(&F)', '编辑(&E)', '视图(&V)', '窗口(&W)', '帮助(&H)']);
    await fake.ipcMain.handlers.get('palette:app.setLanguage')!(trustedFrame, { language: 'en-US' });
    expect(menu()[1]!.label).toBe('&Edit');
  });

  it('opens help outside when the installation configured it, and the console page otherwise', async () => {
    const help = menu().find((item) => item.label === '&Help')!.submenu!;
    help.find((item) => item.id === 'help')!.click!();
    await vi.waitFor(() => expect((electron as unknown as { shell: { openExternal: ReturnType<typeof vi.fn> } }).shell.openExternal).toHaveBeenCalledWith('https://docs.example/console'));
    help.find((item) => item.id === 'privacy')!.click!();
    expect(commands().at(-1)).toEqual({ command: 'navigate', path: '/privacy' });
    menu()[0]!.submenu!.find((item) => item.id === 'settings')!.click!();
    expect(commands().at(-1)).toEqual({ command: 'settings' });
  });

  it('hands a palette:// link of a second start to the running console, and only console links', () => {
    const before = commands().length;
    window().minimized = true;
    app().emit('second-instance', {}, ['/opt/palette/palette-console', 'palette://invitations/accept?code=Inv1tation_code'], '/');
    expect(commands().at(-1)).toEqual({ command: 'navigate', path: '/invitations/accept?code=Inv1tation_code' });
    expect(window().minimized).toBe(false);
    expect(window().focused).toBe(true);
    app().emit('second-instance', {}, ['/opt/palette/palette-console', 'palette://projects/../../etc/passwd'], '/');
    app().emit('open-url', { preventDefault: () => undefined }, 'palette://preview/signed.token-1');
    expect(commands().slice(before)).toEqual([
      { command: 'navigate', path: '/invitations/accept?code=Inv1tation_code' },
      { command: 'navigate', path: '/preview/signed.token-1' },
    ]);
  });
});
