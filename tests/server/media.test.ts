import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, errorEntry } from '@contract/errors';
import { mediaRuleIds, mediaRules, type MediaUpload } from '@contract/media';
import { uploads } from '../../server/src/db/schema';
import { LocalMediaStorage, S3MediaStorage, signV4, type MediaStorage } from '../../server/src/domains/media/storage';
import { loadConfig, ConfigError } from '../../server/src/env';
import { createTestApp, expectEnvelope } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';
import { fixturesDir, png } from '../fixtures/media/generate';

/**
 * Uploads on the server: the rules checked again on the received bytes (never the client's
 * numbers), content-addressed storage (local directory or S3), claims by hash, project access, and
 * the public immutable file route.
 */

const fixture = (file: string) => readFileSync(join(fixturesDir, file));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A multipart body with the fields in the order main sends them. */
function multipart(fields: { rule?: string; sha256?: string; file?: { name: string; type: string; bytes: Buffer } }): { payload: Buffer; contentType: string } {
  const boundary = `----test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ rule: fields.rule, sha256: fields.sha256 })) {
    if (value !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (fields.file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fields.file.name}"\r\nContent-Type: ${fields.file.type}\r\n\r\n`),
      fields.file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  app: FastifyInstance,
  token: string | undefined,
  projectId: string,
  fields: Parameters<typeof multipart>[0],
): Promise<{ status: number; code: number; data: MediaUpload | undefined; fieldErrors: Record<string, unknown> | undefined }> {
  const body = multipart(fields);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/uploads`,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  const envelope = expectEnvelope(response);
  return { status: response.statusCode, code: envelope.code, data: envelope.data as MediaUpload | undefined, fieldErrors: envelope.fieldErrors };
}

const fileOf = (name: string, type = 'image/png') => ({ name, type, bytes: fixture(name) });

describe.each(['local', 's3'] as const)('media uploads (%s storage)', (storageKind) => {
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof createTestApp>>;
  let team: ProjectTeam;
  let uploadsDir: string;
  let fakeS3: FakeS3 | null = null;
  const app = () => built.app;

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = mkdtempSync(join(tmpdir(), 'palette-uploads-'));
    let storage: MediaStorage;
    if (storageKind === 's3') {
      fakeS3 = await startFakeS3();
      storage = new S3MediaStorage({ endpoint: fakeS3.url, bucket: 'palette-media', accessKeyId: FAKE_KEY_ID, secretAccessKey: FAKE_SECRET, region: 'eu-central-1' });
    } else {
      storage = new LocalMediaStorage(uploadsDir);
    }
    built = await createTestApp(database.handle, { mediaStorage: storage });
    team = await projectWithTeam(built.app, database.handle);
  });
  afterAll(async () => {
    await built.app.close();
    await database.dispose();
    await fakeS3?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const storedObjects = () => (storageKind === 's3' ? [...(fakeS3?.objects.keys() ?? [])] : readdirSync(uploadsDir, { recursive: true }).filter((p) => String(p).split('/').length === 3).map(String));

  it('takes a file that keeps its rule, stores it by content and records the uploader', async () => {
    const bytes = fixture('start-1080x1920.png');
    const reply = await upload(app(), team.editor.token, team.projectId, { rule: 'startPage.image', sha256: sha(bytes), file: fileOf('start-1080x1920.png') });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({
      rule: 'startPage.image',
      type: 'png',
      kind: 'image',
      size: bytes.length,
      width: 1080,
      height: 1920,
      sha256: sha(bytes),
      name: `${sha(bytes)}.png`,
      url: `/api/v1/media/${sha(bytes)}.png`,
    });
    expect(reply.data).not.toHaveProperty('durationMs');
    const [row] = await database.handle.db.select().from(uploads).where(eq(uploads.id, reply.data?.id ?? ''));
    expect(row).toMatchObject({ projectId: team.projectId, uploadedBy: team.editor.id, fileName: 'start-1080x1920.png', key: `${sha(bytes)}.png` });
    expect(storedObjects().some((key) => key.endsWith(`${sha(bytes)}.png`))).toBe(true);
  });

  it('stores the same content once, however often and by whom it is uploaded', async () => {
    const bytes = fixture('retention-750x1000.jpg');
    const before = storedObjects().length;
    const first = await upload(app(), team.owner.token, team.projectId, { rule: 'retention.background', sha256: sha(bytes), file: fileOf('retention-750x1000.jpg', 'image/jpeg') });
    const again = await upload(app(), team.admin.token, team.projectId, { rule: 'retention.background', sha256: sha(bytes), file: fileOf('retention-750x1000.jpg', 'image/jpeg') });
    expect(first.code).toBe(0);
    expect(again.data?.id).toBe(first.data?.id);
    // For another rule it is another record of the same stored file.
    const other = await upload(app(), team.owner.token, team.projectId, { rule: 'paywall.image', sha256: sha(bytes), file: fileOf('retention-750x1000.jpg', 'image/jpeg') });
    expect(other.data?.id).not.toBe(first.data?.id);
    expect(other.data?.url).toBe(first.data?.url);
    expect(storedObjects().length).toBe(before + 1);
  });

  it('answers a claim by hash for stored content without the bytes, and 108002 for unknown content', async () => {
    const bytes = fixture('thumb-512x512.webp');
    const unknown = await upload(app(), team.editor.token, team.projectId, { rule: 'home.thumbnail', sha256: sha(bytes) });
    expect(unknown).toMatchObject({ status: 404, code: ErrorCode.DataMissing });
    await upload(app(), team.editor.token, team.projectId, { rule: 'home.thumbnail', sha256: sha(bytes), file: fileOf('thumb-512x512.webp', 'image/webp') });
    const claimed = await upload(app(), team.editor.token, team.projectId, { rule: 'paywall.image', sha256: sha(bytes) });
    expect(claimed).toMatchObject({ code: 0, data: { rule: 'paywall.image', width: 512, height: 512, type: 'webp' } });
  });

  it('checks a claim against its own rule again', async () => {
    const bytes = fixture('start-1080x1920.png');
    const claimed = await upload(app(), team.editor.token, team.projectId, { rule: 'home.icon', sha256: sha(bytes) });
    expect(claimed).toMatchObject({ code: ErrorCode.DimensionExact, fieldErrors: { file: { key: 'validation.dimensionExact', params: { width: 128, height: 128 } } } });
  });

  it('measures the bytes itself and refuses what breaks the rule, with every refusal', async () => {
    const wide = fixture('landscape-1920x1080.png');
    const reply = await upload(app(), team.editor.token, team.projectId, { rule: 'startPage.image', sha256: sha(wide), file: fileOf('landscape-1920x1080.png') });
    expect(reply).toMatchObject({
      status: 400,
      code: ErrorCode.DimensionExact,
      fieldErrors: { file: { key: 'validation.dimensionExact', params: { width: 1080, height: 1920 } }, 'file.1': { key: 'validation.ratio', params: { ratio: '9:16' } } },
    });
    const renamed = fixture('png-named.jpg');
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'startPage.image', sha256: sha(renamed), file: { name: 'png-named.jpg', type: 'image/jpeg', bytes: renamed } })).toMatchObject({
      code: ErrorCode.ContentTypeMismatch,
    });
    const long = fixture('cover-1080x1440-45s.mp4');
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'home.coverVideo', sha256: sha(long), file: { name: 'long.mp4', type: 'video/mp4', bytes: long } })).toMatchObject({
      code: ErrorCode.DurationTooLong,
    });
    const damaged = fixture('truncated.png');
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'startPage.image', sha256: sha(damaged), file: { name: 'truncated.png', type: 'image/png', bytes: damaged } })).toMatchObject({
      code: ErrorCode.FileReadFailed,
    });
  });

  it('refuses a file cut short as damaged (108005), with that refusal only, and stores nothing', async () => {
    const cases = [
      { rule: 'startPage.image', file: 'start-1080x1920.png', type: 'image/png' },
      { rule: 'retention.background', file: 'retention-750x1000.jpg', type: 'image/jpeg' },
      { rule: 'home.coverVideo', file: 'cover-1080x1440-10s.mp4', type: 'video/mp4' },
    ] as const;
    for (const { rule, file, type } of cases) {
      const whole = fixture(file);
      for (const cut of [1, 10, Math.floor(whole.length / 2)]) {
        const bytes = whole.subarray(0, whole.length - cut);
        const before = storedObjects().length;
        const reply = await upload(app(), team.editor.token, team.projectId, { rule, sha256: sha(bytes), file: { name: file, type, bytes } });
        expect(reply, `${file} minus ${cut}`).toMatchObject({
          status: errorEntry(ErrorCode.FileReadFailed).status,
          code: ErrorCode.FileReadFailed,
          data: undefined,
          fieldErrors: { file: { key: 'errors.fileReadFailed' } },
        });
        expect(Object.keys(reply.fieldErrors ?? {})).toEqual(['file']);
        expect(storedObjects().length).toBe(before);
        expect(await database.handle.db.select().from(uploads).where(eq(uploads.sha256, sha(bytes)))).toEqual([]);
        // Nor can it be claimed by its hash afterwards.
        expect(await upload(app(), team.editor.token, team.projectId, { rule, sha256: sha(bytes) })).toMatchObject({ code: ErrorCode.DataMissing });
      }
    }
  });

  it('refuses a file over the rule’s limit without reading it all', async () => {
    const big = png(1080, 1920, 2 * 1024 * 1024);
    const reply = await upload(app(), team.editor.token, team.projectId, { rule: 'startPage.image', sha256: sha(big), file: { name: 'big.png', type: 'image/png', bytes: big } });
    expect(reply).toMatchObject({ status: 400, code: ErrorCode.FileTooLarge, fieldErrors: { file: { key: 'validation.fileSize', params: { max: '2 MB' } } } });
  });

  it('takes a file at the largest limit any rule has', async () => {
    const bytes = Buffer.concat([fixture('cover-1080x1440-10s.mp4')]);
    // A movie padded with a free box up to just under the 20 MB of home.coverVideo.
    const padding = mediaRules['home.coverVideo'].maxBytes - bytes.length - 64;
    const free = Buffer.alloc(padding);
    free.writeUInt32BE(padding, 0);
    free.write('free', 4, 'latin1');
    const movie = Buffer.concat([bytes, free]);
    const reply = await upload(app(), team.editor.token, team.projectId, { rule: 'home.coverVideo', sha256: sha(movie), file: { name: 'cover.mp4', type: 'video/mp4', bytes: movie } });
    expect(reply).toMatchObject({ code: 0, data: { kind: 'video', durationMs: 10_000, size: movie.length } });
  });

  it('refuses bytes that do not hash to the sha256 sent with them', async () => {
    // The caller's mistake (issue 18 §7): a 4xx, not the server fault it used to be answered as.
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'home.icon', sha256: 'f'.repeat(64), file: fileOf('icon-128x128.png') })).toMatchObject({
      status: 400,
      code: ErrorCode.FileUploadFailed,
      fieldErrors: { sha256: { key: 'validation.invalid' } },
    });
  });

  it('refuses a request without rule or hash, or with a rule it does not know', async () => {
    const bytes = fixture('icon-128x128.png');
    expect(await upload(app(), team.editor.token, team.projectId, { sha256: sha(bytes), file: fileOf('icon-128x128.png') })).toMatchObject({
      code: ErrorCode.ParamInvalid,
      fieldErrors: { rule: { key: 'validation.required' } },
    });
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'home.icon', file: fileOf('icon-128x128.png') })).toMatchObject({
      code: ErrorCode.ParamInvalid,
      fieldErrors: { sha256: { key: 'validation.required' } },
    });
    expect(await upload(app(), team.editor.token, team.projectId, { rule: 'home.nope', sha256: sha(bytes) })).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { rule: { key: 'validation.enum' } } });
    const json = await app().inject({
      method: 'POST',
      url: `/api/v1/projects/${team.projectId}/uploads`,
      headers: { authorization: `Bearer ${team.editor.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(expectEnvelope(json).code).toBe(ErrorCode.ParamInvalid);
  });

  it('refuses a multipart body it cannot read with 1000, not a server fault: cut off, without a boundary, or with one over 256 characters', async () => {
    const bytes = fixture('icon-128x128.png');
    const whole = multipart({ rule: 'home.icon', sha256: sha(bytes), file: fileOf('icon-128x128.png') });
    const boundary = /boundary=(.+)$/.exec(whole.contentType)?.[1] ?? '';
    const long = 'b'.repeat(300);
    const cases: ReadonlyArray<{ readonly contentType: string; readonly payload: Buffer }> = [
      // cut off inside the file, and inside the fields
      { contentType: whole.contentType, payload: whole.payload.subarray(0, whole.payload.length - 200) },
      { contentType: whole.contentType, payload: whole.payload.subarray(0, 60) },
      // no boundary in the content type
      { contentType: 'multipart/form-data', payload: whole.payload },
      // a boundary longer than the parser searches for
      { contentType: `multipart/form-data; boundary=${long}`, payload: Buffer.from(`--${long}\r\nContent-Disposition: form-data; name="rule"\r\n\r\nhome.icon\r\n--${long}--\r\n`) },
      // a boundary the body never uses
      { contentType: `multipart/form-data; boundary=${boundary}x`, payload: whole.payload },
    ];
    for (const { contentType, payload } of cases) {
      const response = await app().inject({
        method: 'POST',
        url: `/api/v1/projects/${team.projectId}/uploads`,
        headers: { authorization: `Bearer ${team.editor.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType.slice(0, 60)}: ${response.body}`).toBe(400);
      expect(expectEnvelope(response).code).toBe(ErrorCode.ParamInvalid);
    }
  });

  it('lets only signed-in members who may write the project’s configuration upload', async () => {
    const bytes = fixture('icon-128x128.png');
    const fields = { rule: 'home.icon', sha256: sha(bytes), file: fileOf('icon-128x128.png') };
    expect(await upload(app(), undefined, team.projectId, fields)).toMatchObject({ status: 401, code: ErrorCode.Unauthorized });
    expect(await upload(app(), 'not-a-session', team.projectId, fields)).toMatchObject({ status: 401, code: ErrorCode.TokenInvalid });
    expect(await upload(app(), team.outsider.token, team.projectId, fields)).toMatchObject({ status: 403, code: ErrorCode.NotProjectMember });
    expect(await upload(app(), team.viewer.token, team.projectId, fields)).toMatchObject({ status: 403, code: ErrorCode.Forbidden });
    expect(await upload(app(), team.globalAdmin.token, team.projectId, fields)).toMatchObject({ code: 0 });
    expect(await upload(app(), team.owner.token, '7d444840-9dc0-41d1-b245-5ffdce74fad2', fields)).toMatchObject({ code: ErrorCode.ProjectNotFound });
    expect(await upload(app(), team.owner.token, 'not-a-uuid', fields)).toMatchObject({ code: ErrorCode.ParamInvalid });
  });

  it('serves a stored file publicly, immutable, with its type, ranges and revalidation', async () => {
    const bytes = fixture('cover-1080x1440-10s.mp4');
    const stored = await upload(app(), team.editor.token, team.projectId, { rule: 'home.coverVideo', sha256: sha(bytes), file: { name: 'cover.mp4', type: 'video/mp4', bytes } });
    const url = stored.data?.url ?? '';
    const whole = await app().inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers.etag).toBe(`"${sha(bytes)}"`);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await app().inject({ method: 'GET', url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${bytes.length}`);
    expect(part.body).toBe('ftypisom');
    const beyond = await app().inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(expectEnvelope(beyond).code).toBe(ErrorCode.RangeNotSatisfiable);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.headers['cache-control']).toBe('no-store');
    expect((await app().inject({ method: 'GET', url, headers: { 'if-none-match': `"${sha(bytes)}"` } })).statusCode).toBe(304);
    const missing = await app().inject({ method: 'GET', url: `/api/v1/media/${'0'.repeat(64)}.mp4` });
    expect(missing.statusCode).toBe(404);
    expect(expectEnvelope(missing).code).toBe(ErrorCode.DataMissing);
    expect((await app().inject({ method: 'GET', url: '/api/v1/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('answers the rules it enforces to signed-in operators', async () => {
    const rules = await ok<unknown[]>(app(), team.viewer.token, 'media.rules');
    expect(rules).toHaveLength(mediaRuleIds.length);
    expect(rules).toContainEqual({ ...mediaRules['startPage.image'], kinds: ['image'], types: ['png', 'jpg'] });
  });
});

// ---------------------------------------------------------------------------------------------
// S3: SigV4 and a fake S3-compatible server on 127.0.0.1
// ---------------------------------------------------------------------------------------------

const FAKE_KEY_ID = 'AKIDPALETTETEST';
const FAKE_SECRET = 'palette/test/secret/key';

interface FakeS3 {
  readonly url: string;
  readonly objects: Map<string, { body: Buffer; contentType: string }>;
  readonly requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

/** Verifies a request's SigV4 signature the way S3 does, from what arrived on the wire. */
function signatureValid(req: IncomingMessage, body: Buffer): boolean {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match || match[1] !== FAKE_KEY_ID) return false;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
  const headers: Record<string, string> = {};
  for (const name of (match[4] as string).split(';')) headers[name] = String(req.headers[name] ?? '');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const date = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const expected = signV4({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] as string, headers, payloadHash, accessKeyId: FAKE_KEY_ID, secretAccessKey: FAKE_SECRET, region: match[3] as string, date });
  return expected.authorization === auth;
}

async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: Array<{ method: string; path: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((req.url ?? '').split('?')[0] as string);
      requests.push({ method: req.method ?? '', path });
      if (!signatureValid(req, body)) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const object = objects.get(path);
      if (req.method === 'PUT') {
        objects.set(path, { body, contentType: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: '"x"' });
        res.end();
      } else if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      } else {
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        res.end(req.method === 'HEAD' ? undefined : object.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('S3-compatible storage', () => {
  it('signs like the example of AWS’s S3 documentation (GET /test.txt, 2013-05-24)', () => {
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const { authorization } = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': empty, 'x-amz-date': '20130524T000000Z' },
      payloadHash: empty,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts once, reads back, and answers null for what it does not have; a wrong secret is refused', async () => {
    const fake = await startFakeS3();
    try {
      const storage = new S3MediaStorage({ endpoint: `${fake.url}/`, bucket: 'media', accessKeyId: FAKE_KEY_ID, secretAccessKey: FAKE_SECRET, region: 'us-east-1' });
      const bytes = randomBytes(1000);
      const key = `${sha(bytes)}.png`;
      expect(await storage.has(key)).toBe(false);
      await storage.put(key, bytes, 'image/png');
      await storage.put(key, bytes, 'image/png');
      expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([{ method: 'PUT', path: `/media/${key}` }]);
      expect(fake.objects.get(`/media/${key}`)?.contentType).toBe('image/png');
      expect(Buffer.from((await storage.get(key)) ?? []).equals(bytes)).toBe(true);
      expect(await storage.get(`${'0'.repeat(64)}.png`)).toBeNull();
      const wrong = new S3MediaStorage({ endpoint: fake.url, bucket: 'media', accessKeyId: FAKE_KEY_ID, secretAccessKey: 'not the secret', region: 'us-east-1' });
      await expect(wrong.get(key)).rejects.toThrow(/403/);
      await expect(storage.get('../../secrets')).rejects.toThrow(/content key/);
    } finally {
      await fake.close();
    }
  });
});

describe('media storage configuration', () => {
  it('keeps uploads under DATA_DIR by default, or in UPLOADS_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/srv/palette' })).toMatchObject({ uploadsDir: join('/srv/palette', 'uploads'), s3: undefined });
    expect(loadConfig({ DATA_DIR: '/srv/palette', UPLOADS_DIR: '/mnt/media' }).uploadsDir).toBe('/mnt/media');
  });

  it('takes S3 settings all together, with a default region, and names what is missing', () => {
    const s3 = { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'palette-media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).s3).toEqual({ endpoint: 'https://s3.example.com', bucket: 'palette-media', accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1' });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
    const partial = (() => {
      try {
        loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'palette-media' });
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(partial).toBeInstanceOf(ConfigError);
    expect((partial as ConfigError).variable).toBe('S3_ACCESS_KEY_ID');
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://s3.example.com' })).toThrow(ConfigError);
  });
});
