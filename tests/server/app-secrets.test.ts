import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { App, AuditEntry, CardPaymentSummary, StoreCredentialsSummary } from '@contract/resources/projects';
import type { ListPage } from '@contract/envelope';
import { appSecrets, settings } from '../../server/src/db/schema';
import { SecretBox, openSecretBox, parseCredentialsKey } from '../../server/src/crypto/secret-box';
import { SettingsRepository } from '../../server/src/domains/settings/repository';
import { AppError } from '../../server/src/errors';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, codeOfCall, ok, projectWithTeam, seenReplies, type ProjectTeam } from './helpers/projects';

/**
 * Store credentials and card payment keys: checked before they are stored (102012, 102014), stored
 * encrypted (AES-256-GCM bound to app and kind), and never answered: every reply of this file is
 * scanned for the secrets at the end.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let iosApp: App;
let androidApp: App;

const ecPem = (): string => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const rsaPem = (): string => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The base64 body of a PEM key: what a leak would contain even with the header lines stripped. */
const pemBody = (pem: string): string => pem.split('\n').filter((line) => line && !line.startsWith('-----')).join('').slice(10, 70);

const ascKey = ecPem();
const serviceAccountKey = rsaPem();
const stripeSecret = `sk_test_${randomBytes(24).toString('hex')}`;
const stripeWebhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
const paypalSecret = `EL${randomBytes(30).toString('hex')}`;

function serviceAccount(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: 'service_account',
    project_id: 'palette-play',
    private_key_id: 'a1b2c3d4e5f6',
    private_key: serviceAccountKey,
    client_email: 'publisher@palette-play.iam.gserviceaccount.com',
    ...overrides,
  });
}

