import { HOST_EVENTS_PATH, HOST_IPC_PATH, type PaletteBridge } from '@contract/ipc';
import { createHttpBridge } from './http-bridge';

let cached: PaletteBridge | null = null;

/**
 * The bridge to main: `window.palette` when the desktop preload provided it, otherwise the HTTP
 * bridge of the browser edition (same interface, same results).
 *
 * Detection is by presence only: preload runs before any page script, so if `window.palette` is
 * missing at first use it will never appear.
 */
export function getBridge(): PaletteBridge {
  if (cached) return cached;
  cached =
    window.palette ??
    createHttpBridge({
      fetch: (input, init) => window.fetch(input, init),
      openEvents: typeof EventSource === 'function' ? (url) => new EventSource(url, { withCredentials: true }) : undefined,
      ipcPath: HOST_IPC_PATH,
      eventsPath: HOST_EVENTS_PATH,
    });
  return cached;
}

