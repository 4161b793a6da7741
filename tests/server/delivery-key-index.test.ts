import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../server/src/delivery/keys';
import { newClientKey } from '../../server/src/domains/client-keys/keys';

const active = (keyHash: string, keyId: string) => ({ keyHash, keyId, appId: `app-${keyId}`, projectId: 'p1', platform: 'ios' as const });

describe('the delivery API’s index of client keys (server/src/delivery/keys.ts)', () => {
  it('finds a key again after it was found once, and forgets it with its snapshot (a revocation)', () => {
    const one = newClientKey();
    const two = newClientKey();
    const index = new KeyIndex({ format: 1, keys: [active(one.keyHash, 'k1'), active(two.keyHash, 'k2')] });
    expect(index.find(one.key)?.keyId).toBe('k1');
    expect(index.find(one.key)?.keyId).toBe('k1');
    // The next snapshot no longer has the first key: a key found before is not found any more.
    index.replace({ format: 1, keys: [active(two.keyHash, 'k2')] });
    expect(index.find(one.key)).toBeNull();
    expect(index.find(two.key)?.keyId).toBe('k2');
  });

  it('finds no made-up key, however often it is presented', () => {
    const one = newClientKey();
    const index = new KeyIndex({ format: 1, keys: [active(one.keyHash, 'k1')] });
    const madeUp = newClientKey().key;
    expect([index.find(madeUp), index.find(madeUp), index.find('pk_short'), index.find(`${one.key}x`)]).toEqual([null, null, null, null]);
    expect(index.find(one.key)?.keyId).toBe('k1');
  });
});
