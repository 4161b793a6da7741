import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ActiveClientKey } from '../domains/client-keys/lookup';
import type { Database } from '../db/client';
import type { Clock } from '../shared/clock';
import type { ConfigChanges } from './changes';
import { compileProject, nextChangeOf, previewPasswordDigest, type CompiledEnvironment, type CompiledProject, type Environment } from './compiled';
import type { EncodedReply } from './content-coding';
import { KeyIndex, KeyRateLimit, KeyUsage, loadActiveKeys } from './keys';
import type { LastKnownGood } from './last-known-good';

export { ConfigChanges } from './changes';

/**
 * How long a compiled project or the key index is trusted without news of a change. Changes reach
 * this process at once (in-process, or from other processes through PostgreSQL notifications); this
 * is the safety net for a notification lost while the listening connection was down.
 */
export const COMPILED_TTL_MS = 30_000;
/** After a failed compile, how long the old configuration is served before the database is tried again. */
export const RETRY_AFTER_FAILURE_MS = 2_000;
/** How often the last use of each key is written. */
export const KEY_USAGE_FLUSH_MS = 60_000;
/** Evaluated replies kept per project and environment (contexts); beyond it the memo starts over. */
const MEMO_LIMIT = 10_000;

/** A serialized reply: its body and strong ETag, and its content codings once made (content-coding.ts). */
export type MemoReply = EncodedReply;

/**
 * The delivery API's rate limits (token buckets, burst twice the rate unless given). Per client
 * address and key: what one app install (or one network address) may ask. Per key: a ceiling for
 * the whole app, well above what one server process can answer, so a key read out of the app
 * (keys are public) cannot spend every real user's budget; it only stops a flood no address limit
 * catches (many addresses at once).
 */
export interface DeliveryRateLimits {
  readonly perSecond: number;
  readonly burst: number;
  /** Per client address and key (DELIVERY_ADDRESS_RATE); default DEFAULT_ADDRESS_RATE. */
  readonly addressPerSecond?: number | undefined;
  readonly addressBurst?: number | undefined;
}

/** Requests per second per client key (the ceiling of a whole app) unless configured. */
export const DEFAULT_KEY_RATE = 50_000;
/** Requests per second per client address and key unless configured. */
export const DEFAULT_ADDRESS_RATE = 50;

export interface DeliveryStoreOptions {
  readonly ttlMs?: number | undefined;
  /** The last-known-good copy on disk; without one, an outage is only bridged by what is in memory. */
  readonly lastKnownGood?: LastKnownGood | undefined;
  /** Opens the sealed pre-release password (the credentials box). */
  readonly openPassword?: ((sealed: string) => string) | undefined;
  /**
   * The key of the pre-release password's HMAC (derived from the server's secret): the compiled
   * project, and its copy on disk, keep only that HMAC. Without it (tests) a key of this process.
   */
  readonly previewPasswordKey?: Buffer | undefined;
  readonly log?: FastifyBaseLogger | undefined;
  /** The rate limits per client address and per client key (KeyRateLimit). */
  readonly rateLimit?: DeliveryRateLimits | undefined;
}

interface Entry {
  /** When the database was last asked (successfully or not). */
  at: number;
  /** The compile under way or last finished. */
  pending: Promise<CompiledProject>;
  /** The last compiled configuration, served while a refresh is under way. */
  ready: CompiledProject | null;
}

interface Keys {
  at: number;
  /** Set by a change: the next request waits for a fresh index. */
  stale: boolean;
  ready: KeyIndex | null;
  pending: Promise<KeyIndex>;
}

/**
 * How long a compile or the key index may wait for the database before the copy in memory or on disk
 * answers instead (a connection that hangs rather than fails).
 */
export const DATABASE_TIMEOUT_MS = 3_000;

/** `work`, or a rejection after `ms` (the work itself is not cancelled). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Where the configuration being served came from. */
export type DeliverySource = 'database' | 'memory' | 'disk';

/**
 * The delivery API's state: the compiled configuration of each project and the index of active client
 * keys, in memory, refreshed after every change this process hears of (and at the latest every
 * COMPILED_TTL_MS), saved to disk after each refresh.
 *
 * When the database cannot be reached, what is in memory keeps being served; a process that has
 * nothing in memory (it started during the outage) reads the last-known-good copy from disk. Either
 * way the app gets answers, not errors, and the next refresh after the database returns replaces them.
 */
export class DeliveryStore {
  private readonly compiled = new Map<string, Entry>();
  private readonly generation = new Map<string, number>();
  private readonly memo = new WeakMap<CompiledEnvironment, { until: number; replies: Map<string, MemoReply> }>();
  private readonly sources = new Map<string, DeliverySource>();
  /** The last configuration served per project, kept across invalidations for an outage. */
  private readonly lastServed = new Map<string, CompiledProject>();
  private keys: Keys | null = null;
  private keysSource: DeliverySource | null = null;
  private readonly usage = new KeyUsage();
  private readonly limiter: KeyRateLimit;
  private readonly addressLimiter: KeyRateLimit;
  private readonly passwordKey: Buffer;
  private readonly ttlMs: number;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly listeners = new Set<(projectId: string | null) => void>();

