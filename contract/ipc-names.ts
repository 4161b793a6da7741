/**
 * The names of the IPC channels and events, apart from their schemas so that preload can build
 * `window.palette` without bundling zod. contract/ipc.ts holds the schemas and is checked against
 * these lists at compile time.
 */

export const CHANNEL_PREFIX = 'palette:';

export const ipcChannelNames = [
  'app.info',
  'app.setLanguage',
  'api.call',
  'api.export',
  'session.get',
  'session.signIn',
  'session.signOut',
  'connectivity.get',
  'update.get',
  'update.check',
  'update.install',
  'shell.openExternal',
  'media.pick',
  'media.checkBytes',
  'media.upload',
  'media.cancel',
  'media.release',
  'embeddedServer.get',
  'embeddedServer.retry',
] as const;

export const ipcEventNames = [
  'connectivity.changed',
  'session.changed',
  'update.changed',
  'media.progress',
  'export.progress',
  'shell.command',
  'embeddedServer.changed',
] as const;

/**
 * The channels of @sentry/electron's own renderer-to-main IPC (`<namespace>.<name>`, sent with
 * `ipcRenderer.send`; `feedback` is invoked). The preload exposes exactly these to the renderer's
 * SDK, and main/src/ipc/sentry-ipc.ts puts main's Sentry listeners behind the trusted-sender check.
 */
export const SENTRY_IPC_NAMESPACE = 'sentry-ipc';
export const sentryIpcSendNames = ['start', 'scope', 'envelope', 'status', 'structured-log', 'metric'] as const;
export const sentryIpcInvokeNames = ['feedback'] as const;
export function sentryChannelName(name: (typeof sentryIpcSendNames)[number] | (typeof sentryIpcInvokeNames)[number]): string {
  return `${SENTRY_IPC_NAMESPACE}.${name}`;
}

/**
 * The browser edition's page key (contract/ipc.ts describes the host protocol): the header that
 * carries it, the launch redirect's fragment parameter and the page's storage key. Here, without
 * zod, so the renderer's first chunk can read it before anything else loads.
 */
export const HOST_PAGE_KEY_HEADER = 'x-palette-page-key';
export const HOST_PAGE_KEY_FRAGMENT = 'palette-page-key';
export const HOST_PAGE_KEY_STORAGE = 'palette.hostPageKey';

/**
 * The browser edition's IPC and event paths (contract/ipc.ts describes the protocol). Here, without
 * zod, so the renderer's sign-in path can call main without loading the IPC schemas (issue 12's
 * script budget).
 */
export const HOST_IPC_PATH = '/__palette/ipc';
export const HOST_EVENTS_PATH = '/__palette/events';

export type IpcChannelName = (typeof ipcChannelNames)[number];
export type IpcEventName = (typeof ipcEventNames)[number];

export function channelName(name: IpcChannelName | IpcEventName): string {
  return CHANNEL_PREFIX + name;
}
