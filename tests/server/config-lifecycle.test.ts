import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import type { ListPage } from '@contract/envelope';
import type { RouteId } from '@contract/api';
import { configKinds, type ConfigItem, type ConfigRecord, type ConfigRevision } from '@contract/config';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, codeOfCall, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The configuration life cycle on the first kinds (region groups, languages, subscription pages):
 * drafts with problems, publish to preview, promote, unpublish, history, rollback, trash, order,
 * uniqueness, references to SKUs, region groups and the global lists, approvals, config records, and
 * the concurrency of publishing. Runs on PGlite and on PostgreSQL (tests/server/global-setup.ts).
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;

const app = () => built.app;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const owner = () => team.owner.token;

async function createGroup(name: string, regions: string[] = ['CN', 'HK']): Promise<ConfigItem> {
  return ok<ConfigItem>(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name, regions } } });
}

const plan = (ios: string, android: string, extra: Record<string, unknown> = {}) => ({
  period: 'yearly',
  products: { ios: { productId: ios }, android: { productId: android } },
  freeTrialDays: 3,
  discount: 0.8,
  discountDescription: 'Save 20%',
  highlighted: false,
  ...extra,
});

function pageDraft(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2099-01-01T00:00:00.000Z', timeZone: 'Asia/Shanghai', daily: null },
    targeting: { platforms: [], minVersion: '1.0.00', maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    pageType: 'promotion',
    title: 'Go Pro',
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: 'Start free trial',
    entrances: ['home', 'settings'],
    plans: [plan('pro.yearly', 'pro_yearly', { highlighted: true }), { ...plan('pro.monthly', 'pro_monthly'), period: 'monthly' }],
    ...extra,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Config iOS', packageName: `com.config.ios${process.pid}` } });
  const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'android', name: 'Config Android', packageName: `com.config.android${process.pid}` } });
  for (const [appId, id, period] of [
    [ios.id, 'pro.yearly', 'yearly'],
    [ios.id, 'pro.monthly', 'monthly'],
    [android.id, 'pro_yearly', 'yearly'],
    [android.id, 'pro_monthly', 'monthly'],
  ] as const) {
    await ok(app(), owner(), 'skus.create', { params: p(), body: { appId, storeProductId: id, name: id, type: 'subscription', period, price: 9.99, currency: 'USD' } });
  }
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('drafts', () => {
  it('saves an incomplete draft with its problems, and publishing refuses it until it is complete', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'Incomplete', regions: [] } } });
    expect(item).toMatchObject({ kind: 'regionGroups', version: 1, status: 'unpublished', changed: true, latestRevision: 0 });
    expect(item.problems.regions?.key).toBe('validation.required');
    const refused = await call(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 1 } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors?.['draft.regions']?.key).toBe('validation.required');
    const fixed = await ok<ConfigItem>(app(), owner(), 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: 1, draft: { name: 'Incomplete', regions: ['FR'] } } });
    expect(fixed.problems).toEqual({});
    expect(fixed.version).toBe(2);
  });

  it('lists regions missing from the global list as problems and refuses to publish them', async () => {
    const item = await createGroup('Nowhere', ['ZZ']);
    expect(item.problems['regions.0']).toEqual({ key: 'validation.regionMissing', params: { value: 'ZZ' } });
    expect(await codeOfCall(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 1 } })).toBe(ErrorCode.ParamInvalid);
  });

  it('refuses a stale version with 108007 and keeps the newer draft', async () => {
    const item = await createGroup('Stale test');
    await ok(app(), owner(), 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: 1, draft: { name: 'Stale test', regions: ['US'] } } });
    const stale = await call(app(), team.editor.token, 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: 1, draft: { name: 'Stale test', regions: ['DE'] } } });
    expect(stale.envelope.code).toBe(ErrorCode.VersionConflict);
    const now = await ok<ConfigItem>(app(), owner(), 'regionGroups.get', { params: p({ id: item.id }) });
    expect(now.draft.regions).toEqual(['US']);
  });

  it('keeps names unique per kind among items not in the trash (108001 on the name)', async () => {
    await createGroup('Unique group');
    const duplicate = await call(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'UNIQUE GROUP', regions: ['CN'] } } });
    expect(duplicate.envelope.code).toBe(ErrorCode.ContentExists);
    expect(duplicate.envelope.fieldErrors?.['draft.name']?.key).toBe('validation.duplicate');
  });

  it('takes names up to 128 characters, or 64 with Chinese, and refuses one more', async () => {
    expect((await createGroup('n'.repeat(128))).name).toHaveLength(128);
    expect(await codeOfCall(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'm'.repeat(129), regions: ['CN'] } } })).toBe(ErrorCode.ParamInvalid);
    expect((await createGroup('华'.repeat(64))).name).toHaveLength(64);
    const tooLong = await call(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: '夏'.repeat(65), regions: ['CN'] } } });
    expect(tooLong.envelope.fieldErrors?.['draft.name']).toMatchObject({ key: 'validation.nameLength', params: { max: 64 } });
  });

  it('refuses a lone UTF-16 surrogate or a NUL in a draft of every kind with 400 at its field, not a database failure', async () => {
    for (const kind of configKinds) {
      const create = `${kind.name}.create` as RouteId;
      for (const name of ['Broken \ud800 name', 'Broken \udc00', 'Nul\u0000name']) {
        const refused = await call(app(), owner(), create, { params: p(), body: { draft: { name } } });
        expect(refused.status, `${kind.name} ${JSON.stringify(name)}`).toBe(400);
        expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
        expect(refused.envelope.fieldErrors?.['draft.name']?.key).toBe('validation.textCharacters');
      }
    }
    // A whole pair (an emoji) is text like any other; a draft saved with a lone surrogate deep inside is refused there.
    const item = await createGroup('Smile 😀');
    const saved = await call(app(), owner(), 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { name: 'Fine', nested: { deeper: ['ok', 'x\ud83d'] } } } });
    expect(saved.status).toBe(400);
    expect(saved.envelope.fieldErrors?.['draft.nested.deeper.1']?.key).toBe('validation.textCharacters');
    // A lone surrogate in a field the kind knows and keeps.
    const group = await call(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'Regions', regions: ['CN', '\udfff'] } } });
    expect(group.envelope.fieldErrors?.['draft.regions.1']?.key).toBe('validation.textCharacters');
  });

  it('drops fields the kind does not know', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'Extra fields', regions: ['CN'], evil: { x: 1 } } } });
    expect(item.draft).not.toHaveProperty('evil');
  });
});

