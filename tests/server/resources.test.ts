import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { ListPage } from '@contract/envelope';
import { deriveState } from '@contract/resources/define';
import type { AuditEntry, Entitlement, Offering, Sku } from '@contract/resources/projects';
import { searchVector, textWords } from '../../server/src/db/search';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, codeOfCall, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The generic resource pieces (contract/resources, server/src/resources) proven on SKUs, entitlements
 * and offerings: CRUD, list convention, trash, reorder, optimistic concurrency, duplicates, links and
 * the audit log written in the change's own transaction.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let appId: string;
let androidAppId: string;

const app = () => built.app;
const owner = () => team.owner.token;
const params = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });

let skuCounter = 0;
function skuBody(overrides: Record<string, unknown> = {}) {
  skuCounter += 1;
  return { appId, storeProductId: `pro.${skuCounter}`, name: `Pro ${skuCounter}`, type: 'subscription', period: 'monthly', price: 9.99, currency: 'USD', ...overrides };
}

async function createSku(overrides: Record<string, unknown> = {}): Promise<Sku> {
  return ok<Sku>(app(), owner(), 'skus.create', { params: params(), body: skuBody(overrides) });
}

async function auditOf(entityId: string): Promise<AuditEntry[]> {
  return (await ok<ListPage<AuditEntry>>(app(), owner(), 'audit.list', { params: params(), query: { entityId, pageSize: 200, sort: 'at:asc' } })).items;
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  appId = (await ok<{ id: string }>(built.app, owner(), 'apps.create', { params: params(), body: { platform: 'ios', name: 'Resources iOS', packageName: `com.resources.t${process.pid}` } })).id;
  androidAppId = (
    await ok<{ id: string }>(built.app, owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'Resources Android', packageName: `com.resources.t${process.pid}.android` } })
  ).id;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('create, read, update', () => {
  it('creates an item with its system fields and reads it back', async () => {
    const sku = await createSku({ name: 'Yearly', period: 'yearly', price: 59.99 });
    expect(sku).toMatchObject({ name: 'Yearly', period: 'yearly', price: 59.99, currency: 'USD', platform: 'ios', entitlementIds: [], version: 1, enabled: true, deletedAt: null });
    expect(sku.createdBy).toEqual({ id: team.owner.id, name: 'Owner' });
    expect(sku.sortOrder).toBeGreaterThan(0);
    expect(await ok(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).toEqual(sku);
  });

  it('updates only the given fields, bumps the version and records who changed it', async () => {
    const sku = await createSku();
    const updated = await ok<Sku>(app(), team.editor.token, 'skus.update', { params: params({ id: sku.id }), body: { name: 'Renamed', enabled: false, version: 1 } });
    expect(updated).toMatchObject({ name: 'Renamed', enabled: false, version: 2, storeProductId: sku.storeProductId, price: sku.price });
    expect(updated.updatedBy).toEqual({ id: team.editor.id, name: 'Editor' });
    expect(updated.createdBy).toEqual(sku.createdBy);
  });

  it('checks cross-field rules on create and on the item an update would produce', async () => {
    const noCurrency = await call(app(), owner(), 'skus.create', { params: params(), body: skuBody({ currency: null }) });
    expect(noCurrency.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(noCurrency.envelope.fieldErrors?.currency?.key).toBe('validation.required');
    const sku = await createSku();
    const permanent = await call(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { period: 'permanent', version: 1 } });
    expect(permanent.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(permanent.envelope.fieldErrors?.period?.key).toBe('validation.skuPeriod');
    expect(await codeOfCall(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { period: 'permanent', type: 'non_consumable', version: 1 } })).toBe(0);
  });

  it('refuses a SKU for an app of another project, or an app in the trash, with 102020', async () => {
    const other = await projectWithTeam(app(), database.handle);
    const foreignApp = await ok<{ id: string }>(app(), other.owner.token, 'apps.create', {
      params: { projectId: other.projectId },
      body: { platform: 'ios', name: 'Foreign', packageName: `com.foreign.t${process.pid}` },
    });
    expect(await codeOfCall(app(), owner(), 'skus.create', { params: params(), body: skuBody({ appId: foreignApp.id }) })).toBe(ErrorCode.AppNotFound);
  });

  it('refuses values PostgreSQL cannot store with 1000, not a server error', async () => {
    const reply = await call(app(), owner(), 'skus.create', { params: params(), body: skuBody({ name: 'Nul\u0000name' }) });
    expect(reply.status).toBe(400);
    expect(reply.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect((await call(app(), owner(), 'skus.list', { params: params(), query: { q: 'a\u0000b' } })).envelope.code).toBe(0);
  });

  it('never lets an update change the app (read-only field) and keeps unknown fields out', async () => {
    const sku = await createSku();
    const updated = await ok<Sku>(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { appId: androidAppId, version: 1 } });
    expect(updated.appId).toBe(appId);
    expect(updated.platform).toBe('ios');
  });
});

describe('lists', () => {
  let listAppId: string;
  beforeAll(async () => {
    listAppId = (await ok<{ id: string }>(app(), owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'List app', packageName: `com.lists.t${process.pid}` } })).id;
    const plans = [
      ['alpha.weekly', 'Alpha weekly', 'weekly', 2.99],
      ['beta.monthly', 'Beta monthly', 'monthly', 7.99],
      ['gamma.yearly', 'Gamma yearly', 'yearly', 49.99],
      ['delta.monthly', 'Delta 月度', 'monthly', 8.99],
      ['epsilon.weekly', 'Epsilon weekly', 'weekly', 1.99],
    ] as const;
    for (const [storeProductId, name, period, price] of plans) {
      await ok(app(), owner(), 'skus.create', { params: params(), body: { appId: listAppId, storeProductId, name, type: 'subscription', period, price, currency: 'EUR' } });
    }
  });

  const list = (query: Record<string, unknown>) => ok<ListPage<Sku>>(app(), team.viewer.token, 'skus.list', { params: params(), query: { appId: listAppId, ...query } });

  it('pages with a total', async () => {
    const first = await list({ pageSize: 2, page: 1 });
    const third = await list({ pageSize: 2, page: 3 });
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
  });

  it('sorts by declared fields and falls back to the sort order', async () => {
    expect((await list({ sort: 'price:asc' })).items.map((s) => s.price)).toEqual([1.99, 2.99, 7.99, 8.99, 49.99]);
    expect((await list({ sort: 'name:desc' })).items[0]?.name).toBe('Gamma yearly');
    expect((await list({})).items.map((s) => s.storeProductId)).toEqual(['alpha.weekly', 'beta.monthly', 'gamma.yearly', 'delta.monthly', 'epsilon.weekly']);
    expect((await list({ sort: 'nope:asc' })).items[0]?.storeProductId).toBe('alpha.weekly');
  });

  it('searches the beginnings of words in the searchable fields, case-insensitively', async () => {
    expect((await list({ q: 'MONTHLY' })).items.map((s) => s.storeProductId).sort()).toEqual(['beta.monthly', 'delta.monthly']);
    expect((await list({ q: 'mon' })).total).toBe(2);
    expect((await list({ q: 'gamma YEAR' })).items.map((s) => s.storeProductId)).toEqual(['gamma.yearly']);
    expect((await list({ q: 'beta.month' })).items.map((s) => s.storeProductId)).toEqual(['beta.monthly']);
    expect((await list({ q: 'onthly' })).total).toBe(0);
    expect((await list({ q: '月度' })).items.map((s) => s.name)).toEqual(['Delta 月度']);
    expect((await list({ q: '度' })).items.map((s) => s.name)).toEqual(['Delta 月度']);
    expect((await list({ q: "%' & !" })).total).toBe(0);
  });

  it('splits text into words the same way in the database and in the server', async () => {
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({ unit: fc.constantFrom('a', 'Z', '9', '.', '-', '_', ' ', '月', '度', 'É', 'ß', 'ア', '한', '，', '%', "'", '\\'), maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(texts, async (text) => {
        const result = await database.handle.db.execute(sql`select tsvector_to_array(${searchVector(['t'])}) as words from (select ${text}::text as t) as x`);
        const stored = ((result as unknown as { rows: Array<{ words: string[] }> }).rows[0]?.words ?? []).slice().sort();
        expect(stored).toEqual([...new Set(textWords(text))].sort());
      }),
      { numRuns: 60 },
    );
  });

  it('filters by select values (repeated or comma-separated) and by range', async () => {
    expect((await list({ period: ['weekly', 'yearly'] })).total).toBe(3);
    expect((await list({ period: 'weekly,yearly' })).total).toBe(3);
    expect((await list({ priceMin: 5, priceMax: 10 })).items.map((s) => s.price)).toEqual([7.99, 8.99]);
    expect((await list({ platform: 'ios' })).total).toBe(0);
    expect(await codeOfCall(app(), owner(), 'skus.list', { params: params(), query: { period: 'daily' } })).toBe(ErrorCode.ParamInvalid);
  });
});

