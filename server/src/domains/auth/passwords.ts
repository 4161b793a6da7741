import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id cost parameters (the algorithm is @node-rs/argon2's default, Argon2id). */
export interface PasswordHashingOptions {
  /** KiB of memory per hash. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/**
 * OWASP's recommended Argon2id setting (19 MiB, 2 passes, 1 lane): the production default.
 * Unit tests may pass cheaper options through the app's dependencies; nothing else should.
 */
export const OWASP_ARGON2ID: PasswordHashingOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The password rule of spec §5, checked before any lookup so a malformed password costs no hash. */
export const PASSWORD_RULE = /^[A-Za-z0-9]{8,16}$/;

/**
 * Hashes and verifies secrets (passwords and emailed codes) with Argon2id.
 *
 * `verifyUnknown` spends the same work as a real verification against a hash made once with the
 * same parameters, so "unknown user" and "wrong password" take the same time.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly options: PasswordHashingOptions = OWASP_ARGON2ID) {}

  hash(secret: string): Promise<string> {
    return hash(secret, { ...this.options });
  }

  /** False for a mismatch and for a hash that cannot be read (never throws for bad input). */
  async verify(phcHash: string, secret: string): Promise<boolean> {
    try {
      return await verify(phcHash, secret);
    } catch {
      return false;
    }
  }

  /** Verifies against a throw-away hash; always false. */
  async verifyUnknown(secret: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(24).toString('base64url'));
    await this.verify(await this.dummyHash, secret);
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random password that satisfies the password rule (16 letters and digits, at least one of each),
 * for the first administrator when ADMIN_PASSWORD is not given. Look-alike characters are left out
 * because a person copies it from a terminal.
 */
export function randomPassword(length = 16): string {
  for (;;) {
    let result = '';
    for (let i = 0; i < length; i += 1) result += ALPHABET.charAt(randomInt(ALPHABET.length));
    if (/[0-9]/.test(result) && /[A-Za-z]/.test(result)) return result;
  }
}

/** A six-digit verification code, uniformly random, leading zeros kept. */
export function randomVerificationCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
