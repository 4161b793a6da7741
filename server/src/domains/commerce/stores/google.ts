import { createHash } from 'node:crypto';
import { androidpublisher, type androidpublisher_v3 } from '@googleapis/androidpublisher';
import { JWT, OAuth2Client } from 'google-auth-library';
import { z } from 'zod';
import type { ProductType, StoreEnvironment, SubscriptionState, TransactionStatus } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import type { StoreEndpoints } from './endpoints';
import type { PurchaseFact, StoreEventFact, SubscriptionFact } from './facts';
import { StoreRefusal } from './refusal';

/**
 * Google Play, through the Play Developer API's own generated client (@googleapis/androidpublisher,
 * the `googleapis` family) and google-auth-library's service-account JWT flow.
 *
 * A real-time developer notification says only that something happened to a purchase token; it
 * carries no state and no signature, and without push authentication anyone may post one. So a push
 * is a hint, "look this purchase up", and nothing else in it is believed (issue 18): a subscription
 * is looked up with `purchases.subscriptionsv2.get`, a one-time product with `purchases.products.get`,
 * a refund of a subscription with `purchases.voidedpurchases.list`, with the app's service account.
 * The state, the times and the entitlement come from the answer alone; the statement's time is when
 * the answer came (a lookup later is newer), never the push's `eventTimeMillis`, which is only
 * checked (a date, not in the future beyond EVENT_TIME_SKEW_MS) and kept for the record. The same
 * answer about the same token is the same event (answerEventId), whatever message id the push
 * carries. A forged push therefore costs a lookup (limited, intake.ts) and changes nothing that
 * Google does not confirm.
 *
 * Refusals: a push that cannot be read is 170010, one for another package 170011; the API's
 * 400/404/410 is 130003 (no such purchase; the hooks answer it as 170013), any other failure 170001
 * (Pub/Sub then delivers the push again later).
 *
 * Where the app's settings name the push subscription's service account and audience, a push must
 * also carry the OIDC token Pub/Sub signs for them (GooglePushVerifier); without, 170010 before
 * anything else is read or asked.
 */

/** The service account of an app, as its store credentials hold it. */
export interface GoogleServiceAccount {
  readonly client_email: string;
  readonly private_key: string;
}

/** Google's token endpoint, fixed inside google-auth-library 10 (its gtoken). */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/**
 * The Play Developer API client of one app. `rootUrl` moves the API (googleapis' own option); the
 * token endpoint is moved by rewriting that one URL on the auth client's own transport, since
 * google-auth-library 10 has no option for it. Everything else (the signed assertion, the token
 * cache, the requests) is the libraries'.
 */
