import { type AppInfo, type ExportCsvOutput } from '@contract/ipc';
import { type ApiClient } from '../api/api-client';
import { type ConnectivityMonitor } from '../connectivity';
import { type InterfaceLanguage } from '../interface-language';
import { type MediaService } from '../media/media-service';
import { type EmbeddedServerSupervision, NO_EMBEDDED_SERVER } from '../server-supervisor';
import { type SessionService } from '../session/session-service';
import { type UpdateService } from '../updates';
import { type IpcHandlers } from './router';

/** The services the IPC channels expose; each edition supplies its own `openExternal` and updates. */
export interface IpcServices {
  readonly appInfo: () => AppInfo;
  /** The interface language main's own texts follow (menu, notifications, dialogs). */
  readonly language: InterfaceLanguage;
  readonly api: ApiClient;
  readonly session: SessionService;
  readonly connectivity: ConnectivityMonitor;
  readonly updates: UpdateService;
  /** Opens an http(s) link in the system browser; the browser edition answers false. */
  readonly openExternal: (url: string) => Promise<boolean>;
  /** Picking, checking and uploading media files (main/src/media). */
  readonly media: MediaService;
  /** A list's CSV export (main/src/exports.ts). */
  readonly exportCsv: (routeId: string, input: { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined, fileName: string) => Promise<ExportCsvOutput>;
  /** The embedded server's supervisor; none with a configured server (`embeddedServer.get` says `none`). */
  readonly embeddedServer?: EmbeddedServerSupervision | null;
}

/**
 * One handler per contract channel, each a thin call into a service: validation, the sender check
 * and error mapping belong to the router, so these stay one line each and the services stay
 * testable without any transport.
 */
export function createIpcHandlers(services: IpcServices): IpcHandlers {
  return {
    'app.info': () => services.appInfo(),
    'app.setLanguage': ({ language }) => {
      services.language.set(language);
      return null;
    },
    'api.call': ({ routeId, input }) => services.api.call(routeId, input),
    'api.export': ({ routeId, input, fileName }) => services.exportCsv(routeId, input, fileName),
    'session.get': () => services.session.get(),
    'session.signIn': (credentials) => services.session.signIn(credentials),
    'session.signOut': () => services.session.signOut(),
    'connectivity.get': () => services.connectivity.get(),
    'update.get': () => services.updates.get(),
    'update.check': () => services.updates.check(),
    'update.install': async () => {
      await services.updates.install();
      return null;
    },
    'shell.openExternal': ({ url }) => services.openExternal(url),
    'media.pick': ({ ruleId }) => services.media.pick(ruleId),
    'media.checkBytes': (input) => services.media.checkBytes(input),
    'media.upload': ({ projectId, token }) => services.media.upload(projectId, token),
    'media.cancel': ({ token }) => services.media.cancel(token),
    'media.release': ({ token }) => services.media.release(token),
    'embeddedServer.get': () => services.embeddedServer?.get() ?? NO_EMBEDDED_SERVER,
    'embeddedServer.retry': () => services.embeddedServer?.retry() ?? NO_EMBEDDED_SERVER,
  };
}
