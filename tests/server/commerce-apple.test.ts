import { randomUUID, X509Certificate } from 'node:crypto';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import jsrsasign from 'jsrsasign';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CustomerProfile, CustomerRow, LookupResult, StoreEvent, TransactionRow } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { AuditEntry } from '@contract/resources/projects';
import { auditLog, customers, storeEvents } from '../../server/src/db/schema';
import { recordAppUser } from '../../server/src/domains/commerce/app-users';
import { mergeAnonymousCustomer, type CustomerMerge } from '../../server/src/domains/commerce/ingest';
import { STORE_HOOK_LIMITS, StoreIntake } from '../../server/src/domains/commerce/intake';
import { appleSubscriptionState, appleEnvironment, appleOffer } from '../../server/src/domains/commerce/stores/apple';
import { appleRootCaG3, defaultStoreEndpoints } from '../../server/src/domains/commerce/stores/endpoints';
import { createTestApp } from './helpers/app';
import { makeChain, renewalPayload, signedNotification, transactionPayload, type TestChain } from './helpers/apple-chain';
import { catalogFixture, postHook, setStoreSettings, type CatalogFixture } from './helpers/commerce';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';
import { appleKey, fakeAppleApi, type FakeAppleApi } from './helpers/store-fakes';

/**
 * The App Store side, on PGlite and PostgreSQL (TEST_DATABASE_URL): notifications verified by
 * Apple's own SignedDataVerifier against a chain the test makes (helpers/apple-chain.ts) and refused
 * when they do not verify (signature, chain markers, bundle id, Apple app id, environment), each
 * refusal recorded; a repeat is a no-op; every state transition of a subscription and what it does
 * to the entitlement; the SKU → entitlement mapping; the App Store Server API through Apple's client
 * against a loopback fake that insists on the app's .p8 key; receipts read by Apple's ReceiptUtility.
 */

const DAY = 86_400_000;
const APPLE_APP_ID = 1_234_567_890;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let chain: TestChain;
let fake: FakeAppleApi;
let catalog: CatalogFixture & { packageName: string };
const key = appleKey();

const app = () => built.app;
const owner = () => team.owner.token;
const params = () => ({ projectId: team.projectId });
const now = () => built.clock.now().getTime();
const hook = () => `/hooks/apple/${catalog.appId}`;

let txCounter = 10_000;
const nextTx = () => String((txCounter += 1));

beforeAll(async () => {
  database = await createTestDatabase();
  chain = makeChain();
  fake = await fakeAppleApi(key, 'com.palette.apple.tests');
  built = await createTestApp(database.handle, {
    stores: { appleRootCertificates: [chain.rootDer], appleOnlineChecks: false, appleApiUrl: fake.url, timeoutMs: 5_000 },
  });
  team = await projectWithTeam(built.app, database.handle);
  catalog = await catalogFixture(built.app, owner(), team.projectId, {
    platform: 'ios',
    packageName: 'com.palette.apple.tests',
    products: [
      { id: 'pro.monthly', type: 'subscription', period: 'monthly' },
      { id: 'pro.lifetime', type: 'non_consumable', period: 'permanent' },
      { id: 'credits.pack', type: 'consumable', period: 'permanent' },
      { id: 'later.weekly', type: 'subscription', period: 'weekly' },
    ],
    links: { pro: ['pro.monthly', 'pro.lifetime'], credits: ['credits.pack'], later: [] },
  });
  await setStoreSettings(built.app, owner(), team.projectId, catalog.appId, { appleAppId: APPLE_APP_ID, acceptSandbox: false });
});
afterAll(async () => {
  await built?.app.close();
  await fake?.close();
  await database?.dispose();
});

/** A notification for the test app, signed by the test chain. */
function notify(o: Omit<Parameters<typeof signedNotification>[1], 'bundleId'> & { bundleId?: string }, signer: TestChain = chain): string {
  return signedNotification(signer, { bundleId: catalog.packageName, appAppleId: APPLE_APP_ID, ...o });
}

async function profileOf(appUserId: string): Promise<CustomerProfile> {
  const list = await ok<ListPage<{ id: string }>>(app(), owner(), 'customers.list', { params: params(), query: { q: appUserId } });
  expect(list.items, `customer ${appUserId}`).toHaveLength(1);
  return ok<CustomerProfile>(app(), owner(), 'customers.get', { params: { ...params(), id: list.items[0]?.id } });
}

function entitlement(profile: CustomerProfile, identifier: string) {
  const found = profile.entitlements.find((e) => e.identifier === identifier);
  expect(found, identifier).toBeDefined();
  return found as CustomerProfile['entitlements'][number];
}

async function eventsOf(outcome?: 'applied' | 'ignored' | 'refused'): Promise<ListPage<StoreEvent>> {
  return ok<ListPage<StoreEvent>>(app(), owner(), 'storeEvents.list', { params: params(), query: { pageSize: 200, appId: catalog.appId, ...(outcome ? { outcome } : {}) } });
}

describe('Apple Root CA - G3', () => {
  it('is embedded as Apple publishes it, and trusted by default', () => {
    const root = new X509Certificate(appleRootCaG3);
    expect(root.fingerprint256).toBe('63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79');
    expect(root.subject).toContain('CN=Apple Root CA - G3');
    expect(defaultStoreEndpoints.appleRootCertificates).toEqual([appleRootCaG3]);
    expect(defaultStoreEndpoints.appleOnlineChecks).toBe(true);
  });

  it('does not verify a payload signed by the test chain (so the tests trust only what they configure)', async () => {
    const payload = notify({ notificationType: 'TEST', signedDate: now() });
    const verifier = new SignedDataVerifier([appleRootCaG3], false, Environment.PRODUCTION, catalog.packageName, APPLE_APP_ID);
    await expect(verifier.verifyAndDecodeNotification(payload)).rejects.toMatchObject({ status: 1 });
  });
});

