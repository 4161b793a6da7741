import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client';

/**
 * The embedded database on a data directory (the console's server) runs with the settings that keep
 * its memory small (issue 18 §6), without giving up durability.
 */
describe('the embedded database on a data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'palette-db-client-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has 16 MB of shared buffers instead of PostgreSQL’s 128 MB, and keeps PGlite’s durability', async () => {
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      const shown = async (name: string) => ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];
      expect(await shown('shared_buffers')).toBe('16MB');
      // PGlite's own start parameters still apply (no parallel workers in one WebAssembly process).
      expect(await shown('max_worker_processes')).toBe('0');
      // Reopened, the data written before is there (the setting does not change what is kept).
      await database.db.execute(sql`create table kept (v int)`);
      await database.db.execute(sql`insert into kept values (42)`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      const rows = ((await again.db.execute(sql`select v from kept`)) as unknown as { rows: { v: number }[] }).rows;
      expect(rows).toEqual([{ v: 42 }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
