import { app } from 'electron';
import { CONSOLE_LINK_SCHEME, consolePathOfLink, MAX_CONSOLE_LINK_LENGTH } from '@contract/console-links';
import { type Logger, silentLogger } from './logger';

/**
 * `palette://` links (contract/console-links.ts): the operating system hands them to the desktop app,
 * which opens the console at the link's screen.
 *
 * How a link arrives: on macOS as `open-url` (also before `ready`, when it started the app); on
 * Windows and Linux as a command-line argument, of this process when the link started the app or
 * of the second instance, whose arguments reach the running one as `second-instance` (the
 * single-instance lock makes that instance quit at once).
 */

/** The first `palette:` link among command-line arguments, or null. */
export function linkInArgv(argv: ReadonlyArray<string>): string | null {
  const prefix = `${CONSOLE_LINK_SCHEME}:`;
  return argv.find((arg) => arg.length <= MAX_CONSOLE_LINK_LENGTH && arg.toLowerCase().startsWith(prefix)) ?? null;
}

/** Shows a console path in the running window; answers false when there is no window yet. */
export type LinkTarget = (path: string | null) => boolean;

/**
 * Takes links from wherever they arrive and brings them to the window: at once when there is one,
 * otherwise kept until the window opens (its first address is then the link's path). A link that
 * is no console link still brings the window forward, but opens nothing.
 */
export class ConsoleLinkRouter {
  private pending: string | null = null;
  private target: LinkTarget | null = null;

  constructor(private readonly log: Logger = silentLogger) {}

  open(link: string): void {
    const path = consolePathOfLink(link);
    if (path === null) this.log.warn('Ignored a palette: link that opens no console screen');
    if (this.target?.(path)) return;
    if (path !== null) this.pending = path;
  }

  /** The window that takes links from now on. */
  attach(target: LinkTarget): void {
    this.target = target;
  }

  /** The path of a link that came before the window, once. */
  takePending(): string | null {
    const path = this.pending;
    this.pending = null;
    return path;
  }
}

/**
 * Makes this app the handler of `palette:` links, where the installer has not already: Windows
 * (registry) and Linux (the .desktop file's MimeType, through xdg-mime). On macOS the scheme is
 * declared in Info.plist by electron-builder's `protocols`. Only a packaged app registers: a
 * development build must not take over the links of the installed one.
 */
export function registerProtocolClient(log: Logger = silentLogger): boolean {
  if (!app.isPackaged) return false;
  const registered = app.setAsDefaultProtocolClient(CONSOLE_LINK_SCHEME);
  if (!registered) log.warn(`Could not register as the handler of ${CONSOLE_LINK_SCHEME}: links`);
  return registered;
}

/**
 * Listens for links (call before `ready`: macOS sends the link that started the app early) and
 * takes the one this process was started with. `onSecondInstance` also hears a second start
 * without a link (it should bring the window forward).
 */
export function listenForLinks(router: ConsoleLinkRouter, onSecondInstance: () => void): void {
  app.on('open-url', (event, url) => {
    event.preventDefault();
    router.open(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = linkInArgv(argv);
    if (link) router.open(link);
    else onSecondInstance();
  });
  const initial = linkInArgv(process.argv.slice(1));
  if (initial) router.open(initial);
}