describe('a verified notification', () => {
  const user = randomUUID();
  let original = '';

  it('makes the customer, the transaction and the subscription, and gives the entitlement', async () => {
    original = nextTx();
    const t = now();
    const reply = await postHook(
      app(),
      hook(),
      {
        signedPayload: notify({
          notificationType: 'SUBSCRIBED',
          subtype: 'INITIAL_BUY',
          signedDate: t,
          status: 1,
          transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: original, productId: 'pro.monthly', purchaseDate: t - 60_000, expiresDate: t + 7 * DAY, appAccountToken: user, offerType: 1, offerDiscountType: 'FREE_TRIAL', storefront: 'DEU', currency: 'EUR', price: 0 }),
          renewal: renewalPayload({ originalTransactionId: original, productId: 'pro.monthly', signedDate: t }),
        }),
      },
    );
    expect(reply.code).toBe(0);
    expect(reply.data).toEqual({ outcome: 'applied' });

    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: original } });
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      store: 'apple',
      environment: 'production',
      storeTransactionId: original,
      productId: 'pro.monthly',
      skuName: 'pro.monthly',
      type: 'subscription',
      status: 'trial',
      price: 0,
      currency: 'EUR',
      country: 'DE',
      customer: { appUserId: user },
      subscriptionState: 'trial',
    });

    const profile = await profileOf(user);
    expect(profile.customer).toMatchObject({ platform: 'ios', country: 'DE', activeEntitlements: ['pro'], subscriptionState: 'trial' });
    const pro = entitlement(profile, 'pro');
    expect(pro.active).toBe(true);
    expect(pro.activeUntil).toBe(new Date(t + 7 * DAY).toISOString());
    expect(pro.reasons[0]).toMatchObject({ source: 'store', store: 'apple', productId: 'pro.monthly', subscriptionState: 'trial', storeTransactionId: original });
    expect(entitlement(profile, 'credits').active).toBe(false);
    expect(profile.subscriptions).toHaveLength(1);
    expect(profile.subscriptions[0]).toMatchObject({ state: 'trial', autoRenew: true, originalTransactionId: original });
  });

  it('is a no-op when it arrives again (130001 as the reason, 200 for the store)', async () => {
    const t = now();
    const tx = nextTx();
    const payload = notify({
      notificationType: 'ONE_TIME_CHARGE',
      signedDate: t,
      transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: tx, productId: 'credits.pack', type: 'Consumable', purchaseDate: t, appAccountToken: user, price: 1990 }),
    });
    expect((await postHook(app(), hook(), { signedPayload: payload })).data).toEqual({ outcome: 'applied' });
    const before = { events: (await eventsOf()).total, spent: (await profileOf(user)).customer.spent };
    const again = await postHook(app(), hook(), { signedPayload: payload });
    expect(again.code).toBe(0);
    expect(again.data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    expect((await eventsOf()).total).toBe(before.events);
    expect((await profileOf(user)).customer.spent).toEqual(before.spent);
    expect(before.spent).toEqual({ USD: 1.99 });
    // A consumable gives no entitlement, even one its SKU is linked to.
    expect(entitlement(await profileOf(user), 'credits').active).toBe(false);
  });

  it('records a test notification without applying anything', async () => {
    const reply = await postHook(app(), hook(), { signedPayload: notify({ notificationType: 'TEST', signedDate: now() }) });
    expect(reply.data).toEqual({ outcome: 'ignored' });
    expect((await eventsOf('ignored')).items.some((e) => e.type === 'TEST')).toBe(true);
  });

  it('takes the same customer for a renewal without the app’s user id', async () => {
    const t = now();
    const tx = nextTx();
    await postHook(app(), hook(), {
      signedPayload: notify({
        notificationType: 'DID_RENEW',
        signedDate: t + 1_000,
        status: 1,
        transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: tx, originalTransactionId: original, productId: 'pro.monthly', purchaseDate: t, originalPurchaseDate: t - 60_000, expiresDate: t + 30 * DAY }),
      }),
    });
    const profile = await profileOf(user);
    expect(profile.transactions.map((row) => row.storeTransactionId)).toContain(tx);
    expect(profile.subscriptions[0]).toMatchObject({ state: 'active' });
    expect(entitlement(profile, 'pro').activeUntil).toBe(new Date(t + 30 * DAY).toISOString());
  });
});

