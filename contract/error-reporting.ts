/**
 * The rules of error reporting that main and the renderer share.
 *
 * Both processes report through @sentry/electron (the renderer's SDK hands its events to main's);
 * keeping the filter and the sampling here means a rule changes in one place for both. Pure: no
 * Sentry, Node or DOM types, so it is tested and imported anywhere.
 */

/** The fields of a Sentry event the filter reads. */
export interface ErrorEventLike {
  readonly message?: string;
  readonly exception?: { readonly values?: ReadonlyArray<{ readonly value?: string }> };
}

/**
 * Messages that are noise, not errors. "ResizeObserver loop": the browser raises it when a layout
 * settles over more than one frame (virtualized lists do this constantly); harmless, and it would
 * drown real reports.
 */
export const ignoredErrorMessages: ReadonlyArray<string> = ['ResizeObserver loop'];

/** True when an event's message or any exception value carries an ignored message. */
export function isIgnoredErrorEvent(event: ErrorEventLike): boolean {
  const matches = (text: string | undefined) => text !== undefined && ignoredErrorMessages.some((noise) => text.includes(noise));
  if (matches(event.message)) return true;
  return event.exception?.values?.some((value) => matches(value.value)) ?? false;
}

/** A `beforeSend` for Sentry: drops ignored events, passes every other one unchanged. */
export function filterErrorEvent<E extends ErrorEventLike>(event: E): E | null {
  return isIgnoredErrorEvent(event) ? null : event;
}

/** How much is reported: everything from a packaged release, nothing from any other build. */
export function sampleRates(production: boolean): { readonly sampleRate: number; readonly tracesSampleRate: number } {
  const rate = production ? 1 : 0;
  return { sampleRate: rate, tracesSampleRate: rate };
}
