import { describe, expect, it, vi } from 'vitest';
import { HOST_EVENTS_PATH, HOST_IPC_PATH, HOST_PAGE_KEY_HEADER, HOST_PAGE_KEY_STORAGE } from '@contract/ipc';
import { openEventStream } from '../../renderer/src/bridge/event-stream';
import { createHttpBridge, pageKeyHeaders } from '../../renderer/src/bridge/http-bridge';
import { adoptPageKey, readPageKey, type PageKeyWindow } from '../../renderer/src/bridge/page-key';
import { isConsolePath } from '../../renderer/src/app/use-shell-commands';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

function page(hash: string, storage = memoryStorage()) {
  const replaced: string[] = [];
  const target: PageKeyWindow = {
    location: { hash, pathname: '/', search: '' },
    history: { state: { idx: 0 }, replaceState: (_state, _unused, url) => void replaced.push(url) },
    storage,
  };
  return { target, storage, replaced };
}

describe('the browser edition page key', () => {
  it('moves the key from the launch redirect’s fragment into the origin’s storage and out of the address', () => {
    const { target, storage, replaced } = page('#palette-page-key=PageKey_0123');
    expect(adoptPageKey(target)).toBe(true);
    expect(storage.values.get(HOST_PAGE_KEY_STORAGE)).toBe('PageKey_0123');
    expect(replaced).toEqual(['/']);
    expect(readPageKey(storage)).toBe('PageKey_0123');
  });

  it('keeps other fragment parts, and leaves an address without a key alone', () => {
    const kept = page('#palette-page-key=k1&section=2');
    adoptPageKey(kept.target);
    expect(kept.replaced).toEqual(['/#section=2']);
    const none = page('#section=2');
    expect(adoptPageKey(none.target)).toBe(false);
    expect(none.replaced).toEqual([]);
    expect(adoptPageKey(page('').target)).toBe(false);
  });

  it('survives storage that refuses (the key is then simply missing)', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    const { target, replaced } = page('#palette-page-key=k1', refusing as never);
    expect(adoptPageKey(target)).toBe(true);
    expect(replaced).toEqual(['/']);
    expect(readPageKey(refusing as never)).toBeNull();
    expect(readPageKey(null)).toBeNull();
  });

  it('sends the key the page holds now in a header on every IPC call, and nothing without one', async () => {
    let key: string | null = 'first-key';
    const calls: RequestInit[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      return new Response(JSON.stringify({ ok: true, value: null }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const bridge = createHttpBridge({ fetch, ipcPath: HOST_IPC_PATH, eventsPath: HOST_EVENTS_PATH, pageKey: () => key });
    await bridge.update.get();
    key = 'newer-key';
    await bridge.app.setLanguage({ language: 'zh-CN' });
    key = null;
    await bridge.app.info();
    expect(calls.map((init) => (init.headers as Record<string, string>)[HOST_PAGE_KEY_HEADER])).toEqual(['first-key', 'newer-key', undefined]);
    expect(pageKeyHeaders({})).toEqual({});
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('the event stream over fetch', () => {
  it('sends the page key header, parses named events across chunks, and reconnects after the retry hint', async () => {
    const requests: RequestInit[] = [];
    const timers: Array<{ ms: number; run: () => void }> = [];
    let connections = 0;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init ?? {});
      connections += 1;
      return new Response(
        connections === 1
          ? streamOf(['retry: 1500\n\n: ping\n\nevent: connectivity.changed\nda', 'ta: {"network":true}\n\n', 'event: session.changed\ndata: {"a":\ndata: 1}\n\n', 'data: unnamed\n\n'])
          : streamOf(['event: connectivity.changed\ndata: {"network":false}\r\n\r\n']),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    }) as unknown as typeof globalThis.fetch;
    const source = openEventStream({ fetch, headers: () => ({ [HOST_PAGE_KEY_HEADER]: 'k1' }), setTimeout: (run, ms) => timers.push({ ms, run }) }, HOST_EVENTS_PATH);
    const received: Array<[string, string]> = [];
    source.addEventListener('connectivity.changed', (event) => received.push(['connectivity.changed', event.data]));
    source.addEventListener('session.changed', (event) => received.push(['session.changed', event.data]));
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(received).toEqual([
      ['connectivity.changed', '{"network":true}'],
      ['session.changed', '{"a":\n1}'],
    ]);
    expect(requests[0]!.headers).toMatchObject({ accept: 'text/event-stream', [HOST_PAGE_KEY_HEADER]: 'k1' });
    expect(requests[0]!.credentials).toBe('same-origin');
    expect(timers[0]!.ms).toBe(1500);
    timers[0]!.run();
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(received[2]).toEqual(['connectivity.changed', '{"network":false}']);
    source.close();
    timers[1]!.run();
    expect(connections).toBe(2);
  });

  it('retries a refused stream slowly, and stops when closed', async () => {
    const timers: number[] = [];
    const fetch = vi.fn(async () => new Response('{}', { status: 403 })) as unknown as typeof globalThis.fetch;
    const source = openEventStream({ fetch, headers: () => ({}), setTimeout: (_run, ms) => timers.push(ms) }, HOST_EVENTS_PATH);
    await vi.waitFor(() => expect(timers).toEqual([30_000]));
    source.close();
  });
});

describe('shell commands', () => {
  it('follows console paths only', () => {
    expect(isConsolePath('/invitations/accept?code=abc')).toBe(true);
    for (const path of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example']) expect(isConsolePath(path), path).toBe(false);
  });
});
