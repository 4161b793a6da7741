/**
 * The delivery API's section of `npm run bench`: requests/s and latency of the evaluated config route
 * (200 and 304) against bare Fastify 5 answering a constant JSON of the same size, both on this
 * machine in this run, autocannon at 100 connections from a worker thread; and publish-to-visible,
 * from the promote call to the event stream's ETag event and to the first GET that shows the item.
 *
 * The project has 500 live items across kinds (subscription pages aimed at platforms and region
 * groups, the app's languages) and 50 region groups. Goals (issue 10): 200s ≥ 0.6× bare Fastify's
 * requests/s, 304s ≥ 0.8×, p99 ≤ 1.5× bare Fastify's.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildPath, routes } from '../contract/api';
import { configKindOf } from '../contract/config';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { ConfigRepository } from '../server/src/config/repository';
import { AuthRepository } from '../server/src/domains/auth/repository';
import { PasswordHasher } from '../server/src/domains/auth/passwords';
import { seedSystemLists } from '../server/src/domains/system/seed';
import type { ChangeContext } from '../server/src/resources/audit';

const DURATION_S = Number(process.env.BENCH_DELIVERY_SECONDS ?? 8);
const CONNECTIONS = 100;
const GROUPS = 50;
const LANGUAGES = 50;
const PAGES = 400;
const REGIONS = ['US', 'CN', 'JP', 'DE', 'FR', 'GB', 'BR', 'IN', 'KR', 'CA', 'AU', 'IT', 'ES', 'MX', 'RU', 'SE', 'NL', 'TR', 'PL', 'ID'];

interface Result {
  readonly rps: number;
  readonly p99: number;
  readonly p50: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly bytes: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.average,
  };
}

function page(name: string, i: number, groups: readonly string[]) {
  const platforms = i % 3 === 0 ? ['ios'] : i % 3 === 1 ? ['android'] : [];
  const include = i % 4 === 0 ? [] : [groups[i % groups.length] as string];
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms, minVersion: i % 5 === 0 ? '2.0' : null, maxVersion: null, regionGroups: { include, exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: `${name} — a title long enough to look like one`,
    description: 'Unlock every filter, effect and template. Cancel anytime.',
    backgroundColourIndex: i % 6,
    textColourIndex: (i + 1) % 6,
    buttonContent: 'Start free trial',
    entrances: ['home', 'settings'],
    plans: [
      { period: 'yearly', products: { ios: { productId: 'bench.yearly' }, android: { productId: 'bench_yearly' } } },
      { period: 'monthly', products: { ios: { productId: 'bench.monthly' }, android: { productId: 'bench_monthly' } } },
    ],
  };
}

async function live(repository: ConfigRepository, context: ChangeContext, draft: Record<string, unknown>): Promise<string> {
  let item = await repository.create(context, draft);
  item = await repository.publish(context, item.id, item.version, undefined);
  item = await repository.promote(context, item.id, item.version);
  return item.id;
}

/** Reads `etag` events of a server-sent event stream. */
function etagEvents(response: IncomingMessage): () => Promise<string> {
  const queue: string[] = [];
  const waiting: Array<(etag: string) => void> = [];
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const data = /^event: etag\ndata: (.*)$/m.exec(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (data?.[1]) {
        const { etag } = JSON.parse(data[1]) as { etag: string };
        const waiter = waiting.shift();
        if (waiter) waiter(etag);
        else queue.push(etag);
      }
    }
  });
  return () => {
    const ready = queue.shift();
    return ready !== undefined ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  };
}

