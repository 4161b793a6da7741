import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeKind, installationPackageKind, newDraft, shieldKind, trendingKind, type AnyConfigKind, type ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The universal tools declared as configuration kinds (issue 19 §3) on the server: content types
 * unique by code (case-insensitively, 108001 with the field), a trending entry's reference to a
 * content type checked on save (a problem at its path) and on publish (refused), a shield's pattern
 * that is no regular expression a field error at its path, the tools area's access, and both kinds
 * delivered by GET /client/v1/{key}/config to a matching context and not to another; installation
 * packages' links unique (103002) and at most 2048 characters.
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let iosKey = '';

const app = () => built.app;
const owner = () => team.owner.token;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });

const draftOf = (kind: AnyConfigKind, draft: Record<string, unknown>) => ({ ...newDraft(kind, String(draft.name), 'UTC'), ...draft });
const create = (kind: AnyConfigKind, draft: Record<string, unknown>, token = owner()) => call<ConfigItem>(app(), token, `${kind.name}.create` as never, { params: p(), body: { draft: draftOf(kind, draft) } });
const created = (kind: AnyConfigKind, draft: Record<string, unknown>) => ok<ConfigItem>(app(), owner(), `${kind.name}.create` as never, { params: p(), body: { draft: draftOf(kind, draft) } });

async function live(kind: AnyConfigKind, draft: Record<string, unknown>): Promise<ConfigItem> {
  let item = await created(kind, draft);
  expect(item.problems).toEqual({});
  item = await ok<ConfigItem>(app(), owner(), `${kind.name}.publish` as never, { params: p({ id: item.id }), body: { version: item.version } });
  return ok<ConfigItem>(app(), owner(), `${kind.name}.promote` as never, { params: p({ id: item.id }), body: { version: item.version } });
}

