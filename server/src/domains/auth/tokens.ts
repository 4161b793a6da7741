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
/** The header is present but is not `Bearer <token>` with a well-formed token. */
export const MALFORMED = Symbol('malformed');

/** Reads `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(header: string | string[] | undefined): string | typeof MISSING | typeof MALFORMED {
  if (header === undefined) return MISSING;
  if (Array.isArray(header)) return MALFORMED;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1] || !TOKEN_PATTERN.test(match[1])) return MALFORMED;
  return match[1];
}
