import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { type IpcEventName } from '@contract/ipc';
import { createCore, type Core } from '../../main/src/core';
import { MediaPreviews } from '../../main/src/media/previews';
import { MediaStaging } from '../../main/src/media/staging';
import { JsonFilePreferenceStore } from '../../main/src/preferences';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { tokenDigest } from '../../main/src/session/session-memo';
import { createUnsupportedUpdates } from '../../main/src/updates';
import { APP_ORIGIN } from '../../main/src/web-security';
import { sampleUser, startFakeApi, TOKEN, type FakeApi } from './support/fake-api';

/**
 * Issue 14 in main: the console opens offline as the operator of the kept session (the session
 * memo in the preferences), and media previews already seen are kept on disk until sign-out.
 */

const sender = { origin: 'app://palette' };
const otherUser = { ...sampleUser, id: '0190f2b4-0000-7000-8000-0000000000ff', email: 'other@example.com', name: 'Other' };
let api: FakeApi;
let dir: string;
let secrets: MemorySecretStore;
let cores: Core[];
let pushed: Array<{ event: IpcEventName; payload: unknown }>;

function serveAuth(fake: FakeApi, user: { readonly id: string; readonly email: string; readonly name: string } = sampleUser): void {
  fake.routes.set('POST /api/v1/auth/login', () => ({ json: { code: 0, message: 'ok', data: { token: TOKEN, expiresAt: '2030-01-01T00:00:00.000Z', user } } }));
  fake.routes.set('GET /api/v1/auth/me', (request) =>
    request.headers.authorization === `Bearer ${TOKEN}` ? { json: { code: 0, message: 'ok', data: user } } : { status: 401, json: { code: ErrorCode.TokenInvalid, message: 'Invalid token' } },
  );
  fake.routes.set('POST /api/v1/auth/logout', () => ({ json: { code: 0, message: 'ok', data: null } }));
  fake.routes.set('GET /healthz', () => ({ json: { ok: true } }));
}

/** A core as an entry makes it, over the preferences file in `dir` (a new one is a restart). */
function startCore(): Core {
  const core = createCore({
    serverUrl: api.url,
    secrets,
    trustedOrigins: [APP_ORIGIN],
    appInfo: { name: 'Palette Console', version: '0.1.0', edition: 'desktop', platform: 'linux', rendererBuild: 'test' },
    embeddedServer: false,
    updates: createUnsupportedUpdates(),
    openExternal: async () => false,
    preferences: new JsonFilePreferenceStore(join(dir, 'preferences.json')),
    mediaCacheDir: join(dir, 'media-cache'),
  });
  core.events.subscribe((event, payload) => pushed.push({ event, payload }));
  cores.push(core);
  return core;
}

function unreachable(fake: FakeApi): void {
  fake.routes.set('GET /api/v1/auth/me', () => 'drop');
  fake.routes.set('GET /healthz', () => 'drop');
}

