import { type EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { ipcChannelNames } from '@contract/ipc-names';
import { type PaletteBridge } from '@contract/ipc';
import '../../preload/src/index';

const exposed = (electron.contextBridge as unknown as { exposed: Map<string, unknown> }).exposed;
const ipcRenderer = electron.ipcRenderer as unknown as EventEmitter & { invoke: ReturnType<typeof vi.fn> };

describe('the preload bridge', () => {
  const palette = exposed.get('palette') as PaletteBridge;

  it('exposes window.palette with one function per contract channel, grouped by prefix', () => {
    expect([...exposed.keys()].sort()).toEqual(['__SENTRY_IPC__', 'palette']);
    for (const name of ipcChannelNames) {
      const [group, method] = name.split('.') as [keyof PaletteBridge, string];
      expect(typeof (palette[group] as Record<string, unknown>)[method], name).toBe('function');
    }
    expect(Object.keys(palette).sort()).toEqual(['api', 'app', 'connectivity', 'embeddedServer', 'media', 'on', 'session', 'shell', 'update']);
    expect(typeof palette.app.setLanguage).toBe('function');
    expect(Object.isFrozen(palette)).toBe(true);
  });

  it('invokes the prefixed channel with the input only', async () => {
    await palette.api.call({ routeId: 'auth.me' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('palette:api.call', { routeId: 'auth.me' });
    await palette.session.get();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('palette:session.get', undefined);
  });

  it('exposes nothing generic', () => {
    const flat = JSON.stringify(Object.keys(palette)) + JSON.stringify(Object.values(palette).map((g) => (typeof g === 'object' ? Object.keys(g) : g)));
    expect(flat).not.toMatch(/invoke|send|ipcRenderer/);
  });

  it('subscribes to contract events only, hands over the payload only, and unsubscribes', () => {
    const listener = vi.fn();
    const off = palette.on('session.changed', listener);
    ipcRenderer.emit('palette:session.changed', { sender: 'secret' }, { user: null, persistence: 'memory' });
    expect(listener).toHaveBeenCalledWith({ user: null, persistence: 'memory' });
    expect(listener.mock.calls[0]).toHaveLength(1);
    off();
    ipcRenderer.emit('palette:session.changed', {}, { user: null, persistence: 'keychain' });
    expect(listener).toHaveBeenCalledOnce();
    expect(() => palette.on('fs.changed' as never, vi.fn())).toThrow();
  });
});

describe("the renderer Sentry SDK's channels", () => {
  const sentry = (exposed.get('__SENTRY_IPC__') as Record<string, Record<string, (payload?: unknown) => unknown>>)['sentry-ipc']!;
  const send = (ipcRenderer as unknown as { send: ReturnType<typeof vi.fn> }).send;

  it('exposes exactly the functions of @sentry/electron/preload, each bound to its one channel', () => {
    expect(Object.keys(sentry).sort()).toEqual(['sendEnvelope', 'sendFeedback', 'sendMetric', 'sendRendererStart', 'sendScope', 'sendStatus', 'sendStructuredLog']);
    expect(Object.isFrozen(sentry)).toBe(true);
    sentry.sendEnvelope!('envelope-body');
    expect(send).toHaveBeenLastCalledWith('sentry-ipc.envelope', 'envelope-body');
    sentry.sendRendererStart!();
    expect(send).toHaveBeenLastCalledWith('sentry-ipc.start');
    sentry.sendStructuredLog!({ message: 'x' });
    expect(send).toHaveBeenLastCalledWith('sentry-ipc.structured-log', { message: 'x' });
    void sentry.sendFeedback!('feedback');
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('sentry-ipc.feedback', 'feedback');
  });
});
