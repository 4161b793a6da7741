import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes } from '@contract/api';
import { configKinds, type ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { createTestApp, expectEnvelope } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * The CSV export of a configuration kind's list (issue 19): the same streamed export as the resource
 * lists (shared/csv-export.ts) over the document store's list, with the kind's labels. Parsed with a
 * maintained CSV parser (csv-parse). Runs on PGlite and on PostgreSQL.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
const GROUPS = 30;

async function exportGroups(token: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return built.app.inject({
    method: 'GET',
    url: buildPath(routes['regionGroups.export'].path, { projectId: team.projectId }) + (search ? `?${search}` : ''),
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
  const token = team.owner.token;
  for (let i = 1; i <= GROUPS; i += 1) {
    const name = i === 1 ? '=HYPERLINK("http://x")' : `Export group ${String(i).padStart(2, '0')}`;
    const item = await ok<ConfigItem>(built.app, token, 'regionGroups.create', { params: { projectId: team.projectId }, body: { draft: { name, regions: ['CN', 'HK'] } } });
    // Every third one is published to preview: the status filter selects those.
    if (i % 3 === 0) await ok(built.app, token, 'regionGroups.publish', { params: { projectId: team.projectId, id: item.id }, body: { version: item.version } });
  }
}, 120_000);

afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('CSV export of a configuration kind', () => {
  it('is a route of every kind, beside its list', () => {
    for (const kind of configKinds) {
      const def = routes[`${kind.name}.export` as keyof typeof routes] as { reply?: string; path: string };
      expect(def.reply).toBe('csv');
      expect(def.path).toBe(`${routes[`${kind.name}.list` as keyof typeof routes].path}/export`);
    }
  });

  it('streams every item with a byte-order mark and Chinese labels, formulas neutralised', async () => {
    const response = await exportGroups(team.viewer.token, { lang: 'zh-CN', sort: 'name:asc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="region-group-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = records(response.body);
    expect(header!.slice(0, 4)).toEqual(['ID', '名称', '地区', '启用']);
    expect(header).toContain('上线状态');
    expect(header).toContain('修改人');
    expect(rows).toHaveLength(GROUPS);
    const name = header!.indexOf('名称');
    const status = header!.indexOf('上线状态');
    // "=" sorts before letters; the formula is written as text.
    expect(rows[0]![name]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[1]![name]).toBe('Export group 02');
    expect(rows[1]![header!.indexOf('地区')]).toBe('CN; HK');
    expect(new Set(rows.map((row) => row[status]))).toEqual(new Set(['未发布', '预发布中']));
    expect(new Set(rows.map((row) => row[header!.indexOf('修改人')]))).toEqual(new Set(['Owner']));
  });

  it('honours the list filters, search and the chosen columns, in English', async () => {
    const preview = records((await exportGroups(team.viewer.token, { status: 'preview', sort: 'name:asc', columns: 'name,status,version', lang: 'en-US' })).body);
    expect(preview[0]).toEqual(['Name', 'Online status', 'Version']);
    expect(preview.slice(1).map((row) => row[0])).toEqual(Array.from({ length: GROUPS / 3 }, (_, i) => `Export group ${String((i + 1) * 3).padStart(2, '0')}`));
    expect(new Set(preview.slice(1).map((row) => row[1]))).toEqual(new Set(['In preview']));
    const search = records((await exportGroups(team.viewer.token, { q: 'group 17', columns: 'name' }, { 'accept-language': 'en-US' })).body);
    expect(search).toEqual([['Name'], ['Export group 17']]);
  });

  it('refuses an unknown column and an outsider with envelopes', async () => {
    expect(expectEnvelope(await exportGroups(team.viewer.token, { columns: 'name,draft' })).code).toBe(ErrorCode.ParamInvalid);
    const outsider = await exportGroups(team.outsider.token, {});
    expect(outsider.statusCode).toBe(403);
    expect(outsider.headers['content-type']).toMatch(/^application\/json/);
  });
});
