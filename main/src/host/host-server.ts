import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { ErrorCode } from '@contract/errors';
import { HOST_EVENTS_PATH, HOST_IPC_PATH, HOST_PAGE_KEY_FRAGMENT, HOST_PAGE_KEY_HEADER, hostCookieName, type IpcResult } from '@contract/ipc';
import { type EventHub } from '../events';
import { type IpcRouter } from '../ipc/router';
import { type Logger, silentLogger } from '../logger';
import { type MediaPreviewHandler } from '../media/previews';
import { resolveStaticFile, staticResponseHeaders } from '../static-files';
import { contentPolicies, isPagPlayerPath } from '../web-security';

/** What the host mounts once it knows its own origin (the router trusts only that origin). */
export interface HostServices {
  readonly router: IpcRouter;
  readonly events: EventHub;
  /** Media previews on the host's own origin (see main/src/media/previews.ts). */
  readonly media?: { readonly previews: MediaPreviewHandler };
}

/** How the host listens and what it serves. */
export interface HostOptions {
  /** The port to listen on; 0 for any free port. Without it `preferredPort` is tried first. */
  readonly port?: number;
  readonly preferredPort?: number;
  /** The built renderer (out/renderer). */
  readonly rendererDir: string;
  /** The first launch key (tests pass their own); without it one is drawn. Each key works once. */
  readonly launchKey?: string;
  /** Hears the next launch link each time one is used, so another browser can be opened. */
  readonly onLaunchUrl?: (url: string) => void;
  readonly connect: (origin: string) => HostServices;
  readonly log?: Logger;
}

/** A listening host: where it is and how to stop it. */
export interface RunningHost {
  readonly port: number;
  readonly origin: string;
  /** The address to open once (the newest, unused one): it sets the launch cookie and hands the page its key. */
  readonly launchUrl: string;
  readonly close: () => Promise<void>;
}

