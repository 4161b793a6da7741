import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerProfile, CustomerRow, LookupResult, StoreEvent, StoreSettings, TransactionRow } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { AuditEntry } from '@contract/resources/projects';
import { STORE_HOOK_LIMITS, StoreIntake } from '../../server/src/domains/commerce/intake';
import { firstOrderId, googleSubscriptionState } from '../../server/src/domains/commerce/stores/google';
import { createTestApp } from './helpers/app';
import { catalogFixture, postHook, type CatalogFixture } from './helpers/commerce';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';
import { fakeGoogle, fakeGoogleCerts, pushBody, serviceAccount, type FakeGoogle, type FakeGoogleCerts } from './helpers/store-fakes';

/**
 * The Google Play side, on PGlite and PostgreSQL (TEST_DATABASE_URL): real-time developer
 * notifications pushed by Pub/Sub, each looked up with the Play Developer API through Google's own
 * client (@googleapis/androidpublisher, google-auth-library's service-account flow) against loopback
 * fakes of Google's token endpoint (which takes only an assertion signed with the app's service
 * account key) and API; every subscription state; one-time products; refunds; refusals recorded;
 * repeats are no-ops; the operator's lookup and import.
 */

const DAY = 86_400_000;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let google: FakeGoogle;
let certs: FakeGoogleCerts;
let catalog: CatalogFixture & { packageName: string };
const account = serviceAccount();
const PACKAGE = 'com.palette.google.tests';

const app = () => built.app;
const owner = () => team.owner.token;
const params = () => ({ projectId: team.projectId });
const now = () => built.clock.now().getTime();
const hook = () => `/hooks/google/${catalog.appId}`;

let counter = 0;
const next = () => (counter += 1);

beforeAll(async () => {
  database = await createTestDatabase();
  google = await fakeGoogle(account, PACKAGE);
  certs = await fakeGoogleCerts();
  built = await createTestApp(database.handle, {
    stores: { appleRootCertificates: [], appleOnlineChecks: false, googleApiUrl: google.apiUrl, googleTokenUrl: google.tokenUrl, googlePushCertsUrl: certs.url, timeoutMs: 5_000 },
  });
  team = await projectWithTeam(built.app, database.handle);
  catalog = await catalogFixture(built.app, owner(), team.projectId, {
    platform: 'android',
    packageName: PACKAGE,
    products: [
      { id: 'pro.monthly', type: 'subscription', period: 'monthly' },
      { id: 'pro.lifetime', type: 'non_consumable', period: 'permanent' },
    ],
    links: { pro: ['pro.monthly', 'pro.lifetime'] },
  });
  await ok(built.app, owner(), 'apps.putStoreCredentials', { params: { ...params(), id: catalog.appId }, body: { kind: 'googleServiceAccount', serviceAccountJson: account.json } });
  // Saved as an app made before issue 18 has them: sandbox data taken, push authentication off.
  await ok(built.app, owner(), 'storeSettings.update', { params: { ...params(), id: catalog.appId }, body: { appleAppId: null, acceptSandbox: true, googlePushEmail: null, googlePushAudience: null, version: 1 } });
});
afterAll(async () => {
  await built?.app.close();
  await google?.close();
  await certs?.close();
  await database?.dispose();
});

/** A subscriptionsv2 answer. */
function subscription(o: { state: string; orderId: string; user?: string; expiry: number; start?: number; trial?: boolean; autoRenew?: boolean; test?: boolean; region?: string }): Record<string, unknown> {
  return {
    kind: 'androidpublisher#subscriptionPurchaseV2',
    regionCode: o.region ?? 'BR',
    startTime: new Date(o.start ?? now() - DAY).toISOString(),
    subscriptionState: o.state,
    latestOrderId: o.orderId,
    acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
    ...(o.user ? { externalAccountIdentifiers: { obfuscatedExternalAccountId: o.user } } : {}),
    ...(o.test ? { testPurchase: {} } : {}),
    lineItems: [
      {
        productId: 'pro.monthly',
        expiryTime: new Date(o.expiry).toISOString(),
        latestSuccessfulOrderId: o.orderId,
        autoRenewingPlan: { autoRenewEnabled: o.autoRenew ?? true, recurringPrice: { currencyCode: 'BRL', units: '27', nanos: 990_000_000 } },
        offerDetails: { basePlanId: 'monthly', offerTags: [] },
        ...(o.trial ? { offerPhase: { freeTrial: {} } } : { offerPhase: { basePrice: {} } }),
      },
    ],
  };
}