describe('a notification that does not verify', () => {
  const t = () => now();
  const transaction = (bundleId = catalog.packageName) => transactionPayload({ bundleId, transactionId: nextTx(), productId: 'pro.monthly', purchaseDate: t(), expiresDate: t() + DAY });

  it.each([
    ['signed by another chain', () => notify({ notificationType: 'SUBSCRIBED', signedDate: t(), transaction: transaction() }, makeChain()), ErrorCode.AppleSignatureInvalid],
    ['whose leaf lacks Apple’s signing marker', () => notify({ notificationType: 'SUBSCRIBED', signedDate: t(), transaction: transaction() }, chain.withUnmarkedLeaf()), ErrorCode.AppleSignatureInvalid],
    ['that is not a JWS at all', () => 'not-a-jws', ErrorCode.AppleSignatureInvalid],
    ['for another bundle id', () => notify({ notificationType: 'SUBSCRIBED', signedDate: t(), bundleId: 'com.someone.else', transaction: transaction('com.someone.else') }), ErrorCode.AppleAppMismatch],
    ['for another Apple app id', () => notify({ notificationType: 'SUBSCRIBED', signedDate: t(), appAppleId: 42, transaction: transaction() }), ErrorCode.AppleAppMismatch],
    ['from the sandbox, which the app does not accept', () => notify({ notificationType: 'SUBSCRIBED', signedDate: t(), environment: 'Sandbox', transaction: { ...transaction(), environment: 'Sandbox' } }), ErrorCode.AppleEnvironmentRefused],
  ])('%s is refused with its code and recorded', async (_, payload, code) => {
    // Events list newest first: a tick of the clock makes this one the newest.
    built.clock.advance(1_000);
    const before = (await eventsOf('refused')).total;
    const reply = await postHook(app(), hook(), { signedPayload: payload() });
    expect(reply.code).toBe(code);
    const refused = await eventsOf('refused');
    expect(refused.total).toBe(before + 1);
    expect(refused.items[0]).toMatchObject({ outcome: 'refused', errorCode: code, eventId: null, type: 'UNVERIFIED' });
  });

  it('a chain whose root is not trusted is refused even when every certificate is shaped right', async () => {
    const stranger = makeChain();
    const reply = await postHook(app(), hook(), { signedPayload: notify({ notificationType: 'TEST', signedDate: now() }, stranger) });
    expect(reply.code).toBe(ErrorCode.AppleSignatureInvalid);
  });

  it('accepts sandbox notifications once the app accepts the sandbox', async () => {
    await setStoreSettings(app(), owner(), team.projectId, catalog.appId, { appleAppId: APPLE_APP_ID, acceptSandbox: true });
    const tx = nextTx();
    const reply = await postHook(app(), hook(), {
      signedPayload: notify({ notificationType: 'SUBSCRIBED', signedDate: now(), environment: 'Sandbox', transaction: { ...transactionPayload({ bundleId: catalog.packageName, transactionId: tx, productId: 'pro.monthly', purchaseDate: now(), expiresDate: now() + DAY }), environment: 'Sandbox' } }),
    });
    expect(reply.data).toEqual({ outcome: 'applied' });
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: tx } });
    expect(list.items[0]).toMatchObject({ environment: 'sandbox', customer: { appUserId: `apple:${tx}` } });
    await setStoreSettings(app(), owner(), team.projectId, catalog.appId, { appleAppId: APPLE_APP_ID, acceptSandbox: false });
  });

  it('refuses production notifications while the app’s Apple app id is not set (170012)', async () => {
    await setStoreSettings(app(), owner(), team.projectId, catalog.appId, { appleAppId: null, acceptSandbox: false });
    const reply = await postHook(app(), hook(), { signedPayload: notify({ notificationType: 'TEST', signedDate: now() }) });
    expect(reply.code).toBe(ErrorCode.AppleAppIdMissing);
    await setStoreSettings(app(), owner(), team.projectId, catalog.appId, { appleAppId: APPLE_APP_ID, acceptSandbox: false });
  });

  it('answers 102020 for an unknown app or one of the other platform', async () => {
    expect((await postHook(app(), `/hooks/apple/${randomUUID()}`, { signedPayload: 'x' })).code).toBe(ErrorCode.AppNotFound);
    const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'Droid', packageName: `com.palette.droid${process.pid}` } });
    expect((await postHook(app(), `/hooks/apple/${android.id}`, { signedPayload: 'x' })).code).toBe(ErrorCode.AppNotFound);
  });
});

