import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import { type InterfaceLanguage } from './interface-language';
import { type MainMessages } from './messages';

/** The console's help and legal pages (renderer/src/components/external-links.ts has the same three). */
export type HelpLinkId = 'help' | 'privacy' | 'terms';

/** What the menu's own items do; the entry wires them to the window and the renderer. */
export interface MenuActions {
  /** Opens the console's interface settings. */
  readonly openSettings: () => void;
  /** Opens a help or legal page: the installation's own address outside, or the console's page. */
  readonly openHelp: (id: HelpLinkId) => void;
}

export interface MenuOptions {
  readonly platform: NodeJS.Platform;
  readonly appName: string;
  readonly messages: MainMessages;
  /** Development builds get the developer tools and a forced reload. */
  readonly development: boolean;
  readonly actions: MenuActions;
}

/** The usual shortcut of each command on each platform (Electron accelerator syntax). */
export function menuShortcuts(platform: NodeJS.Platform) {
  const mac = platform === 'darwin';
  const windows = platform === 'win32';
  return {
    settings: 'CmdOrCtrl+,',
    quit: mac ? 'Cmd+Q' : windows ? 'Alt+F4' : 'Ctrl+Q',
    hide: 'Cmd+H',
    hideOthers: 'Cmd+Alt+H',
    undo: 'CmdOrCtrl+Z',
    redo: mac ? 'Shift+Cmd+Z' : windows ? 'Ctrl+Y' : 'Ctrl+Shift+Z',
    cut: 'CmdOrCtrl+X',
    copy: 'CmdOrCtrl+C',
    paste: 'CmdOrCtrl+V',
    pasteAndMatchStyle: 'Shift+Alt+Cmd+V',
    selectAll: 'CmdOrCtrl+A',
    reload: 'CmdOrCtrl+R',
    forceReload: 'Shift+CmdOrCtrl+R',
    toggleDevTools: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I',
    resetZoom: 'CmdOrCtrl+0',
    zoomIn: 'CmdOrCtrl+Plus',
    /** Zoom in without Shift on keyboards where + is Shift+=. */
    zoomInAlternative: 'CmdOrCtrl+=',
    zoomOut: 'CmdOrCtrl+-',
    fullScreen: mac ? 'Ctrl+Cmd+F' : 'F11',
    minimize: 'CmdOrCtrl+M',
    close: 'CmdOrCtrl+W',
    help: mac ? undefined : 'F1',
  } as const;
}

/**
 * A top-level menu's label with its access key on Windows and Linux (Alt+F opens File): `&` before
 * the key's letter in a label that has it, `(&F)` after one that does not (Chinese labels, as
 * Windows itself writes them). macOS menus have no access keys.
 */
