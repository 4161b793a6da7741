import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ConfigError, loadConfig, type ServerConfig } from './env';
import { buildOutageServer } from './delivery/outage-server';
import { systemClock } from './shared/clock';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase, resolveMigrationsDir } from './db/migrate';
import { buildApp } from './app';
import { LocalMediaStorage, S3MediaStorage } from './domains/media/storage';
import { seedSystemLists } from './domains/system/seed';

/**
 * Process entry of the API server.
 *
 * stdout carries exactly the lines other programs read (the first administrator's generated password
 * once; the demo operator's password and the demo apps' client keys once on a first embedded start;
 * then `Palette server listening at <url>`, which main/ parses to find the server); logs go to stderr.
 */
async function start(config: ServerConfig): Promise<void> {
  try {
    await startWhole(config, null);
  } catch (error) {
    // A server on PostgreSQL that starts during a database outage still answers the apps, from the
    // delivery API's last-known-good copy, and becomes the whole server once the database is back.
    if (!config.databaseUrl || (await databaseAnswers(config.databaseUrl)) || !existsSync(config.deliveryCacheDir)) throw error;
    await startDuringOutage(config, config.databaseUrl, error);
  }
}

/** Whether the database accepts a connection and a query. */
async function databaseAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startDuringOutage(config: ServerConfig, url: string, cause: unknown): Promise<void> {
  const database = await openDatabase({ url });
  const outage = await buildOutageServer({
    database,
    clock: systemClock,
    deliveryCacheDir: config.deliveryCacheDir,
    credentialsKey: config.credentialsKey,
    trustProxyHops: config.trustProxyHops,
    rateLimit: config.deliveryRateLimits,
    deliveryUrl: config.deliveryUrl,
    logger: { level: config.logLevel, stream: process.stderr },
  });
  outage.log.warn({ err: cause }, 'the database cannot be reached: serving the delivery API from its last-known-good configuration until it can');
  await listen(outage, config);
  let delay = 1_000;
  const retry = async () => {
    if (await databaseAnswers(url)) {
      try {
        await startWhole(config, async () => {
          await outage.close();
          await database.close();
        });
        return;
      } catch (error) {
        outage.log.error({ err: error }, 'starting the whole server failed; trying again');
      }
    }
    delay = Math.min(30_000, delay * 2);
    setTimeout(() => void retry(), delay);
  };
  setTimeout(() => void retry(), delay);
}

async function listen(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(`Palette server listening at http://${shownHost}:${port}\n`);
}

/**
 * Migrates, builds and starts the whole server. `replacing` closes the outage server first (just
 * before listening, so the port is free and the gap is as short as can be).
 */
async function startWhole(config: ServerConfig, replacing: (() => Promise<void>) | null): Promise<void> {
  const migrationsFolder = resolveMigrationsDir(config.migrationsDir);
  let database: DatabaseHandle;
  if (config.databaseUrl) {
    await migrateDatabase({ url: config.databaseUrl }, migrationsFolder);
    database = await openDatabase({ url: config.databaseUrl });
  } else {
    database = await openDatabase({ dataDir: config.dataDir });
    if (!database.pglite) throw new Error('PGlite handle missing');
    await migrateDatabase({ pglite: database.pglite }, migrationsFolder);
  }
  // The global lists (countries, languages) start from maintained data on an empty database.
  const lists = await seedSystemLists(database.db, new Date());

  const { app, auth, seedDemoData } = await buildApp({
    database,
    ownsDatabase: true,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionMaxHours: config.sessionMaxHours,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    trustProxyHops: config.trustProxyHops,
    credentialsKey: config.credentialsKey,
    consoleUrl: config.consoleUrl,
    webhookPrivateAddresses: config.webhookPrivateAddresses,
    mediaStorage: config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(config.uploadsDir),
    logger: { level: config.logLevel, stream: process.stderr },
    deliveryCacheDir: config.deliveryCacheDir,
    deliveryUrl: config.deliveryUrl,
    deliveryRateLimit: config.deliveryRateLimits,
    stores: config.stores,
  });
  if (config.webhookPrivateAddresses === 'allow') {
    app.log.warn('webhooks may reach loopback and private network addresses (WEBHOOK_PRIVATE_ADDRESSES=allow)');
  }
  if (lists.countries + lists.languages > 0) app.log.info({ countries: lists.countries, languages: lists.languages }, 'system lists seeded');
  if (lists.skipped.length > 0) app.log.warn({ skipped: lists.skipped }, 'seed rows refused by their schema were left out');
  app.log.info(config.s3 ? { bucket: config.s3.bucket, endpoint: config.s3.endpoint } : { dir: config.uploadsDir }, `media uploads stored in ${config.s3 ? 'S3' : 'a local directory'}`);

  const admin = await auth.ensureFirstAdmin(config.adminEmail, config.adminPassword);
  if (admin?.generatedPassword) {
    process.stdout.write(`First administrator: ${admin.email} / ${admin.generatedPassword} (shown once; change it under Account)\n`);
  } else if (admin) {
    app.log.info({ email: admin.email }, 'first administrator created from ADMIN_PASSWORD');
  }
  if (config.demoData) {
    const demo = await seedDemoData(config.adminEmail);
    if (demo?.operator.password) {
      process.stdout.write(`Demo operator: ${demo.operator.email} / ${demo.operator.password} (shown once; an editor of the demo project)\n`);
    } else if (demo) {
      app.log.info({ projectId: demo.projectId }, 'demo project created');
    }
    // The demo apps' client keys exist in full only now: the database keeps their hashes.
    for (const { app: appName, key } of demo?.clientKeys ?? []) {
      process.stdout.write(`Demo client key: ${appName} / ${key} (shown once; for the delivery API)\n`);
    }
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // PGlite must close cleanly to flush its data directory; give it a bounded time.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await replacing?.();
  await listen(app, config);
}

let config: ServerConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

start(config).catch((error: unknown) => {
  process.stderr.write(`Palette server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
