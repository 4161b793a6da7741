import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListPage } from '@contract/envelope';
import type { MyMenus } from '@contract/api/projects';
import type { ClientKey } from '@contract/api/client-keys';
import type { ConfigItem } from '@contract/config';
import type { App, Entitlement, Offering, Project, Sku, Team, Webhook, AppRole, Member } from '@contract/resources/projects';
import { findActiveClientKey } from '../../server/src/domains/client-keys/lookup';
import { DEMO_CLIENT_KEY_LABEL, DEMO_OPERATOR_EMAIL, DEMO_PROJECT_NAME } from '../../server/src/domains/demo/seed';
import { createTestApp, createUser, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok } from './helpers/projects';

/** The demo data of the embedded default's first start: complete, usable, and made only once. */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string; password: string };

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  admin = await createUser(database.handle, { role: 'admin', name: 'Administrator' });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

async function count(table: string): Promise<number> {
  const result = await database.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
}

const tables = ['projects', 'project_members', 'apps', 'client_keys', 'skus', 'entitlements', 'entitlement_skus', 'offerings', 'offering_skus', 'webhooks', 'teams', 'team_members', 'roles', 'role_users', 'users', 'audit_log'];

describe('demo data', () => {
  let projectId: string;
  let operatorPassword: string;
  let demoKeys: ReadonlyArray<{ app: string; key: string }>;

  it('makes a living project on a database without one, made only once even when two servers start together', async () => {
    const [first, second] = await Promise.all([built.seedDemoData(admin.email), built.seedDemoData(admin.email)]);
    const made = [first, second].filter((r) => r !== undefined);
    expect(made).toHaveLength(1);
    const result = made[0] as NonNullable<typeof first>;
    expect(result.operator.email).toBe(DEMO_OPERATOR_EMAIL);
    expect(result.operator.password).toMatch(/^[A-Za-z0-9]{16}$/);
    projectId = result.projectId;
    operatorPassword = result.operator.password as string;
    demoKeys = result.clientKeys;
    expect(await count('projects')).toBe(1);
  });

  it('holds apps, SKUs, entitlements with links, offerings, a webhook, a team and an app role', async () => {
    const token = await signIn(built.app, admin.email, admin.password);
    const p = { projectId };
    const project = await ok<Project>(built.app, token, 'projects.get', { params: p });
    expect(project).toMatchObject({ name: DEMO_PROJECT_NAME, owner: { id: admin.id }, myRole: 'owner', memberCount: 2 });
    const apps = await ok<ListPage<App>>(built.app, token, 'apps.list', { params: p, query: { sort: 'platform:asc' } });
    expect(apps.items.map((a) => a.platform)).toEqual(['android', 'ios']);
    const skus = await ok<ListPage<Sku>>(built.app, token, 'skus.list', { params: p, query: { pageSize: 50 } });
    expect(skus.total).toBe(8);
    for (const platform of ['ios', 'android']) {
      expect(skus.items.filter((s) => s.platform === platform).map((s) => s.period).sort()).toEqual(['monthly', 'permanent', 'weekly', 'yearly']);
    }
    const entitlements = await ok<ListPage<Entitlement>>(built.app, token, 'entitlements.list', { params: p, query: { sort: 'identifier:asc' } });
    expect(entitlements.items.map((e) => [e.identifier, e.skuIds.length])).toEqual([
      ['ai_credits', 2],
      ['pro', 8],
    ]);
    const offerings = await ok<ListPage<Offering>>(built.app, token, 'offerings.list', { params: p });
    expect(offerings.items.map((o) => [o.identifier, o.skuIds?.length])).toEqual([
      ['default', 6],
      ['lifetime', 2],
    ]);
    expect((await ok<ListPage<Webhook>>(built.app, token, 'webhooks.list', { params: p })).total).toBe(1);
    const teams = await ok<ListPage<Team>>(built.app, token, 'teams.list', { params: p });
    expect(teams.items[0]).toMatchObject({ name: 'Growth', memberCount: 2 });
    expect(teams.items[0]?.appIds).toHaveLength(2);
    const roles = await ok<ListPage<AppRole>>(built.app, token, 'roles.list', { params: p });
    expect(roles.items[0]?.userIds).toHaveLength(1);
    const members = await ok<ListPage<Member>>(built.app, token, 'members.list', { params: p });
    expect(members.items.find((m) => m.email === DEMO_OPERATOR_EMAIL)?.role).toBe('editor');
    expect(await count('audit_log')).toBeGreaterThan(30);
  });

  it('gives each demo app one client key, answered in full only by the seeding', async () => {
    expect(demoKeys.map((k) => k.app)).toEqual(['Palette iOS', 'Palette Android']);
    const token = await signIn(built.app, admin.email, admin.password);
    const apps = await ok<ListPage<App>>(built.app, token, 'apps.list', { params: { projectId } });
    for (const { app: name, key } of demoKeys) {
      expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
      const app = apps.items.find((a) => a.name === name) as App;
      expect(await findActiveClientKey(database.handle.db, key)).toEqual(
        expect.objectContaining({ appId: app.id, projectId, platform: app.platform }),
      );
      const reply = await call<ClientKey[]>(built.app, token, 'clientKeys.list', { params: { projectId, id: app.id } });
      expect(reply.envelope.data?.map((k) => [k.label, k.prefix, k.revokedAt])).toEqual([[DEMO_CLIENT_KEY_LABEL, key.slice(0, 12), null]]);
      expect(reply.raw).not.toContain(key);
    }
  });

  it('holds region groups, languages, an official page with a waiting draft and a countdown in preview', async () => {
    const token = await signIn(built.app, admin.email, admin.password);
    const p = { projectId };
    const groups = await ok<ListPage<ConfigItem>>(built.app, token, 'regionGroups.list', { params: p, query: { sort: 'name:asc' } });
    expect(groups.items.map((g) => [g.name, g.status, Object.keys(g.problems).length])).toEqual([
      ['European Union', 'official', 0],
      ['Greater China', 'official', 0],
      ['North America', 'official', 0],
    ]);
    const languages = await ok<ListPage<ConfigItem>>(built.app, token, 'appLanguages.list', { params: p });
    expect(languages.items.map((l) => l.draft.code)).toEqual(['en', 'zh', 'ja', 'fr']);
    expect(languages.items.every((l) => l.status === 'official')).toBe(true);
    const pages = await ok<ListPage<ConfigItem>>(built.app, token, 'subscriptionPages.list', { params: p, query: { sort: 'name:asc' } });
    expect(pages.items.map((page) => [page.name, page.status, page.changed, page.state])).toEqual([
      ['Pro — evergreen', 'official', true, 'inProgress'],
      ['Spring sale — countdown', 'preview', false, 'inProgress'],
    ]);
    expect(pages.items.every((page) => Object.keys(page.problems).length === 0)).toBe(true);
    const records = await ok<ListPage<unknown>>(built.app, token, 'configRecords.list', { params: p, query: { pageSize: 1 } });
    expect(records.total).toBeGreaterThan(20);
  });

  it('holds banners in their order with music, start pages and retention popups, their media uploaded and checked', async () => {
    const token = await signIn(built.app, admin.email, admin.password);
    const p = { projectId };
    const banners = await ok<ListPage<ConfigItem>>(built.app, token, 'banners.list', { params: p });
    expect(banners.items.map((b) => [b.name, b.status])).toEqual([
      ['Summer looks — take the same', 'official'],
      ['AI portraits', 'official'],
      ['Templates of the week', 'official'],
      ['Pro upgrade — profile', 'preview'],
    ]);
    const summer = banners.items[0]?.draft as { media: string; defaultMusic: string; musicList: Array<{ url: string }> };
    expect(summer.musicList).toHaveLength(2);
    const starts = await ok<ListPage<ConfigItem>>(built.app, token, 'startPages.list', { params: p });
    expect(starts.items.map((s) => [s.name, s.status])).toEqual([
      ['Brand splash', 'official'],
      ['Spring festival splash', 'preview'],
    ]);
    const retention = await ok<ListPage<ConfigItem>>(built.app, token, 'retentionPopups.list', { params: p, query: { sort: 'name:asc' } });
    expect(retention.items.map((r) => r.draft.popupType).sort()).toEqual(['resubscribed', 'trialCancellation', 'trialReminder']);
    for (const item of [...banners.items, ...starts.items, ...retention.items]) expect(item.problems, item.name).toEqual({});
    // The files are stored and served: a picture and a piece of music.
    for (const [url, type] of [
      [summer.media, 'image/png'],
      [summer.defaultMusic, 'audio/wav'],
    ] as const) {
      const response = await built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe(type);
    }
  });

  it('holds popups that compete on priority and weight, one in preview, and an interruption budget', async () => {
    const token = await signIn(built.app, admin.email, admin.password);
    const p = { projectId };
    const popups = await ok<ListPage<ConfigItem>>(built.app, token, 'popups.list', { params: p, query: { sort: 'name:asc' } });
    expect(popups.items.map((x) => [x.name, x.status, x.draft.popupType, x.draft.priority])).toEqual([
      ['AI eraser — free for a day', 'preview', 'text', 'low'],
      ['Rate Palette', 'official', 'feedback', 'high'],
      ['Summer filters', 'official', 'imageText', 'medium'],
      ['Welcome tips', 'official', 'text', 'medium'],
    ]);
    for (const item of popups.items) expect(item.problems, item.name).toEqual({});
    expect(await ok(built.app, token, 'interruptionBudget.get', { params: p })).toMatchObject({ perSession: 2, perDay: 4, version: 2 });
    const live = await ok<{ popups: unknown[] }>(built.app, token, 'popupPreview.live', { params: p });
    expect(live.popups).toHaveLength(3);
  });

  it('has every demo app installed no later than its user was first seen (issue 19 §5)', async () => {
    const result = await database.handle.db.execute(
      sql.raw(`select count(*)::int as n, count(*) filter (where (attributes->>'installedAt')::timestamptz > first_seen_at)::int as late from customers where attributes ? 'installedAt'`),
    );
    const [row] = (result as unknown as { rows: Array<{ n: number; late: number }> }).rows;
    expect(Number(row?.n)).toBeGreaterThan(40);
    expect(Number(row?.late)).toBe(0);
  });

  it('says of every demo subscription whether it renews (issue 19 §5)', async () => {
    const result = await database.handle.db.execute(sql.raw(`select store, count(*)::int as n, count(*) filter (where auto_renew is null)::int as unknown from subscriptions group by store order by store`));
    const rows = (result as unknown as { rows: Array<{ store: string; n: number; unknown: number }> }).rows.map((r) => [r.store, Number(r.n) > 0, Number(r.unknown)]);
    expect(rows).toEqual([
      ['apple', true, 0],
      ['google', true, 0],
    ]);
  });

  it('gives a second operator who signs in and sees the app role’s menus', async () => {
    const token = await signIn(built.app, DEMO_OPERATOR_EMAIL, operatorPassword);
    const menus = await ok<MyMenus>(built.app, token, 'me.menus');
    expect(menus.projects).toHaveLength(1);
    expect(menus.projects[0]?.menus).toEqual(expect.arrayContaining(['projects.skus', 'management.subscribe', 'management.configRecord']));
    expect(menus.projects[0]?.menus).not.toContain('projects.collaborators');
  });

  it('does nothing once a project exists', async () => {
    const before = await Promise.all(tables.map(count));
    expect(await built.seedDemoData(admin.email)).toBeUndefined();
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('reuses an existing demo operator account (no new password) when made again from scratch', async () => {
    const token = await signIn(built.app, admin.email, admin.password);
    await ok(built.app, token, 'projects.delete', { params: { projectId } });
    const again = await built.seedDemoData(admin.email);
    expect(again?.operator).toEqual({ email: DEMO_OPERATOR_EMAIL, password: null });
    expect(again?.clientKeys).toHaveLength(2);
    expect(again?.clientKeys.map((k) => k.key)).not.toContain(demoKeys[0]?.key);
    expect(await count('projects')).toBe(1);
    expect(await signIn(built.app, DEMO_OPERATOR_EMAIL, operatorPassword)).toBeTruthy();
  });

  it('is skipped when the owner account does not exist', async () => {
    await database.handle.db.execute(sql`delete from projects`);
    expect(await built.seedDemoData('nobody@palette.test')).toBeUndefined();
    expect(await count('projects')).toBe(0);
  });
});
