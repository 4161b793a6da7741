import { createHash, randomBytes } from 'node:crypto';
import { CLIENT_KEY_PREFIX, CLIENT_KEY_SHOWN_LENGTH } from '@contract/api/client-keys';

/**
 * A new public client key (`pk_` and 32 random bytes in base64url, 46 characters in all), the
 * SHA-256 the database keeps of it and the first characters it shows.
 *
 * A fast hash is enough: the key has 256 bits of entropy, so there is nothing to guess, and the
 * delivery API looks it up on every request.
 */
export function newClientKey(): { key: string; keyHash: string; prefix: string } {
  const key = `${CLIENT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashClientKey(key), prefix: key.slice(0, CLIENT_KEY_SHOWN_LENGTH) };
}

/** The SHA-256 (hex) of a presented key, as `client_keys.key_hash` holds it. */
export function hashClientKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
