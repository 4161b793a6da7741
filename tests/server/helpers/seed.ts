import { openDatabase, type DatabaseTarget } from '../../../server/src/db/client';
import { seedSystemLists } from '../../../server/src/domains/system/seed';

/**
 * Seeds a migrated database as a server start does (the global lists: countries and languages), so
 * every test database has them. Leaves an open PGlite open (the template is dumped after this).
 */
export async function seedTestDatabase(target: DatabaseTarget): Promise<void> {
  const handle = await openDatabase(target);
  try {
    const result = await seedSystemLists(handle.db, new Date());
    if (result.skipped.length > 0) throw new Error(`seed rows refused: ${result.skipped.join('; ')}`);
  } finally {
    if (!('pglite' in target)) await handle.close();
  }
}
