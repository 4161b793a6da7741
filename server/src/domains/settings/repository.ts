import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import type { KeyStore } from '../../crypto/secret-box';
import type { Clock } from '../../shared/clock';

/** Server-wide settings kept in the database, shared by every API server on it. */
export class SettingsRepository implements KeyStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
    return row?.value;
  }

  /** Inserts unless present, then reads: two servers racing both end up with the first one's value. */
  async getOrCreate(key: string, candidate: string): Promise<string> {
    await this.db.insert(settings).values({ key, value: candidate, createdAt: this.clock() }).onConflictDoNothing({ target: settings.key });
    const value = await this.get(key);
    if (value === undefined) throw new Error(`setting ${key} vanished`);
    return value;
  }
}
