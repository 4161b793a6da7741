import { and, eq, isNull, sql } from 'drizzle-orm';
import { accessStates, type Store, type SubscriptionState } from '@contract/api/commerce';
import type { Platform } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { databaseErrorDetail } from '../../db/constraints';
import { customers, entitlementGrants, manualUnlocks, skus, storeEvents, subscriptions, transactions } from '../../db/schema';
import { writeAudit, type ChangeContext, type SourceChange } from '../../resources/audit';
import type { PurchaseFact, StoreEventFact, SubscriptionFact } from './stores/facts';

/**
 * Ingestion: what a store said (a verified, normalized fact, stores/facts.ts) becomes the project's
 * data, in one database transaction per event, the same way for every source (App Store and Google
 * Play notifications, an operator's import, the demo data):
 *
 * 1. the event is recorded once: the unique index on (app, store, event id) turns a repeat into a
 *    no-op (answered as 130001 "transaction exists"), even when two servers receive it at once;
 * 2. the customer is found or made (the app's user id from the purchase; else whoever already owns
 *    the purchase's original transaction; else an id made of it, `apple:<id>` / `google:<order>`).
 *    A purchase that names its user while an anonymous customer of its original transaction exists
 *    (bought before signing in) moves that customer into the named one (mergeAnonymousCustomer);
 *    events about one original transaction take turns (an advisory lock), so a renewal without the
 *    user id cannot slip in mid-merge and make the anonymous customer again;
 * 3. the transaction is stored once per store id; a later statement may change its status (a
 *    refund, a revocation, a refund reversed), an earlier one arriving late changes nothing;
 * 4. the subscription takes the state the newest statement gives (`last_event_at`);
 * 5. the customer's access period (entitlement_grants) follows the subscription or purchase, with
 *    its environment (a sandbox one counts only for the app's sandbox testers, entitlements.ts);
 *    entitlements are resolved from it through the SKUs when asked (entitlements.ts), so a SKU
 *    linked or unlinked later applies at once;
 * 6. the customer's spend per currency is summed again from their production purchases.
 *
 * A failure anywhere rolls the whole event back, the event record included, so the store's retry
 * finds nothing half done.
 */

/** The app a fact is about. */
export interface IngestApp {
  readonly id: string;
  readonly projectId: string;
  readonly platform: Platform;
}

export interface IngestResult {
  /** `duplicate`: the event was recorded before; nothing changed. */
  readonly outcome: 'applied' | 'ignored' | 'duplicate';
  readonly eventRowId: string | null;
  readonly customerId: string | null;
  readonly transactionId: string | null;
  /** Whether the transaction was new. */
  readonly newTransaction: boolean;
}

/**
 * Who an ingestion's changes are by, for the audit log: the operator who imported a purchase, or
 * (when none is given) the store whose notification it is, named without an actor id.
 */
export interface IngestActor {
  readonly id: string;
  readonly name: string;
}

const storeNames: Readonly<Record<Store, string>> = { apple: 'App Store', google: 'Google Play' };

/** Records and applies one store event; see the module comment. */
export async function ingestEvent(db: Database, app: IngestApp, fact: StoreEventFact, now: Date, by?: IngestActor): Promise<IngestResult> {
  // The statement's time is the store's own (Apple's signed date; for Google, when the Play
  // Developer API answered): never a time an unverified request names (issue 18).
  const { signedAt } = fact;
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(storeEvents)
      .values({
        projectId: app.projectId,
        appId: app.id,
        store: fact.store,
        eventId: fact.eventId,
        type: fact.type,
        subtype: fact.subtype,
        environment: fact.environment,
        outcome: fact.purchase ? 'applied' : 'ignored',
        detail: fact.ignoredBecause,
        storeTransactionId: fact.purchase?.storeTransactionId ?? null,
        signedAt,
        receivedAt: now,
        payload: fact.payload,
      })
      .onConflictDoNothing()
      .returning({ id: storeEvents.id });
    if (!event) return { outcome: 'duplicate', eventRowId: null, customerId: null, transactionId: null, newTransaction: false };
    if (!fact.purchase) return { outcome: 'ignored', eventRowId: event.id, customerId: null, transactionId: null, newTransaction: false };
    const applied = await applyPurchase(tx, app, fact.purchase, fact.subscription, signedAt, now, by);
    await tx.update(storeEvents).set({ customerId: applied.customerId }).where(eq(storeEvents.id, event.id));
    return { outcome: 'applied', eventRowId: event.id, ...applied };
  });
}

