import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes } from '@contract/api';
import { ErrorCode } from '@contract/errors';
import { exportLanguage } from '../../server/src/shared/csv-export';
import { createTestApp, expectEnvelope } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The streamed CSV export every list gets (issue 19, server/src/shared/csv-export.ts), on a resource
 * list of 10,000 SKUs: the file is parsed with a maintained CSV parser (csv-parse), not split by hand.
 */

const ROWS = 10_000;
let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;

async function exportSkus(token: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return built.app.inject({
    method: 'GET',
    url: buildPath(routes['skus.export'].path, { projectId: team.projectId }) + (search ? `?${search}` : ''),
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

function records(body: string): string[][] {
  return parse(body, { bom: true, relax_column_count: false }) as string[][];
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  const app = await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', {
    params: { projectId: team.projectId },
    body: { platform: 'ios', name: 'Export iOS', packageName: `com.export.t${process.pid}` },
  });
  // Row 1 is named like a formula; the periods cycle so a filter selects a quarter of them.
  await database.handle.db.execute(sql`
    insert into skus (project_id, app_id, platform, store_product_id, name, type, period, price, currency,
                      sort_order, enabled, version, created_by, updated_by, created_at, updated_at)
    select ${team.projectId}::uuid, ${app.id}::uuid, 'ios', 'export.sku.' || i,
           case when i = 1 then '=cmd|'' /C calc''!A0' else 'Export SKU ' || i end,
           'subscription', (array['yearly','quarterly','monthly','weekly'])[1 + i % 4],
           round((0.99 + (i % 100) / 100.0)::numeric, 2), 'USD',
           i, i % 2 = 0, 1, ${team.owner.id}::uuid, ${team.owner.id}::uuid,
           now() - make_interval(secs => ${ROWS} - i), now() - make_interval(secs => ${ROWS} - i)
    from generate_series(1, ${ROWS}) as i`);
}, 120_000);

afterAll(async () => {
  await built.app.close();
  await database.dispose();
});

describe('CSV export of a resource list', () => {
  it('streams every one of 10,000 rows, with a byte-order mark and localized labels', async () => {
    const response = await exportSkus(team.viewer.token, { lang: 'zh-CN', sort: 'sortOrder:asc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="skus-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = records(response.body);
    expect(header).toContain('名称');
    expect(header).toContain('商店商品 ID');
    expect(header![0]).toBe('ID');
    expect(rows).toHaveLength(ROWS);
    const name = header!.indexOf('名称');
    const productId = header!.indexOf('商店商品 ID');
    expect(rows.map((row) => row[productId])).toEqual(Array.from({ length: ROWS }, (_, i) => `export.sku.${i + 1}`));
    // The formula is written as text (an apostrophe first), as the feedback export does.
    expect(rows[0]![name]).toBe(`'=cmd|' /C calc'!A0`);
    expect(rows[1]![name]).toBe('Export SKU 2');
  });

  it('honours the list filters, search and the chosen columns, in English by Accept-Language', async () => {
    const response = await exportSkus(team.viewer.token, { period: 'monthly', enabled: 'true', columns: 'storeProductId,name,period,enabled' }, { 'accept-language': 'en-GB,zh;q=0.5' });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = records(response.body);
    expect(header).toEqual(['Store product ID', 'Name', 'Period', 'Enabled']);
    // period monthly is i % 4 = 2, enabled is i even: every second row of 10,000 with i % 4 = 2.
    expect(rows).toHaveLength(ROWS / 4);
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['Monthly']));
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['Enabled']));
    const search = records((await exportSkus(team.viewer.token, { q: 'export.sku.4242', columns: 'storeProductId' })).body);
    expect(search.slice(1)).toEqual([['export.sku.4242']]);
  });

  it('refuses an unknown column and an outsider with envelopes', async () => {
    const bad = await exportSkus(team.viewer.token, { columns: 'name,secretKey' });
    expect(expectEnvelope(bad).code).toBe(ErrorCode.ParamInvalid);
    const outsider = await exportSkus(team.outsider.token, {});
    expect(outsider.statusCode).toBe(403);
    expect(outsider.headers['content-type']).toMatch(/^application\/json/);
  });

  it('reads the header language from lang, then Accept-Language, then en-US', () => {
    expect(exportLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(exportLanguage(undefined, 'fr-FR, zh-TW;q=0.8, en;q=0.7')).toBe('zh-CN');
    expect(exportLanguage(undefined, 'en;q=0.4, zh;q=0.3')).toBe('en-US');
    expect(exportLanguage(undefined, undefined)).toBe('en-US');
  });
});
