import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { SENTRY_IPC_NAMESPACE, sentryChannelName, sentryIpcInvokeNames } from '@contract/ipc-names';
import { type Logger, silentLogger } from '../logger';
import { isTrustedSender } from './trusted-sender';

type Listener = (event: IpcMainEvent, ...args: unknown[]) => void;

/**
 * Puts @sentry/electron's own IPC listeners behind the trusted-sender check.
 *
 * `Sentry.init` (in classic IPC mode, see main/src/sentry.ts) registers `ipcMain` listeners for the
 * renderer SDK's scope updates and envelopes that accept any sender. Right after `init`, this
 * replaces each of them by a wrapper that passes a message on only when the sending frame's origin
 * is one of the app's own, the same check the router makes for every contract channel; anything
 * else is dropped and logged. Sentry's one invoked channel (user feedback, which the console does not
 * use) is replaced by a handler that sends nothing. Every listener under Sentry's namespace is
 * wrapped, so a channel a later SDK version adds is covered as well.
 *
 * Answers the channels it guarded (for the log and the tests).
 */
export function guardSentryIpc(trustedOrigins: ReadonlyArray<string>, log: Logger = silentLogger): string[] {
  const guarded: string[] = [];
  const prefix = `${SENTRY_IPC_NAMESPACE}.`;
  for (const name of ipcMain.eventNames()) {
    if (typeof name !== 'string' || !name.startsWith(prefix)) continue;
    const listeners = ipcMain.listeners(name) as Listener[];
    ipcMain.removeAllListeners(name);
    for (const listener of listeners) {
      ipcMain.on(name, (event: IpcMainEvent, ...args: unknown[]) => {
        if (isTrustedSender({ origin: event.senderFrame?.origin ?? null }, trustedOrigins)) listener(event, ...args);
        else log.warn(`Sentry IPC refused a message from outside the app (${name})`);
      });
    }
    guarded.push(name);
  }
  for (const invoked of sentryIpcInvokeNames) {
    const name = sentryChannelName(invoked);
    ipcMain.removeHandler(name);
    ipcMain.handle(name, (event: IpcMainInvokeEvent) => {
      if (!isTrustedSender({ origin: event.senderFrame?.origin ?? null }, trustedOrigins)) log.warn(`Sentry IPC refused a message from outside the app (${name})`);
      return {};
    });
    guarded.push(name);
  }
  return guarded;
}
