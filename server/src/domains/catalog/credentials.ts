import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import type { CardPaymentInput, Platform, StoreCredentialsInput } from '@contract/resources/projects';
import { AppError } from '../../errors';
import { fingerprintOf } from '../../crypto/secret-box';

/**
 * Checks of uploaded store credentials and card payment keys. The contract only knows they are
 * strings; what makes them usable is checked here, before anything is stored: a refusal is 102012
 * (credentials) or 102014 (card payment) with field errors saying which part is wrong.
 */

const PKCS8_HEADER = /^-----BEGIN PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PRIVATE KEY-----\s*$/;

/** Whether a text is a PEM PKCS#8 private key of the given type (and EC curve) that Node can load. */
function isPkcs8Key(pem: string, type: 'ec' | 'rsa', curve?: string): boolean {
  if (!PKCS8_HEADER.test(pem.trim() + '\n')) return false;
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType !== type) return false;
    return curve === undefined || key.asymmetricKeyDetails?.namedCurve === curve;
  } catch {
    return false;
  }
}

/** The summary kept beside the sealed credentials and shown in place of them. */
export type StoreSummary = Record<'kind' | 'keyId' | 'fingerprint', string> & Record<'issuerId' | 'clientEmail', string | null>;

const serviceAccountShape = z.object({
  type: z.string().optional(),
  client_email: z.string().optional(),
  private_key: z.string().optional(),
  private_key_id: z.string().optional(),
});

function refuse(code: number, fieldErrors: FieldErrors): never {
  throw new AppError(code, { fieldErrors });
}

/**
 * Checks store credentials for an app of `platform` and answers their summary (102012 otherwise):
 * an App Store Connect API key is a PEM PKCS#8 EC (P-256) private key, the content of the .p8 file;
 * a Google service account key is JSON with `type: service_account`, a `client_email` and an RSA
 * PKCS#8 `private_key`.
 */
export function checkStoreCredentials(platform: Platform, input: StoreCredentialsInput): StoreSummary {
  const expected = platform === 'ios' ? 'appStoreConnect' : 'googleServiceAccount';
  if (input.kind !== expected) refuse(ErrorCode.CredentialFileInvalid, { kind: { key: 'validation.credentialKind' } });
  if (input.kind === 'appStoreConnect') {
    if (!isPkcs8Key(input.privateKey, 'ec', 'prime256v1')) refuse(ErrorCode.CredentialFileInvalid, { privateKey: { key: 'validation.p8Key' } });
    return { kind: input.kind, keyId: input.keyId, issuerId: input.issuerId, clientEmail: null, fingerprint: fingerprintOf(input.privateKey.trim()) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.serviceAccountJson);
  } catch {
    return refuse(ErrorCode.CredentialFileInvalid, { serviceAccountJson: { key: 'validation.serviceAccountJson' } });
  }
  const account = serviceAccountShape.safeParse(parsed);
  if (!account.success || account.data.type !== 'service_account') {
    refuse(ErrorCode.CredentialFileInvalid, { serviceAccountJson: { key: 'validation.serviceAccountType' } });
  }
  const { client_email: clientEmail, private_key: privateKey, private_key_id: keyId } = account.data;
  if (!clientEmail || !z.email().safeParse(clientEmail).success) {
    refuse(ErrorCode.CredentialFileInvalid, { serviceAccountJson: { key: 'validation.serviceAccountEmail' } });
  }
  if (!privateKey || !isPkcs8Key(privateKey, 'rsa')) refuse(ErrorCode.CredentialFileInvalid, { serviceAccountJson: { key: 'validation.serviceAccountKey' } });
  const fingerprint = fingerprintOf(privateKey.trim());
  return { kind: input.kind, keyId: keyId && /^[A-Za-z0-9]{1,64}$/.test(keyId) ? keyId : fingerprint, issuerId: null, clientEmail, fingerprint };
}

/** The summary kept beside sealed card payment keys. */
export type CardSummary = Record<'provider' | 'publishableKey' | 'secretKeyFingerprint' | 'webhookSecretFingerprint', string> & { mode: string | null };

const stripe = {
  publishableKey: /^pk_(test|live)_[A-Za-z0-9]{16,247}$/,
  secretKey: /^(?:sk|rk)_(test|live)_[A-Za-z0-9]{16,247}$/,
  webhookSecret: /^whsec_[A-Za-z0-9+/=]{16,249}$/,
};
const paypal = {
  publishableKey: /^[A-Za-z0-9_-]{20,128}$/,
  secretKey: /^[A-Za-z0-9_-]{20,128}$/,
  webhookSecret: /^[A-Z0-9]{8,32}$/,
};

/**
 * Checks a card payment configuration's shape per provider and answers its summary (102014
 * otherwise): Stripe keys by their prefixes and one mode (test or live) for both keys; PayPal client
 * id and secret by their alphabet and length, the webhook id by its form.
 */
export function checkCardPayment(input: CardPaymentInput): CardSummary {
  const errors: FieldErrors = {};
  let mode: string | null = null;
  if (input.provider === 'stripe') {
    const publishable = stripe.publishableKey.exec(input.publishableKey);
    const secret = stripe.secretKey.exec(input.secretKey);
    if (!publishable) errors.publishableKey = { key: 'validation.stripePublishableKey' };
    if (!secret) errors.secretKey = { key: 'validation.stripeSecretKey' };
    if (!stripe.webhookSecret.test(input.webhookSecret)) errors.webhookSecret = { key: 'validation.stripeWebhookSecret' };
    if (publishable && secret && publishable[1] !== secret[1]) errors.secretKey = { key: 'validation.cardKeyMode' };
    mode = publishable?.[1] ?? null;
  } else {
    if (!paypal.publishableKey.test(input.publishableKey)) errors.publishableKey = { key: 'validation.paypalClientId' };
    if (!paypal.secretKey.test(input.secretKey)) errors.secretKey = { key: 'validation.paypalSecret' };
    if (!paypal.webhookSecret.test(input.webhookSecret)) errors.webhookSecret = { key: 'validation.paypalWebhookId' };
  }
  if (Object.keys(errors).length > 0) refuse(ErrorCode.CardProviderConfigInvalid, errors);
  return {
    provider: input.provider,
    publishableKey: input.publishableKey,
    mode,
    secretKeyFingerprint: fingerprintOf(input.secretKey),
    webhookSecretFingerprint: fingerprintOf(input.webhookSecret),
  };
}
