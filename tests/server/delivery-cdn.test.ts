import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItem } from '@contract/config';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The delivery API behind a real CDN: Debian's nginx with `proxy_cache`, configured the way a
 * careless CDN is (the client's Host passed through, the cache keyed on the URL alone, the origin's
 * Cache-Control and Vary obeyed), started by the test on loopback ports in a directory of its own.
 * What the outside review of issue 18 saw go wrong: a forged Host poisoning the cached copy, a
 * compressed copy replaced by an uncompressed one (or handed to a client that cannot read it),
 * 304s without Vary. PGlite and PostgreSQL.
 *
 * nginx is required in CI (REQUIRE_POSTGRES=1 or CI set: the test fails without it; scripts/test.sh
 * installs nginx-light); elsewhere the test is skipped when nginx is not installed.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? (spawnSync('sh', ['-c', 'command -v nginx']).stdout?.toString().trim() || null);
const IN_CI = process.env.REQUIRE_POSTGRES === '1' || Boolean(process.env.CI);
const DELIVERY_URL = 'https://cdn.palette.test';
const MEDIA = `/api/v1/media/${'c'.repeat(64)}.png`;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let key = '';
let prefix = '';
let nginx: ChildProcess | null = null;
let nginxPort = 0;
let nginxLog = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The nginx configuration of the review: proxy_cache in front of the API, nothing else changed. */
function nginxConf(dir: string, listen: number, upstream: number): string {
  return `
daemon off;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=delivery:1m max_size=16m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${listen};
    location /client/v1/ {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_cache delivery;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One request through nginx, with the exact headers given (no Accept-Encoding unless given). */
function viaCdn(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: nginxPort, path, headers: { host: 'api.palette.test', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function startNginx(upstream: number): Promise<void> {
  prefix = await mkdtemp(join(tmpdir(), 'palette-cdn-'));
  nginxPort = await freePort();
  const conf = join(prefix, 'nginx.conf');
  await writeFile(conf, nginxConf(prefix, nginxPort, upstream));
  nginx = spawn(NGINX as string, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  const exited = new Promise<never>((_, fail) => nginx?.once('exit', (code) => fail(new Error(`nginx exited with ${code}: ${nginxLog}`))));
  // Ready when it answers (a 404 outside /client/v1 is an answer).
  const ready = (async () => {
    for (;;) {
      try {
        await viaCdn('/');
        return;
      } catch {
        await new Promise((done) => setTimeout(done, 50));
      }
    }
  })();
  await Promise.race([ready, exited]);
}

const runs = NGINX !== null || IN_CI;

beforeAll(async () => {
  if (!runs) return;
  if (NGINX === null) throw new Error('nginx is required for the delivery CDN test in CI: install nginx-light (scripts/test.sh does).');
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { deliveryUrl: DELIVERY_URL });
  team = await projectWithTeam(built.app, database.handle);
  const p = { projectId: team.projectId };
  const app = await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: p, body: { platform: 'ios', name: 'CDN iOS', packageName: `com.cdn.ios${process.pid}` } });
  const android = await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: p, body: { platform: 'android', name: 'CDN Android', packageName: `com.cdn.android${process.pid}` } });
  await ok(built.app, team.owner.token, 'skus.create', { params: p, body: { appId: app.id, storeProductId: 'cdn.yearly', name: 'Yearly', type: 'subscription', period: 'yearly' } });
  await ok(built.app, team.owner.token, 'skus.create', { params: p, body: { appId: android.id, storeProductId: 'cdn_yearly', name: 'Yearly', type: 'subscription', period: 'yearly' } });
  key = (await ok<{ key: string }>(built.app, team.owner.token, 'clientKeys.create', { params: { ...p, id: app.id }, body: { label: 'CDN' } })).key;
  // Enough pages that the reply is above the compression threshold.
  for (let i = 0; i < 4; i += 1) {
    let item = await ok<ConfigItem>(built.app, team.owner.token, 'subscriptionPages.create', {
      params: p,
      body: {
        draft: {
          name: `Cached page ${i}`,
          enabled: true,
          schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
          targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
          pageType: 'promotion',
          title: `Cached page ${i} title`,
          image: MEDIA,
          backgroundColourIndex: 0,
          textColourIndex: 1,
          buttonContent: 'Subscribe',
          entrances: ['home'],
          plans: [{ period: 'yearly', products: { ios: { productId: 'cdn.yearly' }, android: { productId: 'cdn_yearly' } } }],
        },
      },
    });
    item = await ok<ConfigItem>(built.app, team.owner.token, 'subscriptionPages.publish', { params: { ...p, id: item.id }, body: { version: item.version } });
    await ok(built.app, team.owner.token, 'subscriptionPages.promote', { params: { ...p, id: item.id }, body: { version: item.version } });
  }
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  await startNginx((built.app.server.address() as { port: number }).port);
}, 60_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((done) => nginx?.once('exit', done));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await built?.app.close();
  await database?.dispose();
  if (prefix) {
    const errors = await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
    if (/\[(?:emerg|alert|crit)\]/.test(errors)) console.error(errors);
    await rm(prefix, { recursive: true, force: true });
  }
});

describe.runIf(runs)('behind nginx with proxy_cache', () => {
  it('does not let a forged Host poison the cached copy: everyone gets the configured media URLs', async () => {
    const url = `/client/v1/${key}/config?platform=ios`;
    const forged = await viaCdn(url, { host: 'evil.example' });
    expect(forged.status).toBe(200);
    expect(forged.headers['x-cache-status']).toBe('MISS');
    const honest = await viaCdn(url);
    expect(honest.headers['x-cache-status']).toBe('HIT');
    expect(honest.body.equals(forged.body)).toBe(true);
    expect(honest.body.toString('utf8')).not.toContain('evil.example');
    expect(honest.body.toString('utf8')).toContain(`${DELIVERY_URL}${MEDIA}`);
    // The origin itself answers the honest request with the same bytes and ETag.
    const direct = await built.app.inject({ method: 'GET', url });
    expect(direct.body).toBe(honest.body.toString('utf8'));
    expect(honest.headers.etag).toBe(direct.headers.etag);
  });

  it('keeps gzip and identity copies apart and hands each client the one it can read', async () => {
    const url = `/client/v1/${key}/rules`;
    const plain = await viaCdn(url);
    const gzip = await viaCdn(url, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    for (const answer of [plain, gzip]) expect(answer.headers.vary).toBe('Accept-Encoding');
    // Again, in the other order: both now come from the cache, each in its own coding.
    const gzipAgain = await viaCdn(url, { 'accept-encoding': 'gzip' });
    const plainAgain = await viaCdn(url);
    expect([gzipAgain.headers['x-cache-status'], plainAgain.headers['x-cache-status']]).toEqual(['HIT', 'HIT']);
    expect(gzipAgain.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body.equals(plain.body)).toBe(true);
  });

  it('answers 304s that keep Vary and the ETag of the client’s coding', async () => {
    const url = `/client/v1/${key}/config?platform=ios&language=en`;
    const gzip = await viaCdn(url, { 'accept-encoding': 'gzip' });
    const plain = await viaCdn(url);
    for (const [answer, headers] of [
      [gzip, { 'accept-encoding': 'gzip' }],
      [plain, {}],
    ] as const) {
      const again = await viaCdn(url, { ...headers, 'if-none-match': answer.headers.etag as string });
      expect(again.status).toBe(304);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers.etag).toBe(answer.headers.etag);
    }
    // And the origin's own 304 (what nginx gets when it revalidates) keeps them too.
    const origin = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag as string } });
    expect([origin.statusCode, origin.headers.vary, origin.headers.etag]).toEqual([304, 'Accept-Encoding', gzip.headers.etag]);
  });
});
