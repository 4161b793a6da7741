import { createPrivateKey, generateKeyPairSync, randomUUID, sign, X509Certificate, type KeyObject } from 'node:crypto';
import jsrsasign from 'jsrsasign';

/**
 * A certificate chain shaped like the App Store's, made by the test for itself: a root, an
 * intermediate carrying Apple's WWDR marker extension (1.2.840.113635.100.6.2.1, a CA) and a leaf
 * carrying the App Store receipt-signing marker (1.2.840.113635.100.6.11.1), all P-256. Apple's
 * library (SignedDataVerifier) checks exactly these, so trusting this root in a test verifies
 * payloads the test signs with the leaf, and nothing else: the library is never replaced.
 *
 * Certificates are made with jsrsasign, the ASN.1 library the App Store Server Library itself
 * depends on; payloads are signed as ES256 JWS with node:crypto.
 */

const { KJUR } = jsrsasign;

interface KeyPair {
  readonly privatePem: string;
  readonly publicPem: string;
  readonly privateKey: KeyObject;
}

function ecKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}

let serial = 1;

function certificate(options: {
  subject: string;
  issuer: string;
  subjectKey: KeyPair;
  issuerKey: KeyPair;
  ca: boolean;
  marker?: string;
  notBefore?: string;
  notAfter?: string;
}): X509Certificate {
  serial += 1;
  const ext: object[] = [{ extname: 'basicConstraints', cA: options.ca, critical: true }];
  ext.push({ extname: 'keyUsage', critical: true, names: options.ca ? ['keyCertSign', 'cRLSign'] : ['digitalSignature'] });
  // An ASN.1 NULL as the marker's value, as in Apple's certificates.
  if (options.marker) ext.push({ extname: options.marker, extn: '0500' });
  const cert = new KJUR.asn1.x509.Certificate({
    version: 3,
    serial: { int: serial },
    issuer: { str: options.issuer },
    notbefore: options.notBefore ?? '200101000000Z',
    notafter: options.notAfter ?? '401231235959Z',
    subject: { str: options.subject },
    sbjpubkey: options.subjectKey.publicPem,
    ext,
    sigalg: 'SHA256withECDSA',
    cakey: options.issuerKey.privatePem,
  } as never);
  return new X509Certificate(cert.getPEM());
}

export const APPLE_LEAF_MARKER = '1.2.840.113635.100.6.11.1';
export const APPLE_INTERMEDIATE_MARKER = '1.2.840.113635.100.6.2.1';

/** A chain and what signs with it. */
export interface TestChain {
  readonly root: X509Certificate;
  readonly intermediate: X509Certificate;
  readonly leaf: X509Certificate;
  /** The root in DER, for `StoreEndpoints.appleRootCertificates`. */
  readonly rootDer: Buffer;
  /** The root in PEM, for APPLE_ROOT_CERTIFICATES files. */
  readonly rootPem: string;
  /** Signs a payload as the App Store does: ES256 with the leaf, `x5c` = leaf, intermediate, root. */
  sign(payload: object): string;
  /** The same chain with another leaf from the same intermediate, lacking Apple's signing marker. */
  withUnmarkedLeaf(): TestChain;
  /** What signing needs, as text (another process signs with `signerOf`). */
  readonly exported: ExportedSigner;
}

/** A chain's signing material as text: the `x5c` header and the leaf's private key. */
export interface ExportedSigner {
  readonly x5c: readonly string[];
  readonly leafKeyPem: string;
}

/** Signs like the App Store with exported material (ES256, `x5c` in the header). */
export function signerOf(exported: ExportedSigner): { sign(payload: object): string } {
  const key = createPrivateKey(exported.leafKeyPem);
  return {
    sign(payload: object): string {
      const header = Buffer.from(JSON.stringify({ alg: 'ES256', x5c: exported.x5c })).toString('base64url');
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = sign('sha256', Buffer.from(`${header}.${body}`), { key, dsaEncoding: 'ieee-p1363' });
      return `${header}.${body}.${signature.toString('base64url')}`;
    },
  };
}

export function makeChain(options: { leafMarker?: boolean; intermediateMarker?: boolean } = {}): TestChain {
  const rootKey = ecKeyPair();
  const intermediateKey = ecKeyPair();
  const leafKey = ecKeyPair();
  const rootName = '/CN=Test Root CA/O=Palette Tests/C=US';
  const intermediateName = '/CN=Test WWDR Intermediate/O=Palette Tests/C=US';
  const root = certificate({ subject: rootName, issuer: rootName, subjectKey: rootKey, issuerKey: rootKey, ca: true });
  const intermediate = certificate({
    subject: intermediateName,
    issuer: rootName,
    subjectKey: intermediateKey,
    issuerKey: rootKey,
    ca: true,
    ...(options.intermediateMarker === false ? {} : { marker: APPLE_INTERMEDIATE_MARKER }),
  });
  const chainWith = (marked: boolean): TestChain => {
    const key = marked ? leafKey : ecKeyPair();
    const leaf = certificate({
      subject: '/CN=Test App Store Signing/O=Palette Tests/C=US',
      issuer: intermediateName,
      subjectKey: key,
      issuerKey: intermediateKey,
      ca: false,
      ...(marked ? { marker: APPLE_LEAF_MARKER } : {}),
    });
    const x5c = [leaf, intermediate, root].map((cert) => cert.raw.toString('base64'));
    const signer = signerOf({ x5c, leafKeyPem: key.privatePem });
    return {
      root,
      intermediate,
      leaf,
      rootDer: root.raw,
      rootPem: root.toString(),
      sign: (payload: object) => signer.sign(payload),
      withUnmarkedLeaf: () => chainWith(false),
      exported: { x5c, leafKeyPem: key.privatePem },
    };
  };
  return chainWith(options.leafMarker !== false);
}

