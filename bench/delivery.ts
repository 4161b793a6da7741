/**
 * The delivery API's section of `npm run bench`, measured the way it is deployed and loaded from
 * outside:
 *
 * - the built server (`out/server/main.js`, built here first) in a process of its own, on an embedded
 *   database of its own, at its production log level and default rate limits, behind one trusted
 *   proxy hop (`TRUST_PROXY_HOPS=1`, as behind a CDN or load balancer);
 * - bare Fastify 5 in another process (bench/bare-server.mjs) answering the same bytes, the same
 *   ETag and the same 304, as the baseline of the same run;
 * - autocannon at 100 connections from this process, every request from one of 10,000 client
 *   addresses (`X-Forwarded-For`), as many app users behind a CDN are.
 *
 * The project is seeded through the API (a signed-in operator): 50 region groups, 50 languages and
 * 400 subscription pages aimed at platforms and region groups, all official. Then: evaluated 200s,
 * 304s (If-None-Match), and publish-to-visible from the promote call to the event stream's ETag
 * event and to the first GET showing the item.
 *
 * Goals (issue 18): 200s ≥ 0.8× bare Fastify's requests/s, 304s ≥ 0.9× (against the bare 304),
 * p99 of the 200s ≤ 1.3×. `BENCH_PROFILE=1` (with `BENCH_PROFILE_DIR` to keep the profile) also runs the 200 and 304 loads once more against a server
 * started with `--cpu-prof` and prints the profile's top entries by self time for each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildPath, routes } from '../contract/api';
import { buildServer } from '../server/build';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DELIVERY_SECONDS ?? 8);
const CONNECTIONS = 100;
const ADDRESSES = 10_000;
const GROUPS = 50;
const LANGUAGES = 50;
const PAGES = 400;
const REGIONS = ['US', 'CN', 'JP', 'DE', 'FR', 'GB', 'BR', 'IN', 'KR', 'CA', 'AU', 'IT', 'ES', 'MX', 'RU', 'SE', 'NL', 'TR', 'PL', 'ID'];
const ADMIN = { email: 'bench@palette.local', password: 'Bench12345' };

interface Result {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: string;
  readonly errors: number;
}

/** A process that prints `… listening at <url>` once it serves. */
interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stderr: () => string;
}

function startProcess(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    // Keep the tail only: an info-level server writes a line per start step, not per request.
    err = (err + chunk).slice(-20_000);
  });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolvePromise({ child, url: match[1], stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening:\n${err}`)));
  });
}

function stop(started: Started): Promise<void> {
  return new Promise((resolvePromise) => {
    if (started.child.exitCode !== null) return resolvePromise();
    started.child.once('exit', () => resolvePromise());
    started.child.kill('SIGTERM');
  });
}

/** One of `ADDRESSES` client addresses per request, in turn. */
function addresses(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) % ADDRESSES;
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
  };
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const address = addresses();
  const target = new URL(url);
  const result = await autocannon({
    url: target.origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'GET',
        path: target.pathname + target.search,
        setupRequest: (request) => ({ ...request, headers: { ...headers, 'x-forwarded-for': address() } }),
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}:${count}`)
    .join(' ');
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, statuses, errors: result.errors + result.timeouts };
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

