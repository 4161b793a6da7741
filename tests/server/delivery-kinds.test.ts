import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDraft, type AnyConfigKind, type ConfigItem } from '@contract/config';
import { bannerKind, retentionPopupKind, startPageKind } from '@contract/config/kinds';
import { ErrorCode } from '@contract/errors';
import type { MediaUpload } from '@contract/media';
import { m4a, mp3, mp3DurationMs, mp3FramesFor, wav } from '../fixtures/media/audio';
import { png, video } from '../fixtures/media/generate';
import { createTestApp, expectEnvelope } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Issue 11's kinds on the server: retention popups, banners and the start page are published,
 * promoted and served by the delivery API like every kind (GET /client/v1/{key}/config), with their
 * media, music included, as absolute URLs and banners in their operator-set order. Audio uploads are
 * checked again by the server with the contract's rule (type, size, duration, completeness).
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let iosKey = '';

const app = () => built.app;
const owner = () => team.owner.token;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const HOST = 'cdn.palette.test';

/** A multipart upload as main sends it: rule, sha256, then the file. */
async function upload(rule: string, name: string, type: string, bytes: Buffer): Promise<{ code: number; data: MediaUpload | undefined; fieldErrors: Record<string, unknown> | undefined }> {
  const boundary = `----kinds-${randomBytes(8).toString('hex')}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\n${rule}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sha256"\r\n\r\n${sha256}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app().inject({
    method: 'POST',
    url: `/api/v1/projects/${team.projectId}/uploads`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${owner()}` },
    payload,
  });
  const envelope = expectEnvelope(response);
  return { code: envelope.code, data: envelope.data as MediaUpload | undefined, fieldErrors: envelope.fieldErrors };
}

async function uploaded(rule: string, name: string, type: string, bytes: Buffer): Promise<MediaUpload> {
  const answer = await upload(rule, name, type, bytes);
  expect(answer.code, JSON.stringify(answer.fieldErrors)).toBe(0);
  return answer.data as MediaUpload;
}

/** Creates an item of a kind, publishes it, and (unless `official` is false) promotes it. */
async function live(kind: AnyConfigKind, draft: Record<string, unknown>, official = true): Promise<ConfigItem> {
  let item = await ok<ConfigItem>(app(), owner(), `${kind.name}.create` as never, { params: p(), body: { draft: { ...newDraft(kind, String(draft.name), 'UTC'), ...draft } } });
  expect(item.problems).toEqual({});
  item = await ok<ConfigItem>(app(), owner(), `${kind.name}.publish` as never, { params: p({ id: item.id }), body: { version: item.version } });
  return official ? ok<ConfigItem>(app(), owner(), `${kind.name}.promote` as never, { params: p({ id: item.id }), body: { version: item.version } }) : item;
}

