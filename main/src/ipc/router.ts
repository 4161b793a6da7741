import { type z } from 'zod';
import { ErrorCode } from '@contract/errors';
import { ipcChannels, ipcChannelNames, type IpcChannelName, type IpcChannels, type IpcOutput, type IpcResult } from '@contract/ipc';
import { AppFailure } from '../errors';
import { type Logger, silentLogger } from '../logger';
import { assertTrustedSender, type IpcSender } from './trusted-sender';

/** A channel's handler: it receives the input as the contract's schema parsed it. */
export type IpcHandler<C extends IpcChannelName> = (
  input: z.output<IpcChannels[C]['input']>,
) => Promise<z.input<IpcChannels[C]['output']>> | z.input<IpcChannels[C]['output']>;

/** One handler per contract channel; the mapped type makes a missing channel a compile error. */
export type IpcHandlers = { readonly [C in IpcChannelName]: IpcHandler<C> };

/**
 * The IPC channels as one callable service, independent of the transport that carries them.
 *
 * The desktop app mounts it on `ipcMain`, the browser edition's host on a loopback HTTP endpoint;
 * both hand every request to `invoke`, so the sender check (first, before anything else is looked
 * at) and the validation both ways are written once and cannot be skipped by one of the transports.
 */
export interface IpcRouter {
  readonly channels: ReadonlyArray<IpcChannelName>;
  readonly invoke: (channel: string, input: unknown, sender: IpcSender) => Promise<IpcResult<unknown>>;
}

export interface IpcRouterOptions {
  readonly trustedOrigins: ReadonlyArray<string>;
  readonly log?: Logger;
}

function isChannel(name: string): name is IpcChannelName {
  return (ipcChannelNames as ReadonlyArray<string>).includes(name);
}

/**
 * Runs one request through the steps every channel shares after the sender check: input parsed by
 * the channel's schema, handler, output parsed by the channel's schema, an `IpcResult`.
 *
 * It never throws: a thrown Error would cross IPC as a bare message, so failures become
 * `{ ok: false, code, message }` with a contract code, and unexpected errors are logged here and
 * answered as 1005 without their details.
 */
async function runChannel<C extends IpcChannelName>(
  channel: C,
  handler: IpcHandler<C>,
  rawInput: unknown,
  options: IpcRouterOptions,
): Promise<IpcResult<IpcOutput<C>>> {
  const log = options.log ?? silentLogger;
  try {
    const schema = ipcChannels[channel];
    const input = schema.input.safeParse(rawInput);
    if (!input.success) {
      return { ok: false, code: ErrorCode.ParamInvalid, message: `Invalid input for ${channel}` };
    }
    const value = await handler(input.data as z.output<IpcChannels[C]['input']>);
    const output = schema.output.safeParse(value);
    if (!output.success) {
      log.error(`IPC ${channel} answered a value its contract refuses`);
      return { ok: false, code: ErrorCode.InternalError, message: 'Internal error' };
    }
    return { ok: true, value: output.data as IpcOutput<C> };
  } catch (error) {
    if (error instanceof AppFailure) {
      return { ok: false, code: error.code, message: error.message };
    }
    log.error(`IPC ${channel} failed`, error);
    return { ok: false, code: ErrorCode.InternalError, message: 'Internal error' };
  }
}

/**
 * Builds the router from one handler per channel. The origins are fixed here, once, by the entry
 * that knows them (app://palette or the dev server; the host's own origin in the browser edition).
 */
export function createIpcRouter(handlers: IpcHandlers, options: IpcRouterOptions): IpcRouter {
  return {
    channels: ipcChannelNames,
    invoke: async (channel, input, sender) => {
      try {
        assertTrustedSender(sender, options.trustedOrigins);
      } catch (error) {
        (options.log ?? silentLogger).warn(`IPC refused a request from outside the app (${String(channel).slice(0, 100)})`);
        const code = error instanceof AppFailure ? error.code : ErrorCode.Forbidden;
        return { ok: false, code, message: 'Refused: the request does not come from the app' };
      }
      if (typeof channel !== 'string' || !isChannel(channel)) {
        return { ok: false, code: ErrorCode.RouteNotFound, message: 'Unknown channel' };
      }
      return runChannel(channel, handlers[channel] as IpcHandler<typeof channel>, input, options);
    },
  };
}
