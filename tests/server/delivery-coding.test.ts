import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fromSnapshot, previewPasswordDigest, strongEtag, toSnapshot } from '../../server/src/delivery/compiled';
import { COMPRESS_THRESHOLD_BYTES, encodedReply, etagMatchesReply, negotiateCoding, representationOf } from '../../server/src/delivery/content-coding';
import { KeyRateLimit } from '../../server/src/delivery/keys';
import { WrongPasswordThrottle } from '../../server/src/delivery/preview-throttle';

/** The delivery API's content codings, its rate limits' memory and its password throttle, without a server. */

describe('content coding', () => {
  it('picks brotli, then gzip, by the q-values the client gives, and identity when it accepts neither', () => {
    expect(negotiateCoding(undefined)).toBe('identity');
    expect(negotiateCoding('')).toBe('identity');
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateCoding('deflate')).toBe('identity');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateCoding('identity;q=0')).toBe('identity');
    expect(negotiateCoding(['gzip', 'br'])).toBe('br');
  });

  it('makes each coding once, with an ETag of its own over the same hash, and leaves small replies uncompressed', () => {
    const body = JSON.stringify({ code: 0, message: 'ok', data: { text: 'Unlock every filter, effect and template. '.repeat(60) } });
    const reply = encodedReply(body, strongEtag(body));
    const gzip = representationOf(reply, 'gzip');
    const br = representationOf(reply, 'br');
    const identity = representationOf(reply, 'identity');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(body);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(body);
    expect(identity.body.toString('utf8')).toBe(body);
    expect([identity.etag, gzip.etag, br.etag]).toEqual([reply.etag, `${reply.etag.slice(0, -1)}-gzip"`, `${reply.etag.slice(0, -1)}-br"`]);
    expect(representationOf(reply, 'gzip')).toBe(gzip);
    const small = encodedReply('{"code":0}', strongEtag('{"code":0}'));
    expect('{"code":0}'.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(representationOf(small, 'br')).toMatchObject({ coding: 'identity', etag: small.etag });
  });

  it('matches If-None-Match naming any coding of the reply, and nothing else', () => {
    const etag = '"abcdefghijklmnopqrstuv"';
    expect(etagMatchesReply(etag, etag)).toBe(true);
    expect(etagMatchesReply('"abcdefghijklmnopqrstuv-gzip"', etag)).toBe(true);
    expect(etagMatchesReply('W/"abcdefghijklmnopqrstuv-br", "other"', etag)).toBe(true);
    expect(etagMatchesReply('*', etag)).toBe(true);
    expect(etagMatchesReply('"abcdefghijklmnopqrstuv-deflate"', etag)).toBe(false);
    expect(etagMatchesReply('"abcdefghijklmnopqrstuw"', etag)).toBe(false);
    expect(etagMatchesReply(undefined, etag)).toBe(false);
  });
});

describe('the per-address rate limit', () => {
  it('forgets the buckets of addresses that have refilled once there are many', () => {
    const limit = new KeyRateLimit(10, 20);
    for (let i = 0; i < 10_001; i += 1) limit.take(`key|10.0.${i >> 8}.${i & 255}`, 0);
    expect(limit.size).toBe(10_001);
    // Two seconds later every bucket is full again: the next take prunes them all but its own.
    limit.take('key|192.0.2.1', 2_000);
    expect(limit.size).toBeLessThan(10);
    expect(limit.take('key|10.0.0.0', 2_000)).toEqual({ ok: true });
  });
});

describe('the wrong-password throttle', () => {
  it('blocks a subject after the allowance for the rest of the window, and a right password clears the count', () => {
    const throttle = new WrongPasswordThrottle(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.blockedFor('a', i)).toBeNull();
      throttle.wrong('a', i);
    }
    expect(throttle.blockedFor('a', 10)).toBe(60);
    expect(throttle.blockedFor('b', 10)).toBeNull();
    expect(throttle.blockedFor('a', 60_000)).toBeNull();
    throttle.wrong('c', 0);
    throttle.wrong('c', 0);
    throttle.right('c');
    throttle.wrong('c', 1);
    throttle.wrong('c', 1);
    expect(throttle.blockedFor('c', 2)).toBeNull();
  });
});

describe('the last-known-good snapshot', () => {
  const projectId = '00000000-0000-4000-8000-000000000001';
  const empty = { items: [], regionGroups: {} };

  it('keeps the password as the HMAC it was given, and does not trust the unkeyed hash of an older copy', () => {
    const key = Buffer.alloc(32, 7);
    const digest = previewPasswordDigest(key, projectId, 'tester-2026');
    expect(digest).not.toBe(previewPasswordDigest(Buffer.alloc(32, 8), projectId, 'tester-2026'));
    const current = fromSnapshot({ format: 2, projectId, compiledAt: '2030-01-01T00:00:00.000Z', environments: { official: empty, preview: empty }, previewPasswordHash: digest, revokedLinks: [] });
    expect(current?.previewPasswordHash).toBe(digest);
    expect(current && toSnapshot(current)).toMatchObject({ format: 2, previewPasswordHash: digest });
    const older = fromSnapshot({ format: 1, projectId, compiledAt: '2030-01-01T00:00:00.000Z', environments: { official: empty, preview: empty }, previewPasswordHash: 'ab'.repeat(32), revokedLinks: [] });
    expect(older).not.toBeNull();
    expect(older?.previewPasswordHash).toBeNull();
  });
});
