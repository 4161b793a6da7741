import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelName } from '@contract/ipc-names';
import { type EventHub } from '../events';
import { type IpcRouter } from './router';
import { isTrustedSender } from './trusted-sender';

export interface IpcMainMountOptions {
  readonly router: IpcRouter;
  readonly events: EventHub;
  /** The web contents that receive pushed events (the app's windows). */
  readonly targets: () => ReadonlyArray<WebContents>;
  /** Events go only to contents showing one of these origins, never to a page that navigated away. */
  readonly trustedOrigins: ReadonlyArray<string>;
}

/**
 * Mounts the IPC router on Electron's `ipcMain`: the desktop transport of the contract's channels.
 *
 * This folder is the only place allowed to touch `ipcMain` (lint and a test enforce it), so every
 * channel provably goes through the router's sender check and validation. The sender is the frame
 * that sent the message, not the window, so an iframe or a navigated frame is judged by its own
 * origin (never by its URL; see trusted-sender.ts).
 */
export function mountIpcMain(options: IpcMainMountOptions): () => void {
  for (const channel of options.router.channels) {
    ipcMain.handle(channelName(channel), (event: IpcMainInvokeEvent, input: unknown) =>
      options.router.invoke(channel, input, { origin: event.senderFrame?.origin ?? null }),
    );
  }
  const unsubscribe = options.events.subscribe((event, payload) => {
    for (const contents of options.targets()) {
      if (!contents.isDestroyed() && isTrustedSender({ origin: contents.mainFrame.origin }, options.trustedOrigins)) {
        contents.send(channelName(event), payload);
      }
    }
  });
  return () => {
    unsubscribe();
    for (const channel of options.router.channels) ipcMain.removeHandler(channelName(channel));
  };
}