describe('trash', () => {
  it('moves to the trash, restores, purges and empties', async () => {
    const sku = await createSku();
    expect(await ok(app(), owner(), 'skus.delete', { params: params({ id: sku.id }) })).toEqual({ trashed: true, unlinked: [] });
    const live = await ok<ListPage<Sku>>(app(), owner(), 'skus.list', { params: params(), query: { pageSize: 200 } });
    expect(live.items.map((s) => s.id)).not.toContain(sku.id);
    const trash = await ok<ListPage<Sku>>(app(), owner(), 'skus.list', { params: params(), query: { trashed: true } });
    expect(trash.items.map((s) => s.id)).toContain(sku.id);
    const trashed = await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) });
    expect(trashed.deletedAt).not.toBeNull();
    expect(await codeOfCall(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { name: 'x', version: trashed.version } })).toBe(ErrorCode.SkuNotFound);
    expect(await codeOfCall(app(), owner(), 'skus.purge', { params: params({ id: (await createSku()).id }) })).toBe(ErrorCode.SkuNotFound);

    const restored = await ok<Sku>(app(), owner(), 'skus.restore', { params: params({ id: sku.id }) });
    expect(restored.deletedAt).toBeNull();
    expect(await codeOfCall(app(), owner(), 'skus.restore', { params: params({ id: sku.id }) })).toBe(ErrorCode.SkuNotFound);

    await ok(app(), owner(), 'skus.delete', { params: params({ id: sku.id }) });
    expect(await ok(app(), owner(), 'skus.purge', { params: params({ id: sku.id }) })).toBeNull();
    expect(await codeOfCall(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).toBe(ErrorCode.SkuNotFound);

    const a = await createSku();
    const b = await createSku();
    await ok(app(), owner(), 'skus.delete', { params: params({ id: a.id }) });
    await ok(app(), owner(), 'skus.delete', { params: params({ id: b.id }) });
    const emptied = await ok<{ purged: number }>(app(), owner(), 'skus.emptyTrash', { params: params() });
    expect(emptied.purged).toBeGreaterThanOrEqual(2);
    expect((await ok<ListPage<Sku>>(app(), owner(), 'skus.list', { params: params(), query: { trashed: true } })).total).toBe(0);
  });

  it('lets a trashed item’s unique key be reused, and then refuses to restore it (102002)', async () => {
    const first = await createSku({ storeProductId: 'reused.key' });
    await ok(app(), owner(), 'skus.delete', { params: params({ id: first.id }) });
    await createSku({ storeProductId: 'reused.key' });
    const refused = await call(app(), owner(), 'skus.restore', { params: params({ id: first.id }) });
    expect(refused.envelope.code).toBe(ErrorCode.SkuExists);
    expect(refused.envelope.fieldErrors?.storeProductId?.key).toBe('validation.duplicate');
  });
});

