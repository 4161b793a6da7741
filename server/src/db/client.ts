import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/**
 * The one database type every repository is written against.
 *
 * PGlite and node-postgres give different drizzle classes with the same query builder; repositories
 * only use what both share, so the server runs unchanged on the embedded and the real PostgreSQL.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it; `kind` is reported by health checks and logs. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** The PGlite instance in embedded mode (tests dump and clone it), otherwise undefined. */
  readonly pglite?: PGlite;
  /** The PostgreSQL URL (a notification listener opens a connection of its own), otherwise undefined. */
  readonly url?: string;
  close(): Promise<void>;
}

/**
 * PostgreSQL settings of the embedded database on a data directory (the console's own server).
 *
 * PostgreSQL's own default of 128 MB of shared buffers is what a machine shared by many connections
 * wants; inside PGlite it is WebAssembly memory that one process touches and never gives back, and
 * it made most of the embedded server's resident size (382 MB at rest, issue 18). One operator's
 * data directory is tens of megabytes, so 16 MB of buffers holds its working set; work_mem and
 * temp_buffers are per query and stay at their defaults. Durability is untouched: PGlite's own
 * start parameters are kept, and `relaxedDurability` stays off (every write reaches the disk before
 * its query is answered).
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

/** PGlite's start parameters, with `settings` after its defaults (a later `-c` wins). */
export function embeddedStartParams(settings: Readonly<Record<string, string>> = EMBEDDED_POSTGRES_SETTINGS): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** Where the data lives: a PostgreSQL URL, a PGlite directory, or an already open PGlite (tests). */
export type DatabaseTarget = { readonly url: string } | { readonly dataDir: string } | { readonly pglite: PGlite };

/**
 * Opens the database the configuration names.
 *
 * PostgreSQL gets a small connection pool (several API servers may share one database, so the pool
 * stays modest); PGlite is a single in-process connection whose data directory is created if absent.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    // A database that stops answering makes a new connection fail after 5 s instead of hanging.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
    // An idle client losing its connection emits 'error' on the pool; without a listener that
    // would crash the process. The next query simply gets a fresh connection.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: 'postgres', url: target.url, close: () => pool.end() };
  }
  let pglite: PGlite;
  if ('pglite' in target) {
    pglite = target.pglite;
  } else {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir, { startParams: embeddedStartParams() });
  }
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
