import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Readable } from 'node:stream';
import { vi } from 'vitest';

/**
 * A small stand-in for the `electron` module: just enough surface for main's window, protocol and
 * IPC code, recording what that code asked Electron to do. Tests install it with
 * `vi.mock('electron', () => import('./support/fake-electron'))`.
 */

type Handler = (...args: never[]) => unknown;

/** The origin Chromium would give a frame showing `url` (opaque, "null", for anything unusual). */
export function frameOriginOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
    if (parsed.protocol === 'app:' && parsed.host) return `app://${parsed.host}`;
    if (parsed.protocol === 'file:') return 'file://';
  } catch {
    // fall through
  }
  return 'null';
}

export class FakeWebContents extends EventEmitter {
  url = 'app://palette/';
  /** The main frame's origin; derived from `url` unless a test sets it. */
  origin: string | null = null;
  destroyed = false;
  loading = false;
  windowOpenHandler: ((details: { url: string }) => unknown) | null = null;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];

  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }

  getURL(): string {
    return this.url;
  }

  get mainFrame(): { url: string; origin: string } {
    return { url: this.url, origin: this.origin ?? frameOriginOf(this.url) };
  }

  isLoading(): boolean {
    return this.loading;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  /** Emits a navigation-like event and says whether a listener cancelled it. */
  attempt(event: string, url: string, extra: Record<string, unknown> = {}): boolean {
    let prevented = false;
    this.emit(event, { url, isMainFrame: true, ...extra, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly instances: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances;
  }

  readonly webContents = new FakeWebContents();
  shown = false;
  maximized = false;
  minimized = false;
  focused = false;
  destroyed = false;
  loadedUrl: string | null = null;
  /** What `getNormalBounds` answers; tests move the window by setting it. */
  normalBounds = { x: 10, y: 20, width: 1300, height: 900 };

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }

  show(): void {
    this.shown = true;
  }

  maximize(): void {
    this.maximized = true;
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  getNormalBounds() {
    return { ...this.normalBounds };
  }

  isFocused(): boolean {
    return this.focused;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isVisible(): boolean {
    return this.shown;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  restore(): void {
    this.minimized = false;
  }

  focus(): void {
    this.focused = true;
  }

  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
  }
}

export class FakeSession {
  headersListener: ((details: { url?: string; responseHeaders?: Record<string, string[]> }, callback: (response: unknown) => void) => void) | null = null;
  permissionRequestHandler: Handler | null = null;
  permissionCheckHandler: Handler | null = null;
  readonly webRequest = {
    onHeadersReceived: (listener: NonNullable<FakeSession['headersListener']>) => {
      this.headersListener = listener;
    },
  };

  setPermissionRequestHandler(handler: Handler): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: Handler): void {
    this.permissionCheckHandler = handler;
  }
}

export const session = {
  defaultSession: new FakeSession(),
  /** electron-updater downloads in a session of its own. */
  fromPartition: vi.fn((_partition: string, _options?: unknown) => new FakeSession()),
};

export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };

export interface FakeDisplay {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
}

/** The displays connected now (tests replace the list); the first is the primary. */
export const screen = {
  displays: [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as FakeDisplay[],
  getAllDisplays(): FakeDisplay[] {
    return this.displays;
  },
  getPrimaryDisplay(): FakeDisplay {
    return this.displays[0]!;
  },
  /** The display with the largest overlap, the primary one without any (as Electron answers). */
  getDisplayMatching(rect: { x: number; y: number; width: number; height: number }): FakeDisplay {
    const area = (display: FakeDisplay) =>
      Math.max(0, Math.min(rect.x + rect.width, display.bounds.x + display.bounds.width) - Math.max(rect.x, display.bounds.x)) *
      Math.max(0, Math.min(rect.y + rect.height, display.bounds.y + display.bounds.height) - Math.max(rect.y, display.bounds.y));
    return [...this.displays].sort((a, b) => area(b) - area(a)).find((display) => area(display) > 0) ?? this.displays[0]!;
  },
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, Handler>(),
  handle(scheme: string, handler: Handler) {
    this.handlers.set(scheme, handler);
  },
};

/** `ipcMain`: `handle` records one handler per channel; `on` and friends are EventEmitter's. */
export const ipcMain = Object.assign(new EventEmitter(), {
  handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
  handle(channel: string, handler: (event: unknown, input: unknown) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
});

/** The renderer side, for the preload test. */
export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke: vi.fn(async (_channel: string, _input: unknown) => ({ ok: true, value: null }) as unknown),
  send: vi.fn((_channel: string, ..._args: unknown[]) => undefined),
});

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed.set(key, api);
  },
};

