import { type AppInfo } from '@contract/ipc';
import { ApiClient } from './api/api-client';
import { consoleUserAgent } from './app-info';
import { ConnectivityMonitor } from './connectivity';
import { EventHub } from './events';
import { createIpcHandlers } from './ipc/handlers';
import { createExportService, type SavePicker } from './exports';
import { createIpcRouter, type IpcRouter } from './ipc/router';
import { InterfaceLanguage } from './interface-language';
import { type LongWork, reportLongWork } from './long-work';
import { type Logger, silentLogger } from './logger';
import { MediaService, type FilePicker } from './media/media-service';
import { type PreferenceStore } from './preferences';
import { type SecretStore } from './session/secret-store';
import { preferenceSessionMemo } from './session/session-memo';
import { SessionService } from './session/session-service';
import { type EmbeddedServerSupervision } from './server-supervisor';
import { type UpdateService } from './updates';

export interface CoreOptions {
  readonly serverUrl: string;
  readonly secrets: SecretStore;
  /** Origins whose requests the IPC router accepts. */
  readonly trustedOrigins: ReadonlyArray<string>;
  /** `app.info` without the server fields, which the core fills in. */
  readonly appInfo: Omit<AppInfo, 'serverUrl' | 'embeddedServer'>;
  readonly embeddedServer: boolean;
  /**
   * The embedded server's supervisor (issue 12): its state and "Try again" reach the console, and
   * when the server had to move to another port every client here follows it.
   */
  readonly supervisor?: EmbeddedServerSupervision;
  readonly updates: UpdateService;
  readonly openExternal: (url: string) => Promise<boolean>;
  readonly isNetworkUp?: () => boolean;
  /** The system file dialog for `media.pick`; the browser edition has none (answers `unsupported`). */
  readonly pickFile?: FilePicker;
  /** The native save dialog for `api.export`; the browser edition has none (the page downloads). */
  readonly saveFile?: SavePicker;
  readonly apiTimeoutMs?: number;
  /** The interface language; the desktop entry passes its own (the menu follows it). */
  readonly language?: InterfaceLanguage;
  /** Hears how each upload and publish ended (the desktop entry notifies a window in the background). */
  readonly onWorkFinished?: (work: LongWork) => void;
  /**
   * Main's preferences: the session memo lives there (session/session-memo.ts), so the console
   * opens offline as the operator of the kept session (issue 14). Without it, it asks to sign in.
   */
  readonly preferences?: PreferenceStore;
  /** Where media previews already seen are kept between runs (issue 14); memory only without it. */
  readonly mediaCacheDir?: string;
  readonly log?: Logger;
}

/**
 * Everything behind the IPC channels, wired once for both editions.
 *
 * The desktop entry and the browser edition's host differ only in the transport they mount the
 * router on and in the few platform services they pass in (updates, opening links, the network
 * check); the session, API proxy, connectivity and event wiring below are the same code.
 */
export interface Core {
  readonly events: EventHub;
  readonly api: ApiClient;
  readonly session: SessionService;
  readonly connectivity: ConnectivityMonitor;
  readonly updates: UpdateService;
  readonly media: MediaService;
  readonly language: InterfaceLanguage;
  readonly router: IpcRouter;
  /** Starts the health checks and the update checks, and begins restoring the session. */
  readonly start: () => void;
  readonly stop: () => void;
}

/**
 * Wires the core for one server URL and secret store; nothing starts until `start()` is called, so
 * an entry can mount the router on its transport first.
 */
export function createCore(options: CoreOptions): Core {
  const log = options.log ?? silentLogger;
  const events = new EventHub();
  const userAgent = consoleUserAgent(options.appInfo);
  const connectivity = new ConnectivityMonitor({ serverUrl: options.serverUrl, isNetworkUp: options.isNetworkUp, userAgent });
  // The session service and the API client need each other (the client reports ended sessions);
  // the late binding below closes that loop without a setter.
  let session: SessionService | null = null;
  const api = new ApiClient({
    serverUrl: options.serverUrl,
    secrets: options.secrets,
    timeoutMs: options.apiTimeoutMs,
    userAgent,
    onSessionEnded: (code) => session?.sessionEnded(code),
    onNetworkFailure: () => void connectivity.checkNow(),
    log,
  });
  // The media service is made after the session service, which asks it to forget the operator's
  // previews; the late binding closes that loop as for the API client above.
  let forgetPreviews: () => void = () => undefined;
  session = new SessionService({
    api,
    secrets: options.secrets,
    events,
    log,
    ...(options.preferences ? { memo: preferenceSessionMemo(options.preferences) } : {}),
    onForgetOperator: () => forgetPreviews(),
  });
  const sessionService = session;
  const media = new MediaService({
    serverUrl: options.serverUrl,
    secrets: options.secrets,
    events,
    pickFile: options.pickFile,
    userAgent,
    onSessionEnded: (code) => sessionService.sessionEnded(code),
    onNetworkFailure: () => void connectivity.checkNow(),
    previewCacheDir: options.mediaCacheDir,
    log,
  });
  forgetPreviews = () => media.previews.forget();

  const unsubscribe = [
    connectivity.onDidChange((state) => {
      events.emit('connectivity.changed', state);
      if (state.server) void sessionService.retryRestore();
    }),
    options.updates.onDidChange((state) => events.emit('update.changed', state)),
  ];
  const supervisor = options.supervisor;
  if (supervisor) {
    unsubscribe.push(
      supervisor.onDidChangeUrl((url) => {
        log.warn(`The embedded server moved to ${url}; the console follows it`);
        api.setServerUrl(url);
        connectivity.setServerUrl(url);
        media.setServerUrl(url);
      }),
      supervisor.onDidChange((state) => {
        // Back: the health check first, so the console hears "server answers" before "restarted"
        // and never shows "server unreachable" in between. Down: at once, then the check.
        if (state.status === 'running') {
          void connectivity.checkNow().finally(() => events.emit('embeddedServer.changed', state));
        } else {
          events.emit('embeddedServer.changed', state);
          void connectivity.checkNow();
        }
      }),
    );
  }

  const language = options.language ?? new InterfaceLanguage('en-US');
  const ipcHandlers = createIpcHandlers({
    language,
    appInfo: () => ({ ...options.appInfo, serverUrl: api.serverUrl, embeddedServer: options.embeddedServer }),
    api,
    session: sessionService,
    connectivity,
    updates: options.updates,
    openExternal: options.openExternal,
    media,
    exportCsv: createExportService(api, events, options.saveFile),
    embeddedServer: supervisor ?? null,
  });
  const handlers = reportLongWork(ipcHandlers, options.onWorkFinished);
  const router = createIpcRouter(handlers, { trustedOrigins: options.trustedOrigins, log });

  return {
    events,
    api,
    session: sessionService,
    connectivity,
    updates: options.updates,
    media,
    language,
    router,
    start: () => {
      void connectivity.start();
      options.updates.start();
      void sessionService.get();
    },
    stop: () => {
      connectivity.stop();
      options.updates.stop();
      for (const off of unsubscribe) off();
    },
  };
}
