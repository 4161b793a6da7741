import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { MEDIA_CHUNK_BYTES, type MediaCheckBytesOutput, type MediaProgress, type MediaUpload } from '@contract/media';
import { AppFailure } from '../../main/src/errors';
import { EventHub } from '../../main/src/events';
import { MediaService, type MediaServiceOptions } from '../../main/src/media/media-service';
import { applyRange } from '../../main/src/media/previews';
import { MediaStaging, type StagedFile } from '../../main/src/media/staging';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { png } from '../fixtures/media/generate';

const PROJECT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN = 'session-token-for-uploads';

/** One multipart request as the fake server read it. */
interface SeenUpload {
  readonly authorization: string | undefined;
  readonly fields: Record<string, string>;
  readonly file: { readonly name: string; readonly type: string; readonly bytes: Buffer } | null;
  readonly complete: boolean;
}

/** Splits a multipart/form-data body into its fields and its file part. */
function parseMultipart(body: Buffer, contentType: string): Omit<SeenUpload, 'authorization' | 'complete'> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) throw new Error('no boundary');
  const fields: Record<string, string> = {};
  let file: SeenUpload['file'] = null;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { name: filename, type: /Content-Type: (.+)/.exec(head)?.[1]?.trim() ?? '', bytes: Buffer.from(content) };
    else fields[name] = content.toString('utf8');
    at = next;
  }
  return { fields, file };
}

type Behaviour = (upload: SeenUpload, res: ServerResponse, req: IncomingMessage) => void;

/** A stand-in for the API server's upload route: content-addressed, recording every request. */
class FakeUploadServer {
  readonly seen: SeenUpload[] = [];
  readonly stored = new Map<string, Buffer>();
  /** Per request number (0-based), how to answer; the default is the real server's behaviour. */
  readonly behaviours = new Map<number, Behaviour>();
  /** Called when a request's headers arrive, before its body is read (to stall or drop it). */
  onRequest: ((req: IncomingMessage, res: ServerResponse, index: number) => boolean) | null = null;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const index = this.seen.length + this.pendingCount++;
      if (this.onRequest?.(req, res, index)) return;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.pendingCount -= 1;
        const parsed = parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
        const upload: SeenUpload = { authorization: req.headers.authorization, complete: true, ...parsed };
        this.seen.push(upload);
        (this.behaviours.get(index) ?? this.answer)(upload, res, req);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  private pendingCount = 0;

  /** The real route's logic: store by hash, answer the record; a claim for unknown content is 108002. */
  readonly answer: Behaviour = (upload, res) => {
    const sha = upload.fields.sha256 ?? '';
    if (upload.file) {
      const actual = createHash('sha256').update(upload.file.bytes).digest('hex');
      if (actual !== sha) return this.reply(res, { code: ErrorCode.ParamInvalid, message: 'hash mismatch' }, 400);
      this.stored.set(sha, upload.file.bytes);
    }
    const bytes = this.stored.get(sha);
    if (!bytes) return this.reply(res, { code: ErrorCode.DataMissing, message: 'Send the file' }, 404);
    this.reply(res, { code: 0, message: 'ok', data: this.record(sha, bytes.length, upload.fields.rule ?? '') });
  };

  record(sha: string, size: number, rule: string): MediaUpload & { extra: string } {
    return {
      id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
      url: `/api/v1/media/${sha}.png`,
      name: `${sha}.png`,
      rule: rule as MediaUpload['rule'],
      type: 'png',
      kind: 'image',
      size,
      width: 1080,
      height: 1920,
      sha256: sha,
      extra: 'dropped by the contract',
    };
  }

