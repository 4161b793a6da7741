import { type SessionState } from '@contract/ipc';
import { type Logger, silentLogger } from '../logger';

/** Whether a secret survives a restart; the contract's `persistence`. */
export type Persistence = SessionState['persistence'];

/**
 * Where the session token lives. One store holds one secret (the token of one server).
 *
 * `persistence` says whether the secret survives a restart ('keychain') or only this run
 * ('memory'), so the console can tell the operator they are signed in for this session only.
 */
export interface SecretStore {
  readonly persistence: Persistence;
  get(): Promise<string | null>;
  set(secret: string): Promise<void>;
  delete(): Promise<void>;
}

/** The part of keytar this store uses; tests and the fallback path pass their own. */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A secret kept only in this process: used when no keychain can be reached, and in tests. */
export class MemorySecretStore implements SecretStore {
  readonly persistence = 'memory' as const;
  private secret: string | null = null;

  async get(): Promise<string | null> {
    return this.secret;
  }

  async set(secret: string): Promise<void> {
    this.secret = secret;
  }

  async delete(): Promise<void> {
    this.secret = null;
  }
}

class KeychainTimeout extends Error {
  override readonly name = 'KeychainTimeout';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeout(`keychain did not answer within ${ms} ms`)), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The OS keychain, falling back to memory for the rest of the run at its first failure.
 *
 * A locked or missing keyring makes libsecret hang rather than fail, so each call has a short
 * timeout; after one failure the keychain is not asked again (every call would wait for the
 * timeout), and a secret set from then on is kept in memory only. Errors are logged by kind only:
 * their text could carry the secret's account name but never the secret, and the secret itself is
 * never passed to the log.
 */
class KeychainSecretStore implements SecretStore {
  private fallback: MemorySecretStore | null = null;

  constructor(
    private readonly keychain: KeychainBackend,
    private readonly service: string,
    private readonly account: string,
    private readonly timeoutMs: number,
    private readonly log: Logger,
  ) {}

  get persistence(): Persistence {
    return this.fallback ? 'memory' : 'keychain';
  }

  async get(): Promise<string | null> {
    if (this.fallback) return this.fallback.get();
    try {
      return await withTimeout(this.keychain.getPassword(this.service, this.account), this.timeoutMs);
    } catch (error) {
      this.fallBack(error);
      return null;
    }
  }

  async set(secret: string): Promise<void> {
    if (this.fallback) return this.fallback.set(secret);
    try {
      await withTimeout(this.keychain.setPassword(this.service, this.account, secret), this.timeoutMs);
    } catch (error) {
      await this.fallBack(error).set(secret);
    }
  }

  async delete(): Promise<void> {
    if (this.fallback) return this.fallback.delete();
    try {
      await withTimeout(this.keychain.deletePassword(this.service, this.account), this.timeoutMs);
    } catch (error) {
      this.fallBack(error);
    }
  }

  /** Probes the keychain once so that `persistence` is right before the first sign-in. */
  async probe(): Promise<void> {
    await this.get();
  }

  private fallBack(error: unknown): MemorySecretStore {
    if (!this.fallback) {
      const kind = error instanceof KeychainTimeout ? 'timed out' : 'failed';
      this.log.warn(`OS keychain ${kind}; the session is kept in memory for this run only`);
      this.fallback = new MemorySecretStore();
    }
    return this.fallback;
  }
}

export interface OpenSecretStoreOptions {
  /** The keychain service name, e.g. "Palette Console". */
  readonly service: string;
  /** The keychain account, one per server so a token never goes to another server. */
  readonly account: string;
  /** How long one keychain call may take; libsecret hangs when the keyring is locked. */
  readonly timeoutMs?: number;
  /** Loads the keychain backend; defaults to keytar. */
  readonly loadKeychain?: () => Promise<KeychainBackend>;
  readonly log?: Logger;
}

async function loadKeytar(): Promise<KeychainBackend> {
  const mod = (await import('keytar')) as unknown as { default?: KeychainBackend } & KeychainBackend;
  return mod.default ?? mod;
}

/**
 * Opens the session's secret store: keytar when its native module loads and the keychain answers,
 * memory otherwise. It never throws; a machine without a keychain still signs in, for the run only.
 */
export async function openSecretStore(options: OpenSecretStoreOptions): Promise<SecretStore> {
  const log = options.log ?? silentLogger;
  let keychain: KeychainBackend;
  try {
    keychain = await (options.loadKeychain ?? loadKeytar)();
  } catch {
    log.warn('OS keychain module unavailable; the session is kept in memory for this run only');
    return new MemorySecretStore();
  }
  const store = new KeychainSecretStore(keychain, options.service, options.account, options.timeoutMs ?? 2_000, log);
  await store.probe();
  return store;
}

/**
 * The keychain account of a server's token. A configured server is keyed by its origin, so a token
 * is never sent to another server; the embedded server gets a new port on every start and is one
 * account for all of them.
 */
export function tokenAccount(serverUrl: string, embedded: boolean): string {
  if (embedded) return 'session:embedded';
  try {
    return `session:${new URL(serverUrl).origin}`;
  } catch {
    return `session:${serverUrl}`;
  }
}
