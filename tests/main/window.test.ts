import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { type BrowserWindow as FakeWindow, type FakeDisplay, type FakeSession, type FakeWebContents } from './support/fake-electron';
import { createMainWindow, hardenWebContents, installSessionSecurity, saveWindowState } from '../../main/src/window';
import { MAX_REMEMBERED_DISPLAYS, preferencesSchema, type PreferenceStore, type Preferences } from '../../main/src/preferences';
import { APP_ORIGIN, contentPolicies } from '../../main/src/web-security';

const shell = electron.shell as unknown as { openExternal: ReturnType<typeof vi.fn> };

function memoryPreferences(initial: Preferences = {}): PreferenceStore & { values: Preferences } {
  const values: Preferences = { ...initial };
  return {
    values,
    get: (key) => values[key],
    set: (key, value) => {
      (values as Record<string, unknown>)[key] = value;
    },
    delete: (key) => {
      delete values[key];
    },
  };
}

const options = { trustedOrigins: [APP_ORIGIN], preloadPath: '/app/out/preload/index.cjs' };

describe('the main window', () => {
  beforeEach(() => shell.openExternal.mockClear());

  it('is created sandboxed, isolated, without Node or webviews, hidden until ready, with the CommonJS preload', () => {
    const preferences = memoryPreferences();
    const window = createMainWindow({ ...options, url: `${APP_ORIGIN}/`, preferences, title: 'Palette Console' }) as unknown as FakeWindow;
    const prefs = window.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, spellcheck: false });
    expect(String(prefs['preload'])).toMatch(/\.cjs$/);
    expect(window.options['show']).toBe(false);
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
    expect(window.loadedUrl).toBe('app://palette/');
  });

  it('takes the bounds and maximized state of earlier versions, and saves them per display on close', () => {
    const preferences = memoryPreferences({ windowBounds: { x: 50, y: 60, width: 1200, height: 700 }, windowMaximized: true });
    const window = createMainWindow({ ...options, url: `${APP_ORIGIN}/`, preferences, title: 'Palette Console' }) as unknown as FakeWindow;
    expect(window.options).toMatchObject({ x: 50, y: 60, width: 1200, height: 700 });
    expect(window.maximized).toBe(true);
    window.emit('close');
    expect(preferences.values.windowStates).toEqual({ displays: { '1:1920x1080': { bounds: { x: 10, y: 20, width: 1300, height: 900 }, maximized: true } }, last: '1:1920x1080' });
    expect(preferences.values.windowBounds).toBeUndefined();
    expect(preferences.values.windowMaximized).toBeUndefined();
  });

  it('ignores saved bounds that are off every display', () => {
    const preferences = memoryPreferences({ windowBounds: { x: 5000, y: 5000, width: 1200, height: 700 } });
    const window = createMainWindow({ ...options, url: `${APP_ORIGIN}/`, preferences, title: 'Palette Console' }) as unknown as FakeWindow;
    expect(window.options).toMatchObject({ width: 1280, height: 800 });
    expect(window.options['x']).toBeUndefined();
  });
});

