import type { androidpublisher_v3 } from '@googleapis/androidpublisher';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import type { ChangeContext } from '../../resources/audit';
import { recordAppUser } from '../commerce/app-users';
import { ingestEvent, type IngestApp } from '../commerce/ingest';
import { StoreSettingsRepository } from '../commerce/store-apps';
import { appleEventFact } from '../commerce/stores/apple';
import { googleProductFact, googleSubscriptionFacts, subscriptionNotificationTypes } from '../commerce/stores/google';
import type { StoreEventFact } from '../commerce/stores/facts';
import { SegmentRepository } from '../commerce/segments';
import { UnlockService } from '../commerce/unlocks';

/**
 * The demo's customers and transactions, made by the same ingestion as the stores' notifications
 * (commerce/ingest.ts), from payloads shaped as the stores send them and mapped by the same adapters
 * (appleEventFact, googleSubscriptionFacts, googleProductFact). Only the signature step is left out:
 * the demo has no App Store key to sign with.
 *
 * 80 app users, three in five on iOS, over the last 200 days: yearly, monthly and weekly
 * subscriptions with their renewals, a few lifetime purchases, trials, one in grace, one in billing
 * retry, expired and refunded ones; attributes (email, language, app version) for some; a manual
 * unlock granted by the owner and one waiting for approval, asked by the demo editor.
 */

const DAY = 86_400_000;
const COUNTRIES = ['US', 'CN', 'DE', 'JP', 'BR', 'GB', 'FR', 'KR', 'IN', 'CA'] as const;
const APPLE_STOREFRONT: Readonly<Record<(typeof COUNTRIES)[number], string>> = { US: 'USA', CN: 'CHN', DE: 'DEU', JP: 'JPN', BR: 'BRA', GB: 'GBR', FR: 'FRA', KR: 'KOR', IN: 'IND', CA: 'CAN' };
const PLANS = [
  { key: 'yearly', days: 365, price: 59.99 },
  { key: 'monthly', days: 30, price: 9.99 },
  { key: 'weekly', days: 7, price: 3.99 },
] as const;
/** How each demo subscription ends up. */
const FATES = ['active', 'active', 'active', 'trial', 'expired', 'active', 'refunded', 'grace', 'active', 'billing_retry', 'expired', 'active'] as const;
type Fate = (typeof FATES)[number];

export interface DemoCommerceApps {
  readonly ios: IngestApp & { readonly packageName: string };
  readonly android: IngestApp & { readonly packageName: string };
  readonly entitlementIds: { readonly pro: string; readonly credits: string };
  /** The demo editor (ops@palette.local), who asks for an unlock that waits for approval. */
  readonly operator: { readonly id: string; readonly name: string };
}

/** A number from a seed, the same on every run (the demo must look the same everywhere). */
function pick(seed: number, modulo: number): number {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return Math.floor((x - Math.floor(x)) * modulo);
}

function appleFact(o: {
  type: string;
  subtype?: string;
  status?: number;
  uuid: string;
  at: number;
  bundleId: string;
  tx: Record<string, unknown>;
  renewal?: Record<string, unknown>;
}): StoreEventFact {
  return appleEventFact(
    { notificationType: o.type, subtype: o.subtype, notificationUUID: o.uuid, signedDate: o.at, version: '2.0', data: { bundleId: o.bundleId, environment: 'Production', status: o.status } } as never,
    { ...o.tx, signedDate: o.at, environment: 'Production', bundleId: o.bundleId } as never,
    (o.renewal ?? null) as never,
  );
}