/** The id a customer gets when the purchase names none: the store and its original transaction. */
export function anonymousUserId(purchase: Pick<PurchaseFact, 'store' | 'originalTransactionId'>): string {
  return `${purchase.store}:${purchase.originalTransactionId}`.slice(0, 128);
}

async function customerFor(tx: Database, app: IngestApp, purchase: PurchaseFact, seenAt: Date, now: Date, by: IngestActor | undefined): Promise<string> {
  const anonymous = anonymousUserId(purchase);
  // One original transaction at a time, whichever process receives it (see the module comment).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${app.projectId}:${anonymous}`}, 0))`);
  let appUserId = purchase.appUserId;
  if (appUserId) {
    if (appUserId !== anonymous) {
      const context: ChangeContext | SourceChange = by ? { actor: by, projectId: app.projectId, now } : { actor: { id: null, name: storeNames[purchase.store] }, projectId: app.projectId, now };
      await mergeAnonymousCustomer(tx, context, anonymous, appUserId);
    }
  } else {
    const [owner] = await tx
      .select({ appUserId: customers.appUserId })
      .from(transactions)
      .innerJoin(customers, eq(customers.id, transactions.customerId))
      .where(and(eq(transactions.projectId, app.projectId), eq(transactions.originalTransactionId, purchase.originalTransactionId), eq(transactions.appId, app.id)))
      .limit(1);
    appUserId = owner?.appUserId ?? anonymous;
  }
  const [row] = await tx
    .insert(customers)
    .values({
      projectId: app.projectId,
      appUserId,
      platform: app.platform,
      country: purchase.country,
      firstSeenAt: purchase.purchasedAt,
      lastSeenAt: seenAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [customers.projectId, customers.appUserId],
      set: {
        platform: sql`excluded.platform`,
        country: sql`coalesce(excluded.country, ${customers.country})`,
        firstSeenAt: sql`least(${customers.firstSeenAt}, excluded.first_seen_at)`,
        lastSeenAt: sql`greatest(${customers.lastSeenAt}, excluded.last_seen_at)`,
        updatedAt: now,
        version: sql`${customers.version} + 1`,
      },
    })
    .returning({ id: customers.id });
  return (row as { id: string }).id;
}

/** What a merge did (the audit row says the same). */
export interface CustomerMerge {
  readonly from: { readonly id: string; readonly appUserId: string };
  readonly into: { readonly id: string; readonly appUserId: string };
  /** Nobody had the app user id, so the anonymous customer took it, keeping its id. */
  readonly renamed: boolean;
  readonly moved: { readonly transactions: number; readonly subscriptions: number; readonly grants: number; readonly unlocks: number };
}

/**
 * A customer who bought before signing in: the purchase came without the app's user id, so its
 * customer is the anonymous `store:<original transaction>` one; now a statement about the same
 * original transaction names the user. Inside the caller's transaction, the anonymous customer's
 * transactions, subscriptions, access periods, manual unlocks and store events move to the named
 * customer; attributes merge (the named customer's own values win, email and country too; first
 * seen the earliest, last seen the latest); the spend is summed again from the transactions; the
 * anonymous row goes; an audit row (`customer`, `merge`) names both. When nobody has the user id
 * yet, the anonymous customer is renamed instead and keeps its id. Null, changing nothing, when
 * there is no anonymous customer (there never was, or it was merged before: a replay is a no-op).
 */
