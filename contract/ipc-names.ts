/**
 * The names of the IPC channels and events, apart from their schemas so that preload can build
 * `window.palette` without bundling zod. contract/ipc.ts holds the schemas and is checked against
 * these lists at compile time.
 */

export const CHANNEL_PREFIX = 'palette:';

export const ipcChannelNames = [
  'app.info',
  'api.call',
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
] as const;

export const ipcEventNames = ['connectivity.changed', 'session.changed', 'update.changed', 'media.progress'] as const;

export type IpcChannelName = (typeof ipcChannelNames)[number];
export type IpcEventName = (typeof ipcEventNames)[number];

export function channelName(name: IpcChannelName | IpcEventName): string {
  return CHANNEL_PREFIX + name;
}
