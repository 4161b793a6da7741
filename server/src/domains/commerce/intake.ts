import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { googlePushBodySchema, LookupBody, LookupResult, ProductType } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/client';
import { skus, storeEvents, transactions } from '../../db/schema';
import { AppError } from '../../errors';
import { ActionCountsRepository } from '../../rate-limit/action-counts-repository';
import { ActionLimiter } from '../../rate-limit/action-limiter';
import type { LimitTable } from '../../rate-limit/action-limits';
import type { Clock } from '../../shared/clock';
import { ingestEvent, type IngestActor, type IngestApp, type IngestResult } from './ingest';
import { appleKeyOf, effectivePushIdentity, findStoreApp, requireStoreApp, serviceAccountOf, type StoreApp } from './store-apps';
import { appleLookupFacts, AppleVerifiers, lookUpAppleTransaction, transactionIdFromReceipt } from './stores/apple';
import type { StoreEndpoints } from './stores/endpoints';
import type { PurchaseFact, StoreEventFact, SubscriptionFact } from './stores/facts';
import {
  answerEventId,
  findVoided,
  getProduct,
  getSubscription,
  GooglePushVerifier,
  googleProductFact,
  googleSubscriptionFacts,
  ignoredGoogleEvent,
  oneTimeNotificationTypes,
  playClient,
  readDeveloperNotification,
  subscriptionNotificationTypes,
  type DeveloperNotification,
} from './stores/google';
import { detailOf, StoreRefusal } from './stores/refusal';

/**
 * What comes in from the stores: their notifications (the public hooks) and an operator's lookups
 * and imports (the receipt screen). Every path verifies with the store adapters, then hands the
 * facts to the one ingestion (ingest.ts).
 *
 * A notification that is refused is recorded with its code and detail (no event id: nothing in it
 * can be trusted) and answered with its code. Refusals are limited per app and client address
 * (`STORE_HOOK_LIMITS`): a flood of garbage fills no table, while the stores' own notifications,
 * which verify, are never counted. A Google push that is not authenticated (anyone who knows the
 * URL may post one) is counted per app and per purchase token before it costs a lookup; a token
 * Google does not know is refused with 170013 and recorded once. Refused and ignored
 * notifications are kept within KEEP_UNAPPLIED per app, each of bounded size.
 */

export const storeHookActions = ['storeHookRefusal', 'storeLookup', 'storeHookApp', 'storeHookToken'] as const;
export type StoreHookAction = (typeof storeHookActions)[number];

export const STORE_HOOK_LIMITS: LimitTable<StoreHookAction> = {
  /** 100 refused notifications per 10 minutes from one address to one app. */
  storeHookRefusal: { count: 100, windowMs: 10 * 60_000 },
  /** 120 store lookups (and imports) per operator per 10 minutes: each is a call to Apple or Google. */
  storeLookup: { count: 120, windowMs: 10 * 60_000 },
  /** 600 unauthenticated Google pushes per app per 10 minutes (push authentication lifts it). */
  storeHookApp: { count: 600, windowMs: 10 * 60_000 },
  /** 10 unauthenticated Google pushes per purchase token per 10 minutes: a real purchase changes less often. */
  storeHookToken: { count: 10, windowMs: 10 * 60_000 },
};

/** Refused and ignored notifications kept per app (the newest). */
export const KEEP_UNAPPLIED = 1_000;

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A purchase token Google does not know: refused with 170013, recorded once per token and app. */
class UnknownPurchase extends StoreRefusal {
  readonly recordKey: string;
  constructor(token: string, detail: string | null) {
    super(ErrorCode.GooglePurchaseUnknown, detail);
    this.recordKey = `unknown:${digest(token)}`;
  }
}

/** The purchase token a notification names, if any. */
function purchaseTokenOf(notification: DeveloperNotification): string | null {
  return (
    notification.subscriptionNotification?.purchaseToken ??
    notification.oneTimeProductNotification?.purchaseToken ??
    notification.voidedPurchaseNotification?.purchaseToken ??
    null
  );
}

/** Codes that mean "this notification is not acceptable", counted against the sender. */
const refusalCodes: ReadonlySet<number> = new Set([
  ErrorCode.AppleSignatureInvalid,
  ErrorCode.AppleAppMismatch,
  ErrorCode.AppleEnvironmentRefused,
  ErrorCode.AppleAppIdMissing,
  ErrorCode.GoogleNotificationInvalid,
  ErrorCode.GooglePackageMismatch,
  ErrorCode.GooglePurchaseUnknown,
  ErrorCode.NoMatchingOrder,
  ErrorCode.ReceiptParseError,
  ErrorCode.CredentialFileMissing,
]);