export async function mergeAnonymousCustomer(tx: Database, context: ChangeContext | SourceChange, anonymousId: string, appUserId: string): Promise<CustomerMerge | null> {
  const mine = (id: string) => and(eq(customers.projectId, context.projectId), eq(customers.appUserId, id));
  const [anonymous] = await tx.select().from(customers).where(mine(anonymousId)).for('update');
  if (!anonymous) return null;
  let [named] = await tx.select().from(customers).where(mine(appUserId)).for('update');
  if (!named) {
    try {
      // In a savepoint: another process may make the named customer meanwhile (its first purchase of
      // something else); then the rename fails on the unique index and this becomes a merge.
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(customers)
          .set({ appUserId, updatedAt: context.now, version: sql`${customers.version} + 1` })
          .where(eq(customers.id, anonymous.id));
      });
      const renamed: CustomerMerge = {
        from: { id: anonymous.id, appUserId: anonymousId },
        into: { id: anonymous.id, appUserId },
        renamed: true,
        moved: { transactions: 0, subscriptions: 0, grants: 0, unlocks: 0 },
      };
      await writeAudit(tx, context, { entity: 'customer', entityId: anonymous.id, action: 'merge', before: renamed.from, after: { ...renamed.into, renamed: true } });
      return renamed;
    } catch (error) {
      const { sqlState, constraint } = databaseErrorDetail(error);
      if (sqlState !== '23505' || constraint !== 'customers_project_user_key') throw error;
      [named] = await tx.select().from(customers).where(mine(appUserId)).for('update');
      if (!named) throw error;
    }
  }
  const into = named.id;
  const from = anonymous.id;
  const moved = {
    transactions: (await tx.update(transactions).set({ customerId: into }).where(eq(transactions.customerId, from)).returning({ id: transactions.id })).length,
    subscriptions: (await tx.update(subscriptions).set({ customerId: into }).where(eq(subscriptions.customerId, from)).returning({ id: subscriptions.id })).length,
    grants: (await tx.update(entitlementGrants).set({ customerId: into }).where(eq(entitlementGrants.customerId, from)).returning({ id: entitlementGrants.id })).length,
    unlocks: (await tx.update(manualUnlocks).set({ customerId: into }).where(eq(manualUnlocks.customerId, from)).returning({ id: manualUnlocks.id })).length,
  };
  await tx.update(storeEvents).set({ customerId: into }).where(eq(storeEvents.customerId, from));
  await tx
    .update(customers)
    .set({
      // `a || b` keeps b's value of a key both have: the named customer's own.
      attributes: sql`${JSON.stringify(anonymous.attributes)}::jsonb || ${customers.attributes}`,
      email: sql`coalesce(${customers.email}, ${anonymous.email})`,
      country: sql`coalesce(${customers.country}, ${anonymous.country})`,
      firstSeenAt: sql`least(${customers.firstSeenAt}, ${anonymous.firstSeenAt})`,
      lastSeenAt: sql`greatest(${customers.lastSeenAt}, ${anonymous.lastSeenAt})`,
      updatedAt: context.now,
      version: sql`${customers.version} + 1`,
    })
    .where(eq(customers.id, into));
  await tx.delete(customers).where(eq(customers.id, from));
  await refreshSpent(tx, into, context.now);
  const merge: CustomerMerge = { from: { id: from, appUserId: anonymousId }, into: { id: into, appUserId }, renamed: false, moved };
  await writeAudit(tx, context, { entity: 'customer', entityId: into, action: 'merge', before: merge.from, after: { ...merge.into, moved } });
  return merge;
}

/** The state a subscription is in when nothing but a purchase's expiry is known. */
function stateFromExpiry(purchase: PurchaseFact, at: Date): SubscriptionState {
  if (purchase.status === 'refunded') return 'refunded';
  if (purchase.status === 'revoked') return 'revoked';
  if (purchase.expiresAt !== null && purchase.expiresAt.getTime() <= at.getTime()) return 'expired';
  return purchase.offer === 'trial' ? 'trial' : 'active';
}

