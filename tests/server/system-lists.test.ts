import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, is, isNull } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { servedResources } from '@contract/resources';
import type { Country, Language } from '@contract/resources/system';
import { uniqueMeanings } from '../../server/src/db/constraints';
import * as schema from '../../server/src/db/schema';
import { auditLog } from '../../server/src/db/schema';
import { countrySeedRows, languageSeedRows, seedSystemLists } from '../../server/src/domains/system/seed';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, operator, type Operator } from './helpers/projects';

/**
 * System Management's global lists (spec §1, §3 Country/Region, §5 name limits): countries and
 * languages, seeded from maintained data, read by every operator, written by global administrators.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let admin: Operator;
let reader: Operator;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  admin = await operator(built.app, database.handle, { role: 'admin', name: 'System Admin' });
  reader = await operator(built.app, database.handle, { name: 'Plain Operator' });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const app = () => built.app;
const countryPage = (query: Record<string, unknown>, token = reader.token) => ok<ListPage<Country>>(app(), token, 'countries.list', { query });
const languagePage = (query: Record<string, unknown>, token = reader.token) => ok<ListPage<Language>>(app(), token, 'languages.list', { query });

describe('seeded lists', () => {
  it('hold every country and language of the data, none refused by the schema', async () => {
    const skipped: string[] = [];
    const countryRows = countrySeedRows(skipped);
    const languageRows = languageSeedRows(skipped);
    expect(skipped).toEqual([]);
    expect(countryRows.length).toBeGreaterThanOrEqual(245);
    expect(countryRows.length).toBeLessThanOrEqual(255);
    expect(languageRows.length).toBeGreaterThanOrEqual(180);
    expect(languageRows.length).toBeLessThanOrEqual(190);
    expect((await countryPage({ pageSize: 1 })).total).toBe(countryRows.length);
    expect((await languagePage({ pageSize: 1 })).total).toBe(languageRows.length);
    expect(new Set(countryRows.map((r) => r.code)).size).toBe(countryRows.length);
    for (const row of countryRows) {
      expect(row.nameZh.length, row.code).toBeLessThanOrEqual(64);
      expect(row.nameEn.length, row.code).toBeLessThanOrEqual(128);
    }
  });

  it('name China and French in both languages, with China’s region', async () => {
    const [china] = (await countryPage({ q: 'CN' })).items.filter((c) => c.code === 'CN');
    expect(china).toMatchObject({ code: 'CN', nameZh: '中国', nameEn: 'China', region: 'Eastern Asia', enabled: true, version: 1, createdBy: null });
    const [us] = (await countryPage({ q: 'US' })).items.filter((c) => c.code === 'US');
    expect(us).toMatchObject({ nameEn: 'United States', region: 'North America' });
    const [french] = (await languagePage({ q: 'fr' })).items.filter((l) => l.code === 'fr');
    expect(french).toMatchObject({ code: 'fr', nameZh: '法语', nameEn: 'French' });
  });

  it('are seeded once: seeding again inserts nothing and does not even make the rows', async () => {
    // Every server start seeds; with the tables full, naming the languages (Intl.DisplayNames) and
    // reading the country data would only slow a restart down (issue 18 §6).
    const displayNames = vi.spyOn(Intl, 'DisplayNames');
    try {
      expect(await seedSystemLists(database.handle.db, new Date())).toEqual({ countries: 0, languages: 0, skipped: [] });
      expect(displayNames).not.toHaveBeenCalled();
    } finally {
      displayNames.mockRestore();
    }
  });
});

describe('reading', () => {
  it('searches by name and code, filters by region, sorts by name', async () => {
    expect((await countryPage({ q: 'germ' })).items.map((c) => c.code)).toContain('DE');
    expect((await countryPage({ q: '日本' })).items.map((c) => c.code)).toEqual(['JP']);
    const eastern = await countryPage({ region: 'Eastern Asia', sort: 'nameEn:asc', pageSize: 100 });
    expect(eastern.items.map((c) => c.code)).toEqual(expect.arrayContaining(['CN', 'JP', 'KR', 'MN']));
    expect(eastern.items.every((c) => c.region === 'Eastern Asia')).toBe(true);
    const names = eastern.items.map((c) => c.nameEn);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page = await countryPage({ sort: 'code:asc', pageSize: 5, page: 2 });
    expect(page.items).toHaveLength(5);
    expect(page.items.map((c) => c.code)).toEqual([...page.items.map((c) => c.code)].sort());
  });

  it('lists countries and languages by code when no order is asked for (issue 19 §5)', async () => {
    const codes = (await countryPage({ pageSize: 100 })).items.map((c) => c.code);
    expect(codes.slice(0, 3)).toEqual(['AD', 'AE', 'AF']);
    expect(codes).toEqual([...codes].sort());
    const languages = (await languagePage({ pageSize: 100 })).items.map((l) => l.code);
    expect(languages).toEqual([...languages].sort());
  });

  it('lets any signed-in operator read one item, and refuses anyone signed out', async () => {
    const [china] = (await countryPage({ q: 'China' })).items.filter((c) => c.code === 'CN');
    expect(await ok<Country>(app(), reader.token, 'countries.get', { params: { id: china!.id } })).toMatchObject({ code: 'CN' });
    expect((await call(app(), undefined, 'countries.list')).envelope.code).toBe(ErrorCode.Unauthorized);
  });
});

describe('writing', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({ code: 'QM', nameZh: '测试地区', nameEn: 'Test Region', region: 'Testing', ...overrides });

  it('refuses operators who are not global administrators (105010), before looking at the input', async () => {
    const [china] = (await countryPage({ q: 'China' })).items.filter((c) => c.code === 'CN');
    expect((await call(app(), reader.token, 'countries.create', { body: body() })).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await call(app(), reader.token, 'countries.update', { params: { id: china!.id }, body: { nameEn: 'X', version: 1 } })).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await call(app(), reader.token, 'countries.delete', { params: { id: china!.id } })).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await call(app(), reader.token, 'languages.create', { body: { code: 'xx', nameZh: '某语', nameEn: 'Some' } })).envelope.code).toBe(ErrorCode.Forbidden);
    expect(await ok<Country>(app(), reader.token, 'countries.get', { params: { id: china!.id } })).toMatchObject({ version: 1 });
  });

  it('lets an administrator create, edit and delete a country, with audit rows outside any project', async () => {
    const created = await ok<Country>(app(), admin.token, 'countries.create', { body: body({ code: 'qm' }) });
    expect(created).toMatchObject({ code: 'QM', nameZh: '测试地区', nameEn: 'Test Region', region: 'Testing', version: 1, createdBy: { id: admin.id } });
    const edited = await ok<Country>(app(), admin.token, 'countries.update', { params: { id: created.id }, body: { nameEn: 'Test Area', enabled: false, version: 1 } });
    expect(edited).toMatchObject({ nameEn: 'Test Area', enabled: false, version: 2, updatedBy: { id: admin.id } });
    expect((await call(app(), admin.token, 'countries.update', { params: { id: created.id }, body: { nameEn: 'Stale', version: 1 } })).envelope.code).toBe(ErrorCode.VersionConflict);
    expect((await countryPage({ enabled: false })).items.map((c) => c.code)).toEqual(['QM']);
    expect(await ok(app(), admin.token, 'countries.delete', { params: { id: created.id } })).toEqual({ trashed: false, unlinked: [] });
    expect((await call(app(), admin.token, 'countries.get', { params: { id: created.id } })).envelope.code).toBe(ErrorCode.DataMissing);
    const audit = await database.handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'country'), eq(auditLog.entityId, created.id), isNull(auditLog.projectId)));
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);
  });

  it('takes a Chinese name of 64 characters and an English one of 128, and refuses one more', async () => {
    const zh64 = '国'.repeat(64);
    const en128 = 'E'.repeat(128);
    const created = await ok<Country>(app(), admin.token, 'countries.create', { body: body({ code: 'QN', nameZh: zh64, nameEn: en128 }) });
    expect(created).toMatchObject({ nameZh: zh64, nameEn: en128 });
    const tooLongZh = await call(app(), admin.token, 'countries.create', { body: body({ code: 'QO', nameZh: `${zh64}国` }) });
    expect(tooLongZh.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(tooLongZh.envelope.fieldErrors ?? {})).toEqual(['nameZh']);
    const tooLongEn = await call(app(), admin.token, 'countries.update', { params: { id: created.id }, body: { nameEn: `${en128}E`, version: 1 } });
    expect(tooLongEn.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(tooLongEn.envelope.fieldErrors ?? {})).toEqual(['nameEn']);
    const language = await call(app(), admin.token, 'languages.create', { body: { code: 'qaa', nameZh: `${zh64}语`, nameEn: 'Reserved' } });
    expect(Object.keys(language.envelope.fieldErrors ?? {})).toEqual(['nameZh']);
  });

  it('refuses a duplicate code with 108001 on the code field, and a malformed code with 1000', async () => {
    const duplicate = await call(app(), admin.token, 'countries.create', { body: body({ code: 'cn' }) });
    expect(duplicate.envelope.code).toBe(ErrorCode.ContentExists);
    expect(duplicate.envelope.fieldErrors).toEqual({ code: { key: 'validation.duplicate' } });
    const malformed = await call(app(), admin.token, 'countries.create', { body: body({ code: 'CHN' }) });
    expect(malformed.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(malformed.envelope.fieldErrors?.code?.key).toBe('validation.countryCode');
  });

  it('keeps language codes unique whatever their letter case, in canonical form', async () => {
    const hant = await ok<Language>(app(), admin.token, 'languages.create', { body: { code: 'ZH-hant', nameZh: '繁体中文', nameEn: 'Traditional Chinese' } });
    expect(hant.code).toBe('zh-Hant');
    const brazil = await ok<Language>(app(), admin.token, 'languages.create', { body: { code: 'pt-br', nameZh: '巴西葡萄牙语', nameEn: 'Brazilian Portuguese' } });
    expect(brazil.code).toBe('pt-BR');
    for (const code of ['zh-HANT', 'FR', 'Pt-Br']) {
      const reply = await call(app(), admin.token, 'languages.create', { body: { code, nameZh: '重复', nameEn: 'Duplicate' } });
      expect(reply.envelope.code, code).toBe(ErrorCode.ContentExists);
      expect(reply.envelope.fieldErrors, code).toEqual({ code: { key: 'validation.duplicate' } });
    }
    for (const code of ['french', 'zh_Hant', 'e', 'zh-Hant-TW-x']) {
      const reply = await call(app(), admin.token, 'languages.create', { body: { code, nameZh: '无效', nameEn: 'Invalid' } });
      expect(reply.envelope.code, code).toBe(ErrorCode.ParamInvalid);
    }
  });
});

describe('declarations and the schema agree', () => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const indexNames = new Set(tables.flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name)));

  it('every derived unique meaning names an index of the schema', () => {
    expect(indexNames.size).toBeGreaterThan(20);
    for (const resource of servedResources) {
      for (const rule of resource.uniqueBy) {
        const name = Object.keys(uniqueMeanings).find((key) => key.startsWith(`${resource.name}_`) && uniqueMeanings[key]?.code === (rule.code ?? resource.wiring.exists));
        expect(name, `${resource.name} ${rule.fields.join(',')}`).toBeDefined();
      }
    }
    for (const name of Object.keys(uniqueMeanings).filter((key) => key.endsWith('_key'))) expect(indexNames, name).toContain(name);
  });

  it('every served resource has its table named like it', () => {
    const names = new Set(tables.map((table) => getTableConfig(table).name));
    for (const resource of servedResources) expect(names, resource.name).toContain(resource.name);
  });
});
