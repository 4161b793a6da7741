import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FieldError } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { WebhookTestResult } from '@contract/resources/projects';
import { AppError } from '../../errors';
import { guardedLookup, hostRefusal, OutboundAddressRefusedError, type HostResolver, type PrivateAddressPolicy } from '../../net/outbound-address';

/** The header carrying a delivery's signature. */
export const SIGNATURE_HEADER = 'Palette-Signature';
/**
 * The header carrying the event's id (the body's `id`), the same on every retry and on every endpoint
 * of one event, so a receiver drops repeats without parsing the body first.
 */
export const EVENT_ID_HEADER = 'Palette-Event-Id';

/** How many characters of an endpoint's answer the console is shown. */
const EXCERPT_CHARS = 500;
/** Reading stops after this many bytes: an endpoint's answer is not ours to store. */
const READ_LIMIT_BYTES = 16 * 1024;

/** A new signing secret: `whsec_` and 256 random bits, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The signature header of a delivery, Stripe-style: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the signing secret>`. Signing the time with the body lets a receiver refuse
 * replays of old deliveries.
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** One delivery: where, signed with which secret, what body, and how long to wait. */
export interface Delivery {
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  /** The body's `id`, sent as EVENT_ID_HEADER. */
  readonly eventId: string;
  /** The signing time: the time of this attempt, so a retry passes a receiver's replay window too. */
  readonly now: Date;
  readonly timeoutMs: number;
  /** Ends the attempt early (events.ts aborts its attempts when the app closes); reported like a timeout. */
  readonly signal?: AbortSignal | undefined;
}

/** Where deliveries may go (WEBHOOK_PRIVATE_ADDRESSES) and how names are resolved (tests pass a fake). */
export interface DeliveryGuard {
  readonly privateAddresses: PrivateAddressPolicy;
  readonly resolve?: HostResolver | undefined;
}

/** The field error that says a URL leads outside the public internet. */
const ADDRESS_NOT_ALLOWED: FieldError = { key: 'validation.webhookAddressNotAllowed' };
/** The field error that says a public endpoint must be https. */
const HTTPS_REQUIRED: FieldError = { key: 'validation.webhookHttpsRequired' };

/**
 * Why a webhook URL may not be stored or posted to, judged from the URL alone (no DNS): an `url`
 * field error, or undefined.
 *
 * Under `refuse` (the default of a real deployment) the host may not be a literal address outside the
 * public internet, nor a name that only ever means something local (`localhost`, `*.localhost`,
 * `*.local`, ...; net/outbound-address.ts), and the scheme must be https: a public endpoint receives
 * customers' purchase events across the internet, which plain http would show to every network on
 * the way, and TLS also proves the receiver is the one the operator named. Under `allow`
 * (development, tests, an operator's own machine) plain http is fine: local receivers rarely have a
 * certificate. Names are judged again when delivering, by what they resolve to (`deliver`).
 */
export function endpointRefusal(url: string, privateAddresses: PrivateAddressPolicy): FieldError | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { key: 'validation.url' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { key: 'validation.url' };
  if (privateAddresses === 'allow') return undefined;
  if (hostRefusal(parsed.hostname)) return ADDRESS_NOT_ALLOWED;
  if (parsed.protocol !== 'https:') return HTTPS_REQUIRED;
  return undefined;
}

/** 170005 with the reason under `url`, for a delivery refused before anything was sent. */
function refusedDelivery(reason: FieldError, cause?: unknown): AppError {
  return new AppError(ErrorCode.WebhookUnreachable, { fieldErrors: { url: reason }, cause });
}

/**
 * Whether `deliver` refused to send at all (the URL or what its name resolves to is not allowed):
 * sending again cannot change that, so such a failure is not retried.
 */
export function isRefusedDelivery(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.WebhookUnreachable && error.fieldErrors?.url !== undefined;
}

/** What the endpoint answered: its status and the start of its body. */
interface Answer {
  readonly status: number;
  readonly excerpt: string;
}

/**
 * POSTs `body` to `url`, connecting only where `lookup` lets it, and reads at most READ_LIMIT_BYTES
 * of the answer. Rejects when no answer starts (refused, unreachable, timed out); a failure while
 * reading the answer keeps what was read.
 */
function post(url: URL, headers: Readonly<Record<string, string>>, body: string, lookup: LookupFunction, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options: RequestOptions = {
      method: 'POST',
      // WHATWG's parse of the URL, which the checks saw too: no second parser reads the text.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup,
      signal,
      // A fresh connection per delivery: no pooled socket outlives the check of its address.
      agent: false,
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        response.destroy();
        resolve({ status: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= READ_LIMIT_BYTES) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
      response.on('close', finish);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Posts one signed delivery and reports what the endpoint answered. Any HTTP answer is a result (a
 * 500 from the endpoint is worth showing the operator); no answer is 170006 after the timeout, 170005
 * for anything else (refused connection, unknown host, TLS failure). Redirects are not followed: a
 * webhook URL is expected to be the endpoint itself, and a 3xx is reported as the endpoint's answer.
 *
 * Under `refuse` the URL is checked again here (`endpointRefusal`: a URL stored before the rule, or
 * restored from the trash, gets no pass), and the connection's own lookup refuses a name that
 * resolves outside the public internet, checking the very addresses the socket then connects to, so
 * DNS rebinding has no second resolution to exploit. Both refusals are 170005 with the reason as
 * the `url` field error; nothing is sent.
 */
export async function deliver(delivery: Delivery, guard: DeliveryGuard): Promise<WebhookTestResult> {
  const refusal = endpointRefusal(delivery.url, guard.privateAddresses);
  if (refusal) throw refusedDelivery(refusal);
  const url = new URL(delivery.url);
  // Credentials in the URL were never sent (fetch refused such URLs before); keep refusing them.
  if (url.username !== '' || url.password !== '') throw refusedDelivery({ key: 'validation.url' });
  const timestamp = Math.floor(delivery.now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Palette-Webhooks/1',
    [SIGNATURE_HEADER]: signatureHeader(delivery.secret, timestamp, delivery.body),
    [EVENT_ID_HEADER]: delivery.eventId,
  };
  const timeout = AbortSignal.timeout(delivery.timeoutMs);
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await post(url, headers, delivery.body, guardedLookup(guard.privateAddresses, guard.resolve), delivery.signal ? AbortSignal.any([timeout, delivery.signal]) : timeout);
  } catch (cause) {
    if (cause instanceof OutboundAddressRefusedError) throw refusedDelivery(ADDRESS_NOT_ALLOWED, cause);
    const name = cause instanceof Error ? cause.name : '';
    throw new AppError(name === 'TimeoutError' || name === 'AbortError' ? ErrorCode.WebhookTimeout : ErrorCode.WebhookUnreachable, { cause });
  }
  return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, durationMs: Math.round(performance.now() - started), bodyExcerpt: answer.excerpt };
}