export interface HookReply {
  readonly outcome: 'applied' | 'ignored' | 'duplicate';
  readonly code?: number;
}

function replyOf(result: IngestResult): HookReply {
  return result.outcome === 'duplicate' ? { outcome: 'duplicate', code: ErrorCode.TransactionExists } : { outcome: result.outcome };
}

export interface IntakeDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly box: SecretBox;
  readonly endpoints: StoreEndpoints;
  readonly limits?: LimitTable<StoreHookAction> | undefined;
  /** Refused and ignored notifications kept per app (KEEP_UNAPPLIED unless given). */
  readonly keepUnapplied?: number | undefined;
}

/** The facts of one purchase as an operator's lookup found it. */
interface LookedUp {
  readonly app: StoreApp;
  readonly result: LookupResult;
  readonly facts: ReadonlyArray<{ readonly purchase: PurchaseFact; readonly subscription: SubscriptionFact | null }>;
}

export class StoreIntake {
  readonly verifiers: AppleVerifiers;
  private readonly pushVerifier: GooglePushVerifier;
  private readonly limiter: ActionLimiter<StoreHookAction>;

  constructor(private readonly deps: IntakeDeps) {
    this.verifiers = new AppleVerifiers(deps.endpoints);
    this.pushVerifier = new GooglePushVerifier(deps.endpoints);
    this.limiter = new ActionLimiter<StoreHookAction>(new ActionCountsRepository(deps.db), deps.clock, deps.limits ?? STORE_HOOK_LIMITS);
  }

  private async appOf(appId: string, platform: 'ios' | 'android'): Promise<StoreApp> {
    const app = await findStoreApp(this.deps.db, appId);
    if (!app || app.platform !== platform) throw new AppError(ErrorCode.AppNotFound);
    return app;
  }

  /** Records a refused notification with its code and detail (an unknown token once), within the bound. */
  private async recordRefusal(app: IngestApp, store: 'apple' | 'google', type: string, error: unknown): Promise<void> {
    const code = error instanceof AppError ? error.code : ErrorCode.InternalError;
    await this.deps.db
      .insert(storeEvents)
      .values({
        projectId: app.projectId,
        appId: app.id,
        store,
        eventId: error instanceof UnknownPurchase ? error.recordKey : null,
        type,
        outcome: 'refused',
        errorCode: code,
        detail: detailOf(error),
        receivedAt: this.deps.clock(),
      })
      .onConflictDoNothing();
    await this.pruneUnapplied(app.id);
  }

  /**
   * Runs a notification's handling under the refusal limit: refused at once (1006) while the app and
   * address have spent their refusals; a refusal counts one and is recorded while the count holds.
   * Notifications that verify are never counted, so a store's burst is never held back (counting
   * every attempt up front would refuse good ones while a burst is in flight).
   */
  private async guarded(app: StoreApp, store: 'apple' | 'google', address: string, type: () => string, handle: () => Promise<HookReply>): Promise<HookReply> {
    const subject = `${app.id}:${address}`;
    await this.limiter.assertOpen('storeHookRefusal', subject);
    try {
      return await handle();
    } catch (error) {
      // A push over its limits is answered 1006 and not recorded: recording it would be the flood.
      if (error instanceof AppError && error.code === ErrorCode.TooManyRequests) throw error;
      // The stores' own failures (an outage) are recorded without counting against the sender.
      const refusal = error instanceof AppError && refusalCodes.has(error.code);
      const counted = !refusal || (await this.limiter.take('storeHookRefusal', subject).then(
        () => true,
        () => false,
      ));
      if (counted) await this.recordRefusal(app, store, type(), error);
      throw error;
    }
  }

  /** `POST /hooks/apple/:appId`: verifies the signed payload with the app's verifiers and ingests it. */
  async appleNotification(appId: string, signedPayload: string, address: string): Promise<HookReply> {
    const app = await this.appOf(appId, 'ios');
    return this.guarded(app, 'apple', address, () => 'UNVERIFIED', async () => {
      const fact = await this.verifiers.verifyNotification(app, signedPayload);
      const reply = replyOf(await ingestEvent(this.deps.db, app, fact, this.deps.clock()));
      if (!fact.purchase) await this.pruneUnapplied(app.id);
      return reply;
    });
  }

