import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const { showOpenDialog } = vi.hoisted(() => ({ showOpenDialog: vi.fn<(...args: unknown[]) => Promise<{ canceled: boolean; filePaths: string[] }>>() }));
vi.mock('electron', async () => {
  const fake = await import('./support/fake-electron');
  // No window has the focus in a test: the dialog opens without a parent.
  class BrowserWindow extends fake.BrowserWindow {
    static getFocusedWindow(): null {
      return null;
    }
  }
  return { ...fake, BrowserWindow, dialog: { ...fake.dialog, showOpenDialog } };
});

import { ErrorCode } from '@contract/errors';
import { type IpcResult } from '@contract/ipc';
import { MEDIA_CHUNK_BYTES, mediaRules, type MediaCheckBytesOutput, type MediaPickOutput } from '@contract/media';
import { createCore, type Core } from '../../main/src/core';
import { startHost, type RunningHost } from '../../main/src/host/host-server';
import { type FilePicker } from '../../main/src/media/media-service';
import { createNativePicker } from '../../main/src/media/native-picker';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { createUnsupportedUpdates } from '../../main/src/updates';
import { fixturesDir, png } from '../fixtures/media/generate';
import { redeemLaunch } from './support/host-session';
import { createRendererFixture, type RendererFixture } from './support/renderer-fixture';

const ORIGIN = 'app://palette';
const sender = { origin: ORIGIN };
let locale = 'en-US';

function core(pickFile: FilePicker | null = createNativePicker(() => locale)): Core {
  return createCore({
    serverUrl: 'http://127.0.0.1:9',
    secrets: new MemorySecretStore(),
    trustedOrigins: [ORIGIN],
    appInfo: { name: 'Palette Console', version: '0.1.0', edition: 'desktop', platform: 'linux', rendererBuild: 'test' },
    embeddedServer: false,
    updates: createUnsupportedUpdates(),
    openExternal: async () => false,
    ...(pickFile ? { pickFile } : {}),
  });
}

async function pick(target: Core, ruleId: string, path: string | null): Promise<IpcResult<MediaPickOutput>> {
  showOpenDialog.mockResolvedValueOnce(path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] });
  return (await target.router.invoke('media.pick', { ruleId }, sender)) as IpcResult<MediaPickOutput>;
}

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`IPC failed: ${result.code} ${result.message}`);
  return result.value;
}

let temp: string;
beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'palette-media-'));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));
beforeEach(() => {
  showOpenDialog.mockReset();
  locale = 'en-US';
});