async function config(query = 'platform=ios&version=2.0.0&region=US&language=en-US'): Promise<Record<string, Array<{ id: string; sortOrder: number; document: Record<string, unknown> }>>> {
  const response: LightMyRequestResponse = await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/config?${query}`, headers: { host: HOST } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { items: Record<string, Array<{ id: string; sortOrder: number; document: Record<string, unknown> }>> } }).data.items;
}

const names = (items: ReadonlyArray<{ document: Record<string, unknown> }> | undefined) => (items ?? []).map((item) => item.document.name);
const absolute = (path: string) => `http://${HOST}${path}`;

let bannerImage: MediaUpload;
let bannerVideo: MediaUpload;
let song: MediaUpload;
let jingle: MediaUpload;
let take: MediaUpload;
let splash: MediaUpload;

beforeAll(async () => {
  database = await createTestDatabase();
  // Media URLs start with the configured base (DELIVERY_URL), never the request's Host.
  built = await createTestApp(database.handle, { deliveryUrl: `http://${HOST}` });
  team = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Kinds iOS', packageName: `com.kinds.ios${process.pid}` } });
  iosKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: ios.id }), body: { label: 'Kinds' } })).key;
  bannerImage = await uploaded('banner.media', 'summer.png', 'image/png', png(1280, 640));
  bannerVideo = await uploaded('banner.media', 'summer.mp4', 'video/mp4', video({ width: 1280, height: 640, durationMs: 8_000 }));
  song = await uploaded('banner.music', 'waves.mp3', 'audio/mpeg', mp3({ frames: mp3FramesFor(30_000), id3v2: 64 }));
  jingle = await uploaded('banner.music', 'jingle.m4a', 'audio/mp4', m4a({ ms: 12_000 }));
  take = await uploaded('banner.music', 'take.wav', 'audio/wav', wav({ ms: 4_000 }));
  splash = await uploaded('startPage.image', 'splash.png', 'image/png', png(1080, 1920));
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('audio uploads on the server', () => {
  it('are measured again: type, kind and duration, no pixels', () => {
    expect(song).toMatchObject({ rule: 'banner.music', type: 'mp3', kind: 'audio', width: 0, height: 0 });
    expect(song.durationMs).toBe(mp3DurationMs(mp3FramesFor(30_000)));
    expect(jingle).toMatchObject({ type: 'm4a', kind: 'audio', durationMs: 12_000 });
    expect(take).toMatchObject({ type: 'wav', kind: 'audio', durationMs: 4_000 });
    expect(song.url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{64}\.mp3$/);
  });

  it('are served with an audio type, and in ranges for players that seek', async () => {
    const whole = await app().inject({ method: 'GET', url: song.url, headers: { authorization: `Bearer ${owner()}` } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const part = await app().inject({ method: 'GET', url: take.url, headers: { authorization: `Bearer ${owner()}`, range: 'bytes=0-43' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('refuses what main would refuse: too long, damaged, not audio, a name that lies', async () => {
    const long = await upload('banner.music', 'long.mp3', 'audio/mpeg', mp3({ frames: mp3FramesFor(180_000) + 1 }));
    expect(long.code).toBe(ErrorCode.DurationTooLong);
    expect(long.fieldErrors).toEqual({ file: { key: 'validation.audioDuration', params: { max: 180 } } });
    const exactly = await upload('banner.music', 'three-minutes.wav', 'audio/wav', wav({ ms: 180_000 }));
    expect(exactly.code).toBe(0);
    const whole = mp3({ frames: 50 });
    expect((await upload('banner.music', 'cut.mp3', 'audio/mpeg', whole.subarray(0, whole.length - 5))).code).toBe(ErrorCode.FileReadFailed);
    expect((await upload('banner.music', 'cover.png', 'image/png', png(16, 16))).code).toBe(ErrorCode.FileTypeNotAllowed);
    expect((await upload('banner.music', 'song.m4a', 'audio/mp4', mp3({ frames: 5 }))).code).toBe(ErrorCode.ContentTypeMismatch);
    expect((await upload('banner.media', 'song.mp3', 'audio/mpeg', mp3({ frames: 5 }))).code).toBe(ErrorCode.FileTypeNotAllowed);
  });
});

describe('banners', () => {
  it('are delivered official only, with media and music as absolute URLs', async () => {
    await live(bannerKind, {
      name: 'Beach template',
      position: 'homeTop',
      media: bannerImage.url,
      textLayer: { title: 'Beach look', colour: '#fff', placement: 'bottom' },
      takeTheSame: { templateId: 'tpl_beach', buttonText: 'Take the same' },
      defaultMusic: song.url,
      musicList: [
        { name: 'Waves', url: song.url },
        { name: 'Jingle', url: jingle.url },
        { name: 'Take', url: take.url },
      ],
    });
    await live(bannerKind, { name: 'Preview banner', position: 'homeFeed', media: bannerVideo.url }, false);
    const items = await config();
    expect(names(items.banners)).toEqual(['Beach template']);
    const banner = items.banners?.[0]?.document as Record<string, unknown>;
    expect(banner.media).toBe(absolute(bannerImage.url));
    expect(banner.defaultMusic).toBe(absolute(song.url));
    expect(banner.musicList).toEqual([
      { name: 'Waves', url: absolute(song.url) },
      { name: 'Jingle', url: absolute(jingle.url) },
      { name: 'Take', url: absolute(take.url) },
    ]);
    // Published in the canonical colour form.
    expect(banner.textLayer).toEqual({ title: 'Beach look', colour: '#FFFFFF', placement: 'bottom' });
    expect(banner.takeTheSame).toEqual({ templateId: 'tpl_beach', buttonText: 'Take the same' });
  });

  it('refuse a publish whose music is a picture, naming the field', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'banners.create', { params: p(), body: { draft: { ...newDraft(bannerKind, 'Wrong music', 'UTC'), media: bannerImage.url, defaultMusic: bannerImage.url } } });
    expect(item.problems).toEqual({ defaultMusic: { key: 'validation.fileType', params: { types: 'MP3, M4A, WAV' } } });
    const refused = await call(app(), owner(), 'banners.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors).toMatchObject({ 'draft.defaultMusic': { key: 'validation.fileType' } });
  });

  it('come in the order the operator sets, changed at once without a publish', async () => {
    const second = await live(bannerKind, { name: 'Second banner', position: 'homeTop', media: bannerVideo.url });
    const list = await ok<{ items: ConfigItem[] }>(app(), owner(), 'banners.list', { params: p(), query: { pageSize: 100 } });
    const liveOnes = list.items.filter((item) => item.officialRevision !== null);
    expect(names((await config()).banners)).toEqual(liveOnes.map((item) => item.name));
    // To the top: the second banner first.
    const order = [second, ...liveOnes.filter((item) => item.id !== second.id)];
    const current = new Map(list.items.map((item) => [item.id, item.version]));
    await ok(app(), owner(), 'banners.reorder', { params: p(), body: { items: order.map((item) => ({ id: item.id, version: current.get(item.id) ?? item.version })) } });
    const delivered = (await config()).banners ?? [];
    expect(delivered.map((item) => item.document.name)).toEqual(['Second banner', 'Beach template']);
    expect(delivered[0]?.sortOrder).toBeLessThan(delivered[1]?.sortOrder ?? 0);
  });
});

describe('start pages', () => {
  it('are delivered with their picture as an absolute URL and their timing', async () => {
    await live(startPageKind, { name: 'Spring splash', image: splash.url, displaySeconds: 4, skippable: true, skipAfterSeconds: 2 });
    const page = (await config()).startPages?.find((item) => item.document.name === 'Spring splash')?.document;
    expect(page).toMatchObject({ image: absolute(splash.url), displaySeconds: 4, skippable: true, skipAfterSeconds: 2 });
  });

  it('follow their audience: an Android-only start page is not served to iOS', async () => {
    await live(startPageKind, {
      name: 'Android splash',
      image: splash.url,
      displaySeconds: 3,
      targeting: { platforms: ['android'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    });
    expect(names((await config()).startPages)).not.toContain('Android splash');
    expect(names((await config()).startPages)).toContain('Spring splash');
  });

  it('refuse a publish without picture or video', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'startPages.create', { params: p(), body: { draft: newDraft(startPageKind, 'Empty splash', 'UTC') } });
    const refused = await call(app(), owner(), 'startPages.publish', { params: p({ id: item.id }), body: { version: item.version } });
    // 108016, the spec's own code of "upload at least one picture, video or PAG file" (issue 12).
    expect(refused.envelope.code).toBe(ErrorCode.MediaRequired);
    expect(refused.envelope.fieldErrors).toMatchObject({ 'draft.image': { key: 'validation.mediaRequired' } });
  });
});

describe('retention popups', () => {
  const popup = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    popupType: 'trialCancellation',
    mainTitle: 'Sure you want to go?',
    mainTitleColour: '#1f2937',
    subtitle: 'Your edits stay, the filters go.',
    subtitleColour: '#6b7280',
    background: { colour: '#fff' },
    priceColour: '#e11d48',
    subscribeButton: { text: 'Stay with Pro', textColour: '#fff', backgroundColour: '#4361ee' },
    closeButton: { text: 'Cancel anyway', colour: '#6b7280' },
    ...extra,
  });

  it('are delivered with their colours in the canonical form', async () => {
    await live(retentionPopupKind, popup('Cancel flow'));
    const document = (await config()).retentionPopups?.find((item) => item.document.name === 'Cancel flow')?.document;
    expect(document).toMatchObject({
      popupType: 'trialCancellation',
      mainTitleColour: '#1F2937',
      background: { colour: '#FFFFFF' },
      subscribeButton: { text: 'Stay with Pro', textColour: '#FFFFFF', backgroundColour: '#4361EE' },
    });
  });

  it('save a draft with a bad colour with its problem, and refuse to publish it', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'retentionPopups.create', { params: p(), body: { draft: { ...newDraft(retentionPopupKind, 'Bad colour', 'UTC'), ...popup('Bad colour', { mainTitleColour: '#12345' }) } } });
    expect(item.problems).toEqual({ mainTitleColour: { key: 'validation.colour' } });
    const refused = await call(app(), owner(), 'retentionPopups.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors).toEqual({ 'draft.mainTitleColour': { key: 'validation.colour' } });
    expect(names((await config()).retentionPopups)).not.toContain('Bad colour');
  });
});