describe('sort order', () => {
  it('puts items in a new order among the positions they held, checking every version', async () => {
    const [a, b, c] = [await createSku(), await createSku(), await createSku()] as [Sku, Sku, Sku];
    const result = await ok<{ items: Array<{ id: string; version: number; sortOrder: number }> }>(app(), owner(), 'skus.reorder', {
      params: params(),
      body: { items: [c, a, b].map((s) => ({ id: s.id, version: s.version })) },
    });
    const positions = [a, b, c].map((s) => s.sortOrder as number).sort((x, y) => x - y);
    expect(result.items.map((i) => i.sortOrder)).toEqual(positions);
    expect(result.items.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
    const listed = (await ok<ListPage<Sku>>(app(), owner(), 'skus.list', { params: params(), query: { pageSize: 200 } })).items.map((s) => s.id);
    expect(listed.filter((id) => [a.id, b.id, c.id].includes(id))).toEqual([c.id, a.id, b.id]);

    const stale = await codeOfCall(app(), owner(), 'skus.reorder', { params: params(), body: { items: [a, c].map((s) => ({ id: s.id, version: s.version })) } });
    expect(stale).toBe(ErrorCode.VersionConflict);
    const fresh = result.items.map((i) => ({ id: i.id, version: i.version }));
    expect(await codeOfCall(app(), owner(), 'skus.reorder', { params: params(), body: { items: [fresh[0], fresh[0]] } })).toBe(ErrorCode.ParamInvalid);
    const audit = await auditOf(c.id);
    expect(audit.map((e) => e.action)).toContain('reorder');
  });
});

describe('optimistic concurrency', () => {
  it('lets exactly one of 50 parallel updates from the same version win; the rest get 108007', async () => {
    const sku = await createSku();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { name: `Writer ${i}`, version: sku.version } })),
    );
    const codes = replies.map((r) => r.envelope.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.VersionConflict)).toHaveLength(49);
    const final = await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) });
    expect(final.version).toBe(2);
    expect((await auditOf(sku.id)).filter((e) => e.action === 'update')).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('answer the spec’s code for each kind, with the field at fault', async () => {
    const sku = await createSku();
    const duplicate = await call(app(), owner(), 'skus.create', { params: params(), body: skuBody({ storeProductId: sku.storeProductId }) });
    expect(duplicate.envelope.code).toBe(ErrorCode.SkuExists);
    expect(duplicate.envelope.fieldErrors?.storeProductId?.key).toBe('validation.duplicate');
    // The same product id on the other platform's app is another SKU.
    expect(await codeOfCall(app(), owner(), 'skus.create', { params: params(), body: skuBody({ appId: androidAppId, storeProductId: sku.storeProductId }) })).toBe(0);

    await ok(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'dup_ent', name: 'One' } });
    expect(await codeOfCall(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'dup_ent', name: 'Two' } })).toBe(ErrorCode.EntitlementExists);
    await ok(app(), owner(), 'offerings.create', { params: params(), body: { identifier: 'dup_off', name: 'One' } });
    expect(await codeOfCall(app(), owner(), 'offerings.create', { params: params(), body: { identifier: 'dup_off', name: 'Two' } })).toBe(ErrorCode.OfferingExists);

    const packageName = `com.dup.t${process.pid}`;
    await ok(app(), owner(), 'apps.create', { params: params(), body: { platform: 'ios', name: 'Dup iOS', packageName } });
    expect(await codeOfCall(app(), owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'Dup Android', packageName } })).toBe(ErrorCode.PackageNameDuplicate);
    expect(await codeOfCall(app(), owner(), 'apps.create', { params: params(), body: { platform: 'ios', name: 'Dup iOS 2', packageName: packageName.toUpperCase() } })).toBe(
      ErrorCode.PackageNameDuplicate,
    );
    const other = await projectWithTeam(app(), database.handle);
    expect(await codeOfCall(app(), other.owner.token, 'apps.create', { params: { projectId: other.projectId }, body: { platform: 'ios', name: 'Elsewhere', packageName } })).toBe(
      ErrorCode.PackageNameDuplicate,
    );
    expect(await codeOfCall(app(), owner(), 'apps.create', { params: params(), body: { platform: 'android', name: 'dup ios', packageName: `${packageName}.other` } })).toBe(
      ErrorCode.AppNameDuplicate,
    );

    const project = await ok<{ name: string }>(app(), owner(), 'projects.get', { params: params() });
    expect(await codeOfCall(app(), owner(), 'projects.create', { body: { name: project.name.toUpperCase() } })).toBe(ErrorCode.ProjectNameDuplicate);
    await ok(app(), owner(), 'roles.create', { params: params(), body: { name: 'Dup role', menus: ['projects.skus'] } });
    expect(await codeOfCall(app(), owner(), 'roles.create', { params: params(), body: { name: 'DUP ROLE', menus: ['projects.skus'] } })).toBe(ErrorCode.RoleExists);
    await ok(app(), owner(), 'teams.create', { params: params(), body: { name: 'Dup team' } });
    expect(await codeOfCall(app(), owner(), 'teams.create', { params: params(), body: { name: 'dup team' } })).toBe(ErrorCode.TeamExists);
    await ok(app(), owner(), 'webhooks.create', { params: params(), body: { url: 'https://dup.example/hook', events: ['trial.started'] } });
    expect(await codeOfCall(app(), owner(), 'webhooks.create', { params: params(), body: { url: 'https://dup.example/hook', events: ['trial.started'] } })).toBe(
      ErrorCode.ContentExists,
    );
  });

  it('refuse a rename into a taken name too', async () => {
    await ok(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'rename_a', name: 'A' } });
    const b = await ok<Entitlement>(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'rename_b', name: 'B' } });
    expect(await codeOfCall(app(), owner(), 'entitlements.update', { params: params({ id: b.id }), body: { identifier: 'rename_a', version: b.version } })).toBe(
      ErrorCode.EntitlementExists,
    );
  });
});