function notification(o: { type?: number; token: string; voided?: { orderId: string; productType: number }; oneTime?: { type: number; sku: string }; packageName?: string; test?: boolean }): Record<string, unknown> {
  const base = { version: '1.0', packageName: o.packageName ?? PACKAGE, eventTimeMillis: String(now()) };
  if (o.test) return { ...base, testNotification: { version: '1.0' } };
  if (o.voided) return { ...base, voidedPurchaseNotification: { purchaseToken: o.token, orderId: o.voided.orderId, productType: o.voided.productType, refundType: 1 } };
  if (o.oneTime) return { ...base, oneTimeProductNotification: { version: '1.0', notificationType: o.oneTime.type, purchaseToken: o.token, sku: o.oneTime.sku } };
  return { ...base, subscriptionNotification: { version: '1.0', notificationType: o.type, purchaseToken: o.token, subscriptionId: 'pro.monthly' } };
}

async function push(body: Record<string, unknown>, messageId = `m-${next()}`) {
  built.clock.advance(1_000);
  return postHook(app(), hook(), pushBody(body, messageId), '66.102.0.1');
}

async function profileOf(appUserId: string): Promise<CustomerProfile> {
  const list = await ok<ListPage<{ id: string }>>(app(), owner(), 'customers.list', { params: params(), query: { q: appUserId } });
  expect(list.items, appUserId).toHaveLength(1);
  return ok<CustomerProfile>(app(), owner(), 'customers.get', { params: { ...params(), id: list.items[0]?.id } });
}

/** Sets the app's sandbox testers (app user ids). */
async function setTesters(testers: string[]): Promise<void> {
  const current = await ok<StoreSettings>(app(), owner(), 'storeSettings.get', { params: { ...params(), id: catalog.appId } });
  await ok(app(), owner(), 'storeSettings.update', { params: { ...params(), id: catalog.appId }, body: { appleAppId: null, acceptSandbox: true, sandboxTesters: testers, version: current.version } });
}

const pro = (profile: CustomerProfile) => profile.entitlements.find((e) => e.identifier === 'pro') as CustomerProfile['entitlements'][number];

async function refusedEvents(): Promise<StoreEvent[]> {
  return (await ok<ListPage<StoreEvent>>(app(), owner(), 'storeEvents.list', { params: params(), query: { appId: catalog.appId, outcome: 'refused', pageSize: 200 } })).items;
}