  reply(res: ServerResponse, body: unknown, status = 200): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  fileBodies(): number {
    return this.seen.filter((upload) => upload.file !== null).length;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}

let server: FakeUploadServer;
let events: EventHub;
let progress: MediaProgress[];
let secrets: MemorySecretStore;

beforeEach(async () => {
  server = new FakeUploadServer();
  await server.start();
  events = new EventHub();
  progress = [];
  events.subscribe((event, payload) => {
    if (event === 'media.progress') progress.push(payload as MediaProgress);
  });
  secrets = new MemorySecretStore();
  await secrets.set(TOKEN);
});
afterEach(async () => {
  await server.close();
});

function service(overrides: Partial<MediaServiceOptions> = {}): MediaService {
  return new MediaService({ serverUrl: server.url, secrets, events, retryDelaysMs: [10, 10], progressIntervalMs: 0, ...overrides });
}

function stage(target: MediaService, bytes: Buffer = randomBytes(300 * 1024), name = 'start page.png'): StagedFile {
  return target.staging.stage({
    ruleId: 'startPage.image',
    name,
    type: 'png',
    kind: 'image',
    bytes: new Uint8Array(bytes),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    width: 1080,
    height: 1920,
  });
}

describe('media.upload', () => {
  it('claims first, then streams the file as multipart with progress, and answers the stored record', async () => {
    const target = service();
    const file = stage(target);
    const result = await target.upload(PROJECT, file.token);
    if (result.status !== 'uploaded') throw new Error('not uploaded');
    // What the contract names, and nothing the server added besides.
    const { extra: _extra, ...record } = server.record(file.sha256, file.bytes.length, 'startPage.image');
    expect(result.upload).toEqual(record);
    expect(result.upload).toMatchObject({ sha256: file.sha256, size: file.bytes.length, rule: 'startPage.image' });
    expect(result.upload).not.toHaveProperty('extra');

    expect(server.seen).toHaveLength(2);
    const [claim, send] = server.seen as [SeenUpload, SeenUpload];
    expect(claim).toMatchObject({ authorization: `Bearer ${TOKEN}`, fields: { rule: 'startPage.image', sha256: file.sha256 }, file: null });
    expect(send.fields).toEqual({ rule: 'startPage.image', sha256: file.sha256 });
    expect(send.file).toMatchObject({ name: 'start page.png', type: 'image/png' });
    expect(send.file?.bytes.equals(Buffer.from(file.bytes))).toBe(true);

    // Progress: starts at 0, only grows, ends at the total, and names the token.
    expect(progress[0]).toEqual({ token: file.token, sent: 0, total: file.bytes.length });
    expect(progress.at(-1)).toEqual({ token: file.token, sent: file.bytes.length, total: file.bytes.length });
    expect(progress.length).toBeGreaterThan(4);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]!.sent).toBeGreaterThanOrEqual(progress[i - 1]!.sent);
  });

  it('sends no byte of a file the server already holds', async () => {
    const target = service();
    const bytes = randomBytes(200 * 1024);
    const first = stage(target, bytes);
    await target.upload(PROJECT, first.token);
    const again = stage(target, bytes, 'same picture.png');
    const result = await target.upload(PROJECT, again.token);
    expect(result.status).toBe('uploaded');
    expect(server.seen).toHaveLength(3); // claim + file, then one claim
    expect(server.fileBodies()).toBe(1);
  });

  it('after a connection lost once the file arrived, claims again instead of sending a second copy', async () => {
    const target = service();
    const file = stage(target);
    // Request 1 (the file) is stored, then the connection drops before any answer.
    server.behaviours.set(1, (upload, _res, req) => {
      server.stored.set(upload.fields.sha256 ?? '', upload.file?.bytes ?? Buffer.alloc(0));
      req.socket.destroy();
    });
    const result = await target.upload(PROJECT, file.token);
    expect(result.status).toBe('uploaded');
    expect(server.seen.map((upload) => upload.file !== null)).toEqual([false, true, false]);
    expect(server.fileBodies()).toBe(1);
    expect(server.stored.size).toBe(1);
  });

  it('sends the file again when the lost attempt never arrived', async () => {
    const target = service();
    const file = stage(target);
    server.onRequest = (req, _res, index) => {
      if (index !== 1) return false;
      // The file request dies as it starts: the server never sees the body.
      req.socket.destroy();
      return true;
    };
    const result = await target.upload(PROJECT, file.token);
    expect(result.status).toBe('uploaded');
    expect(server.seen.map((upload) => upload.file !== null)).toEqual([false, false, true]);
    expect(server.stored.get(file.sha256)?.equals(Buffer.from(file.bytes))).toBe(true);
  });

  it('gives up after its retries with 1001 and asks for a connectivity check', async () => {
    const onNetworkFailure = vi.fn();
    const target = service({ onNetworkFailure });
    const file = stage(target);
    server.onRequest = (req) => {
      req.socket.destroy();
      return true;
    };
    await expect(target.upload(PROJECT, file.token)).rejects.toMatchObject({ code: ErrorCode.NetworkFailed });
    expect(onNetworkFailure).toHaveBeenCalledOnce();
  });