export function playClient(account: GoogleServiceAccount, endpoints: StoreEndpoints): androidpublisher_v3.Androidpublisher {
  const auth = new JWT({ email: account.client_email, key: account.private_key, scopes: [SCOPE] });
  const tokenUrl = endpoints.googleTokenUrl;
  if (tokenUrl) {
    auth.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(tokenUrl);
        return config;
      },
    });
  }
  return androidpublisher({
    version: 'v3',
    auth: auth as never,
    ...(endpoints.googleApiUrl ? { rootUrl: endpoints.googleApiUrl.replace(/\/*$/, '/') } : {}),
    timeout: endpoints.timeoutMs,
    retry: false,
  });
}

/** A failure of the API as a refusal: 404 is no such purchase, anything else Google's error. */
export function googleRefusal(error: unknown): StoreRefusal {
  if (error instanceof StoreRefusal) return error;
  const status = (error as { status?: number; response?: { status?: number } }).status ?? (error as { response?: { status?: number } }).response?.status;
  // 400 is what the API answers for a token that is not one of this package's (malformed or foreign).
  if (status === 400 || status === 404 || status === 410) return new StoreRefusal(ErrorCode.NoMatchingOrder, `${status}`);
  const message = error instanceof Error ? error.message : 'request failed';
  return new StoreRefusal(ErrorCode.GoogleError, `${status ?? ''} ${message}`.trim().slice(0, 300));
}

// ---------------------------------------------------------------------------------------------
// Push authentication

/** Google's own publication of the keys that sign its ID tokens, Pub/Sub push tokens among them (PEM, by key id). */
export const GOOGLE_PUSH_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';

/** The issuers of Google's ID tokens, as Pub/Sub's documentation says to check them. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Who may push an app's notifications: the token's `email` (verified) and `aud`. */
export interface PushIdentity {
  readonly email: string;
  /** Null: any audience (an app whose settings name only the service account). */
  readonly audience: string | null;
}

/**
 * Checks the OIDC token (`Authorization: Bearer …`) a Pub/Sub push subscription sends with each
 * push, with google-auth-library's `OAuth2Client.verifyIdToken`: signed by one of Google's keys,
 * issued by Google, not expired, for the configured audience; then its `email` must be the
 * configured service account's and `email_verified` true. The keys come from
 * `oauth2FederatedSignonPemCertsUrl` (the library's own `endpoints` option, moved by
 * GOOGLE_PUSH_CERTS_URL) and are kept as long as Google's Cache-Control says, by one client per
 * server. They are fetched first on their own: a failure there is Google's (170001, recorded, not
 * held against the sender, and Pub/Sub retries), while anything wrong with the token is the
 * sender's (170010). The library reads the clock itself (real time, five minutes of skew allowed).
 */
export class GooglePushVerifier {
  private readonly client: OAuth2Client;

  constructor(endpoints: Pick<StoreEndpoints, 'googlePushCertsUrl' | 'timeoutMs'>) {
    this.client = new OAuth2Client({
      endpoints: { oauth2FederatedSignonPemCertsUrl: endpoints.googlePushCertsUrl ?? GOOGLE_PUSH_CERTS_URL },
      issuers: GOOGLE_ISSUERS,
      transporterOptions: { timeout: endpoints.timeoutMs },
    });
  }

  /** Resolves when the push's authorization header proves it comes from `expected`; a StoreRefusal otherwise. */
  async verify(authorization: string | undefined, expected: PushIdentity): Promise<void> {
    const token = /^Bearer +([A-Za-z0-9_\-.]+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, authorization ? 'authorization is not a bearer token' : 'no authorization token');
    try {
      await this.client.getFederatedSignonCertsAsync();
    } catch (error) {
      throw new StoreRefusal(ErrorCode.GoogleError, (error instanceof Error ? error.message : 'certificates unavailable').slice(0, 300));
    }
    let payload: { email?: string; email_verified?: boolean } | undefined;
    try {
      payload = (await this.client.verifyIdToken({ idToken: token, ...(expected.audience ? { audience: expected.audience } : {}) })).getPayload();
    } catch (error) {
      // The library's messages may quote the token: the record keeps what went wrong, not the token.
      const message = (error instanceof Error ? error.message : 'invalid token').split(token).join('<token>');
      throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, `token: ${message}`.slice(0, 300));
    }
    if (payload?.email?.toLowerCase() !== expected.email.toLowerCase()) {
      throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, `token of another account: ${String(payload?.email ?? 'none').slice(0, 200)}`);
    }
    if (payload.email_verified !== true) throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, 'token email not verified');
  }
}

// ---------------------------------------------------------------------------------------------
// The notification

/** A real-time developer notification, as the Pub/Sub message's data holds it. */
export interface DeveloperNotification {
  readonly version?: string;
  readonly packageName?: string;
  readonly eventTimeMillis?: string | number;
  readonly subscriptionNotification?: { readonly notificationType?: number; readonly purchaseToken?: string; readonly subscriptionId?: string };
  readonly oneTimeProductNotification?: { readonly notificationType?: number; readonly purchaseToken?: string; readonly sku?: string };
  readonly voidedPurchaseNotification?: { readonly purchaseToken?: string; readonly orderId?: string; readonly productType?: number; readonly refundType?: number };
  readonly testNotification?: { readonly version?: string };
}

/** The names of the subscription notification types (Google's numbering). */
export const subscriptionNotificationTypes: Readonly<Record<number, string>> = {
  1: 'SUBSCRIPTION_RECOVERED',
  2: 'SUBSCRIPTION_RENEWED',
  3: 'SUBSCRIPTION_CANCELED',
  4: 'SUBSCRIPTION_PURCHASED',
  5: 'SUBSCRIPTION_ON_HOLD',
  6: 'SUBSCRIPTION_IN_GRACE_PERIOD',
  7: 'SUBSCRIPTION_RESTARTED',
  8: 'SUBSCRIPTION_PRICE_CHANGE_CONFIRMED',
  9: 'SUBSCRIPTION_DEFERRED',
  10: 'SUBSCRIPTION_PAUSED',
  11: 'SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED',
  12: 'SUBSCRIPTION_REVOKED',
  13: 'SUBSCRIPTION_EXPIRED',
  19: 'SUBSCRIPTION_PRICE_CHANGE_UPDATED',
  20: 'SUBSCRIPTION_PENDING_PURCHASE_CANCELED',
};

export const oneTimeNotificationTypes: Readonly<Record<number, string>> = { 1: 'ONE_TIME_PRODUCT_PURCHASED', 2: 'ONE_TIME_PRODUCT_CANCELED' };

/** How far ahead of the server's clock a push's event time may be (clocks drift a little). */
export const EVENT_TIME_SKEW_MS = 5 * 60_000;

const text = (max: number) => z.string().max(max);
const notificationType = z.number().int().min(0).max(1_000);
/**
 * What a push's data may hold: Google's fields only (anything else is dropped, so nothing an
 * unauthenticated caller adds is kept), bounded in size. `eventTimeMillis` is a whole number of
 * milliseconds that makes a date (a string, as Google sends it, or a number).
 */
const developerNotificationSchema = z.object({
  version: text(20).optional(),
  packageName: text(255),
  eventTimeMillis: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().min(0).max(8.64e15)]).optional(),
  subscriptionNotification: z
    .object({ version: text(20).optional(), notificationType: notificationType.optional(), purchaseToken: text(1_000).optional(), subscriptionId: text(200).optional() })
    .optional(),
  oneTimeProductNotification: z
    .object({ version: text(20).optional(), notificationType: notificationType.optional(), purchaseToken: text(1_000).optional(), sku: text(200).optional() })
    .optional(),
  voidedPurchaseNotification: z
    .object({
      purchaseToken: text(1_000).optional(),
      orderId: text(200).optional(),
      productType: z.number().int().min(0).max(100).optional(),
      refundType: z.number().int().min(0).max(100).optional(),
    })
    .optional(),
  testNotification: z.object({ version: text(20).optional() }).optional(),
});

