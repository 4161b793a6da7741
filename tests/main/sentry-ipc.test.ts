import { type EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { SENTRY_IPC_NAMESPACE, sentryChannelName, sentryIpcInvokeNames, sentryIpcSendNames } from '@contract/ipc-names';
import { guardSentryIpc } from '../../main/src/ipc/sentry-ipc';
import { APP_ORIGIN } from '../../main/src/web-security';

type FakeIpcMain = EventEmitter & {
  handlers: Map<string, (event: unknown, input?: unknown) => unknown>;
  handle: (channel: string, handler: (event: unknown, input?: unknown) => unknown) => void;
  removeHandler: (channel: string) => void;
};
const ipcMain = electron.ipcMain as unknown as FakeIpcMain;

/** The channels the installed @sentry/electron registers on ipcMain, read from its source. */
function sentrySdkChannels(): { on: string[]; handle: string[] } {
  const source = readFileSync(fileURLToPath(new URL('../../node_modules/@sentry/electron/esm/main/ipc.js', import.meta.url)), 'utf8');
  const names = (method: string) => [...source.matchAll(new RegExp(`ipcMain\\.${method}\\(ipcUtil\\.createKey\\('([^']+)'\\)`, 'g'))].map((m) => m[1]!);
  return { on: names('on'), handle: names('handle') };
}

describe("Sentry's own IPC", () => {
  it('knows every channel the installed SDK registers (a new one fails here first)', () => {
    const sdk = sentrySdkChannels();
    expect(sdk.on.length).toBeGreaterThan(3);
    expect([...sdk.on].sort()).toEqual([...sentryIpcSendNames].sort());
    expect(sdk.handle).toEqual([...sentryIpcInvokeNames]);
  });

  it('passes messages on from the app’s own frames only', async () => {
    const received: unknown[] = [];
    // As Sentry.init registers them in classic mode:
    for (const name of sentryIpcSendNames) ipcMain.on(sentryChannelName(name), (_event: unknown, payload: unknown) => received.push([name, payload]));
    const feedback = vi.fn(() => ({ sent: true }));
    ipcMain.handle(sentryChannelName('feedback'), feedback);
    ipcMain.on('palette:unrelated', () => received.push('unrelated'));
    const warnings: string[] = [];

    const guarded = guardSentryIpc([APP_ORIGIN], { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined });
    expect(guarded.sort()).toEqual([...sentryIpcSendNames, ...sentryIpcInvokeNames].map((n) => `${SENTRY_IPC_NAMESPACE}.${n}`).sort());

    const frames = [
      { url: 'app://palette/pag-player/index.html', origin: 'null' },
      { url: 'https://evil.example/', origin: 'https://evil.example' },
      { url: 'app://palette.evil/', origin: 'app://palette.evil' },
    ];
    for (const senderFrame of frames) ipcMain.emit(sentryChannelName('envelope'), { senderFrame, sender: {} }, 'forged');
    ipcMain.emit(sentryChannelName('scope'), { senderFrame: null, sender: {} }, '{"user":{"id":"x"}}');
    expect(received).toEqual([]);
    expect(warnings).toHaveLength(4);

    ipcMain.emit(sentryChannelName('envelope'), { senderFrame: { url: 'app://palette/', origin: APP_ORIGIN }, sender: {} }, 'real');
    ipcMain.emit('palette:unrelated', {});
    expect(received).toEqual([['envelope', 'real'], 'unrelated']);

    // Feedback is not used by the console: nothing is sent, whoever asks.
    const handler = ipcMain.handlers.get(sentryChannelName('feedback'))!;
    expect(await handler({ senderFrame: { origin: APP_ORIGIN } }, 'envelope')).toEqual({});
    expect(await handler({ senderFrame: { origin: 'null' } }, 'envelope')).toEqual({});
    expect(feedback).not.toHaveBeenCalled();
    ipcMain.removeAllListeners();
    ipcMain.removeHandler(sentryChannelName('feedback'));
  });
});
