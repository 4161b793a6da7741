import {
  APIException,
  AppStoreServerAPIClient,
  Environment,
  GetTransactionHistoryVersion,
  Order,
  ReceiptUtility,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
  type HistoryResponse,
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
} from '@apple/app-store-server-library';
import isoCountries from 'i18n-iso-countries';
import type { ProductType, StoreEnvironment, SubscriptionState, TransactionStatus } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../errors';
import type { StoreEndpoints } from './endpoints';
import type { PurchaseFact, StoreEventFact, SubscriptionFact } from './facts';
import { StoreRefusal } from './refusal';

/**
 * The App Store, through Apple's own App Store Server Library: notifications and API answers are
 * verified with its `SignedDataVerifier` (signature, certificate chain up to the configured roots,
 * the leaf's and intermediate's Apple extensions, bundle id, Apple app id, environment), the App
 * Store Server API is called with its `AppStoreServerAPIClient` and the app's .p8 key, receipts are
 * read with its `ReceiptUtility`. Nothing here parses a signature or a receipt by hand; this file
 * only maps the verified models to facts (facts.ts).
 *
 * Refusals: a payload that does not verify is 170007, one for another app 170008, one from an
 * environment the app does not accept 170009, a production one while the app's Apple app id is
 * not set 170012; a verification that failed for a network reason (OCSP) is 170002 so the store
 * tries again.
 */

/** What the adapter needs of an app. */
export interface AppleApp {
  readonly bundleId: string;
  readonly appleAppId: number | null;
  readonly acceptSandbox: boolean;
}

/** The App Store Connect key of an app, as its store credentials hold it. */
export interface AppleKey {
  readonly keyId: string;
  readonly issuerId: string;
  readonly privateKey: string;
}

const libraryEnvironment: Readonly<Record<StoreEnvironment, Environment>> = { production: Environment.PRODUCTION, sandbox: Environment.SANDBOX };

/** Apple's environment names as ours: Xcode and local StoreKit testing count as sandbox. */
export function appleEnvironment(value: string | undefined): StoreEnvironment | null {
  if (value === Environment.PRODUCTION) return 'production';
  if (value === Environment.SANDBOX || value === Environment.XCODE || value === Environment.LOCAL_TESTING) return 'sandbox';
  return null;
}

/** Apple's product types as ours (a non-renewing subscription is bought once, like a non-consumable). */
export function appleProductType(type: string | undefined): ProductType {
  if (type === 'Auto-Renewable Subscription') return 'subscription';
  if (type === 'Consumable') return 'consumable';
  return 'non_consumable';
}

/** Apple's offer types (1 introductory, 2 promotional, 3 offer code, 4 win-back) as ours. */
export function appleOffer(tx: Pick<JWSTransactionDecodedPayload, 'offerType' | 'offerDiscountType'>): string | null {
  switch (tx.offerType) {
    case 1:
      return tx.offerDiscountType === 'FREE_TRIAL' ? 'trial' : 'intro';
    case 2:
      return 'promo';
    case 3:
      return 'code';
    case 4:
      return 'winback';
    default:
      return null;
  }
}

const date = (ms: number | undefined): Date | null => (ms === undefined || ms === null ? null : new Date(ms));

/** A storefront (ISO 3166-1 alpha-3, `USA`) as alpha-2 (`US`). */
function countryOf(storefront: string | undefined): string | null {
  if (!storefront) return null;
  return isoCountries.alpha3ToAlpha2(storefront.toUpperCase()) ?? null;
}

/** Whether a revoked transaction was taken back from family sharing rather than refunded. */
function isRevocation(tx: JWSTransactionDecodedPayload, notificationType: string | undefined): boolean {
  return notificationType === 'REVOKE' || (notificationType !== 'REFUND' && tx.inAppOwnershipType === 'FAMILY_SHARED');
}

