import { BrowserWindow, dialog } from 'electron';
import { type MediaKind } from '@contract/media';
import { type FilePicker } from './media-service';

/**
 * The desktop app's file dialog for `media.pick` (Electron's `dialog.showOpenDialog`), filtered to
 * the rule's extensions. Only the desktop entry imports this file: the browser edition has no
 * native dialog and answers `unsupported`.
 */

interface PickerMessages {
  readonly title: string;
  readonly kinds: { readonly [K in MediaKind]: string };
}

const enUS: PickerMessages = {
  title: 'Choose a file',
  kinds: { image: 'Images', video: 'Videos', pag: 'PAG animations', audio: 'Audio' },
};

const zhCN: PickerMessages = {
  title: '选择文件',
  kinds: { image: '图片', video: '视频', pag: 'PAG 动画', audio: '音频' },
};

/** Texts for a BCP 47 locale: Chinese locales get zh-CN, everything else en-US (as main/src/messages.ts). */
export function pickerMessagesFor(locale: string): PickerMessages {
  return locale.toLowerCase().startsWith('zh') ? zhCN : enUS;
}

/** A picker on the focused window (modal to it), worded in the system's language. */
export function createNativePicker(locale: () => string): FilePicker {
  return async ({ kinds, extensions }) => {
    const messages = pickerMessagesFor(locale());
    const name = kinds.map((kind) => messages.kinds[kind]).join(' / ');
    const options = {
      title: messages.title,
      properties: ['openFile' as const],
      // Upper case too: GTK's filters match case-sensitively, and cameras write IMG_0001.JPG.
      filters: [{ name: `${name} (${extensions.map((ext) => `*.${ext}`).join(', ')})`, extensions: extensions.flatMap((ext) => [ext, ext.toUpperCase()]) }],
    };
    const parent = BrowserWindow.getFocusedWindow();
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
