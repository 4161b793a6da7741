/**
 * The texts main shows itself (native dialogs, the application menu, notifications), in the
 * console's two languages.
 *
 * The renderer's i18next resources are not loaded in main, and a native dialog or menu cannot wait
 * for the renderer, so these live here with the same two locales. The operator's interface language
 * picks (the renderer reports it with `app.setLanguage`; main/src/interface-language.ts keeps it),
 * and the operating system's language until the renderer has said.
 */
export interface MenuMessages {
  readonly about: (app: string) => string;
  readonly settings: string;
  readonly services: string;
  readonly hide: (app: string) => string;
  readonly hideOthers: string;
  readonly showAll: string;
  readonly quit: (app: string) => string;
  readonly file: string;
  /** "Exit" on Windows, where the File menu's last item is called so. */
  readonly exit: string;
  readonly edit: string;
  readonly undo: string;
  readonly redo: string;
  readonly cut: string;
  readonly copy: string;
  readonly paste: string;
  readonly pasteAndMatchStyle: string;
  readonly delete: string;
  readonly selectAll: string;
  readonly view: string;
  readonly reload: string;
  readonly forceReload: string;
  readonly toggleDevTools: string;
  readonly actualSize: string;
  readonly zoomIn: string;
  readonly zoomOut: string;
  readonly toggleFullScreen: string;
  readonly window: string;
  readonly minimize: string;
  readonly zoom: string;
  readonly bringAllToFront: string;
  readonly close: string;
  readonly help: string;
  readonly helpItem: (app: string) => string;
  readonly privacy: string;
  readonly terms: string;
}

export interface NotificationMessages {
  readonly uploadDoneTitle: string;
  readonly uploadDoneBody: (name: string) => string;
  readonly uploadFailedTitle: string;
  readonly publishDoneTitle: string;
  readonly publishDoneBody: (name: string | null) => string;
  readonly publishFailedTitle: string;
  readonly failedBody: string;
}

export interface MainMessages {
  readonly updateReadyTitle: string;
  readonly updateReadyMessage: (version: string | null) => string;
  readonly updateReadyDetail: string;
  readonly restartNow: string;
  readonly later: string;
  readonly startFailedTitle: string;
  readonly startFailedMessage: string;
  readonly menu: MenuMessages;
  readonly notifications: NotificationMessages;
}

const enUS: MainMessages = {
  updateReadyTitle: 'Update ready',
  updateReadyMessage: (version) => (version ? `Palette Console ${version} has been downloaded.` : 'A new version of Palette Console has been downloaded.'),
  updateReadyDetail: 'Restart now to install it? Unsaved changes in open forms will be lost. Otherwise it is installed when you quit.',
  restartNow: 'Restart now',
  later: 'Later',
  startFailedTitle: 'Palette Console could not start',
  startFailedMessage: 'The local API server did not start. Details are in the log.',
  menu: {
    about: (app) => `About ${app}`,
    settings: 'Settings…',
    services: 'Services',
    hide: (app) => `Hide ${app}`,
    hideOthers: 'Hide Others',
    showAll: 'Show All',
    quit: (app) => `Quit ${app}`,
    file: 'File',
    exit: 'Exit',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    view: 'View',
    reload: 'Reload',
    forceReload: 'Force Reload',
    toggleDevTools: 'Toggle Developer Tools',
    actualSize: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    toggleFullScreen: 'Toggle Full Screen',
    window: 'Window',
    minimize: 'Minimize',
    zoom: 'Zoom',
    bringAllToFront: 'Bring All to Front',
    close: 'Close Window',
    help: 'Help',
    helpItem: (app) => `${app} Help`,
    privacy: 'Privacy',
    terms: 'Terms of use',
  },
  notifications: {
    uploadDoneTitle: 'Upload finished',
    uploadDoneBody: (name) => `“${name}” has been uploaded.`,
    uploadFailedTitle: 'Upload failed',
    publishDoneTitle: 'Published',
    publishDoneBody: (name) => (name ? `“${name}” has been published.` : 'The configuration has been published.'),
    publishFailedTitle: 'Publishing failed',
    failedBody: 'Open Palette Console to see why.',
  },
};

const zhCN: MainMessages = {
  updateReadyTitle: '更新已就绪',
  updateReadyMessage: (version) => (version ? `Palette Console ${version} 已下载。` : 'Palette Console 新版本已下载。'),
  updateReadyDetail: '现在重启以安装吗？打开的表单中未保存的修改将丢失。否则将在退出时安装。',
  restartNow: '立即重启',
  later: '稍后',
  startFailedTitle: 'Palette Console 无法启动',
  startFailedMessage: '本地 API 服务器未能启动。详情请查看日志。',
  menu: {
    about: (app) => `关于 ${app}`,
    settings: '设置…',
    services: '服务',
    hide: (app) => `隐藏 ${app}`,
    hideOthers: '隐藏其他',
    showAll: '全部显示',
    quit: (app) => `退出 ${app}`,
    file: '文件',
    exit: '退出',
    edit: '编辑',
    undo: '撤销',
    redo: '重做',
    cut: '剪切',
    copy: '复制',
    paste: '粘贴',
    pasteAndMatchStyle: '粘贴并匹配样式',
    delete: '删除',
    selectAll: '全选',
    view: '视图',
    reload: '重新加载',
    forceReload: '强制重新加载',
    toggleDevTools: '切换开发者工具',
    actualSize: '实际大小',
    zoomIn: '放大',
    zoomOut: '缩小',
    toggleFullScreen: '切换全屏',
    window: '窗口',
    minimize: '最小化',
    zoom: '缩放',
    bringAllToFront: '前置全部窗口',
    close: '关闭窗口',
    help: '帮助',
    helpItem: (app) => `${app} 帮助`,
    privacy: '隐私',
    terms: '使用条款',
  },
  notifications: {
    uploadDoneTitle: '上传完成',
    uploadDoneBody: (name) => `“${name}”已上传。`,
    uploadFailedTitle: '上传失败',
    publishDoneTitle: '已发布',
    publishDoneBody: (name) => (name ? `“${name}”已发布。` : '配置已发布。'),
    publishFailedTitle: '发布失败',
    failedBody: '请打开 Palette Console 查看原因。',
  },
};

/** Messages for a BCP 47 locale: Chinese locales get zh-CN, everything else en-US. */
export function messagesFor(locale: string): MainMessages {
  return locale.toLowerCase().startsWith('zh') ? zhCN : enUS;
}
