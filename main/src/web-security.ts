/**
 * The web security rules both editions share: the Content-Security-Policy, how an origin is read
 * from a URL, and which links may leave the app.
 *
 * Kept free of Electron so that the desktop window, the `app://` protocol handler and the browser
 * edition's host send exactly the same header and apply exactly the same link rules.
 */

/** The renderer's own origin in the packaged desktop app (a privileged standard scheme). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'palette';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface CspOptions {
  /**
   * The dev server's origin while developing: Vite's React refresh needs an inline preamble and a
   * WebSocket back to the dev server, which the production policy forbids.
   */
  readonly devServerOrigin?: string;
}

/**
 * The Content-Security-Policy of every renderer document.
 *
 * `style-src 'unsafe-inline'` stays because Fluent UI (Griffel) injects its styles at run time;
 * scripts never get it in production. Images and media may come from https (CDN previews) and
 * from blob:/data: (local previews before upload). The renderer talks only to its own origin.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerOrigin;
  const devWs = dev ? dev.replace(/^http/, 'ws') : undefined;
  const directives: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ['default-src', ["'self'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['media-src', ["'self'", 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', dev && devWs ? ["'self'", dev, devWs] : ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * Where the PAG player page lives (`out/renderer/pag-player/`). The console shows PAG animations in
 * a sandboxed frame of this page: libpag's WebAssembly bindings create functions at run time, which
 * needs `'unsafe-eval'`, and the console's own policy must never allow that.
 */
export const PAG_PLAYER_PATH = '/pag-player/';

/** Whether a URL path belongs to the PAG player (its page and its scripts). */
export function isPagPlayerPath(pathname: string): boolean {
  return pathname.startsWith(PAG_PLAYER_PATH);
}

/**
 * The policy of the PAG player page.
 *
 * `sandbox allow-scripts` gives the page an opaque origin even when it is opened on its own, so it
 * can read no cookie, storage or window of the console; it may run only its own scripts (with eval
 * and WebAssembly compilation for libpag), fetch nothing (the console posts it the library's
 * WebAssembly and the file to play), and be framed only by the console.
 */
export function pagPlayerContentSecurityPolicy(options: CspOptions = {}): string {
  const dev = options.devServerOrigin;
  const devWs = dev ? dev.replace(/^http/, 'ws') : undefined;
  const directives: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ['default-src', ["'none'"]],
    ['script-src', dev ? ["'self'", dev, "'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'"] : ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]],
    ['style-src', ["'unsafe-inline'"]],
    ['img-src', ['blob:', 'data:']],
    ['connect-src', dev && devWs ? [dev, devWs] : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'self'"]],
    ['sandbox', ['allow-scripts']],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The two document policies of the app: the console's and the PAG player's. */
export interface ContentPolicies {
  readonly console: string;
  readonly pagPlayer: string;
}

export function contentPolicies(options: CspOptions = {}): ContentPolicies {
  return { console: contentSecurityPolicy(options), pagPlayer: pagPlayerContentSecurityPolicy(options) };
}

/** The policy a response for this URL path carries. */
export function policyForPath(policies: ContentPolicies, pathname: string): string {
  return isPagPlayerPath(pathname) ? policies.pagPlayer : policies.console;
}

/**
 * The origin of a URL as a browser compares it, or null when the URL cannot be parsed.
 *
 * WHATWG `URL.origin` answers "null" for non-special schemes such as `app:`, which would make every
 * `app://` URL look alike; the scheme and host are joined by hand instead.
 */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** Whether a URL belongs to one of the app's own origins. */
export function isOwnOrigin(url: string | null | undefined, allowedOrigins: ReadonlyArray<string>): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

/**
 * Whether a link may be handed to the system browser: plain http(s) only, so `file:`, `javascript:`,
 * custom schemes (which could launch other programs) and URLs with credentials never leave the app.
 */
export function isExternalWebUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.username === '' && parsed.password === '';
}
