/**
 * Links that open the console at a screen: what the server writes into mails (an invitation, a
 * password reset) and signed preview links, what the desktop app accepts as `palette://…` from the
 * operating system, and what the browser edition accepts as paths on its own origin.
 *
 * One table for all three, so a link the server builds is always one the console understands: the
 * console path is the same everywhere, `palette://` only replaces `https://host` (the desktop app
 * has no web address). Pure: no Node, DOM or Electron, imported by server, main and renderer.
 */

/** The URL scheme the installer registers for the desktop app. */
export const CONSOLE_LINK_SCHEME = 'palette';

/** Longest link accepted from the operating system (a preview token is the longest part). */
export const MAX_CONSOLE_LINK_LENGTH = 2048;

const tokenPattern = /^[A-Za-z0-9._~-]+$/;
const codePattern = /^[A-Za-z0-9_-]{1,256}$/;
const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** The console paths a link may open, each built from its parts (encoded). */
export const consoleLinkPaths = {
  /** The invitation screen with the mailed code filled in (renderer route `/invitations/accept`). */
  invitation: (code: string): string => `/invitations/accept?code=${encodeURIComponent(code)}`,
  /** The sign-in page at the reset step, with the account and the mailed code filled in. */
  passwordReset: (email: string, code: string): string => `/login?reset=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`,
  /** A signed preview (renderer route `/preview/:token`). */
  preview: (token: string): string => `/preview/${encodeURIComponent(token)}`,
} as const;

/** `palette://<path>` for a console path of the table above. */
export function desktopConsoleLink(path: string): string {
  return `${CONSOLE_LINK_SCHEME}://${path.replace(/^\/+/, '')}`;
}

/** `<consoleUrl><path>` for an installation that serves the console on a web address. */
export function webConsoleLink(consoleUrl: string, path: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The console path a link opens, or null when it is no link of the table above.
 *
 * The result is rebuilt from the recognised parts only (unknown query parameters such as
 * `redirect=` are dropped), so a link from an untrusted page can open one of these screens with its
 * own code or token and nothing else.
 */
export function consolePathOfLink(link: string): string | null {
  if (link.length > MAX_CONSOLE_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${CONSOLE_LINK_SCHEME}:` || url.username !== '' || url.password !== '' || url.port !== '') return null;
  // `palette://invitations/accept` parses with host `invitations`; `palette:///invitations/accept` without.
  const path = `/${url.host}${url.pathname}`.replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return consolePathOf(path, url.searchParams);
}

/** The console path for a path and query that arrived on the console's own origin, or null. */
export function consolePathOf(pathname: string, query: URLSearchParams): string | null {
  const path = pathname.replace(/\/$/, '');
  if (path === '/invitations/accept') {
    const code = query.get('code');
    return code !== null && codePattern.test(code) ? consoleLinkPaths.invitation(code) : null;
  }
  if (path === '/login') {
    const code = query.get('reset');
    const email = query.get('email');
    return code !== null && email !== null && codePattern.test(code) && emailPattern.test(email) ? consoleLinkPaths.passwordReset(email, code) : null;
  }
  const preview = /^\/preview\/([^/]+)$/.exec(path);
  if (preview) {
    let token: string;
    try {
      token = decodeURIComponent(preview[1]!);
    } catch {
      return null;
    }
    return tokenPattern.test(token) && /[A-Za-z0-9]/.test(token) ? consoleLinkPaths.preview(token) : null;
  }
  return null;
}
