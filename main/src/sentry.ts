/**
 * Crash and error reporting of the main process through @sentry/electron.
 *
 * The DSN comes from configuration (`PALETTE_SENTRY_DSN`) and reporting stays off without it, so a
 * developer build or a customer who did not opt in never sends anything. This file holds the pure
 * parts (options, the event filter) so they can be tested without Electron; the desktop entry
 * passes `Sentry.init` in, because it must run synchronously before the app is ready. The filter
 * and the sampling rules live in the contract, so the renderer's SDK applies the same ones.
 */

import { type ErrorEventLike, filterErrorEvent, sampleRates } from '@contract/error-reporting';

/** The fields of a Sentry event the filter reads. */
export type SentryEventLike = ErrorEventLike;

/** Drops noise ("ResizeObserver loop"); the rule is the contract's, shared with the renderer. */
export const beforeSend = filterErrorEvent;

export interface SentryConfig {
  readonly dsn: string | undefined;
  /** A packaged release: everything is sampled. Otherwise nothing is, even with a DSN. */
  readonly production: boolean;
  readonly release: string;
}

export interface SentryMainOptions {
  readonly dsn: string;
  readonly release: string;
  readonly environment: string;
  readonly sampleRate: number;
  readonly tracesSampleRate: number;
  readonly sendDefaultPii: false;
  readonly beforeSend: typeof beforeSend;
}

/** The options for `Sentry.init`, or null when reporting is off (no DSN configured). */
export function buildSentryOptions(config: SentryConfig): SentryMainOptions | null {
  const dsn = config.dsn?.trim();
  if (!dsn) return null;
  return {
    dsn,
    release: config.release,
    environment: config.production ? 'production' : 'development',
    ...sampleRates(config.production),
    sendDefaultPii: false,
    beforeSend,
  };
}

/** Starts reporting when configured; answers whether it did. */
export function initSentry(init: (options: SentryMainOptions) => void, config: SentryConfig): boolean {
  const options = buildSentryOptions(config);
  if (!options) return false;
  init(options);
  return true;
}
