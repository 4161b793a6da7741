import { join } from 'node:path';
import * as Sentry from '@sentry/electron/main';
import { app, BrowserWindow, dialog, net, session } from 'electron';
import Store from 'electron-store';
import updater from 'electron-updater';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { configuredLinks, readRendererBuild } from './app-info';
import { createCore, type Core } from './core';
import { configuredServerUrl, startEmbeddedServer, type EmbeddedServer } from './embedded-server';
import { mountIpcMain } from './ipc/ipc-main';
import { createLogger } from './logger';
import { createNativePicker } from './media/native-picker';
import { messagesFor } from './messages';
import { preferencesFromStore, type PreferenceStore } from './preferences';
import { initSentry } from './sentry';
import { openSecretStore, tokenAccount } from './session/secret-store';
import { createUnsupportedUpdates, ElectronUpdates, resolveUpdateUrl, type UpdateService } from './updates';
import { APP_ORIGIN, contentPolicies, originOf } from './web-security';
import { createMainWindow, hardenWebContents, installSessionSecurity, openExternalLink } from './window';

/**
 * The desktop app's entry. Everything that must happen before `ready` (Sentry, the `app:` scheme,
 * the single-instance lock) runs at the top level; the rest waits for `ready`.
 */

const PRODUCT_NAME = 'Palette Console';
const log = createLogger('main');
const { autoUpdater } = updater;

// electron-vite sets ELECTRON_RENDERER_URL while developing; a packaged app never loads a dev server.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const devServerOrigin = originOf(devServerUrl) ?? undefined;
const trustedOrigins: ReadonlyArray<string> = devServerOrigin ? [devServerOrigin] : [APP_ORIGIN];

const errorReporting = initSentry(Sentry.init, {
  dsn: process.env['PALETTE_SENTRY_DSN'],
  production: app.isPackaged,
  release: `palette-console@${app.getVersion()}`,
});
registerAppScheme();

function selectUpdates(preferences: PreferenceStore): UpdateService {
  const feedUrl = resolveUpdateUrl(process.env, preferences.get('updateUrl'));
  if (!app.isPackaged || !feedUrl) return createUnsupportedUpdates();
  const messages = messagesFor(app.getLocale());
  return new ElectronUpdates({
    updater: autoUpdater,
    feedUrl,
    log,
    confirmRestart: async (version) => {
      const parent = BrowserWindow.getAllWindows()[0];
      const options = {
        type: 'question' as const,
        title: messages.updateReadyTitle,
        message: messages.updateReadyMessage(version),
        detail: messages.updateReadyDetail,
        buttons: [messages.restartNow, messages.later],
        defaultId: 0,
        cancelId: 1,
      };
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
      return response === 0;
    },
  });
}

function run(): void {
  let mainWindow: BrowserWindow | null = null;
  let core: Core | null = null;
  let embedded: EmbeddedServer | null = null;
  let unmountIpc: (() => void) | null = null;
  let openWindow: (() => void) | null = null;
  const root = app.getAppPath();
  const preloadPath = join(root, 'out', 'preload', 'index.cjs');
  const rendererDir = join(root, 'out', 'renderer');

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { trustedOrigins, preloadPath }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow?.();
  });
  app.on('will-quit', () => {
    core?.stop();
    unmountIpc?.();
    void embedded?.stop();
  });

  app
    .whenReady()
    .then(async () => {
      const preferences = preferencesFromStore(new Store({ name: 'preferences' }));
      const policies = contentPolicies({ devServerOrigin });
      installSessionSecurity(session.defaultSession, { policies, trustedOrigins });
      handleAppProtocol(rendererDir, policies, () => core?.media.previews ?? null);

      const configured = configuredServerUrl(process.env, preferences.get('serverUrl'));
      if (!configured) {
        embedded = await startEmbeddedServer({ root, defaultDataDir: join(app.getPath('userData'), 'server-data'), log });
      }
      const serverUrl = configured ?? (embedded as EmbeddedServer).url;
      const secrets = await openSecretStore({ service: PRODUCT_NAME, account: tokenAccount(serverUrl, embedded !== null), log });

      core = createCore({
        serverUrl,
        secrets,
        trustedOrigins,
        appInfo: {
          name: PRODUCT_NAME,
          version: app.getVersion(),
          edition: 'desktop',
          platform: process.platform,
          rendererBuild: devServerUrl ? 'development' : readRendererBuild(rendererDir),
          links: configuredLinks(process.env, (variable) => log.warn(`${variable} is not an http(s) URL; using the console's own page`)),
          ...(errorReporting ? { errorReporting: { production: app.isPackaged } } : {}),
        },
        embeddedServer: embedded !== null,
        updates: selectUpdates(preferences),
        openExternal: openExternalLink,
        isNetworkUp: () => net.isOnline(),
        pickFile: createNativePicker(() => app.getLocale()),
        log,
      });
      unmountIpc = mountIpcMain({
        router: core.router,
        events: core.events,
        targets: () => BrowserWindow.getAllWindows().map((window) => window.webContents),
        trustedOrigins,
      });
      openWindow = () => {
        mainWindow = createMainWindow({ url: devServerUrl ?? `${APP_ORIGIN}/`, preloadPath, trustedOrigins, preferences, title: PRODUCT_NAME });
        mainWindow.on('closed', () => {
          mainWindow = null;
        });
      };
      openWindow();
      core.start();
    })
    .catch((error: unknown) => {
      log.error('Start failed', error);
      const messages = messagesFor(app.getLocale());
      dialog.showErrorBox(messages.startFailedTitle, messages.startFailedMessage);
      app.exit(1);
    });
}

if (app.requestSingleInstanceLock()) run();
else app.quit();