/** How deep a push's data may nest: a real notification is three levels deep. */
const MAX_DATA_DEPTH = 8;

function depthOf(value: unknown, limit: number): number {
  // Iterative, so a value nested a million levels deep costs no stack.
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof next !== 'object' || next === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(next)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/** A push's notification as read: Google's fields only, and the event time it claims. */
export interface ReadNotification {
  readonly notification: DeveloperNotification;
  /** The time the push claims for its event: kept for the record, never used as the time of a state. */
  readonly claimedAt: Date | null;
}

/**
 * Reads a push's message data (base64 JSON); 170010 when it is not a notification, nests deeper
 * than a notification can, or claims an event time that is not a date or is in the future (beyond
 * EVENT_TIME_SKEW_MS of `now`).
 */
export function readDeveloperNotification(data: string, now: Date): ReadNotification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, 'data is not base64 JSON');
  }
  if (depthOf(parsed, MAX_DATA_DEPTH) > MAX_DATA_DEPTH) throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, `data nested deeper than ${MAX_DATA_DEPTH} levels`);
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as DeveloperNotification).packageName !== 'string') {
    throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, 'no packageName');
  }
  const read = developerNotificationSchema.safeParse(parsed);
  if (!read.success) {
    const issue = read.error.issues[0];
    throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, `invalid ${issue?.path.join('.') || 'notification'}`.slice(0, 300));
  }
  const notification = read.data as DeveloperNotification;
  const millis = notification.eventTimeMillis === undefined ? null : Number(notification.eventTimeMillis);
  const claimedAt = millis === null ? null : new Date(millis);
  if (claimedAt && Number.isNaN(claimedAt.getTime())) throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, 'invalid eventTimeMillis');
  if (claimedAt && claimedAt.getTime() > now.getTime() + EVENT_TIME_SKEW_MS) {
    throw new StoreRefusal(ErrorCode.GoogleNotificationInvalid, `eventTimeMillis in the future: ${claimedAt.toISOString()}`);
  }
  return { notification, claimedAt };
}

/**
 * The event id of what the Play Developer API answered about a purchase token: the same answer
 * about the same purchase is the same event, whichever push (and whatever message id) asked. A
 * Pub/Sub message id is chosen by whoever posts, so it identifies nothing.
 */
export function answerEventId(kind: string, token: string, answer: unknown, extra: unknown = null): string {
  return `play:${createHash('sha256').update(canonicalJson({ kind, token, answer, extra })).digest('hex')}`;
}

