import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { ErrorCode } from '@contract/errors';
import { ipcChannelNames } from '@contract/ipc-names';
import { AppFailure } from '../../main/src/errors';
import { EventHub } from '../../main/src/events';
import { mountIpcMain } from '../../main/src/ipc/ipc-main';
import { createIpcRouter } from '../../main/src/ipc/router';
import { APP_ORIGIN } from '../../main/src/web-security';
import { FakeWebContents } from './support/fake-electron';
import { stubHandlers } from './support/handlers';

const trusted = { origin: 'app://palette' };
const options = { trustedOrigins: [APP_ORIGIN] };

describe('the IPC wrapper', () => {
  it('answers a valid request with { ok: true, value }', async () => {
    const router = createIpcRouter(stubHandlers(), options);
    await expect(router.invoke('update.get', undefined, trusted)).resolves.toEqual({
      ok: true,
      value: { status: 'unsupported', version: null, progress: null },
    });
  });

  it('refuses a sender frame outside the app before running anything', async () => {
    const handler = vi.fn(() => false);
    const router = createIpcRouter(stubHandlers({ 'shell.openExternal': handler }), options);
    for (const origin of ['https://evil.example', 'app://other', 'file://', 'null', null]) {
      const result = await router.invoke('shell.openExternal', { url: 'https://x.example' }, { origin });
      expect(result).toMatchObject({ ok: false, code: ErrorCode.Forbidden });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses bad input with code 1000 without calling the handler', async () => {
    const handler = vi.fn(() => ({ code: 0, message: 'ok' }));
    const router = createIpcRouter(stubHandlers({ 'session.signIn': handler }), options);
    for (const input of [undefined, {}, { email: 'not-an-email', password: 'x' }, { email: 'a@b.co', password: 42 }]) {
      await expect(router.invoke('session.signIn', input, trusted)).resolves.toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
    }
    await expect(router.invoke('app.info', { unexpected: true }, trusted)).resolves.toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
    expect(handler).not.toHaveBeenCalled();
  });

  it('passes the parsed input to the handler', async () => {
    const handler = vi.fn(() => ({ code: 0, message: 'ok' }));
    const router = createIpcRouter(stubHandlers({ 'session.signIn': handler }), options);
    await router.invoke('session.signIn', { email: ' Admin@Example.COM ', password: 'secret123' }, trusted);
    expect(handler).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'secret123' });
  });

  it('never throws: handler errors become results, internal details stay in main', async () => {
    const router = createIpcRouter(
      stubHandlers({
        'update.check': () => {
          throw new Error('/home/operator/.secret path leaked');
        },
        'update.install': () => {
          throw new AppFailure(ErrorCode.Offline, 'Offline');
        },
      }),
      options,
    );
    const internal = await router.invoke('update.check', undefined, trusted);
    expect(internal).toEqual({ ok: false, code: ErrorCode.InternalError, message: 'Internal error' });
    await expect(router.invoke('update.install', undefined, trusted)).resolves.toEqual({ ok: false, code: ErrorCode.Offline, message: 'Offline' });
  });

  it('refuses an output its contract does not allow', async () => {
    const router = createIpcRouter(stubHandlers({ 'shell.openExternal': () => 'yes' as unknown as boolean }), options);
    await expect(router.invoke('shell.openExternal', { url: 'https://x.example' }, trusted)).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.InternalError,
    });
  });

  it('refuses unknown channels', async () => {
    const router = createIpcRouter(stubHandlers(), options);
    await expect(router.invoke('fs.readFile', '/etc/passwd', trusted)).resolves.toMatchObject({ ok: false, code: ErrorCode.RouteNotFound });
    await expect(router.invoke('__proto__', undefined, trusted)).resolves.toMatchObject({ ok: false, code: ErrorCode.RouteNotFound });
  });
});

describe('the ipcMain transport', () => {
  const ipcMain = electron.ipcMain as unknown as { handlers: Map<string, (event: unknown, input: unknown) => Promise<unknown>> };

  it('registers one prefixed handler per contract channel, judged by the sending frame', async () => {
    const events = new EventHub();
    const router = createIpcRouter(stubHandlers(), options);
    const unmount = mountIpcMain({ router, events, targets: () => [], trustedOrigins: [APP_ORIGIN] });
    expect([...ipcMain.handlers.keys()].sort()).toEqual(ipcChannelNames.map((name) => `palette:${name}`).sort());

    const handler = ipcMain.handlers.get('palette:connectivity.get')!;
    await expect(handler({ senderFrame: { url: 'app://palette/', origin: 'app://palette' } }, undefined)).resolves.toMatchObject({ ok: true });
    await expect(handler({ senderFrame: { url: 'https://evil.example/', origin: 'https://evil.example' } }, undefined)).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.Forbidden,
    });
    await expect(handler({ senderFrame: null }, undefined)).resolves.toMatchObject({ ok: false, code: ErrorCode.Forbidden });
    unmount();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('pushes events only to windows still showing the app', () => {
    const events = new EventHub();
    const app = new FakeWebContents();
    const away = new FakeWebContents();
    away.url = 'https://evil.example/';
    const gone = new FakeWebContents();
    gone.destroyed = true;
    const unmount = mountIpcMain({
      router: createIpcRouter(stubHandlers(), options),
      events,
      targets: () => [app, away, gone] as unknown as electron.WebContents[],
      trustedOrigins: [APP_ORIGIN],
    });
    const state = { network: false, server: true, checkedAt: new Date(0).toISOString() };
    events.emit('connectivity.changed', state);
    expect(app.sent).toEqual([{ channel: 'palette:connectivity.changed', payload: state }]);
    expect(away.sent).toEqual([]);
    expect(gone.sent).toEqual([]);
    unmount();
  });

  it('refuses to push an event payload the contract does not allow', () => {
    const events = new EventHub();
    expect(() => events.emit('session.changed', { user: null, persistence: 'disk' } as never)).toThrow();
  });
});
