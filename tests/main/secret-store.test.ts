import { describe, expect, it } from 'vitest';
import { openSecretStore, tokenAccount, type KeychainBackend } from '../../main/src/session/secret-store';

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
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => keychain });
    expect(store.persistence).toBe('keychain');
    await store.set('t1');
    expect(keychain.values.get('Palette Test/session:a')).toBe('t1');
    await expect(store.get()).resolves.toBe('t1');
    await store.delete();
    await expect(store.get()).resolves.toBeNull();
  });

  it('falls back to memory when keytar cannot be loaded', async () => {
    const store = await openSecretStore({
      service: 'Palette Test',
      account: 'session:a',
      loadKeychain: async () => {
        throw new Error('Cannot find module keytar.node');
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
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', timeoutMs: 100, loadKeychain: async () => hanging });
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
    const store = await openSecretStore({ service: 'Palette Test', account: 'session:a', loadKeychain: async () => flaky });
    expect(store.persistence).toBe('keychain');
    broken = true;
    await store.set('t5');
    expect(store.persistence).toBe('memory');
    await expect(store.get()).resolves.toBe('t5');
  });

  it('keys tokens by server, and all embedded servers alike', () => {
    expect(tokenAccount('https://api.example.com/base/', false)).toBe('session:https://api.example.com');
    expect(tokenAccount('http://127.0.0.1:41234', true)).toBe(tokenAccount('http://127.0.0.1:50000', true));
  });
});