describe('publishing', () => {
  it('publishes to preview, refuses an unchanged draft, promotes to official, and unpublishes', async () => {
    const item = await createGroup('Lifecycle');
    const published = await ok<ConfigItem>(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 1, note: 'First' } });
    expect(published).toMatchObject({ status: 'preview', previewRevision: 1, officialRevision: null, latestRevision: 1, changed: false, version: 2 });
    expect(await codeOfCall(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 2 } })).toBe(ErrorCode.SubscriptionPackageUnchanged);
    const promoted = await ok<ConfigItem>(app(), owner(), 'regionGroups.promote', { params: p({ id: item.id }), body: { version: 2 } });
    expect(promoted).toMatchObject({ status: 'official', previewRevision: 1, officialRevision: 1 });
    expect(await codeOfCall(app(), owner(), 'regionGroups.promote', { params: p({ id: item.id }), body: { version: 3 } })).toBe(ErrorCode.SubscriptionStatusForbids);
    expect(await codeOfCall(app(), owner(), 'regionGroups.delete', { params: p({ id: item.id }), query: { version: 3 } })).toBe(ErrorCode.SubscriptionStatusForbids);
    const off = await ok<ConfigItem>(app(), owner(), 'regionGroups.unpublish', { params: p({ id: item.id }), body: { version: 3 } });
    expect(off).toMatchObject({ status: 'unpublished', previewRevision: null, officialRevision: null, latestRevision: 1 });
    expect(await codeOfCall(app(), owner(), 'regionGroups.unpublish', { params: p({ id: item.id }), body: { version: 4 } })).toBe(ErrorCode.SubscriptionNotOnline);
    const revisions = await ok<{ items: ConfigRevision[] }>(app(), owner(), 'regionGroups.revisions', { params: p({ id: item.id }) });
    expect(revisions.items).toHaveLength(1);
    expect(revisions.items[0]).toMatchObject({ number: 1, note: 'First', publishedBy: { id: team.owner.id }, environments: [] });
  });

  it('publishes exactly one revision of 20 parallel publishes of one draft', async () => {
    const item = await createGroup('Parallel');
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 1 } })));
    const codes = replies.map((reply) => reply.envelope.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCode.VersionConflict)).toHaveLength(19);
    const revisions = await ok<{ items: ConfigRevision[] }>(app(), owner(), 'regionGroups.revisions', { params: p({ id: item.id }) });
    expect(revisions.items.map((revision) => revision.number)).toEqual([1]);
  });

  it('rolls back to the first of three revisions as revision 4, official, with the draft restored', async () => {
    let item = await createGroup('Rollback', ['CN']);
    for (const regions of [['CN', 'HK'], ['CN', 'HK', 'MO']]) {
      item = await ok<ConfigItem>(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: item.version } });
      item = await ok<ConfigItem>(app(), owner(), 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { name: 'Rollback', regions } } });
    }
    item = await ok<ConfigItem>(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: item.version } });
    item = await ok<ConfigItem>(app(), owner(), 'regionGroups.promote', { params: p({ id: item.id }), body: { version: item.version } });
    expect(item).toMatchObject({ latestRevision: 3, officialRevision: 3 });
    const missing = await codeOfCall(app(), owner(), 'regionGroups.rollback', { params: p({ id: item.id }), body: { version: item.version, revision: 9, environment: 'official' } });
    expect(missing).toBe(ErrorCode.DataMissing);
    const rolled = await ok<ConfigItem>(app(), owner(), 'regionGroups.rollback', { params: p({ id: item.id }), body: { version: item.version, revision: 1, environment: 'official', note: 'Bad change' } });
    expect(rolled).toMatchObject({ latestRevision: 4, previewRevision: 4, officialRevision: 4, changed: false });
    expect(rolled.draft.regions).toEqual(['CN']);
    const revisions = await ok<{ items: ConfigRevision[] }>(app(), owner(), 'regionGroups.revisions', { params: p({ id: item.id }) });
    expect(revisions.items.map((r) => [r.number, r.restoredFrom, r.document.regions])).toEqual([
      [4, 1, ['CN']],
      [3, null, ['CN', 'HK', 'MO']],
      [2, null, ['CN', 'HK']],
      [1, null, ['CN']],
    ]);
    expect(revisions.items[0]?.environments).toEqual(['preview', 'official']);
    expect(await codeOfCall(app(), owner(), 'regionGroups.rollback', { params: p({ id: item.id }), body: { version: rolled.version, revision: 4, environment: 'official' } })).toBe(
      ErrorCode.SubscriptionPackageUnchanged,
    );
  });
});

