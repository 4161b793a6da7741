import { createHash } from 'node:crypto';
import { byteRange, MEDIA_PREVIEW_PATH, mediaNameSchema, mediaPath, mimeOfType, type MediaType } from '@contract/media';
import { type MediaStaging } from './staging';

/**
 * Serves what the renderer previews on the renderer's own origin: a checked file before its upload
 * (`/__palette/media/staged/<token>`) and a stored one (`/__palette/media/<sha256>.<ext>`).
 *
 * The renderer's CSP allows images and media only from itself, data:, blob: and https:, and the API
 * server of the embedded default is plain http on another port; rather than loosening the policy,
 * main answers these paths itself (on app://palette in the desktop app, on the host's origin in the
 * browser edition). Stored files are fetched from the API server once and kept in a small cache;
 * their bytes must hash to their name, so a wrong answer is never shown as the file.
 */

export interface PreviewResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | null;
}

export interface MediaPreviewHandler {
  /** Whether a path is one of the preview paths (the transport then hands the request here). */
  readonly handles: (pathname: string) => boolean;
  readonly serve: (pathname: string, method: string, range: string | undefined) => Promise<PreviewResponse>;
}

export interface MediaPreviewOptions {
  readonly staging: MediaStaging;
  readonly serverUrl: string;
  readonly fetch?: typeof fetch;
  readonly maxCacheBytes?: number;
  readonly timeoutMs?: number;
}

const IMMUTABLE = 'private, max-age=31536000, immutable';

function text(status: number, message: string): PreviewResponse {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, body: new TextEncoder().encode(message) };
}

/**
 * The part of the bytes a `Range: bytes=a-b` header asks for (video elements seek with it), or the
 * whole when there is no usable range. Multiple ranges are answered with the whole file.
 */
export function applyRange(bytes: Uint8Array, range: string | undefined, headers: Record<string, string>): PreviewResponse {
  const base = { ...headers, 'Accept-Ranges': 'bytes' };
  const size = bytes.length;
  const wanted = byteRange(range, size);
  if (wanted === null) return { status: 200, headers: { ...base, 'Content-Length': String(size) }, body: bytes };
  if (wanted === 'unsatisfiable') return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: null };
  const part = bytes.subarray(wanted.start, wanted.end + 1);
  return {
    status: 206,
    headers: { ...base, 'Content-Range': `bytes ${wanted.start}-${wanted.end}/${size}`, 'Content-Length': String(part.length) },
    body: part,
  };
}

export class MediaPreviews implements MediaPreviewHandler {
  private readonly cache = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<Uint8Array | null>>();
  private readonly fetchImpl: typeof fetch;
  private readonly maxCacheBytes: number;

  constructor(private readonly options: MediaPreviewOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.maxCacheBytes = options.maxCacheBytes ?? 128 * 1024 * 1024;
  }

  handles = (pathname: string): boolean => pathname.startsWith(`${MEDIA_PREVIEW_PATH}/`);

  serve = async (pathname: string, method: string, range: string | undefined): Promise<PreviewResponse> => {
    if (method !== 'GET' && method !== 'HEAD') return text(405, 'Method not allowed');
    const rest = pathname.slice(MEDIA_PREVIEW_PATH.length + 1);
    let response: PreviewResponse;
    if (rest.startsWith('staged/')) {
      const file = this.options.staging.get(rest.slice('staged/'.length));
      if (!file) return text(404, 'Not found');
      response = applyRange(file.bytes, range, { 'Content-Type': mimeOfType(file.type), 'Cache-Control': 'no-store' });
    } else {
      if (!mediaNameSchema.safeParse(rest).success) return text(404, 'Not found');
      const bytes = await this.stored(rest);
      if (!bytes) return text(502, 'The file could not be fetched from the server');
      const type = rest.slice(rest.lastIndexOf('.') + 1) as MediaType;
      response = applyRange(bytes, range, { 'Content-Type': mimeOfType(type), 'Cache-Control': IMMUTABLE });
    }
    return method === 'HEAD' ? { ...response, body: null } : response;
  };

  private async stored(name: string): Promise<Uint8Array | null> {
    const cached = this.cache.get(name);
    if (cached) {
      // Refresh its place: the cache drops the least recently used first.
      this.cache.delete(name);
      this.cache.set(name, cached);
      return cached;
    }
    let pending = this.pending.get(name);
    if (!pending) {
      pending = this.download(name).finally(() => this.pending.delete(name));
      this.pending.set(name, pending);
    }
    return pending;
  }

  private async download(name: string): Promise<Uint8Array | null> {
    let bytes: Uint8Array;
    try {
      const response = await this.fetchImpl(this.options.serverUrl.replace(/\/+$/, '') + mediaPath(name), {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        redirect: 'error',
      });
      if (!response.ok) return null;
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      return null;
    }
    // Content addressed: the bytes must be what the name says.
    if (createHash('sha256').update(bytes).digest('hex') !== name.slice(0, 64)) return null;
    if (bytes.length <= this.maxCacheBytes) {
      this.cache.set(name, bytes);
      let total = 0;
      for (const entry of this.cache.values()) total += entry.length;
      for (const [key, entry] of this.cache) {
        if (total <= this.maxCacheBytes) break;
        this.cache.delete(key);
        total -= entry.length;
      }
    }
    return bytes;
  }
}
