import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * Loopback fakes of the stores' HTTP APIs, for the real clients (Apple's AppStoreServerAPIClient,
 * Google's androidpublisher with google-auth-library) to talk to. They check what the real
 * services check first, that each call is authorized by the app's own key: Apple's bearer token
 * must be an ES256 JWT signed with the app's .p8 key for its issuer and bundle id; Google's token
 * endpoint takes only an RS256 assertion signed with the service account's key, and the API only
 * the access token it issued. And Google's ID token keys, with tokens signed as Pub/Sub signs the
 * pushes of an authenticated push subscription.
 */

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Verifies a compact JWS with a public key and answers its claims, or null. */
function verifiedClaims(token: string, publicKeyPem: string, alg: 'ES256' | 'RS256'): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (parsedHeader.alg !== alg) return null;
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    alg === 'ES256' ? { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' } : createPublicKey(publicKeyPem),
    Buffer.from(signature, 'base64url'),
  );
  return ok ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>) : null;
}

// ---------------------------------------------------------------------------------------------
// The App Store Server API

/** An App Store Connect key as an app's store credentials hold it. */
export function appleKey(): { keyId: string; issuerId: string; privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    keyId: 'TESTKEY123',
    issuerId: '57246542-96fe-1a63-e053-0824d011072a',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface FakeAppleApi {
  readonly url: string;
  readonly requests: Recorded[];
  /** Signed transactions by transaction id (the info endpoint and, per customer, the history). */
  readonly transactions: Map<string, string>;
  /** The customer's signed history per asked transaction id. */
  readonly history: Map<string, string[]>;
  /** The status answer per transaction id. */
  readonly statuses: Map<string, unknown>;
  close(): Promise<void>;
}

export async function fakeAppleApi(key: { keyId: string; issuerId: string; publicKey: string }, bundleId: string): Promise<FakeAppleApi> {
  const requests: Recorded[] = [];
  const transactions = new Map<string, string>();
  const history = new Map<string, string[]>();
  const statuses = new Map<string, unknown>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams });
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const claims = verifiedClaims(token, key.publicKey, 'ES256');
      const header = token ? (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: string }) : {};
      if (!claims || header.kid !== key.keyId || claims.iss !== key.issuerId || claims.bid !== bundleId || claims.aud !== 'appstoreconnect-v1') {
        json(response, 401, { errorCode: 4010000, errorMessage: 'Unauthenticated' });
        return;
      }
      let match = /^\/inApps\/v1\/transactions\/(\d+)$/.exec(url.pathname);
      if (match?.[1] && transactions.has(match[1])) return json(response, 200, { signedTransactionInfo: transactions.get(match[1]) });
      match = /^\/inApps\/v2\/history\/(\d+)$/.exec(url.pathname);
      if (match?.[1] && history.has(match[1])) {
        return json(response, 200, { revision: 'r1', hasMore: false, bundleId, environment: 'Production', signedTransactions: history.get(match[1]) });
      }
      match = /^\/inApps\/v1\/subscriptions\/(\d+)$/.exec(url.pathname);
      if (match?.[1] && statuses.has(match[1])) return json(response, 200, statuses.get(match[1]));
      json(response, 404, { errorCode: 4040010, errorMessage: 'Transaction id not found.' });
    })();
  });
  const url = await listen(server);
  return { url, requests, transactions, history, statuses, close: () => close(server) };
}

// ---------------------------------------------------------------------------------------------
// Google's token endpoint and the Play Developer API

