import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@contract/errors';
import { AppError, tooManyRequests } from '../errors';
import type { Clock } from '../shared/clock';
import type { Environment } from './compiled';
import type { DeliveryStore } from './store';

/** How often an idle stream gets a comment (and its context is checked again). */
export const EVENTS_HEARTBEAT_MS = 15_000;
/** How soon after a change the streams of its project are checked (changes often come in bursts). */
const RECHECK_DELAY_MS = 5;
/** The longest a timer may wait (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How many event streams may be open at once in one server process: per client key and client
 * address (one install needs one; a proxy without TRUST_PROXY_HOPS makes all its clients one
 * address), and per client key (every install of the app). Beyond either the stream is refused with
 * 429 and code 1006 before it opens.
 */
export interface StreamLimits {
  readonly perAddress: number;
  readonly perKey: number;
}
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perAddress: 20, perKey: 20_000 };
/** When a refused stream should try again (seconds). */
const STREAM_RETRY_AFTER_SECONDS = 30;

interface Stream {
  readonly projectId: string;
  readonly keyId: string;
  readonly address: string;
  readonly environment: Environment;
  /** The ETag the config route would answer the stream's context now; throws when access ended. */
  readonly etag: () => Promise<string>;
  readonly write: (text: string) => void;
  readonly end: () => void;
  last: string | null;
  checking: Promise<void> | null;
  again: boolean;
}

export interface StreamOptions {
  readonly projectId: string;
  readonly keyId: string;
  /** The client's address (as Fastify trusts it), for the per-address cap. */
  readonly address: string;
  /** The reconnecting client's Last-Event-ID: the ETag it last heard; no event is sent until it changes. */
  readonly lastEventId?: string | undefined;
  readonly environment: Environment;
  readonly etag: () => Promise<string>;
}

/**
 * The delivery API's server-sent events: each open stream is told the ETag of what its context would
 * get from the config route, at once and whenever it changes, so a connected app fetches only then.
 *
 * A stream's project is checked again when the delivery store drops its compiled configuration (a
 * publish in this or, through PostgreSQL notifications, another process), when an item's schedule
 * starts, ends or opens or closes its daily window (a timer per project at its next such instant),
 * and at every heartbeat (each check looks the client key up again). A stream whose key was revoked
 * or whose preview access ended gets an `error` event with the code and is closed.
 *
 * Each `etag` event has `id:` the ETag itself, so a client that reconnects sends it back as
 * `Last-Event-ID` (EventSource does so by itself) and hears nothing until the ETag differs from it.
 */
