import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  channelName,
  ipcChannelNames,
  ipcEventNames,
  SENTRY_IPC_NAMESPACE,
  sentryChannelName,
  type IpcChannelName,
  type IpcEventName,
} from '@contract/ipc-names';
import type { PaletteBridge } from '@contract/ipc';

/**
 * Builds `window.palette` from the contract's channel names: one function per channel, grouped by
 * the part of its name before the dot (`palette.api.call(input)`), plus `on(event, listener)`.
 *
 * Nothing generic is exposed (no `invoke(channel)`, no `ipcRenderer`), so the page can reach only
 * the channels the contract names, each with the `palette:` prefix main listens on. Listeners
 * receive the payload only, never Electron's event object (which would leak `sender`). Only
 * ipc-names is imported at run time, so this file bundles to one CommonJS file that requires
 * nothing but `electron`, as a sandboxed preload must.
 */

type Invoker = (input?: unknown) => Promise<unknown>;

function invoker(name: IpcChannelName): Invoker {
  const channel = channelName(name);
  return (...args: unknown[]) => ipcRenderer.invoke(channel, args[0]);
}

function buildBridge(): PaletteBridge {
  const groups: Record<string, Record<string, Invoker>> = {};
  for (const name of ipcChannelNames) {
    const [group, method] = name.split('.') as [string, string];
    groups[group] ??= {};
    groups[group][method] = invoker(name);
  }
  const on = (event: IpcEventName, listener: (payload: unknown) => void): (() => void) => {
    if (!(ipcEventNames as ReadonlyArray<string>).includes(event)) throw new Error(`Unknown event ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    const channel = channelName(event);
    const relay = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, relay);
    return () => {
      ipcRenderer.removeListener(channel, relay);
    };
  };
  const bridge: Record<string, unknown> = { on };
  for (const [group, methods] of Object.entries(groups)) bridge[group] = Object.freeze(methods);
  return Object.freeze(bridge) as unknown as PaletteBridge;
}

/**
 * The renderer's Sentry SDK talks to main's through `window.__SENTRY_IPC__[namespace]` (the shape
 * of @sentry/electron's own preload, which is not injected: see main/src/sentry.ts). Each function
 * sends to one fixed Sentry channel; main accepts them only from the app's own frames
 * (main/src/ipc/sentry-ipc.ts). Nothing is received back but feedback's answer.
 */
function buildSentryIpc(): Record<string, Record<string, (...args: unknown[]) => unknown>> {
  const send = (name: Parameters<typeof sentryChannelName>[0]) => (payload?: unknown) => {
    ipcRenderer.send(sentryChannelName(name), payload);
  };
  return {
    [SENTRY_IPC_NAMESPACE]: Object.freeze({
      sendRendererStart: () => ipcRenderer.send(sentryChannelName('start')),
      sendScope: send('scope'),
      sendEnvelope: send('envelope'),
      sendStatus: send('status'),
      sendStructuredLog: send('structured-log'),
      sendMetric: send('metric'),
      sendFeedback: (envelope: unknown) => ipcRenderer.invoke(sentryChannelName('feedback'), envelope),
    }),
  };
}

contextBridge.exposeInMainWorld('palette', buildBridge());
contextBridge.exposeInMainWorld('__SENTRY_IPC__', buildSentryIpc());