/** A verified transaction as a purchase fact. */
export function applePurchase(tx: JWSTransactionDecodedPayload, notificationType?: string): PurchaseFact {
  if (!tx.transactionId || !tx.originalTransactionId || !tx.productId || tx.purchaseDate === undefined) {
    throw new AppError(ErrorCode.ReceiptParseError);
  }
  const revokedAt = date(tx.revocationDate);
  const revocation = revokedAt !== null && isRevocation(tx, notificationType);
  const offer = appleOffer(tx);
  const status: TransactionStatus = revokedAt ? (revocation ? 'revoked' : 'refunded') : offer === 'trial' ? 'trial' : 'purchased';
  return {
    store: 'apple',
    environment: appleEnvironment(tx.environment) ?? 'production',
    appUserId: tx.appAccountToken ? tx.appAccountToken.toLowerCase() : null,
    storeTransactionId: tx.transactionId,
    originalTransactionId: tx.originalTransactionId,
    purchaseToken: null,
    productId: tx.productId,
    type: appleProductType(tx.type),
    offer,
    status,
    purchasedAt: new Date(tx.purchaseDate),
    expiresAt: date(tx.expiresDate),
    // The App Store gives prices in milliunits of the currency.
    price: typeof tx.price === 'number' ? (offer === 'trial' ? 0 : tx.price / 1000) : null,
    currency: tx.currency ?? null,
    country: countryOf(tx.storefront),
    refundedAt: revokedAt && !revocation ? revokedAt : null,
    revokedAt: revokedAt && revocation ? revokedAt : null,
  };
}

/**
 * The subscription's state after a notification (or a status answer), from what Apple says, most
 * authoritative first: a revocation date (refunded, or revoked for family sharing); the `status` of
 * the notification or status answer (1 active, 2 expired, 3 billing retry, 4 grace period, 5
 * revoked); the notification type; last, the expiry against the statement's time.
 */
export function appleSubscriptionState(input: {
  readonly notificationType?: string | undefined;
  readonly subtype?: string | undefined;
  readonly status?: number | undefined;
  readonly transaction: JWSTransactionDecodedPayload;
  readonly at: Date;
}): SubscriptionState {
  const { transaction: tx } = input;
  const paying: SubscriptionState = appleOffer(tx) === 'trial' ? 'trial' : 'active';
  if (tx.revocationDate !== undefined) return isRevocation(tx, input.notificationType) ? 'revoked' : 'refunded';
  switch (input.status) {
    case 1:
      return paying;
    case 2:
      return 'expired';
    case 3:
      return 'billing_retry';
    case 4:
      return 'grace';
    case 5:
      return 'revoked';
    default:
      break;
  }
  switch (input.notificationType) {
    case 'EXPIRED':
      return 'expired';
    case 'GRACE_PERIOD_EXPIRED':
      return 'billing_retry';
    case 'DID_FAIL_TO_RENEW':
      return input.subtype === 'GRACE_PERIOD' ? 'grace' : 'billing_retry';
    case 'REFUND':
      return 'refunded';
    case 'REVOKE':
      return 'revoked';
    default:
      return tx.expiresDate !== undefined && tx.expiresDate <= input.at.getTime() ? 'expired' : paying;
  }
}

/** The subscription fact of a subscription purchase. */
export function appleSubscription(input: {
  readonly notificationType?: string | undefined;
  readonly subtype?: string | undefined;
  readonly status?: number | undefined;
  readonly transaction: JWSTransactionDecodedPayload;
  readonly renewal: JWSRenewalInfoDecodedPayload | null;
  readonly at: Date;
}): SubscriptionFact {
  const tx = input.transaction;
  const state = appleSubscriptionState(input);
  return {
    state,
    autoRenew: input.renewal?.autoRenewStatus === undefined ? null : input.renewal.autoRenewStatus === 1,
    startedAt: new Date(tx.originalPurchaseDate ?? tx.purchaseDate ?? input.at.getTime()),
    expiresAt: date(tx.expiresDate),
    graceExpiresAt: state === 'grace' ? date(input.renewal?.gracePeriodExpiresDate) : null,
  };
}

