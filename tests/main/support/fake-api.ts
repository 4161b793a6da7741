import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request as the fake API server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** What the fake answers: an envelope (status 200 unless given), a dropped connection, or nothing. */
export type FakeReply =
  | { readonly json: unknown; readonly status?: number }
  | { readonly text: string; readonly status: number }
  | 'drop'
  | 'hang';

export type FakeRoute = (request: SeenRequest) => FakeReply;

export interface FakeApi {
  readonly url: string;
  readonly seen: SeenRequest[];
  readonly routes: Map<string, FakeRoute>;
  readonly close: () => Promise<void>;
}

/**
 * A stand-in for the API server on 127.0.0.1: routes by `METHOD /path`, records every request, and
 * can drop or stall connections to play a network failure or a timeout.
 */
export async function startFakeApi(): Promise<FakeApi> {
  const seen: SeenRequest[] = [];
  const routes = new Map<string, FakeRoute>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      const path = request.url.split('?')[0];
      const route = routes.get(`${request.method} ${path}`);
      const reply: FakeReply = route ? route(request) : { json: { code: 1007, message: 'Not found' }, status: 404 };
      if (reply === 'drop') {
        req.socket.destroy();
      } else if (reply === 'hang') {
        hanging.add(res);
      } else if ('json' in reply) {
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(reply.status, { 'Content-Type': 'text/html' });
        res.end(reply.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const sampleUser = {
  id: 'u1',
  email: 'admin@example.com',
  name: 'Admin',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
} as const;

export const TOKEN = 'tok_0123456789abcdef_SECRET';
