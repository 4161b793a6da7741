import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';

/**
 * Where the stores are and whom to trust, for the whole server (never per project: an operator who
 * could change the trusted roots could forge purchases).
 *
 * Defaults are the real stores: Apple Root CA - G3 (embedded below; it signs every App Store Server
 * Notification and API answer), online checks on (certificate dates against now and OCSP
 * revocation, as Apple's library recommends), Apple's and Google's own API and token addresses.
 * The overrides exist for a proxy in front of the stores and for tests, which bring their own
 * certificate chain and loopback fakes of the APIs (APPLE_ROOT_CERTIFICATES, APPLE_ONLINE_CHECKS,
 * APPLE_API_URL, GOOGLE_API_URL, GOOGLE_TOKEN_URL, GOOGLE_PUSH_CERTS_URL in env.ts).
 */
export interface StoreEndpoints {
  /** DER certificates the App Store's signatures must chain up to. */
  readonly appleRootCertificates: readonly Buffer[];
  /** Check certificate dates against now and revocation online (OCSP); off: against the payload's signed date, offline. */
  readonly appleOnlineChecks: boolean;
  /** The App Store Server API's base URL for both environments, instead of Apple's (`https://api.storekit.itunes.apple.com`, `…-sandbox…`). */
  readonly appleApiUrl?: string | undefined;
  /** The Play Developer API's root URL instead of `https://androidpublisher.googleapis.com/`. */
  readonly googleApiUrl?: string | undefined;
  /** Google's OAuth 2.0 token endpoint instead of `https://oauth2.googleapis.com/token`. */
  readonly googleTokenUrl?: string | undefined;
  /**
   * Where the keys that sign Pub/Sub push tokens are published, instead of Google's
   * `https://www.googleapis.com/oauth2/v1/certs` (a JSON object of PEM certificates or public keys by
   * key id, the format google-auth-library reads on Node).
   */
  readonly googlePushCertsUrl?: string | undefined;
  /** How long one call to a store may take. */
  readonly timeoutMs: number;
}

/**
 * Apple Root CA - G3 (https://www.apple.com/certificateauthority/AppleRootCA-G3.cer), DER in base64.
 * SHA-256 fingerprint 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79
 * (checked by tests/server/commerce-apple.test.ts); valid until 2039.
 */
const APPLE_ROOT_CA_G3 =
  'MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwSQXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcNMTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBSb290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtfTjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySrMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gAMGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM6BgD56KyKA==';

export const appleRootCaG3: Buffer = Buffer.from(APPLE_ROOT_CA_G3, 'base64');

/** The real stores, trusting Apple's root. */
export const defaultStoreEndpoints: StoreEndpoints = {
  appleRootCertificates: [appleRootCaG3],
  appleOnlineChecks: true,
  timeoutMs: 15_000,
};

/**
 * Reads root certificates from files (PEM, possibly several in one file, or DER) as DER buffers;
 * throws naming the file when one holds no certificate.
 */
export function readRootCertificates(paths: readonly string[]): Buffer[] {
  const result: Buffer[] = [];
  for (const path of paths) {
    const bytes = readFileSync(path);
    const text = bytes.toString('latin1');
    const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    const ders = pems ? pems.map((pem) => new X509Certificate(pem).raw) : [new X509Certificate(bytes).raw];
    if (ders.length === 0) throw new Error(`${path} holds no certificate`);
    result.push(...ders);
  }
  return result;
}