describe('subscription states', () => {
  /** Posts a notification about one subscription and answers its state and the entitlement's. */
  async function step(o: { user: string; original: string; type: string; subtype?: string; status?: number; at: number; tx?: Partial<Parameters<typeof transactionPayload>[0]>; renewal?: Partial<Parameters<typeof renewalPayload>[0]> | null }) {
    const transactionId = o.tx?.transactionId ?? nextTx();
    const reply = await postHook(app(), hook(), {
      signedPayload: notify({
        notificationType: o.type,
        ...(o.subtype ? { subtype: o.subtype } : {}),
        ...(o.status !== undefined ? { status: o.status } : {}),
        signedDate: o.at,
        transaction: transactionPayload({
          bundleId: catalog.packageName,
          originalTransactionId: o.original,
          productId: 'pro.monthly',
          purchaseDate: o.at,
          originalPurchaseDate: o.at - 90 * DAY,
          expiresDate: o.at + 30 * DAY,
          appAccountToken: o.user,
          ...o.tx,
          transactionId,
        }),
        ...(o.renewal === null ? {} : { renewal: renewalPayload({ originalTransactionId: o.original, productId: 'pro.monthly', signedDate: o.at, ...o.renewal }) }),
      }),
    });
    expect(reply.code).toBe(0);
    const profile = await profileOf(o.user);
    const sub = profile.subscriptions.find((s) => s.originalTransactionId === o.original);
    return { state: sub?.state, autoRenew: sub?.autoRenew, pro: entitlement(profile, 'pro'), profile, transactionId };
  }

  it('follows a subscription through renewal, grace, billing retry, recovery, cancellation and expiry', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    let s = await step({ user, original, type: 'SUBSCRIBED', subtype: 'INITIAL_BUY', status: 1, at: t0, tx: { transactionId: original, offerType: 1, offerDiscountType: 'FREE_TRIAL', expiresDate: t0 + 7 * DAY } });
    expect([s.state, s.pro.active]).toEqual(['trial', true]);
    s = await step({ user, original, type: 'DID_RENEW', status: 1, at: t0 + 1000 });
    expect([s.state, s.pro.active]).toEqual(['active', true]);
    s = await step({ user, original, type: 'DID_FAIL_TO_RENEW', subtype: 'GRACE_PERIOD', status: 4, at: t0 + 2000, tx: { expiresDate: t0 - 1000 }, renewal: { gracePeriodExpiresDate: t0 + 16 * DAY } });
    expect([s.state, s.pro.active, s.pro.activeUntil]).toEqual(['grace', true, new Date(t0 + 16 * DAY).toISOString()]);
    s = await step({ user, original, type: 'GRACE_PERIOD_EXPIRED', status: 3, at: t0 + 3000, tx: { expiresDate: t0 - 1000 } });
    expect([s.state, s.pro.active]).toEqual(['billing_retry', false]);
    expect(s.pro.reasons[0]).toMatchObject({ active: false, endReason: 'billing_retry' });
    s = await step({ user, original, type: 'DID_RENEW', subtype: 'BILLING_RECOVERY', status: 1, at: t0 + 4000 });
    expect([s.state, s.pro.active]).toEqual(['active', true]);
    s = await step({ user, original, type: 'DID_CHANGE_RENEWAL_STATUS', subtype: 'AUTO_RENEW_DISABLED', status: 1, at: t0 + 5000, renewal: { autoRenewStatus: 0 } });
    expect([s.state, s.autoRenew, s.pro.active]).toEqual(['active', false, true]);
    s = await step({ user, original, type: 'EXPIRED', subtype: 'VOLUNTARY', status: 2, at: t0 + 6000, tx: { expiresDate: t0 + 5500 } });
    expect([s.state, s.pro.active]).toEqual(['expired', false]);
    expect(s.profile.customer.subscriptionState).toBe('expired');
  });

  it('keeps what it knows of auto-renewal when a notification carries no renewal info (issue 19 §5)', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    let s = await step({ user, original, type: 'SUBSCRIBED', subtype: 'INITIAL_BUY', status: 1, at: t0, tx: { transactionId: original } });
    expect(s.autoRenew).toBe(true);
    s = await step({ user, original, type: 'DID_RENEW', status: 1, at: t0 + 1000, renewal: null });
    expect([s.state, s.autoRenew]).toEqual(['active', true]);
    s = await step({ user, original, type: 'DID_CHANGE_RENEWAL_STATUS', subtype: 'AUTO_RENEW_DISABLED', status: 1, at: t0 + 2000, renewal: { autoRenewStatus: 0 } });
    s = await step({ user, original, type: 'DID_RENEW', status: 1, at: t0 + 3000, renewal: null });
    expect(s.autoRenew).toBe(false);
  });

  it('refund, refund reversed and family-sharing revocation', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    let s = await step({ user, original, type: 'SUBSCRIBED', subtype: 'INITIAL_BUY', status: 1, at: t0, tx: { transactionId: original, price: 9990 } });
    expect(s.profile.customer.spent).toEqual({ USD: 9.99 });
    s = await step({ user, original, type: 'REFUND', at: t0 + 1000, tx: { transactionId: original, purchaseDate: t0, revocationDate: t0 + 900, revocationReason: 0, price: 9990 } });
    expect([s.state, s.pro.active]).toEqual(['refunded', false]);
    expect(s.profile.transactions.find((row) => row.storeTransactionId === original)?.status).toBe('refunded');
    expect(s.profile.customer.spent).toEqual({});
    s = await step({ user, original, type: 'REFUND_REVERSED', status: 1, at: t0 + 2000, tx: { transactionId: original, purchaseDate: t0, price: 9990 } });
    expect([s.state, s.pro.active]).toEqual(['active', true]);
    expect(s.profile.customer.spent).toEqual({ USD: 9.99 });

    const shared = randomUUID();
    const sharedOriginal = nextTx();
    await step({ user: shared, original: sharedOriginal, type: 'SUBSCRIBED', status: 1, at: t0, tx: { transactionId: sharedOriginal, inAppOwnershipType: 'FAMILY_SHARED' } });
    s = await step({ user: shared, original: sharedOriginal, type: 'REVOKE', at: t0 + 1000, tx: { transactionId: sharedOriginal, purchaseDate: t0, inAppOwnershipType: 'FAMILY_SHARED', revocationDate: t0 + 900 } });
    expect([s.state, s.pro.active]).toEqual(['revoked', false]);
    expect(s.profile.transactions[0]?.status).toBe('revoked');
  });

  it('ignores an older statement that arrives after a newer one', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    await step({ user, original, type: 'SUBSCRIBED', status: 1, at: t0, tx: { transactionId: original } });
    let s = await step({ user, original, type: 'EXPIRED', subtype: 'VOLUNTARY', status: 2, at: t0 + 10_000, tx: { transactionId: original, purchaseDate: t0, expiresDate: t0 + 5_000 } });
    expect(s.state).toBe('expired');
    // A DID_RENEW signed before the expiry, delivered late.
    s = await step({ user, original, type: 'DID_RENEW', status: 1, at: t0 + 5_000 });
    expect([s.state, s.pro.active]).toEqual(['expired', false]);
  });

  it('maps every Apple status and notification type (pure)', () => {
    const base = { transactionId: '1', originalTransactionId: '1', productId: 'p', purchaseDate: 0, expiresDate: 10_000 };
    const at = new Date(5_000);
    expect([1, 2, 3, 4, 5].map((status) => appleSubscriptionState({ status, transaction: base, at }))).toEqual(['active', 'expired', 'billing_retry', 'grace', 'revoked']);
    expect(appleSubscriptionState({ status: 1, transaction: { ...base, offerType: 1, offerDiscountType: 'FREE_TRIAL' }, at })).toBe('trial');
    expect(appleSubscriptionState({ status: 1, transaction: { ...base, offerType: 1, offerDiscountType: 'PAY_AS_YOU_GO' }, at })).toBe('active');
    expect(appleSubscriptionState({ notificationType: 'DID_FAIL_TO_RENEW', subtype: 'GRACE_PERIOD', transaction: base, at })).toBe('grace');
    expect(appleSubscriptionState({ notificationType: 'DID_FAIL_TO_RENEW', transaction: base, at })).toBe('billing_retry');
    expect(appleSubscriptionState({ notificationType: 'GRACE_PERIOD_EXPIRED', transaction: base, at })).toBe('billing_retry');
    expect(appleSubscriptionState({ notificationType: 'EXPIRED', transaction: base, at })).toBe('expired');
    expect(appleSubscriptionState({ notificationType: 'REFUND', status: 1, transaction: { ...base, revocationDate: 4_000 }, at })).toBe('refunded');
    expect(appleSubscriptionState({ notificationType: 'REVOKE', transaction: { ...base, revocationDate: 4_000 }, at })).toBe('revoked');
    expect(appleSubscriptionState({ transaction: { ...base, revocationDate: 4_000, inAppOwnershipType: 'FAMILY_SHARED' }, at })).toBe('revoked');
    // Without status or type: the expiry against the statement's time.
    expect(appleSubscriptionState({ transaction: base, at })).toBe('active');
    expect(appleSubscriptionState({ transaction: base, at: new Date(10_000) })).toBe('expired');
    expect([appleEnvironment('Production'), appleEnvironment('Sandbox'), appleEnvironment('Xcode'), appleEnvironment('LocalTesting'), appleEnvironment('x')]).toEqual(['production', 'sandbox', 'sandbox', 'sandbox', null]);
    expect([2, 3, 4, undefined].map((offerType) => appleOffer({ offerType }))).toEqual(['promo', 'code', 'winback', null]);
  });
});

