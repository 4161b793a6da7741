import type { ProductType, Store, StoreEnvironment, SubscriptionState, TransactionStatus } from '@contract/api/commerce';

/**
 * What a store said, once verified and normalized: the one shape ingestion (ingest.ts) takes,
 * whichever store and whichever way it came (a notification, an operator's lookup, the demo data).
 * Only the store adapters (apple.ts, google.ts) read the stores' own models.
 */

/** One transaction (an Apple transaction, a Google order). */
export interface PurchaseFact {
  readonly store: Store;
  readonly environment: StoreEnvironment;
  /** The app's own id for its user, when the purchase carries one. */
  readonly appUserId: string | null;
  readonly storeTransactionId: string;
  readonly originalTransactionId: string;
  /** Google's purchase token (the subscription's identity there). */
  readonly purchaseToken: string | null;
  readonly productId: string;
  readonly type: ProductType;
  /** `trial`, `intro`, `promo`, `code`, `winback`: the offer the purchase used, if any. */
  readonly offer: string | null;
  readonly status: TransactionStatus;
  readonly purchasedAt: Date;
  readonly expiresAt: Date | null;
  readonly price: number | null;
  readonly currency: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string | null;
  readonly refundedAt: Date | null;
  readonly revokedAt: Date | null;
}

/** The state of the subscription a purchase belongs to, as the store says it at `PurchaseFact`'s event. */
export interface SubscriptionFact {
  readonly state: SubscriptionState;
  readonly autoRenew: boolean | null;
  /** When the subscription began (the original purchase). */
  readonly startedAt: Date;
  readonly expiresAt: Date | null;
  readonly graceExpiresAt: Date | null;
}

/** One thing a store told us. */
export interface StoreEventFact {
  readonly store: Store;
  /** The store's id of the notification (Apple notificationUUID, Pub/Sub message id); null for an operator's import. */
  readonly eventId: string | null;
  readonly type: string;
  readonly subtype: string | null;
  readonly environment: StoreEnvironment | null;
  /** The store's time of the statement: later statements win over earlier ones. */
  readonly signedAt: Date;
  readonly purchase: PurchaseFact | null;
  /** Present for subscriptions. */
  readonly subscription: SubscriptionFact | null;
  /** Why nothing is applied, for a notification without a purchase (a test notification). */
  readonly ignoredBecause: string | null;
  /** The verified notification, decoded, kept with the event. */
  readonly payload: Record<string, unknown>;
}
