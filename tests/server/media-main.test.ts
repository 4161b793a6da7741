import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { type MediaProgress } from '@contract/media';
import { EventHub } from '../../main/src/events';
import { MediaService as MainMediaService } from '../../main/src/media/media-service';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { MemoryMediaStorage } from '../../server/src/domains/media/storage';
import { fixturesDir } from '../fixtures/media/generate';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Main's uploader against the real API server on 127.0.0.1: the picked file is checked in main,
 * claimed by hash, sent, checked again by the server and served back; the same content a second
 * time goes without its bytes; a refusal the server gives comes back with its code.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let serverUrl: string;
const storage = new MemoryMediaStorage();

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { mediaStorage: storage });
  team = await projectWithTeam(built.app, database.handle);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  serverUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await built.app.close();
  await database.dispose();
});

async function mainFor(token: string, path: string) {
  const secrets = new MemorySecretStore();
  await secrets.set(token);
  const events = new EventHub();
  const progress: MediaProgress[] = [];
  events.subscribe((event, payload) => {
    if (event === 'media.progress') progress.push(payload as MediaProgress);
  });
  const media = new MainMediaService({ serverUrl, secrets, events, pickFile: async () => path, progressIntervalMs: 0 });
  return { media, progress };
}

describe('main uploading to the API server', () => {
  it('picks, checks, uploads with progress and gets back a file the server serves', async () => {
    const { media, progress } = await mainFor(team.editor.token, join(fixturesDir, 'start-1080x1920.jpg'));
    const picked = await media.pick('startPage.image');
    if (picked.status !== 'checked' || !picked.file.token) throw new Error('not staged');
    const result = await media.upload(team.projectId, picked.file.token);
    if (result.status !== 'uploaded') throw new Error('not uploaded');
    expect(result.upload).toMatchObject({ rule: 'startPage.image', type: 'jpg', width: 1080, height: 1920, size: picked.file.bytes, sha256: picked.file.sha256 });
    expect(progress.at(-1)).toEqual({ token: picked.file.token, sent: picked.file.bytes, total: picked.file.bytes });
    const served = await fetch(serverUrl + result.upload.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await served.arrayBuffer()).byteLength).toBe(picked.file.bytes);
    // Previews in the console go through main, which checks the bytes hash to the name.
    const preview = await media.previews.serve(`/__palette/media/${result.upload.name}`, 'GET', undefined);
    expect(preview).toMatchObject({ status: 200, headers: { 'Content-Type': 'image/jpeg' } });
  });

  it('sends no bytes for content the server holds: the second upload is a claim only', async () => {
    const first = await mainFor(team.owner.token, join(fixturesDir, 'cover-1080x1440-10s.mp4'));
    const a = await first.media.pick('home.coverVideo');
    if (a.status !== 'checked' || !a.file.token) throw new Error('not staged');
    await first.media.upload(team.projectId, a.file.token);
    // For a rule it breaks, main refuses it before anything is sent (banner media are 2:1).
    const second = await mainFor(team.admin.token, join(fixturesDir, 'cover-1080x1440-10s.mp4'));
    expect(await second.media.pick('banner.media')).toMatchObject({ ok: false, refusals: [{ code: ErrorCode.DimensionMax }, { code: ErrorCode.RatioMismatch }] });
    const third = await mainFor(team.admin.token, join(fixturesDir, 'cover-1080x1440-10s.mp4'));
    const c = await third.media.pick('home.coverVideo');
    if (c.status !== 'checked' || !c.file.token) throw new Error('not staged');
    const claimed = await third.media.upload(team.projectId, c.file.token);
    expect(claimed).toMatchObject({ status: 'uploaded', upload: { rule: 'home.coverVideo', kind: 'video', sha256: c.file.sha256 } });
    // Only the first upload sent bytes: the claim answered before any progress beyond 0.
    expect(third.progress.filter((p) => p.sent > 0 && p.sent < p.total)).toEqual([]);
  });

  it('passes the server’s refusal of a non-member on with its code', async () => {
    const { media } = await mainFor(team.outsider.token, join(fixturesDir, 'icon-128x128.png'));
    const picked = await media.pick('home.icon');
    if (picked.status !== 'checked' || !picked.file.token) throw new Error('not staged');
    await expect(media.upload(team.projectId, picked.file.token)).rejects.toMatchObject({ code: ErrorCode.NotProjectMember });
  });
});
