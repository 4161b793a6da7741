import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Environment } from '@contract/config';
import type { webhookEventSchema } from '@contract/resources/projects';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../shared/clock';
import { deliver, isRefusedDelivery } from './delivery';
import { IntegrationsRepository } from './repository';
import type { WebhookDeliveryOptions } from './service';

/**
 * The sender of real webhook events (issue 10): `send` posts one event to every live webhook of the
 * project subscribed to it, in the background, with retries.
 *
 * What a receiver gets, per webhook (docs/delivery-api.md "Webhook: config.published"):
 * - `POST <url>` with `content-type: application/json` and the body
 *   `{ "id": "<uuid>", "type": "<event>", "createdAt": "<ISO 8601>", "projectId": "<uuid>", "data": { ... } }`;
 *   `id` is the event's, the same for every webhook and every retry of it.
 * - `Palette-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the
 *   webhook's signing secret, exactly as the test delivery (delivery.ts). Each attempt is signed at
 *   its own time, so a retry a minute later passes a receiver's replay window; the body never changes.
 * - `Palette-Event-Id: <id>`: receivers keep the ids they have handled and drop repeats.
 *
 * Delivery rules:
 * - Nothing happens in the caller's request: `send` only builds the body and returns its id; the
 *   lookup and the posts start after the current I/O turn (the reply has been written by then) and
 *   never throw. Call it after the change has committed.
 * - A 2xx answer is delivered. Network errors (refused, unreachable, TLS), the per-delivery timeout,
 *   5xx and 429 are retried after each of `retryDelaysMs` (1 s, 10 s, 60 s: at most four attempts);
 *   other answers (3xx, 4xx) and a URL that WEBHOOK_PRIVATE_ADDRESSES refuses are final. Every failed
 *   attempt writes one log line (warn while retrying, error when it gives up); secrets and URLs are
 *   never logged, only the webhook's id.
 * - A webhook's URL and secret are read once per event, when the event is sent: trashing or changing
 *   a webhook affects the events sent after it.
 * - Webhooks are posted to in parallel and events are not queued behind each other, so a receiver
 *   may see events out of order (a retried one after a later one): `data` carries what orders them
 *   (for config.published the item's `revision`).
 *
 * Process exit: there is no outbox table yet, so pending work lives in this process only. `close()`
 * (on app close, before the database closes) aborts attempts in flight, cancels the retries waiting
 * for their turn and logs each event it drops (`webhook event dropped: the server is closing`); an
 * event whose retries were pending when the process exits, or that was in flight when it crashed, is
 * not sent again. Receivers that must not miss a change should treat config.published as a hint and
 * read the delivery API (its ETag tells them whether anything changed) on start and periodically.
 */

/** The events a webhook can subscribe to (contract/resources/projects.ts `webhookEvents`). */
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** `data` of config.published: which item went live where, at which revision, by whom. */
export interface ConfigPublishedData {
  /** The configuration kind's name (`subscriptionPages`, `regionGroups`, ...). */
  readonly kind: string;
  readonly itemId: string;
  readonly name: string;
  /** The revision now live in `environment`; higher is newer within one item. */
  readonly revision: number;
  readonly environment: Environment;
  readonly publishedBy: { readonly id: string; readonly name: string };
}

/** `data` of the events that have a sender; the others are declared but nothing sends them yet. */
export interface WebhookEventData {
  readonly 'config.published': ConfigPublishedData;
}

/** What `send` takes as `data` for an event. */
export type WebhookEventDataOf<E extends WebhookEvent> = E extends keyof WebhookEventData ? WebhookEventData[E] : Readonly<Record<string, unknown>>;

/** Waits before the second, third and fourth attempt. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 10_000, 60_000];

/** Where failures are written: the app's logger (pino's `warn(details, message)` shape). */
export interface WebhookEventsLogger {
  warn(details: Readonly<Record<string, unknown>>, message: string): void;
  error(details: Readonly<Record<string, unknown>>, message: string): void;
}

export interface WebhookEventsOptions {
  readonly db: Database;
  readonly clock: Clock;
  /** Opens each webhook's sealed signing secret (as IntegrationsService.test does). */
  readonly box: SecretBox;
  /** The per-delivery timeout and the private-address policy of the test deliveries. */
  readonly delivery: WebhookDeliveryOptions;
  readonly logger: WebhookEventsLogger;
  /** The waits between attempts; WEBHOOK_RETRY_DELAYS_MS unless a test passes short ones. */
  readonly retryDelaysMs?: readonly number[];
}

/** One event, ready to post: its body is the same for every webhook and every attempt. */
interface OutgoingEvent {
  readonly id: string;
  readonly type: WebhookEvent;
  readonly projectId: string;
  readonly body: string;
}

/** A live, subscribed webhook with its secret opened. */
interface Endpoint {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
}

/** Why an attempt failed, for the log, and whether another attempt may change it. */
interface Failure {
  readonly retryable: boolean;
  readonly details: Readonly<Record<string, unknown>>;
}

