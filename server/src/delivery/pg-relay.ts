import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import type { ConfigChanges, DeliveryChange } from './changes';

/** The PostgreSQL notification channel of delivery changes. */
export const DELIVERY_CHANNEL = 'palette_delivery';
/** Back-off of the listening connection after it drops: 1 s, doubling, at most 30 s. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

export interface ChangeRelay {
  close(): Promise<void>;
}

/**
 * Carries delivery changes between the server processes that share one PostgreSQL: what this process
 * emits is sent with NOTIFY (after the change committed, so others read it when they hear of it);
 * what the others send arrives through a LISTEN connection of its own and is emitted here as remote.
 * Each message names the process it came from, so a process ignores its own.
 *
 * When the listening connection drops, notifications are lost meanwhile: after reconnecting, the
 * relay tells this process that anything may have changed (`all`). On the embedded PGlite there is
 * one process and nothing to relay.
 */
export function startChangeRelay(handle: DatabaseHandle, changes: ConfigChanges, log: FastifyBaseLogger): ChangeRelay {
  if (handle.kind !== 'postgres' || !handle.url) return { close: async () => undefined };
  const url = handle.url;
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const stopOutbound = changes.onLocal((change) => {
    const payload = JSON.stringify({ o: origin, c: change });
    handle.db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, ${payload})`).catch((error: unknown) => {
      // Others recompile within their TTL anyway.
      log.warn({ err: error }, 'delivery: notifying other server processes failed');
    });
  });

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== DELIVERY_CHANNEL || !message.payload) return;
    try {
      const { o, c } = JSON.parse(message.payload) as { o: string; c: DeliveryChange };
      if (o !== origin && c && typeof c.type === 'string') changes.publish(c, 'remote');
    } catch {
      log.warn({ payload: message.payload.slice(0, 200) }, 'delivery: an unreadable notification was ignored');
    }
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      next.on('notification', onNotification);
      await next.query(`LISTEN ${DELIVERY_CHANNEL}`);
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      delay = RECONNECT_MIN_MS;
      // Whatever was sent while nobody listened is lost: recompile everything.
      if (everConnected) changes.publish({ type: 'all' }, 'remote');
      everConnected = true;
    } catch (error) {
      log.warn({ err: error }, 'delivery: listening for other server processes’ changes failed; trying again');
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      stopOutbound();
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