beforeEach(async () => {
  api = await startFakeApi();
  serveAuth(api);
  dir = mkdtempSync(join(tmpdir(), 'palette-offline-'));
  secrets = new MemorySecretStore();
  cores = [];
  pushed = [];
});
afterEach(async () => {
  for (const core of cores) core.stop();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('opening offline with a kept session', () => {
  it('answers the last confirmed operator, unconfirmed, when the server cannot be reached at start', async () => {
    const first = startCore();
    await first.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    first.stop();

    unreachable(api);
    const restarted = startCore();
    await expect(restarted.session.get()).resolves.toEqual({ user: sampleUser, persistence: 'memory', unconfirmed: true });
    await expect(secrets.get()).resolves.toBe(TOKEN);
    expect(pushed.at(-1)).toEqual({ event: 'session.changed', payload: { user: sampleUser, persistence: 'memory', unconfirmed: true } });

    // The server answers again: the session is confirmed and the renderer told so.
    serveAuth(api);
    await restarted.connectivity.checkNow();
    await expect.poll(() => restarted.session.state()).toEqual({ user: sampleUser, persistence: 'memory' });
    expect(pushed.at(-1)).toEqual({ event: 'session.changed', payload: { user: sampleUser, persistence: 'memory' } });
  });

  it('signs out when the returning server refuses the kept token, and forgets the operator', async () => {
    const first = startCore();
    await first.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    unreachable(api);
    const restarted = startCore();
    await expect(restarted.session.get()).resolves.toMatchObject({ user: sampleUser, unconfirmed: true });

    api.routes.set('GET /api/v1/auth/me', () => ({ status: 401, json: { code: ErrorCode.TokenExpired, message: 'Expired' } }));
    api.routes.set('GET /healthz', () => ({ json: { ok: true } }));
    await restarted.connectivity.checkNow();
    await expect.poll(() => restarted.session.state()).toEqual({ user: null, persistence: 'memory' });
    await expect(secrets.get()).resolves.toBeNull();
    // Without the token the memo names nobody: the next start offline asks to sign in.
    unreachable(api);
    await expect(startCore().session.get()).resolves.toEqual({ user: null, persistence: 'memory' });
  });

  it('keeps no memo of a token it did not confirm: another token in the keychain opens the sign-in page', async () => {
    const first = startCore();
    await first.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    const kept = new JsonFilePreferenceStore(join(dir, 'preferences.json')).get('lastSession');
    expect(kept).toEqual({ tokenDigest: tokenDigest(TOKEN), user: sampleUser });
    expect(JSON.stringify(kept)).not.toContain(TOKEN);

    await secrets.set('a-token-from-elsewhere');
    unreachable(api);
    await expect(startCore().session.get()).resolves.toEqual({ user: null, persistence: 'memory' });
  });

  it('opens the sign-in page offline after a sign-out: the memo goes with the token', async () => {
    const first = startCore();
    await first.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    unreachable(api);
    await first.router.invoke('session.signOut', undefined, sender);
    expect(new JsonFilePreferenceStore(join(dir, 'preferences.json')).get('lastSession')).toBeUndefined();
    await expect(startCore().session.get()).resolves.toEqual({ user: null, persistence: 'memory' });
  });
});

describe('media previews kept on disk', () => {
  const bytes = randomBytes(2048);
  const sha = createHash('sha256').update(bytes).digest('hex');
  const path = `/__palette/media/${sha}.png`;

  function previews(fetch: typeof globalThis.fetch, maxDiskBytes?: number) {
    return new MediaPreviews({ staging: new MediaStaging(), serverUrl: 'http://127.0.0.1:9', fetch, diskCacheDir: join(dir, 'media-cache'), ...(maxDiskBytes ? { maxDiskBytes } : {}) });
  }

  it('shows a preview seen before after a restart without a server, and never a file that does not hash to its name', async () => {
    const online = vi.fn(async () => new Response(bytes));
    expect((await previews(online as never).serve(path, 'GET', undefined)).status).toBe(200);

    const offline = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const restarted = previews(offline as never);
    const shown = await restarted.serve(path, 'GET', undefined);
    expect(shown.status).toBe(200);
    expect(Buffer.from(shown.body ?? []).equals(bytes)).toBe(true);
    expect(offline).not.toHaveBeenCalled();

    // A kept file altered on disk is dropped, not shown.
    writeFileSync(join(dir, 'media-cache', `${sha}.png`), randomBytes(2048));
    expect((await previews(offline as never).serve(path, 'GET', undefined)).status).toBe(502);
    expect(existsSync(join(dir, 'media-cache', `${sha}.png`))).toBe(false);
  });

  it('keeps at most its limit on disk, dropping the least recently used', async () => {
    const files = [randomBytes(600), randomBytes(600), randomBytes(600)];
    const names = files.map((file) => `${createHash('sha256').update(file).digest('hex')}.png`);
    const fetch = vi.fn(async (url: string | URL | Request) => new Response(files[names.findIndex((name) => String(url).endsWith(name))]));
    const target = previews(fetch as never, 1200);
    for (const name of names) {
      expect((await target.serve(`/__palette/media/${name}`, 'GET', undefined)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(readdirSync(join(dir, 'media-cache')).sort()).toEqual(names.slice(1).sort());
  });

  it('forgets every kept preview when the operator signs out, and when another operator signs in', async () => {
    // The fake API answers text: a file of hex digits is one it can serve byte for byte.
    const text = randomBytes(512).toString('hex');
    const sha = createHash('sha256').update(text).digest('hex');
    const path = `/__palette/media/${sha}.png`;
    const core = startCore();
    await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    api.routes.set(`GET /api/v1/media/${sha}.png`, () => ({ text, status: 200 }));
    const seen = await core.media.previews.serve(path, 'GET', undefined);
    expect(seen.status).toBe(200);
    expect(readdirSync(join(dir, 'media-cache'))).toEqual([`${sha}.png`]);

    await core.router.invoke('session.signOut', undefined, sender);
    expect(existsSync(join(dir, 'media-cache'))).toBe(false);

    // Kept again, then the session ends by itself (no sign-out) and someone else signs in.
    await core.router.invoke('session.signIn', { email: 'admin@example.com', password: 'Passw0rd' }, sender);
    await core.media.previews.serve(path, 'GET', undefined);
    expect(existsSync(join(dir, 'media-cache', `${sha}.png`))).toBe(true);
    core.session.sessionEnded(ErrorCode.TokenExpired);
    serveAuth(api, otherUser);
    await core.router.invoke('session.signIn', { email: 'other@example.com', password: 'Passw0rd' }, sender);
    expect(existsSync(join(dir, 'media-cache'))).toBe(false);
  });
});
