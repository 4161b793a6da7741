import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerProfile, StoreEvent, StoreSettings } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { STORE_HOOK_LIMITS, StoreIntake } from '../../server/src/domains/commerce/intake';
import { createTestApp } from './helpers/app';
import { catalogFixture, postHook, type CatalogFixture } from './helpers/commerce';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';
import { fakeGoogle, fakeGoogleCerts, pushBody, serviceAccount, type FakeGoogle, type FakeGoogleCerts } from './helpers/store-fakes';

/**
 * Issue 18, §1 and the hook's part of §7, on PGlite and PostgreSQL (TEST_DATABASE_URL): a Google
 * push is a hint to look a purchase up, never the truth. The outside review's attacks, each
 * replayed against the Play Developer API fake: a forged purchase push dated 2100 that made a
 * purchase outlive its refund, a forged REVOKED push, a message id sent first to make the genuine
 * push a "duplicate", a flood of unknown tokens; event times that are not dates; nested data; the
 * bounds on what anyone may make the server record; the defaults of a new app.
 */

const DAY = 86_400_000;
const PACKAGE = 'com.palette.hints.tests';

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let google: FakeGoogle;
let certs: FakeGoogleCerts;
let catalog: CatalogFixture & { packageName: string };
const account = serviceAccount();

const app = () => built.app;
const owner = () => team.owner.token;
const params = () => ({ projectId: team.projectId });
const now = () => built.clock.now().getTime();
const hook = (appId = catalog.appId) => `/hooks/google/${appId}`;
let counter = 0;
const next = () => (counter += 1);
const orderId = () => `GPA.3372-4242-${String(next()).padStart(4, '0')}-${String(next()).padStart(5, '0')}`;

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
  // The review's setting: push authentication off (as on an app made before issue 18).
  await ok(built.app, owner(), 'storeSettings.update', { params: { ...params(), id: catalog.appId }, body: { appleAppId: null, acceptSandbox: false, googlePushEmail: null, googlePushAudience: null, version: 1 } });
});
afterAll(async () => {
  await built?.app.close();
  await google?.close();
  await certs?.close();
  await database?.dispose();
});

function notification(o: { token: string; at?: unknown; type?: number; oneTime?: string; voided?: { orderId: string; productType: number }; test?: boolean }): Record<string, unknown> {
  const base = { version: '1.0', packageName: PACKAGE, eventTimeMillis: o.at === undefined ? String(now()) : o.at };
  if (o.test) return { ...base, testNotification: { version: '1.0' } };
  if (o.voided) return { ...base, voidedPurchaseNotification: { purchaseToken: o.token, orderId: o.voided.orderId, productType: o.voided.productType, refundType: 1 } };
  if (o.oneTime) return { ...base, oneTimeProductNotification: { version: '1.0', notificationType: 1, purchaseToken: o.token, sku: o.oneTime } };
  return { ...base, subscriptionNotification: { version: '1.0', notificationType: o.type ?? 4, purchaseToken: o.token, subscriptionId: 'pro.monthly' } };
}

async function push(body: Record<string, unknown>, o: { messageId?: string; address?: string; appId?: string } = {}) {
  built.clock.advance(1_000);
  return postHook(app(), hook(o.appId), pushBody(body, o.messageId ?? `m-${next()}`), o.address ?? '198.51.100.1');
}

async function profileOf(appUserId: string): Promise<CustomerProfile> {
  const list = await ok<ListPage<{ id: string }>>(app(), owner(), 'customers.list', { params: params(), query: { q: appUserId } });
  expect(list.items, appUserId).toHaveLength(1);
  return ok<CustomerProfile>(app(), owner(), 'customers.get', { params: { ...params(), id: list.items[0]?.id } });
}
const pro = (profile: CustomerProfile) => profile.entitlements.find((e) => e.identifier === 'pro') as CustomerProfile['entitlements'][number];

async function events(outcome: 'applied' | 'ignored' | 'refused', appId = catalog.appId): Promise<StoreEvent[]> {
  return (await ok<ListPage<StoreEvent>>(app(), owner(), 'storeEvents.list', { params: params(), query: { appId, outcome, pageSize: 200 } })).items;
}

function product(o: { orderId: string; user: string; state?: number; sandbox?: boolean }): Record<string, unknown> {
  return {
    kind: 'androidpublisher#productPurchase',
    purchaseTimeMillis: String(now() - DAY),
    purchaseState: o.state ?? 0,
    consumptionState: 0,
    orderId: o.orderId,
    purchaseType: o.sandbox ? 0 : undefined,
    acknowledgementState: 1,
    obfuscatedExternalAccountId: o.user,
    regionCode: 'DE',
  };
}

