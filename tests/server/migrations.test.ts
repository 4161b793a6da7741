import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import { migrateDatabase, resolveMigrationsDir } from '../../server/src/db/migrate';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from './helpers/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

async function journalLength(): Promise<number> {
  const journal = JSON.parse(await readFile(join(resolveMigrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Rows of a raw query: both drivers answer `{ rows }`, which the shared database type leaves unknown. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function shape(db: TestDatabase['handle']['db']): Promise<{ migrations: number; tables: string[] }> {
  const applied = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`),
  );
  return { migrations: Number(applied[0]?.n), tables: tables.map((r) => r.table_name) };
}

describe('migrations', () => {
  it('are applied once and running them again changes nothing', async () => {
    const before = await shape(database.handle.db);
    expect(before.migrations).toBe(await journalLength());
    expect(before.tables).toEqual([
      'action_counts',
      'affiliate_reports',
      'app_secrets',
      'apps',
      'audit_log',
      'client_keys',
      'config_items',
      'config_policies',
      'config_revisions',
      'countries',
      'customers',
      'delivery_settings',
      'entitlement_grants',
      'entitlement_skus',
      'entitlements',
      'interruption_budgets',
      'invitations',
      'languages',
      'mail_outbox',
      'manual_unlocks',
      'offering_skus',
      'offerings',
      'password_resets',
      'popup_feedback',
      'preview_links',
      'project_members',
      'projects',
      'role_users',
      'roles',
      'segments',
      'sessions',
      'settings',
      'sign_ins',
      'skus',
      'store_events',
      'store_settings',
      'subscriptions',
      'team_apps',
      'team_members',
      'teams',
      'transactions',
      'unlock_policies',
      'uploads',
      'users',
      'webhooks',
    ]);
    const target = database.url ? { url: database.url } : { pglite: database.handle.pglite! };
    await migrateDatabase(target);
    await migrateDatabase(target);
    expect(await shape(database.handle.db)).toEqual(before);
  });

  it('build an empty database, also when two servers migrate it at once', async () => {
    const empty = await createEmptyDatabase();
    try {
      await Promise.all([migrateDatabase(empty.target), migrateDatabase(empty.target)]);
      const handle = await openDatabase(empty.target);
      try {
        expect((await shape(handle.db)).migrations).toBe(await journalLength());
      } finally {
        if ('url' in empty.target) await handle.close();
      }
    } finally {
      await empty.dispose();
    }
  });
});
