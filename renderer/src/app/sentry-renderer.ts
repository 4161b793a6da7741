import * as Sentry from '@sentry/electron/renderer';
import { prepareBreadcrumb, prepareErrorEvent, sampleRates } from '@contract/error-reporting';

/**
 * `Sentry.init` of the renderer, with the rules main applies (contract/error-reporting.ts): the
 * same noise filter, the same scrubbing of credentials from events and breadcrumbs, and the same
 * sampling, everything from a packaged release and nothing otherwise. Loaded only by
 * `startErrorReporting`, in its own chunk. Events travel to main over the preload's Sentry channels,
 * which main accepts from the app's own frames only (main/src/ipc/sentry-ipc.ts).
 */
export function initRendererSentry(settings: { readonly production: boolean }): void {
  Sentry.init({
    ...sampleRates(settings.production),
    sendDefaultPii: false,
    beforeSend: prepareErrorEvent,
    beforeBreadcrumb: prepareBreadcrumb,
  });
}
