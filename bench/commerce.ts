/**
 * The customers and transactions section of `npm run bench` (issue 13): list pages of 100,000
 * transactions and 100,000 customers through the whole server (auth, access control, validation,
 * repository, serialization), p50/p95 per scenario, on PostgreSQL and PGlite; then a burst of 1,000
 * App Store notifications (signed by a test chain the server is told to trust, verified by Apple's
 * library) posted 50 at a time, each sent twice: every one must be stored once, none lost.
 *
 * Goal: p95 ≤ 50 ms per list page on PostgreSQL. Run alone with `npx tsx bench/commerce.ts`
 * (BENCH_RUNS, TEST_DATABASE_URL as for the SKU section).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../server/src/app';
import type { DatabaseHandle } from '../server/src/db/client';
import { onPglite, onPostgres, percentile } from './engines';
import { AuthRepository } from '../server/src/domains/auth/repository';
import { PasswordHasher } from '../server/src/domains/auth/passwords';
import { makeChain, signedNotification, transactionPayload, type TestChain } from '../tests/server/helpers/apple-chain';

const ROWS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGE_SIZE = 50;
const BURST = 1_000;
const CONCURRENCY = 50;
const BUNDLE = 'com.palette.bench';
const APPLE_APP_ID = 1_111_111_111;

/** 100,000 customers, one transaction each (three in four a subscription, with its state and grant). */
async function seed(database: DatabaseHandle, projectId: string, iosId: string, androidId: string): Promise<void> {
  const db = database.db;
  await db.execute(sql`
    insert into customers (project_id, app_user_id, platform, country, email, spent, first_seen_at, last_seen_at, created_at, updated_at)
    select ${projectId}::uuid, 'bench-user-' || i, case when i % 5 < 3 then 'ios' else 'android' end,
           (array['US','CN','DE','JP','BR','GB','FR','KR','IN','CA'])[1 + i % 10],
           case when i % 7 = 0 then 'user' || i || '@example.com' end,
           jsonb_build_object('USD', round((i % 100)::numeric + 0.99, 2)),
           now() - make_interval(days => i % 365), now() - make_interval(secs => i * 37),
           now(), now()
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into subscriptions (project_id, app_id, customer_id, store, environment, original_transaction_id, product_id, state, auto_renew,
                               started_at, expires_at, last_event_at, created_at, updated_at)
    select c.project_id, case when c.platform = 'ios' then ${iosId}::uuid else ${androidId}::uuid end, c.id,
           case when c.platform = 'ios' then 'apple' else 'google' end, 'production', 'bench-orig-' || c.app_user_id,
           'palette.pro.' || (array['yearly','monthly','weekly'])[1 + abs(hashtext(c.app_user_id)) % 3],
           (array['active','active','trial','grace','billing_retry','expired','expired','refunded'])[1 + abs(hashtext(c.app_user_id)) % 8],
           true, c.first_seen_at, now() + make_interval(days => 30 - abs(hashtext(c.app_user_id)) % 60), now(), now(), now()
    from customers c where c.project_id = ${projectId}::uuid and abs(hashtext(c.app_user_id)) % 4 <> 0`);
  await db.execute(sql`
    insert into transactions (project_id, app_id, customer_id, subscription_id, store, environment, store_transaction_id, original_transaction_id,
                              product_id, type, status, purchased_at, expires_at, price, currency, country, last_event_at, created_at, updated_at)
    select c.project_id, case when c.platform = 'ios' then ${iosId}::uuid else ${androidId}::uuid end, c.id, s.id,
           case when c.platform = 'ios' then 'apple' else 'google' end, 'production',
           'bench-tx-' || c.app_user_id, 'bench-orig-' || c.app_user_id,
           coalesce(s.product_id, 'palette.pro.lifetime'), case when s.id is null then 'non_consumable' else 'subscription' end,
           case when s.state = 'refunded' then 'refunded' when s.state = 'trial' then 'trial' else 'purchased' end,
           c.last_seen_at, s.expires_at, round((abs(hashtext(c.app_user_id)) % 10000) / 100.0 + 0.99, 2), 'USD', c.country, now(), now(), now()
    from customers c left join subscriptions s on s.customer_id = c.id
    where c.project_id = ${projectId}::uuid`);
  await db.execute(sql`
    insert into entitlement_grants (project_id, customer_id, source, app_id, product_id, subscription_id, transaction_id, starts_at, expires_at, ended_at, end_reason, updated_at)
    select t.project_id, t.customer_id, 'store', t.app_id, t.product_id, t.subscription_id, case when t.subscription_id is null then t.id end,
           t.purchased_at, t.expires_at,
           case when s.state in ('billing_retry', 'expired', 'refunded') then now() end, case when s.state in ('billing_retry', 'expired', 'refunded') then s.state end, now()
    from transactions t left join subscriptions s on s.id = t.subscription_id
    where t.project_id = ${projectId}::uuid`);
  // As autovacuum would have by then: statistics, and the visibility map that lets counts read indexes only.
  for (const table of ['customers', 'subscriptions', 'transactions', 'entitlement_grants']) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

interface Scenario {
  readonly label: string;
  readonly path: string;
  readonly query: Record<string, string | number>;
}

async function measure(engine: string, database: DatabaseHandle): Promise<void> {
  const chain: TestChain = makeChain();
  const built: BuiltApp = await buildApp({ database, logger: false, stores: { appleRootCertificates: [chain.rootDer], appleOnlineChecks: false, timeoutMs: 10_000 } });
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@palette.local`;
    const password = 'Bench12345';
    await new AuthRepository(database.db).insertUser({ email, name: 'Bench', role: 'operator', passwordHash: await new PasswordHasher().hash(password), now: new Date() });
    const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown): Promise<Record<string, unknown>> => {
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
    const projectId = (await inject('POST', '/api/v1/projects', token, { name: `Bench ${randomBytes(4).toString('hex')}` })).id as string;
    const base = `/api/v1/projects/${projectId}`;
    const iosId = (await inject('POST', `${base}/apps`, token, { platform: 'ios', name: 'Bench iOS', packageName: BUNDLE })).id as string;
    const androidId = (await inject('POST', `${base}/apps`, token, { platform: 'android', name: 'Bench Android', packageName: `${BUNDLE}.android` })).id as string;
    const entitlementId = (await inject('POST', `${base}/entitlements`, token, { identifier: 'pro', name: 'Pro' })).id as string;
    for (const appId of [iosId, androidId]) {
      for (const plan of ['yearly', 'monthly', 'weekly', 'lifetime']) {
        const permanent = plan === 'lifetime';
        const sku = (await inject('POST', `${base}/skus`, token, { appId, storeProductId: `palette.pro.${plan}`, name: plan, type: permanent ? 'non_consumable' : 'subscription', period: permanent ? 'permanent' : plan })).id as string;
        await inject('POST', `${base}/entitlements/${entitlementId}/skus`, token, { skuId: sku });
      }
    }

    const seeding = performance.now();
    await seed(database, projectId, iosId, androidId);
    process.stdout.write(`\n${engine}: ${ROWS.toLocaleString('en-US')} customers and transactions seeded in ${Math.round(performance.now() - seeding)} ms\n`);
    process.stdout.write(`${'scenario'.padEnd(44)} ${'total'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);

    const tx = `${base}/transactions`;
    const cu = `${base}/customers`;
    const scenarios: Scenario[] = [
      { label: 'transactions: page 1, newest first', path: tx, query: { page: 1 } },
      { label: 'transactions: page 200 (offset 9,950)', path: tx, query: { page: 200 } },
      { label: 'transactions: page 5, price desc', path: tx, query: { page: 5, sort: 'price:desc' } },
      { label: 'transactions: store=google', path: tx, query: { store: 'google' } },
      { label: 'transactions: status=refunded', path: tx, query: { status: 'refunded' } },
      { label: 'transactions: product=palette.pro.weekly', path: tx, query: { productId: 'palette.pro.weekly' } },
      { label: 'transactions: last 7 days', path: tx, query: { from: new Date(Date.now() - 7 * 86_400_000).toISOString() } },
      { label: 'transactions: q=transaction id', path: tx, query: { q: 'bench-tx-bench-user-4242' } },
      { label: 'transactions: q=app user id', path: tx, query: { q: 'bench-user-4242' } },
      { label: 'customers: page 1, last seen', path: cu, query: { page: 1 } },
      { label: 'customers: page 200 (offset 9,950)', path: cu, query: { page: 200 } },
      { label: 'customers: page 1, first seen asc', path: cu, query: { sort: 'firstSeenAt:asc' } },
      { label: 'customers: platform=android', path: cu, query: { platform: 'android' } },
      { label: 'customers: country=JP', path: cu, query: { country: 'JP' } },
      { label: 'customers: q=app user id', path: cu, query: { q: 'bench-user-777' } },
      { label: 'customers: q=email', path: cu, query: { q: 'user777@example.com' } },
      { label: 'customers: access=subscribed', path: cu, query: { access: 'subscribed' } },
      { label: 'customers: access=none', path: cu, query: { access: 'none' } },
    ];
    for (const scenario of scenarios) {
      const search = new URLSearchParams(Object.entries({ pageSize: PAGE_SIZE, ...scenario.query }).map(([k, v]): [string, string] => [k, String(v)]));
      const url = `${scenario.path}?${search}`;
      let total = 0;
      await inject('GET', url, token);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        const data = await inject('GET', url, token);
        times.push(performance.now() - started);
        total = data.total as number;
      }
      times.sort((a, b) => a - b);
      process.stdout.write(`${scenario.label.padEnd(44)} ${total.toLocaleString('en-US').padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}\n`);
    }

    // Live segment counts over the 100,000 customers (POST, the editor's count while typing).
    const segmentsToCount: ReadonlyArray<readonly [string, unknown]> = [
      ['segment: platform iOS and country US', { match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }, { field: 'country', operator: 'eq', value: 'US' }] }],
      ['segment: spend >= 50 USD, first seen >= 30 days', { match: 'all', rules: [{ field: 'spend', operator: 'gte', value: 50, currency: 'USD' }, { field: 'firstSeen', operator: 'gte', value: { count: 30, unit: 'day' } }] }],
      ['segment: has access now', { match: 'all', rules: [{ field: 'access', operator: 'eq', value: 'subscribed' }] }],
      ['segment: billing retry or grace (any)', { match: 'any', rules: [{ field: 'subscriptionState', operator: 'eq', value: 'billing_retry' }, { field: 'subscriptionState', operator: 'eq', value: 'grace' }] }],
    ];
    for (const [label, definition] of segmentsToCount) {
      let matched = 0;
      await inject('POST', `${base}/segments/count`, token, definition);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        matched = (await inject('POST', `${base}/segments/count`, token, definition)).count as number;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(`${label.padEnd(44)} ${matched.toLocaleString('en-US').padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}\n`);
    }

    // The burst: 1,000 notifications, each posted twice, 50 at a time.
    const settings = (await inject('GET', `${base}/apps/${iosId}/store-settings`, token)) as { version: number };
    await inject('PUT', `${base}/apps/${iosId}/store-settings`, token, { appleAppId: APPLE_APP_ID, acceptSandbox: false, version: settings.version });
    const t = Date.now();
    const payloads = Array.from({ length: BURST }, (_, i) =>
      signedNotification(chain, {
        notificationType: 'SUBSCRIBED',
        signedDate: t,
        bundleId: BUNDLE,
        appAppleId: APPLE_APP_ID,
        status: 1,
        transaction: transactionPayload({ bundleId: BUNDLE, transactionId: String(900_000_000 + i), productId: 'palette.pro.monthly', purchaseDate: t, expiresDate: t + 30 * 86_400_000, appAccountToken: randomUUID() }),
      }),
    );
    const sends = [...payloads, ...payloads];
    const outcomes = new Map<string, number>();
    const started = performance.now();
    for (let i = 0; i < sends.length; i += CONCURRENCY) {
      const replies = await Promise.all(
        sends.slice(i, i + CONCURRENCY).map((signedPayload) =>
          built.app.inject({ method: 'POST', url: `/hooks/apple/${iosId}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ signedPayload }), remoteAddress: '17.0.0.1' }),
        ),
      );
      for (const reply of replies) {
        const body = reply.json() as { code: number; data?: { outcome: string } };
        const key = body.code === 0 ? (body.data?.outcome ?? '?') : `code ${body.code}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }
    const elapsed = performance.now() - started;
    const stored = (await database.db.execute(sql`select count(*)::int as n from store_events where app_id = ${iosId}::uuid and outcome = 'applied'`)) as unknown as { rows: Array<{ n: number }> };
    const txs = (await database.db.execute(sql`select count(*)::int as n from transactions where app_id = ${iosId}::uuid and store_transaction_id like '9%'`)) as unknown as { rows: Array<{ n: number }> };
    process.stdout.write(
      `burst: ${BURST} notifications ×2 in ${Math.round(elapsed)} ms (${Math.round((sends.length / elapsed) * 1000)}/s): ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
        `stored ${stored.rows[0]?.n ?? 0} events, ${txs.rows[0]?.n ?? 0} transactions ${stored.rows[0]?.n === BURST && txs.rows[0]?.n === BURST ? '(none lost, none twice)' : '(MISMATCH)'}\n`,
    );
  } finally {
    await built.app.close();
  }
}

/** The section, for bench/run.ts: PostgreSQL, then PGlite. */
export async function benchCommerce(): Promise<void> {
  process.stdout.write(`\nCustomers and transactions: list pages of ${PAGE_SIZE} through the whole server, ${RUNS} runs per scenario; a burst of ${BURST} notifications\n`);
  await onPostgres(measure);
  if (process.env.BENCH_COMMERCE_PGLITE !== '0') await onPglite(measure);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCommerce();
