import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EmbeddedServerState, type IpcEventName } from '@contract/ipc';
import { createCore, type Core } from '../../main/src/core';
import { type EmbeddedServerSupervision } from '../../main/src/server-supervisor';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { createUnsupportedUpdates } from '../../main/src/updates';
import { APP_ORIGIN } from '../../main/src/web-security';
import { startFakeApi, type FakeApi } from './support/fake-api';

/** The supervisor as the core sees it, driven by hand. */
class FakeSupervision implements EmbeddedServerSupervision {
  state: EmbeddedServerState = { status: 'running', crashes: 0, lastExit: null, logPath: '/home/op/.config/Palette Console/logs/server.log' };
  retries = 0;
  private readonly listeners = new Set<(state: EmbeddedServerState) => void>();
  private readonly urlListeners = new Set<(url: string) => void>();
  get(): EmbeddedServerState {
    return this.state;
  }
  retry(): EmbeddedServerState {
    this.retries += 1;
    return this.state;
  }
  onDidChange(listener: (state: EmbeddedServerState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  onDidChangeUrl(listener: (url: string) => void): () => void {
    this.urlListeners.add(listener);
    return () => this.urlListeners.delete(listener);
  }
  change(state: Partial<EmbeddedServerState>): void {
    this.state = { ...this.state, ...state };
    for (const listener of this.listeners) listener(this.state);
  }
  move(url: string): void {
    for (const listener of this.urlListeners) listener(url);
  }
}

const sender = { origin: APP_ORIGIN };
let first: FakeApi;
let supervision: FakeSupervision;
let core: Core;
let pushed: Array<{ event: IpcEventName; payload: unknown }>;

function makeCore(supervisor: EmbeddedServerSupervision | undefined): Core {
  const made = createCore({
    serverUrl: first.url,
    secrets: new MemorySecretStore(),
    trustedOrigins: [APP_ORIGIN],
    appInfo: { name: 'Palette Console', version: '0.1.0', edition: 'browser', platform: 'linux', rendererBuild: 'test' },
    embeddedServer: supervisor !== undefined,
    supervisor,
    updates: createUnsupportedUpdates(),
    openExternal: async () => false,
  });
  made.events.subscribe((event, payload) => pushed.push({ event, payload }));
  return made;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeEach(async () => {
  first = await startFakeApi();
  first.routes.set('GET /healthz', () => ({ json: { ok: true } }));
  supervision = new FakeSupervision();
  pushed = [];
  core = makeCore(supervision);
});
afterEach(async () => {
  core.stop();
  await first.close();
});

describe('the supervised embedded server in the core', () => {
  it('answers its state and the operator’s "Try again" over IPC', async () => {
    await expect(core.router.invoke('embeddedServer.get', undefined, sender)).resolves.toEqual({ ok: true, value: supervision.state });
    supervision.state = { ...supervision.state, status: 'failed', crashes: 5, lastExit: 'SIGSEGV' };
    await expect(core.router.invoke('embeddedServer.retry', undefined, sender)).resolves.toEqual({ ok: true, value: supervision.state });
    expect(supervision.retries).toBe(1);
    // Only the app's own pages may ask.
    await expect(core.router.invoke('embeddedServer.retry', undefined, { origin: 'http://127.0.0.1:9999' })).resolves.toMatchObject({ ok: false });
    expect(supervision.retries).toBe(1);
  });

  it('tells the console at once when the server restarts, and when it is back after the health check says so', async () => {
    first.routes.set('GET /healthz', () => 'drop');
    supervision.change({ status: 'restarting', crashes: 1, lastExit: 'SIGKILL' });
    expect(pushed).toEqual([{ event: 'embeddedServer.changed', payload: supervision.state }]);

    first.routes.set('GET /healthz', () => ({ json: { ok: true } }));
    supervision.change({ status: 'running' });
    await until(() => pushed.length === 3);
    // "Server answers" first, then "restarted": no "server unreachable" flashes in between.
    expect(pushed.slice(1).map(({ event }) => event)).toEqual(['connectivity.changed', 'embeddedServer.changed']);
    expect(pushed[1]?.payload).toMatchObject({ server: true });
    expect(pushed[2]?.payload).toMatchObject({ status: 'running', crashes: 1 });
  });

  it('follows the server when it had to move to another port', async () => {
    const second = await startFakeApi();
    try {
      second.routes.set('GET /healthz', () => ({ json: { ok: true } }));
      supervision.move(second.url);
      expect(core.api.serverUrl).toBe(second.url);
      await expect(core.router.invoke('app.info', undefined, sender)).resolves.toMatchObject({ ok: true, value: { serverUrl: second.url, embeddedServer: true } });
      await core.router.invoke('api.call', { routeId: 'projects.list' }, sender);
      await core.connectivity.checkNow();
      expect(second.seen.map((request) => request.url.split('?')[0])).toEqual(expect.arrayContaining(['/api/v1/projects', '/healthz']));
      expect(first.seen).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('a configured server', () => {
  it('has no embedded server to report or retry', async () => {
    core.stop();
    core = makeCore(undefined);
    const none = { status: 'none', crashes: 0, lastExit: null, logPath: null };
    await expect(core.router.invoke('embeddedServer.get', undefined, sender)).resolves.toEqual({ ok: true, value: none });
    await expect(core.router.invoke('embeddedServer.retry', undefined, sender)).resolves.toEqual({ ok: true, value: none });
  });
});
