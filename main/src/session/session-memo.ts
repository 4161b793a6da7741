import { createHash } from 'node:crypto';
import { type User } from '@contract/api';
import { type PreferenceStore } from '../preferences';

/** The operator a kept token belonged to when the server last confirmed it. */
export interface RememberedSession {
  /** SHA-256 of the token (hex): binds the memo to that one token without keeping it. */
  readonly tokenDigest: string;
  readonly user: User;
}

/**
 * What main remembers of the last confirmed session, so the console can open offline (issue 14).
 *
 * At start the token in the keychain is checked with `auth.me`; without a server that check cannot
 * answer, and before this memo the console then showed the sign-in page, where nobody can sign in
 * offline. The memo names the operator the token was confirmed for, bound to the token by its digest
 * (a token replaced or removed behind our back matches no memo), so the console can show that
 * operator's kept data until the server confirms or ends the session. Nothing secret is in it: the
 * digest of a 256-bit random token reveals nothing of it.
 */
export interface SessionMemo {
  read(): RememberedSession | null;
  write(session: RememberedSession): void;
  clear(): void;
}

/** SHA-256 of a token, hex. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The memo in main's preferences (`lastSession`). */
export function preferenceSessionMemo(preferences: PreferenceStore): SessionMemo {
  return {
    read: () => preferences.get('lastSession') ?? null,
    write: (session) => preferences.set('lastSession', session),
    clear: () => {
      if (preferences.get('lastSession') !== undefined) preferences.delete('lastSession');
    },
  };
}

/** A memo in memory only (tests, and entries that pass no preferences). */
export function memorySessionMemo(initial: RememberedSession | null = null): SessionMemo {
  let value = initial;
  return {
    read: () => value,
    write: (session) => {
      value = session;
    },
    clear: () => {
      value = null;
    },
  };
}