export function withAccessKey(label: string, key: string, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return label;
  const at = label.toLowerCase().indexOf(key.toLowerCase());
  return at === -1 ? `${label}(&${key.toUpperCase()})` : `${label.slice(0, at)}&${label.slice(at)}`;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/**
 * The application menu: on macOS the app menu (About, Settings…, Services, Hide, Quit), then Edit,
 * View, Window and Help; on Windows and Linux File (Settings…, Exit/Quit), Edit, View, Window and
 * Help (with About). Standard commands use Electron's roles (which act on the focused window and
 * text field); every item carries its label in the interface language and the usual shortcut.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { platform, appName, actions, development } = options;
  const m = options.messages.menu;
  const keys = menuShortcuts(platform);
  const mac = platform === 'darwin';
  const top = (label: string, key: string) => withAccessKey(label, key, platform);

  const settings: MenuItemConstructorOptions = { id: 'settings', label: m.settings, accelerator: keys.settings, click: () => actions.openSettings() };
  const about: MenuItemConstructorOptions = { role: 'about', label: m.about(appName) };
  const quit: MenuItemConstructorOptions = { role: 'quit', label: mac ? m.quit(appName) : platform === 'win32' ? m.exit : m.quit(appName), accelerator: keys.quit };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      separator,
      settings,
      separator,
      { role: 'services', label: m.services },
      separator,
      { role: 'hide', label: m.hide(appName), accelerator: keys.hide },
      { role: 'hideOthers', label: m.hideOthers, accelerator: keys.hideOthers },
      { role: 'unhide', label: m.showAll },
      separator,
      quit,
    ],
  };
  const fileMenu: MenuItemConstructorOptions = { label: top(m.file, 'F'), submenu: [settings, separator, quit] };

  const editMenu: MenuItemConstructorOptions = {
    label: top(m.edit, 'E'),
    submenu: [
      { role: 'undo', label: m.undo, accelerator: keys.undo },
      { role: 'redo', label: m.redo, accelerator: keys.redo },
      separator,
      { role: 'cut', label: m.cut, accelerator: keys.cut },
      { role: 'copy', label: m.copy, accelerator: keys.copy },
      { role: 'paste', label: m.paste, accelerator: keys.paste },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: m.pasteAndMatchStyle, accelerator: keys.pasteAndMatchStyle } as const] : []),
      { role: 'delete', label: m.delete },
      separator,
      { role: 'selectAll', label: m.selectAll, accelerator: keys.selectAll },
    ],
  };

  const viewMenu: MenuItemConstructorOptions = {
    label: top(m.view, 'V'),
    submenu: [
      { role: 'reload', label: m.reload, accelerator: keys.reload },
      ...(development
        ? [
            { role: 'forceReload', label: m.forceReload, accelerator: keys.forceReload } as const,
            { role: 'toggleDevTools', label: m.toggleDevTools, accelerator: keys.toggleDevTools } as const,
          ]
        : []),
      separator,
      { role: 'resetZoom', label: m.actualSize, accelerator: keys.resetZoom },
      { role: 'zoomIn', label: m.zoomIn, accelerator: keys.zoomIn },
      { role: 'zoomIn', label: m.zoomIn, accelerator: keys.zoomInAlternative, visible: false, acceleratorWorksWhenHidden: true },
      { role: 'zoomOut', label: m.zoomOut, accelerator: keys.zoomOut },
      separator,
      { role: 'togglefullscreen', label: m.toggleFullScreen, accelerator: keys.fullScreen },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    label: top(m.window, 'W'),
    ...(mac ? { role: 'windowMenu' as const } : {}),
    submenu: mac
      ? [
          { role: 'minimize', label: m.minimize, accelerator: keys.minimize },
          { role: 'zoom', label: m.zoom },
          separator,
          { role: 'front', label: m.bringAllToFront },
        ]
      : [
          { role: 'minimize', label: m.minimize, accelerator: keys.minimize },
          { role: 'close', label: m.close, accelerator: keys.close },
        ],
  };

  const helpMenu: MenuItemConstructorOptions = {
    label: top(m.help, 'H'),
    role: 'help',
    submenu: [
      { id: 'help', label: m.helpItem(appName), ...(keys.help ? { accelerator: keys.help } : {}), click: () => actions.openHelp('help') },
      separator,
      { id: 'privacy', label: m.privacy, click: () => actions.openHelp('privacy') },
      { id: 'terms', label: m.terms, click: () => actions.openHelp('terms') },
      ...(mac ? [] : [separator, about]),
    ],
  };

  return mac ? [appMenu, editMenu, viewMenu, windowMenu, helpMenu] : [fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}

/**
 * Sets the application menu and rebuilds it whenever the interface language changes, so its
 * labels follow the console's. Answers a function that stops following.
 */
export function installApplicationMenu(options: Omit<MenuOptions, 'messages'> & { readonly language: InterfaceLanguage; readonly version: string }): () => void {
  const apply = () => {
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({ ...options, messages: options.language.messages() })));
  };
  app.setAboutPanelOptions({ applicationName: options.appName, applicationVersion: options.version });
  apply();
  return options.language.onDidChange(apply);
}