/** A service account key file as Google issues it. */
export function serviceAccount(): { json: string; publicKey: string; clientEmail: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'play-api@palette-tests.iam.gserviceaccount.com';
  return {
    clientEmail,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    json: JSON.stringify({
      type: 'service_account',
      project_id: 'palette-tests',
      private_key_id: 'abc123def456',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  };
}

export interface FakeGoogle {
  /** The token endpoint (GOOGLE_TOKEN_URL). */
  readonly tokenUrl: string;
  /** The API's root (GOOGLE_API_URL). */
  readonly apiUrl: string;
  readonly requests: Recorded[];
  /** subscriptionsv2 answers by purchase token. */
  readonly subscriptions: Map<string, unknown>;
  /** products answers by `productId/token`. */
  readonly products: Map<string, unknown>;
  /** The Voided Purchases API's list (VoidedPurchase objects), served 2 per page to exercise paging. */
  readonly voided: Array<Record<string, unknown>>;
  /** How many access tokens were issued. */
  tokensIssued(): number;
  /** Answer this status to every API call until reset (null: normal). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function fakeGoogle(account: { publicKey: string; clientEmail: string }, packageName: string): Promise<FakeGoogle> {
  const requests: Recorded[] = [];
  const subscriptions = new Map<string, unknown>();
  const products = new Map<string, unknown>();
  const voided: Array<Record<string, unknown>> = [];
  const issued = new Set<string>();
  let failure: number | null = null;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams });
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await body(request));
        const claims = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? verifiedClaims(form.get('assertion') ?? '', account.publicKey, 'RS256') : null;
        if (!claims || claims.iss !== account.clientEmail || claims.scope !== 'https://www.googleapis.com/auth/androidpublisher') {
          return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
        const token = `ya29.fake-${issued.size + 1}`;
        issued.add(token);
        return json(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!issued.has(token)) return json(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      if (failure !== null) return json(response, failure, { error: { code: failure, message: 'Backend Error', status: 'INTERNAL' } });
      const base = `/androidpublisher/v3/applications/${encodeURIComponent(packageName)}/purchases`;
      if (url.pathname === `${base}/voidedpurchases`) {
        const from = Number(url.searchParams.get('token') ?? '0');
        const page = voided.slice(from, from + 2);
        return json(response, 200, { voidedPurchases: page, ...(from + 2 < voided.length ? { tokenPagination: { nextPageToken: String(from + 2) } } : {}) });
      }
      let match = new RegExp(`^${base}/subscriptionsv2/tokens/([^/]+)$`).exec(url.pathname);
      if (match?.[1] && subscriptions.has(decodeURIComponent(match[1]))) return json(response, 200, subscriptions.get(decodeURIComponent(match[1])));
      match = new RegExp(`^${base}/products/([^/]+)/tokens/([^/]+)$`).exec(url.pathname);
      const productKey = match ? `${decodeURIComponent(match[1] ?? '')}/${decodeURIComponent(match[2] ?? '')}` : '';
      if (match && products.has(productKey)) return json(response, 200, products.get(productKey));
      // Google answers 400 for a token that is not one at all, 404 for one it does not know.
      if (/invalid/.test(url.pathname)) return json(response, 400, { error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT' } });
      json(response, 404, { error: { code: 404, message: 'The purchase token was not found.', status: 'NOT_FOUND' } });
    })();
  });
  const url = await listen(server);
  return {
    tokenUrl: `${url}/token`,
    apiUrl: `${url}/`,
    requests,
    subscriptions,
    products,
    voided,
    tokensIssued: () => issued.size,
    failWith: (status) => {
      failure = status;
    },
    close: () => close(server),
  };
}

/** A Pub/Sub push body carrying a developer notification. */
export function pushBody(notification: Record<string, unknown>, messageId: string): Record<string, unknown> {
  return {
    message: { data: Buffer.from(JSON.stringify(notification)).toString('base64'), messageId, message_id: messageId, publishTime: '2030-01-01T00:00:00.000Z' },
    subscription: 'projects/palette-tests/subscriptions/play-rtdn',
  };
}

// ---------------------------------------------------------------------------------------------
// Google's ID token keys (Pub/Sub push authentication)

export interface FakeGoogleCerts {
  /** The certs document (GOOGLE_PUSH_CERTS_URL): PEM public keys by key id, as oauth2/v1/certs. */
  readonly url: string;
  /** How many times the document was read. */
  fetches(): number;
  /**
   * An ID token as Pub/Sub signs it for a push: RS256 with the served key, issued by Google, valid
   * for an hour from now (real time: the library reads the clock itself); `claims` override any
   * claim, `forged` signs with a key nobody serves under the same key id.
   */
  token(claims: Record<string, unknown>, options?: { readonly forged?: boolean }): string;
  close(): Promise<void>;
}

export async function fakeGoogleCerts(): Promise<FakeGoogleCerts> {
  const served = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'f2e11986282de93f27b264fd2a4de192993dcb8c';
  let fetches = 0;
  const server = createServer((request, response) => {
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' });
    response.end(JSON.stringify({ [kid]: served.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
  });
  const url = await listen(server);
  return {
    url: `${url}/oauth2/v1/certs`,
    fetches: () => fetches,
    token: (claims, options = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({ iss: 'https://accounts.google.com', sub: '112233445566778899000', azp: '112233445566778899000', email_verified: true, iat: now, exp: now + 3600, ...claims }),
      ).toString('base64url');
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), options.forged ? stranger.privateKey : served.privateKey).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
    close: () => close(server),
  };
}
