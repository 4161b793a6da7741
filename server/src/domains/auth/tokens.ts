import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits as base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new bearer token and the hash the database keeps.
 *
 * Only the SHA-256 hash is stored, so a leaked database or backup cannot be replayed as sessions;
 * a fast hash is enough because the token has 256 bits of entropy (no guessing to slow down).
 */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The header has no token at all. */
export const MISSING = Symbol('missing');
/** The header is present but is not `Bearer <credentials>`. */
export const MALFORMED = Symbol('malformed');
/**
 * The header is `Bearer <credentials>` but the credentials cannot be one of our tokens: answered
 * like any unknown token (101005), without a lookup.
 */
export const NOT_A_TOKEN = Symbol('not-a-token');

/** Reads `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(
  header: string | string[] | undefined,
): string | typeof MISSING | typeof MALFORMED | typeof NOT_A_TOKEN {
  if (header === undefined) return MISSING;
  if (Array.isArray(header)) return MALFORMED;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) return MALFORMED;
  return TOKEN_PATTERN.test(match[1]) ? match[1] : NOT_A_TOKEN;
}
