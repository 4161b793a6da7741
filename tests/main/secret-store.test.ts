import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNativeKeychain, openSecretStore, tokenAccount, type KeychainBackend, type LegacyKeychain } from '../../main/src/session/secret-store';

/** No keytar entries of an earlier release (the tests of the move pass their own). */
const noLegacy = async (): Promise<LegacyKeychain | null> => null;

function fakeKeychain(): KeychainBackend & { readonly values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getPassword: async (service, account) => values.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      values.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => values.delete(`${service}/${account}`),
  };
}

const failing: KeychainBackend = {
  getPassword: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  setPassword: async () => {
    throw new Error('no keyring');
  },
  deletePassword: async () => {
    throw new Error('no keyring');
  },
};

const hanging: KeychainBackend = {
  getPassword: () => new Promise(() => undefined),
  setPassword: () => new Promise(() => undefined),
  deletePassword: () => new Promise(() => undefined),
};

describe('the secret store', () => {
  it('keeps the token in the keychain when one answers', async () => {
    const keychain = fakeKeychain();
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => keychain, loadLegacyKeychain: noLegacy });
    expect(store.persistence).toBe('keychain');
    await store.set('t1');
    expect(keychain.values.get('Palette Test/session:a')).toBe('t1');
    await expect(store.get()).resolves.toBe('t1');
    await store.delete();
    await expect(store.get()).resolves.toBeNull();
  });

  it('falls back to memory when the keychain module cannot be loaded', async () => {
    const store = await openSecretStore({
      service: 'Palette Test',
      account: 'session:a',
      loadKeychain: async () => {
        throw new Error('Cannot find module keyring.linux-x64-gnu.node');
      },
    });
    expect(store.persistence).toBe('memory');
    await store.set('t2');
    await expect(store.get()).resolves.toBe('t2');
  });

  it('falls back to memory when the keychain throws', async () => {
    const logged: string[] = [];
    const store = await openSecretStore({
      service: 'Palette Test',
      account: 'session:a',
      loadKeychain: async () => failing,
      loadLegacyKeychain: noLegacy,
      log: { info: () => undefined, warn: (m) => logged.push(m), error: (m) => logged.push(m) },
    });
    expect(store.persistence).toBe('memory');
    await store.set('t3-secret');
    await expect(store.get()).resolves.toBe('t3-secret');
    await store.delete();
    await expect(store.get()).resolves.toBeNull();
    expect(logged.join('\n')).not.toContain('t3-secret');
  });

  it('falls back to memory when the keychain hangs (a locked keyring), after a short timeout', async () => {
    const started = Date.now();
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', timeoutMs: 100, loadKeychain: async () => hanging, loadLegacyKeychain: noLegacy });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.persistence).toBe('memory');
    await store.set('t4');
    await expect(store.get()).resolves.toBe('t4');
  });

  it('falls back mid-run and keeps the secret set at that moment', async () => {
    const keychain = fakeKeychain();
    let broken = false;
    const flaky: KeychainBackend = {
      getPassword: (s, a) => (broken ? Promise.reject(new Error('gone')) : keychain.getPassword(s, a)),
      setPassword: (s, a, p) => (broken ? Promise.reject(new Error('gone')) : keychain.setPassword(s, a, p)),
      deletePassword: (s, a) => keychain.deletePassword(s, a),
    };
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => flaky, loadLegacyKeychain: noLegacy });
    expect(store.persistence).toBe('keychain');
    broken = true;
    await store.set('t5');
    expect(store.persistence).toBe('memory');
    await expect(store.get()).resolves.toBe('t5');
  });

  it('says on the console which store keeps the session', async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) };
    await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => fakeKeychain(), loadLegacyKeychain: noLegacy, log });
    expect(lines).toEqual(['info The session is kept in the OS keychain']);
    lines.length = 0;
    await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => failing, loadLegacyKeychain: noLegacy, log });
    expect(lines).toEqual(['warn OS keychain failed; the session is kept in memory for this run only']);
  });

  it("moves the token an earlier release kept with keytar into the keychain, once, and removes keytar's entry", async () => {
    const keychain = fakeKeychain();
    const legacy = fakeKeychain();
    legacy.values.set('Palette Test/session:a', 'old-token');
    const loadLegacy = vi.fn(async () => legacy);
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => keychain, loadLegacyKeychain: loadLegacy });
    await expect(store.get()).resolves.toBe('old-token');
    expect(keychain.values.get('Palette Test/session:a')).toBe('old-token');
    expect(legacy.values.size).toBe(0);
    expect(store.persistence).toBe('keychain');

    // The next start reads the current entry; keytar is asked no more.
    const reopened = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => keychain, loadLegacyKeychain: loadLegacy });
    await expect(reopened.get()).resolves.toBe('old-token');
    expect(loadLegacy).toHaveBeenCalledOnce();
  });

  it('prefers the current entry over an old one, and a sign-out removes both', async () => {
    const keychain = fakeKeychain();
    const legacy = fakeKeychain();
    keychain.values.set('Palette Test/session:a', 'current');
    legacy.values.set('Palette Test/session:a', 'stale');
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => keychain, loadLegacyKeychain: async () => legacy });
    await expect(store.get()).resolves.toBe('current');
    await store.delete();
    expect(keychain.values.size).toBe(0);
    expect(legacy.values.size).toBe(0);
    await expect(store.get()).resolves.toBeNull();
  });

  it('keeps the old entry when the keychain cannot take the token, and signs in from memory', async () => {
    const legacy = fakeKeychain();
    legacy.values.set('Palette Test/session:a', 'old-token');
    const readOnly: KeychainBackend = { ...fakeKeychain(), setPassword: async () => Promise.reject(new Error('locked')) };
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => readOnly, loadLegacyKeychain: async () => legacy });
    expect(store.persistence).toBe('memory');
    await expect(store.get()).resolves.toBe('old-token');
    expect(legacy.values.get('Palette Test/session:a')).toBe('old-token');
  });

  it('reads no old entry when keytar is not installed or cannot read, and stays on the keychain', async () => {
    const warned: string[] = [];
    const unreadable: LegacyKeychain = { getPassword: async () => Promise.reject(new Error('no keyring')), deletePassword: async () => false };
    const store = await openSecretStore({
      service: 'Palette Test',
      account: 'session:a',
      loadKeychain: async () => fakeKeychain(),
      loadLegacyKeychain: async () => unreadable,
      log: { info: () => undefined, warn: (m) => warned.push(m), error: () => undefined },
    });
    await expect(store.get()).resolves.toBeNull();
    expect(store.persistence).toBe('keychain');
    expect(warned).toEqual(['The keychain entry of an earlier release could not be read; sign in again']);
    const without = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => fakeKeychain(), loadLegacyKeychain: noLegacy });
    await expect(without.get()).resolves.toBeNull();
  });

  it('keys tokens by server, and all embedded servers alike', () => {
    expect(tokenAccount('https://api.example.com/base/', false)).toBe('session:https://api.example.com');
    expect(tokenAccount('http://127.0.0.1:41234', true)).toBe(tokenAccount('http://127.0.0.1:50000', true));
  });
});