  /** A product's type as its SKU says (non-consumable when no SKU knows the product). */
  private async productType(appId: string, productId: string): Promise<ProductType> {
    const [sku] = await this.deps.db
      .select({ type: skus.type })
      .from(skus)
      .where(and(eq(skus.appId, appId), eq(skus.storeProductId, productId), isNull(skus.deletedAt)))
      .limit(1);
    return sku?.type ?? 'non_consumable';
  }

  /**
   * `POST /hooks/google/:appId`: checks the push's OIDC token when the app asks for one (a refusal
   * is recorded as `UNAUTHENTICATED`), reads the developer notification (its event time must be a
   * date, not in the future), limits unauthenticated pushes per app and per purchase token, looks
   * the purchase up with the Play Developer API and ingests what the API says, as of when it said it.
   */
  async googleNotification(appId: string, body: z.infer<typeof googlePushBodySchema>, address: string, authorization?: string): Promise<HookReply> {
    const app = await this.appOf(appId, 'android');
    let type = 'UNREADABLE';
    return this.guarded(app, 'google', address, () => type, async () => {
      const identity = await effectivePushIdentity(this.deps.db, this.deps.box, app);
      if (identity) {
        type = 'UNAUTHENTICATED';
        await this.pushVerifier.verify(authorization, identity);
        type = 'UNREADABLE';
      }
      const { notification, claimedAt } = readDeveloperNotification(body.message.data, this.deps.clock());
      type = notificationTypeOf(notification);
      if (notification.packageName !== app.packageName) throw new AppError(ErrorCode.GooglePackageMismatch);
      if (!identity) {
        // Anyone who knows the URL may post: each push costs a lookup, so they are counted.
        await this.limiter.take('storeHookApp', app.id);
        const token = purchaseTokenOf(notification);
        if (token) await this.limiter.take('storeHookToken', `${app.id}:${digest(token)}`);
      }
      const record = { notification, messageId: body.message.messageId ?? body.message.message_id ?? null, claimedEventTime: claimedAt?.toISOString() ?? null };
      const fact = await this.googleFact(app, notification, record);
      const reply = replyOf(await ingestEvent(this.deps.db, app, fact, this.deps.clock()));
      if (!fact.purchase) await this.pruneUnapplied(app.id);
      return reply;
    });
  }

  /** The time of a store's answer: now, once it came (a later lookup is a newer statement). */
  private answeredAt(): Date {
    return this.deps.clock();
  }

  private async googleFact(app: StoreApp, notification: DeveloperNotification, record: Record<string, unknown>): Promise<StoreEventFact> {
    const type = notificationTypeOf(notification);
    const client = () => serviceAccountOf(this.deps.db, this.deps.box, app.id).then((account) => playClient(account, this.deps.endpoints));
    const event = (eventId: string, at: Date, facts: { purchase: PurchaseFact; subscription: SubscriptionFact | null }, answer: unknown): StoreEventFact =>
      // A license tester's purchase (Google's sandbox) is taken only by an app that accepts sandbox data.
      facts.purchase.environment === 'sandbox' && !app.acceptSandbox
        ? ignoredGoogleEvent(eventId, type, at, { ...record, answer }, 'sandbox purchase: this app does not accept sandbox data')
        : {
      store: 'google',
      eventId,
      type,
      subtype: null,
      environment: facts.purchase.environment,
      signedAt: at,
      purchase: facts.purchase,
      subscription: facts.subscription,
      ignoredBecause: null,
      payload: { ...record, answer },
    };
    // A token Google does not know is the sender's mistake (or a probe): 170013, recorded once per token.
    const known = async <T>(token: string, ask: () => Promise<T>): Promise<T> => {
      try {
        return await ask();
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.NoMatchingOrder) throw new UnknownPurchase(token, detailOf(error));
        throw error;
      }
    };

    const subscription = async (token: string, refundedOrder: string | null) => {
      const play = await client();
      const answer = await known(token, () => getSubscription(play, app.packageName, token));
      const at = this.answeredAt();
      const refunded = refundedOrder ? await findVoided(play, app.packageName, token, refundedOrder, at) : null;
      const eventId = answerEventId('subscription', token, answer, refunded ? { refunded: refunded.orderId } : null);
      const facts = googleSubscriptionFacts({ purchase: answer, purchaseToken: token, at, refunded: refunded ?? undefined });
      return facts ? event(eventId, at, facts, answer) : ignoredGoogleEvent(eventId, type, at, { ...record, answer }, `state ${answer.subscriptionState ?? 'unknown'}`);
    };
    const product = async (token: string, productId: string, productType: ProductType) => {
      const answer = await known(token, async () => getProduct(await client(), app.packageName, productId, token));
      const at = this.answeredAt();
      const eventId = answerEventId(`product:${productId}`, token, answer);
      const purchase = googleProductFact({ purchase: answer, productId, purchaseToken: token, type: productType, at });
      return purchase ? event(eventId, at, { purchase, subscription: null }, answer) : ignoredGoogleEvent(eventId, type, at, { ...record, answer }, 'pending purchase');
    };

