import { ErrorCode } from '@contract/errors';
import { AppFailure } from '../errors';

/**
 * Who sent an IPC request, as far as main can tell: the serialized origin of the sending frame
 * (`WebFrameMain.origin`) in the desktop app, or the checked `Origin` header of the request in the
 * browser edition. `null` when the frame is gone.
 */
export interface IpcSender {
  readonly origin: string | null;
}

/**
 * Whether a sender is one of the app's own pages.
 *
 * The frame's origin is compared, never its URL: a URL can look like the app's (`app://palette.evil`,
 * `app://palette@evil`, a `file:` path naming `app://palette`) and a frame's URL is not its origin
 * (the sandboxed PAG player is served from `app://palette/pag-player/` but runs with an opaque
 * origin, `null`; an `about:blank` child inherits its parent's). The origin is the browser's own
 * serialization, so an exact match against the app's origins is the whole check: no parsing, no
 * prefixes, no case folding.
 */
export function isTrustedSender(sender: IpcSender, trustedOrigins: ReadonlyArray<string>): boolean {
  return typeof sender.origin === 'string' && sender.origin !== 'null' && trustedOrigins.includes(sender.origin);
}

/**
 * Refuses a request that does not come from the app's own pages.
 *
 * A compromised or navigated-away frame (an external page that slipped through, an iframe) must
 * not reach the session or the API proxy, so every handler runs only after the sender's origin
 * matches one of the app's own: `app://palette` in production, the dev server while developing, the
 * host's own origin in the browser edition.
 */
export function assertTrustedSender(sender: IpcSender, trustedOrigins: ReadonlyArray<string>): void {
  if (!isTrustedSender(sender, trustedOrigins)) {
    throw new AppFailure(ErrorCode.Forbidden, 'Refused: the request does not come from the app');
  }
}
