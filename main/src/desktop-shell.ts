import { type BrowserWindow } from 'electron';
import { type ShellCommand } from '@contract/ipc';
import { type ConfiguredLinks } from './app-info';
import { type ConsoleLinkRouter } from './deep-links';
import { type EventHub } from './events';
import { type InterfaceLanguage } from './interface-language';
import { type Logger, silentLogger } from './logger';
import { type LongWork } from './long-work';
import { type HelpLinkId, installApplicationMenu } from './menu';
import { notifyInBackground } from './notifications';

export interface DesktopShellOptions {
  readonly appName: string;
  readonly version: string;
  readonly platform: NodeJS.Platform;
  /** A development build (developer tools in the View menu). */
  readonly development: boolean;
  /** Where the renderer is loaded from: `app://palette/`, or the dev server. */
  readonly baseUrl: string;
  /** The installation's own help and legal pages (app-info.ts `configuredLinks`). */
  readonly helpLinks: ConfiguredLinks;
  readonly language: InterfaceLanguage;
  readonly links: ConsoleLinkRouter;
  /** The main window, if one is open. */
  readonly mainWindow: () => BrowserWindow | null;
  /** Brings the main window forward, opening it if it was closed (macOS keeps running without). */
  readonly showWindow: () => void;
  readonly openExternal: (url: string) => Promise<boolean>;
  readonly log?: Logger;
}

/** What the desktop entry wires: the window's first address, long work, and the menu and links once main's events exist. */
export interface DesktopShell {
  /** The first address of a new window: the path of a link that came before it, or the console's start. */
  readonly windowUrl: () => string;
  /** Notifies a finished upload or publish while the console is in the background. */
  readonly onWorkFinished: (work: LongWork) => void;
  /** Installs the application menu and starts taking links; answers how to stop. */
  readonly start: (events: EventHub) => () => void;
}

/**
 * The parts of the desktop app that make it feel like one: the localized application menu,
 * `palette://` links opening the running console at their screen, and notifications of long work
 * that ends while the operator is elsewhere. Main asks the console for a screen with the
 * `shell.command` event (renderer/src/app/use-shell-commands.ts follows it).
 */
export function createDesktopShell(options: DesktopShellOptions): DesktopShell {
  const log = options.log ?? silentLogger;
  const urlOf = (path: string) => new URL(path, options.baseUrl).toString();
  let events: EventHub | null = null;

  const command = (message: ShellCommand) => {
    options.showWindow();
    events?.emit('shell.command', message);
  };

  const isInBackground = () => {
    const window = options.mainWindow();
    return window === null || window.isDestroyed() || !window.isVisible() || window.isMinimized() || !window.isFocused();
  };

  const openHelp = (id: HelpLinkId) => {
    const external = options.helpLinks[id];
    if (external) void options.openExternal(external);
    else command({ command: 'navigate', path: `/${id}` });
  };

  return {
    windowUrl: () => urlOf(options.links.takePending() ?? '/'),
    onWorkFinished: (work) => {
      notifyInBackground(work, { isInBackground, messages: () => options.language.messages(), onClick: options.showWindow });
    },
    start: (hub) => {
      events = hub;
      const stopMenu = installApplicationMenu({
        platform: options.platform,
        appName: options.appName,
        version: options.version,
        development: options.development,
        language: options.language,
        actions: { openSettings: () => command({ command: 'settings' }), openHelp },
      });
      options.links.attach((path) => {
        const window = options.mainWindow();
        if (!window || window.isDestroyed()) return false;
        options.showWindow();
        if (path === null) return true;
        // A page still loading has not subscribed to main's events yet: load the link's address instead.
        if (window.webContents.isLoading()) void window.loadURL(urlOf(path));
        else hub.emit('shell.command', { command: 'navigate', path });
        log.info('Opened a palette: link in the console');
        return true;
      });
      return stopMenu;
    },
  };
}