describe('entitlements through the SKUs', () => {
  it('gives a lifetime purchase without end and follows SKU links as they are now', async () => {
    const user = randomUUID();
    const t = now();
    await postHook(app(), hook(), {
      signedPayload: notify({ notificationType: 'ONE_TIME_CHARGE', signedDate: t, transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: nextTx(), productId: 'pro.lifetime', type: 'Non-Consumable', purchaseDate: t, appAccountToken: user, price: 49990 }) }),
    });
    await postHook(app(), hook(), {
      signedPayload: notify({ notificationType: 'SUBSCRIBED', signedDate: t, status: 1, transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: nextTx(), productId: 'later.weekly', purchaseDate: t, expiresDate: t + 7 * DAY, appAccountToken: user }) }),
    });
    let profile = await profileOf(user);
    expect(entitlement(profile, 'pro')).toMatchObject({ active: true, activeUntil: null });
    // later.weekly is linked to nothing yet.
    expect(entitlement(profile, 'later').active).toBe(false);
    await ok(app(), owner(), 'entitlements.linkSku', { params: { ...params(), id: catalog.entitlements.later }, body: { skuId: catalog.skus['later.weekly'] } });
    profile = await profileOf(user);
    expect(entitlement(profile, 'later')).toMatchObject({ active: true, activeUntil: new Date(t + 7 * DAY).toISOString() });
    await ok(app(), owner(), 'entitlements.unlinkSku', { params: { ...params(), id: catalog.entitlements.later, skuId: catalog.skus['later.weekly'] } });
    expect(entitlement(await profileOf(user), 'later').active).toBe(false);
  });
});

describe('a burst of notifications', () => {
  it('stores each once, however often and however concurrently it arrives', async () => {
    const before = (await eventsOf('applied')).total;
    const t = now();
    const payloads = Array.from({ length: 60 }, (_, i) =>
      notify({ notificationType: 'ONE_TIME_CHARGE', signedDate: t, transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: nextTx(), productId: 'credits.pack', type: 'Consumable', purchaseDate: t + i, appAccountToken: randomUUID() }) }),
    );
    const replies = await Promise.all([...payloads, ...payloads, ...payloads].map((signedPayload) => postHook(app(), hook(), { signedPayload })));
    expect(replies.filter((r) => r.code !== 0).map((r) => r.response.body)).toEqual([]);
    expect(replies.filter((r) => r.data?.outcome === 'applied')).toHaveLength(60);
    expect(replies.filter((r) => r.data?.outcome === 'duplicate')).toHaveLength(120);
    expect((await eventsOf('applied')).total).toBe(before + 60);
  });
});

