import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as Sentry from '@sentry/electron/main';
import { app, BrowserWindow, dialog, net, session } from 'electron';
import Store from 'electron-store';
import updater from 'electron-updater';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { configuredLinks, readRendererBuild } from './app-info';
import { createCore, type Core } from './core';
import { ConsoleLinkRouter, listenForLinks, registerProtocolClient } from './deep-links';
import { createDesktopShell } from './desktop-shell';
import { configuredServerUrl } from './embedded-server';
import { utilityProcessLauncher } from './embedded-server-utility';
import { InterfaceLanguage } from './interface-language';
import { mountIpcMain } from './ipc/ipc-main';
import { guardSentryIpc } from './ipc/sentry-ipc';
import { createLogger } from './logger';
import { createNativePicker } from './media/native-picker';
import { messagesFor } from './messages';
import { preferencesFromStore, type PreferenceStore } from './preferences';
import { initSentry } from './sentry';
import { superviseEmbeddedServer, type ServerSupervisor } from './server-supervisor';
import { openSecretStore, tokenAccount } from './session/secret-store';
import { createUnsupportedUpdates, ElectronUpdates, planUpdates, type UpdateService } from './updates';
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

const errorReporting = initSentry(Sentry, {
  dsn: process.env['PALETTE_SENTRY_DSN'],
  production: app.isPackaged,
  release: `palette-console@${app.getVersion()}`,
});
// Sentry's renderer IPC answers only the app's own frames, like every other channel (sentry.ts).
if (errorReporting) guardSentryIpc(trustedOrigins, log);
registerAppScheme();

function readAppUpdateConfig(): string | null {
  try {
    return readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
}

function selectUpdates(preferences: PreferenceStore): UpdateService {
  const plan = planUpdates({
    env: process.env,
    preference: preferences.get('updateUrl'),
    packaged: app.isPackaged,
    platform: process.platform,
    readAppUpdateConfig,
  });
  if ('off' in plan) {
    log.info(plan.off);
    return createUnsupportedUpdates();
  }
  const { feedUrl } = plan;
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
  let embedded: ServerSupervisor | null = null;
  let unmountIpc: (() => void) | null = null;
  let openWindow: (() => void) | null = null;
  const root = app.getAppPath();
  const preloadPath = join(root, 'out', 'preload', 'index.cjs');
  const rendererDir = join(root, 'out', 'renderer');

  let stopShell: (() => void) | null = null;
  const showWindow = () => {
    if (!mainWindow) {
      if (app.isReady()) openWindow?.();
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    if (!mainWindow.isVisible()) mainWindow.show();
    mainWindow.focus();
  };
  // palette:// links and second starts: before `ready`, as macOS may deliver the starting link early.
  const links = new ConsoleLinkRouter(log);
  listenForLinks(links, showWindow);
  if (process.platform === 'win32') app.setAppUserModelId('com.palette.console');
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { trustedOrigins, preloadPath }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow?.();
  });
  app.on('will-quit', () => {
    stopShell?.();
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
        // Supervised (issue 12): restarted on the same data when it stops unexpectedly.
        embedded = superviseEmbeddedServer({
          root,
          defaultDataDir: join(app.getPath('userData'), 'server-data'),
          launcher: utilityProcessLauncher,
          logPath: join(app.getPath('logs'), 'server.log'),
          log,
        });
        await embedded.start();
      }
      const serverUrl = configured ?? (embedded as ServerSupervisor).url;
      const secrets = await openSecretStore({ service: PRODUCT_NAME, account: tokenAccount(serverUrl, embedded !== null), log });
      const language = new InterfaceLanguage(preferences.get('interfaceLanguage') ?? app.getLocale());
      language.onDidChange((chosen) => preferences.set('interfaceLanguage', chosen));
      const helpLinks = configuredLinks(process.env, (variable) => log.warn(`${variable} is not an http(s) URL; using the console's own page`));
      const desktopShell = createDesktopShell({
        appName: PRODUCT_NAME,
        version: app.getVersion(),
        platform: process.platform,
        development: !app.isPackaged,
        baseUrl: devServerUrl ?? `${APP_ORIGIN}/`,
        helpLinks,
        language,
        links,
        mainWindow: () => mainWindow,
        showWindow,
        openExternal: openExternalLink,
        log,
      });

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
          links: helpLinks,
          ...(errorReporting ? { errorReporting: { production: app.isPackaged } } : {}),
        },
        embeddedServer: embedded !== null,
        supervisor: embedded ?? undefined,
        updates: selectUpdates(preferences),
        openExternal: openExternalLink,
        isNetworkUp: () => net.isOnline(),
        pickFile: createNativePicker(() => app.getLocale()),
        saveFile: async (name) => {
          const parent = BrowserWindow.getFocusedWindow();
          const options = { defaultPath: name, filters: [{ name: 'CSV', extensions: ['csv'] }] };
          const chosen = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
          return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
        },
        language,
        onWorkFinished: desktopShell.onWorkFinished,
        // Issue 14: the session memo (open offline as the kept session's operator) and the media
        // previews already seen, kept between runs.
        preferences,
        mediaCacheDir: join(app.getPath('userData'), 'media-cache'),
        log,
      });
      unmountIpc = mountIpcMain({
        router: core.router,
        events: core.events,
        targets: () => BrowserWindow.getAllWindows().map((window) => window.webContents),
        trustedOrigins,
      });
      stopShell = desktopShell.start(core.events);
      registerProtocolClient(log);
      openWindow = () => {
        mainWindow = createMainWindow({ url: desktopShell.windowUrl(), preloadPath, trustedOrigins, preferences, title: PRODUCT_NAME });
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