const MAX_IPC_BODY = 1024 * 1024;
/** Browsers opened with launch links that are remembered; the oldest is forgotten beyond this. */
const MAX_SESSIONS = 100;
const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** 256 random bits, base64url: launch keys, cookies and page keys. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(candidate: string | string[] | undefined | null, secret: string): boolean {
  if (typeof candidate !== 'string') return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...securityHeaders, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, code: number, message: string): void {
  const failure: IpcResult<never> = { ok: false, code, message };
  sendJson(res, status, failure);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IPC_BODY) {
        // Stop keeping the body but let it drain, so the 413 answer still reaches the client.
        req.removeListener('data', onData);
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.removeListener('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.removeListener('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/**
 * The browser edition's host: the renderer and the IPC router on one loopback origin.
 *
 * It stands in for Electron's process isolation when the Electron runtime is not available, so it
 * guards what Electron would: it listens on 127.0.0.1 only; every request must carry a `Host` of
 * 127.0.0.1:<port> (defeats DNS rebinding); everything but the launch URL needs the launch cookie;
 * IPC and the event stream also need the page key of the same launch in a header, an `Origin`
 * equal to the host's own (defeats cross-site requests) and, for IPC, a JSON body; the router then
 * checks that origin again like the desktop's sender check.
 *
 * Why two secrets: browsers send cookies for 127.0.0.1 to every port, so any other local service the
 * browser visits receives the launch cookie and could replay it. The page key is handed to the page
 * once, in the fragment of the launch redirect (never sent to a server), and kept in the storage of
 * the host's own origin, which no other port can read. A launch key works once; using it mints the
 * next one, reported through `onLaunchUrl` for another browser. See contract/ipc.ts for the protocol.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const log = options.log ?? silentLogger;
  const server = createServer();
  let port: number;
  if (options.port !== undefined) {
    port = await listen(server, options.port);
  } else {
    try {
      port = await listen(server, options.preferredPort ?? 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      port = await listen(server, 0);
    }
  }
  const origin = `http://127.0.0.1:${port}`;
  const expectedHost = `127.0.0.1:${port}`;
  const cookieName = hostCookieName(port);
  let launchKey = options.launchKey ?? newSecret();
  const launchUrlOf = (key: string) => `${origin}/?key=${encodeURIComponent(key)}`;
  /** One entry per launch link used: its cookie and the page key the page holds. */
  const sessions: Array<{ readonly cookie: string; readonly pageKey: string }> = [];
  const sessionOf = (req: IncomingMessage) => {
    const cookie = cookieValue(req.headers.cookie, cookieName);
    return sessions.find((entry) => sameSecret(cookie, entry.cookie)) ?? null;
  };
  const services = options.connect(origin);
  const policies = contentPolicies();
  const streams = new Set<ServerResponse>();

  async function handleIpc(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, ErrorCode.ParamInvalid, 'IPC requests are POST');
    if (req.headers.origin !== origin) return refuse(res, 403, ErrorCode.Forbidden, 'Refused: wrong origin');
    if (!hasPageKey(req)) return refuse(res, 403, ErrorCode.Forbidden, 'Refused: missing page key');
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, ErrorCode.ParamInvalid, 'IPC requests are JSON');
    }
    const text = await readBody(req);
    if (text === null) {
      res.setHeader('Connection', 'close');
      return refuse(res, 413, ErrorCode.ParamInvalid, 'Request too large');
    }
    let input: unknown;
    try {
      const body: unknown = text.trim() === '' ? {} : JSON.parse(text);
      input = typeof body === 'object' && body !== null ? (body as { input?: unknown }).input : undefined;
    } catch {
      return sendJson(res, 200, { ok: false, code: ErrorCode.ParamInvalid, message: 'Invalid JSON' } satisfies IpcResult<never>);
    }
    let name: string;
    try {
      name = decodeURIComponent(channel);
    } catch {
      name = '';
    }
    sendJson(res, 200, await services.router.invoke(name, input, { origin }));
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return refuse(res, 405, ErrorCode.ParamInvalid, 'Event streams are GET');
    // Same-origin EventSource requests carry no Origin; when one is present it must be ours.
    if (req.headers.origin !== undefined && req.headers.origin !== origin) return refuse(res, 403, ErrorCode.Forbidden, 'Refused: wrong origin');
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return refuse(res, 403, ErrorCode.Forbidden, 'Refused: cross-site');
    if (!hasPageKey(req)) return refuse(res, 403, ErrorCode.Forbidden, 'Refused: missing page key');
    res.writeHead(200, {
      ...securityHeaders,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    streams.add(res);
    const unsubscribe = services.events.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), 20_000);
    ping.unref();
    res.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(res);
    });
  }

  /** The request's page key belongs to the same launch as its cookie. */
  function hasPageKey(req: IncomingMessage): boolean {
    const session = sessionOf(req);
    return session !== null && sameSecret(req.headers[HOST_PAGE_KEY_HEADER], session.pageKey);
  }

  /** Trades a launch key, once, for the cookie and the page key; mints the next launch key. */
  function redeem(req: IncomingMessage, res: ServerResponse, key: string | null): void {
    if (req.method !== 'GET' || !sameSecret(key, launchKey)) {
      res.writeHead(403, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Forbidden: this launch link is not valid or was already used; open the newest one printed where Palette Console runs');
      return;
    }
    launchKey = newSecret();
    const session = { cookie: newSecret(), pageKey: newSecret() };
    sessions.push(session);
    if (sessions.length > MAX_SESSIONS) sessions.shift();
    options.onLaunchUrl?.(launchUrlOf(launchKey));
    res.writeHead(302, {
      ...securityHeaders,
      'Set-Cookie': `${cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/`,
      Location: `/#${HOST_PAGE_KEY_FRAGMENT}=${session.pageKey}`,
      'Cache-Control': 'no-store',
    });
    res.end();
  }

  async function handleMedia(req: IncomingMessage, res: ServerResponse, path: string, previews: MediaPreviewHandler): Promise<void> {
    const range = req.headers.range;
    const answer = await previews.serve(path, req.method ?? 'GET', typeof range === 'string' ? range : undefined);
    res.writeHead(answer.status, { ...securityHeaders, ...answer.headers });
    res.end(answer.body ?? undefined);
  }

  async function handleStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...securityHeaders, Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const resolution = await resolveStaticFile(options.rendererDir, path);
    switch (resolution.kind) {
      case 'refused':
        res.writeHead(403, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Forbidden');
        return;
      case 'not-found':
        res.writeHead(404, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found');
        return;
      case 'file':
        res.writeHead(200, { ...securityHeaders, ...staticResponseHeaders(resolution, path, policies) });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        createReadStream(resolution.path)
          .on('error', () => res.destroy())
          .pipe(res);
        return;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== expectedHost) {
      res.writeHead(403, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden: wrong host');
      return;
    }
    const raw = req.url ?? '/';
    const queryAt = raw.indexOf('?');
    const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1));

    if (path === '/' && query.has('key')) return redeem(req, res, query.get('key'));
    // The PAG player's page and scripts run with an opaque origin, which never sends the launch
    // cookie; they are static, public code and reach nothing of the session.
    if (isPagPlayerPath(path) && (req.method === 'GET' || req.method === 'HEAD')) return handleStatic(req, res, path);
    if (sessionOf(req) === null) {
      if (path.startsWith(HOST_IPC_PATH + '/') || path === HOST_EVENTS_PATH) {
        return refuse(res, 403, ErrorCode.Forbidden, 'Refused: missing launch cookie');
      }
      res.writeHead(403, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden: open the address printed when Palette Console started');
      return;
    }
    if (path.startsWith(HOST_IPC_PATH + '/')) return handleIpc(req, res, path.slice(HOST_IPC_PATH.length + 1));
    if (path === HOST_EVENTS_PATH) return handleEvents(req, res);
    const previews = services.media?.previews;
    if (previews?.handles(path)) return handleMedia(req, res, path, previews);
    return handleStatic(req, res, path);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      log.error('Host request failed', error);
      if (!res.headersSent) refuse(res, 500, ErrorCode.InternalError, 'Internal error');
      else res.destroy();
    });
  });

  return {
    port,
    origin,
    get launchUrl() {
      return launchUrlOf(launchKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
