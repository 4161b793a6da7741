import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';

/**
 * The two engines every bench section measures on: a fresh database of its own on the PostgreSQL at
 * TEST_DATABASE_URL (made and dropped around the run; skipped with a line when none answers), and an
 * in-memory PGlite. Each is migrated before `measure` gets it, and closed after.
 */

export type Measure = (engine: string, database: DatabaseHandle) => Promise<void>;

/** The value at percentile `p` of ascending `sorted` times (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function onPostgres(measure: Measure): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `palette_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin(adminUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    process.stdout.write(`\nPostgreSQL: skipped, ${adminUrl.replace(/:[^:@/]+@/, ':***@')} is not reachable (${(error as Error).message})\n`);
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await migrateDatabase({ url: url.toString() });
    const database = await openDatabase({ url: url.toString() });
    try {
      await measure('PostgreSQL', database);
    } finally {
      await database.close();
    }
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export async function onPglite(measure: Measure): Promise<void> {
  const pglite = await PGlite.create();
  await migrateDatabase({ pglite });
  const database = await openDatabase({ pglite });
  try {
    await measure('PGlite', database);
  } finally {
    await database.close();
  }
}
