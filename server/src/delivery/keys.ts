import { and, isNull, eq, sql } from 'drizzle-orm';
import { clientKeyPattern } from '@contract/api/client-keys';
import type { Platform } from '@contract/resources/projects';
import type { Database } from '../db/client';
import { apps, clientKeys } from '../db/schema';
import { hashClientKey } from '../domains/client-keys/keys';
import type { ActiveClientKey } from '../domains/client-keys/lookup';

/** The active client keys as kept on disk: hashes only, like the database. */
export interface KeyIndexSnapshot {
  readonly format: 1;
  readonly keys: ReadonlyArray<ActiveClientKey & { readonly keyHash: string }>;
}

/** Reads every active key (not revoked, of an app not in the trash) with its app and project. */
export async function loadActiveKeys(db: Database): Promise<KeyIndexSnapshot> {
  const rows = await db
    .select({ keyHash: clientKeys.keyHash, keyId: clientKeys.id, appId: clientKeys.appId, projectId: clientKeys.projectId, platform: apps.platform })
    .from(clientKeys)
    .innerJoin(apps, eq(apps.id, clientKeys.appId))
    .where(and(isNull(clientKeys.revokedAt), isNull(apps.deletedAt)));
  return { format: 1, keys: rows.map((row) => ({ ...row, platform: row.platform as Platform })) };
}

/**
 * The active client keys in memory, by the SHA-256 of the key: a request's key costs a hash and a
 * map lookup, never a query, and keeps working while the database is away.
 */
export class KeyIndex {
  private byHash = new Map<string, ActiveClientKey>();
  /**
   * Keys found before, by what the client presented: the delivery API's every request presents one,
   * mostly the same few, and hashing it again each time was a measurable part of a 304. Only keys
   * that were found are kept (a flood of made-up keys fills nothing), at most as many as there are
   * active keys, and all are forgotten with the snapshot they came from.
   */
  private found = new Map<string, ActiveClientKey>();

  constructor(snapshot?: KeyIndexSnapshot) {
    if (snapshot) this.replace(snapshot);
  }

  replace(snapshot: KeyIndexSnapshot): void {
    this.byHash = new Map(snapshot.keys.map(({ keyHash, ...key }) => [keyHash, key]));
    this.found = new Map();
  }

  /** The active key a client presents, or null (malformed, unknown, revoked, app in the trash). */
  find(presented: string): ActiveClientKey | null {
    const known = this.found.get(presented);
    if (known) return known;
    if (!clientKeyPattern.test(presented)) return null;
    const key = this.byHash.get(hashClientKey(presented)) ?? null;
    if (key && this.found.size < this.byHash.size) this.found.set(presented, key);
    return key;
  }

  get size(): number {
    return this.byHash.size;
  }
}

/**
 * When each key was last used, gathered in memory and written in one statement at most once a
 * minute: a busy app's requests never wait for a write, and a database outage only delays it.
 */
export class KeyUsage {
  private pending = new Map<string, Date>();

  touch(keyId: string, at: Date): void {
    this.pending.set(keyId, at);
  }

  /** Writes what was gathered; on failure keeps it for the next flush. */
  async flush(db: Database): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = JSON.stringify([...batch].map(([id, at]) => ({ id, at: at.toISOString() })));
    try {
      await db.execute(sql`
        update ${clientKeys} set last_used_at = greatest(coalesce(${clientKeys.lastUsedAt}, v.at), v.at)
        from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, at timestamptz)
        where ${clientKeys.id} = v.id`);
    } catch (error) {
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      throw error;
    }
  }
}

/**
 * A token bucket per subject (a client key, or a key and a client address): `burst` requests at
 * once, refilled at `perSecond`. Generous on purpose: replies are cached 30 s by the app and any
 * CDN, so an app in normal use sends a small fraction of this; it stops a runaway client or a
 * scraped key from taking the server.
 *
 * Buckets that have refilled completely say nothing a fresh bucket would not: they are dropped when
 * the map grows past PRUNE_ABOVE, so addresses seen once do not accumulate.
 */
export class KeyRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private static readonly PRUNE_ABOVE = 10_000;
  private prunedAt = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Whether one more request of this key may pass now; if not, how many seconds until one may. */
  take(keyId: string, nowMs: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(keyId) ?? { tokens: this.burst, at: nowMs };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond);
    bucket.at = nowMs;
    this.buckets.set(keyId, bucket);
    if (this.buckets.size > KeyRateLimit.PRUNE_ABOVE && nowMs - this.prunedAt >= 1_000) this.prune(nowMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) };
  }

  /** How many subjects have a bucket (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private prune(nowMs: number): void {
    this.prunedAt = nowMs;
    for (const [subject, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(subject);
    }
  }
}