describe('the App Store Server API', () => {
  const user = randomUUID();
  let original = '';
  let renewal = '';

  beforeAll(async () => {
    await ok(app(), owner(), 'apps.putStoreCredentials', { params: { ...params(), id: catalog.appId }, body: { kind: 'appStoreConnect', keyId: key.keyId, issuerId: key.issuerId, privateKey: key.privateKey } });
    const t = now();
    original = nextTx();
    renewal = nextTx();
    const first = transactionPayload({ bundleId: catalog.packageName, transactionId: original, productId: 'pro.monthly', purchaseDate: t - 40 * DAY, expiresDate: t - 10 * DAY, appAccountToken: user });
    const second = transactionPayload({ bundleId: catalog.packageName, transactionId: renewal, originalTransactionId: original, productId: 'pro.monthly', purchaseDate: t - 10 * DAY, originalPurchaseDate: t - 40 * DAY, expiresDate: t + 20 * DAY, appAccountToken: user });
    fake.transactions.set(renewal, chain.sign(second));
    fake.history.set(renewal, [chain.sign(second), chain.sign(first)]);
    fake.statuses.set(renewal, {
      environment: 'Production',
      bundleId: catalog.packageName,
      appAppleId: APPLE_APP_ID,
      data: [{ subscriptionGroupIdentifier: '21000001', lastTransactions: [{ status: 1, originalTransactionId: original, signedTransactionInfo: chain.sign(second), signedRenewalInfo: chain.sign(renewalPayload({ originalTransactionId: original, productId: 'pro.monthly', signedDate: t })) }] }],
    });
  });

  it('looks a transaction up with the app’s key and says what Apple says, changing nothing', async () => {
    const result = await ok<LookupResult>(app(), team.viewer.token, 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } });
    expect(result).toMatchObject({ store: 'apple', environment: 'production', subscriptionState: 'active', autoRenew: true });
    expect(result.transactions.map((row) => [row.storeTransactionId, row.knownId])).toEqual([
      [renewal, null],
      [original, null],
    ]);
    expect(fake.requests.map((r) => r.path)).toEqual(expect.arrayContaining([`/inApps/v1/transactions/${renewal}`, `/inApps/v2/history/${renewal}`, `/inApps/v1/subscriptions/${renewal}`]));
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: renewal } });
    expect(list.total).toBe(0);
  });

  it('imports what Apple answers, once (130001 the second time)', async () => {
    const imported = await ok<{ imported: number; transactionIds: string[] }>(app(), team.editor.token, 'transactions.import', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } });
    expect(imported.imported).toBe(2);
    const profile = await profileOf(user);
    expect(profile.subscriptions[0]).toMatchObject({ state: 'active', originalTransactionId: original });
    expect(entitlement(profile, 'pro').active).toBe(true);
    const again = await call(app(), team.editor.token, 'transactions.import', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } });
    expect(again.envelope.code).toBe(ErrorCode.TransactionExists);
    const lookup = await ok<LookupResult>(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } });
    expect(lookup.transactions.every((row) => row.knownId !== null)).toBe(true);
  });

  it('reads a transaction id out of an app receipt with Apple’s ReceiptUtility', async () => {
    const { KJUR } = jsrsasign;
    const field = (type: number, value: object) => ({ seq: [{ int: type }, { int: 1 }, { octstr: { obj: value } }] });
    const inApp = { set: [field(1702, { utf8str: { str: 'pro.monthly' } }), field(1703, { utf8str: { str: renewal } })] };
    const payload = { set: [field(2, { utf8str: { str: catalog.packageName } }), field(17, inApp)] };
    // jsrsasign's typings lack `newObject` (ASN.1 from a JSON description), which it has.
    const { newObject } = KJUR.asn1.ASN1Util as unknown as { newObject(description: object): { tohex(): string } };
    const receipt = newObject({
      seq: [
        { oid: '1.2.840.113549.1.7.2' },
        { tag: { tag: 'a0', explicit: true, obj: { seq: [{ int: 1 }, { set: [] }, { seq: [{ oid: '1.2.840.113549.1.7.1' }, { tag: { tag: 'a0', explicit: true, obj: { octstr: { obj: payload } } } }] }] } } },
      ],
    });
    const base64 = Buffer.from(receipt.tohex(), 'hex').toString('base64');
    const result = await ok<LookupResult>(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleReceipt', appId: catalog.appId, receipt: base64 } });
    expect(result.transactions[0]?.storeTransactionId).toBe(renewal);
    const garbage = await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleReceipt', appId: catalog.appId, receipt: 'bm90IGEgcmVjZWlwdA==' } });
    expect(garbage.envelope.code).toBe(ErrorCode.ReceiptParseError);
  });

  it('answers 130003 for a transaction Apple does not know, 1000 for the other store’s app', async () => {
    expect((await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: '99999999' } })).envelope.code).toBe(ErrorCode.NoMatchingOrder);
    const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'Other', packageName: `com.palette.other${process.pid}` } });
    const wrong = await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: android.id, transactionId: '1' } });
    expect(wrong.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(wrong.envelope.fieldErrors?.appId?.key).toBe('validation.lookupPlatform');
  });

  it('answers 170002 when Apple refuses the key, and 102013 without credentials', async () => {
    const other = appleKey();
    await ok(app(), owner(), 'apps.putStoreCredentials', { params: { ...params(), id: catalog.appId }, body: { kind: 'appStoreConnect', keyId: other.keyId, issuerId: other.issuerId, privateKey: other.privateKey } });
    expect((await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } })).envelope.code).toBe(ErrorCode.AppleError);
    await ok(app(), owner(), 'apps.deleteStoreCredentials', { params: { ...params(), id: catalog.appId } });
    expect((await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: renewal } })).envelope.code).toBe(ErrorCode.CredentialFileMissing);
  });

  it('shows one transaction with the notifications that named it', async () => {
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: renewal } });
    const detail = await ok<{ storeTransactionId: string; subscription: { state: string } | null; events: StoreEvent[] }>(app(), owner(), 'transactions.get', { params: { ...params(), id: list.items[0]?.id } });
    expect(detail.storeTransactionId).toBe(renewal);
    expect(detail.subscription?.state).toBe('active');
    expect(detail.events.map((e) => e.type)).toContain('IMPORT');
    expect((await call(app(), owner(), 'transactions.get', { params: { ...params(), id: randomUUID() } })).envelope.code).toBe(ErrorCode.NoMatchingOrder);
  });
});

describe('the refusal limit', () => {
  it('refuses an address that keeps sending what does not verify, and never counts what does', async () => {
    const intake = new StoreIntake({
      db: database.handle.db,
      clock: built.clock.now,
      box: built.secretBox,
      endpoints: { appleRootCertificates: [chain.rootDer], appleOnlineChecks: false, timeoutMs: 5_000 },
      limits: { ...STORE_HOOK_LIMITS, storeHookRefusal: { count: 2, windowMs: 60_000 }, storeLookup: { count: 1, windowMs: 60_000 } },
    });
    const good = () =>
      notify({ notificationType: 'ONE_TIME_CHARGE', signedDate: now(), transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: nextTx(), productId: 'credits.pack', type: 'Consumable', purchaseDate: now() }) });
    // Verified notifications, however many, use none of the budget.
    for (let i = 0; i < 5; i += 1) expect(await intake.appleNotification(catalog.appId, good(), '203.0.113.9')).toEqual({ outcome: 'applied' });
    const before = (await eventsOf('refused')).total;
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push(await intake.appleNotification(catalog.appId, 'garbage', '203.0.113.9').then(() => 0, (error: { code: number }) => error.code));
    expect(codes).toEqual([ErrorCode.AppleSignatureInvalid, ErrorCode.AppleSignatureInvalid, ErrorCode.TooManyRequests]);
    expect((await eventsOf('refused')).total).toBe(before + 2);
    // Another address is not held back.
    expect(await intake.appleNotification(catalog.appId, good(), '203.0.113.10')).toEqual({ outcome: 'applied' });
    built.clock.advance(60_000);
    expect(await intake.appleNotification(catalog.appId, good(), '203.0.113.9')).toEqual({ outcome: 'applied' });
  });
});

