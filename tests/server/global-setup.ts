import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../../server/src/db/migrate';
import { seedTestDatabase } from './helpers/seed';

/** How the server suite reaches its databases: a migrated PGlite template, or a PostgreSQL URL. */
export type ServerTestDatabase = { readonly mode: 'pglite'; readonly templatePath: string } | { readonly mode: 'postgres'; readonly adminUrl: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestDatabase: ServerTestDatabase;
  }
}

/**
 * Prepares the databases of the server suite once per run.
 *
 * PGlite: a fresh data directory costs seconds (initdb), so one migrated and seeded template (the
 * global lists, as a server start seeds them: helpers/seed.ts `seedTestDatabase`) is dumped here and
 * every test file loads a clone of it into memory. PostgreSQL (TEST_DATABASE_URL set): each test file
 * creates and drops its own database, so only the URL is passed on.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('serverTestDatabase', { mode: 'postgres', adminUrl });
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'palette-pglite-template-'));
  const pglite = await PGlite.create();
  await migrateDatabase({ pglite });
  await seedTestDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const templatePath = join(dir, 'template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('serverTestDatabase', { mode: 'pglite', templatePath });
  return async () => rm(dir, { recursive: true, force: true });
}