  constructor(
    private readonly db: Database,
    changes: ConfigChanges,
    private readonly clock: Clock,
    private readonly options: DeliveryStoreOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? COMPILED_TTL_MS;
    const limits = options.rateLimit;
    this.limiter = new KeyRateLimit(limits?.perSecond ?? DEFAULT_KEY_RATE, limits?.burst ?? (limits?.perSecond ?? DEFAULT_KEY_RATE) * 2);
    const addressRate = limits?.addressPerSecond ?? DEFAULT_ADDRESS_RATE;
    this.addressLimiter = new KeyRateLimit(addressRate, limits?.addressBurst ?? addressRate * 2);
    this.passwordKey = options.previewPasswordKey ?? randomBytes(32);
    changes.on((change) => {
      if (change.type === 'config') this.invalidate(change.projectId);
      else if (change.type === 'keys') this.invalidateKeys();
      else {
        this.invalidateKeys();
        for (const projectId of [...this.compiled.keys()]) this.invalidate(projectId);
      }
    });
    this.flushTimer = setInterval(() => void this.flushUsage(), KEY_USAGE_FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Called with a project id after it was invalidated (null: the keys). The event stream listens. */
  onInvalidate(listener: (projectId: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  invalidate(projectId: string): void {
    this.generation.set(projectId, (this.generation.get(projectId) ?? 0) + 1);
    this.compiled.delete(projectId);
    for (const listener of this.listeners) listener(projectId);
  }

  invalidateKeys(): void {
    if (this.keys) this.keys.stale = true;
    for (const listener of this.listeners) listener(null);
  }

  /** Where the project's configuration now being served came from (for logs and tests). */
  sourceOf(projectId: string): DeliverySource | undefined {
    return this.sources.get(projectId);
  }

  // -------------------------------------------------------------------------------------------
  // Keys

  /**
   * The active key a client presents, or null. From memory: after the TTL the index is refreshed in
   * the background while the old one keeps answering; after a change this process heard of, the
   * refresh is waited for, so a key created or revoked a moment ago counts at once.
   */
  async key(presented: string): Promise<ActiveClientKey | null> {
    const now = this.clock().getTime();
    const keys = this.keys;
    if (!keys || keys.stale) {
      const refresh = this.loadKeys(keys?.ready ?? null);
      this.keys = { at: now, stale: false, ready: keys?.ready ?? null, pending: refresh };
      return (await refresh).find(presented);
    }
    if (now - keys.at >= this.ttlMs) {
      keys.at = now;
      keys.pending = this.loadKeys(keys.ready);
    }
    return (keys.ready ?? (await keys.pending)).find(presented);
  }

  private async loadKeys(previous: KeyIndex | null): Promise<KeyIndex> {
    const keys = () => this.keys;
    try {
      const snapshot = await withTimeout(loadActiveKeys(this.db), DATABASE_TIMEOUT_MS);
      void this.options.lastKnownGood?.saveKeys(snapshot).catch((error: unknown) => this.options.log?.warn({ err: error }, 'delivery: saving the client keys to disk failed'));
      const index = new KeyIndex(snapshot);
      this.keysSource = 'database';
      const current = keys();
      if (current && !current.stale) current.ready = index;
      return index;
    } catch (error) {
      const current = keys();
      // Try the database again soon, not on every request.
      if (current) current.at = this.clock().getTime() - this.ttlMs + RETRY_AFTER_FAILURE_MS;
      if (previous) {
        this.options.log?.warn({ err: error }, 'delivery: database unreachable, serving the client keys in memory');
        this.keysSource = 'memory';
        return previous;
      }
      const saved = await this.options.lastKnownGood?.loadKeys();
      if (saved) {
        this.options.log?.warn({ err: error }, 'delivery: database unreachable, serving the client keys saved on disk');
        const index = new KeyIndex(saved);
        this.keysSource = 'disk';
        if (current) current.ready = index;
        return index;
      }
      // Nothing to fall back on: forget this attempt so the next request tries again.
      this.keys = null;
      throw error;
    }
  }

  /**
   * Counts a request against the rate limit of its client address with this key, then against the
   * key's ceiling, and notes the key's use. `address` is the client's address as Fastify trusts it
   * (TRUST_PROXY_HOPS: behind a CDN or load balancer, the address it forwards, else its own).
   */
  admit(key: ActiveClientKey, address: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.clock();
    const byAddress = this.addressLimiter.take(`${key.keyId}|${address}`, now.getTime());
    if (!byAddress.ok) return byAddress;
    const verdict = this.limiter.take(key.keyId, now.getTime());
    if (verdict.ok) this.usage.touch(key.keyId, now);
    return verdict;
  }

  /** The pre-release password as the compiled project keeps it (an HMAC with the server's secret). */
  previewPasswordDigest(projectId: string, password: string): string {
    return previewPasswordDigest(this.passwordKey, projectId, password);
  }

  /**
   * Whether the delivery API can answer: it has an index of the client keys (from the database, or
   * kept in memory or on disk while the database is away) — the delivery readiness, which stays
   * ready through a database outage as long as a last-known-good copy answers, unlike `/healthz`.
   */
  async readiness(): Promise<{ ready: boolean; source: DeliverySource | null }> {
    try {
      await this.key('');
      return { ready: true, source: this.keysSource };
    } catch {
      return { ready: false, source: null };
    }
  }

  /** Writes the keys' last use (every KEY_USAGE_FLUSH_MS, and on close). */
  async flushUsage(): Promise<void> {
    try {
      await this.usage.flush(this.db);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'delivery: recording when client keys were last used failed; kept for the next try');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Projects

  /**
   * The project's compiled configuration. After the TTL it is recompiled in the background while the
   * old one keeps answering; after a change this process heard of, the recompile is waited for (what
   * was just published is what the next request gets).
   */
  project(projectId: string): Promise<CompiledProject> {
    const now = this.clock().getTime();
    const entry = this.compiled.get(projectId);
    if (entry) {
      if (now - entry.at >= this.ttlMs) {
        entry.at = now;
        entry.pending = this.compileInto(projectId, entry);
      }
      return entry.ready ? Promise.resolve(entry.ready) : entry.pending;
    }
    const fresh: Entry = { at: now, ready: null, pending: Promise.resolve(null as never) };
    fresh.pending = this.compileInto(projectId, fresh);
    this.compiled.set(projectId, fresh);
    return fresh.pending;
  }

  private compileInto(projectId: string, entry: Entry): Promise<CompiledProject> {
    const generation = this.generation.get(projectId) ?? 0;
    const fallback = entry.ready ?? this.lastServed.get(projectId) ?? null;
    const pending = this.compile(projectId, fallback, entry);
    pending.then(
      (project) => {
        // Changed while compiling: this result may predate the change; the entry was dropped anyway.
        if ((this.generation.get(projectId) ?? 0) !== generation) return;
        entry.ready = project;
        this.lastServed.set(projectId, project);
      },
      () => {
        if (this.compiled.get(projectId) === entry && !entry.ready) this.compiled.delete(projectId);
      },
    );
    return pending;
  }

  private async compile(projectId: string, fallback: CompiledProject | null, entry: Entry): Promise<CompiledProject> {
    const now = this.clock();
    try {
      const project = await withTimeout(
        compileProject(this.db, projectId, now, this.options.openPassword ?? ((sealed) => sealed), this.passwordKey),
        DATABASE_TIMEOUT_MS,
      );
      this.sources.set(projectId, 'database');
      void this.options.lastKnownGood?.saveProject(project).catch((error: unknown) => this.options.log?.warn({ err: error, projectId }, 'delivery: saving the configuration to disk failed'));
      return project;
    } catch (error) {
      // Try the database again soon, not on every request.
      entry.at = now.getTime() - this.ttlMs + RETRY_AFTER_FAILURE_MS;
      if (fallback) {
        this.sources.set(projectId, 'memory');
        this.options.log?.warn({ err: error, projectId }, 'delivery: database unreachable, serving the configuration in memory');
        return fallback;
      }
      const saved = await this.options.lastKnownGood?.loadProject(projectId);
      if (saved) {
        this.sources.set(projectId, 'disk');
        this.options.log?.warn({ err: error, projectId }, 'delivery: database unreachable, serving the last-known-good configuration from disk');
        return saved;
      }
      throw error;
    }
  }

  /**
   * A reply for one environment and context, serialized once and kept until the environment's next
   * schedule change (or its next compile): the same context asks again at the cost of a map lookup.
   */
  reply(env: CompiledEnvironment, contextKey: string, build: () => MemoReply): MemoReply {
    const now = this.clock().getTime();
    let memo = this.memo.get(env);
    if (!memo || now >= memo.until || memo.replies.size >= MEMO_LIMIT) {
      memo = { until: nextChangeOf(env, new Date(now))?.getTime() ?? Number.POSITIVE_INFINITY, replies: new Map() };
      this.memo.set(env, memo);
    }
    let reply = memo.replies.get(contextKey);
    if (!reply) {
      reply = build();
      memo.replies.set(contextKey, reply);
    }
    return reply;
  }

  /** When the environment's replies next change by schedule alone (ms since epoch), or null. */
  nextChange(env: CompiledEnvironment): number | null {
    return nextChangeOf(env, this.clock())?.getTime() ?? null;
  }

  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushUsage();
    await this.options.lastKnownGood?.flush();
  }
}

export type { Environment };
