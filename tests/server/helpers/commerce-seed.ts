import { findStoreApp } from '../../../server/src/domains/commerce/store-apps';
import { ingestEvent, type IngestResult } from '../../../server/src/domains/commerce/ingest';
import type { PurchaseFact, SubscriptionFact } from '../../../server/src/domains/commerce/stores/facts';
import type { Database } from '../../../server/src/db/client';

/**
 * Store facts fed through the real ingestion (ingest.ts), for tests that need customers and
 * transactions without going through a store's signature each time (the hooks' own tests do that).
 */

let counter = 0;

export interface SeedPurchase {
  readonly appUserId: string | null;
  readonly productId: string;
  readonly type?: PurchaseFact['type'];
  readonly store?: 'apple' | 'google';
  readonly environment?: 'production' | 'sandbox';
  readonly purchasedAt: Date;
  readonly expiresAt?: Date | null;
  readonly price?: number | null;
  readonly currency?: string | null;
  readonly country?: string | null;
  readonly status?: PurchaseFact['status'];
  readonly storeTransactionId?: string;
  readonly originalTransactionId?: string;
  readonly purchaseToken?: string | null;
  readonly state?: SubscriptionFact['state'];
}

export async function seedPurchase(db: Database, appId: string, purchase: SeedPurchase, now: Date): Promise<IngestResult & { storeTransactionId: string }> {
  const app = await findStoreApp(db, appId);
  if (!app) throw new Error(`no app ${appId}`);
  counter += 1;
  const store = purchase.store ?? (app.platform === 'ios' ? 'apple' : 'google');
  const storeTransactionId = purchase.storeTransactionId ?? (store === 'apple' ? String(700_000_000 + counter) : `GPA.9000-0000-0000-${String(counter).padStart(5, '0')}`);
  const type = purchase.type ?? 'subscription';
  const fact: PurchaseFact = {
    store,
    environment: purchase.environment ?? 'production',
    appUserId: purchase.appUserId,
    storeTransactionId,
    originalTransactionId: purchase.originalTransactionId ?? storeTransactionId,
    purchaseToken: purchase.purchaseToken ?? (store === 'google' ? `token-${storeTransactionId}` : null),
    productId: purchase.productId,
    type,
    offer: purchase.status === 'trial' ? 'trial' : null,
    status: purchase.status ?? 'purchased',
    purchasedAt: purchase.purchasedAt,
    expiresAt: purchase.expiresAt ?? null,
    price: purchase.price === undefined ? 4.99 : purchase.price,
    currency: purchase.currency === undefined ? 'USD' : purchase.currency,
    country: purchase.country ?? null,
    refundedAt: purchase.status === 'refunded' ? now : null,
    revokedAt: purchase.status === 'revoked' ? now : null,
  };
  const subscription: SubscriptionFact | null =
    type === 'subscription'
      ? { state: purchase.state ?? 'active', autoRenew: true, startedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt ?? null, graceExpiresAt: null }
      : null;
  const result = await ingestEvent(
    db,
    app,
    { store, eventId: `seed-${process.pid}-${counter}`, type: 'SEED', subtype: null, environment: fact.environment, signedAt: now, purchase: fact, subscription, ignoredBecause: null, payload: {} },
    now,
  );
  return { ...result, storeTransactionId };
}
