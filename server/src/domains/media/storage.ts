import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files are kept, by content: a file's key is `<sha256>.<ext>`, so the same bytes
 * are stored once however often they are uploaded, and a key never changes content. A local
 * directory by default (UPLOADS_DIR), an S3-compatible bucket by configuration (S3_*).
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3' | 'memory';
  has(key: string): Promise<boolean>;
  /** Stores the bytes under the key; storing a key that exists already is a no-op. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
}

const KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,4}$/;
function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a content key: ${key.slice(0, 80)}`);
}

/**
 * A directory, fanned out by the hash's first two bytes (ab/cd/<key>) so no folder grows huge.
 * Writes go to a temporary name first and are renamed into place: a reader never sees half a file,
 * and two servers storing the same content at once both end with the same complete file.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    if (await this.has(key)) return;
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch {
      return null;
    }
  }
}

/** Files in memory: for tests and benchmarks, never for a running server (the entry passes a real one). */
export class MemoryMediaStorage implements MediaStorage {
  readonly kind = 'memory' as const;
  private readonly files = new Map<string, Uint8Array>();

  async has(key: string): Promise<boolean> {
    assertKey(key);
    return this.files.has(key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertKey(key);
    if (!this.files.has(key)) this.files.set(key, new Uint8Array(bytes));
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertKey(key);
    return this.files.get(key) ?? null;
  }
}

export interface S3Options {
  /** The service's base URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  readonly timeoutMs?: number;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (S3 keeps the slashes of a path). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface SignRequest {
  readonly method: string;
  /** The path as sent, each segment already encoded. */
  readonly path: string;
  readonly query?: string;
  /** Headers to sign (host included), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly payloadHash: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly service?: string;
  readonly date: Date;
}

/**
 * AWS Signature Version 4 for one request: the `Authorization` header value. Written out here (a
 * few dozen lines) rather than pulling in an SDK for three calls; checked in the tests against the
 * example of AWS's S3 documentation.
 */
export function signV4(request: SignRequest): { authorization: string; amzDate: string } {
  const amzDate = request.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const service = request.service ?? 's3';
  const names = Object.keys(request.headers).map((name) => name.toLowerCase()).sort();
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [request.method, request.path, request.query ?? '', canonicalHeaders, signedHeaders, request.payloadHash].join('\n');
  const scope = `${day}/${request.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { authorization: `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`, amzDate };
}

/** An S3-compatible bucket, path-style addressing (works for AWS, MinIO, Ceph, R2 and the like). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly fetchImpl: typeof fetch;
  private readonly base: URL;

  constructor(private readonly options: S3Options) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.base = new URL(options.endpoint.replace(/\/+$/, '') + '/');
  }

  private async send(method: 'HEAD' | 'GET' | 'PUT', key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    assertKey(key);
    const path = `${this.base.pathname}${encodeRfc3986(this.options.bucket)}/${encodeRfc3986(key)}`;
    const payloadHash = body ? sha256Hex(body) : sha256Hex('');
    const headers: Record<string, string> = { host: this.base.host, 'x-amz-content-sha256': payloadHash };
    if (contentType) headers['content-type'] = contentType;
    const date = this.options.now?.() ?? new Date();
    const amzDate = date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    headers['x-amz-date'] = amzDate;
    const { authorization } = signV4({ method, path, headers, payloadHash, accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey, region: this.options.region, date });
    const { host: _host, ...sent } = headers;
    return this.fetchImpl(new URL(path, this.base), {
      method,
      headers: { ...sent, authorization },
      body: body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      redirect: 'error',
    });
  }

  async has(key: string): Promise<boolean> {
    const response = await this.send('HEAD', key);
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`S3 HEAD answered ${response.status}`);
    return true;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (await this.has(key)) return;
    const response = await this.send('PUT', key, bytes, contentType);
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`S3 PUT answered ${response.status}`);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!response.ok) throw new Error(`S3 GET answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