describe('links and forced deletes', () => {
  it('links and unlinks SKUs and entitlements (102008, 102009)', async () => {
    const sku = await createSku();
    const entitlement = await ok<Entitlement>(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'link_pro', name: 'Pro' } });
    const linked = await ok<Entitlement>(app(), owner(), 'entitlements.linkSku', { params: params({ id: entitlement.id }), body: { skuId: sku.id } });
    expect(linked.skuIds).toEqual([sku.id]);
    expect(linked.version).toBe(entitlement.version + 1);
    expect((await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).entitlementIds).toEqual([entitlement.id]);
    expect(await codeOfCall(app(), owner(), 'entitlements.linkSku', { params: params({ id: entitlement.id }), body: { skuId: sku.id } })).toBe(ErrorCode.AlreadyLinked);
    const unlinked = await ok<Entitlement>(app(), owner(), 'entitlements.unlinkSku', { params: params({ id: entitlement.id, skuId: sku.id }) });
    expect(unlinked.skuIds).toEqual([]);
    expect(await codeOfCall(app(), owner(), 'entitlements.unlinkSku', { params: params({ id: entitlement.id, skuId: sku.id }) })).toBe(ErrorCode.NotLinked);
    expect(await codeOfCall(app(), owner(), 'entitlements.linkSku', { params: params({ id: entitlement.id }), body: { skuId: '00000000-0000-4000-8000-000000000000' } })).toBe(
      ErrorCode.SkuNotFound,
    );
  });

  it('refuses to delete a linked SKU without force, naming the links; force unlinks and deletes in one go', async () => {
    const sku = await createSku();
    const entitlement = await ok<Entitlement>(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'force_pro', name: 'Force Pro' } });
    await ok(app(), owner(), 'entitlements.linkSku', { params: params({ id: entitlement.id }), body: { skuId: sku.id } });
    const offering = await ok<Offering>(app(), owner(), 'offerings.create', { params: params(), body: { identifier: 'force_off', name: 'Force Offer', skuIds: [sku.id] } });
    expect(offering.skuIds).toEqual([sku.id]);

    const refused = await call(app(), owner(), 'skus.delete', { params: params({ id: sku.id }) });
    expect(refused.envelope.code).toBe(ErrorCode.ForceDeleteRequired);
    expect(Object.values(refused.envelope.fieldErrors ?? {})).toEqual(
      expect.arrayContaining([
        { key: 'validation.linkedEntitlement', params: { kind: 'entitlement', id: entitlement.id, name: 'Force Pro' } },
        { key: 'validation.linkedOffering', params: { kind: 'offering', id: offering.id, name: 'Force Offer' } },
      ]),
    );
    expect((await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).deletedAt).toBeNull();

    const forced = await ok<{ trashed: boolean; unlinked: Array<{ kind: string; id: string }> }>(app(), owner(), 'skus.delete', {
      params: params({ id: sku.id }),
      query: { force: true },
    });
    expect(forced.trashed).toBe(true);
    expect(forced.unlinked.map((l) => l.kind).sort()).toEqual(['entitlement', 'offering']);
    expect((await ok<Entitlement>(app(), owner(), 'entitlements.get', { params: params({ id: entitlement.id }) })).skuIds).toEqual([]);
    expect((await ok<Offering>(app(), owner(), 'offerings.get', { params: params({ id: offering.id }) })).skuIds).toEqual([]);
    expect((await auditOf(entitlement.id)).map((e) => e.action)).toEqual(['create', 'link', 'unlink']);
  });

  it('refuses to delete a linked entitlement without force', async () => {
    const sku = await createSku();
    const entitlement = await ok<Entitlement>(app(), owner(), 'entitlements.create', { params: params(), body: { identifier: 'force_ent', name: 'Force Ent' } });
    await ok(app(), owner(), 'entitlements.linkSku', { params: params({ id: entitlement.id }), body: { skuId: sku.id } });
    const refused = await call(app(), owner(), 'entitlements.delete', { params: params({ id: entitlement.id }) });
    expect(refused.envelope.code).toBe(ErrorCode.ForceDeleteRequired);
    expect(refused.envelope.fieldErrors?.['links.0']).toEqual({ key: 'validation.linkedSku', params: { kind: 'sku', id: sku.id, name: sku.name } });
    await ok(app(), owner(), 'entitlements.delete', { params: params({ id: entitlement.id }), query: { force: 'true' } });
    expect((await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).entitlementIds).toEqual([]);
  });

  it('keeps an offering’s SKUs in order and refuses SKUs that are not the project’s', async () => {
    const [a, b] = [await createSku(), await createSku()] as [Sku, Sku];
    const offering = await ok<Offering>(app(), owner(), 'offerings.create', { params: params(), body: { identifier: 'ordered_off', name: 'Ordered', skuIds: [b.id, a.id] } });
    expect(offering.skuIds).toEqual([b.id, a.id]);
    const changed = await ok<Offering>(app(), owner(), 'offerings.update', { params: params({ id: offering.id }), body: { skuIds: [a.id], version: offering.version } });
    expect(changed.skuIds).toEqual([a.id]);
    const refused = await call(app(), owner(), 'offerings.update', { params: params({ id: offering.id }), body: { skuIds: [a.id, '00000000-0000-4000-8000-000000000000'], version: changed.version } });
    expect(refused.envelope.code).toBe(ErrorCode.SkuNotFound);
    expect(refused.envelope.fieldErrors?.['skuIds.1']).toBeDefined();
  });

  it('refuses to delete an app with live SKUs without force; force trashes them', async () => {
    const appItem = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: params(), body: { platform: 'ios', name: 'Short-lived', packageName: `com.short.t${process.pid}` } });
    const sku = await ok<Sku>(app(), owner(), 'skus.create', { params: params(), body: skuBody({ appId: appItem.id }) });
    expect(await codeOfCall(app(), owner(), 'apps.delete', { params: params({ id: appItem.id }) })).toBe(ErrorCode.ForceDeleteRequired);
    await ok(app(), owner(), 'apps.delete', { params: params({ id: appItem.id }), query: { force: true } });
    expect((await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) })).deletedAt).not.toBeNull();
  });
});