describe('what goes live', () => {
  it('publishes the document as its schema reads it, not the draft as typed', async () => {
    const draft = pageDraft('Padded', {
      schedule: { startsAt: null, endsAt: null, timeZone: ' Asia/Shanghai ', daily: null },
      targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [' en'] },
      plans: [{ period: 'yearly', products: { ios: { productId: 'pro.yearly', junk: 'x'.repeat(1000) }, android: { productId: 'pro_yearly' } }, junk2: true }],
    });
    const page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft } });
    const published = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: page.version } });
    const [revision] = (await ok<{ items: ConfigRevision[] }>(app(), owner(), 'subscriptionPages.revisions', { params: p({ id: page.id }) })).items;
    const document = revision?.document as { schedule: { timeZone: string }; targeting: { languages: string[] }; plans: Array<Record<string, unknown> & { products: { ios: Record<string, unknown> } }> };
    expect(document.schedule.timeZone).toBe('Asia/Shanghai');
    expect(document.targeting.languages).toEqual(['en']);
    expect(document.plans[0]).not.toHaveProperty('junk2');
    expect(document.plans[0]?.products.ios).not.toHaveProperty('junk');
    expect(document.plans[0]).toMatchObject({ freeTrialDays: 0, highlighted: false });
    expect(published.draft).toEqual(revision?.document);
    expect(published.changed).toBe(false);
  });

  it('refuses to roll back to a revision whose SKU is gone, with the SKU code', async () => {
    const ios = (await ok<ListPage<{ id: string; storeProductId: string; platform: string; version: number }>>(app(), owner(), 'skus.list', { params: p(), query: { pageSize: 50 } })).items;
    const sku = await ok<{ id: string; version: number }>(app(), owner(), 'skus.create', {
      params: p(),
      body: { appId: (await ok<ListPage<{ id: string; platform: string }>>(app(), owner(), 'apps.list', { params: p() })).items.find((a) => a.platform === 'ios')?.id, storeProductId: 'gone.soon', name: 'Gone soon', type: 'subscription', period: 'yearly' },
    });
    expect(ios.length).toBeGreaterThan(0);
    let page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', {
      params: p(),
      body: { draft: pageDraft('Rollback guard', { targeting: { platforms: ['ios'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] }, plans: [{ period: 'yearly', products: { ios: { productId: 'gone.soon' } } }] }) },
    });
    page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: page.version } });
    page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.saveDraft', { params: p({ id: page.id }), body: { version: page.version, draft: { ...page.draft, plans: [{ period: 'yearly', products: { ios: { productId: 'pro.yearly' } } }] } } });
    page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: page.version } });
    await ok(app(), owner(), 'skus.delete', { params: p({ id: sku.id }) });
    const refused = await call(app(), owner(), 'subscriptionPages.rollback', { params: p({ id: page.id }), body: { version: page.version, revision: 1, environment: 'official' } });
    expect(refused.envelope.code).toBe(ErrorCode.SkuNotFound);
    expect(refused.envelope.fieldErrors?.['draft.plans.0.products.ios.productId']?.key).toBe('validation.skuMissing');
  });
});

