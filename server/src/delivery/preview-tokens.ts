import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Preview link tokens: `pv1.<payload>.<signature>`, both base64url; the payload is JSON
 * `{ l: link id, p: project id, a: app id, e: expiry in unix seconds }` and the signature its
 * HMAC-SHA256 under a key derived from the credentials key. Checking one needs no database (the
 * delivery API also answers from its last-known-good copy); a link revoked early is refused through
 * the compiled project's list of revoked links.
 */

export interface PreviewTokenClaims {
  readonly linkId: string;
  readonly projectId: string;
  readonly appId: string;
  readonly expiresAt: Date;
}

const PREFIX = 'pv1';
/** Longer than any token this server makes; anything longer is refused unread. */
export const PREVIEW_TOKEN_MAX_LENGTH = 512;

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`${PREFIX}.${payload}`, 'utf8').digest('base64url');
}

export function signPreviewToken(key: Buffer, claims: PreviewTokenClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ l: claims.linkId, p: claims.projectId, a: claims.appId, e: Math.floor(claims.expiresAt.getTime() / 1000) }),
    'utf8',
  ).toString('base64url');
  return `${PREFIX}.${payload}.${sign(key, payload)}`;
}

export type PreviewTokenCheck = { readonly ok: true; readonly claims: PreviewTokenClaims } | { readonly ok: false; readonly reason: 'invalid' | 'expired' };

/** Whether a token is one this server signed, and not expired at `now`. */
export function verifyPreviewToken(key: Buffer, token: string, now: Date): PreviewTokenCheck {
  if (token.length > PREVIEW_TOKEN_MAX_LENGTH) return { ok: false, reason: 'invalid' };
  const [prefix, payload, signature, ...rest] = token.split('.');
  if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(key, payload), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let claims: { l?: unknown; p?: unknown; a?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.l !== 'string' || typeof claims.p !== 'string' || typeof claims.a !== 'string' || typeof claims.e !== 'number') return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(claims.e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { linkId: claims.l, projectId: claims.p, appId: claims.a, expiresAt } };
}
