/**
 * Starts the renderer's error reporting in the desktop app, when main reports errors.
 *
 * Main initializes @sentry/electron with the DSN from its configuration; the renderer's SDK has no
 * DSN of its own and hands its events to main over Electron IPC. So it starts only in the desktop
 * app (`window.palette` is the preload's bridge; the browser edition has no Electron main to talk
 * to) and only when `app.info` says main's reporting is on. The SDK is imported on demand: the
 * browser edition and the sign-in chunk never download it.
 */
export async function startErrorReporting(): Promise<boolean> {
  const bridge = window.palette;
  if (!bridge) return false;
  const info = await bridge.app.info();
  if (!info.ok || !info.value.errorReporting) return false;
  const { initRendererSentry } = await import('./sentry-renderer');
  initRendererSentry(info.value.errorReporting);
  return true;
}
