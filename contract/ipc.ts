import { z } from 'zod';
import { anyEnvelopeSchema } from './envelope';
import { userSchema } from './api/auth';
import { emailSchema } from './validation';
import {
  mediaCheckBytesInputSchema,
  mediaCheckBytesOutputSchema,
  mediaPickOutputSchema,
  mediaProgressSchema,
  mediaRuleIdSchema,
  mediaTokenSchema,
  mediaUploadInputSchema,
  mediaUploadOutputSchema,
} from './media';
import type { IpcChannelName, IpcEventName } from './ipc-names';

/**
 * The IPC contract between the renderer and main: one entry per channel, each with its input and
 * output schema. Preload exposes one function per entry on `window.palette`; main mounts one handler
 * per entry (on ipcMain in the desktop app, on the loopback host in the browser edition). Every
 * channel name carries the `palette:` prefix; preload refuses any other.
 */

export { CHANNEL_PREFIX, ipcChannelNames, ipcEventNames, channelName } from './ipc-names';
export type { IpcChannelName, IpcEventName } from './ipc-names';

/** Where the session token is kept: the OS keychain, or only in memory when no keychain is available. */
export const persistenceSchema = z.enum(['keychain', 'memory']);

export const sessionStateSchema = z.object({
  user: userSchema.nullable(),
  persistence: persistenceSchema,
  /**
   * True while the user is the one the kept session belonged to when the server last confirmed it,
   * and the server has not been reached since the console started (issue 14: the console opens
   * offline on its kept data). Cleared once the server confirms the session, or ends it.
   */
  unconfirmed: z.boolean().optional(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const connectivitySchema = z.object({
  /** The machine has a network connection. */
  network: z.boolean(),
  /** The API server answered its last health check. */
  server: z.boolean(),
  checkedAt: z.string(),
});
export type Connectivity = z.infer<typeof connectivitySchema>;

/**
 * Why an update failed: `integrity` (the downloaded file did not match the sha512 published for it,
 * and was discarded), `signature` (a Windows installer not signed by the publisher), `unreachable`
 * (the download server did not answer), `other`.
 */
export const updateFailureSchema = z.enum(['integrity', 'signature', 'unreachable', 'other']);
export type UpdateFailure = z.infer<typeof updateFailureSchema>;

export const updateStateSchema = z.object({
  status: z.enum(['idle', 'unsupported', 'checking', 'available', 'downloading', 'ready', 'error']),
  version: z.string().nullable(),
  progress: z.number().min(0).max(100).nullable(),
  /** With status `error`: what went wrong. */
  failure: updateFailureSchema.optional(),
});
export type UpdateState = z.infer<typeof updateStateSchema>;

/**
 * The embedded API server as main supervises it (main/src/server-supervisor.ts): `none` with a
 * configured server; `running`; `restarting` after it stopped unexpectedly (main starts it again,
 * on the same data, after a growing pause); `failed` when it kept stopping (a crash loop) and main
 * no longer restarts it until the operator asks to try again (`embeddedServer.retry`).
 */
export const embeddedServerStateSchema = z.object({
  status: z.enum(['none', 'running', 'restarting', 'failed']),
  /** Unexpected stops within the crash-loop window (main gives up at its limit). */
  crashes: z.number().int().min(0),
  /** How the last unexpected stop ended (`SIGKILL`, `exit code 1`), null before any. */
  lastExit: z.string().max(500).nullable(),
  /** The file the server's output and main's account of its stops and restarts go to. */
  logPath: z.string().max(4096).nullable(),
});
export type EmbeddedServerState = z.infer<typeof embeddedServerStateSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  edition: z.enum(['desktop', 'browser']),
  platform: z.string(),
  serverUrl: z.string(),
  embeddedServer: z.boolean(),
  rendererBuild: z.string(),
  /**
   * Help and legal pages an installation hosts itself (`PALETTE_HELP_URL`, ...): the console opens
   * a configured one outside, and shows its own page for any that is not configured.
   */
  links: z
    .object({
      help: z.url({ protocol: /^https?$/ }).optional(),
      privacy: z.url({ protocol: /^https?$/ }).optional(),
      terms: z.url({ protocol: /^https?$/ }).optional(),
    })
    .optional(),
  /**
   * Present when main reports errors (a DSN is configured): the renderer's SDK then starts too, with
   * the same sampling (`production`: a packaged release).
   */
  errorReporting: z.object({ production: z.boolean() }).optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * The interface language the operator chose (a BCP 47 tag), which main's own texts follow: the
 * application menu, notifications and dialogs.
 */
export const interfaceLanguageSchema = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/);

/**
 * What main asks of the console (the application menu, a `palette://` link): open a console path,
 * or open the interface settings.
 */
export const shellCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('navigate'), path: z.string().startsWith('/').max(2048) }),
  z.object({ command: z.literal('settings') }),
]);
export type ShellCommand = z.infer<typeof shellCommandSchema>;