/** Notification types that carry nothing to apply to a subscription or purchase. */
const informational = new Set(['TEST', 'CONSUMPTION_REQUEST', 'REFUND_DECLINED', 'EXTERNAL_PURCHASE_TOKEN', 'RENEWAL_EXTENSION', 'METADATA_UPDATE', 'MIGRATION', 'RESCIND_CONSENT']);

/** A verified notification, with its verified transaction and renewal info, as one event fact. */
export function appleEventFact(
  notification: ResponseBodyV2DecodedPayload,
  transaction: JWSTransactionDecodedPayload | null,
  renewal: JWSRenewalInfoDecodedPayload | null,
): StoreEventFact {
  const type = String(notification.notificationType ?? 'UNKNOWN');
  const subtype = notification.subtype ? String(notification.subtype) : null;
  const at = new Date(notification.signedDate ?? Date.now());
  const environment = appleEnvironment(notification.data?.environment ?? notification.summary?.environment ?? notification.appData?.environment);
  const payload = { notification, transaction, renewal } as unknown as Record<string, unknown>;
  const base = { store: 'apple' as const, eventId: notification.notificationUUID ?? null, type, subtype, environment, signedAt: at, payload };
  if (!transaction || informational.has(type)) {
    return { ...base, purchase: null, subscription: null, ignoredBecause: transaction ? `type ${type}` : 'no transaction' };
  }
  const purchase = applePurchase(transaction, type);
  const subscription =
    purchase.type === 'subscription'
      ? appleSubscription({ notificationType: type, subtype: subtype ?? undefined, status: notification.data?.status ?? undefined, transaction, renewal, at })
      : null;
  return { ...base, purchase, subscription, ignoredBecause: null };
}

// ---------------------------------------------------------------------------------------------
// Verification

/** Verifiers per app and environment (each caches the intermediate certificates it verified). */
export class AppleVerifiers {
  private readonly cache = new Map<string, SignedDataVerifier>();

  constructor(private readonly endpoints: StoreEndpoints) {}

  /** The verifier of one environment for an app; 170012 for production without the Apple app id. */
  verifier(app: AppleApp, environment: StoreEnvironment): SignedDataVerifier {
    if (environment === 'production' && app.appleAppId === null) throw new AppError(ErrorCode.AppleAppIdMissing);
    const key = `${app.bundleId}|${app.appleAppId ?? ''}|${environment}`;
    let verifier = this.cache.get(key);
    if (!verifier) {
      verifier = new SignedDataVerifier(
        [...this.endpoints.appleRootCertificates],
        this.endpoints.appleOnlineChecks,
        libraryEnvironment[environment],
        app.bundleId,
        app.appleAppId ?? undefined,
      );
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, verifier);
    }
    return verifier;
  }

  /** The environments an app accepts, production first. */
  environments(app: AppleApp): StoreEnvironment[] {
    return app.acceptSandbox ? ['production', 'sandbox'] : ['production'];
  }

  /**
   * Verifies a notification's signed payload and its signed transaction and renewal info, trying
   * the app's environments in turn (a verifier refuses any environment but its own).
   */
  async verifyNotification(app: AppleApp, signedPayload: string): Promise<StoreEventFact> {
    let refusal: unknown = null;
    for (const environment of this.environments(app)) {
      let verifier: SignedDataVerifier;
      try {
        verifier = this.verifier(app, environment);
      } catch (error) {
        refusal = error;
        continue;
      }
      try {
        const notification = await verifier.verifyAndDecodeNotification(signedPayload);
        const transaction = notification.data?.signedTransactionInfo ? await verifier.verifyAndDecodeTransaction(notification.data.signedTransactionInfo) : null;
        const renewal = notification.data?.signedRenewalInfo ? await verifier.verifyAndDecodeRenewalInfo(notification.data.signedRenewalInfo) : null;
        return appleEventFact(notification, transaction, renewal);
      } catch (error) {
        // Another environment may accept it; any other refusal is final.
        if (error instanceof VerificationException && error.status === VerificationStatus.INVALID_ENVIRONMENT) {
          refusal = error;
          continue;
        }
        throw appleRefusal(error);
      }
    }
    throw appleRefusal(refusal);
  }
}