function subscription(o: { orderId: string; user: string; state: string; expiry: number }): Record<string, unknown> {
  return {
    kind: 'androidpublisher#subscriptionPurchaseV2',
    regionCode: 'DE',
    startTime: new Date(now() - DAY).toISOString(),
    subscriptionState: o.state,
    latestOrderId: o.orderId,
    externalAccountIdentifiers: { obfuscatedExternalAccountId: o.user },
    lineItems: [
      {
        productId: 'pro.monthly',
        expiryTime: new Date(o.expiry).toISOString(),
        latestSuccessfulOrderId: o.orderId,
        autoRenewingPlan: { autoRenewEnabled: true, recurringPrice: { currencyCode: 'EUR', units: '4', nanos: 990_000_000 } },
        offerPhase: { basePrice: {} },
      },
    ],
  };
}

describe('the review’s attacks', () => {
  it('a forged purchase push dated 2100 is refused and a genuine refund still ends the entitlement', async () => {
    const user = `u-${randomUUID()}`;
    const token = `otp-${randomUUID()}`;
    const order = orderId();
    google.products.set(`pro.lifetime/${token}`, product({ orderId: order, user }));
    expect((await push(notification({ token, oneTime: 'pro.lifetime' }))).data).toEqual({ outcome: 'applied' });
    expect(pro(await profileOf(user)).active).toBe(true);

    // The attacker's push: the year 2100, a made-up message id.
    const forged = await push(notification({ token, oneTime: 'pro.lifetime', at: String(Date.UTC(2100, 0, 1)) }), { messageId: 'forged-2100' });
    expect([forged.code, forged.response.statusCode]).toEqual([ErrorCode.GoogleNotificationInvalid, 400]);
    expect((await events('refused'))[0]?.detail).toMatch(/^eventTimeMillis in the future/);
    // Within the skew, the claimed time is kept for the record and moves nothing either.
    const skewed = await push(notification({ token, oneTime: 'pro.lifetime', at: String(now() + 60_000) }));
    expect(skewed.data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });

    // Google refunds it: the genuine voided push, with Google's (past) event time.
    built.clock.advance(60_000);
    google.products.set(`pro.lifetime/${token}`, product({ orderId: order, user, state: 1 }));
    const refund = await push(notification({ token, voided: { orderId: order, productType: 2 }, at: String(now() - 60_000) }));
    expect(refund.data).toEqual({ outcome: 'applied' });
    const profile = await profileOf(user);
    expect([pro(profile).active, profile.transactions[0]?.status]).toEqual([false, 'refunded']);
  });

  it('a forged REVOKED push leaves a subscription the Play API calls active as it is', async () => {
    const user = `u-${randomUUID()}`;
    const token = `sub-${randomUUID()}`;
    const order = orderId();
    google.subscriptions.set(token, subscription({ orderId: order, user, state: 'SUBSCRIPTION_STATE_ACTIVE', expiry: now() + 30 * DAY }));
    expect((await push(notification({ token, type: 4 }))).data).toEqual({ outcome: 'applied' });
    const revoked = await push(notification({ token, type: 12 }));
    expect(revoked.data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    const profile = await profileOf(user);
    expect([profile.subscriptions[0]?.state, pro(profile).active, profile.transactions[0]?.status]).toEqual(['active', true, 'purchased']);
    // A voided push for the order that the Voided Purchases API does not list refunds nothing.
    const voided = await push(notification({ token, voided: { orderId: order, productType: 1 } }));
    expect(voided.data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
    expect(pro(await profileOf(user)).active).toBe(true);
  });

  it('a message id sent first does not make the genuine push a duplicate', async () => {
    const user = `u-${randomUUID()}`;
    const token = `sub-${randomUUID()}`;
    const order = orderId();
    // The attacker guesses the next message id and sends it first, about the same token.
    const preempted = await push(notification({ token, type: 4 }), { messageId: 'pubsub-4711' });
    expect(preempted.code).toBe(ErrorCode.GooglePurchaseUnknown);
    google.subscriptions.set(token, subscription({ orderId: order, user, state: 'SUBSCRIPTION_STATE_ACTIVE', expiry: now() + 30 * DAY }));
    const genuine = await push(notification({ token, type: 4 }), { messageId: 'pubsub-4711', address: '66.102.0.1' });
    expect(genuine.data).toEqual({ outcome: 'applied' });
    expect(pro(await profileOf(user)).active).toBe(true);
    // Pub/Sub delivering the genuine push again is a duplicate of the same answer, and changes nothing.
    expect((await push(notification({ token, type: 4 }), { messageId: 'pubsub-4711', address: '66.102.0.1' })).data).toEqual({ outcome: 'duplicate', code: ErrorCode.TransactionExists });
  });

  it('130 unknown tokens: 4xx with 170013, each recorded once, then the sender is held back; never a 502', async () => {
    const before = (await events('refused')).length;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 130; i += 1) {
      const reply = await push(notification({ token: `unknown-${i}-${randomUUID()}` }), { address: '203.0.113.66' });
      statuses.set(reply.response.statusCode, (statuses.get(reply.response.statusCode) ?? 0) + 1);
      if (reply.response.statusCode === 404) expect(reply.code).toBe(ErrorCode.GooglePurchaseUnknown);
      else expect(reply.code).toBe(ErrorCode.TooManyRequests);
    }
    // 100 refusals per address and 10 minutes (STORE_HOOK_LIMITS), then 1006 without a lookup or a record.
    expect(Object.fromEntries(statuses)).toEqual({ 404: 100, 429: 30 });
    expect((await events('refused')).length - before).toBe(100);

    // One token sent again and again (from many addresses) is recorded once; Google's 400 is the same refusal.
    const again = `invalid-${randomUUID()}`;
    for (let i = 0; i < 3; i += 1) {
      const reply = await push(notification({ token: again }), { address: `192.0.2.${i + 1}` });
      expect([reply.code, reply.response.statusCode]).toEqual([ErrorCode.GooglePurchaseUnknown, 404]);
    }
    expect((await events('refused')).length - before).toBe(101);
  });

  it('limits unauthenticated pushes per purchase token', async () => {
    const user = `u-${randomUUID()}`;
    const token = `sub-${randomUUID()}`;
    google.subscriptions.set(token, subscription({ orderId: orderId(), user, state: 'SUBSCRIPTION_STATE_ACTIVE', expiry: now() + 30 * DAY }));
    const codes: number[] = [];
    for (let i = 0; i < STORE_HOOK_LIMITS.storeHookToken.count + 1; i += 1) codes.push((await push(notification({ token }), { address: `192.0.2.${100 + i}` })).code);
    expect(codes.slice(0, 2)).toEqual([0, 0]);
    expect(codes.at(-1)).toBe(ErrorCode.TooManyRequests);
  });
});