  it('stops at cancel: the request is abandoned and the upload answers cancelled', async () => {
    const target = service();
    const file = stage(target, randomBytes(24 * 1024 * 1024));
    let stalled: IncomingMessage | null = null;
    let closed = false;
    server.onRequest = (req, _res, index) => {
      if (index !== 1) return false;
      stalled = req;
      req.pause(); // read nothing: the client's writes back up
      req.socket.on('close', () => (closed = true));
      return true;
    };
    const pending = target.upload(PROJECT, file.token);
    await vi.waitFor(() => expect(progress.some((p) => p.sent > 0)).toBe(true), { timeout: 10_000 });
    expect(target.cancel(file.token)).toBe(true);
    await expect(pending).resolves.toEqual({ status: 'cancelled' });
    // Reading again, the server finds the connection gone.
    (stalled as IncomingMessage | null)?.resume();
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 10_000 });
    expect(target.cancel(file.token)).toBe(false);
    // The file is still held: the operator may upload it again.
    expect(target.staging.get(file.token)).toBeDefined();
  });

  it('refuses a second upload of the same token while one runs', async () => {
    const target = service();
    const file = stage(target, randomBytes(24 * 1024 * 1024));
    server.onRequest = (req, _res, index) => {
      if (index !== 1) return false;
      req.pause();
      return true;
    };
    const first = target.upload(PROJECT, file.token);
    await expect(target.upload(PROJECT, file.token)).rejects.toMatchObject({ code: ErrorCode.TaskGenerating });
    target.cancel(file.token);
    await first;
  });

  it('passes the server’s refusal on with its code', async () => {
    const target = service();
    const file = stage(target);
    server.behaviours.set(0, (_upload, res) => server.reply(res, { code: ErrorCode.DimensionExact, message: 'wrong size' }, 400));
    const failure = await target.upload(PROJECT, file.token).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppFailure);
    expect(failure).toMatchObject({ code: ErrorCode.DimensionExact });
  });

  it('ends the session when the server says the token is no longer valid', async () => {
    const onSessionEnded = vi.fn();
    const target = service({ onSessionEnded });
    const file = stage(target);
    server.behaviours.set(0, (_upload, res) => server.reply(res, { code: ErrorCode.SignedInElsewhere, message: 'elsewhere' }, 401));
    await expect(target.upload(PROJECT, file.token)).rejects.toMatchObject({ code: ErrorCode.SignedInElsewhere });
    expect(await secrets.get()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledWith(ErrorCode.SignedInElsewhere);
  });

  it('reads a reply that is no envelope as a failed upload', async () => {
    const target = service();
    const file = stage(target);
    server.behaviours.set(0, (_upload, res) => {
      res.writeHead(413, { 'Content-Type': 'text/html' });
      res.end('<h1>Too large</h1>');
    });
    await expect(target.upload(PROJECT, file.token)).rejects.toMatchObject({ code: ErrorCode.FileUploadFailed });
  });
});

describe('a file cut short', () => {
  const damaged = [{ code: ErrorCode.FileReadFailed, key: 'errors.fileReadFailed' }];
  let temp: string;
  beforeEach(() => {
    temp = mkdtempSync(join(tmpdir(), 'palette-damaged-'));
  });
  afterEach(() => rmSync(temp, { recursive: true, force: true }));

  /** Sends a file through `media.checkBytes` chunk by chunk, as the browser edition does; every answer. */
  function sendInChunks(target: MediaService, name: string, bytes: Buffer): MediaCheckBytesOutput[] {
    const answers: MediaCheckBytesOutput[] = [];
    let receipt: string | undefined;
    for (let offset = 0; offset === 0 || offset < bytes.length; offset += MEDIA_CHUNK_BYTES) {
      const chunk = bytes.subarray(offset, offset + MEDIA_CHUNK_BYTES).toString('base64');
      const answer = target.checkBytes({ ruleId: 'paywall.image', name, size: bytes.length, offset, chunk, ...(receipt ? { receipt } : {}) });
      answers.push(answer);
      if (answer.status === 'receiving') receipt = answer.receipt;
    }
    return answers;
  }

  it('is refused as damaged by the native picker before anything is uploaded', async () => {
    const whole = png(1080, 1920);
    const path = join(temp, 'start.png');
    writeFileSync(path, whole.subarray(0, whole.length - 10));
    const target = service({ pickFile: async () => path });
    const result = await target.pick('startPage.image');
    expect(result).toMatchObject({ status: 'checked', ok: false, file: { token: null, sha256: null, previewUrl: null }, refusals: damaged });
    expect(target.staging.size).toBe(0);
    expect(server.seen).toHaveLength(0);
  });

  it('is refused once its last chunk arrives in the browser edition, never taken on its first', async () => {
    const whole = png(1080, 1920, 700 * 1024); // two chunks
    const cut = whole.subarray(0, whole.length - 1);
    const target = service();
    const answers = sendInChunks(target, 'big.png', cut);
    expect(answers.map((answer) => answer.status)).toEqual(['receiving', 'checked']);
    expect(answers[1]).toMatchObject({ ok: false, file: { token: null }, refusals: damaged });
    expect(target.staging.size).toBe(0);
    expect(server.seen).toHaveLength(0);

    // The whole file goes through the same way, and only it is uploaded.
    const accepted = sendInChunks(target, 'big.png', whole).at(-1);
    if (accepted?.status !== 'checked' || !accepted.file.token) throw new Error('the whole file was not accepted');
    expect(accepted.ok).toBe(true);
    await target.upload(PROJECT, accepted.file.token);
    expect(server.fileBodies()).toBe(1);
    expect(server.seen.every((upload) => upload.file === null || upload.file.bytes.equals(whole))).toBe(true);
  });
});