describe('trash and order', () => {
  it('moves an unpublished item to the trash, restores it, and purges it, each at the version seen', async () => {
    const item = await createGroup('Trash me');
    expect(await codeOfCall(app(), owner(), 'regionGroups.delete', { params: p({ id: item.id }) })).toBe(ErrorCode.ParamInvalid);
    expect(await codeOfCall(app(), owner(), 'regionGroups.delete', { params: p({ id: item.id }), query: { version: 2 } })).toBe(ErrorCode.VersionConflict);
    expect(await ok(app(), owner(), 'regionGroups.delete', { params: p({ id: item.id }), query: { version: 1 } })).toEqual({ trashed: true, unlinked: [] });
    const trashed = await ok<ListPage<ConfigItem>>(app(), owner(), 'regionGroups.list', { params: p(), query: { trashed: true } });
    expect(trashed.items.map((i) => i.id)).toContain(item.id);
    await createGroup('Trash me');
    expect(await codeOfCall(app(), owner(), 'regionGroups.restore', { params: p({ id: item.id }), query: { version: 2 } })).toBe(ErrorCode.ContentExists);
    const other = await createGroup('Trash me too');
    await ok(app(), owner(), 'regionGroups.delete', { params: p({ id: other.id }), query: { version: 1 } });
    expect(await codeOfCall(app(), owner(), 'regionGroups.restore', { params: p({ id: other.id }), query: { version: 1 } })).toBe(ErrorCode.VersionConflict);
    expect((await ok<ConfigItem>(app(), owner(), 'regionGroups.restore', { params: p({ id: other.id }), query: { version: 2 } })).deletedAt).toBeNull();
    expect(await codeOfCall(app(), owner(), 'regionGroups.purge', { params: p({ id: item.id }), query: { version: 1 } })).toBe(ErrorCode.VersionConflict);
    await ok(app(), owner(), 'regionGroups.purge', { params: p({ id: item.id }), query: { version: 2 } });
    expect(await codeOfCall(app(), owner(), 'regionGroups.get', { params: p({ id: item.id }) })).toBe(ErrorCode.DataMissing);
  });

  it('orders languages and keeps their codes unique', async () => {
    const en = await ok<ConfigItem>(app(), owner(), 'appLanguages.create', { params: p(), body: { draft: { name: 'English', code: 'en', isDefault: true } } });
    const fr = await ok<ConfigItem>(app(), owner(), 'appLanguages.create', { params: p(), body: { draft: { name: 'French', code: 'fr' } } });
    const dup = await call(app(), owner(), 'appLanguages.create', { params: p(), body: { draft: { name: 'English again', code: 'EN' } } });
    expect(dup.envelope.code).toBe(ErrorCode.ContentExists);
    expect(dup.envelope.fieldErrors?.['draft.code']?.key).toBe('validation.duplicate');
    const unknown = await ok<ConfigItem>(app(), owner(), 'appLanguages.create', { params: p(), body: { draft: { name: 'Klingon', code: 'tlh' } } });
    expect(unknown.problems.code).toEqual({ key: 'validation.languageMissing', params: { value: 'tlh' } });
    const reordered = await ok<{ items: Array<{ id: string; sortOrder: number }> }>(app(), owner(), 'appLanguages.reorder', {
      params: p(),
      body: { items: [{ id: fr.id, version: fr.version }, { id: en.id, version: en.version }] },
    });
    expect(reordered.items.map((i) => i.id)).toEqual([fr.id, en.id]);
    const list = await ok<ListPage<ConfigItem>>(app(), owner(), 'appLanguages.list', { params: p() });
    expect(list.items.map((i) => i.name).slice(0, 2)).toEqual(['French', 'English']);
  });

  it('records one reorder as one record naming what moved (issue 19 §5)', async () => {
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta'];
    const items: ConfigItem[] = [];
    for (const [index, name] of names.entries()) items.push(await ok<ConfigItem>(app(), owner(), 'appLanguages.create', { params: p(), body: { draft: { name, code: `x${index}` } } }));
    const [a, b, c, d] = items as [ConfigItem, ConfigItem, ConfigItem, ConfigItem];
    // Delta dragged to the top: four positions change, one item moved.
    await ok(app(), owner(), 'appLanguages.reorder', { params: p(), body: { items: [d, a, b, c].map((i) => ({ id: i.id, version: i.version })) } });
    const all = await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { kind: 'appLanguages', action: 'reorder' } });
    const ours = new Set(items.map((i) => i.id));
    const records = { items: all.items.filter((r) => ours.has(r.itemId)) };
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ itemId: d.id, itemName: 'Delta', action: 'reorder' });
    expect(records.items[0]?.before).toMatchObject({ moved: [{ id: d.id, name: 'Delta' }], order: names.map((name) => ({ name })) });
    expect(records.items[0]?.after).toMatchObject({ order: ['Delta', 'Alpha', 'Beta', 'Gamma'].map((name) => ({ name })) });
  });
});

