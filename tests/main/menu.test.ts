import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { type MenuItemConstructorOptions } from 'electron';
import { InterfaceLanguage } from '../../main/src/interface-language';
import { buildMenuTemplate, installApplicationMenu, menuShortcuts, withAccessKey, type MenuActions } from '../../main/src/menu';
import { messagesFor } from '../../main/src/messages';

type Item = MenuItemConstructorOptions;
const APP = 'Palette Console';

function template(platform: NodeJS.Platform, locale = 'en-US', development = false, actions?: MenuActions): Item[] {
  return buildMenuTemplate({ platform, appName: APP, messages: messagesFor(locale), development, actions: actions ?? { openSettings: vi.fn(), openHelp: vi.fn() } });
}
const items = (menu: Item): Item[] => (menu.submenu as Item[]).filter((item) => item.type !== 'separator');
const byRole = (menu: Item, role: string) => items(menu).find((item) => item.role === role);
/** Every item of every menu, flattened. */
const all = (menus: Item[]): Item[] => menus.flatMap((menu) => items(menu));

describe('the application menu on macOS', () => {
  const menus = template('darwin');

  it('has the app menu first, then Edit, View, Window and Help', () => {
    expect(menus.map((menu) => menu.label)).toEqual([APP, 'Edit', 'View', 'Window', 'Help']);
    expect(menus[3]!.role).toBe('windowMenu');
    expect(menus[4]!.role).toBe('help');
  });

  it('puts About, Settings…, Services, Hide, Hide Others, Show All and Quit in the app menu', () => {
    const app = items(menus[0]!);
    expect(app.map((item) => item.role ?? item.id)).toEqual(['about', 'settings', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(app.map((item) => item.label)).toEqual([`About ${APP}`, 'Settings…', 'Services', `Hide ${APP}`, 'Hide Others', 'Show All', `Quit ${APP}`]);
    expect(app.find((item) => item.id === 'settings')!.accelerator).toBe('CmdOrCtrl+,');
    expect(byRole(menus[0]!, 'quit')!.accelerator).toBe('Cmd+Q');
    expect(byRole(menus[0]!, 'hide')!.accelerator).toBe('Cmd+H');
    expect(byRole(menus[0]!, 'hideOthers')!.accelerator).toBe('Cmd+Alt+H');
  });

  it('has the standard edit roles with the Mac shortcuts, Paste and Match Style included', () => {
    expect(items(menus[1]!).map((item) => item.role)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
    expect(byRole(menus[1]!, 'redo')!.accelerator).toBe('Shift+Cmd+Z');
    expect(byRole(menus[1]!, 'pasteAndMatchStyle')!.accelerator).toBe('Shift+Alt+Cmd+V');
  });

  it('has reload, zoom and full screen in View, and the Mac window commands', () => {
    expect(items(menus[2]!).map((item) => item.role)).toEqual(['reload', 'resetZoom', 'zoomIn', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(byRole(menus[2]!, 'togglefullscreen')!.accelerator).toBe('Ctrl+Cmd+F');
    expect(items(menus[3]!).map((item) => item.role)).toEqual(['minimize', 'zoom', 'front']);
  });

  it('has no access keys (macOS menus have none) and no About in Help', () => {
    expect(menus.some((menu) => String(menu.label).includes('&'))).toBe(false);
    expect(items(menus[4]!).map((item) => item.id)).toEqual(['help', 'privacy', 'terms']);
    expect(items(menus[4]!)[0]!.accelerator).toBeUndefined();
  });
});

describe('the application menu on Windows and Linux', () => {
  it('has File with Settings… and Exit (Windows) or Quit (Linux), and access keys on every menu', () => {
    const windows = template('win32');
    expect(windows.map((menu) => menu.label)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(items(windows[0]!).map((item) => item.label)).toEqual(['Settings…', 'Exit']);
    expect(byRole(windows[0]!, 'quit')!.accelerator).toBe('Alt+F4');
    const linux = template('linux');
    expect(items(linux[0]!).map((item) => item.label)).toEqual(['Settings…', `Quit ${APP}`]);
    expect(byRole(linux[0]!, 'quit')!.accelerator).toBe('Ctrl+Q');
  });

  it('uses each platform’s redo, full-screen and help keys, and Close instead of the Mac window commands', () => {
    expect(byRole(template('win32')[1]!, 'redo')!.accelerator).toBe('Ctrl+Y');
    expect(byRole(template('linux')[1]!, 'redo')!.accelerator).toBe('Ctrl+Shift+Z');
    for (const platform of ['win32', 'linux'] as const) {
      const menus = template(platform);
      expect(byRole(menus[1]!, 'pasteAndMatchStyle')).toBeUndefined();
      expect(byRole(menus[2]!, 'togglefullscreen')!.accelerator).toBe('F11');
      expect(items(menus[3]!).map((item) => item.role)).toEqual(['minimize', 'close']);
      expect(items(menus[4]!).map((item) => item.id ?? item.role)).toEqual(['help', 'privacy', 'terms', 'about']);
      expect(items(menus[4]!)[0]!.accelerator).toBe('F1');
    }
  });
});

describe('every platform', () => {
  it('gives every item a label, and the same shortcuts to cut, copy, paste, select all, reload and zoom', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const menus = template(platform);
      for (const item of all(menus)) expect(item.label, `${platform} ${item.role ?? item.id}`).toBeTruthy();
      const keys = Object.fromEntries(all(menus).filter((item) => item.visible !== false).map((item) => [item.role ?? item.id, item.accelerator]));
      expect(keys).toMatchObject({ cut: 'CmdOrCtrl+X', copy: 'CmdOrCtrl+C', paste: 'CmdOrCtrl+V', selectAll: 'CmdOrCtrl+A', reload: 'CmdOrCtrl+R', resetZoom: 'CmdOrCtrl+0', zoomIn: 'CmdOrCtrl+Plus', zoomOut: 'CmdOrCtrl+-', undo: 'CmdOrCtrl+Z' });
      const hidden = all(menus).find((item) => item.visible === false)!;
      expect(hidden).toMatchObject({ role: 'zoomIn', accelerator: 'CmdOrCtrl+=', acceleratorWorksWhenHidden: true });
    }
    expect(menuShortcuts('darwin').toggleDevTools).toBe('Alt+Cmd+I');
  });

  it('shows developer tools and force reload in development builds only', () => {
    expect(all(template('linux', 'en-US', false)).some((item) => item.role === 'toggleDevTools' || item.role === 'forceReload')).toBe(false);
    expect(items(template('linux', 'en-US', true)[2]!).map((item) => item.role).slice(0, 3)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
  });

  it('runs its own items through the actions', () => {
    const actions = { openSettings: vi.fn(), openHelp: vi.fn() };
    const menus = template('darwin', 'en-US', false, actions);
    (items(menus[0]!).find((item) => item.id === 'settings')!.click as () => void)();
    for (const id of ['help', 'privacy', 'terms']) (items(menus[4]!).find((item) => item.id === id)!.click as () => void)();
    expect(actions.openSettings).toHaveBeenCalledOnce();
    expect(actions.openHelp.mock.calls).toEqual([['help'], ['privacy'], ['terms']]);
  });

  it('is in Chinese for a Chinese interface, with Windows-style access keys', () => {
    const mac = template('darwin', 'zh-CN');
    expect(mac.map((menu) => menu.label)).toEqual([APP, '编辑', '视图', '窗口', '帮助']);
    expect(items(mac[0]!).map((item) => item.label)).toEqual([`关于 ${APP}`, '设置…', '服务', `隐藏 ${APP}`, '隐藏其他', '全部显示', `退出 ${APP}`]);
    expect(items(mac[1]!).map((item) => item.label)).toEqual(['撤销', '重做', '剪切', '复制', '粘贴', '粘贴并匹配样式', '删除', '全选']);
    expect(items(mac[4]!).map((item) => item.label)).toEqual([`${APP} 帮助`, '隐私', '使用条款']);
    const windows = template('win32', 'zh-CN');
    expect(windows.map((menu) => menu.label)).toEqual(['文件(&F)', '编辑(&E)', '视图(&V)', '窗口(&W)', '帮助(&H)']);
    expect(items(windows[0]!).map((item) => item.label)).toEqual(['设置…', '退出']);
  });

  it('has every text in both languages', () => {
    const en = messagesFor('en-US').menu;
    const zh = messagesFor('zh-CN').menu;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      const text = (value: unknown) => (typeof value === 'function' ? (value as (app: string) => string)(APP) : value);
      expect(text(zh[key]), key).not.toBe(text(en[key]));
    }
  });

  it('places access keys on the letter, or after a label without it', () => {
    expect(withAccessKey('File', 'F', 'win32')).toBe('&File');
    expect(withAccessKey('View', 'V', 'linux')).toBe('&View');
    expect(withAccessKey('文件', 'F', 'win32')).toBe('文件(&F)');
    expect(withAccessKey('File', 'F', 'darwin')).toBe('File');
  });
});

describe('installing the menu', () => {
  it('sets it as the application menu, with the About panel, and rebuilds it when the interface language changes', () => {
    const fake = electron as unknown as { Menu: { applicationMenu: { template: Item[] } | null }; app: { setAboutPanelOptions: ReturnType<typeof vi.fn> } };
    const language = new InterfaceLanguage('en-US');
    const stop = installApplicationMenu({ platform: 'darwin', appName: APP, version: '1.2.3', development: false, language, actions: { openSettings: vi.fn(), openHelp: vi.fn() } });
    expect(fake.app.setAboutPanelOptions).toHaveBeenCalledWith({ applicationName: APP, applicationVersion: '1.2.3' });
    expect(fake.Menu.applicationMenu!.template[1]!.label).toBe('Edit');
    language.set('zh-CN');
    expect(fake.Menu.applicationMenu!.template[1]!.label).toBe('编辑');
    stop();
    language.set('en-US');
    expect(fake.Menu.applicationMenu!.template[1]!.label).toBe('编辑');
  });
});