describe('a subscription, notification by notification', () => {
  const user = `u-${randomUUID()}`;
  const token = `token-${randomUUID()}`;
  const order = `GPA.3372-1111-2222-${String(next()).padStart(5, '0')}`;

  async function step(type: number, answer: Record<string, unknown>) {
    google.subscriptions.set(token, answer);
    const reply = await push(notification({ type, token }));
    expect(reply.code, JSON.stringify(reply.data)).toBe(0);
    const profile = await profileOf(user);
    return { reply, profile, sub: profile.subscriptions[0], pro: pro(profile) };
  }

  it('a purchase with a free trial: the API is asked with the service account, the entitlement given', async () => {
    const s = await step(4, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: order, user, expiry: now() + 7 * DAY, trial: true }));
    expect(s.reply.data).toEqual({ outcome: 'applied' });
    expect(google.tokensIssued()).toBeGreaterThanOrEqual(1);
    expect(google.requests.some((r) => r.path === `/androidpublisher/v3/applications/${PACKAGE}/purchases/subscriptionsv2/tokens/${token}`)).toBe(true);
    expect(s.sub).toMatchObject({ store: 'google', state: 'trial', autoRenew: true, originalTransactionId: token });
    expect(s.pro.active).toBe(true);
    expect(s.profile.customer).toMatchObject({ platform: 'android', country: 'BR' });
    expect(s.profile.transactions[0]).toMatchObject({ storeTransactionId: order, originalTransactionId: order, status: 'trial', price: 0, currency: 'BRL' });
  });

  it('a repeated push asks Google again: the same answer about the token is a duplicate, whatever the message id', async () => {
    const body = notification({ type: 4, token });
    const messageId = `m-repeat-${next()}`;
    expect((await push(body, messageId)).data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    const lookups = () => google.requests.filter((r) => r.path.endsWith(`/subscriptionsv2/tokens/${token}`)).length;
    const calls = lookups();
    const again = await push(body, `m-other-${next()}`);
    expect(again.data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    expect(lookups()).toBe(calls + 1);
  });

  it('renewal, grace, account hold, recovery, cancellation, expiry, revocation', async () => {
    let s = await step(2, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: `${order}..0`, user, expiry: now() + 30 * DAY }));
    expect([s.sub?.state, s.pro.active]).toEqual(['active', true]);
    expect(s.profile.transactions.map((t) => t.storeTransactionId)).toEqual(expect.arrayContaining([order, `${order}..0`]));
    expect(s.profile.customer.spent).toEqual({ BRL: 27.99 });
    s = await step(6, subscription({ state: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD', orderId: `${order}..0`, user, expiry: now() + 3 * DAY }));
    expect([s.sub?.state, s.pro.active]).toEqual(['grace', true]);
    s = await step(5, subscription({ state: 'SUBSCRIPTION_STATE_ON_HOLD', orderId: `${order}..0`, user, expiry: now() - DAY }));
    expect([s.sub?.state, s.pro.active]).toEqual(['billing_retry', false]);
    s = await step(1, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: `${order}..1`, user, expiry: now() + 30 * DAY }));
    expect([s.sub?.state, s.pro.active]).toEqual(['active', true]);
    s = await step(3, subscription({ state: 'SUBSCRIPTION_STATE_CANCELED', orderId: `${order}..1`, user, expiry: now() + 30 * DAY, autoRenew: false }));
    expect([s.sub?.state, s.sub?.autoRenew, s.pro.active]).toEqual(['active', false, true]);
    s = await step(13, subscription({ state: 'SUBSCRIPTION_STATE_EXPIRED', orderId: `${order}..1`, user, expiry: now() - 1_000, autoRenew: false }));
    expect([s.sub?.state, s.pro.active]).toEqual(['expired', false]);
    // A revocation reads as the API says it: over (Google ends the subscription early).
    s = await step(12, subscription({ state: 'SUBSCRIPTION_STATE_EXPIRED', orderId: `${order}..1`, user, expiry: now() - 1_000, autoRenew: false }));
    expect([s.sub?.state, s.pro.active]).toEqual(['expired', false]);
  });

  it('a voided purchase refunds the order', async () => {
    const refundUser = `u-${randomUUID()}`;
    const refundToken = `token-${randomUUID()}`;
    const refundOrder = `GPA.3372-3333-4444-${String(next()).padStart(5, '0')}`;
    google.subscriptions.set(refundToken, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: refundOrder, user: refundUser, expiry: now() + 30 * DAY }));
    await push(notification({ type: 4, token: refundToken }));
    expect(pro(await profileOf(refundUser)).active).toBe(true);
    google.subscriptions.set(refundToken, subscription({ state: 'SUBSCRIPTION_STATE_EXPIRED', orderId: refundOrder, user: refundUser, expiry: now() + 30 * DAY }));
    // The Voided Purchases API lists the refund (on its second page).
    google.voided.push({ kind: 'androidpublisher#voidedPurchase', purchaseToken: 'another', orderId: 'GPA.0', voidedTimeMillis: String(now() - 5_000) });
    google.voided.push({ kind: 'androidpublisher#voidedPurchase', purchaseToken: 'yet-another', orderId: 'GPA.1', voidedTimeMillis: String(now() - 4_000) });
    google.voided.push({ kind: 'androidpublisher#voidedPurchase', purchaseToken: refundToken, orderId: refundOrder, voidedTimeMillis: String(now() - 1_000), voidedSource: 0, voidedReason: 1 });
    const reply = await push(notification({ token: refundToken, voided: { orderId: refundOrder, productType: 1 } }));
    expect(reply.data).toEqual({ outcome: 'applied' });
    const profile = await profileOf(refundUser);
    expect([profile.subscriptions[0]?.state, pro(profile).active, profile.transactions[0]?.status]).toEqual(['refunded', false, 'refunded']);
    expect(profile.customer.spent).toEqual({});
  });

  it('a pending purchase and a test notification are recorded, not applied', async () => {
    const pendingToken = `token-${randomUUID()}`;
    google.subscriptions.set(pendingToken, { subscriptionState: 'SUBSCRIPTION_STATE_PENDING', lineItems: [{ productId: 'pro.monthly' }] });
    expect((await push(notification({ type: 4, token: pendingToken }))).data).toEqual({ outcome: 'ignored' });
    expect((await push(notification({ token: '', test: true }))).data).toEqual({ outcome: 'ignored' });
  });

  it('maps every subscription state (pure)', () => {
    const at = new Date(1_000_000);
    const sub = (state: string, extra: Record<string, unknown> = {}) => ({ subscriptionState: state, lineItems: [{ expiryTime: new Date(2_000_000).toISOString(), ...extra }] });
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_ACTIVE'), at)).toBe('active');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_ACTIVE', { offerPhase: { freeTrial: {} } }), at)).toBe('trial');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_CANCELED'), at)).toBe('active');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_CANCELED'), new Date(2_000_000))).toBe('expired');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_IN_GRACE_PERIOD'), at)).toBe('grace');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_ON_HOLD'), at)).toBe('billing_retry');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_PAUSED'), at)).toBe('expired');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_EXPIRED'), at)).toBe('expired');
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_PENDING'), at)).toBeNull();
    expect(googleSubscriptionState(sub('SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED'), at)).toBeNull();
    expect([firstOrderId('GPA.1-2-3..4'), firstOrderId('GPA.1-2-3')]).toEqual(['GPA.1-2-3', 'GPA.1-2-3']);
  });
});

