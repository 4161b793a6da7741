import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { COMPILED_TTL_MS } from '../../server/src/delivery/store';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The delivery API through a real database outage: a TCP proxy stands between the server and
 * PostgreSQL, and the test cuts and restores it. While it is cut the API keeps answering with 0
 * errors, from memory; a server process started during the outage answers from the last-known-good
 * copy on disk and becomes the whole server once the database is back.
 *
 * PostgreSQL only: the embedded PGlite lives inside the server process and has no connection to cut.
 */

const postgres = inject('serverTestDatabase').mode === 'postgres';
const root = resolve(import.meta.dirname, '../..');
const tsxCli = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** A TCP proxy to one port on 127.0.0.1 that can be cut (listener closed, connections destroyed) and restored. */
class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: number) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnectionTo(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((done) => server.listen(this.port, '127.0.0.1', done));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((done) => server.close(() => done()));
  }
}

function createConnectionTo(port: number): Socket {
  return connect(port, '127.0.0.1');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let database: TestDatabase;
let proxy: TcpProxy;
let proxied: DatabaseHandle;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let cacheDir = '';
let key = '';
let proxyUrl = '';
const children = new Set<ChildProcessWithoutNullStreams>();

function page(name: string) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: `${name} title`,
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: 'Subscribe',
    entrances: ['home'],
    plans: [{ period: 'yearly', products: { ios: { productId: 'outage.yearly' }, android: { productId: 'outage_yearly' } } }],
  };
}

function names(body: string): string[] {
  const parsed = JSON.parse(body) as { data: { items: Record<string, Array<{ document: { name: string } }>> } };
  return (parsed.data.items.subscriptionPages ?? []).map((item) => item.document.name);
}

beforeAll(async () => {
  if (!postgres) return;
  database = await createTestDatabase();
  const target = new URL(database.url as string);
  proxy = new TcpProxy(Number(target.port || 5432));
  await proxy.start();
  target.port = String(proxy.port);
  proxyUrl = target.toString();
  proxied = await openDatabase({ url: proxyUrl });
  cacheDir = await mkdtemp(join(tmpdir(), 'palette-outage-'));
  built = await createTestApp(proxied, { deliveryCacheDir: cacheDir });
  team = await projectWithTeam(built.app, proxied);
  const p = { projectId: team.projectId };
  const app = await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: p, body: { platform: 'ios', name: 'Outage iOS', packageName: `com.outage.ios${process.pid}` } });
  const android = await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: p, body: { platform: 'android', name: 'Outage Android', packageName: `com.outage.android${process.pid}` } });
  await ok(built.app, team.owner.token, 'skus.create', { params: p, body: { appId: app.id, storeProductId: 'outage.yearly', name: 'Yearly', type: 'subscription', period: 'yearly' } });
  await ok(built.app, team.owner.token, 'skus.create', { params: p, body: { appId: android.id, storeProductId: 'outage_yearly', name: 'Yearly', type: 'subscription', period: 'yearly' } });
  key = (await ok<{ key: string }>(built.app, team.owner.token, 'clientKeys.create', { params: { ...p, id: app.id }, body: { label: 'Outage' } })).key;
  let item = await ok<ConfigItem>(built.app, team.owner.token, 'subscriptionPages.create', { params: p, body: { draft: page('Survives the outage') } });
  item = await ok<ConfigItem>(built.app, team.owner.token, 'subscriptionPages.publish', { params: { ...p, id: item.id }, body: { version: item.version } });
  await ok(built.app, team.owner.token, 'subscriptionPages.promote', { params: { ...p, id: item.id }, body: { version: item.version } });
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await built?.app.close();
  await proxied?.close().catch(() => undefined);
  await proxy?.cut();
  await database?.dispose();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe.runIf(postgres)('a database outage', () => {
  it('is bridged from memory with 0 errors, and a server started during it answers from disk until the database is back', async () => {
    const url = `/client/v1/${key}/config?platform=ios`;
    const before = await built.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(names(before.body)).toEqual(['Survives the outage']);
    // The copy on disk is written after the compile.
    await expect.poll(() => existsSync(join(cacheDir, `project-${team.projectId}.json`)) && existsSync(join(cacheDir, 'client-keys.json'))).toBe(true);

    await proxy.cut();

    // From memory: many requests, past the compiled lifetime (a recompile is tried and fails).
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      if (i === 10) built.clock.advance(COMPILED_TTL_MS + 1);
      const reply = await built.app.inject({ method: 'GET', url });
      statuses.push(reply.statusCode);
      expect(reply.body).toBe(before.body);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await expect.poll(() => built.delivery.sourceOf(team.projectId), { timeout: 10_000 }).toBe('memory');

    // A server process started now cannot reach its database: it answers from the copy on disk.
    const port = await freePort();
    const child = spawn(process.execPath, [tsxCli, '--tsconfig', 'tsconfig.node.json', 'server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        LOG_LEVEL: 'warn',
        DATABASE_URL: proxyUrl,
        DELIVERY_CACHE_DIR: cacheDir,
        PORT: String(port),
        DEMO_DATA: '0',
        ADMIN_PASSWORD: 'Outage2026pass',
      },
    });
    children.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((done, fail) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('Palette server listening at')) done();
      });
      child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${stderr}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const reply = await fetch(`${base}${url}`);
      answers.push(reply.status);
      expect(names(await reply.text())).toEqual(['Survives the outage']);
    }
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    const consoleApi = await fetch(`${base}/api/v1/projects`);
    expect(((await consoleApi.json()) as { code: number }).code).toBe(ErrorCode.DatabaseFailure);

    // The database comes back: the process becomes the whole server on the same port.
    await proxy.start();
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${base}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 40_000, interval: 250 },
      )
      .toBe(200);
    expect((await fetch(`${base}${url}`)).status).toBe(200);

    // And this process reads the database again at its next recompile.
    built.clock.advance(COMPILED_TTL_MS + 1);
    await built.app.inject({ method: 'GET', url });
    await expect.poll(() => built.delivery.sourceOf(team.projectId), { timeout: 10_000 }).toBe('database');
    child.kill('SIGTERM');
  }, 90_000);
});
