import * as Sentry from '@sentry/electron/renderer';
import { filterErrorEvent, sampleRates } from '@contract/error-reporting';

/**
 * `Sentry.init` of the renderer, with the rules main applies (contract/error-reporting.ts): the
 * same noise filter and the same sampling, everything from a packaged release and nothing otherwise.
 * Loaded only by `startErrorReporting`, in its own chunk.
 */
export function initRendererSentry(settings: { readonly production: boolean }): void {
  Sentry.init({
    ...sampleRates(settings.production),
    sendDefaultPii: false,
    beforeSend: filterErrorEvent,
  });
}
