import { ErrorCode } from '@contract/errors';
import type { RouteId, RouteInput, RouteOutput, Routes } from '@contract/api';
import type { PaletteBridge } from '@contract/ipc';
import { connectivityStore, type ConnectivityStore } from '../connectivity/connectivity-state';
import { AppError, toAppError } from './app-error';
import { getBridge } from './get-bridge';
import { unwrapEnvelope, unwrapIpcResult } from './unwrap';

/** The input of an API route as the console passes it. */
export type ApiInput<R extends RouteId> = RouteInput<Routes[R]>;
/** The `data` of a successful reply of an API route. */
export type ApiOutput<R extends RouteId> = RouteOutput<Routes[R]>;

/** Who a call reports to; tests pass their own. */
export interface CallContext {
  readonly bridge: PaletteBridge;
  readonly connectivity: ConnectivityStore;
}

function defaultContext(): CallContext {
  return { bridge: getBridge(), connectivity: connectivityStore };
}

/**
 * Calls an API route through main (`palette.api.call`), typed by the contract's route table.
 *
 * Unwraps the IPC result and then the server envelope; any failure is thrown as an `AppError`
 * with its catalogue code. The outcome feeds the connectivity store: 1001 means main could not
 * reach the server (or the browser the host), and any answer at all means the way is open again.
 */
export async function callApi<R extends RouteId>(routeId: R, input: ApiInput<R>, context: CallContext = defaultContext()): Promise<ApiOutput<R>> {
  try {
    const result = await context.bridge.api.call({ routeId, input: input as never });
    const envelope = unwrapIpcResult(result);
    context.connectivity.dispatch({ type: 'call', reachable: true });
    return unwrapEnvelope<ApiOutput<R>>(envelope);
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.code === ErrorCode.NetworkFailed) context.connectivity.dispatch({ type: 'call', reachable: false });
    throw error;
  }
}

/**
 * Calls a non-API channel (`session.get`, `app.info`, ...) and unwraps its result, throwing an
 * `AppError` on failure.
 */
export async function callBridge<T>(call: (bridge: PaletteBridge) => Promise<{ ok: true; value: T } | { ok: false; code: number; message: string }>, bridge: PaletteBridge = getBridge()): Promise<T> {
  try {
    return unwrapIpcResult(await call(bridge));
  } catch (thrown) {
    throw toAppError(thrown);
  }
}

export { AppError };