async function appleCustomer(db: Database, app: DemoCommerceApps['ios'], i: number, now: number): Promise<string> {
  const user = `demo-ios-${String(i).padStart(3, '0')}`;
  const plan = PLANS[pick(i, PLANS.length)] ?? PLANS[1];
  const fate: Fate = FATES[i % FATES.length] ?? 'active';
  const country = COUNTRIES[pick(i + 7, COUNTRIES.length)] ?? 'US';
  const original = String(200_000_000_000 + i * 1000);
  const renewals = fate === 'trial' ? 0 : 1 + pick(i + 3, plan.key === 'yearly' ? 2 : 6);
  // Started so that the newest period covers now (or ended a little ago, for ended ones).
  const ended = fate === 'expired' || fate === 'billing_retry' || fate === 'grace';
  const start = now - renewals * plan.days * DAY - pick(i + 11, plan.days) * DAY - (ended ? plan.days * DAY : 0);
  const base = { productId: `palette.pro.${plan.key}`, originalTransactionId: original, type: 'Auto-Renewable Subscription', appAccountToken: undefined, storefront: APPLE_STOREFRONT[country], currency: 'USD', inAppOwnershipType: 'PURCHASED', originalPurchaseDate: start };
  let last = start;
  for (let n = 0; n <= renewals; n += 1) {
    const purchased = start + n * plan.days * DAY;
    const trial = n === 0 && (fate === 'trial' || i % 5 === 0);
    const tx = { ...base, transactionId: String(Number(original) + n), purchaseDate: purchased, expiresDate: purchased + (trial ? 7 : plan.days) * DAY, price: trial ? 0 : Math.round(plan.price * 1000), ...(trial ? { offerType: 1, offerDiscountType: 'FREE_TRIAL' } : {}) };
    last = purchased;
    // As the App Store sends them: with the renewal info, which says whether it renews (issue 19 §5).
    const renewal = { originalTransactionId: original, autoRenewProductId: base.productId, productId: base.productId, autoRenewStatus: 1, environment: 'Production', signedDate: purchased };
    await ingestEvent(db, app, appleFact({ type: n === 0 ? 'SUBSCRIBED' : 'DID_RENEW', subtype: n === 0 ? 'INITIAL_BUY' : undefined, status: 1, uuid: `demo-apple-${i}-${n}`, at: purchased, bundleId: app.packageName, tx: { ...tx, appAccountToken: i % 4 === 0 ? undefined : uuidFor(user) }, renewal }), new Date(Math.min(purchased, now)));
  }
  const lastTx = { ...base, transactionId: String(Number(original) + renewals), purchaseDate: last, expiresDate: last + plan.days * DAY, price: Math.round(plan.price * 1000), appAccountToken: i % 4 === 0 ? undefined : uuidFor(user) };
  const at = Math.min(last + plan.days * DAY, now - DAY);
  if (fate === 'expired') {
    const renewal = { originalTransactionId: original, autoRenewProductId: base.productId, productId: base.productId, autoRenewStatus: 0, expirationIntent: 1, environment: 'Production', signedDate: at };
    await ingestEvent(db, app, appleFact({ type: 'EXPIRED', subtype: 'VOLUNTARY', status: 2, uuid: `demo-apple-${i}-end`, at, bundleId: app.packageName, tx: lastTx, renewal }), new Date(at));
  }
  if (fate === 'billing_retry') await ingestEvent(db, app, appleFact({ type: 'DID_FAIL_TO_RENEW', status: 3, uuid: `demo-apple-${i}-end`, at, bundleId: app.packageName, tx: lastTx }), new Date(at));
  if (fate === 'grace') {
    const renewal = { originalTransactionId: original, autoRenewStatus: 1, gracePeriodExpiresDate: now + 6 * DAY, environment: 'Production', signedDate: at };
    await ingestEvent(db, app, appleFact({ type: 'DID_FAIL_TO_RENEW', subtype: 'GRACE_PERIOD', status: 4, uuid: `demo-apple-${i}-end`, at, bundleId: app.packageName, tx: lastTx, renewal }), new Date(at));
  }
  if (fate === 'refunded') {
    const refundAt = last + 2 * DAY;
    await ingestEvent(db, app, appleFact({ type: 'REFUND', uuid: `demo-apple-${i}-end`, at: refundAt, bundleId: app.packageName, tx: { ...lastTx, revocationDate: refundAt - 1000, revocationReason: 0 } }), new Date(Math.min(refundAt, now)));
  }
  // A few bought the lifetime plan as well.
  if (i % 9 === 4 && i % 4 !== 0) {
    const at2 = now - pick(i, 90) * DAY - DAY;
    const tx = { productId: 'palette.pro.lifetime', transactionId: String(300_000_000_000 + i), originalTransactionId: String(300_000_000_000 + i), type: 'Non-Consumable', purchaseDate: at2, price: 99990, currency: 'USD', storefront: APPLE_STOREFRONT[country], appAccountToken: uuidFor(user) };
    await ingestEvent(db, app, appleFact({ type: 'ONE_TIME_CHARGE', uuid: `demo-apple-${i}-lifetime`, at: at2, bundleId: app.packageName, tx }), new Date(at2));
  }
  return i % 4 === 0 ? `apple:${original}` : uuidFor(user);
}

