/**
 * The few texts main shows itself (native dialogs), in the console's two languages.
 *
 * The renderer's i18next resources are not loaded in main, and a native dialog cannot wait for the
 * renderer, so these live here with the same two locales; the operating system's language picks.
 */
export interface MainMessages {
  readonly updateReadyTitle: string;
  readonly updateReadyMessage: (version: string | null) => string;
  readonly updateReadyDetail: string;
  readonly restartNow: string;
  readonly later: string;
  readonly startFailedTitle: string;
  readonly startFailedMessage: string;
}

const enUS: MainMessages = {
  updateReadyTitle: 'Update ready',
  updateReadyMessage: (version) => (version ? `Palette Console ${version} has been downloaded.` : 'A new version of Palette Console has been downloaded.'),
  updateReadyDetail: 'Restart now to install it? Unsaved changes in open forms will be lost. Otherwise it is installed when you quit.',
  restartNow: 'Restart now',
  later: 'Later',
  startFailedTitle: 'Palette Console could not start',
  startFailedMessage: 'The local API server did not start. Details are in the log.',
};

const zhCN: MainMessages = {
  updateReadyTitle: '更新已就绪',
  updateReadyMessage: (version) => (version ? `Palette Console ${version} 已下载。` : 'Palette Console 新版本已下载。'),
  updateReadyDetail: '现在重启以安装吗？打开的表单中未保存的修改将丢失。否则将在退出时安装。',
  restartNow: '立即重启',
  later: '稍后',
  startFailedTitle: 'Palette Console 无法启动',
  startFailedMessage: '本地 API 服务器未能启动。详情请查看日志。',
};

/** Messages for a BCP 47 locale: Chinese locales get zh-CN, everything else en-US. */
export function messagesFor(locale: string): MainMessages {
  return locale.toLowerCase().startsWith('zh') ? zhCN : enUS;
}