/**
 * A list's CSV export (issue 19) through main, which holds the token: main streams the route's CSV
 * (`reply: 'csv'`) from the server; the desktop app writes it to a file the operator chose in the
 * native save dialog (`saved`, or `cancelled`), the browser edition hands the text back for the page
 * to download (`download`).
 */
export const exportCsvOutputSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), rows: z.number().int().min(0) }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('download'), rows: z.number().int().min(0), fileName: z.string().max(255), csv: z.string() }),
]);
export type ExportCsvOutput = z.infer<typeof exportCsvOutputSchema>;

/** How far a running export is: rows received so far (the header not counted). */
export const exportProgressSchema = z.object({ routeId: z.string(), rows: z.number().int().min(0) });

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const ipcChannels = {
  'app.info': channel(z.undefined(), appInfoSchema),
  'app.setLanguage': channel(z.object({ language: interfaceLanguageSchema }), z.null()),
  'api.call': channel(
    z.object({
      routeId: z.string().min(1).max(100),
      input: z
        .object({
          params: z.record(z.string(), z.unknown()).optional(),
          query: z.record(z.string(), z.unknown()).optional(),
          body: z.unknown().optional(),
        })
        .optional(),
    }),
    anyEnvelopeSchema,
  ),
  'api.export': channel(
    z.object({
      routeId: z.string().min(1).max(100),
      input: z.object({ params: z.record(z.string(), z.unknown()).optional(), query: z.record(z.string(), z.unknown()).optional() }).optional(),
      fileName: z.string().min(1).max(200),
    }),
    exportCsvOutputSchema,
  ),
  'session.get': channel(z.undefined(), sessionStateSchema),
  'session.signIn': channel(z.object({ email: emailSchema, password: z.string().max(256) }), anyEnvelopeSchema),
  'session.signOut': channel(z.undefined(), sessionStateSchema),
  'connectivity.get': channel(z.undefined(), connectivitySchema),
  'update.get': channel(z.undefined(), updateStateSchema),
  'update.check': channel(z.undefined(), updateStateSchema),
  'update.install': channel(z.undefined(), z.null()),
  'shell.openExternal': channel(z.object({ url: z.string().max(2048) }), z.boolean()),
  // Media (contract/media.ts): pick or receive a file, check it against its rule in main, then upload.
  'media.pick': channel(z.object({ ruleId: mediaRuleIdSchema }), mediaPickOutputSchema),
  'media.checkBytes': channel(mediaCheckBytesInputSchema, mediaCheckBytesOutputSchema),
  'media.upload': channel(mediaUploadInputSchema, mediaUploadOutputSchema),
  'media.cancel': channel(z.object({ token: mediaTokenSchema }), z.boolean()),
  'media.release': channel(z.object({ token: mediaTokenSchema }), z.boolean()),
  // The embedded server's supervision; `retry` is the operator's "Try again" after a crash loop.
  'embeddedServer.get': channel(z.undefined(), embeddedServerStateSchema),
  'embeddedServer.retry': channel(z.undefined(), embeddedServerStateSchema),
} as const satisfies Record<IpcChannelName, { input: z.ZodType; output: z.ZodType }>;

