import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * A small stand-in for the `electron` module: just enough surface for main's window, protocol and
 * IPC code, recording what that code asked Electron to do. Tests install it with
 * `vi.mock('electron', () => import('./support/fake-electron'))`.
 */

type Handler = (...args: never[]) => unknown;

export class FakeWebContents extends EventEmitter {
  url = 'app://palette/';
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => unknown) | null = null;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];

  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }

  getURL(): string {
    return this.url;
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
  loadedUrl: string | null = null;

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
    return { x: 10, y: 20, width: 1300, height: 900 };
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

export const session = { defaultSession: new FakeSession() };

export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, Handler>(),
  handle(scheme: string, handler: Handler) {
    this.handlers.set(scheme, handler);
  },
};

export const ipcMain = {
  handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
  handle(channel: string, handler: (event: unknown, input: unknown) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

/** The renderer side, for the preload test. */
export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke: vi.fn(async (_channel: string, _input: unknown) => ({ ok: true, value: null }) as unknown),
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

export const net = { isOnline: () => true };

export default { BrowserWindow, session, shell, screen, protocol, ipcMain, ipcRenderer, contextBridge, app, net, dialog };
