import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecretStore } from '../../main/src/session/secret-store';

/**
 * The one test that needs the machine's keychain: `npm test` runs this file with
 * PALETTE_KEYCHAIN_TEST=1 inside dbus-run-session with an unlocked gnome-keyring; elsewhere it is
 * skipped (without an unlocked keyring libsecret hangs, which the store's fallback is for).
 */
describe.skipIf(process.env['PALETTE_KEYCHAIN_TEST'] !== '1')('the OS keychain', () => {
  it('round-trips a session token through keytar', async () => {
    const account = `test:${randomBytes(6).toString('hex')}`;
    const store = await openSecretStore({ service: 'Palette Console Test', account, timeoutMs: 5_000 });
    expect(store.persistence).toBe('keychain');
    const secret = randomBytes(24).toString('base64url');
    await store.set(secret);
    await expect(store.get()).resolves.toBe(secret);

    const reopened = await openSecretStore({ service: 'Palette Console Test', account, timeoutMs: 5_000 });
    await expect(reopened.get()).resolves.toBe(secret);
    await store.delete();
    await expect(reopened.get()).resolves.toBeNull();
    expect(store.persistence).toBe('keychain');
  });
});
