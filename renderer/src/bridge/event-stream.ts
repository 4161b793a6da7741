import type { EventSourceLike } from './http-bridge';

/** What the event stream needs from the browser; tests pass fakes. */
export interface EventStreamEnvironment {
  readonly fetch: typeof fetch;
  /** Headers sent with every (re)connection, read each time. */
  readonly headers: () => Record<string, string>;
  readonly setTimeout?: (callback: () => void, ms: number) => unknown;
}

const DEFAULT_RETRY_MS = 2_000;
/** A refusal (403: the page key or cookie is gone) is retried this much more slowly. */
const REFUSED_RETRY_MS = 30_000;

/**
 * A server-sent event stream over `fetch`, for the browser edition's host.
 *
 * `EventSource` cannot send headers, and the host wants the page key in one on the event stream
 * as on every IPC call; this reads the same `text/event-stream` format from a fetch body and
 * reconnects like `EventSource` does (after the stream's `retry:` hint). Only named events with
 * data are delivered; comments and pings are skipped.
 */
export function openEventStream(env: EventStreamEnvironment, url: string): EventSourceLike {
  const listeners = new Map<string, Set<(event: { readonly data: string }) => void>>();
  const schedule = env.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  let closed = false;
  let retryMs = DEFAULT_RETRY_MS;
  let controller: AbortController | null = null;

  const dispatch = (event: string, data: string) => {
    for (const listener of listeners.get(event) ?? []) listener({ data });
  };

  const read = async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) dispatch(event, data.join('\n'));
          event = 'message';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
        else if (field === 'retry' && /^\d+$/.test(text)) retryMs = Number(text);
      }
    }
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    let refused = false;
    try {
      const response = await env.fetch(url, {
        method: 'GET',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'text/event-stream', ...env.headers() },
        signal: controller.signal,
      });
      if (response.ok && response.body) await read(response.body);
      else refused = response.status === 403;
    } catch {
      // Network gone or aborted: reconnect below unless closed.
    }
    if (!closed) schedule(() => void connect(), refused ? REFUSED_RETRY_MS : retryMs);
  };

  void connect();
  return {
    addEventListener: (type, listener) => {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener);
    },
    close: () => {
      closed = true;
      controller?.abort();
    },
  };
}