async function config(query: string): Promise<Record<string, Array<{ id: string; document: Record<string, unknown> }>>> {
  const response: LightMyRequestResponse = await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/config?${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { items: Record<string, Array<{ id: string; document: Record<string, unknown> }>> } }).data.items;
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Tools iOS', packageName: `com.tools.ios${process.pid}` } });
  iosKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: ios.id }), body: { label: 'Tools' } })).key;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('content types', () => {
  it('keep codes unique in a project, case-insensitively (108001 at the field)', async () => {
    await created(contentTypeKind, { name: 'Templates', code: 'template', nameEn: 'Templates', nameZh: '模板' });
    const again = await create(contentTypeKind, { name: 'Templates 2', code: 'TEMPLATE', nameEn: 'Templates', nameZh: '模板' });
    expect(again.envelope.code).toBe(ErrorCode.ContentExists);
    expect(again.envelope.fieldErrors).toEqual({ 'draft.code': { key: 'validation.duplicate' } });
  });

  it('keep a code of 32 characters and report one of 33 as a problem', async () => {
    const fits = await created(contentTypeKind, { name: 'Long', code: `a${'b'.repeat(31)}`, nameEn: 'Long', nameZh: '长' });
    expect(fits.problems).toEqual({});
    const over = await created(contentTypeKind, { name: 'Longer', code: `a${'b'.repeat(32)}`, nameEn: 'Longer', nameZh: '更长' });
    expect(over.problems).toEqual({ code: { key: 'validation.lengthMax', params: { max: 32 } } });
    const refused = await call(app(), owner(), 'contentTypes.publish', { params: p({ id: over.id }), body: { version: over.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
  });

  it('are written by the tools area: a viewer reads, cannot create', async () => {
    expect((await call(app(), team.viewer.token, 'contentTypes.list', { params: p() })).envelope.code).toBe(0);
    expect((await create(contentTypeKind, { name: 'Viewer', code: 'viewer', nameEn: 'V', nameZh: 'V' }, team.viewer.token)).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await create(contentTypeKind, { name: 'Editor', code: 'editor_made', nameEn: 'E', nameZh: 'E' }, team.editor.token)).envelope.code).toBe(0);
  });
});

describe('trending lists', () => {
  it('refer to a content type by code: a problem while none has it, none once one does, refused on publish meanwhile', async () => {
    const item = await created(trendingKind, { name: 'Stickers first', items: [{ title: 'Cats', type: 'sticker' }, { title: 'Retro', link: 'palette://editor', type: 'template' }] });
    expect(item.problems).toEqual({ 'items.0.type': { key: 'validation.typeMissing', params: { value: 'sticker' } } });
    const refused = await call(app(), owner(), 'trending.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.DataMissing);
    expect(refused.envelope.fieldErrors).toEqual({ 'draft.items.0.type': { key: 'validation.typeMissing', params: { value: 'sticker' } } });

    // Problems are worked out on each save (and references again on publish): once the type exists,
    // the next change has none and publishes.
    await created(contentTypeKind, { name: 'Stickers', code: 'sticker', nameEn: 'Stickers', nameZh: '贴纸' });
    const again = await ok<ConfigItem>(app(), owner(), 'trending.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { ...item.draft, name: 'Stickers first!' } } });
    expect(again.problems).toEqual({});
    await ok(app(), owner(), 'trending.publish', { params: p({ id: item.id }), body: { version: again.version } });
  });

  it('do not count a content type in the trash', async () => {
    const type = await created(contentTypeKind, { name: 'Fonts', code: 'font', nameEn: 'Fonts', nameZh: '字体' });
    await ok(app(), owner(), 'contentTypes.delete', { params: p({ id: type.id }), query: { version: type.version } });
    const item = await created(trendingKind, { name: 'Fonts list', items: [{ title: 'Serif', type: 'font' }] });
    expect(item.problems).toEqual({ 'items.0.type': { key: 'validation.typeMissing', params: { value: 'font' } } });
  });

  it('are delivered like every kind: to a matching context, not to another', async () => {
    const targeting = { platforms: ['ios'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } };
    const item = await live(trendingKind, { name: 'iOS trending', targeting, items: [{ title: 'Retro', link: 'https://example.com/retro', type: 'template' }] });
    const ios = await config('platform=ios&version=2.0.0&region=US&language=en-US');
    expect(ios.trending?.map((entry) => entry.id)).toEqual([item.id]);
    expect(ios.trending?.[0]?.document.items).toEqual([{ title: 'Retro', link: 'https://example.com/retro', type: 'template' }]);
    const android = await config('platform=android&version=2.0.0&region=US&language=en-US');
    expect(android.trending ?? []).toEqual([]);
  });
});

describe('shields', () => {
  it('report a pattern that is no regular expression at its path on save, and refuse it on publish', async () => {
    const item = await created(shieldKind, { name: 'Bad pattern', hiddenFeatures: ['ai_avatar'], blocklists: [{ language: 'en', words: ['spam'], patterns: ['^ok$', '(open'] }] });
    expect(item.problems).toEqual({ 'blocklists.0.patterns.1': { key: 'validation.regex' } });
    const refused = await call(app(), owner(), 'shields.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors).toEqual({ 'draft.blocklists.0.patterns.1': { key: 'validation.regex' } });
  });

  it('report a blocklist language not in the System Management list', async () => {
    const item = await created(shieldKind, { name: 'Klingon', blocklists: [{ language: 'tlh', words: ['a'] }] });
    expect(item.problems).toEqual({ 'blocklists.0.language': { key: 'validation.languageMissing', params: { value: 'tlh' } } });
  });

  it('are delivered to the versions they target only (a store review build)', async () => {
    const targeting = { platforms: [], minVersion: '2.3.0', maxVersion: '2.3.0', regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } };
    const item = await live(shieldKind, { name: 'Review 2.3.0', targeting, hiddenFeatures: ['ai_avatar'], channels: ['appstore'], blocklists: [{ language: 'en', words: ['free vip'], patterns: ['^vip\\d+$'] }] });
    const review = await config('platform=ios&version=2.3.0&region=US&language=en-US');
    expect(review.shields?.map((entry) => entry.id)).toEqual([item.id]);
    expect(review.shields?.[0]?.document).toMatchObject({ hiddenFeatures: ['ai_avatar'], channels: ['appstore'], blocklists: [{ language: 'en', words: ['free vip'], patterns: ['^vip\\d+$'] }] });
    const released = await config('platform=ios&version=2.2.0&region=US&language=en-US');
    expect(released.shields ?? []).toEqual([]);
  });
});

describe('installation packages', () => {
  const head = 'https://downloads.example.com/';
  const urlOf = (length: number) => `${head}${'p'.repeat(length - head.length)}`;
  const pkg = (name: string, url: string) => ({ name, platform: 'android', channel: 'huawei', version: '2.3.0', buildNumber: 230, url });

  it('keep a link of 2048 characters and report one of 2049 at its field', async () => {
    const fits = await created(installationPackageKind, pkg('Longest link', urlOf(2048)));
    expect(fits.problems).toEqual({});
    const over = await created(installationPackageKind, pkg('Too long a link', urlOf(2049)));
    expect(over.problems).toEqual({ url: { key: 'validation.urlLength', params: { max: 2048 } } });
  });

  it('refuse a link another package has with 103002 at the field, whatever its case', async () => {
    await created(installationPackageKind, pkg('Huawei 2.3.0', 'https://downloads.example.com/palette-2.3.0.apk'));
    const again = await create(installationPackageKind, pkg('Huawei copy', 'https://DOWNLOADS.example.com/palette-2.3.0.apk'));
    expect(again.envelope.code).toBe(ErrorCode.PackageUrlDuplicate);
    expect(again.envelope.fieldErrors).toEqual({ 'draft.url': { key: 'validation.duplicate' } });
  });

  it('are delivered to the platform they target', async () => {
    const targeting = { platforms: ['ios'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } };
    const item = await live(installationPackageKind, { ...pkg('App Store 2.3.0', 'https://apps.apple.com/app/id1234567890'), platform: 'ios', channel: 'appstore', targeting });
    const ios = await config('platform=ios&version=2.0.0&region=US&language=en-US');
    expect(ios.installationPackages?.map((entry) => entry.id)).toEqual([item.id]);
    expect(ios.installationPackages?.[0]?.document).toMatchObject({ platform: 'ios', channel: 'appstore', version: '2.3.0', buildNumber: 230, url: 'https://apps.apple.com/app/id1234567890' });
    const android = await config('platform=android&version=2.0.0&region=US&language=en-US');
    expect(android.installationPackages ?? []).toEqual([]);
  });
});