describe('a customer who bought before signing in', () => {
  it('a purchase without the account id, then a renewal with it: one customer with both orders and the entitlement', async () => {
    const user = `u-${randomUUID()}`;
    const token = `token-${randomUUID()}`;
    const order = `GPA.3372-9999-0000-${String(next()).padStart(5, '0')}`;
    google.subscriptions.set(token, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: order, expiry: now() + 30 * DAY }));
    expect((await push(notification({ type: 4, token }))).data).toEqual({ outcome: 'applied' });
    const anonymous = await ok<ListPage<CustomerRow>>(app(), owner(), 'customers.list', { params: params(), query: { q: `google:${order}` } });
    expect(anonymous.items.map((c) => c.appUserId)).toEqual([`google:${order}`]);
    const merges = async () => (await ok<ListPage<AuditEntry>>(app(), owner(), 'audit.list', { params: params(), query: { entity: 'customer', action: ['merge'] } })).total;
    const before = await merges();

    google.subscriptions.set(token, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: `${order}..0`, user, expiry: now() + 60 * DAY }));
    const renewal = notification({ type: 2, token });
    const messageId = `m-merge-${next()}`;
    expect((await push(renewal, messageId)).data).toEqual({ outcome: 'applied' });
    expect((await ok<ListPage<CustomerRow>>(app(), owner(), 'customers.list', { params: params(), query: { q: `google:${order}` } })).total).toBe(0);
    const profile = await profileOf(user);
    expect(profile.customer.id).toBe(anonymous.items[0]?.id);
    expect(profile.transactions.map((t) => t.storeTransactionId).sort()).toEqual([order, `${order}..0`]);
    expect(profile.customer.spent).toEqual({ BRL: 55.98 });
    expect(pro(profile).active).toBe(true);
    expect(profile.subscriptions.map((s) => s.originalTransactionId)).toEqual([token]);
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: order } });
    expect(list.items.map((t) => t.customer.appUserId)).toEqual([user, user]);
    expect(await merges()).toBe(before + 1);
    const entry = (await ok<ListPage<AuditEntry>>(app(), owner(), 'audit.list', { params: params(), query: { entity: 'customer', action: ['merge'] } })).items[0];
    expect(entry).toMatchObject({ actor: null, before: { appUserId: `google:${order}` }, after: { appUserId: user, renamed: true } });

    // The same push again changes nothing; a later one naming the user merges nothing more.
    expect((await push(renewal, messageId)).data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    google.subscriptions.set(token, subscription({ state: 'SUBSCRIPTION_STATE_CANCELED', orderId: `${order}..0`, user, expiry: now() + 60 * DAY, autoRenew: false }));
    expect((await push(notification({ type: 3, token }))).data).toEqual({ outcome: 'applied' });
    expect(await merges()).toBe(before + 1);
  });
});

