import { ErrorCode } from '@contract/errors';
import { HOST_PAGE_KEY_HEADER, ipcChannelNames, ipcEventNames, type IpcChannelName, type IpcEventName } from '@contract/ipc-names';
import type { IpcResult, PaletteBridge } from '@contract/ipc';

/** What the HTTP bridge needs from the browser; tests pass fakes. */
export interface HttpBridgeEnvironment {
  readonly fetch: typeof fetch;
  /** Opens the host's event stream; undefined when the browser has no EventSource. */
  readonly openEvents?: (url: string) => EventSourceLike;
  /** The host's IPC and event paths (contract/ipc.ts HOST_IPC_PATH, HOST_EVENTS_PATH). */
  readonly ipcPath: string;
  readonly eventsPath: string;
  /**
   * The page key of this launch, read on every call (contract/ipc.ts HOST_PAGE_KEY_HEADER): the
   * host refuses IPC and the event stream without it. Null when the page holds none.
   */
  readonly pageKey?: () => string | null;
}

/** The part of `EventSource` the bridge uses (bridge/event-stream.ts implements it over fetch). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { readonly data: string }) => void): void;
  close(): void;
}

/** The page key header, when the page holds a key. */
export function pageKeyHeaders(env: Pick<HttpBridgeEnvironment, 'pageKey'>): Record<string, string> {
  const key = env.pageKey?.() ?? null;
  return key ? { [HOST_PAGE_KEY_HEADER]: key } : {};
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.code === 'number' && typeof v.message === 'string';
}

/**
 * Calls one channel of the browser edition's host: `POST <ipcPath>/<channel>` with `{ input }`.
 *
 * Never throws: an unreachable host or an unreadable reply becomes a 1001 failure, the same shape
 * a desktop IPC call answers, so the layers above need not know which edition runs.
 */
export async function postChannel(env: HttpBridgeEnvironment, channel: IpcChannelName, input: unknown): Promise<IpcResult<unknown>> {
  let response: Response;
  try {
    response = await env.fetch(`${env.ipcPath}/${channel}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...pageKeyHeaders(env) },
      body: JSON.stringify(input === undefined ? {} : { input }),
    });
  } catch (error) {
    return { ok: false, code: ErrorCode.NetworkFailed, message: error instanceof Error ? error.message : String(error) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isIpcResult(body)) return body;
  return { ok: false, code: ErrorCode.NetworkFailed, message: `The host answered HTTP ${response.status} without a result.` };
}

/**
 * Builds `window.palette` for the browser edition: the same `PaletteBridge` the desktop preload
 * exposes, over the host's loopback HTTP endpoint and its server-sent event stream.
 *
 * The event stream is opened on the first subscription and closed when the last one goes.
 */
export function createHttpBridge(env: HttpBridgeEnvironment): PaletteBridge {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<IpcResult<unknown>>>> = {};
  for (const name of ipcChannelNames) {
    const [group, method] = name.split('.') as [string, string];
    groups[group] ??= {};
    groups[group][method] = (input?: unknown) => postChannel(env, name, input);
  }

  const listeners = new Map<IpcEventName, Set<(payload: unknown) => void>>();
  let source: EventSourceLike | null = null;

  const openSource = (): void => {
    if (source || !env.openEvents) return;
    const opened = env.openEvents(env.eventsPath);
    for (const event of ipcEventNames) {
      opened.addEventListener(event, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          return;
        }
        for (const listener of listeners.get(event) ?? []) listener(payload);
      });
    }
    source = opened;
  };

  const on = (event: IpcEventName, listener: (payload: unknown) => void): (() => void) => {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    openSource();
    return () => {
      set.delete(listener);
      const remaining = [...listeners.values()].reduce((n, s) => n + s.size, 0);
      if (remaining === 0 && source) {
        source.close();
        source = null;
      }
    };
  };

  return { ...groups, on } as unknown as PaletteBridge;
}
