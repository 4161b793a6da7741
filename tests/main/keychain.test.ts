import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadNativeKeychain, openSecretStore, type LegacyKeychain } from '../../main/src/session/secret-store';

/**
 * The tests that need the machine's keychain: `npm test` runs this file with
 * PALETTE_KEYCHAIN_TEST=1 inside dbus-run-session with an unlocked gnome-keyring; elsewhere it is
 * skipped (without an unlocked keyring the store falls back to memory, which the unit tests cover).
 */
const enabled = process.env['PALETTE_KEYCHAIN_TEST'] === '1';
const SERVICE = 'Palette Console Test';

/** keytar, while it is still installed (earlier releases kept the token with it). */
function installedKeytar(): (LegacyKeychain & { setPassword(s: string, a: string, p: string): Promise<void> }) | null {
  try {
    return createRequire(import.meta.url)('keytar') as LegacyKeychain & { setPassword(s: string, a: string, p: string): Promise<void> };
  } catch {
    return null;
  }
}
const keytar = enabled ? installedKeytar() : null;

const newAccount = () => `test:${randomBytes(6).toString('hex')}`;

describe.skipIf(!enabled)('the OS keychain', () => {
  it('round-trips a session token through @napi-rs/keyring, across a reopening', async () => {
    const account = newAccount();
    const store = await openSecretStore({ service: SERVICE, account, timeoutMs: 5_000 });
    expect(store.persistence).toBe('keychain');
    const secret = randomBytes(24).toString('base64url');
    await store.set(secret);
    await expect(store.get()).resolves.toBe(secret);

    const reopened = await openSecretStore({ service: SERVICE, account, timeoutMs: 5_000 });
    await expect(reopened.get()).resolves.toBe(secret);
    await store.delete();
    await expect(reopened.get()).resolves.toBeNull();
    expect(store.persistence).toBe('keychain');
  });

  it.runIf(process.platform === 'linux')(
    "does not see keytar's Secret Service entries under the same service and account (why the store moves them)",
    async () => {
      const account = newAccount();
      // keytar 7 on Linux: libsecret's generic schema with the attributes `service` and `account`.
      const stored = spawnSync('secret-tool', ['store', '--label', `${SERVICE}/${account}`, 'service', SERVICE, 'account', account], { input: 'written-by-keytar' });
      expect(stored.status).toBe(0);
      try {
        const native = await loadNativeKeychain();
        await expect(native.getPassword(SERVICE, account)).resolves.toBeNull();
      } finally {
        spawnSync('secret-tool', ['clear', 'service', SERVICE, 'account', account]);
      }
    },
  );

  it.runIf(keytar !== null)('moves a token kept by keytar into the current entry at the first start, readable by the next one', async () => {
    const legacy = keytar!;
    const account = newAccount();
    const secret = randomBytes(24).toString('base64url');
    await legacy.setPassword(SERVICE, account, secret);

    const store = await openSecretStore({ service: SERVICE, account, timeoutMs: 5_000 });
    expect(store.persistence).toBe('keychain');
    await expect(store.get()).resolves.toBe(secret);
    await expect(legacy.getPassword(SERVICE, account)).resolves.toBeNull();
    await expect((await loadNativeKeychain()).getPassword(SERVICE, account)).resolves.toBe(secret);

    const next = await openSecretStore({ service: SERVICE, account, timeoutMs: 5_000, loadLegacyKeychain: async () => null });
    await expect(next.get()).resolves.toBe(secret);
    await next.delete();
    await expect((await loadNativeKeychain()).getPassword(SERVICE, account)).resolves.toBeNull();
  });
});