export async function benchDelivery(): Promise<void> {
  const pglite = await PGlite.create();
  await migrateDatabase({ pglite });
  const database = await openDatabase({ pglite });
  await seedSystemLists(database.db, new Date());
  const built = await buildApp({ database, logger: false, deliveryRateLimit: { perSecond: 10_000_000, burst: 10_000_000, addressPerSecond: 10_000_000, addressBurst: 10_000_000 } });
  const bare = Fastify({ logger: false });
  try {
    // An operator, a project, two apps, their SKUs and a client key.
    const email = `bench-${randomBytes(4).toString('hex')}@palette.local`;
    const password = 'Bench12345';
    await new AuthRepository(database.db).insertUser({ email, name: 'Bench', role: 'operator', passwordHash: await new PasswordHasher().hash(password), now: new Date() });
    const inject = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
      const response = await built.app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      const body = response.json() as { code: number; data: Record<string, unknown> };
      if (body.code !== 0) throw new Error(`${method} ${url} answered ${response.body}`);
      return body.data;
    };
    const token = (await inject('POST', '/api/v1/auth/login', undefined, { email, password })).token as string;
    const me = await inject('GET', '/api/v1/auth/me', token);
    const projectId = (await inject('POST', '/api/v1/projects', token, { name: `Bench delivery ${randomBytes(4).toString('hex')}` })).id as string;
    const suffix = randomBytes(4).toString('hex');
    const ios = (await inject('POST', `/api/v1/projects/${projectId}/apps`, token, { platform: 'ios', name: 'Bench iOS', packageName: `com.bench.ios${suffix}` })).id as string;
    const android = (await inject('POST', `/api/v1/projects/${projectId}/apps`, token, { platform: 'android', name: 'Bench Android', packageName: `com.bench.android${suffix}` })).id as string;
    for (const [appId, ids] of [
      [ios, ['bench.yearly', 'bench.monthly']],
      [android, ['bench_yearly', 'bench_monthly']],
    ] as const) {
      for (const id of ids) {
        await inject('POST', `/api/v1/projects/${projectId}/skus`, token, { appId, storeProductId: id, name: id, type: 'subscription', period: id.includes('yearly') ? 'yearly' : 'monthly' });
      }
    }
    const key = (await inject('POST', `/api/v1/projects/${projectId}/apps/${ios}/client-keys`, token, { label: 'Bench' })).key as string;

    const seeding = performance.now();
    const context = (): ChangeContext => ({ actor: { id: me.id as string, name: 'Bench' }, projectId, now: new Date() });
    const repo = (kind: string) => new ConfigRepository(database.db, configKindOf(kind) as never, () => new Date());
    const groups: string[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      groups.push(await live(repo('regionGroups'), context(), { name: `Group ${g}`, regions: [REGIONS[g % REGIONS.length], REGIONS[(g * 7 + 3) % REGIONS.length]] }));
    }
    // The app's languages name languages of the global list.
    const known = await database.db.execute<{ code: string }>(sql`select code from languages order by code limit ${LANGUAGES}`);
    const rows = (Array.isArray(known) ? known : (known as { rows: Array<{ code: string }> }).rows) as Array<{ code: string }>;
    for (const [l, { code }] of rows.entries()) await live(repo('appLanguages'), context(), { name: `Language ${l}`, code });
    const pages = repo('subscriptionPages');
    for (let i = 0; i < PAGES; i += 1) await live(pages, context(), page(`Page ${i}`, i, groups));
    process.stdout.write(`\nDelivery API: ${GROUPS} region groups + ${LANGUAGES} languages + ${PAGES} subscription pages live (500 items) in ${Math.round((performance.now() - seeding) / 1000)} s\n`);

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = built.app.server.address() as { port: number };
    const configUrl = `http://127.0.0.1:${port}/client/v1/${key}/config?platform=ios&version=2.4.1&region=CN&language=zh-Hans`;
    const first = await fetch(configUrl);
    const body = await first.text();
    const etag = first.headers.get('etag') as string;
    const items = Object.values((JSON.parse(body) as { data: { items: Record<string, unknown[]> } }).data.items).reduce((n, list) => n + list.length, 0);

    // Bare Fastify 5 answering a constant JSON of the same size.
    bare.get('/constant', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    process.stdout.write(`evaluated reply: ${items} items live for the context, ${(body.length / 1024).toFixed(1)} KiB; autocannon ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
    const baseline = await load(`http://127.0.0.1:${barePort}/constant`);
    const ok200 = await load(configUrl);
    const not304 = await load(configUrl, { 'if-none-match': etag });
    const row = (label: string, r: Result, ratio: string) =>
      `${label.padEnd(30)} ${Math.round(r.rps).toLocaleString('en-US').padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.non2xx + r.errors).padStart(8)}  ${ratio}\n`;
    process.stdout.write(`${'scenario'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)}  vs bare Fastify\n`);
    process.stdout.write(row('bare Fastify, constant JSON', baseline, ''));
    const rps200 = ok200.rps / baseline.rps;
    const rps304 = not304.rps / baseline.rps;
    const p99 = (r: Result) => r.p99 / Math.max(1, baseline.p99);
    process.stdout.write(row('config 200 (evaluated)', ok200, `${rps200.toFixed(2)}× req/s (goal ≥ 0.6), p99 ${p99(ok200).toFixed(2)}× (goal ≤ 1.5)`));
    // 304s have no body: autocannon counts them as non-2xx, so the column shows them all.
    process.stdout.write(row('config 304 (If-None-Match)', not304, `${rps304.toFixed(2)}× req/s (goal ≥ 0.8), p99 ${p99(not304).toFixed(2)}× (goal ≤ 1.5)`));

    // Publish-to-visible: promote → the stream's ETag event, and → the first GET showing the item.
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: `/client/v1/${key}/events?platform=ios&version=2.4.1&region=CN&language=zh-Hans` }, resolve)
        .on('error', reject)
        .end();
    });
    const nextEtag = etagEvents(stream);
    await nextEtag();
    const toEvent: number[] = [];
    const toGet: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      // Aimed at the measured context (iOS, every region, from 2.0 on).
      let item = await pages.create(context(), page(`Visible ${run}`, 0, groups));
      item = await pages.publish(context(), item.id, item.version, undefined);
      const started = performance.now();
      await inject('POST', buildPath(routes['subscriptionPages.promote'].path, { projectId, id: item.id }), token, { version: item.version });
      const event = nextEtag().then(() => toEvent.push(performance.now() - started));
      for (;;) {
        const reply = await fetch(configUrl);
        if ((await reply.text()).includes(`Visible ${run}`)) break;
        if (performance.now() - started > 10_000) throw new Error('the published item did not appear within 10 s');
      }
      toGet.push(performance.now() - started);
      await event;
    }
    stream.destroy();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const worst = (values: number[]) => Math.max(...values);
    process.stdout.write(
      `publish-to-visible (promote call → stream event / → first GET showing it), 10 runs: median ${median(toEvent).toFixed(1)} / ${median(toGet).toFixed(1)} ms, worst ${worst(toEvent).toFixed(1)} / ${worst(toGet).toFixed(1)} ms (goal ≤ 1000 ms)\n`,
    );
  } finally {
    await bare.close();
    await built.app.close();
    await database.close();
  }
}
