import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { HOST_EVENTS_PATH, HOST_IPC_PATH, HOST_PAGE_KEY_FRAGMENT, HOST_PAGE_KEY_HEADER, hostCookieName } from '@contract/ipc';
import { EventHub } from '../../main/src/events';
import { startHost, type RunningHost } from '../../main/src/host/host-server';
import { createIpcRouter } from '../../main/src/ipc/router';
import { contentSecurityPolicy, pagPlayerContentSecurityPolicy } from '../../main/src/web-security';
import { stubHandlers } from './support/handlers';
import { redeemLaunch, type HostSession } from './support/host-session';
import { createRendererFixture, type RendererFixture } from './support/renderer-fixture';

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const FIRST_KEY = 'launch-key-0123456789';
let fixture: RendererFixture;
let host: RunningHost;
let events: EventHub;
let session: HostSession;
const nextLinks: string[] = [];
const openExternal = vi.fn(async () => false);

/** A raw HTTP request, so paths, Host and Origin reach the host exactly as written. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string; keepOpen?: (chunk: string) => boolean } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: host.port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${host.port}`, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (options.keepOpen && !options.keepOpen(body)) {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
            req.destroy();
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', (error) => (options.keepOpen ? undefined : reject(error)));
    req.end(options.body);
  });
}

const cookie = () => session.cookie;
const ipc = (channel: string, input: unknown, headers: Record<string, string> = {}) =>
  send(`${HOST_IPC_PATH}/${channel}`, {
    method: 'POST',
    headers: { ...session.headers, origin: host.origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ input }),
  });

beforeAll(async () => {
  fixture = createRendererFixture();
  events = new EventHub();
  host = await startHost({
    port: 0,
    rendererDir: fixture.rendererDir,
    launchKey: FIRST_KEY,
    onLaunchUrl: (url) => nextLinks.push(url),
    connect: (origin) => ({ router: createIpcRouter(stubHandlers({ 'shell.openExternal': openExternal }), { trustedOrigins: [origin] }), events }),
  });
  session = await redeemLaunch(host);
});
afterAll(async () => {
  await host.close();
  fixture.cleanup();
});

describe('the browser edition host', () => {
  it('listens on loopback; its first launch link was used once and the next one was reported', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(nextLinks).toHaveLength(1);
    expect(host.launchUrl).toBe(nextLinks[0]);
    expect(host.launchUrl).toMatch(new RegExp(`^${host.origin}/\\?key=[A-Za-z0-9_-]{43}$`));
    expect(host.launchUrl).not.toContain(FIRST_KEY);
  });

  it('trades a launch key for an HttpOnly SameSite=Strict cookie of its own port and a page key in the fragment', async () => {
    const link = new URL(host.launchUrl);
    const reply = await send(`/${link.search}`);
    expect(reply.status).toBe(302);
    expect(reply.headers['cache-control']).toBe('no-store');
    const location = reply.headers.location!;
    expect(location).toMatch(new RegExp(`^/#${HOST_PAGE_KEY_FRAGMENT}=[A-Za-z0-9_-]{43}$`));
    const setCookie = reply.headers['set-cookie']!.join(';');
    expect(setCookie).toMatch(new RegExp(`^${hostCookieName(host.port)}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    // Three different secrets: the key, the cookie and the page key.
    const cookieValue = setCookie.split(';')[0]!.split('=')[1]!;
    const pageKey = location.split('=')[1]!;
    expect(new Set([link.searchParams.get('key'), cookieValue, pageKey]).size).toBe(3);
  });

  it('lets a launch key work once; a used, wrong or non-GET key is refused and hands out nothing', async () => {
    const link = new URL(host.launchUrl);
    expect((await send(`/${link.search}`, { method: 'POST' })).status).toBe(403);
    expect((await send(`/${link.search}`)).status).toBe(302);
    for (const path of [`/${link.search}`, `/?key=${FIRST_KEY}`, '/?key=wrong', '/?key=']) {
      const again = await send(path);
      expect(again.status, path).toBe(403);
      expect(again.headers['set-cookie'], path).toBeUndefined();
      expect(again.body).toContain('already used');
    }
  });

  it('refuses requests without the launch cookie', async () => {
    expect((await send('/')).status).toBe(403);
    expect((await send('/', { headers: { cookie: `${hostCookieName(host.port)}=guess` } })).status).toBe(403);
    const refused = await ipc('app.info', undefined, { cookie: '' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, code: ErrorCode.Forbidden });
    expect((await send(HOST_EVENTS_PATH, { headers: { [HOST_PAGE_KEY_HEADER]: session.pageKey } })).status).toBe(403);
  });

  it('refuses IPC and the event stream with the cookie alone, or with the page key of another launch', async () => {
    const alone = await ipc('app.info', undefined, { [HOST_PAGE_KEY_HEADER]: '' });
    expect(alone.status).toBe(403);
    expect(JSON.parse(alone.body)).toEqual({ ok: false, code: ErrorCode.Forbidden, message: 'Refused: missing page key' });
    const other = await redeemLaunch(host);
    expect((await ipc('app.info', undefined, { [HOST_PAGE_KEY_HEADER]: other.pageKey })).status).toBe(403);
    expect((await ipc('app.info', undefined, { cookie: other.cookie, [HOST_PAGE_KEY_HEADER]: session.pageKey })).status).toBe(403);
    expect((await ipc('app.info', undefined, other.headers)).status).toBe(200);
    expect((await send(HOST_EVENTS_PATH, { headers: { cookie: cookie() } })).status).toBe(403);
    // Pages and assets need the cookie only: they hold nothing of the session.
    expect((await send('/', { headers: { cookie: cookie() } })).status).toBe(200);
  });

  it('refuses the cookie replayed by another service on 127.0.0.1 (another port, its own origin)', async () => {
    // A browser sends the cookies of 127.0.0.1 to every port: the other service receives ours.
    let received = '';
    const other = createServer((req, res) => {
      received = req.headers.cookie ?? '';
      res.end('hello');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port: otherPort, path: '/', headers: { cookie: cookie() } }, (res) => res.resume().on('end', resolve)).on('error', reject).end(),
    );
    other.close();
    expect(received).toBe(cookie());

    // Replayed as is, with the host's own Origin forged and from the service's own origin: refused.
    for (const origin of [host.origin, `http://127.0.0.1:${otherPort}`]) {
      const replay = await send(`${HOST_IPC_PATH}/session.get`, { method: 'POST', headers: { cookie: received, origin, 'content-type': 'application/json' }, body: '{}' });
      expect(replay.status, origin).toBe(403);
      expect(JSON.parse(replay.body)).toMatchObject({ ok: false, code: ErrorCode.Forbidden });
    }
    expect((await send(HOST_EVENTS_PATH, { headers: { cookie: received } })).status).toBe(403);
  });

  it('refuses a wrong Host header (DNS rebinding)', async () => {
    for (const hostHeader of ['evil.example', `localhost:${host.port}`, '127.0.0.1']) {
      const reply = await send('/', { headers: { host: hostHeader, cookie: cookie() } });
      expect(reply.status, hostHeader).toBe(403);
    }
    const unused = host.launchUrl;
    expect((await send(`/${new URL(unused).search}`, { headers: { host: 'evil.example' } })).status).toBe(403);
    expect(host.launchUrl).toBe(unused);
  });

  it('refuses IPC with a missing or foreign Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `http://localhost:${host.port}`]) {
      const reply = await ipc('app.info', undefined, { origin });
      expect(reply.status, origin).toBe(403);
    }
    const noOrigin = await send(`${HOST_IPC_PATH}/app.info`, { method: 'POST', headers: { ...session.headers, 'content-type': 'application/json' }, body: '{}' });
    expect(noOrigin.status).toBe(403);
  });

  it('refuses IPC that is not a JSON POST', async () => {
    expect((await send(`${HOST_IPC_PATH}/app.info`, { headers: { ...session.headers, origin: host.origin } })).status).toBe(405);
    const form = await ipc('app.info', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  it('refuses an oversized IPC body with 413', async () => {
    const reply = await ipc('api.call', { routeId: 'auth.me', input: { body: 'x'.repeat(2 * 1024 * 1024) } });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
  });

  it('runs IPC through the router: results, bad input and unknown channels', async () => {
    const info = await ipc('app.info', undefined);
    expect(info.status).toBe(200);
    expect(info.headers['content-type']).toContain('application/json');
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { name: 'Palette Console', rendererBuild: 'test' } });
    expect(JSON.parse((await ipc('shell.openExternal', { url: 'https://docs.example' })).body)).toEqual({ ok: true, value: false });
    expect(JSON.parse((await ipc('session.signIn', { email: 'nope' })).body)).toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
    expect(JSON.parse((await ipc('fs.read', undefined)).body)).toMatchObject({ ok: false, code: ErrorCode.RouteNotFound });
  });

  it('streams events as server-sent events', async () => {
    const state = { network: true, server: false, checkedAt: new Date(0).toISOString() };
    let emitted = false;
    const reply = await send(HOST_EVENTS_PATH, {
      headers: session.headers,
      keepOpen: (body) => {
        // The stream opens with a retry hint; once it is there, the host is subscribed.
        if (!emitted && body.includes('retry:')) {
          emitted = true;
          events.emit('connectivity.changed', state);
        }
        return !body.includes('event: connectivity.changed');
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/event-stream');
    expect(reply.body).toContain(`event: connectivity.changed\ndata: ${JSON.stringify(state)}\n\n`);
  });

  it('refuses a cross-site event stream', async () => {
    expect((await send(HOST_EVENTS_PATH, { headers: { ...session.headers, origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('serves index.html with the CSP, and index.html for client routes', async () => {
    for (const path of ['/', '/index.html', '/projects/7/paywalls', '/settings?tab=2']) {
      const reply = await send(path, { headers: { cookie: cookie() } });
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-security-policy']).toBe(contentSecurityPolicy());
      expect(reply.body).toContain('<div id="root">');
    }
  });

  it('serves assets with their MIME types and 404s missing files', async () => {
    const js = await send('/assets/index-abc123.js', { headers: { cookie: cookie() } });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    const css = await send('/assets/index-abc123.css', { headers: { cookie: cookie() } });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const build = await send('/build-id.json', { headers: { cookie: cookie() } });
    expect(JSON.parse(build.body)).toEqual({ build: '20260101T000000Z-abcdef' });
    expect((await send('/assets/missing.js', { headers: { cookie: cookie() } })).status).toBe(404);
  });

  it('serves the PAG player without the launch cookie (its opaque origin has none), and nothing else', async () => {
    const page = await send('/pag-player/index.html');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(pagPlayerContentSecurityPolicy());
    const script = await send('/pag-player/pag-player-abc123.js', { headers: { origin: 'null' } });
    expect(script.status).toBe(200);
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect((await send('/pag-player/', {})).status).toBe(404);
    expect((await send('/pag-player/../index.html', {})).status).not.toBe(200);
    expect((await send('/pag-player/index.html', { method: 'POST' })).status).toBe(403);
    for (const path of ['/', '/assets/index-abc123.js', '/build-id.json']) {
      expect((await send(path)).status, path).toBe(403);
    }
  });

  it('refuses path traversal, encoded or not, and symlinks out of the build', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/escape.txt', '/%00index.html']) {
      const reply = await send(path, { headers: { cookie: cookie() } });
      expect(reply.status, path).toBe(403);
      expect(reply.body).not.toContain('TOP SECRET');
    }
  });
});
