import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { ApiClient } from '../../main/src/api/api-client';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { sampleUser, startFakeApi, TOKEN, type FakeApi } from './support/fake-api';

let api: FakeApi;
let secrets: MemorySecretStore;
let onSessionEnded: Mock<(code: number) => void>;
let onNetworkFailure: Mock<() => void>;

function client(overrides: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
  return new ApiClient({ serverUrl: api.url + '/', secrets, retryDelaysMs: [5, 5], onSessionEnded, onNetworkFailure, ...overrides });
}

beforeEach(async () => {
  api = await startFakeApi();
  secrets = new MemorySecretStore();
  onSessionEnded = vi.fn<(code: number) => void>();
  onNetworkFailure = vi.fn<() => void>();
});
afterEach(() => api.close());

describe('the API client', () => {
  it('refuses a server the token would reach in clear text: https, or http on loopback only', () => {
    expect(() => client({ serverUrl: 'http://api.example.com' })).toThrow('The API server must be https unless it is on this machine (loopback): http://api.example.com');
    expect(() => client({ serverUrl: 'http://192.168.1.20:8787' })).toThrow(/must be https/);
    expect(() => client({ serverUrl: 'not a url' })).toThrow(/must be https/);
    expect(client({ serverUrl: 'https://api.example.com/' }).serverUrl).toBe('https://api.example.com');
    expect(client({ serverUrl: 'http://[::1]:8787' }).serverUrl).toBe('http://[::1]:8787');
    expect(client().serverUrl).toBe(api.url);
  });

  it('refuses a route that is not in the contract, without a request', async () => {
    await expect(client().call('files.readLocal', undefined)).resolves.toMatchObject({ code: ErrorCode.RouteNotFound });
    await expect(client().call('constructor', undefined)).resolves.toMatchObject({ code: ErrorCode.RouteNotFound });
    expect(api.seen).toEqual([]);
  });

  it('refuses session-only routes on the generic channel', async () => {
    const reply = await client().call('auth.login', { body: { email: 'a@b.co', password: 'x' } });
    expect(reply.code).toBe(ErrorCode.Forbidden);
    expect(api.seen).toEqual([]);
  });

  it('answers 1000 with field errors when the input fails the route schema, without a request', async () => {
    const reply = await client().call('auth.updateProfile', { body: { name: '', version: -1 } });
    expect(reply.code).toBe(ErrorCode.ParamInvalid);
    expect(reply.fieldErrors).toMatchObject({ name: { key: 'validation.required' }, version: { key: expect.stringMatching(/^validation\./) } });
    const query = await client().call('auth.signIns', { query: { pageSize: 5000 } });
    expect(query.fieldErrors).toHaveProperty(['query.pageSize']);
    const stray = await client().call('auth.me', { body: { role: 'admin' } });
    expect(stray.fieldErrors).toEqual({ body: { key: 'validation.invalid' } });
    expect(api.seen).toEqual([]);
  });

  it('builds the query from the parsed input and adds the token from the SecretStore', async () => {
    await secrets.set(TOKEN);
    api.routes.set('GET /api/v1/auth/sign-ins', () => ({ json: { code: 0, message: 'ok', data: { items: [], total: 0, page: 2, pageSize: 20 } } }));
    const reply = await client().call('auth.signIns', { query: { page: '2', q: 'chrome & co' } });
    expect(reply).toEqual({ code: 0, message: 'ok', data: { items: [], total: 0, page: 2, pageSize: 20 } });
    expect(api.seen[0]!.url).toBe('/api/v1/auth/sign-ins?page=2&pageSize=20&q=chrome+%26+co');
    expect(api.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('names the console in the User-Agent of every request, instead of Node\'s default', async () => {
    const userAgent = 'PaletteConsole/0.1.0 (browser; linux x64)';
    api.routes.set('GET /api/v1/auth/me', () => ({ json: { code: 0, message: 'ok', data: sampleUser } }));
    api.routes.set('POST /api/v1/auth/password-reset/request', () => ({ json: { code: 0, message: 'ok', data: null } }));
    await client({ userAgent }).call('auth.me', undefined);
    await client({ userAgent }).call('auth.requestPasswordReset', { body: { email: 'a@b.co' } });
    expect(api.seen.map((request) => request.headers['user-agent'])).toEqual([userAgent, userAgent]);
  });

  it('applies the query defaults when no query is given', async () => {
    api.routes.set('GET /api/v1/auth/sign-ins', () => ({ json: { code: 0, message: 'ok', data: { items: [], total: 0, page: 1, pageSize: 20 } } }));
    await expect(client().call('auth.signIns', undefined)).resolves.toMatchObject({ code: 0 });
    expect(api.seen[0]!.url).toBe('/api/v1/auth/sign-ins?page=1&pageSize=20');
  });

  it('sends the parsed body as JSON and no token to public routes', async () => {
    await secrets.set(TOKEN);
    api.routes.set('POST /api/v1/auth/password-reset/request', () => ({ json: { code: 0, message: 'ok', data: null } }));
    await client().call('auth.requestPasswordReset', { body: { email: ' Someone@Example.com ' } });
    expect(JSON.parse(api.seen[0]!.body)).toEqual({ email: 'someone@example.com' });
    expect(api.seen[0]!.headers['content-type']).toBe('application/json');
    expect(api.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('retries a GET after a network failure', async () => {
    let calls = 0;
    api.routes.set('GET /api/v1/auth/me', () => (++calls < 3 ? 'drop' : { json: { code: 0, message: 'ok', data: sampleUser } }));
    const reply = await client().call('auth.me', undefined);
    expect(reply.code).toBe(0);
    expect(calls).toBe(3);
    expect(onNetworkFailure).not.toHaveBeenCalled();
  });

  it('answers 1001 once the retries of a GET are used up', async () => {
    api.routes.set('GET /api/v1/auth/me', () => 'drop');
    await expect(client().call('auth.me', undefined)).resolves.toMatchObject({ code: ErrorCode.NetworkFailed });
    expect(api.seen).toHaveLength(3);
    expect(onNetworkFailure).toHaveBeenCalledOnce();
  });

  it('never retries a write', async () => {
    api.routes.set('POST /api/v1/auth/password', () => 'drop');
    const reply = await client().call('auth.changePassword', { body: { currentPassword: 'old', newPassword: 'Abcdefg1' } });
    expect(reply.code).toBe(ErrorCode.NetworkFailed);
    expect(api.seen).toHaveLength(1);
  });

  it('answers 1001 when nothing listens', async () => {
    const url = api.url;
    await api.close();
    const reply = await new ApiClient({ serverUrl: url, secrets, retryDelaysMs: [] }).call('auth.me', undefined);
    expect(reply.code).toBe(ErrorCode.NetworkFailed);
    api = await startFakeApi();
  });

  it('answers 1008 when the server does not answer in time', async () => {
    api.routes.set('GET /api/v1/auth/me', () => 'hang');
    // The server never answers: 1008 can only come from the client's own timeout (no wall-clock
    // bound here, which a loaded machine would break; the test's own timeout catches a hang).
    await expect(client({ timeoutMs: 150 }).call('auth.me', undefined)).resolves.toMatchObject({ code: ErrorCode.Timeout });
    expect(api.seen).toHaveLength(1);
  });

  it('passes the server envelope through, field errors included', async () => {
    api.routes.set('PATCH /api/v1/auth/me', () => ({
      status: 409,
      json: { code: ErrorCode.VersionConflict, message: 'Stale', fieldErrors: { name: { key: 'validation.stale' } } },
    }));
    await expect(client().call('auth.updateProfile', { body: { name: 'New', version: 1 } })).resolves.toEqual({
      code: ErrorCode.VersionConflict,
      message: 'Stale',
      fieldErrors: { name: { key: 'validation.stale' } },
    });
  });

  it('drops fields the contract does not name from the data', async () => {
    api.routes.set('GET /api/v1/auth/me', () => ({ json: { code: 0, message: 'ok', data: { ...sampleUser, passwordHash: 'argon2...' } } }));
    const reply = await client().call('auth.me', undefined);
    expect(reply.data).toEqual(sampleUser);
  });

  it('treats a 5xx without an envelope as unreachable and anything else unreadable as internal', async () => {
    api.routes.set('GET /api/v1/auth/me', () => ({ status: 502, text: '<html>Bad gateway</html>' }));
    await expect(client({ retryDelaysMs: [] }).call('auth.me', undefined)).resolves.toMatchObject({ code: ErrorCode.NetworkFailed });
    api.routes.set('GET /api/v1/auth/me', () => ({ status: 200, text: '<html>captive portal</html>' }));
    await expect(client().call('auth.me', undefined)).resolves.toMatchObject({ code: ErrorCode.InternalError });
  });

  it.each([ErrorCode.TokenInvalid, ErrorCode.SignedInElsewhere, ErrorCode.TokenExpired])(
    'clears the session when the server answers %i',
    async (code) => {
      await secrets.set(TOKEN);
      api.routes.set('GET /api/v1/auth/me', () => ({ status: 401, json: { code, message: 'Session over' } }));
      const reply = await client().call('auth.me', undefined);
      expect(reply.code).toBe(code);
      await expect(secrets.get()).resolves.toBeNull();
      expect(onSessionEnded).toHaveBeenCalledWith(code);
    },
  );

  it('keeps a token stored after the refused one was sent', async () => {
    await secrets.set('old-token');
    api.routes.set('GET /api/v1/auth/me', () => {
      void secrets.set('new-token');
      return { status: 401, json: { code: ErrorCode.TokenInvalid, message: 'Session over' } };
    });
    await client().call('auth.me', undefined);
    await expect(secrets.get()).resolves.toBe('new-token');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
