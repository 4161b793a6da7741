import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../errors';

/**
 * Encryption of the secrets the console keeps for a project (store credentials, card payment keys,
 * webhook signing secrets): AES-256-GCM with a random 96-bit nonce per value and the value's purpose
 * as associated data, so a ciphertext copied to another row or column does not decrypt.
 *
 * Where the key comes from is the trade-off (see `SettingsKeyStore` for the fallback):
 * - `CREDENTIALS_KEY` (32 bytes, base64) in the server's environment: the database alone (a dump, a
 *   backup, a read-only SQL account) reveals no secret. This is the setting for a shared PostgreSQL.
 * - Otherwise a key generated once and kept in the database's `settings` table. Secrets are still
 *   never answered by the API, logged or written into the audit log, and a column or a row that leaks
 *   on its own reveals nothing; but whoever has the whole database has the key too. Good enough for
 *   the embedded single-user default, where the database is a directory in the user's profile.
 *
 * A ciphertext names its key by a fingerprint, so changing CREDENTIALS_KEY later makes old values fail
 * to decrypt with 1004 instead of yielding garbage; re-upload them after a key change.
 */

const VERSION = 'v1';

/** The first 8 hex digits of SHA-256 of the key: identifies a key without revealing it. */
function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Parses CREDENTIALS_KEY: base64 (standard or URL-safe) of exactly 32 bytes. */
export function parseCredentialsKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes encoded as base64');
  return key;
}

/** Encrypts and decrypts secrets with one key; see the module comment. */
export class SecretBox {
  private readonly fingerprint: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256 needs a 32-byte key');
    this.fingerprint = keyFingerprint(key);
  }

  /** `v1:<key fingerprint>:<nonce>:<tag>:<ciphertext>`, base64url parts. */
  seal(plaintext: string, purpose: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.fingerprint, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  /**
   * A key of its own for one purpose (signing preview links, ...), derived from this box's key with
   * HMAC-SHA256, so no second secret needs keeping and each purpose's key is independent.
   */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.key).update(`palette-derived-key:${purpose}`, 'utf8').digest();
  }

  /** The plaintext of a sealed value; 1004 when it was sealed with another key, for another purpose, or altered. */
  open(sealed: string, purpose: string): string {
    const [version, fingerprint, nonce, tag, body] = sealed.split(':');
    if (version !== VERSION || fingerprint !== this.fingerprint || !nonce || !tag || body === undefined) {
      throw new AppError(ErrorCode.EncryptionError, { message: 'The secret was encrypted with another key; upload it again.' });
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw new AppError(ErrorCode.EncryptionError, { cause });
    }
  }
}

/** Reads and creates the generated key in the settings table (a repository provides it). */
export interface KeyStore {
  /** The stored key, creating it with `candidate` when none exists yet; the winner of a race is kept. */
  getOrCreate(name: string, candidate: string): Promise<string>;
}

const SETTINGS_KEY_NAME = 'credentials_key';

/**
 * The secret box of a server: CREDENTIALS_KEY when configured, else the database-kept key (created
 * on first use; several servers starting at once agree on one through the insert race).
 */
export async function openSecretBox(configuredKey: string | undefined, store: KeyStore): Promise<SecretBox> {
  if (configuredKey) return new SecretBox(parseCredentialsKey(configuredKey));
  const stored = await store.getOrCreate(SETTINGS_KEY_NAME, randomBytes(32).toString('base64'));
  return new SecretBox(parseCredentialsKey(stored));
}

/** First 16 hex digits of SHA-256: tells two secrets apart without revealing either. */
export function fingerprintOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}
