import { BrowserWindow, screen, shell, type Display, type Session, type WebContents, type WebPreferences } from 'electron';
import { MAX_REMEMBERED_DISPLAYS, type DisplayWindowState, type PreferenceStore, type WindowBounds, type WindowStates } from './preferences';
import { type ContentPolicies, isExternalWebUrl, isOwnOrigin, policyForPath } from './web-security';

/**
 * The renderer's web preferences, for the main window and any window it is allowed to open.
 *
 * The renderer shows data from the server and operator-supplied content (paywall texts, media), so
 * it gets no Node, runs in Chromium's sandbox with its own isolated world, and reaches main only
 * through the preload's `window.palette` (a CommonJS file: a sandboxed preload cannot be ESM).
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  };
}

export interface SecurityOptions {
  /** The app's own origins: app://palette, or the dev server while developing. */
  readonly trustedOrigins: ReadonlyArray<string>;
  readonly preloadPath: string;
}

/** Permissions the console uses: copying (redemption codes, ids) to the clipboard. */
const allowedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

function permissionAllowed(permission: string, requestingUrl: string | undefined, trustedOrigins: ReadonlyArray<string>): boolean {
  return allowedPermissions.has(permission) && isOwnOrigin(requestingUrl, trustedOrigins);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

/**
 * Session-wide defences: the Content-Security-Policy on every response (the PAG player's page gets its own), and permissions denied
 * unless listed above (camera, geolocation, notifications, ... are never needed by a back office).
 */
export function installSessionSecurity(target: Session, options: { readonly policies: ContentPolicies; readonly trustedOrigins: ReadonlyArray<string> }): void {
  target.webRequest.onHeadersReceived((details, callback) => {
    const policy = policyForPath(options.policies, pathOf(details.url));
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
  target.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionAllowed(permission, details.requestingUrl, options.trustedOrigins));
  });
  target.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, options.trustedOrigins),
  );
}

/** Hands a link to the system browser if it is plain http(s); answers whether it did. */
export async function openExternalLink(url: string): Promise<boolean> {
  if (!isExternalWebUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}

const hardened = new WeakSet<WebContents>();

/**
 * Keeps web contents on the app's own origin.
 *
 * Navigations and redirects elsewhere are cancelled (an http(s) link of the main frame goes to the
 * system browser instead), `window.open` gets a new window only for the app's own pages, with the
 * same secure preferences, and `<webview>` can never attach. Applied to every web contents the app
 * creates, so it is idempotent.
 */
export function hardenWebContents(contents: WebContents, options: SecurityOptions): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  const guard = (event: { readonly url: string; readonly isMainFrame?: boolean; preventDefault: () => void }) => {
    if (isOwnOrigin(event.url, options.trustedOrigins)) return;
    event.preventDefault();
    if (event.isMainFrame !== false) void openExternalLink(event.url);
  };
  contents.on('will-navigate', (event) => guard(event));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard(event);
  });
  contents.on('will-redirect', (event) => {
    if (!isOwnOrigin(event.url, options.trustedOrigins)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isOwnOrigin(url, options.trustedOrigins)) {
      return { action: 'allow', overrideBrowserWindowOptions: { webPreferences: secureWebPreferences(options.preloadPath) } };
    }
    void openExternalLink(url);
    return { action: 'deny' };
  });
}

const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
const MIN_SIZE = { width: 1024, height: 640 } as const;

type Rect = WindowBounds;