/** JSON with object keys sorted, so equal answers hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

// ---------------------------------------------------------------------------------------------
// Mapping the API's answers

const time = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** A Money as a number (units and nanos). */
function amountOf(money: androidpublisher_v3.Schema$Money | undefined): { price: number | null; currency: string | null } {
  if (!money?.currencyCode) return { price: null, currency: null };
  const units = Number(money.units ?? 0);
  const nanos = Number(money.nanos ?? 0);
  return { price: Math.round((units + nanos / 1e9) * 10_000) / 10_000, currency: money.currencyCode };
}

/** The first order of a purchase: Google numbers renewals `GPA.1234-…-56789..3`. */
export function firstOrderId(orderId: string): string {
  const at = orderId.indexOf('..');
  return at === -1 ? orderId : orderId.slice(0, at);
}

/**
 * The subscription's state from the API's `subscriptionState` alone, at `at` (when the answer came).
 * A push's notification type is not asked: a push claiming a revocation (12) of a subscription the
 * API calls active leaves it active; a genuine revocation reads as expired (Google ends it early).
 */
export function googleSubscriptionState(purchase: androidpublisher_v3.Schema$SubscriptionPurchaseV2, at: Date): SubscriptionState | null {
  const item = purchase.lineItems?.[0];
  const paying: SubscriptionState = item?.offerPhase?.freeTrial ? 'trial' : 'active';
  switch (purchase.subscriptionState) {
    case 'SUBSCRIPTION_STATE_ACTIVE':
      return paying;
    case 'SUBSCRIPTION_STATE_CANCELED': {
      // Cancelled: access until the end of the paid period.
      const expiry = time(item?.expiryTime);
      return expiry && expiry.getTime() > at.getTime() ? paying : 'expired';
    }
    case 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD':
      return 'grace';
    case 'SUBSCRIPTION_STATE_ON_HOLD':
      return 'billing_retry';
    case 'SUBSCRIPTION_STATE_PAUSED':
    case 'SUBSCRIPTION_STATE_EXPIRED':
      return 'expired';
    default:
      // Pending purchases (and their cancellation) give nothing yet.
      return null;
  }
}

/** What a subscriptionsv2 answer says, as facts; null while the purchase is pending. */
export function googleSubscriptionFacts(input: {
  readonly purchase: androidpublisher_v3.Schema$SubscriptionPurchaseV2;
  readonly purchaseToken: string;
  /** When the answer came: the time of the statement. */
  readonly at: Date;
  /** An order the Voided Purchases API lists as refunded, with its time (never a push's word). */
  readonly refunded?: { readonly orderId: string; readonly at: Date } | undefined;
}): { purchase: PurchaseFact; subscription: SubscriptionFact } | null {
  const { purchase } = input;
  const item = purchase.lineItems?.[0];
  const orderId = item?.latestSuccessfulOrderId;
  let state = googleSubscriptionState(purchase, input.at);
  if (state === null || !item?.productId || !orderId) return null;
  const startedAt = time(purchase.startTime) ?? input.at;
  const isFirst = firstOrderId(orderId) === orderId;
  const trial = Boolean(item.offerPhase?.freeTrial);
  const amount = amountOf(item.autoRenewingPlan?.recurringPrice ?? undefined);
  const refundedAt = input.refunded && input.refunded.orderId === orderId ? input.refunded.at : null;
  if (refundedAt) state = 'refunded';
  const status: TransactionStatus = refundedAt ? 'refunded' : trial ? 'trial' : 'purchased';
  const environment: StoreEnvironment = purchase.testPurchase ? 'sandbox' : 'production';
  return {
    purchase: {
      store: 'google',
      environment,
      appUserId: purchase.externalAccountIdentifiers?.obfuscatedExternalAccountId ?? null,
      storeTransactionId: orderId,
      originalTransactionId: firstOrderId(orderId),
      purchaseToken: input.purchaseToken,
      productId: item.productId,
      type: 'subscription',
      offer: trial ? 'trial' : item.offerPhase?.introductoryPrice ? 'intro' : null,
      status,
      // The API names the subscription's start, not each renewal's: a renewal is as old as its notice.
      purchasedAt: isFirst ? startedAt : input.at,
      expiresAt: time(item.expiryTime),
      price: trial ? 0 : amount.price,
      currency: amount.currency,
      country: purchase.regionCode ? purchase.regionCode.toUpperCase() : null,
      refundedAt,
      revokedAt: null,
    },
    subscription: {
      state,
      autoRenew: item.autoRenewingPlan ? Boolean(item.autoRenewingPlan.autoRenewEnabled) : null,
      startedAt,
      expiresAt: time(item.expiryTime),
      graceExpiresAt: state === 'grace' ? time(item.expiryTime) : null,
    },
  };
}

