import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/client';
import { migrateDatabase } from '../../../server/src/db/migrate';
import { seedTestDatabase } from './seed';

/** A database for one test file, and how to get rid of it. */
export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly mode: 'pglite' | 'postgres';
  /** The PostgreSQL URL of this database (postgres mode only), for child processes. */
  readonly url: string | undefined;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the admin URL's database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database of its own for the calling test file, empty but for the seeded global lists.
 *
 * PGlite: a clone of the run's template, in memory (about half a second). PostgreSQL: a fresh
 * `palette_t_<random>` database, migrated here, dropped by `dispose`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const config = inject('serverTestDatabase');
  if (config.mode === 'pglite') {
    const tarball = await readFile(config.templatePath);
    const pglite = await PGlite.create({ loadDataDir: new Blob([tarball]) });
    const handle = await openDatabase({ pglite });
    return { handle, mode: 'pglite', url: undefined, dispose: () => handle.close() };
  }
  const name = `palette_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(config.adminUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(config.adminUrl, name);
  await migrateDatabase({ url });
  await seedTestDatabase({ url });
  const handle = await openDatabase({ url });
  return {
    handle,
    mode: 'postgres',
    url,
    dispose: async () => {
      await handle.close();
      await adminQuery(config.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A second database for tests that need one of their own (migration checks): an empty PGlite
 * (not the template) or a fresh PostgreSQL database, not yet migrated.
 */
export async function createEmptyDatabase(): Promise<{ target: { pglite: PGlite } | { url: string }; dispose(): Promise<void> }> {
  const config = inject('serverTestDatabase');
  if (config.mode === 'pglite') {
    const pglite = await PGlite.create();
    return { target: { pglite }, dispose: () => pglite.close() };
  }
  const name = `palette_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(config.adminUrl, `CREATE DATABASE ${name}`);
  return {
    target: { url: withDatabase(config.adminUrl, name) },
    dispose: () => adminQuery(config.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
