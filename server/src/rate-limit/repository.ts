import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateEvents } from '../db/schema';

/**
 * Fixed-window rate limits kept in the database (table rate_events).
 *
 * Several API servers may share one PostgreSQL, so no limit may live in process memory. A caller
 * asks `retryAfterSeconds` before acting and `record`s the events that should count (for example
 * only failures), which keeps refused requests from extending their own block.
 */
export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  async record(bucket: string, at: Date): Promise<void> {
    await this.db.insert(rateEvents).values({ bucket, at });
  }

  /**
   * Seconds until the bucket holds fewer than `limit` events in the window ending now; 0 when it
   * already does. Events older than the window are deleted on the way (the table stays small).
   */
  async retryAfterSeconds(bucket: string, limit: number, windowMs: number, now: Date): Promise<number> {
    const since = new Date(now.getTime() - windowMs);
    await this.db.delete(rateEvents).where(and(eq(rateEvents.bucket, bucket), lte(rateEvents.at, since)));
    const inWindow = and(eq(rateEvents.bucket, bucket), gt(rateEvents.at, since));
    const [row] = await this.db.select({ n: count() }).from(rateEvents).where(inWindow);
    const n = row?.n ?? 0;
    if (n < limit) return 0;
    // The window frees a slot when the (n - limit + 1)-th oldest event leaves it.
    const [oldest] = await this.db
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(inWindow)
      .orderBy(asc(rateEvents.at))
      .offset(n - limit)
      .limit(1);
    if (!oldest) return 0;
    return Math.max(1, (oldest.at.getTime() + windowMs - now.getTime()) / 1000);
  }
}