/** The app object; `ready` resolves when a test calls `readyNow()`, as Electron's would. */
class FakeApp extends EventEmitter {
  isPackaged = false;
  appPath = process.cwd();
  userData = process.cwd();
  quitCalls = 0;
  private resolveReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.resolveReady = resolve;
  });

  getVersion = () => '0.1.0';
  getLocale = () => 'en-US';
  getAppPath = () => this.appPath;
  getPath = (_name: string) => this.userData;
  requestSingleInstanceLock = () => true;
  isReady = () => true;
  setAppUserModelId = vi.fn();
  setAboutPanelOptions = vi.fn();
  setAsDefaultProtocolClient = vi.fn((_scheme: string) => true);
  whenReady = () => this.ready;
  readyNow = () => this.resolveReady();
  quit = () => {
    this.quitCalls += 1;
  };
  exit = vi.fn();
}

export const app = new FakeApp();

export const dialog = {
  showMessageBox: vi.fn(async () => ({ response: 1 })),
  showErrorBox: vi.fn(),
};

/**
 * `net.request` played by Node's http(s).request, which takes the same options and emits the same
 * `response` and `error` events; electron-updater's ElectronHttpExecutor downloads through it.
 */
function netRequest(options: Record<string, unknown>) {
  const { session: _session, redirect: _redirect, ...nodeOptions } = options;
  // A connection per request, as Electron's network service has its own pool.
  return (nodeOptions['protocol'] === 'https:' ? httpsRequest : httpRequest)({ ...nodeOptions, agent: false });
}

export const net = { isOnline: () => true, request: vi.fn(netRequest) };

/**
 * Electron's utilityProcess, played by a Node child process with the same options (execArgv, cwd,
 * env, piped output) and the same surface: stdout/stderr (null once exited), pid, kill() with
 * SIGTERM, and the 'spawn' and 'exit' (exit code) events. `forks` records every fork.
 */
export class FakeUtilityProcess extends EventEmitter {
  stdout: Readable | null;
  stderr: Readable | null;
  readonly pid: number | undefined;
  private readonly child: ChildProcess;

  constructor(modulePath: string, args: ReadonlyArray<string>, options: { execArgv?: string[]; cwd?: string; env?: NodeJS.ProcessEnv; stdio?: unknown }) {
    super();
    const piped = options.stdio === 'pipe';
    this.child = spawn(process.execPath, [...(options.execArgv ?? []), modulePath, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
    });
    this.stdout = this.child.stdout;
    this.stderr = this.child.stderr;
    this.pid = this.child.pid;
    this.child.once('spawn', () => this.emit('spawn'));
    this.child.once('exit', (code, signal) => {
      this.emit('exit', code ?? (signal ? 1 : 0));
      this.stdout = null;
      this.stderr = null;
    });
  }

  kill(): boolean {
    return this.child.kill('SIGTERM');
  }
}

export const utilityProcess = {
  forks: [] as Array<{ modulePath: string; args: ReadonlyArray<string>; options: Record<string, unknown>; process: FakeUtilityProcess }>,
  fork(modulePath: string, args: string[] = [], options: Record<string, unknown> = {}): FakeUtilityProcess {
    const child = new FakeUtilityProcess(modulePath, args, options);
    this.forks.push({ modulePath, args, options, process: child });
    return child;
  },
};

/**
 * Squirrel.Mac as electron-updater's MacUpdater drives it: `setFeedURL` names the updater's local
 * feed, and `checkForUpdates` fetches the feed's JSON and the zip it names, as Squirrel does before
 * it emits 'update-downloaded'.
 */
export class FakeNativeUpdater extends EventEmitter {
  feed: { url: string; headers?: Record<string, string> } | null = null;
  downloaded: Buffer | null = null;
  readonly quitAndInstall = vi.fn();

  setFeedURL(options: { url: string; headers?: Record<string, string> }): void {
    this.feed = options;
  }

  checkForUpdates(): void {
    const feed = this.feed;
    void (async () => {
      if (!feed) throw new Error('no feed URL');
      const answer = await fetch(feed.url, { headers: feed.headers });
      if (!answer.ok) throw new Error(`the feed answered ${answer.status}`);
      const { url } = (await answer.json()) as { url: string };
      const zip = await fetch(url);
      this.downloaded = Buffer.from(await zip.arrayBuffer());
      this.emit('update-downloaded');
    })().catch((error: unknown) => this.emit('error', error));
  }
}

export const autoUpdater = new FakeNativeUpdater();

/** `Menu`: the template a test can read back, and the menu last set as the application menu. */
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  applicationMenu: null as { template: unknown[] } | null,
  setApplicationMenu(menu: { template: unknown[] } | null) {
    this.applicationMenu = menu;
  },
};

/** `Notification`: every one shown is kept in `shown`; `supported` plays `isSupported()`. */
export class Notification extends EventEmitter {
  static supported = true;
  static readonly shown: Notification[] = [];
  static isSupported(): boolean {
    return Notification.supported;
  }

  constructor(readonly options: { title: string; body: string }) {
    super();
  }

  show(): void {
    Notification.shown.push(this);
  }
}

export default { BrowserWindow, session, shell, screen, protocol, ipcMain, ipcRenderer, contextBridge, app, net, dialog, utilityProcess, autoUpdater, Menu, Notification };
