import { type UpdateState } from '@contract/ipc';
import { assertNever } from './assert-never';
import { type Logger, silentLogger } from './logger';

/**
 * The update service behind `update.get`, `update.check`, `update.install` and `update.changed`.
 */
export interface UpdateService {
  get(): UpdateState;
  check(): Promise<UpdateState>;
  /** Restarts into a downloaded update; does nothing when none is ready. */
  install(): Promise<void>;
  onDidChange(listener: (state: UpdateState) => void): () => void;
  start(): void;
  stop(): void;
}

const unsupportedState: UpdateState = { status: 'unsupported', version: null, progress: null };

/**
 * Updates where they cannot happen: the browser edition (the page is rebuilt, not installed), and a
 * desktop build without a configured download server or not packaged.
 */
export function createUnsupportedUpdates(): UpdateService {
  return {
    get: () => unsupportedState,
    check: async () => unsupportedState,
    install: async () => undefined,
    onDidChange: () => () => undefined,
    start: () => undefined,
    stop: () => undefined,
  };
}

/** Where releases are downloaded from: the environment first, then the operator's preference. */
export function resolveUpdateUrl(env: NodeJS.ProcessEnv, preference: string | undefined): string | null {
  const candidate = env['PALETTE_UPDATE_URL']?.trim() || preference?.trim() || '';
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The part of electron-updater's `autoUpdater` this service drives. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface ElectronUpdatesOptions {
  readonly updater: UpdaterLike;
  /** The generic provider's URL (see `resolveUpdateUrl`); never compiled into the app. */
  readonly feedUrl: string;
  /** Asks the operator whether to restart now; unsaved work may be open in the console. */
  readonly confirmRestart: (version: string | null) => Promise<boolean>;
  readonly intervalMs?: number;
  readonly log?: Logger;
}

type UpdaterEvent =
  | { readonly kind: 'checking' }
  | { readonly kind: 'available'; readonly version: string }
  | { readonly kind: 'not-available' }
  | { readonly kind: 'progress'; readonly percent: number }
  | { readonly kind: 'downloaded'; readonly version: string }
  | { readonly kind: 'error' };

/**
 * Releases from a download server through electron-updater's generic provider.
 *
 * Checks at start and every four hours, downloads in the background, and asks the operator before
 * restarting (an edit may be open); a declined restart installs on the next quit.
 */
export class ElectronUpdates implements UpdateService {
  private state: UpdateState = { status: 'idle', version: null, progress: null };
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(state: UpdateState) => void>();
  private readonly log: Logger;

  constructor(private readonly options: ElectronUpdatesOptions) {
    this.log = options.log ?? silentLogger;
    const { updater } = options;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
    updater.on('checking-for-update', () => this.apply({ kind: 'checking' }));
    updater.on('update-available', (info) => this.apply({ kind: 'available', version: info.version }));
    updater.on('update-not-available', () => this.apply({ kind: 'not-available' }));
    updater.on('download-progress', (info) => this.apply({ kind: 'progress', percent: info.percent }));
    updater.on('update-downloaded', (info) => this.apply({ kind: 'downloaded', version: info.version }));
    updater.on('error', (error) => {
      this.log.warn(`Update failed: ${error.message}`);
      this.apply({ kind: 'error' });
    });
  }

  get(): UpdateState {
    return this.state;
  }

  async check(): Promise<UpdateState> {
    if (this.state.status === 'checking' || this.state.status === 'downloading' || this.state.status === 'ready') return this.state;
    try {
      await this.options.updater.checkForUpdates();
      // A check that ended without an event (skipped by the updater) must not block later checks.
      if (this.get().status === 'checking') this.apply({ kind: 'not-available' });
    } catch (error) {
      this.log.warn(`Update check failed: ${error instanceof Error ? error.message : String(error)}`);
      this.apply({ kind: 'error' });
    }
    return this.state;
  }

  async install(): Promise<void> {
    if (this.state.status === 'ready') this.options.updater.quitAndInstall(false, true);
  }

  onDidChange(listener: (state: UpdateState) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? 4 * 60 * 60 * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private apply(event: UpdaterEvent): void {
    const version = this.state.version;
    switch (event.kind) {
      case 'checking':
        this.set({ status: 'checking', version, progress: null });
        break;
      case 'available':
        this.set({ status: 'available', version: event.version, progress: null });
        break;
      case 'not-available':
        this.set({ status: 'idle', version: null, progress: null });
        break;
      case 'progress':
        this.set({ status: 'downloading', version, progress: Math.max(0, Math.min(100, Math.round(event.percent))) });
        break;
      case 'downloaded':
        this.set({ status: 'ready', version: event.version, progress: 100 });
        void this.offerRestart(event.version);
        break;
      case 'error':
        this.set({ status: 'error', version, progress: null });
        break;
      default:
        assertNever(event);
    }
  }

  private async offerRestart(version: string): Promise<void> {
    try {
      if (await this.options.confirmRestart(version)) this.options.updater.quitAndInstall(false, true);
    } catch (error) {
      this.log.warn(`Could not ask about the update: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private set(state: UpdateState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}