/** Calls the API of the server at `base` as the signed-in operator; throws on a non-zero code. */
function apiClient(base: string) {
  let token: string | undefined;
  const call = async <T = Record<string, unknown>>(routeId: keyof typeof routes, params: Record<string, string> = {}, body?: unknown, query = ''): Promise<T> => {
    const route = routes[routeId];
    const response = await fetch(base + buildPath(route.path, params) + query, {
      method: route.method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const reply = (await response.json()) as { code: number; data: T };
    if (reply.code !== 0) throw new Error(`${routeId} answered ${JSON.stringify(reply)}`);
    return reply.data;
  };
  return {
    call,
    async signIn() {
      token = (await call<{ token: string }>('auth.login', {}, ADMIN)).token;
    },
    /** Creates an item of a kind from a draft and makes it official. */
    async live(kind: 'regionGroups' | 'appLanguages' | 'subscriptionPages', projectId: string, draft: Record<string, unknown>) {
      let item = await call<{ id: string; version: number }>(`${kind}.create`, { projectId }, { draft });
      item = await call(`${kind}.publish`, { projectId, id: item.id }, { version: item.version });
      await call(`${kind}.promote`, { projectId, id: item.id }, { version: item.version });
      return item.id;
    },
  };
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
      const data = /^event: etag\n(?:id: .*\n)?data: (.*)$/m.exec(buffer.slice(0, end));
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
    return ready !== undefined ? Promise.resolve(ready) : new Promise((resolvePromise) => waiting.push(resolvePromise));
  };
}

/** A span of the monotonic clock, in microseconds: V8's CPU profiles time their samples on it. */
interface Span {
  readonly from: number;
  readonly to: number;
}

const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * The top entries of a V8 CPU profile by self time, grouped by function and file, counting the busy
 * samples (idle left out) taken within `span`, the load of one scenario.
 */
function profileTop(profile: CpuProfile, span: Span, count: number): string {
  const labels = new Map<number, string>();
  for (const { id, callFrame } of profile.nodes) {
    const where = callFrame.url ? `${basename(callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}` : '';
    labels.set(id, `${callFrame.functionName || '(anonymous)'} ${where}`.trim());
  }
  const hits = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < span.from || at > span.to) continue;
    const label = labels.get(id) ?? '?';
    if (label === '(idle)') {
      idle += 1;
      continue;
    }
    hits.set(label, (hits.get(label) ?? 0) + 1);
    busy += 1;
  }
  const lines = [...hits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, n]) => `  ${((100 * n) / busy).toFixed(1).padStart(5)}%  ${label}\n`)
    .join('');
  return `  (busy ${((100 * busy) / Math.max(1, busy + idle)).toFixed(0)}% of the samples; shares below are of the busy ones)\n${lines}`;
}

interface CpuProfile {
  readonly nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  readonly startTime: number;
  readonly samples: number[];
  readonly timeDeltas: number[];
}

async function readProfile(dir: string): Promise<CpuProfile | undefined> {
  const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
  return file ? (JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile) : undefined;
}

