import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode } from '@contract/errors';
import type { WebhookTestResult } from '@contract/resources/projects';
import { AppError } from '../../errors';

/** The header carrying a delivery's signature. */
export const SIGNATURE_HEADER = 'Palette-Signature';

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

async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
}

/** One delivery: where, signed with which secret, what body, and how long to wait. */
export interface Delivery {
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  readonly now: Date;
  readonly timeoutMs: number;
}

/**
 * Posts one signed delivery and reports what the endpoint answered. Any HTTP answer is a result (a
 * 500 from the endpoint is worth showing the operator); no answer is 170006 after the timeout, 170005
 * for anything else (refused connection, unknown host, TLS failure). Redirects are not followed: a
 * webhook URL is expected to be the endpoint itself.
 *
 * Any http(s) URL is allowed, private addresses included: project owners and admins are trusted staff
 * and endpoints on an internal network are legitimate (the tests use 127.0.0.1). A deployment that
 * must keep the API server from reaching its own network would add an address allow-list here.
 */
export async function deliver(delivery: Delivery): Promise<WebhookTestResult> {
  const timestamp = Math.floor(delivery.now.getTime() / 1000);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Palette-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(delivery.secret, timestamp, delivery.body),
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(delivery.timeoutMs),
    });
  } catch (cause) {
    const name = cause instanceof Error ? cause.name : '';
    throw new AppError(name === 'TimeoutError' || name === 'AbortError' ? ErrorCode.WebhookTimeout : ErrorCode.WebhookUnreachable, { cause });
  }
  let bodyExcerpt: string;
  try {
    bodyExcerpt = await readExcerpt(response);
  } catch {
    bodyExcerpt = '';
  }
  return { ok: response.status >= 200 && response.status < 300, status: response.status, durationMs: Math.round(performance.now() - started), bodyExcerpt };
}