/** A stable UUID for a demo user (Apple's appAccountToken is a UUID). */
function uuidFor(name: string): string {
  let h = 0x811c9dc5;
  const bytes: number[] = [];
  for (let k = 0; k < 16; k += 1) {
    for (const c of `${name}:${k}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    bytes.push(h & 0xff);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function googleAnswer(o: { state: string; orderId: string; user: string; plan: (typeof PLANS)[number]; start: number; expiry: number; country: string; trial: boolean }): androidpublisher_v3.Schema$SubscriptionPurchaseV2 {
  const units = Math.floor(o.plan.price);
  return {
    regionCode: o.country,
    startTime: new Date(o.start).toISOString(),
    subscriptionState: o.state,
    externalAccountIdentifiers: { obfuscatedExternalAccountId: o.user },
    lineItems: [
      {
        productId: `palette.pro.${o.plan.key}`,
        expiryTime: new Date(o.expiry).toISOString(),
        latestSuccessfulOrderId: o.orderId,
        autoRenewingPlan: { autoRenewEnabled: o.state !== 'SUBSCRIPTION_STATE_CANCELED', recurringPrice: { currencyCode: 'USD', units: String(units), nanos: Math.round((o.plan.price - units) * 1e9) } },
        offerPhase: o.trial ? { freeTrial: {} } : { basePrice: {} },
      },
    ],
  };
}

async function googleCustomer(db: Database, app: DemoCommerceApps['android'], i: number, now: number): Promise<string> {
  const user = `demo-android-${String(i).padStart(3, '0')}`;
  const plan = PLANS[pick(i + 1, PLANS.length)] ?? PLANS[1];
  const fate: Fate = FATES[(i + 2) % FATES.length] ?? 'active';
  const country = COUNTRIES[pick(i + 5, COUNTRIES.length)] ?? 'US';
  const token = `demo-token-${i}`;
  const order = `GPA.3372-${String(1000 + i)}-4411-${String(20000 + i)}`;
  const renewals = fate === 'trial' ? 0 : 1 + pick(i + 2, 4);
  const ended = fate === 'expired' || fate === 'billing_retry';
  const start = now - renewals * plan.days * DAY - pick(i + 13, plan.days) * DAY - (ended ? plan.days * DAY : 0);
  for (let n = 0; n <= renewals; n += 1) {
    const at = start + n * plan.days * DAY;
    const orderId = n === 0 ? order : `${order}..${n - 1}`;
    const trial = n === 0 && fate === 'trial';
    const answer = googleAnswer({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId, user, plan, start, expiry: at + (trial ? 7 : plan.days) * DAY, country, trial });
    const type = n === 0 ? 4 : 2;
    const facts = googleSubscriptionFacts({ purchase: answer, purchaseToken: token, at: new Date(at) });
    if (!facts) continue;
    await ingestEvent(db, app, { store: 'google', eventId: `demo-google-${i}-${n}`, type: subscriptionNotificationTypes[type] ?? 'UNKNOWN', subtype: null, environment: 'production', signedAt: new Date(at), purchase: facts.purchase, subscription: facts.subscription, ignoredBecause: null, payload: { demo: true } }, new Date(Math.min(at, now)));
  }
  const lastOrder = renewals === 0 ? order : `${order}..${renewals - 1}`;
  const lastAt = start + renewals * plan.days * DAY;
  const endState = fate === 'expired' ? 'SUBSCRIPTION_STATE_EXPIRED' : fate === 'billing_retry' ? 'SUBSCRIPTION_STATE_ON_HOLD' : fate === 'grace' ? 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD' : null;
  if (endState) {
    const at = Math.min(lastAt + plan.days * DAY, now - DAY);
    const answer = googleAnswer({ state: endState, orderId: lastOrder, user, plan, start, expiry: fate === 'grace' ? now + 3 * DAY : lastAt + plan.days * DAY, country, trial: false });
    const type = fate === 'expired' ? 13 : fate === 'billing_retry' ? 5 : 6;
    const facts = googleSubscriptionFacts({ purchase: answer, purchaseToken: token, at: new Date(at) });
    if (facts) await ingestEvent(db, app, { store: 'google', eventId: `demo-google-${i}-end`, type: subscriptionNotificationTypes[type] ?? 'UNKNOWN', subtype: null, environment: 'production', signedAt: new Date(at), purchase: facts.purchase, subscription: facts.subscription, ignoredBecause: null, payload: { demo: true } }, new Date(at));
  }
  if (i % 7 === 3) {
    const at = now - pick(i, 60) * DAY - DAY;
    const purchase = googleProductFact({
      purchase: { purchaseTimeMillis: String(at), purchaseState: 0, orderId: `GPA.3372-${String(5000 + i)}-7700-${String(30000 + i)}`, purchaseType: 1, obfuscatedExternalAccountId: user, regionCode: country },
      productId: 'palette.pro.lifetime',
      purchaseToken: `demo-lifetime-${i}`,
      type: 'non_consumable',
      at: new Date(at),
    });
    if (purchase) await ingestEvent(db, app, { store: 'google', eventId: `demo-google-${i}-lifetime`, type: 'ONE_TIME_PRODUCT_PURCHASED', subtype: null, environment: 'production', signedAt: new Date(at), purchase, subscription: null, ignoredBecause: null, payload: { demo: true } }, new Date(at));
  }
  return user;
}

/** The service account the demo Android app's push subscription signs its pushes with. */
export const DEMO_PUSH_ACCOUNT = 'play-rtdn@palette-demo.iam.gserviceaccount.com';

/** Seeds the demo's commerce data inside the demo's transaction. */
export async function seedDemoCommerce(db: Database, context: ChangeContext, apps: DemoCommerceApps): Promise<void> {
  const now = context.now.getTime();
  const settings = new StoreSettingsRepository(db, null);
  await settings.update(context, apps.ios.id, { appleAppId: 6_448_311_069, acceptSandbox: true, sandboxTesters: ['demo-ios-000'] }, 1);
  // Pushes to the demo Android app must carry the OIDC token Pub/Sub signs for this account (issue 18).
  await settings.update(context, apps.android.id, { appleAppId: null, acceptSandbox: false, googlePushEmail: DEMO_PUSH_ACCOUNT, googlePushAudience: null }, 1);
  const languages = ['en-US', 'zh-CN', 'de-DE', 'ja-JP', 'pt-BR'];
  const users: string[] = [];
  for (let i = 0; i < 48; i += 1) users.push(await appleCustomer(db, apps.ios, i, now));
  for (let i = 0; i < 32; i += 1) users.push(await googleCustomer(db, apps.android, i, now));
  for (const [k, user] of users.entries()) {
    if (k % 3 === 2) continue;
    // The app is installed before its user is first seen (the first purchase): a fixed "days ago"
    // put many installs after the purchases they made (issue 19 §5).
    const [seen] = await db.select({ at: customers.firstSeenAt }).from(customers).where(and(eq(customers.projectId, context.projectId), eq(customers.appUserId, user)));
    const installedAt = new Date(Math.min(seen?.at.getTime() ?? now, now) - (1 + (k % 5)) * DAY);
    await recordAppUser(db, context.projectId, user, {
      email: k % 6 === 0 ? `customer${k}@example.com` : null,
      attributes: { language: languages[k % languages.length], appVersion: `3.${k % 4}.${k % 3}`, installedAt: installedAt.toISOString() },
      seenAt: new Date(now - (k % 10) * 3_600_000),
    });
  }
  // Support's unlocks: one given by the owner, one from the editor above the editor's limit, waiting.
  const unlocks = new UnlockService(db);
  const someone = users[2] as string;
  const another = users[50] as string;
  await unlocks.create(context, { role: 'owner' }, { appUserId: someone, entitlementId: apps.entitlementIds.credits, duration: { count: 2, unit: 'week' }, reasonCode: 'bugCompensation', note: 'AI effects failed for a week after 3.2.0; credits as an apology.' });
  await unlocks.create(
    { ...context, actor: apps.operator },
    { role: 'editor' },
    { appUserId: another, entitlementId: apps.entitlementIds.pro, duration: { count: 1, unit: 'month' }, reasonCode: 'storeIssue', note: 'Charged twice by Google Play; refund pending with Google.' },
  );
  // User segments a newcomer can count and use as audiences.
  const segments = new SegmentRepository(db);
  await segments.create(context, { name: 'Subscribers', description: 'Customers with access now, from the stores or an unlock.', match: 'all', rules: [{ field: 'access', operator: 'eq', value: 'subscribed' }] });
  await segments.create(context, { name: 'Free users', description: 'Customers without access now: the audience of an upgrade offer.', match: 'all', rules: [{ field: 'access', operator: 'eq', value: 'none' }] });
  await segments.create(context, {
    name: 'Spent 20 USD or more',
    description: 'Customers whose purchases add up to at least 20 USD.',
    match: 'all',
    rules: [{ field: 'spend', operator: 'gte', value: 20, currency: 'USD' }],
  });
}