function overlap(a: Rect, b: Rect): { readonly x: number; readonly y: number } {
  return {
    x: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    y: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** Whether at least 100 × 100 px of the bounds are on one of the displays (not lost off-screen). */
function isVisible(bounds: Rect, displays: ReadonlyArray<Pick<Display, 'workArea'>>): boolean {
  return displays.some(({ workArea }) => {
    const { x, y } = overlap(bounds, workArea);
    return x >= 100 && y >= 100;
  });
}

/**
 * How a display is remembered: its id and resolution. A monitor keeps its id between runs on macOS
 * and Windows; a changed resolution is a different arrangement, where the old size may not fit.
 */
export function displayKey(display: Pick<Display, 'id' | 'bounds'>): string {
  return `${display.id}:${display.bounds.width}x${display.bounds.height}`;
}

/** Where a window state saved for `display` goes now: its work area offset added back, sized to fit. */
function placeOn(display: Pick<Display, 'workArea'>, state: DisplayWindowState): Rect {
  const area = display.workArea;
  const width = Math.min(state.bounds.width, area.width);
  const height = Math.min(state.bounds.height, area.height);
  const x = Math.min(Math.max(area.x + state.bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(area.y + state.bounds.y, area.y), area.y + area.height - height);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

/**
 * The window's bounds and maximized state for this run, from what was saved per display: the
 * display it was on last if that one is connected, else the most recently used display that is,
 * else the single bounds of earlier versions if they are still visible, else the default size on
 * the primary display (placed by the system).
 */
export function restoreWindowState(preferences: PreferenceStore, displays: ReadonlyArray<Display> = screen.getAllDisplays()): { readonly bounds?: Rect; readonly maximized: boolean } {
  const states = preferences.get('windowStates');
  if (states) {
    const connected = new Map(displays.map((display) => [displayKey(display), display]));
    const keys = Object.keys(states.displays).reverse();
    const key = states.last !== undefined && connected.has(states.last) && states.displays[states.last] ? states.last : keys.find((candidate) => connected.has(candidate));
    if (key !== undefined) {
      const state = states.displays[key]!;
      return { bounds: placeOn(connected.get(key)!, state), maximized: state.maximized };
    }
  }
  const legacy = preferences.get('windowBounds');
  if (legacy && isVisible(legacy, displays)) return { bounds: legacy, maximized: preferences.get('windowMaximized') ?? false };
  return { maximized: false };
}

/**
 * Remembers the window's normal (not maximized) bounds and its maximized state for the display
 * it is on, relative to that display's work area, so the next run puts it back there, or, on another
 * arrangement of displays, where it was on that arrangement.
 */
export function saveWindowState(window: Pick<BrowserWindow, 'getNormalBounds' | 'isMaximized'>, preferences: PreferenceStore): void {
  const normal = window.getNormalBounds();
  const display = screen.getDisplayMatching(normal);
  const key = displayKey(display);
  const state: DisplayWindowState = {
    bounds: {
      x: Math.round(normal.x - display.workArea.x),
      y: Math.round(normal.y - display.workArea.y),
      width: Math.max(200, Math.round(normal.width)),
      height: Math.max(200, Math.round(normal.height)),
    },
    maximized: window.isMaximized(),
  };
  const previous = preferences.get('windowStates')?.displays ?? {};
  const entries = Object.entries(previous).filter(([other]) => other !== key);
  const displays = Object.fromEntries([...entries.slice(-(MAX_REMEMBERED_DISPLAYS - 1)), [key, state]]);
  const next: WindowStates = { displays, last: key };
  preferences.set('windowStates', next);
  preferences.delete('windowBounds');
  preferences.delete('windowMaximized');
}

export interface MainWindowOptions extends SecurityOptions {
  /** Where the renderer loads from: app://palette/ in production, the dev server in development. */
  readonly url: string;
  readonly preferences: PreferenceStore;
  readonly title: string;
}

/**
 * The one window factory of the app.
 *
 * The window starts hidden and shows on `ready-to-show`, so the operator never sees a blank frame;
 * its size, position and maximized state are kept per display between runs (saved when a move or
 * resize ends and when it closes).
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const restored = restoreWindowState(options.preferences);
  const window = new BrowserWindow({
    ...(restored.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: options.title,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  hardenWebContents(window.webContents, options);
  if (restored.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  const save = () => saveWindowState(window, options.preferences);
  window.on('moved', save);
  window.on('resized', save);
  window.on('maximize', save);
  window.on('unmaximize', save);
  window.on('close', save);
  void window.loadURL(options.url);
  return window;
}
