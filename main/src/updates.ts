import { type UpdateFailure, type UpdateState } from '@contract/ipc';
import { assertNever } from './assert-never';
import { type Logger, silentLogger } from './logger';
import { isSecureOrLoopback } from './loopback';

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

/**
 * Where releases are downloaded from: the environment first, then the operator's preference, then
 * the download server the build was published to (`url` in its app-update.yml, from
 * PALETTE_UPDATE_URL at build time; see `appUpdateUrlOf`).
 *
 * Only https, or plain http to a download server on this machine (loopback, for tests): the
 * sha512 of each file comes from the same server as the file, so a release fetched in clear text
 * could be swapped together with its checksum on the way. A refused URL is named in `onRefused`.
 */
export function resolveUpdateUrl(env: NodeJS.ProcessEnv, preference: string | undefined, onRefused?: (url: string) => void, built?: string | null): string | null {
  const candidate = env['PALETTE_UPDATE_URL']?.trim() || preference?.trim() || built?.trim() || '';
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    onRefused?.(candidate);
    return null;
  }
  if (!isSecureOrLoopback(url)) {
    onRefused?.(candidate);
    return null;
  }
  return url.toString();
}

/**
 * The publisher names electron-builder wrote into a Windows build's app-update.yml (from
 * `publish.publisherName`, or the signing certificate's subject), against which electron-updater
 * checks the Authenticode signature of a downloaded installer. Without one it checks nothing, so a
 * Windows build without it must not update itself. Reads the two shapes electron-builder writes:
 * `publisherName: X` and a block list of names.
 */
export function publisherNamesOf(appUpdateYml: string): string[] {
  const unquote = (value: string) => {
    const text = value.trim();
    if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) return text.slice(1, -1).replace(/''/g, "'");
    if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) return text.slice(1, -1).replace(/\\"/g, '"');
    return text;
  };
  const lines = appUpdateYml.split(/\r?\n/);
  const at = lines.findIndex((line) => /^publisherName:/.test(line));
  if (at === -1) return [];
  const inline = lines[at]!.slice('publisherName:'.length).trim();
  if (inline) return inline === 'null' || inline === '~' ? [] : [unquote(inline)].filter(Boolean);
  const names: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (!item) break;
    const name = unquote(item[1]!);
    if (name) names.push(name);
  }
  return names;
}

/** The `url` electron-builder wrote into app-update.yml (the build's download server), or null. */
export function appUpdateUrlOf(appUpdateYml: string): string | null {
  const value = /^url:[ \t]*(\S.*?)[ \t]*$/m.exec(appUpdateYml)?.[1];
  if (!value) return null;
  return value.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
}

/** Whether this run checks for updates, and where; or why not (said once on the console). */
export type UpdatePlan = { readonly feedUrl: string } | { readonly off: string };

export interface UpdatePlanInput {
  readonly env: NodeJS.ProcessEnv;
  readonly preference: string | undefined;
  /** A packaged app; a development run has nothing to update. */
  readonly packaged: boolean;
  readonly platform: NodeJS.Platform;
  /** The packaged app-update.yml (resources/app-update.yml), or null when there is none. */
  readonly readAppUpdateConfig: () => string | null;
}

/** Decides whether the desktop app checks for updates: see `resolveUpdateUrl` and `publisherNamesOf`. */
export function planUpdates(input: UpdatePlanInput): UpdatePlan {
  if (!input.packaged) return { off: 'Updates are off: this is not a packaged build' };
  const config = input.readAppUpdateConfig();
  let refused: string | null = null;
  const feedUrl = resolveUpdateUrl(input.env, input.preference, (url) => (refused = url), config === null ? null : appUpdateUrlOf(config));
  if (refused !== null) return { off: `Updates are off: the update URL must be https (http only on this machine): ${refused}` };
  if (!feedUrl) return { off: 'Updates are off: no update URL is configured (PALETTE_UPDATE_URL)' };
  if (input.platform === 'win32') {
    if (config === null || publisherNamesOf(config).length === 0) {
      return { off: 'Updates are off: this Windows build names no publisher to check the signature of an update against' };
    }
  }
  return { feedUrl };
}

/** The part of electron-updater's `autoUpdater` this service drives. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /** Set to true: a web installer's package may carry no signature to check. */
  disableWebInstaller?: boolean;
  logger?: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void } | null;
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
  /** The generic provider's URL (see `planUpdates`). */
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
  | { readonly kind: 'error'; readonly failure: UpdateFailure };

/**
 * What went wrong, from electron-updater's error codes: a file whose sha512 differs from the one
 * published in latest.yml (`ERR_CHECKSUM_MISMATCH`, raised by its download stream), an installer
 * not signed by the publisher (`ERR_UPDATER_INVALID_SIGNATURE`), a server that did not answer.
 */
export function updateFailureOf(error: unknown): UpdateFailure {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) return 'integrity';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'signature';
  if ((typeof code === 'string' && /^(HTTP_ERROR_|E[A-Z]+$)/.test(code)) || /net::|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|timed out/i.test(message)) return 'unreachable';
  return 'other';
}

const failureLog: Record<UpdateFailure, string> = {
  integrity: 'the download did not match the sha512 published for it and was discarded',
  signature: 'the installer is not signed by the publisher and was discarded',
  unreachable: 'the download server could not be reached',
  other: 'the update failed',
};

/**
 * Releases from a download server through electron-updater's generic provider.
 *
 * Checks at start and every four hours, downloads in the background, and asks the operator before
 * restarting (an edit may be open); a declined restart installs on the next quit. A failure is kept
 * in the state with its kind, so the console can say that a download was refused.
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
    updater.disableWebInstaller = true;
    // electron-updater logs to the console (stdout) by default; main keeps stdout for a few lines.
    const log = this.log;
    updater.logger = { info: () => undefined, warn: (m) => log.warn(`Updater: ${String(m)}`), error: () => undefined };
    updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
    updater.on('checking-for-update', () => this.apply({ kind: 'checking' }));
    updater.on('update-available', (info) => this.apply({ kind: 'available', version: info.version }));
    updater.on('update-not-available', () => this.apply({ kind: 'not-available' }));
    updater.on('download-progress', (info) => this.apply({ kind: 'progress', percent: info.percent }));
    updater.on('update-downloaded', (info) => this.apply({ kind: 'downloaded', version: info.version }));
    updater.on('error', (error) => this.fail(error));
  }

  get(): UpdateState {
    return this.state;
  }

  async check(): Promise<UpdateState> {
    if (this.state.status === 'checking' || this.state.status === 'downloading' || this.state.status === 'ready') return this.state;
    try {
      const result = (await this.options.updater.checkForUpdates()) as { downloadPromise?: Promise<unknown> | null } | null;
      // A failed download is reported by the updater's 'error' event; its promise must not be left
      // rejected with no one listening.
      result?.downloadPromise?.catch(() => undefined);
      // A check that ended without an event (skipped by the updater) must not block later checks.
      if (this.get().status === 'checking') this.apply({ kind: 'not-available' });
    } catch (error) {
      if (this.state.status !== 'error') this.fail(error);
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

  private fail(error: unknown): void {
    const failure = updateFailureOf(error);
    this.log.warn(`Update failed: ${failureLog[failure]} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    this.apply({ kind: 'error', failure });
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
        this.set({ status: 'error', version, progress: null, failure: event.failure });
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