describe('one-time products', () => {
  it('a lifetime purchase gives the entitlement without end; cancelled, it ends', async () => {
    const user = `u-${randomUUID()}`;
    const token = `otp-${randomUUID()}`;
    const order = `GPA.3372-5555-6666-${String(next()).padStart(5, '0')}`;
    const answer = { kind: 'androidpublisher#productPurchase', purchaseTimeMillis: String(now()), purchaseState: 0, consumptionState: 0, orderId: order, purchaseType: 0, acknowledgementState: 1, obfuscatedExternalAccountId: user, regionCode: 'JP' };
    google.products.set(`pro.lifetime/${token}`, answer);
    expect((await push(notification({ token, oneTime: { type: 1, sku: 'pro.lifetime' } }))).data).toEqual({ outcome: 'applied' });
    let profile = await profileOf(user);
    // purchaseType 0 is a test purchase (license testers): the sandbox, which gives nothing to a customer who is not a tester.
    expect(profile.transactions[0]).toMatchObject({ type: 'non_consumable', environment: 'sandbox', status: 'purchased', price: null, country: 'JP' });
    expect(pro(profile)).toMatchObject({ active: false });
    expect(pro(profile).reasons[0]).toMatchObject({ environment: 'sandbox', sandboxOnly: true, active: false });
    await setTesters([user]);
    profile = await profileOf(user);
    expect(pro(profile)).toMatchObject({ active: true, activeUntil: null });
    expect(pro(profile).reasons[0]).toMatchObject({ environment: 'sandbox', sandboxOnly: false, active: true });
    google.products.set(`pro.lifetime/${token}`, { ...answer, purchaseState: 1 });
    expect((await push(notification({ token, voided: { orderId: order, productType: 2 } }))).data).toEqual({ outcome: 'applied' });
    profile = await profileOf(user);
    expect([pro(profile).active, profile.transactions[0]?.status]).toEqual([false, 'refunded']);
  });
});

describe('pushes that are refused', () => {
  it('for another package (170011), unreadable (170010), an unknown token (130003), Google failing (170001): each recorded', async () => {
    const before = (await refusedEvents()).length;
    expect((await push(notification({ type: 4, token: 'x', packageName: 'com.someone.else' }))).code).toBe(ErrorCode.GooglePackageMismatch);
    built.clock.advance(1_000);
    expect((await postHook(app(), hook(), { message: { data: 'not base64 json!', messageId: 'bad-1' } }, '66.102.0.1')).code).toBe(ErrorCode.GoogleNotificationInvalid);
    expect((await push(notification({ type: 4, token: 'nobody-knows-this-token' }))).code).toBe(ErrorCode.GooglePurchaseUnknown);
    google.failWith(500);
    try {
      const failed = await push(notification({ type: 4, token: 'any' }));
      expect([failed.code, failed.response.statusCode]).toEqual([ErrorCode.GoogleError, 502]);
    } finally {
      google.failWith(null);
    }
    const refused = await refusedEvents();
    expect(refused.length).toBe(before + 4);
    expect(refused.slice(0, 4).map((e) => e.errorCode)).toEqual([ErrorCode.GoogleError, ErrorCode.GooglePurchaseUnknown, ErrorCode.GoogleNotificationInvalid, ErrorCode.GooglePackageMismatch]);
    expect(refused[0]?.detail).toMatch(/^500/);
  });

  it('without the app’s service account (102013), and for an iOS app (102020)', async () => {
    const bare = await catalogFixture(app(), owner(), team.projectId, { platform: 'android', products: [], links: {} });
    const reply = await postHook(app(), `/hooks/google/${bare.appId}`, pushBody(notification({ type: 4, token: 't', packageName: bare.packageName }), `m-${next()}`));
    expect(reply.code).toBe(ErrorCode.CredentialFileMissing);
    const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: params(), body: { platform: 'ios', name: 'iOS here', packageName: `com.palette.ios${process.pid}` } });
    expect((await postHook(app(), `/hooks/google/${ios.id}`, pushBody(notification({ test: true, token: '' }), 'm-ios'))).code).toBe(ErrorCode.AppNotFound);
  });
});