describe('media.pick with the native dialog', () => {
  it('opens the dialog filtered to the rule, then answers the checked file with a token and a preview', async () => {
    const target = core();
    const result = value(await pick(target, 'startPage.image', join(fixturesDir, 'start-1080x1920.png')));
    const [options] = showOpenDialog.mock.calls[0] as [{ title: string; properties: string[]; filters: Array<{ name: string; extensions: string[] }> }];
    expect(options.title).toBe('Choose a file');
    expect(options.properties).toEqual(['openFile']);
    expect(options.filters).toEqual([{ name: 'Images (*.png, *.jpg, *.jpeg)', extensions: ['png', 'PNG', 'jpg', 'JPG', 'jpeg', 'JPEG'] }]);
    expect(result).toMatchObject({
      status: 'checked',
      ok: true,
      refusals: [],
      file: { name: 'start-1080x1920.png', ruleId: 'startPage.image', type: 'png', kind: 'image', width: 1080, height: 1920, durationMs: null },
    });
    if (result.status !== 'checked') throw new Error('not checked');
    expect(result.file.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(result.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.file.previewDataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(result.file.previewUrl).toBe(`/__palette/media/staged/${result.file.token}`);
    expect(target.media.staging.get(result.file.token as string)).toMatchObject({ width: 1080, height: 1920, type: 'png' });
  });

  it('answers a wrong size with its localizable refusal and holds nothing to upload', async () => {
    const target = core();
    const result = value(await pick(target, 'startPage.image', join(fixturesDir, 'landscape-1920x1080.png')));
    expect(result).toMatchObject({
      status: 'checked',
      ok: false,
      file: { token: null, width: 1920, height: 1080, previewDataUrl: null, previewUrl: null },
      refusals: [
        { code: ErrorCode.DimensionExact, key: 'validation.dimensionExact', params: { width: 1080, height: 1920 } },
        { code: ErrorCode.RatioMismatch, key: 'validation.ratio', params: { ratio: '9:16' } },
      ],
    });
    expect(target.media.staging.size).toBe(0);
  });

  it('refuses a renamed file, a too long video and a too long animation', async () => {
    const target = core();
    const renamed = value(await pick(target, 'startPage.image', join(fixturesDir, 'png-named.jpg')));
    expect(renamed).toMatchObject({ ok: false, refusals: [{ code: ErrorCode.ContentTypeMismatch, params: { declared: 'JPG', actual: 'PNG' } }] });
    const video = value(await pick(target, 'home.coverVideo', join(fixturesDir, 'cover-1080x1440-45s.mp4')));
    expect(video).toMatchObject({ ok: false, file: { kind: 'video', durationMs: 45_000 }, refusals: [{ code: ErrorCode.DurationTooLong, params: { max: 30 } }] });
    const animation = value(await pick(target, 'popup.pag', join(fixturesDir, 'popup-1080x1920-12s.pag')));
    expect(animation).toMatchObject({ ok: false, refusals: [{ code: ErrorCode.DurationTooLong, params: { max: 10 } }] });
    const good = value(await pick(target, 'popup.pag', join(fixturesDir, 'popup-720x1280-5s.pag')));
    expect(good).toMatchObject({ ok: true, file: { kind: 'pag', width: 720, height: 1280, durationMs: 5000, previewDataUrl: null } });
  });

  it('refuses a file above the limit after reading only its beginning', async () => {
    const path = join(temp, 'huge.png');
    writeFileSync(path, png(1080, 1920, 3 * 1024 * 1024));
    const result = value(await pick(core(), 'startPage.image', path));
    expect(result).toMatchObject({
      ok: false,
      file: { bytes: 3 * 1024 * 1024 + 12 + 333, width: 1080, height: 1920 },
      refusals: [{ code: ErrorCode.FileTooLarge, params: { max: '2 MB' } }],
    });
  });

  it('answers cancelled when the dialog is closed, and 108005 for a path that is no file', async () => {
    const target = core();
    expect(value(await pick(target, 'startPage.image', null))).toEqual({ status: 'cancelled' });
    expect(await pick(target, 'startPage.image', temp)).toMatchObject({ ok: false, code: ErrorCode.FileReadFailed });
    expect(await pick(target, 'startPage.image', join(temp, 'gone.png'))).toMatchObject({ ok: false, code: ErrorCode.FileReadFailed });
  });

  it('words the dialog in Chinese on a Chinese system', async () => {
    locale = 'zh-CN';
    await pick(core(), 'banner.media', join(fixturesDir, 'cover-1080x1440-10s.mp4'));
    const [options] = showOpenDialog.mock.calls[0] as [{ title: string; filters: Array<{ name: string }> }];
    expect(options.title).toBe('选择文件');
    expect(options.filters[0]?.name).toMatch(/^图片 \/ 视频 \(\*\.png, /);
  });

  it('answers unsupported where there is no dialog (the browser edition)', async () => {
    const target = core(null);
    expect(value((await target.router.invoke('media.pick', { ruleId: 'startPage.image' }, sender)) as IpcResult<MediaPickOutput>)).toEqual({
      status: 'unsupported',
    });
    expect(showOpenDialog).not.toHaveBeenCalled();
  });

  it('refuses a rule id the contract does not know, before any dialog', async () => {
    expect(await core().router.invoke('media.pick', { ruleId: 'start.page' }, sender)).toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
    expect(showOpenDialog).not.toHaveBeenCalled();
  });
});

describe('media.checkBytes', () => {
  const send = (target: Core, input: Record<string, unknown>) =>
    target.router.invoke('media.checkBytes', input, sender) as Promise<IpcResult<MediaCheckBytesOutput>>;

  it('checks a file that fits one chunk at once', async () => {
    const bytes = png(1080, 1920);
    const result = value(await send(core(), { ruleId: 'startPage.image', name: 'start.png', size: bytes.length, offset: 0, chunk: bytes.toString('base64') }));
    expect(result).toMatchObject({ status: 'checked', ok: true, file: { width: 1080, height: 1920, previewDataUrl: null } });
  });

  it('receives a larger file chunk by chunk, in order, then checks it', async () => {
    const target = core();
    const bytes = png(1080, 1920, 700 * 1024);
    const first = value(await send(target, { ruleId: 'paywall.image', name: 'big.png', size: bytes.length, offset: 0, chunk: bytes.subarray(0, MEDIA_CHUNK_BYTES).toString('base64') }));
    expect(first).toMatchObject({ status: 'receiving', received: MEDIA_CHUNK_BYTES });
    if (first.status !== 'receiving') throw new Error('not receiving');
    const last = value(
      await send(target, {
        ruleId: 'paywall.image',
        name: 'big.png',
        size: bytes.length,
        offset: MEDIA_CHUNK_BYTES,
        chunk: bytes.subarray(MEDIA_CHUNK_BYTES).toString('base64'),
        receipt: first.receipt,
      }),
    );
    expect(last).toMatchObject({ status: 'checked', ok: true, file: { bytes: bytes.length, width: 1080, height: 1920 } });
    if (last.status !== 'checked' || !last.file.token) throw new Error('not staged');
    expect(Buffer.from(target.media.staging.get(last.file.token)?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it('refuses a chunk out of order, a receipt it does not know and a chunk past the end', async () => {
    const target = core();
    const bytes = png(1080, 1920, 700 * 1024);
    const first = value(await send(target, { ruleId: 'paywall.image', name: 'big.png', size: bytes.length, offset: 0, chunk: bytes.subarray(0, MEDIA_CHUNK_BYTES).toString('base64') }));
    if (first.status !== 'receiving') throw new Error('not receiving');
    const rest = bytes.subarray(MEDIA_CHUNK_BYTES).toString('base64');
    expect(await send(target, { ruleId: 'paywall.image', name: 'big.png', size: bytes.length, offset: 10, chunk: rest, receipt: first.receipt })).toMatchObject({
      ok: false,
      code: ErrorCode.ParamInvalid,
    });
    // The reception was dropped with the bad chunk.
    expect(await send(target, { ruleId: 'paywall.image', name: 'big.png', size: bytes.length, offset: MEDIA_CHUNK_BYTES, chunk: rest, receipt: first.receipt })).toMatchObject({
      ok: false,
      code: ErrorCode.DataMissing,
    });
    expect(await send(target, { ruleId: 'startPage.image', name: 'a.png', size: 2, offset: 0, chunk: Buffer.alloc(3).toString('base64') })).toMatchObject({
      ok: false,
      code: ErrorCode.ParamInvalid,
    });
    expect(await send(target, { ruleId: 'startPage.image', name: 'a.png', size: 20, offset: 5, chunk: '' })).toMatchObject({ ok: false, code: ErrorCode.ParamInvalid });
  });

  it('answers an oversized file from its first chunk, without wanting the rest', async () => {
    const bytes = png(1080, 1920);
    const size = mediaRules['startPage.image'].maxBytes + 1;
    const result = value(await send(core(), { ruleId: 'startPage.image', name: 'start.png', size, offset: 0, chunk: bytes.toString('base64') }));
    expect(result).toMatchObject({ status: 'checked', ok: false, file: { token: null, bytes: size }, refusals: [{ code: ErrorCode.FileTooLarge }] });
  });

  it('refuses an empty file as none of the accepted types', async () => {
    const result = value(await send(core(), { ruleId: 'startPage.image', name: 'empty.png', size: 0, offset: 0, chunk: '' }));
    expect(result).toMatchObject({ ok: false, refusals: [{ code: ErrorCode.FileTypeNotAllowed }, { code: ErrorCode.ContentTypeMismatch }] });
  });
});

describe('releasing and previewing a checked file', () => {
  let fixture: RendererFixture;
  let host: RunningHost;
  let target: Core;
  let cookie = '';
  const get = (path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    fixture = createRendererFixture();
    host = await startHost({
      port: 0,
      rendererDir: fixture.rendererDir,
      connect: () => {
        target = core();
        return target;
      },
    });
    cookie = (await redeemLaunch(host)).cookie;
  });
  afterAll(async () => {
    await host.close();
    fixture.cleanup();
  });

  it('serves a checked file on the host’s own origin, with ranges, to the launch cookie only', async () => {
    const result = value(await pick(target, 'home.coverVideo', join(fixturesDir, 'cover-1080x1440-10s.mp4')));
    if (result.status !== 'checked' || !result.file.previewUrl) throw new Error('not staged');
    const whole = await get(result.file.previewUrl, { cookie });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.body.length).toBe(result.file.bytes);
    const part = await get(result.file.previewUrl, { cookie, range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${result.file.bytes}`);
    expect(part.body.toString('latin1')).toBe('ftypisom');
    expect((await get(result.file.previewUrl)).status).toBe(403);
    expect((await get('/__palette/media/staged/unknown-token-0123456789', { cookie })).status).toBe(404);
  });

  it('forgets a released file: no preview, no upload', async () => {
    const result = value(await pick(target, 'startPage.image', join(fixturesDir, 'start-1080x1920.png')));
    if (result.status !== 'checked' || !result.file.token) throw new Error('not staged');
    expect(value((await target.router.invoke('media.release', { token: result.file.token }, sender)) as IpcResult<boolean>)).toBe(true);
    expect(value((await target.router.invoke('media.release', { token: result.file.token }, sender)) as IpcResult<boolean>)).toBe(false);
    expect((await get(result.file.previewUrl as string, { cookie })).status).toBe(404);
    const upload = await target.router.invoke('media.upload', { projectId: '0f8fad5b-d9cb-469f-a165-70867728950e', token: result.file.token }, sender);
    expect(upload).toMatchObject({ ok: false, code: ErrorCode.DataMissing });
  });
});