// ---------------------------------------------------------------------------------------------
// App Store payloads, shaped as Apple documents them

export interface TransactionOptions {
  readonly bundleId: string;
  readonly environment?: 'Production' | 'Sandbox';
  readonly transactionId: string;
  readonly originalTransactionId?: string;
  readonly productId: string;
  readonly purchaseDate: number;
  readonly originalPurchaseDate?: number;
  readonly expiresDate?: number;
  readonly type?: 'Auto-Renewable Subscription' | 'Non-Consumable' | 'Consumable' | 'Non-Renewing Subscription';
  readonly appAccountToken?: string;
  readonly price?: number;
  readonly currency?: string;
  readonly storefront?: string;
  readonly offerType?: number;
  readonly offerDiscountType?: string;
  readonly revocationDate?: number;
  readonly revocationReason?: number;
  readonly inAppOwnershipType?: 'PURCHASED' | 'FAMILY_SHARED';
  readonly signedDate?: number;
}

export function transactionPayload(o: TransactionOptions): Record<string, unknown> {
  return {
    transactionId: o.transactionId,
    originalTransactionId: o.originalTransactionId ?? o.transactionId,
    webOrderLineItemId: `${o.transactionId}9`,
    bundleId: o.bundleId,
    productId: o.productId,
    subscriptionGroupIdentifier: '21000001',
    purchaseDate: o.purchaseDate,
    originalPurchaseDate: o.originalPurchaseDate ?? o.purchaseDate,
    ...(o.expiresDate !== undefined ? { expiresDate: o.expiresDate } : {}),
    quantity: 1,
    type: o.type ?? 'Auto-Renewable Subscription',
    ...(o.appAccountToken ? { appAccountToken: o.appAccountToken } : {}),
    inAppOwnershipType: o.inAppOwnershipType ?? 'PURCHASED',
    signedDate: o.signedDate ?? o.purchaseDate,
    environment: o.environment ?? 'Production',
    transactionReason: 'PURCHASE',
    storefront: o.storefront ?? 'USA',
    storefrontId: '143441',
    price: o.price ?? 9990,
    currency: o.currency ?? 'USD',
    ...(o.offerType !== undefined ? { offerType: o.offerType } : {}),
    ...(o.offerDiscountType ? { offerDiscountType: o.offerDiscountType } : {}),
    ...(o.revocationDate !== undefined ? { revocationDate: o.revocationDate, revocationReason: o.revocationReason ?? 0 } : {}),
  };
}

export function renewalPayload(o: { originalTransactionId: string; productId: string; environment?: 'Production' | 'Sandbox'; autoRenewStatus?: 0 | 1; gracePeriodExpiresDate?: number; signedDate: number }): Record<string, unknown> {
  return {
    originalTransactionId: o.originalTransactionId,
    autoRenewProductId: o.productId,
    productId: o.productId,
    autoRenewStatus: o.autoRenewStatus ?? 1,
    ...(o.gracePeriodExpiresDate !== undefined ? { gracePeriodExpiresDate: o.gracePeriodExpiresDate, isInBillingRetryPeriod: true } : {}),
    signedDate: o.signedDate,
    environment: o.environment ?? 'Production',
  };
}

/** A signed App Store Server Notification V2 (`signedPayload`) for a transaction. */
export function signedNotification(
  chain: { sign(payload: object): string },
  o: {
    notificationType: string;
    subtype?: string;
    uuid?: string;
    signedDate: number;
    bundleId: string;
    appAppleId?: number;
    environment?: 'Production' | 'Sandbox';
    status?: number;
    transaction?: Record<string, unknown>;
    renewal?: Record<string, unknown>;
  },
): string {
  return chain.sign({
    notificationType: o.notificationType,
    ...(o.subtype ? { subtype: o.subtype } : {}),
    notificationUUID: o.uuid ?? randomUUID(),
    version: '2.0',
    signedDate: o.signedDate,
    data: {
      ...(o.appAppleId !== undefined ? { appAppleId: o.appAppleId } : {}),
      bundleId: o.bundleId,
      bundleVersion: '42',
      environment: o.environment ?? 'Production',
      ...(o.transaction ? { signedTransactionInfo: chain.sign(o.transaction) } : {}),
      ...(o.renewal ? { signedRenewalInfo: chain.sign(o.renewal) } : {}),
      ...(o.status !== undefined ? { status: o.status } : {}),
    },
  });
}