/** The catalogue code of a verification failure. */
export function appleRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof VerificationException) {
    const detail = VerificationStatus[error.status] ?? String(error.status);
    switch (error.status) {
      case VerificationStatus.INVALID_APP_IDENTIFIER:
        return new StoreRefusal(ErrorCode.AppleAppMismatch, detail);
      case VerificationStatus.INVALID_ENVIRONMENT:
        return new StoreRefusal(ErrorCode.AppleEnvironmentRefused, detail);
      case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
        return new StoreRefusal(ErrorCode.AppleError, detail);
      default:
        return new StoreRefusal(ErrorCode.AppleSignatureInvalid, detail);
    }
  }
  return new StoreRefusal(ErrorCode.AppleSignatureInvalid, error instanceof Error ? error.message : 'unreadable payload');
}

// ---------------------------------------------------------------------------------------------
// The App Store Server API

/**
 * Apple's client with another base URL when the endpoints name one (a proxy, a test fake). The
 * library keeps the URL in a private field set by its constructor from the environment; everything
 * else (the bearer token signed with the .p8 key, requests, response validation, errors) is its own.
 */
function apiClient(key: AppleKey, bundleId: string, environment: StoreEnvironment, baseUrl: string | undefined): AppStoreServerAPIClient {
  const client = new AppStoreServerAPIClient(key.privateKey, key.keyId, key.issuerId, bundleId, libraryEnvironment[environment]);
  if (baseUrl) Object.assign(client, { urlBase: baseUrl.replace(/\/+$/, '') });
  return client;
}

/** Apple's "transaction id not found" answers (4040010) and the like: try the other environment. */
function isNotFound(error: unknown): boolean {
  return error instanceof APIException && error.httpStatusCode === 404;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StoreRefusal(ErrorCode.AppleError, 'timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** An API failure as a catalogue code: not found 130003, anything else from Apple 170002. */
function apiRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isNotFound(error)) return new AppError(ErrorCode.NoMatchingOrder);
  if (error instanceof APIException) return new StoreRefusal(ErrorCode.AppleError, `${error.httpStatusCode} ${error.apiError ?? ''} ${error.errorMessage ?? ''}`.trim());
  if (error instanceof VerificationException) return appleRefusal(error);
  return new StoreRefusal(ErrorCode.AppleError, error instanceof Error ? error.message : 'request failed');
}

/** What the App Store Server API says about a transaction and its customer. */
export interface AppleLookup {
  readonly environment: StoreEnvironment;
  /** The customer's transactions (the asked one first), verified. */
  readonly transactions: readonly JWSTransactionDecodedPayload[];
  /** The subscription statuses of the asked transaction's subscription, verified. */
  readonly subscription: { readonly status: number; readonly transaction: JWSTransactionDecodedPayload; readonly renewal: JWSRenewalInfoDecodedPayload | null } | null;
}

/** At most this many pages of transaction history (20 transactions each) per lookup. */
const HISTORY_PAGES = 5;

/**
 * Reads a transaction id from a receipt with Apple's ReceiptUtility: an app receipt (PKCS #7) or a
 * legacy transaction receipt. 130004 when neither yields one.
 */
export function transactionIdFromReceipt(receipt: string): string {
  const utility = new ReceiptUtility();
  const compact = receipt.replace(/\s+/g, '');
  let id: string | null = null;
  try {
    id = utility.extractTransactionIdFromAppReceipt(compact);
  } catch {
    id = null;
  }
  if (!id) {
    try {
      id = utility.extractTransactionIdFromTransactionReceipt(compact);
    } catch {
      id = null;
    }
  }
  if (!id) throw new AppError(ErrorCode.ReceiptParseError);
  return id;
}

/**
 * Asks the App Store Server API about a transaction (its info, the customer's history, its
 * subscription's status), in production first, then in the sandbox when the app accepts it. Every
 * signed answer is verified with the app's verifier before it is believed.
 */
