import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
 *
 * With `diskCacheDir` the files seen are also kept on disk (issue 14), so a preview already seen
 * shows after a restart without a connection; they are checked against their name again when read,
 * the least recently used go beyond `maxDiskBytes`, and `forget()` removes them all (sign-out).
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
  /** Where files seen are kept between runs; none: memory only. */
  readonly diskCacheDir?: string;
  /** The disk cache's limit, 256 MiB by default. */
  readonly maxDiskBytes?: number;
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
  private serverUrl: string;

  constructor(private readonly options: MediaPreviewOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.maxCacheBytes = options.maxCacheBytes ?? 128 * 1024 * 1024;
    this.serverUrl = options.serverUrl;
  }

  /** Fetches from the server's new address (the supervised embedded server moved to another port). */
  setServerUrl(serverUrl: string): void {
    this.serverUrl = serverUrl;
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

  /** Drops every file kept, in memory and on disk: the operator signed out (issue 14). */
  forget(): void {
    this.cache.clear();
    const dir = this.options.diskCacheDir;
    if (dir) rmSync(dir, { recursive: true, force: true });
  }

  private async stored(name: string): Promise<Uint8Array | null> {
    const cached = this.cache.get(name);
    if (cached) {
      // Refresh its place: the cache drops the least recently used first.
      this.cache.delete(name);
      this.cache.set(name, cached);
      return cached;
    }
    const kept = this.readKept(name);
    if (kept) {
      this.remember(name, kept);
      return kept;
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
      const response = await this.fetchImpl(this.serverUrl.replace(/\/+$/, '') + mediaPath(name), {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        redirect: 'error',
      });
      if (!response.ok) return null;
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      return null;
    }
    // Content addressed: the bytes must be what the name says.
    if (!matchesName(bytes, name)) return null;
    this.remember(name, bytes);
    this.keep(name, bytes);
    return bytes;
  }

  private remember(name: string, bytes: Uint8Array): void {
    if (bytes.length > this.maxCacheBytes) return;
    this.cache.set(name, bytes);
    let total = 0;
    for (const entry of this.cache.values()) total += entry.length;
    for (const [key, entry] of this.cache) {
      if (total <= this.maxCacheBytes) break;
      this.cache.delete(key);
      total -= entry.length;
    }
  }

  /** A file kept on disk, if its bytes still hash to its name; touched so it is used last. */
  private readKept(name: string): Uint8Array | null {
    const dir = this.options.diskCacheDir;
    if (!dir) return null;
    try {
      const path = join(dir, name);
      const bytes = new Uint8Array(readFileSync(path));
      if (!matchesName(bytes, name)) {
        rmSync(path, { force: true });
        return null;
      }
      const now = new Date();
      utimesSync(path, now, now);
      return bytes;
    } catch {
      return null;
    }
  }

  /** Keeps a file on disk (written whole, then renamed) and trims the least recently used. */
  private keep(name: string, bytes: Uint8Array): void {
    const dir = this.options.diskCacheDir;
    const limit = this.options.maxDiskBytes ?? 256 * 1024 * 1024;
    if (!dir || bytes.length > limit) return;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temporary = join(dir, `.${name}.${process.pid}.tmp`);
      writeFileSync(temporary, bytes, { mode: 0o600 });
      renameSync(temporary, join(dir, name));
      const files = readdirSync(dir)
        .filter((file) => !file.startsWith('.'))
        .map((file) => {
          const stat = statSync(join(dir, file));
          return { file, size: stat.size, used: stat.mtimeMs };
        })
        .sort((a, b) => a.used - b.used);
      let total = files.reduce((sum, entry) => sum + entry.size, 0);
      for (const entry of files) {
        if (total <= limit) break;
        rmSync(join(dir, entry.file), { force: true });
        total -= entry.size;
      }
    } catch {
      // Not kept on disk: the preview still shows from memory, and is fetched again next run.
    }
  }
}

/** Whether the bytes are the file a content-addressed name (`<sha256>.<ext>`) names. */
function matchesName(bytes: Uint8Array, name: string): boolean {
  return createHash('sha256').update(bytes).digest('hex') === name.slice(0, 64);
}