describe('the native keychain module', () => {
  afterEach(() => {
    vi.doUnmock('@napi-rs/keyring');
  });

  it('uses @napi-rs/keyring with the same service and account, pinned to the Secret Service on Linux', async () => {
    const made: Array<{ service: string; account: string; options: unknown }> = [];
    vi.doMock('@napi-rs/keyring', () => ({
      AsyncEntry: class {
        constructor(service: string, account: string, options?: unknown) {
          made.push({ service, account, options });
        }
        async getPassword() {
          return 'v';
        }
        async setPassword() {}
        async deletePassword() {
          return true;
        }
      },
    }));
    const linux = await loadNativeKeychain('linux');
    await expect(linux.getPassword('Palette Console', 'session:embedded')).resolves.toBe('v');
    const mac = await loadNativeKeychain('darwin');
    await mac.setPassword('Palette Console', 'session:embedded', 'x');
    expect(made).toEqual([
      { service: 'Palette Console', account: 'session:embedded', options: { linux: { store: 'secret-service' } } },
      { service: 'Palette Console', account: 'session:embedded', options: undefined },
    ]);
  });

  it('turns a keychain the library cannot reach into a refused call, which the store answers with memory', async () => {
    vi.doMock('@napi-rs/keyring', () => ({
      AsyncEntry: class {
        constructor() {
          throw new Error('Platform failure: DBus error');
        }
      },
    }));
    const keychain = await loadNativeKeychain('linux');
    await expect(keychain.getPassword('s', 'a')).rejects.toThrow(/DBus/);
    const store = await openSecretStore({ service: 's', account: 'a', loadKeychain: () => loadNativeKeychain('linux'), loadLegacyKeychain: noLegacy });
    expect(store.persistence).toBe('memory');
  });
});
