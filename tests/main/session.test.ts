import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { ipcChannelNames } from '@contract/ipc-names';
import { type IpcEventName } from '@contract/ipc';
import { createCore, type Core } from '../../main/src/core';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { createUnsupportedUpdates } from '../../main/src/updates';
import { APP_ORIGIN } from '../../main/src/web-security';
import { sampleUser, startFakeApi, TOKEN, type FakeApi } from './support/fake-api';

const sender = { origin: 'app://palette' };
let api: FakeApi;
let secrets: MemorySecretStore;
let core: Core;
let pushed: Array<{ event: IpcEventName; payload: unknown }>;

function serveAuth(fake: FakeApi): void {
  fake.routes.set('POST /api/v1/auth/login', (request) => {
    const body = JSON.parse(request.body) as { password: string };
    return body.password === 'Passw0rd'
      ? { json: { code: 0, message: 'ok', data: { token: TOKEN, expiresAt: '2030-01-01T00:00:00.000Z', user: sampleUser } } }
      : { status: 401, json: { code: ErrorCode.WrongCredentials, message: 'Wrong email or password' } };
  });
  fake.routes.set('GET /api/v1/auth/me', (request) =>
    request.headers.authorization === `Bearer ${TOKEN}`
      ? { json: { code: 0, message: 'ok', data: sampleUser } }
      : { status: 401, json: { code: ErrorCode.TokenInvalid, message: 'Invalid token' } },
  );
  fake.routes.set('POST /api/v1/auth/logout', () => ({ json: { code: 0, message: 'ok', data: null } }));
  fake.routes.set('GET /healthz', () => ({ json: { ok: true } }));
}

function makeCore(serverUrl: string): Core {
  const created = createCore({
    serverUrl,
    secrets,
    trustedOrigins: [APP_ORIGIN],
    appInfo: { name: 'Palette Console', version: '0.1.0', edition: 'desktop', platform: 'linux', rendererBuild: 'test' },
    embeddedServer: false,
    updates: createUnsupportedUpdates(),
    openExternal: async () => false,
  });
  created.events.subscribe((event, payload) => pushed.push({ event, payload }));
  return created;
}

beforeEach(async () => {
  api = await startFakeApi();
  serveAuth(api);
  secrets = new MemorySecretStore();
  pushed = [];
  core = makeCore(api.url);
});
afterEach(async () => {
  core.stop();
  await api.close();
});