/** Sends webhook events in the background; see the header of this file. */
export class WebhookEvents {
  private readonly repository: IntegrationsRepository;
  private readonly retryDelaysMs: readonly number[];
  /** Every event still being handled (lookup, attempts, waits): `idle` and `close` wait for them. */
  private readonly tasks = new Set<Promise<void>>();
  /** Retries waiting for their turn, and how to cancel each. */
  private readonly waits = new Map<NodeJS.Timeout, () => void>();
  /** Attempts in flight, aborted by `close`. */
  private readonly attempts = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookEventsOptions) {
    this.repository = new IntegrationsRepository(options.db, options.clock);
    this.retryDelaysMs = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  }

  /**
   * Posts `event` to the project's live webhooks subscribed to it, after the current I/O turn, and
   * returns the event's id at once. Never throws: every failure is logged.
   */
  send<E extends WebhookEvent>(projectId: string, event: E, data: WebhookEventDataOf<E>): string {
    const id = randomUUID();
    const context = { event, eventId: id, projectId };
    if (this.closed) {
      this.options.logger.warn(context, 'webhook event dropped: the server is closing');
      return id;
    }
    let body: string;
    try {
      body = JSON.stringify({ id, type: event, createdAt: this.options.clock().toISOString(), projectId, data });
    } catch (error) {
      this.options.logger.error({ ...context, err: error }, 'webhook event not sent: its data is not JSON');
      return id;
    }
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.dispatch({ id, type: event, projectId, body }))
      .catch((error: unknown) => this.options.logger.error({ ...context, err: error }, 'webhook event failed'))
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
    return id;
  }

  /** Resolves when every event sent so far has been delivered, given up or dropped. */
  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  /**
   * Stops for good: aborts attempts in flight, cancels waiting retries (each dropped event is
   * logged) and resolves once nothing of this sender runs, so the database may close after it.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const attempt of this.attempts) attempt.abort();
    for (const [timer, cancel] of this.waits) {
      clearTimeout(timer);
      cancel();
    }
    this.waits.clear();
    await this.idle();
  }

  /** Finds the subscribed webhooks and delivers to each, in parallel. */
  private async dispatch(event: OutgoingEvent): Promise<void> {
    const context = { event: event.type, eventId: event.id, projectId: event.projectId };
    if (this.closed) {
      this.options.logger.warn(context, 'webhook event dropped: the server is closing');
      return;
    }
    const rows = await this.repository.subscribers(event.projectId, event.type);
    const endpoints: Endpoint[] = [];
    for (const row of rows) {
      try {
        endpoints.push({ id: row.id, url: row.url, secret: this.options.box.open(row.secretCiphertext, `webhook:${row.id}`) });
      } catch (error) {
        this.options.logger.error({ ...context, webhookId: row.id, err: error }, 'webhook event not sent: the signing secret cannot be opened');
      }
    }
    await Promise.all(endpoints.map((endpoint) => this.deliverWithRetries(event, endpoint)));
  }

  /** Attempts one webhook until it is delivered, a failure is final, the retries run out or `close`. */
  private async deliverWithRetries(event: OutgoingEvent, endpoint: Endpoint): Promise<void> {
    const context = { event: event.type, eventId: event.id, projectId: event.projectId, webhookId: endpoint.id };
    for (let attempt = 1; ; attempt += 1) {
      const failure = await this.attempt(event, endpoint);
      if (!failure) return;
      const details = { ...context, attempt, ...failure.details };
      if (this.closed) {
        this.options.logger.warn(details, 'webhook event dropped: the server is closing');
        return;
      }
      const delay = this.retryDelaysMs[attempt - 1];
      if (!failure.retryable || delay === undefined) {
        this.options.logger.error(details, failure.retryable ? 'webhook delivery failed; giving up' : 'webhook delivery failed; not retried');
        return;
      }
      this.options.logger.warn({ ...details, retryInMs: delay }, 'webhook delivery failed; retrying');
      if (!(await this.wait(delay))) {
        this.options.logger.warn({ ...context, attempt: attempt + 1 }, 'webhook event dropped: the server is closing');
        return;
      }
    }
  }

  /** One signed POST (delivery.ts); undefined when delivered, else why not. */
  private async attempt(event: OutgoingEvent, endpoint: Endpoint): Promise<Failure | undefined> {
    const abort = new AbortController();
    this.attempts.add(abort);
    try {
      const result = await deliver(
        { url: endpoint.url, secret: endpoint.secret, body: event.body, eventId: event.id, now: this.options.clock(), timeoutMs: this.options.delivery.timeoutMs, signal: abort.signal },
        this.options.delivery,
      );
      if (result.ok) return undefined;
      return { retryable: result.status >= 500 || result.status === 429, details: { status: result.status } };
    } catch (error) {
      if (isRefusedDelivery(error)) return { retryable: false, details: { code: (error as AppError).code, reason: (error as AppError).fieldErrors?.url?.key } };
      if (error instanceof AppError) return { retryable: true, details: { code: error.code, cause: error.cause instanceof Error ? error.cause.message : undefined } };
      return { retryable: true, details: { err: error } };
    } finally {
      this.attempts.delete(abort);
    }
  }

  /** Waits `ms`; false when `close` cancelled the wait. */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(timer);
        resolve(true);
      }, ms);
      // A waiting retry alone does not keep the process alive; `close` is what ends it properly.
      timer.unref();
      this.waits.set(timer, () => resolve(false));
    });
  }
}