const p = (id: string) => ({ projectId: team.projectId, id });

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  iosApp = await ok<App>(built.app, team.owner.token, 'apps.create', { params: { projectId: team.projectId }, body: { platform: 'ios', name: 'Secrets iOS', packageName: `com.secrets.t${process.pid}` } });
  androidApp = await ok<App>(built.app, team.owner.token, 'apps.create', {
    params: { projectId: team.projectId },
    body: { platform: 'android', name: 'Secrets Android', packageName: `com.secrets.t${process.pid}.android` },
  });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('store credentials', () => {
  it('accepts an App Store Connect key for an iOS app and answers only its summary', async () => {
    const summary = await ok<StoreCredentialsSummary>(built.app, team.admin.token, 'apps.putStoreCredentials', {
      params: p(iosApp.id),
      body: { kind: 'appStoreConnect', keyId: 'ABCDE12345', issuerId: '57246542-96fe-1a63-e053-0824d011072a', privateKey: ascKey },
    });
    expect(summary).toMatchObject({ kind: 'appStoreConnect', keyId: 'ABCDE12345', issuerId: '57246542-96fe-1a63-e053-0824d011072a', clientEmail: null });
    expect(summary.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(summary.uploadedBy).toEqual({ id: team.admin.id, name: 'Admin' });
    const appItem = await ok<App>(built.app, team.viewer.token, 'apps.get', { params: p(iosApp.id) });
    expect(appItem.storeCredentials).toEqual(summary);
    expect(appItem.version).toBe(iosApp.version + 1);
  });

  it('refuses what is not a PEM PKCS#8 EC key, or the wrong kind for the platform, with 102012', async () => {
    const put = (appId: string, body: unknown) => call(built.app, team.owner.token, 'apps.putStoreCredentials', { params: p(appId), body });
    const asc = (privateKey: string) => ({ kind: 'appStoreConnect', keyId: 'ABCDE12345', issuerId: '57246542-96fe-1a63-e053-0824d011072a', privateKey });
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of [rsaPem(), sec1, p384, 'not a key', ascKey.replace(/[A-Za-z]{8}/, 'AAAAAAAA')]) {
      const reply = await put(iosApp.id, asc(bad));
      expect(reply.envelope.code).toBe(ErrorCode.CredentialFileInvalid);
      expect(reply.envelope.fieldErrors?.privateKey?.key).toBe('validation.p8Key');
    }
    const wrongKind = await put(androidApp.id, asc(ascKey));
    expect(wrongKind.envelope.code).toBe(ErrorCode.CredentialFileInvalid);
    expect(wrongKind.envelope.fieldErrors?.kind?.key).toBe('validation.credentialKind');
    const badKeyId = await put(iosApp.id, { ...asc(ascKey), keyId: 'short' });
    expect(badKeyId.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(badKeyId.envelope.fieldErrors?.keyId?.key).toBe('validation.appleKeyId');
  });

  it('accepts a Google service account JSON for an Android app and checks its parts', async () => {
    const summary = await ok<StoreCredentialsSummary>(built.app, team.owner.token, 'apps.putStoreCredentials', {
      params: p(androidApp.id),
      body: { kind: 'googleServiceAccount', serviceAccountJson: serviceAccount() },
    });
    expect(summary).toMatchObject({ kind: 'googleServiceAccount', keyId: 'a1b2c3d4e5f6', clientEmail: 'publisher@palette-play.iam.gserviceaccount.com', issuerId: null });
    const cases: Array<[string, string]> = [
      ['{not json', 'validation.serviceAccountJson'],
      [serviceAccount({ type: 'authorized_user' }), 'validation.serviceAccountType'],
      [serviceAccount({ client_email: 'nobody' }), 'validation.serviceAccountEmail'],
      [serviceAccount({ private_key: ascKey }), 'validation.serviceAccountKey'],
      [serviceAccount({ private_key: undefined }), 'validation.serviceAccountKey'],
      ['[]', 'validation.serviceAccountType'],
    ];
    for (const [json, key] of cases) {
      const reply = await call(built.app, team.owner.token, 'apps.putStoreCredentials', { params: p(androidApp.id), body: { kind: 'googleServiceAccount', serviceAccountJson: json } });
      expect(reply.envelope.code, json).toBe(ErrorCode.CredentialFileInvalid);
      expect(reply.envelope.fieldErrors?.serviceAccountJson?.key, json).toBe(key);
    }
  });

  it('stores them encrypted, bound to the app and kind', async () => {
    const [row] = await database.handle.db.select().from(appSecrets).where(eq(appSecrets.appId, iosApp.id));
    expect(row?.ciphertext).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(row?.ciphertext).not.toContain(pemBody(ascKey));
    const opened = JSON.parse(built.secretBox.open(row?.ciphertext as string, `app:${iosApp.id}:store`)) as { privateKey: string };
    expect(opened.privateKey).toBe(ascKey);
    expect(() => built.secretBox.open(row?.ciphertext as string, `app:${androidApp.id}:store`)).toThrow(AppError);
    const otherKey = new SecretBox(randomBytes(32));
    expect(() => otherKey.open(row?.ciphertext as string, `app:${iosApp.id}:store`)).toThrow(expect.objectContaining({ code: ErrorCode.EncryptionError }));
  });

  it('keeps the generated key in the settings table once, shared by every server on the database', async () => {
    const stored = await database.handle.db.select().from(settings).where(eq(settings.key, 'credentials_key'));
    expect(stored).toHaveLength(1);
    const again = await openSecretBox(undefined, new SettingsRepository(database.handle.db, () => new Date()));
    const [row] = await database.handle.db.select().from(appSecrets).where(eq(appSecrets.appId, iosApp.id));
    expect(JSON.parse(again.open(row?.ciphertext as string, `app:${iosApp.id}:store`)).privateKey).toBe(ascKey);
    expect(() => parseCredentialsKey('c2hvcnQ=')).toThrow();
    const configured = await openSecretBox(randomBytes(32).toString('base64'), new SettingsRepository(database.handle.db, () => new Date()));
    expect(() => configured.open(row?.ciphertext as string, `app:${iosApp.id}:store`)).toThrow(AppError);
  });

  it('removes them (102013 when there are none), with audit rows that hold no secret', async () => {
    await ok(built.app, team.owner.token, 'apps.deleteStoreCredentials', { params: p(androidApp.id) });
    expect((await ok<App>(built.app, team.owner.token, 'apps.get', { params: p(androidApp.id) })).storeCredentials).toBeNull();
    expect(await codeOfCall(built.app, team.owner.token, 'apps.deleteStoreCredentials', { params: p(androidApp.id) })).toBe(ErrorCode.CredentialFileMissing);
    const audit = await ok<ListPage<AuditEntry>>(built.app, team.owner.token, 'audit.list', { params: { projectId: team.projectId }, query: { entityId: androidApp.id, sort: 'at:asc' } });
    expect(audit.items.map((e) => e.action)).toEqual(['create', 'upload', 'remove']);
  });

  it('may be changed by owners and admins only', async () => {
    const body = { kind: 'appStoreConnect', keyId: 'ABCDE12345', issuerId: '57246542-96fe-1a63-e053-0824d011072a', privateKey: ascKey };
    expect(await codeOfCall(built.app, team.editor.token, 'apps.putStoreCredentials', { params: p(iosApp.id), body })).toBe(ErrorCode.Forbidden);
    expect(await codeOfCall(built.app, team.outsider.token, 'apps.putStoreCredentials', { params: p(iosApp.id), body })).toBe(ErrorCode.NotProjectMember);
  });
});

describe('card payment', () => {
  it('accepts Stripe keys of one mode and answers fingerprints instead of secrets', async () => {
    const summary = await ok<CardPaymentSummary>(built.app, team.owner.token, 'apps.putCardPayment', {
      params: p(iosApp.id),
      body: { provider: 'stripe', publishableKey: 'pk_test_51HxyzABCDEFGHIJKLMNOP', secretKey: stripeSecret, webhookSecret: stripeWebhookSecret },
    });
    expect(summary).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_51HxyzABCDEFGHIJKLMNOP', mode: 'test' });
    expect(summary.secretKeyFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect((await ok<App>(built.app, team.owner.token, 'apps.get', { params: p(iosApp.id) })).cardPayment).toEqual(summary);
  });

  it('accepts PayPal credentials', async () => {
    const summary = await ok<CardPaymentSummary>(built.app, team.owner.token, 'apps.putCardPayment', {
      params: p(androidApp.id),
      body: { provider: 'paypal', publishableKey: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', secretKey: paypalSecret, webhookSecret: '8PT597110X687430LKGECATA' },
    });
    expect(summary).toMatchObject({ provider: 'paypal', mode: null });
  });

  it('refuses a wrong shape with 102014 and says which key', async () => {
    const put = (body: Record<string, string>) => call(built.app, team.owner.token, 'apps.putCardPayment', { params: p(iosApp.id), body });
    const stripe = { provider: 'stripe', publishableKey: 'pk_test_51HxyzABCDEFGHIJKLMNOP', secretKey: stripeSecret, webhookSecret: stripeWebhookSecret };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...stripe, publishableKey: 'sk_test_51HxyzABCDEFGHIJKLMNOP' }, 'publishableKey', 'validation.stripePublishableKey'],
      [{ ...stripe, secretKey: 'pk_test_51HxyzABCDEFGHIJKLMNOP' }, 'secretKey', 'validation.stripeSecretKey'],
      [{ ...stripe, webhookSecret: 'secret' }, 'webhookSecret', 'validation.stripeWebhookSecret'],
      [{ ...stripe, secretKey: stripeSecret.replace('sk_test_', 'sk_live_') }, 'secretKey', 'validation.cardKeyMode'],
      [{ provider: 'paypal', publishableKey: 'short', secretKey: paypalSecret, webhookSecret: '8PT597110X687430LKGECATA' }, 'publishableKey', 'validation.paypalClientId'],
      [{ provider: 'paypal', publishableKey: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', secretKey: paypalSecret, webhookSecret: 'lower-case' }, 'webhookSecret', 'validation.paypalWebhookId'],
    ];
    for (const [body, field, key] of cases) {
      const reply = await put(body);
      expect(reply.envelope.code).toBe(ErrorCode.CardProviderConfigInvalid);
      expect(reply.envelope.fieldErrors?.[field]?.key).toBe(key);
    }
  });

  it('is removed on request (108002 when there is none)', async () => {
    await ok(built.app, team.owner.token, 'apps.deleteCardPayment', { params: p(androidApp.id) });
    expect(await codeOfCall(built.app, team.owner.token, 'apps.deleteCardPayment', { params: p(androidApp.id) })).toBe(ErrorCode.DataMissing);
  });
});

describe('no reply ever carries a secret', () => {
  it('holds for every reply of this file, lists and audit log included', async () => {
    await ok(built.app, team.owner.token, 'apps.list', { params: { projectId: team.projectId }, query: { trashed: false } });
    await ok(built.app, team.owner.token, 'audit.list', { params: { projectId: team.projectId }, query: { pageSize: 200 } });
    await ok(built.app, team.owner.token, 'me.menus');
    const secrets = [pemBody(ascKey), pemBody(serviceAccountKey), stripeSecret, stripeWebhookSecret, paypalSecret];
    expect(seenReplies.length).toBeGreaterThan(20);
    for (const reply of seenReplies) for (const secret of secrets) expect(reply.includes(secret), secret).toBe(false);
  });
});
