import { desktopConsoleLink, webConsoleLink } from '@contract/console-links';

/**
 * The links a mail gives to open the console at a screen (contract/console-links.ts): always the
 * desktop app's `palette://` link, which the installer registers and the running console takes over;
 * and, when the installation serves the console on a web address (`CONSOLE_URL`, e.g. a browser
 * edition kept on a known host), the same path there. The mail's code stays written out as well, for
 * mail programs that do not make a `palette://` link clickable.
 */
export function consoleLinks(path: string, consoleUrl: string | undefined): { readonly desktop: string; readonly web: string | null } {
  return { desktop: desktopConsoleLink(path), web: consoleUrl ? webConsoleLink(consoleUrl, path) : null };
}