describe('audit log', () => {
  it('records every change with who, what and before/after, readable per entity', async () => {
    const sku = await createSku({ name: 'Audited' });
    await ok(app(), team.editor.token, 'skus.update', { params: params({ id: sku.id }), body: { name: 'Audited 2', version: 1 } });
    await ok(app(), owner(), 'skus.delete', { params: params({ id: sku.id }) });
    const entries = await auditOf(sku.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]).toMatchObject({ entity: 'sku', entityId: sku.id, actor: { id: team.editor.id, name: 'Editor' } });
    expect((entries[1]?.before as Sku).name).toBe('Audited');
    expect((entries[1]?.after as Sku).name).toBe('Audited 2');
    const bySku = await ok<ListPage<AuditEntry>>(app(), team.viewer.token, 'audit.list', { params: params(), query: { entity: 'sku', action: 'update', pageSize: 200 } });
    expect(bySku.items.every((e) => e.entity === 'sku' && e.action === 'update')).toBe(true);
  });

  it('writes nothing for a change that fails', async () => {
    const before = await database.handle.db.execute(sql`select count(*)::int as n from audit_log`);
    const sku = await createSku();
    const beforeDuplicate = await database.handle.db.execute(sql`select count(*)::int as n from audit_log`);
    expect(await codeOfCall(app(), owner(), 'skus.create', { params: params(), body: skuBody({ storeProductId: sku.storeProductId }) })).toBe(ErrorCode.SkuExists);
    expect(await codeOfCall(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { name: 'Stale', version: 99 } })).toBe(ErrorCode.VersionConflict);
    const after = await database.handle.db.execute(sql`select count(*)::int as n from audit_log`);
    const count = (result: unknown) => Number((result as { rows: Array<{ n: number }> }).rows[0]?.n);
    expect(count(beforeDuplicate)).toBe(count(before) + 1);
    expect(count(after)).toBe(count(beforeDuplicate));
  });

  it('rolls the change back when its audit row cannot be written (same transaction)', async () => {
    const sku = await createSku({ name: 'Before boom' });
    await database.handle.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.after->>'name' = 'boom' then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await database.handle.db.execute(sql`create trigger refuse_boom before insert on audit_log for each row execute function refuse_boom()`);
    try {
      const reply = await call(app(), owner(), 'skus.update', { params: params({ id: sku.id }), body: { name: 'boom', version: 1 } });
      expect(reply.status).toBe(500);
      expect(reply.envelope.code).toBe(ErrorCode.DatabaseFailure);
    } finally {
      await database.handle.db.execute(sql`drop trigger refuse_boom on audit_log`);
    }
    const unchanged = await ok<Sku>(app(), owner(), 'skus.get', { params: params({ id: sku.id }) });
    expect(unchanged).toMatchObject({ name: 'Before boom', version: 1 });
  });
});

describe('time-bound state', () => {
  it('is Not Started before the start, In Progress until the end, Over from the end on', () => {
    const now = new Date('2030-06-01T00:00:00Z');
    expect(deriveState('2030-07-01T00:00:00Z', null, now)).toBe('notStarted');
    expect(deriveState('2030-05-01T00:00:00Z', '2030-07-01T00:00:00Z', now)).toBe('inProgress');
    expect(deriveState('2030-05-01T00:00:00Z', null, now)).toBe('inProgress');
    expect(deriveState('2030-05-01T00:00:00Z', '2030-06-01T00:00:00Z', now)).toBe('over');
  });
});
