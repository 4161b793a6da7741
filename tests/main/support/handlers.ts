import { type IpcHandlers } from '../../../main/src/ipc/router';

/** Handlers that answer fixed, valid values; tests override the ones they look at. */
export function stubHandlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  const connectivity = { network: true, server: true, checkedAt: new Date(0).toISOString() };
  const update = { status: 'unsupported' as const, version: null, progress: null };
  return {
    'app.info': () => ({
      name: 'Palette Console',
      version: '0.1.0',
      edition: 'browser',
      platform: 'linux',
      serverUrl: 'http://127.0.0.1:1',
      embeddedServer: true,
      rendererBuild: 'test',
    }),
    'app.setLanguage': () => null,
    'api.call': () => ({ code: 0, message: 'ok', data: null }),
    'api.export': () => ({ status: 'cancelled' as const }),
    'session.get': () => ({ user: null, persistence: 'memory' }),
    'session.signIn': () => ({ code: 0, message: 'ok' }),
    'session.signOut': () => ({ user: null, persistence: 'memory' }),
    'connectivity.get': () => connectivity,
    'update.get': () => update,
    'update.check': () => update,
    'update.install': () => null,
    'shell.openExternal': () => false,
    'media.pick': () => ({ status: 'unsupported' as const }),
    'media.checkBytes': () => ({ status: 'receiving' as const, receipt: 'receipt-0123456789abcdef', received: 0 }),
    'media.upload': () => ({ status: 'cancelled' as const }),
    'media.cancel': () => false,
    'media.release': () => false,
    'embeddedServer.get': () => ({ status: 'none' as const, crashes: 0, lastExit: null, logPath: null }),
    'embeddedServer.retry': () => ({ status: 'none' as const, crashes: 0, lastExit: null, logPath: null }),
    ...overrides,
  };
}