export async function benchDelivery(): Promise<void> {
  const built = await buildServer();
  const work = await mkdtemp(join(tmpdir(), 'palette-bench-delivery-'));
  const serverEnv = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: '0',
    TRUST_PROXY_HOPS: '1',
  });
  const dataDir = join(work, 'data');
  let server: Started | undefined = await startProcess(process.execPath, [built], serverEnv(dataDir));
  let bare: Started | undefined;
  try {
    const api = apiClient(server.url);
    await api.signIn();
    const seeding = performance.now();
    const projectId = (await api.call<{ id: string }>('projects.create', {}, { name: 'Bench delivery' })).id;
    const ios = (await api.call<{ id: string }>('apps.create', { projectId }, { platform: 'ios', name: 'Bench iOS', packageName: 'com.bench.ios' })).id;
    const android = (await api.call<{ id: string }>('apps.create', { projectId }, { platform: 'android', name: 'Bench Android', packageName: 'com.bench.android' })).id;
    for (const [appId, ids] of [
      [ios, ['bench.yearly', 'bench.monthly']],
      [android, ['bench_yearly', 'bench_monthly']],
    ] as const) {
      for (const id of ids) {
        await api.call('skus.create', { projectId }, { appId, storeProductId: id, name: id, type: 'subscription', period: id.includes('yearly') ? 'yearly' : 'monthly' });
      }
    }
    const key = (await api.call<{ key: string }>('clientKeys.create', { projectId, id: ios }, { label: 'Bench' })).key;
    const groups: string[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      groups.push(await api.live('regionGroups', projectId, { name: `Group ${g}`, regions: [REGIONS[g % REGIONS.length], REGIONS[(g * 7 + 3) % REGIONS.length]] }));
    }
    const languages = await api.call<{ items: Array<{ code: string }> }>('languages.list', {}, undefined, `?pageSize=${LANGUAGES}&sort=code:asc`);
    for (const [l, { code }] of languages.items.slice(0, LANGUAGES).entries()) await api.live('appLanguages', projectId, { name: `Language ${l}`, code });
    for (let i = 0; i < PAGES; i += 1) await api.live('subscriptionPages', projectId, page(`Page ${i}`, i, groups));
    process.stdout.write(
      `\nDelivery API: the built server in a process of its own (LOG_LEVEL default, default rate limits, TRUST_PROXY_HOPS=1); ${GROUPS} region groups + ${Math.min(LANGUAGES, languages.items.length)} languages + ${PAGES} subscription pages made official through the API in ${Math.round((performance.now() - seeding) / 1000)} s\n`,
    );

    const configPath = `/client/v1/${key}/config?platform=ios&version=2.4.1&region=CN&language=zh-Hans`;
    const first = await fetch(server.url + configPath, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') as string;
    const items = Object.values((JSON.parse(body.toString('utf8')) as { data: { items: Record<string, unknown[]> } }).data.items).reduce((n, list) => n + list.length, 0);
    const bodyFile = join(work, 'body.json');
    await writeFile(bodyFile, body);
    bare = await startProcess(process.execPath, [join(root, 'bench', 'bare-server.mjs'), bodyFile, etag], { PATH: process.env.PATH });

    process.stdout.write(
      `evaluated reply: ${items} items live for the context, ${(body.length / 1024).toFixed(1)} KiB; autocannon ${CONNECTIONS} connections from ${ADDRESSES.toLocaleString('en-US')} client addresses, ${DURATION_S} s each\n`,
    );
    const bare200 = await load(`${bare.url}/constant`);
    const ok200 = await load(server.url + configPath);
    const bare304 = await load(`${bare.url}/constant`, { 'if-none-match': etag });
    const not304 = await load(server.url + configPath, { 'if-none-match': etag });
    const row = (label: string, r: Result, ratio: string) =>
      `${label.padEnd(30)} ${Math.round(r.rps).toLocaleString('en-US').padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${(r.statuses + (r.errors ? ` errors:${r.errors}` : '')).padEnd(22)} ${ratio}\n`;
    process.stdout.write(`${'scenario'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'statuses'.padEnd(22)} vs bare Fastify\n`);
    const ratio = (r: Result, base: Result, rpsGoal: number, p99Goal: number) =>
      `${(r.rps / base.rps).toFixed(2)}× req/s (goal ≥ ${rpsGoal}), p99 ${(r.p99 / Math.max(1, base.p99)).toFixed(2)}× (goal ≤ ${p99Goal})`;
    process.stdout.write(row('bare Fastify 200', bare200, ''));
    process.stdout.write(row('config 200 (evaluated)', ok200, ratio(ok200, bare200, 0.8, 1.3)));
    process.stdout.write(row('bare Fastify 304', bare304, ''));
    process.stdout.write(row('config 304 (If-None-Match)', not304, ratio(not304, bare304, 0.9, 1.3)));

    // Publish-to-visible: promote → the stream's ETag event, and → the first GET showing the item.
    const stream = await new Promise<IncomingMessage>((resolvePromise, reject) => {
      const url = new URL(server?.url ?? '');
      httpRequest({ host: url.hostname, port: url.port, path: configPath.replace('/config?', '/events?') }, resolvePromise)
        .on('error', reject)
        .end();
    });
    const nextEtag = etagEvents(stream);
    await nextEtag();
    const toEvent: number[] = [];
    const toGet: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      // Aimed at the measured context (iOS, every region, from 2.0 on).
      let item = await api.call<{ id: string; version: number }>('subscriptionPages.create', { projectId }, { draft: page(`Visible ${run}`, 0, groups) });
      item = await api.call('subscriptionPages.publish', { projectId, id: item.id }, { version: item.version });
      const started = performance.now();
      await api.call('subscriptionPages.promote', { projectId, id: item.id }, { version: item.version });
      const event = nextEtag().then(() => toEvent.push(performance.now() - started));
      for (;;) {
        const reply = await fetch(server.url + configPath, { headers: { 'x-forwarded-for': '192.0.2.2' } });
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

    if (process.env.BENCH_PROFILE === '1') {
      await stop(server);
      // BENCH_PROFILE_DIR keeps the .cpuprofile (open it in Chrome's DevTools) instead of the work folder's copy.
      const profileDir = process.env.BENCH_PROFILE_DIR ?? join(work, 'profile');
      server = await startProcess(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, built], serverEnv(dataDir));
      await fetch(server.url + configPath, { headers: { 'x-forwarded-for': '192.0.2.1' } });
      const spans: Array<[string, Span]> = [];
      for (const [label, headers] of [
        ['200', {}],
        ['304', { 'if-none-match': etag }],
      ] as const) {
        const from = monotonicMicros();
        await load(server.url + configPath, headers);
        spans.push([label, { from, to: monotonicMicros() }]);
      }
      await stop(server);
      server = undefined;
      const profile = await readProfile(profileDir);
      for (const [label, span] of spans) {
        process.stdout.write(`CPU profile of the server under the ${label} load, top entries by self time:\n${profile ? profileTop(profile, span, 15) : '  (no profile was written)\n'}`);
      }
    }
  } finally {
    if (bare) await stop(bare);
    if (server) await stop(server);
    await rm(work, { recursive: true, force: true });
  }
}