describe('subscription pages', () => {
  it('publishes a page whose plans name SKUs of the project for each platform', async () => {
    const page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: pageDraft('Spring sale') } });
    expect(page.problems).toEqual({});
    expect(page.state).toBe('inProgress');
    const published = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: 1 } });
    expect(published.status).toBe('preview');
  });

  it('refuses a product ID that is no SKU of the project on that platform with 102003', async () => {
    const draft = pageDraft('Wrong product', { plans: [plan('pro.yearly', 'pro.yearly')] });
    const page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft } });
    expect(page.problems['plans.0.products.android.productId']).toEqual({ key: 'validation.skuMissing', params: { value: 'pro.yearly' } });
    const refused = await call(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: 1 } });
    expect(refused.envelope.code).toBe(ErrorCode.SkuNotFound);
    expect(refused.envelope.fieldErrors?.['draft.plans.0.products.android.productId']?.key).toBe('validation.skuMissing');
  });

  it('needs a product for every platform the page is for, and only those', async () => {
    const iosOnly = pageDraft('iOS only', {
      targeting: { platforms: ['ios'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
      plans: [{ period: 'yearly', products: { ios: { productId: 'pro.yearly' } }, freeTrialDays: 0, highlighted: false }],
    });
    expect((await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: iosOnly } })).problems).toEqual({});
    const both = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: { ...iosOnly, name: 'Both', targeting: { ...iosOnly.targeting, platforms: [] } } } });
    expect(both.problems['plans.0.products.android.productId']?.key).toBe('validation.required');
  });

  it('keeps an end before the start as a problem and refuses to publish it', async () => {
    const draft = pageDraft('Backwards', { schedule: { startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-04-01T00:00:00.000Z', timeZone: 'Europe/Berlin', daily: null } });
    const page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft } });
    expect(page.problems['schedule.endsAt']?.key).toBe('validation.timeRange');
    const refused = await call(app(), owner(), 'subscriptionPages.publish', { params: p({ id: page.id }), body: { version: 1 } });
    // 109003, the spec's own code of an invalid page configuration (issue 12), with what is wrong.
    expect(refused.envelope.code).toBe(ErrorCode.PageConfigInvalid);
    expect(refused.envelope.fieldErrors?.['draft.schedule.endsAt']?.key).toBe('validation.timeRange');
  });

  it('requires a daily window for daily pages and an end for countdowns', async () => {
    const daily = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: pageDraft('Daily', { pageType: 'daily' }) } });
    expect(daily.problems['schedule.daily']?.key).toBe('validation.dailyWindowRequired');
    const schedule = { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null };
    const countdown = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft: pageDraft('Countdown', { pageType: 'countdown', schedule }) } });
    expect(countdown.problems['schedule.endsAt']?.key).toBe('validation.countdownEnd');
  });

  it('refuses audiences naming region groups of another project or none', async () => {
    const group = await createGroup('Asia pages');
    const draft = pageDraft('Targeted', {
      targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [group.id], exclude: ['00000000-0000-4000-8000-000000000000'] }, languages: [] },
    });
    const page = await ok<ConfigItem>(app(), owner(), 'subscriptionPages.create', { params: p(), body: { draft } });
    expect(page.problems).toEqual({ 'targeting.regionGroups.exclude.0': { key: 'validation.regionGroupMissing', params: { value: '00000000-0000-4000-8000-000000000000' } } });
  });
});