export async function lookUpAppleTransaction(
  endpoints: StoreEndpoints,
  verifiers: AppleVerifiers,
  app: AppleApp,
  key: AppleKey,
  transactionId: string,
): Promise<AppleLookup> {
  let last: unknown = new AppError(ErrorCode.NoMatchingOrder);
  for (const environment of verifiers.environments(app)) {
    const client = apiClient(key, app.bundleId, environment, endpoints.appleApiUrl);
    try {
      const info = await withTimeout(client.getTransactionInfo(transactionId), endpoints.timeoutMs);
      if (!info.signedTransactionInfo) throw new AppError(ErrorCode.NoMatchingOrder);
      // Verifying sandbox data needs no Apple app id; production data does (the verifier refuses 170012).
      const verifier = verifiers.verifier(app, environment);
      const asked = await verifier.verifyAndDecodeTransaction(info.signedTransactionInfo);
      const history: JWSTransactionDecodedPayload[] = [];
      let revision: string | null = null;
      for (let page = 0; page < HISTORY_PAGES; page += 1) {
        const response: HistoryResponse = await withTimeout(client.getTransactionHistory(transactionId, revision, { sort: Order.DESCENDING }, GetTransactionHistoryVersion.V2), endpoints.timeoutMs);
        for (const signed of response.signedTransactions ?? []) history.push(await verifier.verifyAndDecodeTransaction(signed));
        if (!response.hasMore || !response.revision) break;
        revision = response.revision;
      }
      let subscription: AppleLookup['subscription'] = null;
      if (appleProductType(asked.type) === 'subscription') {
        const statuses = await withTimeout(client.getAllSubscriptionStatuses(transactionId), endpoints.timeoutMs);
        for (const group of statuses.data ?? []) {
          for (const item of group.lastTransactions ?? []) {
            if (item.originalTransactionId !== asked.originalTransactionId || !item.signedTransactionInfo) continue;
            subscription = {
              status: Number(item.status ?? 0),
              transaction: await verifier.verifyAndDecodeTransaction(item.signedTransactionInfo),
              renewal: item.signedRenewalInfo ? await verifier.verifyAndDecodeRenewalInfo(item.signedRenewalInfo) : null,
            };
          }
        }
      }
      const others = history.filter((tx) => tx.transactionId !== asked.transactionId);
      return { environment, transactions: [asked, ...others], subscription };
    } catch (error) {
      last = error;
      if (isNotFound(error)) continue;
      throw apiRefusal(error);
    }
  }
  throw apiRefusal(last);
}

/**
 * The facts of a lookup, oldest first (so ingesting them in order leaves each subscription in its
 * newest state): every transaction; the newest of each subscription carries the subscription's
 * state, from the status answer when there is one, else from its expiry.
 */
export function appleLookupFacts(lookup: AppleLookup, now: Date): Array<{ purchase: PurchaseFact; subscription: SubscriptionFact | null }> {
  const newest = new Map<string, JWSTransactionDecodedPayload>();
  for (const tx of lookup.transactions) {
    const known = tx.originalTransactionId ? newest.get(tx.originalTransactionId) : undefined;
    if (tx.originalTransactionId && (!known || (tx.purchaseDate ?? 0) > (known.purchaseDate ?? 0))) newest.set(tx.originalTransactionId, tx);
  }
  return [...lookup.transactions]
    .sort((a, b) => (a.purchaseDate ?? 0) - (b.purchaseDate ?? 0))
    .map((tx) => {
      const purchase = applePurchase(tx);
      if (purchase.type !== 'subscription' || newest.get(purchase.originalTransactionId) !== tx) return { purchase, subscription: null };
      const status = lookup.subscription && lookup.subscription.transaction.originalTransactionId === tx.originalTransactionId ? lookup.subscription : null;
      const subscription = status
        ? appleSubscription({ status: status.status, transaction: status.transaction, renewal: status.renewal, at: now })
        : appleSubscription({ transaction: tx, renewal: null, at: now });
      return { purchase, subscription };
    });
}
