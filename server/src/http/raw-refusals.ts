import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ErrorCode, errorEntry } from '@contract/errors';
import type { Envelope } from '@contract/envelope';
import { messageOf } from '../errors';
import { DeliveryQuietLogController, withLogRedaction } from './logging';
import { SECURITY_HEADERS } from './security-headers';

/**
 * The envelope for refusals that happen before a route (and its error handler) is reached (issue 18
 * §7): what Fastify's router and Node's HTTP parser would otherwise answer with bodies of their own.
 *
 * | what arrives | who sees it | answer |
 * |---|---|---|
 * | bad percent-encoding in the path (`/%zz`) | Fastify's router (FST_ERR_BAD_URL) | 400, 1000 |
 * | a path parameter over {@link MAX_PARAM_LENGTH} characters | Fastify's router (FST_ERR_MAX_PARAM_LENGTH, 414) | 400, 1000 |
 * | a request line or headers over Node's 16 KB (`--max-http-header-size`) | Node's parser (HPE_HEADER_OVERFLOW, 431) | 400, 1000 |
 * | any other request Node cannot parse (HPE_*) | Node's parser | 400, 1000 |
 * | `Expect:` other than `100-continue` | Node's server (417) | 400, 100208 |
 *
 * The status follows the catalogue (a code has one status; tests hold every reply to it): a line or
 * header too long is the caller's parameter mistake, 1000, like a body too large. Answered raw on the
 * socket, so with the same security headers the app's hook adds, and `Connection: close` (the parser
 * cannot go on after its own error).
 *
 * What stays as Node answers it, said here and tested: a request that stays unfinished past the
 * request timeout is answered Node's own `408` without a body (the caller is gone or too slow to read
 * one; no catalogue code is a client timeout), and a connection reset or a socket already written
 * to gets nothing (there is nobody to answer, or a reply is under way).
 */

/** Longest path parameter the router takes; a longer one is refused before any route runs. */
export const MAX_PARAM_LENGTH = 500;

/** The bytes of a whole HTTP/1.1 reply carrying an envelope, for a raw socket. */
function rawEnvelopeResponse(code: number, message: string, extraHeaders: Readonly<Record<string, string>> = {}): string {
  const { status } = errorEntry(code);
  const body = JSON.stringify({ code, message } satisfies Envelope<never>);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    connection: 'close',
    ...extraHeaders,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`;
}

/** What a router error means for the caller. */
function routerRefusal(error: FastifyError): { code: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { code: ErrorCode.ParamInvalid, message: 'The request path is not valid percent-encoding.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: ErrorCode.ParamInvalid, message: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.` };
    default:
      return { code: ErrorCode.InternalError, message: messageOf(ErrorCode.InternalError) };
  }
}

/**
 * Fastify's `frameworkErrors`: the router's refusals as envelopes. The reply of these does not run
 * the app's hooks (the request matched no route), so the security headers are set here.
 */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { code, message } = routerRefusal(error);
  const { status } = errorEntry(code);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code, reason: error.message }, 'request refused');
  void reply
    .code(status)
    .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-store' })
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message } satisfies Envelope<never>));
}

/** Node's parse errors carry a `code` (`HPE_…`, `ERR_HTTP_REQUEST_TIMEOUT`, `ECONNRESET`). */
type ClientError = Error & { readonly code?: string };

/** Whether the socket may still be answered: open, and no reply of an earlier request half-written. */
function answerable(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return socket.writable && !(inFlight?.headersSent ?? false);
}

/**
 * Fastify's `clientErrorHandler` (Node's server 'clientError'): a request Node's parser refused,
 * answered with an envelope instead of Fastify's `{"error":…}` body. See the table above for what
 * stays Node's.
 */
function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!answerable(socket)) {
    socket.destroy(error);
    return;
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // Node's own answer (lib/_http_server.js), kept: see the header comment.
    socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    return;
  }
  const message =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'The request line or its headers are longer than the server takes (16 KB).' : 'The request could not be read as HTTP.';
  this.log.info({ code: ErrorCode.ParamInvalid, reason: error.code ?? error.message }, 'request refused before routing');
  socket.end(rawEnvelopeResponse(ErrorCode.ParamInvalid, message));
}

/**
 * Node's 'checkExpectation': a request whose `Expect` is not `100-continue`. Node would answer a
 * bodiless 417; the catalogue's answer is 100208 (a header that is not valid). The body, if any, is
 * never read, so the connection closes.
 */
function answerExpectation(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ code: ErrorCode.HeaderInvalid, message: 'Only the 100-continue expectation is supported.' } satisfies Envelope<never>);
  response.shouldKeepAlive = false;
  response.writeHead(errorEntry(ErrorCode.HeaderInvalid).status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(body);
  request.resume();
}

/**
 * The Fastify options every server of ours starts with (the app, and the delivery API's outage
 * server): the log's redaction and quiet delivery request lines (http/logging.ts), the router's
 * parameter limit and the envelopes above.
 */
export function baseServerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger: withLogRedaction(logger),
    logController: new DeliveryQuietLogController(),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError as FastifyServerOptions['clientErrorHandler'],
  };
}

/** The refusal Node's server makes itself, before Fastify sees a request (an `Expect` it does not meet). */
export function installRawRefusals(app: FastifyInstance): void {
  app.server.on('checkExpectation', answerExpectation);
}