describe('what a push may claim (no 5xx, whatever arrives)', () => {
  it.each([
    ['a word', 'abc'],
    ['a number too large for a double', '1e400'],
    ['a 20-digit negative', '-12345678901234567890'],
    ['1e308 as a number', 1e308],
    ['a fraction', 1.5],
    ['a date after the skew', () => String(now() + 10 * 60_000)],
  ])('refuses an eventTimeMillis of %s with 170010 (400)', async (_, at) => {
    const reply = await push(notification({ token: `t-${randomUUID()}`, at: typeof at === 'function' ? at() : at }));
    expect([reply.code, reply.response.statusCode]).toEqual([ErrorCode.GoogleNotificationInvalid, 400]);
  });

  it('refuses data nested deeper than a notification can be with 170010; a deep body is no 5xx', async () => {
    // Written out, not stringified: the nesting is deeper than JSON.stringify's recursion goes.
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    const data = Buffer.from(JSON.stringify(notification({ token: 'x' })).replace(/}$/, `,"extra":${deep(10_000)}}`)).toString('base64');
    built.clock.advance(1_000);
    const nested = await postHook(app(), hook(), { message: { data, messageId: 'm-nested' } }, '198.51.100.8');
    expect([nested.code, nested.response.statusCode]).toEqual([ErrorCode.GoogleNotificationInvalid, 400]);
    expect((await events('refused'))[0]?.detail).toBe('data nested deeper than 8 levels');
    const text = JSON.stringify(pushBody(notification({ token: 'x' }), 'm-deep')).replace(/}$/, `,"extra":${deep(100_000)}}`);
    const body = await app().inject({ method: 'POST', url: hook(), headers: { 'content-type': 'application/json' }, payload: text, remoteAddress: '198.51.100.9' });
    expect(body.statusCode).toBeLessThan(500);
  });

  it('keeps only what a notification holds, and refused and ignored ones within a bound', async () => {
    const intake = new StoreIntake({ db: database.handle.db, clock: built.clock.now, box: built.secretBox, endpoints: { appleRootCertificates: [], appleOnlineChecks: false, googleApiUrl: google.apiUrl, googleTokenUrl: google.tokenUrl, timeoutMs: 5_000 }, keepUnapplied: 5 });
    for (let i = 0; i < 8; i += 1) {
      built.clock.advance(1_000);
      const body = pushBody({ ...notification({ token: '', test: true }), padding: 'x'.repeat(30_000) }, `m-test-${next()}`) as Parameters<StoreIntake['googleNotification']>[1];
      expect(await intake.googleNotification(catalog.appId, body, '198.51.100.20')).toEqual({ outcome: 'ignored' });
    }
    const kept = [...(await events('ignored')), ...(await events('refused'))];
    expect(kept.length).toBe(5);
    expect((await events('ignored'))[0]?.type).toBe('TEST');
    // What is kept is Google's fields: the padding anyone may add is not.
    const sizes = await database.handle.db.execute(sql`select max(length(payload::text))::int as size from store_events where app_id = ${catalog.appId} and type = 'TEST'`);
    expect((sizes as unknown as { rows: Array<{ size: number }> }).rows[0]?.size).toBeLessThan(1_000);
  });
});

