import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { HOST_EVENTS_PATH, HOST_IPC_PATH, ipcChannelNames, type PaletteBridge } from '@contract/ipc';
import { AppError, isSessionEnded, toAppError } from '../../renderer/src/bridge/app-error';
import { callApi } from '../../renderer/src/bridge/call-api';
import { createHttpBridge, type EventSourceLike } from '../../renderer/src/bridge/http-bridge';
import { unwrapEnvelope, unwrapIpcResult } from '../../renderer/src/bridge/unwrap';
import { createConnectivityStore, offlineReason } from '../../renderer/src/connectivity/connectivity-state';
import { assertOnline } from '../../renderer/src/data/api-hooks';

type FetchCall = { url: string; init: RequestInit };

function fakeFetch(reply: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return reply(call);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function bridgeWith(reply: (call: FetchCall) => Response | Promise<Response>, openEvents?: (url: string) => EventSourceLike) {
  const { fetch, calls } = fakeFetch(reply);
  const bridge = createHttpBridge({ fetch, openEvents, ipcPath: HOST_IPC_PATH, eventsPath: HOST_EVENTS_PATH });
  return { bridge, calls };
}

describe('unwrapIpcResult', () => {
  it('gives the value of a success', () => {
    expect(unwrapIpcResult({ ok: true, value: 7 })).toBe(7);
  });
  it('throws a failure as an AppError with its code', () => {
    expect(() => unwrapIpcResult({ ok: false, code: 1001, message: 'down' })).toThrowError(AppError);
    try {
      unwrapIpcResult({ ok: false, code: 1001, message: 'down' });
    } catch (error) {
      expect((error as AppError).code).toBe(1001);
    }
  });
});

describe('unwrapEnvelope', () => {
  it('gives data for code 0', () => {
    expect(unwrapEnvelope({ code: 0, message: 'ok', data: { a: 1 } })).toEqual({ a: 1 });
  });
  it('throws the code and field errors otherwise', () => {
    const envelope = { code: 1000, message: 'bad', fieldErrors: { name: { key: 'validation.required' } } };
    try {
      unwrapEnvelope(envelope);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(1000);
      expect((error as AppError).fieldErrors).toEqual({ name: { key: 'validation.required' } });
    }
  });
  it('treats a reply that is no envelope as a failed request', () => {
    expect(() => unwrapEnvelope('<html>')).toThrowError(expect.objectContaining({ code: ErrorCode.NetworkFailed }) as Error);
  });
});

describe('HTTP bridge (browser edition)', () => {
  it('offers every channel of the contract, grouped like window.palette', () => {
    const { bridge } = bridgeWith(() => json({ ok: true, value: null }));
    for (const name of ipcChannelNames) {
      const [group, method] = name.split('.') as [string, string];
      expect(typeof (bridge as unknown as Record<string, Record<string, unknown>>)[group]?.[method]).toBe('function');
    }
    expect(typeof bridge.on).toBe('function');
  });

  it('POSTs {input} as JSON to <ipcPath>/<channel>, same-origin with credentials', async () => {
    const { bridge, calls } = bridgeWith(() => json({ ok: true, value: { user: null, persistence: 'keychain' } }));
    const result = await bridge.session.signIn({ email: 'a@b.co', password: 'x' });
    expect(result.ok).toBe(true);
    expect(calls[0]!.url).toBe(`${HOST_IPC_PATH}/session.signIn`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ input: { email: 'a@b.co', password: 'x' } });
  });

  it('sends an empty object for channels without input', async () => {
    const { bridge, calls } = bridgeWith(() => json({ ok: true, value: { user: null, persistence: 'memory' } }));
    await bridge.session.get();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({});
  });

  it('passes a host failure result through', async () => {
    const { bridge } = bridgeWith(() => json({ ok: false, code: 105009, message: 'no cookie' }, 401));
    expect(await bridge.app.info()).toEqual({ ok: false, code: 105009, message: 'no cookie' });
  });

  it('turns an unreachable host into 1001', async () => {
    const { bridge } = bridgeWith(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await bridge.app.info()).toMatchObject({ ok: false, code: ErrorCode.NetworkFailed });
  });

  it('turns an unreadable reply into 1001', async () => {
    const { bridge } = bridgeWith(() => new Response('<html>gateway</html>', { status: 502 }));
    expect(await bridge.app.info()).toMatchObject({ ok: false, code: ErrorCode.NetworkFailed });
  });

  it('delivers server-sent events and closes the stream after the last listener', () => {
    const handlers = new Map<string, (event: MessageEvent<string>) => void>();
    const source = { addEventListener: vi.fn((type: string, fn: (e: MessageEvent<string>) => void) => handlers.set(type, fn)), close: vi.fn() };
    const open = vi.fn(() => source);
    const { bridge } = bridgeWith(() => json({ ok: true, value: null }), open);
    const received: unknown[] = [];
    const off = bridge.on('connectivity.changed', (payload) => received.push(payload));
    expect(open).toHaveBeenCalledWith(HOST_EVENTS_PATH);
    handlers.get('connectivity.changed')!({ data: JSON.stringify({ network: false, server: true, checkedAt: 'x' }) } as MessageEvent<string>);
    handlers.get('connectivity.changed')!({ data: 'not json' } as MessageEvent<string>);
    expect(received).toEqual([{ network: false, server: true, checkedAt: 'x' }]);
    off();
    expect(source.close).toHaveBeenCalled();
  });
});

