/**
 * Crash and error reporting of the main process through @sentry/electron.
 *
 * The DSN comes from configuration (`PALETTE_SENTRY_DSN`) and reporting stays off without it, so a
 * developer build or a customer who did not opt in never sends anything. This file holds the pure
 * parts (options, the event filter) so they can be tested without Electron; the desktop entry
 * passes the SDK in, because `init` must run synchronously before the app is ready. The filter,
 * the scrubbing and the sampling rules live in the contract, so the renderer's SDK applies the same.
 *
 * Decisions, on purpose:
 * - Every event and breadcrumb is scrubbed (`beforeSend`, `beforeBreadcrumb`): authorization
 *   headers, session tokens, passwords, cookies, the browser edition's launch and page keys, mailed
 *   codes and preview tokens never leave the machine (contract/error-reporting.ts). Main's
 *   `beforeSend` also runs for the renderer's events, which reach Sentry through main.
 * - No native crash dumps. A minidump is a copy of process memory (stacks and nearby heap): the
 *   session token, the password being typed, cookies and keys can all be in it, and no `beforeSend`
 *   can scrub a binary dump. So the minidump integrations are left out and Electron's crash
 *   reporter is never started; a native crash of a renderer, GPU or utility process is still
 *   reported, as an event naming the process and the reason (`crashed`, `oom`, ...) without memory.
 * - No local variables on stack frames (their values are whatever the function held, a token or a
 *   password included) and no screenshots (customer data on screen).
 * - Sentry's renderer IPC runs in its "classic" mode only: no `sentry-ipc://` scheme (which Sentry
 *   registers with `bypassCSP`, reachable by any frame), and no preload injected by Sentry; our
 *   preload exposes the SDK's few send channels and main/src/ipc/sentry-ipc.ts puts main's
 *   listeners behind the same trusted-sender check as every other channel.
 */

import { type ErrorEventLike, prepareBreadcrumb, prepareErrorEvent, sampleRates } from '@contract/error-reporting';

/** The fields of a Sentry event the filter reads. */
export type SentryEventLike = ErrorEventLike;

/** Drops noise ("ResizeObserver loop") and scrubs credentials; shared with the renderer. */
export const beforeSend = prepareErrorEvent;

/** Scrubs credentials from breadcrumbs as they are recorded; shared with the renderer. */
export const beforeBreadcrumb = prepareBreadcrumb;

/** Default integrations left out (see the decisions above). */
export const droppedIntegrations: ReadonlySet<string> = new Set([
  'SentryMinidump',
  'ElectronMinidump',
  'PreloadInjection',
  'LocalVariables',
  'LocalVariablesAsync',
  'Screenshots',
]);

/** Child-process exits reported as events (Sentry's default reports only the last three). */
export const processGoneEvents = ['crashed', 'oom', 'abnormal-exit', 'launch-failed', 'integrity-failure'] as const;

export interface SentryConfig {
  readonly dsn: string | undefined;
  /** A packaged release: everything is sampled. Otherwise nothing is, even with a DSN. */
  readonly production: boolean;
  readonly release: string;
}

/** What the options read of an integration. */
export interface IntegrationLike {
  readonly name: string;
}

/** The part of `@sentry/electron/main` this file uses; the entry passes the module itself. */
export interface SentryMainSdk<I extends IntegrationLike> {
  init(options: SentryMainOptions<I>): void;
  childProcessIntegration(options: { events: ReadonlyArray<(typeof processGoneEvents)[number]> }): I;
  readonly IPCMode: { readonly Classic: number };
}

export interface SentryMainOptions<I extends IntegrationLike> {
  readonly dsn: string;
  readonly release: string;
  readonly environment: string;
  readonly sampleRate: number;
  readonly tracesSampleRate: number;
  readonly sendDefaultPii: false;
  readonly attachScreenshot: false;
  readonly ipcMode: number;
  readonly beforeSend: typeof beforeSend;
  readonly beforeBreadcrumb: typeof beforeBreadcrumb;
  readonly integrations: (defaults: I[]) => I[];
}

/** The options for `Sentry.init`, or null when reporting is off (no DSN configured). */
export function buildSentryOptions<I extends IntegrationLike>(config: SentryConfig, sdk: Omit<SentryMainSdk<I>, 'init'>): SentryMainOptions<I> | null {
  const dsn = config.dsn?.trim();
  if (!dsn) return null;
  return {
    dsn,
    release: config.release,
    environment: config.production ? 'production' : 'development',
    ...sampleRates(config.production),
    sendDefaultPii: false,
    attachScreenshot: false,
    ipcMode: sdk.IPCMode.Classic,
    beforeSend,
    beforeBreadcrumb,
    integrations: (defaults) => [
      ...defaults.filter((integration) => !droppedIntegrations.has(integration.name) && integration.name !== 'ChildProcess'),
      sdk.childProcessIntegration({ events: processGoneEvents }),
    ],
  };
}

/** Starts reporting when configured; answers whether it did. */
export function initSentry<I extends IntegrationLike>(sdk: SentryMainSdk<I>, config: SentryConfig): boolean {
  const options = buildSentryOptions(config, sdk);
  if (!options) return false;
  sdk.init(options);
  return true;
}
