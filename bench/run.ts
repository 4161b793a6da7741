/**
 * `npm run bench`: how fast a project's SKU list pages are at 100,000 SKUs, on PostgreSQL and on the
 * embedded PGlite.
 *
 * Each engine gets a database of its own (PostgreSQL: a temporary database created from
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test and dropped afterwards; PGlite: in
 * memory), migrated like a real server, with one project whose 100,000 SKUs are seeded by one bulk
 * INSERT ... SELECT generate_series. Every page is then requested through the whole server (auth,
 * access control, validation, repository, serialization) with Fastify's inject, several times, and
 * p50/p95 per scenario are printed. The goal is under 50 ms per page on PostgreSQL.
 *
 * Not part of the tests: it takes a minute and its figures depend on the machine.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../server/src/app';
import { benchCommerce } from './commerce';
import { benchDelivery } from './delivery';
import { benchEmbedded } from './embedded';
import type { DatabaseHandle } from '../server/src/db/client';
import { onPglite, onPostgres, percentile } from './engines';
import { AuthRepository } from '../server/src/domains/auth/repository';
import { PasswordHasher } from '../server/src/domains/auth/passwords';

const SKUS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGE_SIZE = 50;

interface Scenario {
  readonly label: string;
  readonly query: Record<string, string | number>;
}

const scenarios: readonly Scenario[] = [
  { label: 'page 1, sort order', query: { page: 1 } },
  { label: 'page 2, sort order', query: { page: 2 } },
  { label: 'page 20, sort order', query: { page: 20 } },
  { label: 'page 200 (offset 9,950)', query: { page: 200 } },
  { label: 'page 1, name asc', query: { page: 1, sort: 'name:asc' } },
  { label: 'page 5, price desc', query: { page: 5, sort: 'price:desc' } },
  { label: 'page 1, newest first', query: { page: 1, sort: 'createdAt:desc' } },
  { label: 'filter period=monthly', query: { page: 1, period: 'monthly' } },
  { label: 'search q="sku 4242" (11 hits)', query: { page: 1, q: 'sku 4242' } },
  { label: 'search q="weekly" (25,000 hits)', query: { page: 1, q: 'weekly' } },
];

/** Seeds the SKUs in one statement; names carry the period so a search has something to find. */
async function seed(database: DatabaseHandle, projectId: string, appId: string, userId: string): Promise<void> {
  await database.db.execute(sql`
    insert into skus (project_id, app_id, platform, store_product_id, name, type, period, price, currency,
                      sort_order, enabled, version, created_by, updated_by, created_at, updated_at)
    select ${projectId}::uuid, ${appId}::uuid, 'ios', 'bench.sku.' || i,
           'Bench SKU ' || i || ' ' || (array['yearly','quarterly','monthly','weekly'])[1 + i % 4],
           'subscription', (array['yearly','quarterly','monthly','weekly'])[1 + i % 4],
           round((0.99 + (i % 10000) / 100.0)::numeric, 2), 'USD',
           i, true, 1, ${userId}::uuid, ${userId}::uuid,
           now() - make_interval(secs => ${SKUS} - i), now() - make_interval(secs => ${SKUS} - i)
    from generate_series(1, ${SKUS}) as i`);
  await database.db.execute(sql`analyze skus`);
}

async function measure(engine: string, database: DatabaseHandle): Promise<void> {
  const built: BuiltApp = await buildApp({ database, logger: false });
  try {
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
    const user = (await inject('GET', '/api/v1/auth/me', token)).id as string;
    const projectId = (await inject('POST', '/api/v1/projects', token, { name: `Bench ${randomBytes(4).toString('hex')}` })).id as string;
    const appId = (await inject('POST', `/api/v1/projects/${projectId}/apps`, token, { platform: 'ios', name: 'Bench', packageName: `com.bench.b${randomBytes(4).toString('hex')}` })).id as string;

    const seeding = performance.now();
    await seed(database, projectId, appId, user);
    process.stdout.write(`\n${engine}: ${SKUS.toLocaleString('en-US')} SKUs seeded in ${Math.round(performance.now() - seeding)} ms\n`);
    process.stdout.write(`${'scenario'.padEnd(36)} ${'total'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);

    for (const scenario of scenarios) {
      const search = new URLSearchParams(Object.entries({ pageSize: PAGE_SIZE, ...scenario.query }).map(([k, v]): [string, string] => [k, String(v)]));
      const url = `/api/v1/projects/${projectId}/skus?${search}`;
      let total = 0;
      await inject('GET', url, token); // warm-up: plan cache, buffers
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const data = await inject('GET', url, token);
        times.push(performance.now() - started);
        total = data.total as number;
      }
      times.sort((a, b) => a - b);
      const line = `${scenario.label.padEnd(36)} ${total.toLocaleString('en-US').padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`;
      process.stdout.write(`${line}\n`);
    }
  } finally {
    await built.app.close();
  }
}

// BENCH_ONLY=skus, delivery, commerce or embedded runs one section.
const only = process.env.BENCH_ONLY;
if (!only || only === 'skus') {
  process.stdout.write(`SKU list pages of ${PAGE_SIZE} through the whole server, ${RUNS} runs per scenario\n`);
  await onPostgres(measure);
  await onPglite(measure);
}
if (!only || only === 'delivery') await benchDelivery();
if (!only || only === 'commerce') await benchCommerce();
if (!only || only === 'embedded') await benchEmbedded();
