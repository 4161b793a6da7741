import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { ErrorCode } from '@contract/errors';
import { EventHub } from '../../main/src/events';
import { mountIpcMain } from '../../main/src/ipc/ipc-main';
import { createIpcRouter } from '../../main/src/ipc/router';
import { isTrustedSender } from '../../main/src/ipc/trusted-sender';
import { APP_ORIGIN, originOf } from '../../main/src/web-security';
import { stubHandlers } from './support/handlers';

/**
 * Frames as Chromium reports them: the URL a frame shows and the origin it runs with. The sender
 * check reads the origin only; the URL column shows what a URL-based check would have been fooled by.
 */
const lookAlikes: ReadonlyArray<{ readonly url: string; readonly origin: string }> = [
  { url: 'app://palette.evil/', origin: 'app://palette.evil' },
  { url: 'app://palettes/', origin: 'app://palettes' },
  { url: 'app://palette:8080/', origin: 'app://palette:8080' },
  { url: 'app://palette@evil.example/', origin: 'app://evil.example' },
  { url: 'app://evil.example/app://palette/', origin: 'app://evil.example' },
  { url: 'file:///opt/palette/out/renderer/index.html', origin: 'file://' },
  { url: 'file://palette/index.html', origin: 'file://' },
  { url: 'file:///app://palette/', origin: 'file://' },
  { url: 'http://app//palette/', origin: 'http://app' },
  { url: 'https://palette/', origin: 'https://palette' },
  { url: 'data:text/html,app://palette', origin: 'null' },
  // Served from the app's own URL, but sandboxed (the PAG player): an opaque origin.
  { url: 'app://palette/pag-player/index.html', origin: 'null' },
];

describe('the IPC sender check compares the frame origin, not its URL', () => {
  it('refuses look-alike frames, including ones whose URL a URL check would accept', () => {
    for (const frame of lookAlikes) {
      expect(isTrustedSender({ origin: frame.origin }, [APP_ORIGIN]), frame.url).toBe(false);
    }
    // What a check by URL would have said about the sandboxed player frame:
    expect(originOf('app://palette/pag-player/index.html')).toBe(APP_ORIGIN);
  });

  it('accepts the app origin itself, also for an about:blank child that inherits it', () => {
    expect(isTrustedSender({ origin: 'app://palette' }, [APP_ORIGIN])).toBe(true);
    expect(isTrustedSender({ origin: null }, [APP_ORIGIN])).toBe(false);
  });

  it('matches the browser edition host origin exactly (no port or host prefixes)', () => {
    const host = ['http://127.0.0.1:5178'];
    expect(isTrustedSender({ origin: 'http://127.0.0.1:5178' }, host)).toBe(true);
    for (const origin of ['http://127.0.0.1:51780', 'http://127.0.0.1:517', 'http://127.0.0.1:5178.evil.example', 'http://127.0.0.1', 'https://127.0.0.1:5178', 'http://localhost:5178', 'http://127.0.0.1:5178/']) {
      expect(isTrustedSender({ origin }, host), origin).toBe(false);
    }
  });

  it('refuses every origin that only starts with, ends with or differs in case from the app origin', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (before, after) => {
        const origin = `${before}${APP_ORIGIN}${after}`;
        fc.pre(origin !== APP_ORIGIN);
        expect(isTrustedSender({ origin }, [APP_ORIGIN])).toBe(false);
        expect(isTrustedSender({ origin: origin.toUpperCase() }, [APP_ORIGIN])).toBe(origin.toUpperCase() === APP_ORIGIN);
      }),
    );
  });

  it('judges ipcMain requests by senderFrame.origin, whatever the frame URL says', async () => {
    const ipcMain = electron.ipcMain as unknown as { handlers: Map<string, (event: unknown, input: unknown) => Promise<unknown>> };
    const handler = vi.fn(() => false);
    const unmount = mountIpcMain({ router: createIpcRouter(stubHandlers({ 'shell.openExternal': handler }), { trustedOrigins: [APP_ORIGIN] }), events: new EventHub(), targets: () => [], trustedOrigins: [APP_ORIGIN] });
    const invoke = ipcMain.handlers.get('palette:shell.openExternal')!;
    for (const frame of lookAlikes) {
      await expect(invoke({ senderFrame: frame }, { url: 'https://x.example' }), frame.url).resolves.toMatchObject({ ok: false, code: ErrorCode.Forbidden });
    }
    await expect(invoke({ senderFrame: { url: '', origin: 'app://palette' } }, { url: 'https://x.example' })).resolves.toEqual({ ok: true, value: false });
    expect(handler).toHaveBeenCalledOnce();
    unmount();
  });
});