describe('stored file previews', () => {
  it('fetches a stored file once, checks it hashes to its name, and serves it immutable', async () => {
    const bytes = randomBytes(4096);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path.endsWith(`/api/v1/media/${sha}.png`)) return new Response(bytes);
      if (path.includes('/api/v1/media/')) return new Response(randomBytes(10)); // a wrong body
      return new Response('nope', { status: 404 });
    });
    const target = service({ fetch: fetch as unknown as typeof globalThis.fetch });
    const first = await target.previews.serve(`/__palette/media/${sha}.png`, 'GET', undefined);
    expect(first).toMatchObject({ status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=31536000, immutable' } });
    expect(Buffer.from(first.body ?? []).equals(bytes)).toBe(true);
    await target.previews.serve(`/__palette/media/${sha}.png`, 'GET', 'bytes=0-9');
    expect(fetch).toHaveBeenCalledOnce();
    const other = 'b'.repeat(64);
    expect((await target.previews.serve(`/__palette/media/${other}.png`, 'GET', undefined)).status).toBe(502);
    expect((await target.previews.serve('/__palette/media/../../etc/passwd', 'GET', undefined)).status).toBe(404);
    expect((await target.previews.serve(`/__palette/media/${sha}.png`, 'POST', undefined)).status).toBe(405);
    expect(await target.previews.serve(`/__palette/media/${sha}.png`, 'HEAD', undefined)).toMatchObject({ status: 200, body: null });
  });

  it('answers byte ranges as video elements ask for them', () => {
    const bytes = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(applyRange(bytes, undefined, {})).toMatchObject({ status: 200, headers: { 'Content-Length': '10', 'Accept-Ranges': 'bytes' } });
    expect(applyRange(bytes, 'bytes=2-4', {})).toMatchObject({ status: 206, headers: { 'Content-Range': 'bytes 2-4/10' }, body: new Uint8Array([2, 3, 4]) });
    expect(applyRange(bytes, 'bytes=8-', {})).toMatchObject({ status: 206, body: new Uint8Array([8, 9]) });
    expect(applyRange(bytes, 'bytes=-3', {})).toMatchObject({ status: 206, body: new Uint8Array([7, 8, 9]) });
    expect(applyRange(bytes, 'bytes=5-100', {})).toMatchObject({ status: 206, headers: { 'Content-Range': 'bytes 5-9/10' } });
    expect(applyRange(bytes, 'bytes=10-', {})).toMatchObject({ status: 416, headers: { 'Content-Range': 'bytes */10' } });
    expect(applyRange(bytes, 'bytes=0-1,4-5', {})).toMatchObject({ status: 200 });
  });
});

describe('staging', () => {
  it('keeps a bounded number of files and bytes, dropping the least recently used', () => {
    let now = 0;
    const staging = new MediaStaging({ maxFiles: 2, maxTotalBytes: 1000, ttlMs: 100, now: () => now });
    const add = (size: number) =>
      staging.stage({ ruleId: 'startPage.image', name: 'a.png', type: 'png', kind: 'image', bytes: new Uint8Array(size), sha256: 'x', width: 1, height: 1 });
    const a = add(100);
    const b = add(100);
    now = 1;
    staging.get(a.token); // a is now the more recently used
    const c = add(100);
    expect(staging.get(b.token)).toBeUndefined();
    expect(staging.get(a.token)).toBeDefined();
    expect(staging.get(c.token)).toBeDefined();
    const d = add(950); // over the byte limit: everything else goes
    expect(staging.size).toBe(1);
    expect(staging.get(d.token)).toBeDefined();
    now = 200; // unused for longer than the ttl
    expect(staging.get(d.token)).toBeUndefined();
  });
});