describe('the operator’s lookup', () => {
  it('asks subscriptionsv2 and products, then imports once', async () => {
    const user = `u-${randomUUID()}`;
    const token = `lookup-${randomUUID()}`;
    const order = `GPA.3372-7777-8888-${String(next()).padStart(5, '0')}`;
    google.subscriptions.set(token, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: order, user, expiry: now() + 30 * DAY, test: true }));
    const result = await ok<LookupResult>(app(), team.viewer.token, 'transactions.lookup', { params: params(), body: { kind: 'googleSubscription', appId: catalog.appId, purchaseToken: token } });
    expect(result).toMatchObject({ store: 'google', environment: 'sandbox', subscriptionState: 'active', autoRenew: true });
    expect(result.transactions[0]).toMatchObject({ storeTransactionId: order, appUserId: user, knownId: null, price: 27.99, currency: 'BRL' });
    expect(result.raw).toMatchObject({ latestOrderId: order });
    expect((await call(app(), team.viewer.token, 'transactions.import', { params: params(), body: { kind: 'googleSubscription', appId: catalog.appId, purchaseToken: token } })).envelope.code).toBe(ErrorCode.Forbidden);
    const imported = await ok<{ imported: number }>(app(), team.editor.token, 'transactions.import', { params: params(), body: { kind: 'googleSubscription', appId: catalog.appId, purchaseToken: token } });
    expect(imported.imported).toBe(1);
    // A license tester's subscription: recorded, shown as sandbox, no entitlement for a non-tester.
    expect(pro(await profileOf(user))).toMatchObject({ active: false, reasons: [expect.objectContaining({ environment: 'sandbox', sandboxOnly: true })] });
    expect((await call(app(), team.editor.token, 'transactions.import', { params: params(), body: { kind: 'googleSubscription', appId: catalog.appId, purchaseToken: token } })).envelope.code).toBe(ErrorCode.TransactionExists);
    const list = await ok<ListPage<TransactionRow>>(app(), owner(), 'transactions.list', { params: params(), query: { q: user } });
    expect(list.items.map((t) => t.storeTransactionId)).toEqual([order]);

    expect((await call(app(), owner(), 'transactions.lookup', { params: params(), body: { kind: 'googleProduct', appId: catalog.appId, productId: 'pro.lifetime', purchaseToken: 'unknown' } })).envelope.code).toBe(ErrorCode.NoMatchingOrder);
  });
});

