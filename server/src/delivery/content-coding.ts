import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The content codings of the delivery API's cached replies, done here rather than by
 * `@fastify/compress` because each coding is a representation of its own (RFC 9110 §8.8.3): its
 * bytes differ, so its strong ETag must differ too, or a cache that revalidates its gzip copy with
 * the identity copy's ETag (or the other way round) serves a client bytes it cannot read. Each
 * coding of a memoized reply is compressed once and kept with it, so a busy context costs a map
 * lookup, not a compression, per request.
 *
 * - identity: `"<hash>"` (the ETag over the exact JSON bytes);
 * - gzip: `"<hash>-gzip"`; br: `"<hash>-br"` (the same hash, so the three are recognisably one reply).
 *
 * Replies below COMPRESS_THRESHOLD_BYTES go out as identity to everyone (compression would not pay).
 * Every reply says `Vary: Accept-Encoding` (the routes add it), also uncompressed ones and 304s, so a
 * shared cache keeps one copy per coding and never hands a compressed copy to a client that did not
 * ask for it, nor replaces one with the other.
 */

export type ContentCoding = 'identity' | 'gzip' | 'br';

/** Below this many bytes a reply is sent uncompressed whatever the client accepts. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Codings the server offers, best first (brotli is smaller, gzip is understood everywhere). */
const OFFERED: ReadonlyArray<Exclude<ContentCoding, 'identity'>> = ['br', 'gzip'];

/**
 * The coding to answer a request's `Accept-Encoding` with: the best offered one it accepts with a
 * q-value above 0 (`*` counts for any not named; `x-gzip` is gzip), else identity. Identity is
 * always possible: a client that refuses it (`identity;q=0`) still gets it rather than a 406, as
 * RFC 9110 §12.5.3 allows.
 */
export function negotiateCoding(header: string | string[] | undefined): ContentCoding {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'identity';
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match?.[1] !== undefined) weight = Number(match[1]);
    }
    if (!Number.isFinite(weight)) continue;
    const key = name === 'x-gzip' ? 'gzip' : name;
    q.set(key, Math.max(q.get(key) ?? 0, weight));
  }
  const any = q.get('*');
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of OFFERED) {
    const weight = q.get(coding) ?? any ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** One coding of a reply: the bytes sent and their strong ETag. */
export interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  readonly coding: ContentCoding;
}

/** A serialized reply (JSON text) with its strong ETag, and its codings made so far. */
export interface EncodedReply {
  readonly body: string;
  readonly etag: string;
  /** Filled on first use of each coding. */
  readonly representations: Map<ContentCoding, Representation>;
}

/** A reply of this JSON text: its identity ETag over the exact bytes, no coding made yet. */
export function encodedReply(body: string, etag: string): EncodedReply {
  return { body, etag, representations: new Map() };
}

/** The ETag of a coding of a reply whose identity ETag is `etag`. */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

function compress(body: Buffer, coding: Exclude<ContentCoding, 'identity'>): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 8, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** The representation of `reply` in `wanted` (identity for small replies), made once and kept. */
export function representationOf(reply: EncodedReply, wanted: ContentCoding): Representation {
  const cache = reply.representations;
  const identity = cache.get('identity') ?? { body: Buffer.from(reply.body, 'utf8'), etag: reply.etag, coding: 'identity' as const };
  cache.set('identity', identity);
  const coding = identity.body.length < COMPRESS_THRESHOLD_BYTES ? 'identity' : wanted;
  if (coding === 'identity') return identity;
  let made = cache.get(coding);
  if (!made) {
    made = { body: compress(identity.body, coding), etag: codedEtag(reply.etag, coding), coding };
    cache.set(coding, made);
  }
  return made;
}

/**
 * Whether an `If-None-Match` header names any coding of this reply (a list, `*`, or a weak form):
 * the client's stored copy, whichever coding it came in, holds the same content, so a 304 (with the
 * ETag of the coding this request would get) is right.
 */
export function etagMatchesReply(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const base = etag.slice(0, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === etag || tag === `${base}-gzip"` || tag === `${base}-br"`;
  });
}