describe('the window state per display', () => {
  const fakeScreen = electron.screen as unknown as { displays: FakeDisplay[] };
  const laptop: FakeDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 25, width: 1440, height: 875 } };
  const monitor: FakeDisplay = { id: 2, bounds: { x: 1440, y: 0, width: 2560, height: 1440 }, workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };
  const open = (preferences: PreferenceStore) => createMainWindow({ ...options, url: `${APP_ORIGIN}/`, preferences, title: 'Palette Console' }) as unknown as FakeWindow;
  afterEach(() => {
    fakeScreen.displays = [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
  });

  it('remembers the window on each display, relative to its work area, and restores the one used last', () => {
    fakeScreen.displays = [laptop, monitor];
    const preferences = memoryPreferences();
    const first = open(preferences);
    first.normalBounds = { x: 1640, y: 100, width: 1600, height: 1000 };
    first.maximized = true;
    first.emit('moved');
    first.normalBounds = { x: 40, y: 65, width: 1200, height: 760 };
    first.maximized = false;
    first.emit('close');
    expect(preferences.values.windowStates).toEqual({
      displays: {
        '2:2560x1440': { bounds: { x: 200, y: 100, width: 1600, height: 1000 }, maximized: true },
        '1:1440x900': { bounds: { x: 40, y: 40, width: 1200, height: 760 }, maximized: false },
      },
      last: '1:1440x900',
    });
    const second = open(preferences);
    expect(second.options).toMatchObject({ x: 40, y: 65, width: 1200, height: 760 });
    expect(second.maximized).toBe(false);
  });

  it('on another arrangement, restores where the window was on the displays still there', () => {
    const preferences = memoryPreferences({
      windowStates: {
        displays: { '2:2560x1440': { bounds: { x: 200, y: 100, width: 1600, height: 1000 }, maximized: true }, '1:1440x900': { bounds: { x: 40, y: 40, width: 1200, height: 760 }, maximized: false } },
        last: '1:1440x900',
      },
    });
    // The monitor moved to the left of the laptop, the laptop is closed.
    fakeScreen.displays = [{ ...monitor, bounds: { ...monitor.bounds, x: -2560 }, workArea: { ...monitor.workArea, x: -2560 } }];
    const window = open(preferences);
    expect(window.options).toMatchObject({ x: -2360, y: 100, width: 1600, height: 1000 });
    expect(window.maximized).toBe(true);
  });

  it('shrinks a remembered window to fit its display and keeps it on screen', () => {
    fakeScreen.displays = [laptop];
    const preferences = memoryPreferences({ windowStates: { displays: { '1:1440x900': { bounds: { x: 900, y: 700, width: 2000, height: 700 }, maximized: false } }, last: '1:1440x900' } });
    const window = open(preferences);
    expect(window.options).toMatchObject({ x: 0, y: 200, width: 1440, height: 700 });
  });

  it('opens at the default size when no remembered display is connected', () => {
    fakeScreen.displays = [{ id: 9, bounds: { x: 0, y: 0, width: 1280, height: 1024 }, workArea: { x: 0, y: 0, width: 1280, height: 1024 } }];
    const preferences = memoryPreferences({ windowStates: { displays: { '1:1440x900': { bounds: { x: 0, y: 0, width: 1200, height: 700 }, maximized: true } }, last: '1:1440x900' } });
    const window = open(preferences);
    expect(window.options).toMatchObject({ width: 1280, height: 800 });
    expect(window.options['x']).toBeUndefined();
    expect(window.maximized).toBe(false);
  });

  it(`remembers at most ${MAX_REMEMBERED_DISPLAYS} displays, forgetting the least recently used`, () => {
    const preferences = memoryPreferences();
    for (let id = 1; id <= MAX_REMEMBERED_DISPLAYS + 1; id += 1) {
      fakeScreen.displays = [{ id, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
      saveWindowState({ getNormalBounds: () => ({ x: 0, y: 0, width: 1300, height: 900 }), isMaximized: () => false } as never, preferences);
      expect(Object.keys(preferences.values.windowStates!.displays)).toHaveLength(Math.min(id, MAX_REMEMBERED_DISPLAYS));
    }
    expect(Object.keys(preferences.values.windowStates!.displays)).not.toContain('1:1920x1080');
    expect(preferencesSchema.shape.windowStates.safeParse(preferences.values.windowStates).success).toBe(true);
    const tooMany = { displays: Object.fromEntries(Array.from({ length: MAX_REMEMBERED_DISPLAYS + 1 }, (_, i) => [`${i}:1x1`, { bounds: { x: 0, y: 0, width: 300, height: 300 }, maximized: false }])) };
    expect(preferencesSchema.shape.windowStates.safeParse(tooMany).success).toBe(false);
  });
});

describe('navigation and new windows', () => {
  let contents: FakeWebContents;

  beforeEach(async () => {
    shell.openExternal.mockClear();
    const { FakeWebContents } = await import('./support/fake-electron');
    contents = new FakeWebContents();
    hardenWebContents(contents as unknown as electron.WebContents, options);
  });

  it('allows navigation within the app and cancels anything else', () => {
    expect(contents.attempt('will-navigate', 'app://palette/#/projects')).toBe(false);
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.attempt('will-navigate', 'app://other/')).toBe(true);
    expect(contents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.attempt('will-frame-navigate', 'https://evil.example/', { isMainFrame: false })).toBe(true);
    expect(contents.attempt('will-attach-webview', 'https://evil.example/')).toBe(true);
  });

  it('hands external http(s) links to the system browser and nothing else', async () => {
    contents.attempt('will-navigate', 'https://docs.example/help');
    contents.attempt('will-navigate', 'file:///etc/passwd');
    contents.attempt('will-navigate', 'javascript:alert(1)');
    await Promise.resolve();
    expect(shell.openExternal.mock.calls.map(([url]) => url)).toEqual(['https://docs.example/help']);
  });

  it('denies window.open except for the app itself, which keeps the secure preferences', () => {
    const open = contents.windowOpenHandler!;
    expect(open({ url: 'https://docs.example/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'smb://server/share' })).toEqual({ action: 'deny' });
    const own = open({ url: 'app://palette/#/preview' }) as { action: string; overrideBrowserWindowOptions: { webPreferences: Record<string, unknown> } };
    expect(own.action).toBe('allow');
    expect(own.overrideBrowserWindowOptions.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(shell.openExternal.mock.calls.map(([url]) => url)).toEqual(['https://docs.example/']);
  });

  it('is applied once per web contents', () => {
    hardenWebContents(contents as unknown as electron.WebContents, options);
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('session security', () => {
  const policies = contentPolicies();
  const csp = policies.console;
  let target: FakeSession;

  beforeEach(async () => {
    const { FakeSession } = await import('./support/fake-electron');
    target = new FakeSession();
    installSessionSecurity(target as unknown as electron.Session, { policies, trustedOrigins: [APP_ORIGIN] });
  });

  it('injects the Content-Security-Policy into every response, replacing any other', () => {
    let response: { responseHeaders: Record<string, string[]> } | undefined;
    target.headersListener!({ responseHeaders: { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] } }, (r) => {
      response = r as typeof response;
    });
    expect(response!.responseHeaders['Content-Security-Policy']).toEqual([csp]);
    expect(response!.responseHeaders['content-security-policy']).toBeUndefined();
    expect(response!.responseHeaders['Content-Type']).toEqual(['text/html']);
  });

  it('gives the PAG player page its own policy, and only that page', () => {
    const policyOf = (url: string) => {
      let response: { responseHeaders: Record<string, string[]> } | undefined;
      target.headersListener!({ url, responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => {
        response = r as typeof response;
      });
      return response!.responseHeaders['Content-Security-Policy'];
    };
    expect(policyOf('app://palette/pag-player/index.html')).toEqual([policies.pagPlayer]);
    expect(policyOf('app://palette/projects/7')).toEqual([csp]);
    expect(policyOf('app://palette/assets/pag-player.js')).toEqual([csp]);
    expect(policyOf('not a url')).toEqual([csp]);
  });

  it('lets the PAG player run libpag but nothing else: sandboxed, no network, framed by the console only', () => {
    const player = policies.pagPlayer;
    expect(player).toContain("default-src 'none'");
    expect(player).toContain("script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'");
    expect(player).toContain("connect-src 'none'");
    expect(player).toContain("frame-ancestors 'self'");
    expect(player).toContain('sandbox allow-scripts');
    expect(player).not.toContain('allow-same-origin');
    expect(player).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('has the strict policy of the brief', () => {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("media-src 'self' blob: https:");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('denies permission requests and checks by default', () => {
    const decisions: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      (target.permissionRequestHandler as unknown as (...a: unknown[]) => void)(null, permission, (granted: boolean) => decisions.push(granted), {
        requestingUrl: 'app://palette/',
      });
      expect((target.permissionCheckHandler as unknown as (...a: unknown[]) => boolean)(null, permission, 'app://palette')).toBe(false);
    }
    expect(decisions).toEqual([false, false, false, false, false]);
  });

  it('lets only the app itself write to the clipboard', () => {
    const check = target.permissionCheckHandler as unknown as (...a: unknown[]) => boolean;
    expect(check(null, 'clipboard-sanitized-write', 'app://palette')).toBe(true);
    expect(check(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});