describe('callApi', () => {
  function fakeBridge(reply: unknown): PaletteBridge {
    return { api: { call: vi.fn(async () => reply) } } as unknown as PaletteBridge;
  }

  it('unwraps the IPC result and the envelope', async () => {
    const connectivity = createConnectivityStore();
    const user = { id: '1', email: 'a@b.co', name: 'A', role: 'admin', createdAt: '', updatedAt: '', version: 1 };
    const bridge = fakeBridge({ ok: true, value: { code: 0, message: 'ok', data: user } });
    await expect(callApi('auth.me', {}, { bridge, connectivity })).resolves.toEqual(user);
    expect(bridge.api.call).toHaveBeenCalledWith({ routeId: 'auth.me', input: {} });
  });

  it('throws a refusal as an AppError with the server code', async () => {
    const connectivity = createConnectivityStore();
    const bridge = fakeBridge({ ok: true, value: { code: ErrorCode.VersionConflict, message: 'stale' } });
    await expect(callApi('auth.updateProfile', { body: { name: 'x', version: 1 } }, { bridge, connectivity })).rejects.toMatchObject({
      code: ErrorCode.VersionConflict,
    });
    expect(offlineReason(connectivity.getSnapshot())).toBeNull();
  });

  it('reports 1001 to the connectivity store, and a later answer clears it', async () => {
    const connectivity = createConnectivityStore();
    await expect(callApi('auth.me', {}, { bridge: fakeBridge({ ok: false, code: 1001, message: 'down' }), connectivity })).rejects.toMatchObject({ code: 1001 });
    expect(offlineReason(connectivity.getSnapshot())).toBe('server');
    await expect(callApi('auth.me', {}, { bridge: fakeBridge({ ok: true, value: { code: 101005, message: '' } }), connectivity })).rejects.toMatchObject({ code: 101005 });
    expect(offlineReason(connectivity.getSnapshot())).toBeNull();
  });

  it('turns a thrown TypeError into 1001', async () => {
    const connectivity = createConnectivityStore();
    const bridge = { api: { call: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) } } as unknown as PaletteBridge;
    await expect(callApi('auth.me', {}, { bridge, connectivity })).rejects.toMatchObject({ code: ErrorCode.NetworkFailed });
  });
});

describe('errors', () => {
  it('normalizes anything thrown', () => {
    expect(toAppError(new AppError(5, 'x')).code).toBe(5);
    expect(toAppError(new TypeError('net')).code).toBe(ErrorCode.NetworkFailed);
    expect(toAppError('boom').code).toBe(ErrorCode.InternalError);
  });

  it('knows which codes end the session', () => {
    expect(isSessionEnded(new AppError(ErrorCode.SignedInElsewhere, ''))).toBe(true);
    expect(isSessionEnded(new AppError(ErrorCode.TokenExpired, ''))).toBe(true);
    expect(isSessionEnded(new AppError(ErrorCode.WrongCredentials, ''))).toBe(false);
  });

  it('refuses changes locally while offline with 1009', () => {
    const store = createConnectivityStore();
    expect(() => assertOnline(store)).not.toThrow();
    store.dispatch({ type: 'browser', online: false });
    expect(() => assertOnline(store)).toThrowError(expect.objectContaining({ code: ErrorCode.Offline }) as Error);
  });
});