async function upsertSubscription(
  tx: Database,
  app: IngestApp,
  customerId: string,
  purchase: PurchaseFact,
  fact: SubscriptionFact | null,
  signedAt: Date,
  now: Date,
): Promise<string> {
  const values = {
    projectId: app.projectId,
    appId: app.id,
    customerId,
    store: purchase.store,
    environment: purchase.environment,
    originalTransactionId: purchase.store === 'google' && purchase.purchaseToken ? purchase.purchaseToken : purchase.originalTransactionId,
    productId: purchase.productId,
    state: fact?.state ?? stateFromExpiry(purchase, now),
    autoRenew: fact?.autoRenew ?? null,
    startedAt: fact?.startedAt ?? purchase.purchasedAt,
    expiresAt: fact?.expiresAt ?? purchase.expiresAt,
    graceExpiresAt: fact?.graceExpiresAt ?? null,
    // Without a state of its own, any later statement about the subscription wins over this guess.
    lastEventAt: fact ? signedAt : purchase.purchasedAt,
    createdAt: now,
    updatedAt: now,
  };
  const insert = tx.insert(subscriptions).values(values);
  if (fact) {
    await insert.onConflictDoUpdate({
      target: [subscriptions.appId, subscriptions.originalTransactionId],
      set: {
        customerId,
        productId: values.productId,
        state: values.state,
        // A notification without renewal info (Apple's signedRenewalInfo is optional) does not know
        // whether it renews: it keeps what an earlier one said instead of making it "Unknown" (issue 19 §5).
        autoRenew: sql`coalesce(excluded.auto_renew, ${subscriptions.autoRenew})`,
        startedAt: sql`least(${subscriptions.startedAt}, excluded.started_at)`,
        expiresAt: values.expiresAt,
        graceExpiresAt: values.graceExpiresAt,
        lastEventAt: signedAt,
        updatedAt: now,
      },
      setWhere: sql`${subscriptions.lastEventAt} <= excluded.last_event_at`,
    });
  } else {
    await insert.onConflictDoNothing();
  }
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.appId, app.id), eq(subscriptions.originalTransactionId, values.originalTransactionId)));
  return (row as { id: string }).id;
}

async function upsertTransaction(
  tx: Database,
  app: IngestApp,
  customerId: string,
  subscriptionId: string | null,
  skuId: string | null,
  purchase: PurchaseFact,
  signedAt: Date,
  now: Date,
): Promise<{ id: string; inserted: boolean }> {
  const [row] = await tx
    .insert(transactions)
    .values({
      projectId: app.projectId,
      appId: app.id,
      customerId,
      subscriptionId,
      store: purchase.store,
      environment: purchase.environment,
      storeTransactionId: purchase.storeTransactionId,
      originalTransactionId: purchase.originalTransactionId,
      purchaseToken: purchase.purchaseToken,
      productId: purchase.productId,
      skuId,
      type: purchase.type,
      offer: purchase.offer,
      status: purchase.status,
      purchasedAt: purchase.purchasedAt,
      expiresAt: purchase.expiresAt,
      price: purchase.price,
      currency: purchase.currency,
      country: purchase.country,
      refundedAt: purchase.refundedAt,
      revokedAt: purchase.revokedAt,
      lastEventAt: signedAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [transactions.appId, transactions.storeTransactionId],
      set: {
        status: sql`case when ${transactions.lastEventAt} <= excluded.last_event_at then excluded.status else ${transactions.status} end`,
        refundedAt: sql`case when ${transactions.lastEventAt} <= excluded.last_event_at then excluded.refunded_at else ${transactions.refundedAt} end`,
        revokedAt: sql`case when ${transactions.lastEventAt} <= excluded.last_event_at then excluded.revoked_at else ${transactions.revokedAt} end`,
        expiresAt: sql`coalesce(excluded.expires_at, ${transactions.expiresAt})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${transactions.subscriptionId})`,
        skuId: sql`coalesce(${transactions.skuId}, excluded.sku_id)`,
        price: sql`coalesce(${transactions.price}, excluded.price)`,
        currency: sql`coalesce(${transactions.currency}, excluded.currency)`,
        lastEventAt: sql`greatest(${transactions.lastEventAt}, excluded.last_event_at)`,
        updatedAt: now,
      },
    })
    // `xmax` is 0 on a row this statement inserted (PostgreSQL and PGlite alike).
    .returning({ id: transactions.id, inserted: sql<boolean>`(xmax = 0)` });
  return row as { id: string; inserted: boolean };
}

