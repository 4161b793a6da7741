import { ErrorCode } from '@contract/errors';
import { AppError } from '../bridge/app-error';
import { connectivityStore, offlineReason, type ConnectivityStore } from '../connectivity/connectivity-state';

/**
 * Refuses a change while the console is offline, before anything leaves the renderer.
 *
 * The form that asked keeps what was typed (nothing is reset on error) and shows the localized
 * 1009 message; the operator submits again once the banner is gone. Apart from the query hooks
 * (data/api-hooks.ts) so the sign-in path does not load TanStack Query.
 */
export function assertOnline(store: ConnectivityStore = connectivityStore): void {
  if (offlineReason(store.getSnapshot()) !== null) {
    throw new AppError(ErrorCode.Offline, 'Refused locally: the console is offline.');
  }
}
