import { createHash } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { CLIENT_KEY_SHOWN_LENGTH } from '@contract/api/client-keys';

/**
 * What the server's log may say about the mobile app's callers (issue 18 §3).
 *
 * A client key sits in the path of every delivery request (`/client/v1/{clientKey}/…`) and the app
 * user's id in its query (`?userId=`); Fastify's own request lines and our refusal lines would write
 * both in full, hundreds of lines a minute. Keys are cut to the first characters the console shows
 * (`pk_AbCdEfGhI…`, enough to tell keys apart on the client keys page) and user ids become a short
 * SHA-256 (the same user gives the same hash, so one user's requests can still be followed, but
 * the log does not hand out ids). This is done by the logger's serializers, so it holds for every
 * line that logs a request, an error or one of these fields, whoever writes it.
 *
 * The delivery API's requests are also the server's hottest path: Fastify's "incoming request" and
 * "request completed" lines for them cost about a third of its throughput at `info`, so they are
 * written at `debug` only; refusals (the error handler's "request refused" at `info`) and failures
 * (`error`) keep their levels.
 */

/** Where the delivery API lives: the requests whose own request lines go to `debug`. */
export const DELIVERY_PATH_PREFIX = '/client/';

/**
 * A client key, wherever it appears: `pk_` and base64url (contract/api/client-keys.ts), also with
 * its characters percent-encoded in a URL (`pk%5F…`, which the router decodes to the same key).
 */
const CLIENT_KEY = /\bpk(?:_|%5F)(?:[A-Za-z0-9_-]|%[0-9A-F]{2}){1,200}/gi;
/** The app user's id in a query string (the delivery API's `userId`), up to the next parameter. */
const USER_ID_PARAM = /([?&;]userId=)([^&#\s]*)/gi;

/** A client key cut to the characters the console shows, with an ellipsis when anything was cut. */
export function redactClientKey(key: string): string {
  return key.length > CLIENT_KEY_SHOWN_LENGTH ? `${key.slice(0, CLIENT_KEY_SHOWN_LENGTH)}…` : key;
}

/** A user id as the log keeps it: `sha256:` and the first 16 hex digits of its SHA-256. */
export function hashUserId(userId: string): string {
  return `sha256:${createHash('sha256').update(userId, 'utf8').digest('hex').slice(0, 16)}`;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** A URL or any text with every client key cut to its prefix and every `userId=` value hashed. */
export function redactText(text: string): string {
  return text.replace(CLIENT_KEY, (key) => redactClientKey(decoded(key))).replace(USER_ID_PARAM, (_match, name: string, value: string) => `${name}${value === '' ? '' : hashUserId(decoded(value))}`);
}

/** Fastify's request serializer (lib/logger-pino.js), with the URL redacted. */
function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactText(request.url) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Any string field that may hold a URL or a key (`reason` of a refusal, `url`, `path`). */
const redactField = (value: unknown): unknown => (typeof value === 'string' ? redactText(value) : value);

/**
 * The serializers every line of the server's log goes through: `req` as Fastify's, with its URL
 * redacted; fields named after a URL, a refusal's reason, a key or a user id, redacted wherever they
 * are logged. (`err` keeps Fastify's serializer: a server fault's message names no request; the
 * refusals whose message quotes a path are logged with `reason`, see http/error-handler.ts.)
 */
export function logSerializers(): Record<string, (value: never) => unknown> {
  return {
    req: requestSerializer,
    url: redactField,
    path: redactField,
    reason: redactField,
    clientKey: (value: unknown) => (typeof value === 'string' ? redactClientKey(value) : value),
    userId: (value: unknown) => (typeof value === 'string' ? hashUserId(value) : value),
    appUserId: (value: unknown) => (typeof value === 'string' ? hashUserId(value) : value),
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The `logger` option of a Fastify server of ours, with the serializers above merged into whatever
 * the caller configured (level, stream). `false` or nothing stays without a log.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  const own = (options as { serializers?: Record<string, unknown> }).serializers ?? {};
  return { ...options, serializers: { ...logSerializers(), ...own } } as LoggerOption;
}

/** Whether a request is one of the delivery API's, whose request lines are written at `debug`. */
export function isDeliveryRequest(request: { readonly url?: string }): boolean {
  return typeof request.url === 'string' && request.url.startsWith(DELIVERY_PATH_PREFIX);
}

/**
 * Fastify's request lines ("incoming request", "request completed"), at `debug` for the delivery
 * API and as Fastify writes them (`info`) for everything else. A request that errored keeps
 * Fastify's `error` line; refusals and failures are also logged by the error handler at their own
 * levels (http/error-handler.ts), so nothing but the routine lines moves.
 */
export class DeliveryQuietLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!isDeliveryRequest(request)) {
      super.incomingRequest(request, reply, metadata);
      return;
    }
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error || !isDeliveryRequest(request)) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