export class DeliveryEvents {
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Open streams per client key, and per client key and address. */
  private readonly perKey = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private readonly limits: StreamLimits;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DeliveryStore,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    limits?: StreamLimits,
  ) {
    this.limits = limits ?? DEFAULT_STREAM_LIMITS;
    this.unsubscribe = store.onInvalidate((projectId) => {
      if (projectId === null) for (const id of this.streams.keys()) this.recheckSoon(id);
      else this.recheckSoon(projectId);
    });
    this.heartbeat = setInterval(() => {
      for (const [projectId, streams] of this.streams) {
        for (const stream of streams) stream.write(': keep-alive\n\n');
        this.recheckSoon(projectId);
      }
    }, EVENTS_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** How many streams are open (all projects). */
  get size(): number {
    let n = 0;
    for (const streams of this.streams.values()) n += streams.size;
    return n;
  }

  /**
   * Takes the reply over as an event stream for one context. Throws (before anything is sent) a 429
   * AppError when the key, or the key from this address, has as many streams open as allowed.
   */
  open(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): void {
    const addressKey = `${options.keyId}|${options.address}`;
    const fromAddress = this.perAddress.get(addressKey) ?? 0;
    const ofKey = this.perKey.get(options.keyId) ?? 0;
    if (fromAddress >= this.limits.perAddress || ofKey >= this.limits.perKey) {
      const error = tooManyRequests(ErrorCode.TooManyRequests, STREAM_RETRY_AFTER_SECONDS);
      throw new AppError(error.code, {
        headers: error.headers,
        message:
          fromAddress >= this.limits.perAddress
            ? `Too many open event streams for this client key from this address (at most ${this.limits.perAddress}); close one before opening another.`
            : `Too many open event streams for this client key (at most ${this.limits.perKey} per server).`,
      });
    }
    this.perAddress.set(addressKey, fromAddress + 1);
    this.perKey.set(options.keyId, ofKey + 1);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies that buffer responses (nginx) would hold the events back.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.flushHeaders();
    let open = true;
    const stream: Stream = {
      projectId: options.projectId,
      keyId: options.keyId,
      address: options.address,
      environment: options.environment,
      etag: options.etag,
      write: (text) => {
        if (open) raw.write(text);
      },
      end: () => {
        if (!open) return;
        open = false;
        this.remove(stream);
        raw.end();
      },
      last: options.lastEventId ?? null,
      checking: null,
      again: false,
    };
    let set = this.streams.get(options.projectId);
    if (!set) {
      set = new Set();
      this.streams.set(options.projectId, set);
    }
    set.add(stream);
    request.raw.on('close', () => {
      open = false;
      this.remove(stream);
    });
    // Reconnect after 3 s when the connection drops.
    stream.write('retry: 3000\n\n');
    void this.check(stream).then(() => this.armTimer(options.projectId));
  }

  private remove(stream: Stream): void {
    const set = this.streams.get(stream.projectId);
    if (!set?.has(stream)) return;
    set.delete(stream);
    const addressKey = `${stream.keyId}|${stream.address}`;
    const fromAddress = (this.perAddress.get(addressKey) ?? 1) - 1;
    if (fromAddress > 0) this.perAddress.set(addressKey, fromAddress);
    else this.perAddress.delete(addressKey);
    const ofKey = (this.perKey.get(stream.keyId) ?? 1) - 1;
    if (ofKey > 0) this.perKey.set(stream.keyId, ofKey);
    else this.perKey.delete(stream.keyId);
    if (set.size === 0) {
      this.streams.delete(stream.projectId);
      clearTimeout(this.timers.get(stream.projectId));
      this.timers.delete(stream.projectId);
    }
  }

  private recheckSoon(projectId: string): void {
    if (this.pending.has(projectId) || !this.streams.has(projectId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(projectId);
      void this.recheck(projectId);
    }, RECHECK_DELAY_MS);
    timer.unref();
    this.pending.set(projectId, timer);
  }

  private async recheck(projectId: string): Promise<void> {
    const set = this.streams.get(projectId);
    if (!set) return;
    await Promise.all([...set].map((stream) => this.check(stream)));
    this.armTimer(projectId);
  }

  /** Sends the stream's ETag when it changed; one check at a time per stream, the latest wins. */
  private check(stream: Stream): Promise<void> {
    if (stream.checking) {
      stream.again = true;
      return stream.checking;
    }
    const run = async (): Promise<void> => {
      do {
        stream.again = false;
        try {
          const etag = await stream.etag();
          if (etag !== stream.last) {
            stream.last = etag;
            stream.write(`id: ${etag}\nevent: etag\ndata: ${JSON.stringify({ etag })}\n\n`);
          }
        } catch (error) {
          if (error instanceof AppError) {
            stream.write(`event: error\ndata: ${JSON.stringify({ code: error.code })}\n\n`);
            stream.end();
            return;
          }
          // The database and every copy failed: keep the stream, try again at the next heartbeat.
          this.log.warn({ err: error, projectId: stream.projectId }, 'delivery events: checking a stream failed');
        }
      } while (stream.again);
    };
    stream.checking = run().finally(() => {
      stream.checking = null;
    });
    return stream.checking;
  }

  /** A timer at the project's next schedule change, so streams hear of it on time. */
  private armTimer(projectId: string): void {
    clearTimeout(this.timers.get(projectId));
    this.timers.delete(projectId);
    const set = this.streams.get(projectId);
    if (!set || set.size === 0) return;
    void this.store.project(projectId).then(
      (project) => {
        const environments = new Set([...set].map((s) => s.environment));
        const next = Math.min(...[...environments].map((e) => this.store.nextChange(project.environments[e]) ?? Number.POSITIVE_INFINITY));
        if (!Number.isFinite(next) || !this.streams.has(projectId)) return;
        // A little after the boundary: the memoized replies turn over at it.
        const timer = setTimeout(() => void this.recheck(projectId), Math.min(MAX_TIMER_MS, Math.max(0, next - this.clock().getTime()) + 5));
        timer.unref();
        this.timers.set(projectId, timer);
      },
      () => undefined,
    );
  }

  /** Ends every stream (server shutdown); clients reconnect to another process. */
  close(): void {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const timer of [...this.timers.values(), ...this.pending.values()]) clearTimeout(timer);
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.end();
  }
}
