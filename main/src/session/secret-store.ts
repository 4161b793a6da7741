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

/**
 * A keychain as this store uses it: one generic password per service and account. The default is
 * @napi-rs/keyring; tests pass their own.
 */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Where earlier releases kept the token: keytar's entries. On Linux (Secret Service attributes
 * `service`/`account` against @napi-rs/keyring's `service`/`username`) and Windows (target
 * `service/account` holding UTF-8 against `account.service` holding UTF-16) the current store does
 * not see them, so a token found there is moved once (read, written to the current store, deleted).
 * On macOS both name the same generic password, and the current store reads it directly.
 */
export type LegacyKeychain = Pick<KeychainBackend, 'getPassword' | 'deletePassword'>;

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
 * A locked or missing keyring can make a keychain call hang rather than fail, so each call has a
 * short timeout; after one failure the keychain is not asked again (every call would wait for the
 * timeout), and a secret set from then on is kept in memory only. Errors are logged by kind only:
 * their text could carry the secret's account name but never the secret, and the secret itself is
 * never passed to the log.
 */
class KeychainSecretStore implements SecretStore {
  private fallback: MemorySecretStore | null = null;
  private legacyLoaded: Promise<LegacyKeychain | null> | null = null;
  private legacyChecked = false;

  constructor(
    private readonly keychain: KeychainBackend,
    private readonly service: string,
    private readonly account: string,
    private readonly timeoutMs: number,
    private readonly log: Logger,
    private readonly loadLegacy: () => Promise<LegacyKeychain | null>,
  ) {}

  get persistence(): Persistence {
    return this.fallback ? 'memory' : 'keychain';
  }

  async get(): Promise<string | null> {
    if (this.fallback) return this.fallback.get();
    let secret: string | null;
    try {
      secret = await withTimeout(this.keychain.getPassword(this.service, this.account), this.timeoutMs);
    } catch (error) {
      this.fallBack(error);
      return null;
    }
    if (secret !== null || this.legacyChecked) return secret;
    this.legacyChecked = true;
    return this.moveLegacy();
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
    // Signing out also removes a token an older release left behind.
    await this.deleteLegacy();
    if (this.fallback) return this.fallback.delete();
    try {
      await withTimeout(this.keychain.deletePassword(this.service, this.account), this.timeoutMs);
    } catch (error) {
      this.fallBack(error);
    }
  }

  /** Moves a token an older release kept with keytar into this store; null when there is none. */
  private async moveLegacy(): Promise<string | null> {
    const legacy = await this.legacy();
    if (!legacy) return null;
    let secret: string | null;
    try {
      secret = await withTimeout(legacy.getPassword(this.service, this.account), this.timeoutMs);
    } catch {
      this.log.warn('The keychain entry of an earlier release could not be read; sign in again');
      return null;
    }
    if (secret === null) return null;
    await this.set(secret);
    if (this.persistence === 'keychain') await this.deleteLegacy();
    this.log.info('Moved the session from the keychain entry of an earlier release');
    return secret;
  }

  private async deleteLegacy(): Promise<void> {
    const legacy = await this.legacy();
    if (!legacy) return;
    try {
      await withTimeout(legacy.deletePassword(this.service, this.account), this.timeoutMs);
    } catch {
      this.log.warn('The keychain entry of an earlier release could not be removed');
    }
  }

  private legacy(): Promise<LegacyKeychain | null> {
    this.legacyLoaded ??= this.loadLegacy().catch(() => null);
    return this.legacyLoaded;
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
  /** How long one keychain call may take; a locked keyring can make a call hang. */
  readonly timeoutMs?: number;
  /** Loads the keychain backend; defaults to @napi-rs/keyring (`loadNativeKeychain`). */
  readonly loadKeychain?: () => Promise<KeychainBackend>;
  /** Loads keytar's entries of earlier releases, or null; defaults to keytar when it is installed. */
  readonly loadLegacyKeychain?: () => Promise<LegacyKeychain | null>;
  readonly log?: Logger;
}

/** The part of @napi-rs/keyring this store uses. */
interface NapiKeyring {
  readonly AsyncEntry: new (
    service: string,
    account: string,
    options?: { readonly linux?: { readonly store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(): Promise<string | null>;
    setPassword(password: string): Promise<void>;
    deletePassword(): Promise<boolean>;
  };
}

/**
 * The OS keychain through @napi-rs/keyring: the macOS Keychain, the Windows Credential Manager, the
 * Secret Service (gnome-keyring, KWallet) on Linux. Its N-API binaries ship inside its npm packages,
 * so nothing is compiled at install and one binary serves Node and every Electron version.
 *
 * On Linux the entry is pinned to the Secret Service: without one, the library would fall back to
 * the kernel keyring, which forgets everything at reboot; this store's memory fallback says so
 * instead of pretending the session survives a restart.
 */
export async function loadNativeKeychain(platform: NodeJS.Platform = process.platform): Promise<KeychainBackend> {
  const mod = (await import('@napi-rs/keyring')) as unknown as NapiKeyring & { readonly default?: NapiKeyring };
  const { AsyncEntry } = mod.AsyncEntry ? mod : (mod.default as NapiKeyring);
  const options = platform === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
  return {
    getPassword: async (service, account) => new AsyncEntry(service, account, options).getPassword(),
    setPassword: async (service, account, password) => new AsyncEntry(service, account, options).setPassword(password),
    deletePassword: async (service, account) => new AsyncEntry(service, account, options).deletePassword(),
  };
}

/**
 * keytar when it is still installed (only to move old entries), else null. The module name is not a
 * literal so that neither the type check nor the bundle needs keytar.
 */
async function loadKeytarIfInstalled(): Promise<LegacyKeychain | null> {
  const name = 'keytar';
  try {
    const mod = (await import(/* @vite-ignore */ name)) as { default?: LegacyKeychain } & LegacyKeychain;
    return mod.default ?? mod;
  } catch {
    return null;
  }
}

/**
 * Opens the session's secret store: the OS keychain when its module loads and the keychain answers,
 * memory otherwise, and says on the console which one it is. It never throws; a machine without a
 * keychain still signs in, for the run only.
 */
export async function openSecretStore(options: OpenSecretStoreOptions): Promise<SecretStore> {
  const log = options.log ?? silentLogger;
  let keychain: KeychainBackend;
  try {
    keychain = await (options.loadKeychain ?? loadNativeKeychain)();
  } catch {
    log.warn('OS keychain module unavailable; the session is kept in memory for this run only');
    return new MemorySecretStore();
  }
  const store = new KeychainSecretStore(
    keychain,
    options.service,
    options.account,
    options.timeoutMs ?? 2_000,
    log,
    options.loadLegacyKeychain ?? loadKeytarIfInstalled,
  );
  await store.probe();
  if (store.persistence === 'keychain') log.info('The session is kept in the OS keychain');
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
