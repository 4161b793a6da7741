import { ErrorCode } from '@contract/errors';
import { AppFailure } from '../errors';
import { originOf } from '../web-security';

/**
 * Who sent an IPC request, as far as main can tell: the URL of the sending frame in the desktop app,
 * or the checked `Origin` of the request in the browser edition. `null` when the frame is gone.
 */
export interface IpcSender {
  readonly url: string | null;
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
  const origin = originOf(sender.url);
  if (origin === null || !trustedOrigins.includes(origin)) {
    throw new AppFailure(ErrorCode.Forbidden, 'Refused: the request does not come from the app');
  }
}
