import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** What to migrate: a PostgreSQL URL (a dedicated connection is opened) or an open PGlite. */
export type MigrationTarget = { readonly url: string } | { readonly pglite: PGlite };

/**
 * Finds the checked-in drizzle migrations.
 *
 * From source the folder is server/drizzle; the bundled server (out/server/main.js) carries a copy
 * next to itself. `MIGRATIONS_DIR` wins when set, for packagings that put it elsewhere.
 */
export function resolveMigrationsDir(explicit?: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = explicit ? [resolve(explicit)] : [join(here, 'drizzle'), join(here, '../../drizzle'), join(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No drizzle migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Arbitrary constant key of the PostgreSQL advisory lock that serializes concurrent migrators. */
const MIGRATION_LOCK_KEY = 7_246_617_001;

/**
 * Applies every pending migration; running it again changes nothing.
 *
 * On PostgreSQL several API servers may start at once against one database, so the migration runs
 * on a dedicated connection holding an advisory lock: the second server waits, then finds nothing
 * left to do. PGlite belongs to one process, where migrations of one instance are queued.
 */
export async function migrateDatabase(target: MigrationTarget, migrationsFolder = resolveMigrationsDir()): Promise<void> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const db = drizzlePg({ client });
      await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      try {
        await migratePg(db, { migrationsFolder });
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      }
    } finally {
      await client.end();
    }
    return;
  }
  // PGlite lives in this process only: a promise chain per instance plays the advisory lock's role.
  const previous = pgliteMigrations.get(target.pglite) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => migratePglite(drizzlePglite({ client: target.pglite }), { migrationsFolder }));
  pgliteMigrations.set(target.pglite, run);
  await run;
}

const pgliteMigrations = new WeakMap<PGlite, Promise<void>>();