/** What a products.get answer says, as a purchase fact; null while pending. */
export function googleProductFact(input: {
  readonly purchase: androidpublisher_v3.Schema$ProductPurchase;
  readonly productId: string;
  readonly purchaseToken: string;
  readonly type: ProductType;
  /** When the answer came. */
  readonly at: Date;
}): PurchaseFact | null {
  const { purchase } = input;
  // purchaseState: 0 purchased, 1 cancelled (refunded, voided), 2 pending: the API's word alone.
  if (purchase.purchaseState === 2 || !purchase.orderId) return null;
  const cancelled = purchase.purchaseState === 1;
  return {
    store: 'google',
    environment: purchase.purchaseType === 0 ? 'sandbox' : 'production',
    appUserId: purchase.obfuscatedExternalAccountId ?? null,
    storeTransactionId: purchase.orderId,
    originalTransactionId: purchase.orderId,
    purchaseToken: input.purchaseToken,
    productId: input.productId,
    type: input.type,
    offer: null,
    status: cancelled ? 'refunded' : 'purchased',
    purchasedAt: purchase.purchaseTimeMillis ? new Date(Number(purchase.purchaseTimeMillis)) : input.at,
    expiresAt: null,
    // products.get names no price; the console shows none rather than a guess.
    price: null,
    currency: null,
    country: purchase.regionCode ? purchase.regionCode.toUpperCase() : null,
    refundedAt: cancelled ? input.at : null,
    revokedAt: null,
  };
}

/** Looks a subscription up (130003 when Google knows no such token). */
export async function getSubscription(client: androidpublisher_v3.Androidpublisher, packageName: string, token: string): Promise<androidpublisher_v3.Schema$SubscriptionPurchaseV2> {
  try {
    const response = await client.purchases.subscriptionsv2.get({ packageName, token });
    return response.data;
  } catch (error) {
    throw googleRefusal(error);
  }
}

/** Looks a one-time purchase up (130003 when Google knows no such token). */
export async function getProduct(client: androidpublisher_v3.Androidpublisher, packageName: string, productId: string, token: string): Promise<androidpublisher_v3.Schema$ProductPurchase> {
  try {
    const response = await client.purchases.products.get({ packageName, productId, token });
    return response.data;
  } catch (error) {
    throw googleRefusal(error);
  }
}

/** How many pages of voided purchases a refund is looked for in (1,000 each, the last 30 days). */
const VOIDED_PAGES = 5;

/**
 * The Voided Purchases API's record of an order's refund (or revocation), or null when Google lists
 * none: what a voided purchase push about a subscription is checked against.
 */
export async function findVoided(client: androidpublisher_v3.Androidpublisher, packageName: string, token: string, orderId: string, at: Date): Promise<{ orderId: string; at: Date } | null> {
  let page: string | undefined;
  try {
    for (let i = 0; i < VOIDED_PAGES; i += 1) {
      const response = await client.purchases.voidedpurchases.list({ packageName, type: 1, maxResults: 1000, ...(page ? { token: page } : {}) });
      const found = response.data.voidedPurchases?.find((v) => v.purchaseToken === token && v.orderId === orderId);
      if (found) {
        const millis = Number(found.voidedTimeMillis);
        return { orderId, at: found.voidedTimeMillis && Number.isFinite(millis) && millis <= at.getTime() ? new Date(millis) : at };
      }
      page = response.data.tokenPagination?.nextPageToken ?? undefined;
      if (!page) return null;
    }
    return null;
  } catch (error) {
    throw googleRefusal(error);
  }
}

/** An event fact without a purchase (a test notification, a pending purchase). */
export function ignoredGoogleEvent(eventId: string | null, type: string, at: Date, payload: Record<string, unknown>, because: string): StoreEventFact {
  return { store: 'google', eventId, type, subtype: null, environment: null, signedAt: at, purchase: null, subscription: null, ignoredBecause: because, payload };
}
