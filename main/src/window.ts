import { BrowserWindow, screen, shell, type Session, type WebContents, type WebPreferences } from 'electron';
import { type PreferenceStore, type WindowBounds } from './preferences';
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

/** Saved bounds, unless they would put the window off every current display (a screen unplugged). */
export function visibleBounds(saved: WindowBounds | undefined): WindowBounds | undefined {
  if (!saved) return undefined;
  const visible = screen.getAllDisplays().some(({ workArea }) => {
    const overlapX = Math.min(saved.x + saved.width, workArea.x + workArea.width) - Math.max(saved.x, workArea.x);
    const overlapY = Math.min(saved.y + saved.height, workArea.y + workArea.height) - Math.max(saved.y, workArea.y);
    return overlapX >= 100 && overlapY >= 100;
  });
  return visible ? saved : undefined;
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
 * its size and maximized state are kept in the preferences between runs.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = visibleBounds(options.preferences.get('windowBounds'));
  const window = new BrowserWindow({
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: options.title,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  hardenWebContents(window.webContents, options);
  if (options.preferences.get('windowMaximized')) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const { x, y, width, height } = window.getNormalBounds();
    options.preferences.set('windowBounds', { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) });
    options.preferences.set('windowMaximized', window.isMaximized());
  });
  void window.loadURL(options.url);
  return window;
}