describe('push authentication (Pub/Sub OIDC tokens)', () => {
  const EMAIL = 'rtdn-push@palette-tests.iam.gserviceaccount.com';
  const audience = () => `https://console.palette.example/hooks/google/${catalog.appId}`;
  const settingsOf = () => ok<StoreSettings>(app(), owner(), 'storeSettings.get', { params: { ...params(), id: catalog.appId } });
  const update = async (body: Record<string, unknown>) => {
    const current = await settingsOf();
    return call<StoreSettings>(app(), owner(), 'storeSettings.update', { params: { ...params(), id: catalog.appId }, body: { appleAppId: null, acceptSandbox: true, version: current.version, ...body } });
  };
  /** An address of exactly `length` characters, in labels a domain could have. */
  const emailOfLength = (length: number) => {
    const tail = '.iam.gserviceaccount.com';
    let domain = '';
    while (domain.length < length - 64 - 1 - tail.length) domain += domain.length === 0 ? 'p' : domain.length % 60 === 0 ? '.p' : 'p';
    return `${'a'.repeat(64)}@${domain.slice(0, length - 64 - 1 - tail.length)}${tail}`;
  };

  /** A push carrying a purchase Google knows, with this Authorization header (or none). */
  async function authorizedPush(authorization: string | null) {
    const token = `token-${randomUUID()}`;
    google.subscriptions.set(token, subscription({ state: 'SUBSCRIPTION_STATE_ACTIVE', orderId: `GPA.3372-1212-3434-${String(next()).padStart(5, '0')}`, user: `u-${randomUUID()}`, expiry: now() + 30 * DAY }));
    built.clock.advance(1_000);
    const response = await app().inject({
      method: 'POST',
      url: hook(),
      headers: { 'content-type': 'application/json', ...(authorization !== null ? { authorization } : {}) },
      payload: JSON.stringify(pushBody(notification({ type: 4, token }), `m-auth-${next()}`)),
      remoteAddress: '66.102.0.7',
    });
    const body = response.json<{ code: number; data?: { outcome: string } }>();
    return { code: body.code, status: response.statusCode, outcome: body.data?.outcome };
  }
  const bearer = (claims: Record<string, unknown> = {}, options?: { forged?: boolean }) => `Bearer ${certs.token({ aud: audience(), email: EMAIL, ...claims }, options)}`;

  it('is off until the service account is set; the limits hold at the boundary', async () => {
    expect(await settingsOf()).toMatchObject({ googlePushEmail: null, googlePushAudience: null });
    expect((await authorizedPush(null)).outcome).toBe('applied');

    // The account alone turns it on (tokens for any audience of that account).
    expect((await update({ googlePushEmail: EMAIL })).envelope.code).toBe(0);
    expect(await settingsOf()).toMatchObject({ googlePushEmail: EMAIL, googlePushAudience: null, googlePushOpen: false });
    expect((await authorizedPush(null)).code).toBe(ErrorCode.GoogleNotificationInvalid);
    expect((await authorizedPush(bearer({ aud: 'https://anywhere.example/push' }))).outcome).toBe('applied');
    const onlyAudience = await update({ googlePushEmail: null, googlePushAudience: audience() });
    expect([onlyAudience.envelope.code, onlyAudience.envelope.fieldErrors?.googlePushEmail?.key]).toEqual([ErrorCode.ParamInvalid, 'validation.required']);
    expect((await update({ googlePushEmail: 'not an address', googlePushAudience: audience() })).envelope.code).toBe(ErrorCode.EmailFormat);

    const longest = emailOfLength(320);
    expect(longest).toHaveLength(320);
    const tooLong = await update({ googlePushEmail: emailOfLength(321), googlePushAudience: audience() });
    expect([tooLong.envelope.code, tooLong.envelope.fieldErrors?.googlePushEmail?.key]).toEqual([ErrorCode.ParamInvalid, 'validation.emailLength']);
    expect((await update({ googlePushEmail: longest, googlePushAudience: 'x'.repeat(2048) })).envelope.code).toBe(0);
    expect(await settingsOf()).toMatchObject({ googlePushEmail: longest, googlePushAudience: 'x'.repeat(2048) });
    const audienceTooLong = await update({ googlePushEmail: EMAIL, googlePushAudience: 'x'.repeat(2049) });
    expect([audienceTooLong.envelope.code, audienceTooLong.envelope.fieldErrors?.googlePushAudience?.key]).toEqual([ErrorCode.ParamInvalid, 'validation.lengthMax']);

    expect((await update({ googlePushEmail: ` ${EMAIL.toUpperCase()} `, googlePushAudience: ` ${audience()} ` })).envelope.code).toBe(0);
    expect(await settingsOf()).toMatchObject({ googlePushEmail: EMAIL, googlePushAudience: audience() });
    // Leaving both out changes neither; the change is in the audit log.
    expect((await update({})).envelope.code).toBe(0);
    expect(await settingsOf()).toMatchObject({ googlePushEmail: EMAIL, googlePushAudience: audience() });
    const audit = await ok<ListPage<AuditEntry>>(app(), owner(), 'audit.list', { params: params(), query: { entity: 'storeSettings', entityId: catalog.appId } });
    expect(audit.items.some((e) => (e.after as { googlePushEmail?: string }).googlePushEmail === EMAIL)).toBe(true);
  });

  it('takes a push with a valid token for the service account and the audience', async () => {
    const calls = google.requests.length;
    expect(await authorizedPush(bearer())).toMatchObject({ code: 0, outcome: 'applied' });
    expect(google.requests.length).toBeGreaterThan(calls);
    // The keys are kept as long as their Cache-Control says.
    const fetched = certs.fetches();
    expect(await authorizedPush(bearer())).toMatchObject({ code: 0, outcome: 'applied' });
    expect(certs.fetches()).toBe(fetched);
  });

  it.each([
    ['no token', () => null, /no authorization token/],
    ['another scheme', () => `Basic ${Buffer.from('a:b').toString('base64')}`, /not a bearer token/],
    ['not a token', () => 'Bearer not-a-jwt', /^token: /],
    ['a token signed with another key', () => bearer({}, { forged: true }), /^token: Invalid token signature/],
    ['a token for another audience', () => bearer({ aud: 'https://elsewhere.example/push' }), /^token: Wrong recipient/],
    ['a token of another service account', () => bearer({ email: 'someone@else.iam.gserviceaccount.com' }), /^token of another account: someone@else/],
    ['a token whose email is not verified', () => bearer({ email_verified: false }), /email not verified/],
    ['an expired token', () => bearer({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), /^token: Token used too late/],
    ['a token of another issuer', () => bearer({ iss: 'https://issuer.example' }), /^token: Invalid issuer/],
  ])('refuses %s with 170010, records it, and asks Google nothing', async (_, authorization, detail) => {
    const calls = google.requests.length;
    const reply = await authorizedPush(authorization());
    expect([reply.code, reply.status]).toEqual([ErrorCode.GoogleNotificationInvalid, 400]);
    expect(google.requests.length).toBe(calls);
    const refused = (await refusedEvents())[0];
    expect(refused).toMatchObject({ type: 'UNAUTHENTICATED', errorCode: ErrorCode.GoogleNotificationInvalid, eventId: null });
    expect(refused?.detail).toMatch(detail);
    expect(refused?.detail ?? '').not.toContain('.ey');
  });

  it('answers 170001 when Google’s keys cannot be read, without holding it against the sender', async () => {
    const closed = await fakeGoogleCerts();
    await closed.close();
    const intake = new StoreIntake({
      db: database.handle.db,
      clock: built.clock.now,
      box: built.secretBox,
      endpoints: { appleRootCertificates: [], appleOnlineChecks: false, googleApiUrl: google.apiUrl, googleTokenUrl: google.tokenUrl, googlePushCertsUrl: closed.url, timeoutMs: 2_000 },
      limits: { ...STORE_HOOK_LIMITS, storeHookRefusal: { count: 1, windowMs: 60_000 }, storeLookup: { count: 1, windowMs: 60_000 } },
    });
    const body = pushBody(notification({ test: true, token: '' }), `m-${next()}`) as Parameters<StoreIntake['googleNotification']>[1];
    for (let i = 0; i < 2; i += 1) {
      built.clock.advance(1_000);
      await expect(intake.googleNotification(catalog.appId, body, '66.102.0.8', bearer())).rejects.toMatchObject({ code: ErrorCode.GoogleError });
    }
    expect((await refusedEvents())[0]).toMatchObject({ type: 'UNAUTHENTICATED', errorCode: ErrorCode.GoogleError });
  });

  it('is off again once both are cleared: the Play Developer API lookup is the proof', async () => {
    expect((await update({ googlePushEmail: null, googlePushAudience: null })).envelope.code).toBe(0);
    expect(await settingsOf()).toMatchObject({ googlePushEmail: null, googlePushAudience: null });
    expect(await authorizedPush(null)).toMatchObject({ code: 0, outcome: 'applied' });
  });
});