describe('a customer who bought before signing in', () => {
  /** A notification about one subscription, with or without the app's user id. */
  function renewal(o: { original: string; at: number; user?: string; transactionId?: string; type?: string; price?: number; storefront?: string }): string {
    return notify({
      notificationType: o.type ?? 'DID_RENEW',
      signedDate: o.at,
      status: 1,
      transaction: transactionPayload({
        bundleId: catalog.packageName,
        transactionId: o.transactionId ?? nextTx(),
        originalTransactionId: o.original,
        productId: 'pro.monthly',
        purchaseDate: o.at,
        originalPurchaseDate: o.at - 30 * DAY,
        expiresDate: o.at + 30 * DAY,
        ...(o.user ? { appAccountToken: o.user } : {}),
        ...(o.price !== undefined ? { price: o.price } : {}),
        ...(o.storefront ? { storefront: o.storefront } : {}),
      }),
      renewal: renewalPayload({ originalTransactionId: o.original, productId: 'pro.monthly', signedDate: o.at }),
    });
  }

  async function customersNamed(appUserId: string): Promise<ListPage<CustomerRow>> {
    return ok<ListPage<CustomerRow>>(app(), owner(), 'customers.list', { params: params(), query: { q: appUserId } });
  }

  async function merges(): Promise<ListPage<AuditEntry>> {
    return ok<ListPage<AuditEntry>>(app(), owner(), 'audit.list', { params: params(), query: { entity: 'customer', action: ['merge'], pageSize: 200 } });
  }

  it('a purchase without the user id, then a renewal with it: one customer, renamed, with both transactions and the entitlement', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    expect((await postHook(app(), hook(), { signedPayload: renewal({ original, transactionId: original, type: 'SUBSCRIBED', at: t0 - DAY }) })).data).toEqual({ outcome: 'applied' });
    const anonymous = await customersNamed(`apple:${original}`);
    expect(anonymous.items.map((c) => c.appUserId)).toEqual([`apple:${original}`]);
    const anonymousId = anonymous.items[0]?.id as string;
    // An operator's unlock given to the anonymous customer meanwhile moves along.
    expect((await call(app(), owner(), 'unlocks.create', { params: params(), body: { appUserId: `apple:${original}`, entitlementId: catalog.entitlements.credits, duration: { count: 1, unit: 'day' }, reasonCode: 'goodwill', note: 'Before sign-in' } })).envelope.code).toBe(0);
    const before = (await merges()).total;

    const named = renewal({ original, user, at: t0 });
    expect((await postHook(app(), hook(), { signedPayload: named })).data).toEqual({ outcome: 'applied' });
    expect((await customersNamed(`apple:${original}`)).total).toBe(0);
    const profile = await profileOf(user);
    // Nobody had the user id: the anonymous customer took it and kept its id.
    expect(profile.customer.id).toBe(anonymousId);
    expect(profile.transactionCount).toBe(2);
    expect(profile.transactions.map((row) => row.originalTransactionId)).toEqual([original, original]);
    expect(profile.subscriptions).toHaveLength(1);
    expect(entitlement(profile, 'pro')).toMatchObject({ active: true, activeUntil: new Date(t0 + 30 * DAY).toISOString() });
    expect(entitlement(profile, 'credits').active).toBe(true);
    expect(profile.unlocks.map((u) => u.customer.appUserId)).toEqual([user]);
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: original } });
    expect(list.items.map((row) => row.customer.appUserId)).toEqual([user, user]);

    const audit = await merges();
    expect(audit.total).toBe(before + 1);
    expect(audit.items[0]).toMatchObject({ entityId: anonymousId, actor: null, before: { id: anonymousId, appUserId: `apple:${original}` }, after: { id: anonymousId, appUserId: user, renamed: true } });

    // A replay is a no-op, and so is a later statement naming the same user.
    expect((await postHook(app(), hook(), { signedPayload: named })).data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    expect((await postHook(app(), hook(), { signedPayload: renewal({ original, user, at: t0 + 1_000, type: 'DID_CHANGE_RENEWAL_STATUS' }) })).data).toEqual({ outcome: 'applied' });
    expect((await merges()).total).toBe(before + 1);
    expect((await customersNamed(user)).total).toBe(1);
  });

  it('into a customer the user id already names: everything moves, the named customer’s values win, the spend is summed', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    // The named customer: a lifetime purchase in France.
    await postHook(app(), hook(), {
      signedPayload: notify({ notificationType: 'ONE_TIME_CHARGE', signedDate: t0 - DAY, transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: nextTx(), productId: 'pro.lifetime', type: 'Non-Consumable', purchaseDate: t0 - DAY, appAccountToken: user, price: 49990, storefront: 'FRA' }) }),
    });
    // The anonymous one: a month in Germany, bought earlier, before signing in.
    await postHook(app(), hook(), { signedPayload: renewal({ original, transactionId: original, type: 'SUBSCRIBED', at: t0 - 3 * DAY, storefront: 'DEU' }) });
    const seen = new Date(t0 - DAY);
    expect(await recordAppUser(database.handle.db, team.projectId, user, { email: 'named@example.com', attributes: { language: 'fr', plan: 'named' }, seenAt: seen })).toBe(true);
    expect(await recordAppUser(database.handle.db, team.projectId, `apple:${original}`, { email: 'before@example.com', attributes: { language: 'de', installedAt: '2030-01-01' }, seenAt: seen })).toBe(true);
    const namedId = (await customersNamed(user)).items[0]?.id as string;
    const anonymousId = (await customersNamed(`apple:${original}`)).items[0]?.id as string;

    const reply = await postHook(app(), hook(), { signedPayload: renewal({ original, user, at: t0, storefront: 'DEU' }) });
    expect(reply.data).toEqual({ outcome: 'applied' });
    expect((await customersNamed(`apple:${original}`)).total).toBe(0);
    const profile = await profileOf(user);
    expect(profile.customer).toMatchObject({
      id: namedId,
      email: 'named@example.com',
      // The newest purchase's storefront, as for any purchase.
      country: 'DE',
      firstSeenAt: new Date(t0 - 3 * DAY).toISOString(),
      attributes: { language: 'fr', plan: 'named', installedAt: '2030-01-01' },
      spent: { USD: 69.97 },
      activeEntitlements: ['pro'],
    });
    expect(profile.transactionCount).toBe(3);
    expect(profile.subscriptions.map((s) => s.originalTransactionId)).toEqual([original]);
    expect(entitlement(profile, 'pro').reasons.map((r) => r.productId).sort()).toEqual(['pro.lifetime', 'pro.monthly']);
    // The notifications stay linked to whoever their customer is now.
    const events = await database.handle.db.select({ customerId: storeEvents.customerId }).from(storeEvents).where(eq(storeEvents.storeTransactionId, original));
    expect(events.map((e) => e.customerId)).toEqual([namedId]);

    const audit = (await merges()).items[0];
    expect(audit).toMatchObject({
      entityId: namedId,
      action: 'merge',
      actor: null,
      before: { id: anonymousId, appUserId: `apple:${original}` },
      after: { id: namedId, appUserId: user, moved: { transactions: 1, subscriptions: 1, grants: 1, unlocks: 0 } },
    });
    const rows = await database.handle.db.select({ actorName: auditLog.actorName }).from(auditLog).where(eq(auditLog.entityId, namedId));
    expect(rows.map((r) => r.actorName)).toEqual(['App Store']);
  });

  it('statements with and without the user id arriving at once end with one customer holding everything', async () => {
    const user = randomUUID();
    const original = nextTx();
    const t0 = now();
    await postHook(app(), hook(), { signedPayload: renewal({ original, transactionId: original, type: 'SUBSCRIBED', at: t0 - DAY }) });
    const payloads = Array.from({ length: 8 }, (_, i) => renewal({ original, at: t0 + i, ...(i % 2 === 1 ? { user } : {}) }));
    const replies = await Promise.all(payloads.map((signedPayload) => postHook(app(), hook(), { signedPayload })));
    expect(replies.map((r) => r.data?.outcome)).toEqual(payloads.map(() => 'applied'));
    expect((await customersNamed(`apple:${original}`)).total).toBe(0);
    const profile = await profileOf(user);
    expect(profile.transactionCount).toBe(9);
    expect(profile.subscriptions).toHaveLength(1);
    expect(entitlement(profile, 'pro').active).toBe(true);
  });

  it('an operator’s import that names the user merges too, in the operator’s name', async () => {
    const user = randomUUID();
    const original = nextTx();
    const later = nextTx();
    const t0 = now();
    await postHook(app(), hook(), { signedPayload: renewal({ original, transactionId: original, type: 'SUBSCRIBED', at: t0 - 10 * DAY }) });
    await ok(app(), owner(), 'apps.putStoreCredentials', { params: { ...params(), id: catalog.appId }, body: { kind: 'appStoreConnect', keyId: key.keyId, issuerId: key.issuerId, privateKey: key.privateKey } });
    const second = transactionPayload({ bundleId: catalog.packageName, transactionId: later, originalTransactionId: original, productId: 'pro.monthly', purchaseDate: t0 - DAY, originalPurchaseDate: t0 - 10 * DAY, expiresDate: t0 + 29 * DAY, appAccountToken: user });
    fake.transactions.set(later, chain.sign(second));
    fake.history.set(later, [chain.sign(second)]);
    fake.statuses.set(later, {
      environment: 'Production',
      bundleId: catalog.packageName,
      appAppleId: APPLE_APP_ID,
      data: [{ subscriptionGroupIdentifier: '21000001', lastTransactions: [{ status: 1, originalTransactionId: original, signedTransactionInfo: chain.sign(second), signedRenewalInfo: chain.sign(renewalPayload({ originalTransactionId: original, productId: 'pro.monthly', signedDate: t0 })) }] }],
    });
    const imported = await ok<{ imported: number }>(app(), team.editor.token, 'transactions.import', { params: params(), body: { kind: 'appleTransaction', appId: catalog.appId, transactionId: later } });
    expect(imported.imported).toBe(1);
    expect((await customersNamed(`apple:${original}`)).total).toBe(0);
    const profile = await profileOf(user);
    expect(profile.transactionCount).toBe(2);
    expect((await merges()).items[0]).toMatchObject({ entityId: profile.customer.id, actor: { id: team.editor.id }, before: { appUserId: `apple:${original}` }, after: { appUserId: user } });
    await ok(app(), owner(), 'apps.deleteStoreCredentials', { params: { ...params(), id: catalog.appId } });
  });
});