/** The access period a subscription gives, from its row as it is now. */
export function subscriptionAccess(row: {
  readonly state: SubscriptionState;
  readonly startedAt: Date;
  readonly expiresAt: Date | null;
  readonly graceExpiresAt: Date | null;
  readonly lastEventAt: Date;
}, now: Date): { startsAt: Date; expiresAt: Date | null; endedAt: Date | null; endReason: string | null } {
  const gives = (accessStates as readonly string[]).includes(row.state);
  const expiresAt = row.state === 'grace' ? (row.graceExpiresAt ?? row.expiresAt) : row.expiresAt;
  if (gives) return { startsAt: row.startedAt, expiresAt, endedAt: null, endReason: null };
  // Over: since the store said so, or the period's end if that came first, and at the latest now
  // (a statement signed by a clock a little ahead must not leave access open).
  const ended = Math.min(row.lastEventAt.getTime(), now.getTime(), expiresAt ? expiresAt.getTime() : Number.POSITIVE_INFINITY);
  return { startsAt: row.startedAt, expiresAt, endedAt: new Date(ended), endReason: row.state };
}

async function upsertSubscriptionGrant(tx: Database, app: IngestApp, customerId: string, subscriptionId: string, now: Date): Promise<void> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub) return;
  const access = subscriptionAccess(sub, now);
  await tx
    .insert(entitlementGrants)
    .values({ projectId: app.projectId, customerId, source: 'store', appId: app.id, productId: sub.productId, subscriptionId, environment: sub.environment, ...access, updatedAt: now })
    .onConflictDoUpdate({
      target: entitlementGrants.subscriptionId,
      targetWhere: sql`${entitlementGrants.subscriptionId} is not null`,
      set: { customerId, productId: sub.productId, environment: sub.environment, ...access, updatedAt: now },
    });
}

async function upsertPurchaseGrant(tx: Database, app: IngestApp, customerId: string, transactionId: string, now: Date): Promise<void> {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) return;
  const over = row.refundedAt ?? row.revokedAt;
  const endedAt = over && over.getTime() > now.getTime() ? now : over;
  const values = {
    startsAt: row.purchasedAt,
    expiresAt: row.expiresAt,
    endedAt,
    endReason: row.refundedAt ? 'refunded' : row.revokedAt ? 'revoked' : null,
  };
  await tx
    .insert(entitlementGrants)
    .values({ projectId: app.projectId, customerId, source: 'store', appId: app.id, productId: row.productId, transactionId, environment: row.environment, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: entitlementGrants.transactionId,
      targetWhere: sql`${entitlementGrants.transactionId} is not null`,
      set: { customerId, environment: row.environment, ...values, updatedAt: now },
    });
}

/** Sums a customer's production purchases per currency (refunded and revoked ones do not count). */
export async function refreshSpent(tx: Database, customerId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update customers set spent = coalesce((
      select jsonb_object_agg(currency, total) from (
        select currency, round(sum(price), 2)::float8 as total
        from transactions
        where customer_id = ${customerId} and status = 'purchased' and environment = 'production'
          and price is not null and currency is not null
        group by currency
      ) sums
    ), '{}'::jsonb), updated_at = ${now}
    where id = ${customerId}`);
}

/**
 * Applies one purchase (and its subscription's state) inside the caller's transaction: steps 2 to 6
 * of the module comment.
 */
export async function applyPurchase(
  tx: Database,
  app: IngestApp,
  purchase: PurchaseFact,
  subscription: SubscriptionFact | null,
  signedAt: Date,
  now: Date,
  by?: IngestActor,
): Promise<{ customerId: string; transactionId: string; newTransaction: boolean }> {
  const customerId = await customerFor(tx, app, purchase, signedAt, now, by);
  const [sku] = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(and(eq(skus.appId, app.id), eq(skus.storeProductId, purchase.productId), isNull(skus.deletedAt)))
    .limit(1);
  const subscriptionId = purchase.type === 'subscription' ? await upsertSubscription(tx, app, customerId, purchase, subscription, signedAt, now) : null;
  const transaction = await upsertTransaction(tx, app, customerId, subscriptionId, sku?.id ?? null, purchase, signedAt, now);
  if (subscriptionId) await upsertSubscriptionGrant(tx, app, customerId, subscriptionId, now);
  else if (purchase.type === 'non_consumable') await upsertPurchaseGrant(tx, app, customerId, transaction.id, now);
  await refreshSpent(tx, customerId, now);
  return { customerId, transactionId: transaction.id, newTransaction: transaction.inserted };
}