export type IpcChannels = typeof ipcChannels;
export type IpcInput<C extends IpcChannelName> = z.input<IpcChannels[C]['input']>;
export type IpcOutput<C extends IpcChannelName> = z.output<IpcChannels[C]['output']>;

/** Events main pushes to the renderer. */
export const ipcEvents = {
  'connectivity.changed': connectivitySchema,
  'session.changed': sessionStateSchema,
  'update.changed': updateStateSchema,
  'media.progress': mediaProgressSchema,
  'export.progress': exportProgressSchema,
  'shell.command': shellCommandSchema,
  'embeddedServer.changed': embeddedServerStateSchema,
} as const satisfies Record<IpcEventName, z.ZodType>;
export type IpcEventPayload<E extends IpcEventName> = z.output<(typeof ipcEvents)[E]>;

/**
 * What crosses the IPC boundary for every channel: a thrown Error would lose everything but its
 * message, so handlers answer a result object and the renderer turns a failure into a typed error.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

export const ipcFailureSchema = z.object({ ok: z.literal(false), code: z.number().int(), message: z.string() });

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type MethodOf<K> = K extends `${string}.${infer M}` ? M : never;

/**
 * What preload exposes as `window.palette` (and what the browser edition's HTTP bridge implements):
 * one function per channel, grouped by the part of its name before the dot (`palette.api.call(...)`,
 * `palette.session.signIn(...)`), plus `on(event, listener)` for the events main pushes.
 */
export type PaletteBridge = {
  readonly [G in GroupOf<IpcChannelName>]: {
    readonly [K in Extract<IpcChannelName, `${G}.${string}`> as MethodOf<K>]: (
      ...input: IpcInput<K> extends undefined ? [] : [IpcInput<K>]
    ) => Promise<IpcResult<IpcOutput<K>>>;
  };
} & {
  readonly on: <E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void) => () => void;
};

/**
 * The browser edition's transport (see docs/ARCHITECTURE.md). The host serves the renderer and
 * mounts the same IPC router over loopback HTTP:
 * - `POST {HOST_IPC_PATH}/<channel>` with JSON `{ "input": ... }` answers an `IpcResult` as JSON;
 * - `GET {HOST_EVENTS_PATH}` is a server-sent event stream, one `event: <name>` per `ipcEvents` entry;
 * - a launch key arrives as `/?key=<key>` and works once (the host then prints a new link for
 *   another browser). The host answers with an HttpOnly, SameSite=Strict cookie
 *   (`hostCookieName(port)`) and redirects to `/#{HOST_PAGE_KEY_FRAGMENT}=<page key>`; the page moves
 *   the page key into its own storage and sends it as {HOST_PAGE_KEY_HEADER} on every IPC request
 *   and on the event stream. Browsers send cookies to every port of 127.0.0.1, so the cookie alone
 *   proves nothing; the page key never leaves the page's origin.
 * - Every IPC request needs the cookie, the page key of the same launch, an `Origin` equal to the
 *   host's own origin and a `Host` of 127.0.0.1:<port>.
 */
export const HOST_COOKIE = 'palette_launch';
export { HOST_EVENTS_PATH, HOST_IPC_PATH, HOST_PAGE_KEY_FRAGMENT, HOST_PAGE_KEY_HEADER, HOST_PAGE_KEY_STORAGE } from './ipc-names';

/** The launch cookie's name, per port: two browser editions on one machine keep their own. */
export function hostCookieName(port: number): string {
  return `${HOST_COOKIE}_${port}`;
}