describe('approvals', () => {
  it('needs a second owner or admin to approve the exact draft before publishing', async () => {
    const policy = await ok<{ requiresApproval: boolean; version: number }>(app(), owner(), 'appLanguages.policy', { params: p() });
    expect(policy).toEqual({ requiresApproval: false, version: 1 });
    expect(await codeOfCall(app(), team.editor.token, 'appLanguages.setPolicy', { params: p(), body: { requiresApproval: true, version: 1 } })).toBe(ErrorCode.Forbidden);
    await ok(app(), team.admin.token, 'appLanguages.setPolicy', { params: p(), body: { requiresApproval: true, version: 1 } });
    expect(await codeOfCall(app(), owner(), 'appLanguages.setPolicy', { params: p(), body: { requiresApproval: false, version: 1 } })).toBe(ErrorCode.VersionConflict);

    let item = await ok<ConfigItem>(app(), team.editor.token, 'appLanguages.create', { params: p(), body: { draft: { name: 'German', code: 'de' } } });
    expect(item.approvalRequired).toBe(true);
    expect(await codeOfCall(app(), team.editor.token, 'appLanguages.publish', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.ApprovalRequired);
    expect(await codeOfCall(app(), team.editor.token, 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.Forbidden);
    item = await ok<ConfigItem>(app(), team.admin.token, 'appLanguages.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { name: 'German', code: 'de', nativeName: 'Deutsch' } } });
    expect(await codeOfCall(app(), team.admin.token, 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.ApproverIsEditor);
    item = await ok<ConfigItem>(app(), owner(), 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } });
    expect(item.approval?.by?.id).toBe(team.owner.id);

    // An edit after the approval voids it.
    item = await ok<ConfigItem>(app(), team.editor.token, 'appLanguages.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { name: 'German', code: 'de', nativeName: 'Deutsch!' } } });
    expect(item.approval).toBeNull();
    expect(await codeOfCall(app(), team.editor.token, 'appLanguages.publish', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.ApprovalRequired);

    // The admin edited this draft since its last publish, so the owner approves it.
    expect(await codeOfCall(app(), team.admin.token, 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.ApproverIsEditor);
    item = await ok<ConfigItem>(app(), owner(), 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } });
    item = await ok<ConfigItem>(app(), team.editor.token, 'appLanguages.publish', { params: p({ id: item.id }), body: { version: item.version } });
    const revisions = await ok<{ items: ConfigRevision[] }>(app(), owner(), 'appLanguages.revisions', { params: p({ id: item.id }) });
    expect(revisions.items[0]).toMatchObject({ publishedBy: { id: team.editor.id }, approvedBy: { id: team.owner.id } });
    // An unchanged save by someone else does not make the author an approver of their own draft.
    item = await ok<ConfigItem>(app(), team.admin.token, 'appLanguages.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: { name: 'German', code: 'de', nativeName: 'Deutsch (DE)' } } });
    const same = await ok<ConfigItem>(app(), team.editor.token, 'appLanguages.saveDraft', { params: p({ id: item.id }), body: { version: item.version, draft: item.draft } });
    expect(same.version).toBe(item.version);
    expect(await codeOfCall(app(), team.admin.token, 'appLanguages.approve', { params: p({ id: item.id }), body: { version: item.version } })).toBe(ErrorCode.ApproverIsEditor);

    // With approvals on, rolling back is for owners and admins.
    const live = await ok<ConfigItem>(app(), owner(), 'appLanguages.get', { params: p({ id: item.id }) });
    expect(await codeOfCall(app(), team.editor.token, 'appLanguages.rollback', { params: p({ id: item.id }), body: { version: live.version, revision: 1, environment: 'official' } })).toBe(
      ErrorCode.ApprovalRequired,
    );
    await ok(app(), owner(), 'appLanguages.rollback', { params: p({ id: item.id }), body: { version: live.version, revision: 1, environment: 'official' } });
    await ok(app(), team.admin.token, 'appLanguages.setPolicy', { params: p(), body: { requiresApproval: false, version: 2 } });
  });
});

describe('config records', () => {
  it('lists every change with its kind, person, action and documents, filterable', async () => {
    const item = await createGroup('Recorded', ['JP']);
    await ok(app(), team.editor.token, 'regionGroups.saveDraft', { params: p({ id: item.id }), body: { version: 1, draft: { name: 'Recorded', regions: ['JP', 'KR'] } } });
    await ok(app(), owner(), 'regionGroups.publish', { params: p({ id: item.id }), body: { version: 2 } });
    const records = await ok<ListPage<ConfigRecord>>(app(), team.viewer.token, 'configRecords.list', { params: p(), query: { itemId: item.id, sort: 'at:asc' } });
    expect(records.items.map((r) => [r.action, r.actor?.id, r.kind, r.itemName])).toEqual([
      ['create', team.owner.id, 'regionGroups', 'Recorded'],
      ['update', team.editor.id, 'regionGroups', 'Recorded'],
      ['publish', team.owner.id, 'regionGroups', 'Recorded'],
    ]);
    expect(records.items[1]?.before).toMatchObject({ document: { regions: ['JP'] } });
    expect(records.items[1]?.after).toMatchObject({ document: { regions: ['JP', 'KR'] } });
    expect(records.items[2]?.revision).toBe(1);
    const byEditor = await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { actorId: team.editor.id, kind: 'regionGroups' } });
    expect(byEditor.items.every((r) => r.actor?.id === team.editor.id)).toBe(true);
    const publishes = await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { action: 'publish', kind: 'appLanguages' } });
    expect(publishes.items.every((r) => r.action === 'publish' && r.kind === 'appLanguages')).toBe(true);
    const byName = await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { q: 'ecorde' } });
    expect(byName.items.length).toBeGreaterThanOrEqual(3);
    expect(byName.items.every((r) => r.itemName === 'Recorded')).toBe(true);
    expect(await codeOfCall(app(), owner(), 'configRecords.list', { params: p(), query: { pageSize: 51 } })).toBe(ErrorCode.ParamInvalid);
    expect((await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { pageSize: 50 } })).pageSize).toBe(50);
    const future = await ok<ListPage<ConfigRecord>>(app(), owner(), 'configRecords.list', { params: p(), query: { from: '2999-01-01T00:00:00Z' } });
    expect(future.total).toBe(0);
  });
});