    const sub = notification.subscriptionNotification;
    if (sub?.purchaseToken) return subscription(sub.purchaseToken, null);
    const oneTime = notification.oneTimeProductNotification;
    if (oneTime?.purchaseToken && oneTime.sku) return product(oneTime.purchaseToken, oneTime.sku, await this.productType(app.id, oneTime.sku));
    const voided = notification.voidedPurchaseNotification;
    if (voided?.purchaseToken && voided.orderId) {
      // The push names the order; the Voided Purchases API (subscriptions) or products.get (one-time
      // products, cancelled once refunded) says whether it was refunded.
      if (voided.productType === 1) return subscription(voided.purchaseToken, voided.orderId);
      const [ours] = await this.deps.db
        .select({ productId: transactions.productId, type: transactions.type })
        .from(transactions)
        .where(and(eq(transactions.appId, app.id), eq(transactions.storeTransactionId, voided.orderId), eq(transactions.purchaseToken, voided.purchaseToken)))
        .limit(1);
      if (!ours) return ignoredGoogleEvent(null, type, this.answeredAt(), record, 'unknown order');
      return product(voided.purchaseToken, ours.productId, ours.type);
    }
    return ignoredGoogleEvent(null, type, this.answeredAt(), record, notification.testNotification ? 'test notification' : 'nothing to look up');
  }

  /**
   * Keeps an app's refused and ignored notifications within `keepUnapplied` (newest first): anyone
   * may post them, so neither their count nor their size (bounded per row) may grow without end.
   */
  private async pruneUnapplied(appId: string): Promise<void> {
    const keep = this.deps.keepUnapplied ?? KEEP_UNAPPLIED;
    await this.deps.db.execute(sql`
      delete from store_events where id in (
        select id from store_events where app_id = ${appId} and outcome <> 'applied'
        order by received_at desc, id desc offset ${keep})`);
  }

  // -------------------------------------------------------------------------------------------
  // An operator's lookup and import

  /** Asks the store about a transaction id, receipt or purchase token (limited per operator). */
  async lookup(projectId: string, operatorId: string, body: LookupBody): Promise<LookedUp> {
    const app = await requireStoreApp(this.deps.db, projectId, body.appId);
    const wantsApple = body.kind === 'appleTransaction' || body.kind === 'appleReceipt';
    if (wantsApple !== (app.platform === 'ios')) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { appId: { key: 'validation.lookupPlatform' } } });
    // The receipt is read before any call is counted: an unreadable one costs the store nothing.
    const transactionId = body.kind === 'appleTransaction' ? body.transactionId : body.kind === 'appleReceipt' ? transactionIdFromReceipt(body.receipt) : null;
    await this.limiter.take('storeLookup', `${projectId}:${operatorId}`);
    const now = this.deps.clock();
    let result: Omit<LookupResult, 'transactions'> & { transactions: Array<Omit<LookupResult['transactions'][number], 'knownId'>> };
    let facts: Array<{ purchase: PurchaseFact; subscription: SubscriptionFact | null }>;
    if (transactionId !== null) {
      const key = await appleKeyOf(this.deps.db, this.deps.box, app.id);
      const found = await lookUpAppleTransaction(this.deps.endpoints, this.verifiers, app, key, transactionId);
      facts = appleLookupFacts(found, now);
      const newest = [...facts].reverse().find((f) => f.subscription && found.subscription && f.purchase.originalTransactionId === found.subscription.transaction.originalTransactionId);
      result = {
        store: 'apple',
        environment: found.environment,
        subscriptionState: newest?.subscription?.state ?? null,
        autoRenew: newest?.subscription?.autoRenew ?? null,
        transactions: [],
        raw: { transactions: found.transactions, subscription: found.subscription } as unknown as Record<string, unknown>,
      };
    } else if (body.kind === 'googleSubscription') {
      const client = playClient(await serviceAccountOf(this.deps.db, this.deps.box, app.id), this.deps.endpoints);
      const answer = await getSubscription(client, app.packageName, body.purchaseToken);
      const found = googleSubscriptionFacts({ purchase: answer, purchaseToken: body.purchaseToken, at: now });
      facts = found ? [found] : [];
      result = {
        store: 'google',
        environment: answer.testPurchase ? 'sandbox' : 'production',
        subscriptionState: found?.subscription.state ?? null,
        autoRenew: found?.subscription.autoRenew ?? null,
        transactions: [],
        raw: answer as unknown as Record<string, unknown>,
      };
    } else if (body.kind === 'googleProduct') {
      const client = playClient(await serviceAccountOf(this.deps.db, this.deps.box, app.id), this.deps.endpoints);
      const answer = await getProduct(client, app.packageName, body.productId, body.purchaseToken);
      const purchase = googleProductFact({ purchase: answer, productId: body.productId, purchaseToken: body.purchaseToken, type: await this.productType(app.id, body.productId), at: now });
      facts = purchase ? [{ purchase, subscription: null }] : [];
      result = {
        store: 'google',
        environment: answer.purchaseType === 0 ? 'sandbox' : 'production',
        subscriptionState: null,
        autoRenew: null,
        transactions: [],
        raw: answer as unknown as Record<string, unknown>,
      };
    } else {
      throw new AppError(ErrorCode.ParamInvalid);
    }
    const ids = facts.map((f) => f.purchase.storeTransactionId);
    const known = ids.length
      ? await this.deps.db
          .select({ id: transactions.id, storeTransactionId: transactions.storeTransactionId })
          .from(transactions)
          .where(and(eq(transactions.appId, app.id), inArray(transactions.storeTransactionId, ids)))
      : [];
    const knownIds = new Map(known.map((row) => [row.storeTransactionId, row.id]));
    const listed = [...facts].reverse().map(({ purchase }) => ({
      storeTransactionId: purchase.storeTransactionId,
      originalTransactionId: purchase.originalTransactionId,
      productId: purchase.productId,
      type: purchase.type,
      status: purchase.status,
      purchasedAt: purchase.purchasedAt.toISOString(),
      expiresAt: purchase.expiresAt?.toISOString() ?? null,
      price: purchase.price,
      currency: purchase.currency,
      appUserId: purchase.appUserId,
      knownId: knownIds.get(purchase.storeTransactionId) ?? null,
    }));
    return { app, result: { ...result, transactions: listed }, facts };
  }

  /**
   * Looks up and ingests what the store answers, oldest first, as imports (no store event id), by
   * the operator (a customer merged on the way names them in the audit log). 130001 when every
   * transaction is here already (nothing is changed then).
   */
  async import(projectId: string, operator: IngestActor, body: LookupBody): Promise<{ imported: number; transactionIds: string[] }> {
    const { app, result, facts } = await this.lookup(projectId, operator.id, body);
    if (facts.length === 0) throw new AppError(ErrorCode.NoMatchingOrder);
    if (result.transactions.every((t) => t.knownId !== null)) throw new AppError(ErrorCode.TransactionExists);
    const now = this.deps.clock();
    let imported = 0;
    const ids: string[] = [];
    for (const fact of facts) {
      const outcome = await ingestEvent(
        this.deps.db,
        app,
        {
          store: fact.purchase.store,
          eventId: null,
          type: 'IMPORT',
          subtype: null,
          environment: fact.purchase.environment,
          signedAt: now,
          purchase: fact.purchase,
          subscription: fact.subscription,
          ignoredBecause: null,
          payload: { imported: fact.purchase.storeTransactionId },
        },
        now,
        operator,
      );
      if (outcome.newTransaction) imported += 1;
      if (outcome.transactionId) ids.push(outcome.transactionId);
    }
    return { imported, transactionIds: ids };
  }
}

/** A readable type for a developer notification (the log's "type"). */
export function notificationTypeOf(notification: DeveloperNotification): string {
  if (notification.subscriptionNotification) return subscriptionNotificationTypes[notification.subscriptionNotification.notificationType ?? 0] ?? 'SUBSCRIPTION_UNKNOWN';
  if (notification.oneTimeProductNotification) return oneTimeNotificationTypes[notification.oneTimeProductNotification.notificationType ?? 0] ?? 'ONE_TIME_PRODUCT_UNKNOWN';
  if (notification.voidedPurchaseNotification) return 'VOIDED_PURCHASE';
  if (notification.testNotification) return 'TEST';
  return 'UNKNOWN';
}