describe('a new app’s defaults', () => {
  it('takes only pushes signed for its Play service account, and no sandbox data', async () => {
    const fresh = await catalogFixture(app(), owner(), team.projectId, { platform: 'android', products: [{ id: 'pro.lifetime', type: 'non_consumable', period: 'permanent' }], links: { pro: ['pro.lifetime'] } });
    const settingsOf = () => ok<StoreSettings>(app(), owner(), 'storeSettings.get', { params: { ...params(), id: fresh.appId } });
    // Without credentials nothing can be looked up, and the console says anyone may post.
    expect(await settingsOf()).toMatchObject({ acceptSandbox: false, googlePushEmail: null, googlePushOpen: true });
    await ok(app(), owner(), 'apps.putStoreCredentials', { params: { ...params(), id: fresh.appId }, body: { kind: 'googleServiceAccount', serviceAccountJson: account.json } });
    expect(await settingsOf()).toMatchObject({ googlePushEmail: account.clientEmail, googlePushAudience: null, googlePushDefault: true, googlePushOpen: false });

    const token = `otp-${randomUUID()}`;
    const body = pushBody({ ...notification({ token, oneTime: 'pro.lifetime' }), packageName: fresh.packageName }, `m-${next()}`);
    const send = (authorization?: string) =>
      app().inject({ method: 'POST', url: hook(fresh.appId), headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, payload: JSON.stringify(body), remoteAddress: '66.102.0.3' });
    const unsigned = await send();
    expect([unsigned.statusCode, unsigned.json<{ code: number }>().code]).toEqual([400, ErrorCode.GoogleNotificationInvalid]);

    // Signed for the service account (any audience: the settings name none), the purchase is looked
    // up; the fake serves one package, so for this app's it answers Google's 404.
    const asked = () => google.requests.filter((r) => r.path.includes(`/applications/${fresh.packageName}/purchases/products/pro.lifetime/tokens/${token}`)).length;
    expect(asked()).toBe(0);
    const signed = await send(`Bearer ${certs.token({ aud: 'https://console.example/hook', email: account.clientEmail })}`);
    expect(signed.json<{ code: number }>().code).toBe(ErrorCode.GooglePurchaseUnknown);
    expect(asked()).toBe(1);

    // Saved with the account cleared, it is open again, and the console says so.
    const current = await settingsOf();
    const saved = await ok<StoreSettings>(app(), owner(), 'storeSettings.update', { params: { ...params(), id: fresh.appId }, body: { appleAppId: null, acceptSandbox: false, googlePushEmail: null, googlePushAudience: null, version: current.version } });
    expect(saved).toMatchObject({ googlePushEmail: null, googlePushDefault: false, googlePushOpen: true });
  });

  it('a license tester’s purchase is ignored while the app takes no sandbox data', async () => {
    const token = `otp-${randomUUID()}`;
    const user = `u-${randomUUID()}`;
    google.products.set(`pro.lifetime/${token}`, product({ orderId: orderId(), user, sandbox: true }));
    expect((await push(notification({ token, oneTime: 'pro.lifetime' }))).data).toEqual({ outcome: 'ignored' });
    expect((await events('ignored'))[0]?.detail).toMatch(/^sandbox purchase/);
  });
});

