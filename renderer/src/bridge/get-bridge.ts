import type { PaletteBridge } from '@contract/ipc';
import { HOST_EVENTS_PATH, HOST_IPC_PATH } from '@contract/ipc-names';
import { openEventStream } from './event-stream';
import { createHttpBridge, pageKeyHeaders } from './http-bridge';
import { browserPageKeyWindow, readPageKey } from './page-key';

let cached: PaletteBridge | null = null;

/**
 * The bridge to main: `window.palette` when the desktop preload provided it, otherwise the HTTP
 * bridge of the browser edition (same interface, same results), which sends the page key the page
 * holds (bridge/page-key.ts) on every call and on its fetch-based event stream.
 *
 * Detection is by presence only: preload runs before any page script, so if `window.palette` is
 * missing at first use it will never appear.
 */
export function getBridge(): PaletteBridge {
  if (cached) return cached;
  if (window.palette) {
    cached = window.palette;
    return cached;
  }
  const pageKey = () => readPageKey(browserPageKeyWindow().storage);
  const fetch: typeof window.fetch = (input, init) => window.fetch(input, init);
  cached = createHttpBridge({
    fetch,
    openEvents: typeof ReadableStream === 'function' ? (url) => openEventStream({ fetch, headers: () => pageKeyHeaders({ pageKey }) }, url) : undefined,
    ipcPath: HOST_IPC_PATH,
    eventsPath: HOST_EVENTS_PATH,
    pageKey,
  });
  return cached;
}