describe('the session over IPC', () => {
  it('signs in: keeps the token in the SecretStore, answers the user, pushes session.changed', async () => {
    const result = await core.router.invoke('session.signIn', { email: 'Admin@Example.com', password: 'Passw0rd' }, sender);
    expect(result).toEqual({ ok: true, value: { code: 0, message: 'ok', data: sampleUser } });
    await expect(secrets.get()).resolves.toBe(TOKEN);
    expect(JSON.parse(api.seen[0]!.body)).toEqual({ email: 'admin@example.com', password: 'Passw0rd' });
    expect(pushed).toEqual([{ event: 'session.changed', payload: { user: sampleUser, persistence: 'memory' } }]);
    await expect(core.router.invoke('session.get', undefined, sender)).resolves.toEqual({
      ok: true,
      value: { user: sampleUser, persistence: 'memory' },
    });
  });

  it('passes a refused sign-in through with its code and stores nothing', async () => {
    const result = await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'wrong' }, sender);
    expect(result).toEqual({ ok: true, value: { code: ErrorCode.WrongCredentials, message: 'Wrong email or password' } });
    await expect(secrets.get()).resolves.toBeNull();
  });

  it('never lets the token cross IPC, whatever the channel', async () => {
    const results: unknown[] = [];
    results.push(await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender));
    for (const channel of ipcChannelNames) {
      const input = channel === 'api.call' ? { routeId: 'auth.me' } : channel === 'shell.openExternal' ? { url: 'https://x.example' } : undefined;
      if (channel === 'session.signIn' || channel === 'update.install') continue;
      results.push(await core.router.invoke(channel, input, sender));
    }
    results.push(await core.router.invoke('api.call', { routeId: 'auth.login', input: { body: { email: 'admin@example.com', password: 'Passw0rd' } } }, sender));
    expect(JSON.stringify(results)).not.toContain(TOKEN);
    expect(JSON.stringify(pushed)).not.toContain(TOKEN);
    // The token did go to the server, as a bearer header.
    expect(api.seen.some((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('signs out: ends the server session and removes the token', async () => {
    await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    const result = await core.router.invoke('session.signOut', undefined, sender);
    expect(result).toEqual({ ok: true, value: { user: null, persistence: 'memory' } });
    const logout = api.seen.find((r) => r.url === '/api/v1/auth/logout')!;
    expect(logout.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await expect(secrets.get()).resolves.toBeNull();
    expect(pushed.at(-1)).toEqual({ event: 'session.changed', payload: { user: null, persistence: 'memory' } });
  });

  it('signs out locally when the server cannot be reached', async () => {
    await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    api.routes.set('POST /api/v1/auth/logout', () => 'drop');
    await expect(core.router.invoke('session.signOut', undefined, sender)).resolves.toMatchObject({ ok: true, value: { user: null } });
    await expect(secrets.get()).resolves.toBeNull();
  });

  it('restores the user with auth.me at start', async () => {
    await secrets.set(TOKEN);
    await expect(core.session.get()).resolves.toEqual({ user: sampleUser, persistence: 'memory' });
    expect(api.seen.map((r) => r.url)).toEqual(['/api/v1/auth/me']);
  });

  it('starts signed out when the stored token is refused, and tells the renderer on later refusals', async () => {
    await secrets.set('stale-token');
    await expect(core.session.get()).resolves.toEqual({ user: null, persistence: 'memory' });
    await expect(secrets.get()).resolves.toBeNull();

    await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    api.routes.set('GET /api/v1/auth/me', () => ({ status: 401, json: { code: ErrorCode.SignedInElsewhere, message: 'Signed in elsewhere' } }));
    pushed = [];
    const call = await core.router.invoke('api.call', { routeId: 'auth.me' }, sender);
    expect(call).toEqual({ ok: true, value: { code: ErrorCode.SignedInElsewhere, message: 'Signed in elsewhere' } });
    expect(pushed).toEqual([{ event: 'session.changed', payload: { user: null, persistence: 'memory' } }]);
    await expect(secrets.get()).resolves.toBeNull();
  });

  it('keeps the token when the server is unreachable at start and restores once it answers', async () => {
    await secrets.set(TOKEN);
    api.routes.set('GET /api/v1/auth/me', () => 'drop');
    await expect(core.session.get()).resolves.toEqual({ user: null, persistence: 'memory' });
    await expect(secrets.get()).resolves.toBe(TOKEN);

    serveAuth(api);
    await expect(core.session.get()).resolves.toEqual({ user: sampleUser, persistence: 'memory' });
    expect(pushed.filter((p) => p.event === 'session.changed')).toEqual([
      { event: 'session.changed', payload: { user: sampleUser, persistence: 'memory' } },
    ]);
  });

  it('checks the session again when connectivity returns', async () => {
    await secrets.set(TOKEN);
    api.routes.set('GET /api/v1/auth/me', () => 'drop');
    api.routes.set('GET /healthz', () => 'drop');
    await core.session.get();
    expect(core.session.state().user).toBeNull();

    serveAuth(api);
    await core.connectivity.checkNow();
    await expect.poll(() => core.session.state().user).toEqual(sampleUser);
    expect(pushed.map((p) => p.event)).toContain('connectivity.changed');
    expect(pushed.at(-1)).toEqual({ event: 'session.changed', payload: { user: sampleUser, persistence: 'memory' } });
  });
});