describe('merging while another process makes the named customer', () => {
  it('turns the rename into a merge instead of failing', async () => {
    const user = randomUUID();
    const original = nextTx();
    await postHook(app(), hook(), { signedPayload: notify({ notificationType: 'SUBSCRIBED', signedDate: now(), status: 1, transaction: transactionPayload({ bundleId: catalog.packageName, transactionId: original, productId: 'pro.monthly', purchaseDate: now(), expiresDate: now() + DAY }) }) });
    const db = database.handle.db;
    const at = built.clock.now();
    let merging: Promise<CustomerMerge | null> | undefined;
    // On PostgreSQL the merge starts while the other transaction's customer is not committed: it
    // does not see it, tries the rename, waits on the unique index, and must then merge. (PGlite
    // runs one transaction at a time, so there the merge simply finds the customer.)
    await db.transaction(async (other) => {
      await other.insert(customers).values({ projectId: team.projectId, appUserId: user, platform: 'ios', firstSeenAt: at, lastSeenAt: at, createdAt: at, updatedAt: at });
      merging = db.transaction((tx) => mergeAnonymousCustomer(tx, { actor: { id: null, name: 'App Store' }, projectId: team.projectId, now: at }, `apple:${original}`, user));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const merged = await merging;
    expect(merged).toMatchObject({ renamed: false, from: { appUserId: `apple:${original}` }, into: { appUserId: user }, moved: { transactions: 1, subscriptions: 1, grants: 1 } });
    expect((await profileOf(user)).transactionCount).toBe(1);
  });
});
