import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateKind, newDraft, type ConfigItem } from '@contract/config';
import type { AffiliateCount } from '@contract/api/affiliates';
import { ErrorCode } from '@contract/errors';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Affiliate links (issue 19 §3) on the server: the kind's URL bound at 2048/2049, and the delivery
 * route `POST /client/v1/{clientKey}/affiliate-opens` that counts opens and installs: once per
 * link, device and event (a repeat, also many at once, counts nothing), only for a live, enabled link
 * of the key's project (108002 otherwise), rate limited per client address (1006 with Retry-After),
 * an unknown key 105015; the console's counts come from the stored rows.
 * Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let other: ProjectTeam;
let iosKey = '';
let otherKey = '';

const app = () => built.app;
const owner = () => team.owner.token;
const p = (extra: Record<string, string> = {}, projectId = team.projectId) => ({ projectId, ...extra });

const link = (extra: Record<string, unknown> = {}) => ({ ...newDraft(affiliateKind, 'Spring', 'UTC'), partner: 'Acme Media', campaign: 'Spring 2030', url: 'https://example.com/get', parameters: [{ key: 'utm_source', value: 'acme' }], ...extra });

async function liveLink(t: ProjectTeam, draft: Record<string, unknown> = link()): Promise<ConfigItem> {
  let item = await ok<ConfigItem>(app(), t.owner.token, 'affiliates.create', { params: p({}, t.projectId), body: { draft } });
  expect(item.problems).toEqual({});
  item = await ok<ConfigItem>(app(), t.owner.token, 'affiliates.publish', { params: p({ id: item.id }, t.projectId), body: { version: item.version } });
  return ok<ConfigItem>(app(), t.owner.token, 'affiliates.promote', { params: p({ id: item.id }, t.projectId), body: { version: item.version } });
}

const report = (key: string, body: Record<string, unknown>, on: FastifyInstance = app(), remoteAddress = '10.9.0.1'): Promise<LightMyRequestResponse> =>
  on.inject({ method: 'POST', url: `/client/v1/${key}/affiliate-opens`, payload: body, remoteAddress });
const envelope = (response: LightMyRequestResponse) => response.json() as { code: number; data?: { counted: boolean }; fieldErrors?: Record<string, unknown> };

async function countsOf(ids: string[], token = owner()): Promise<AffiliateCount[]> {
  return (await ok<{ items: AffiliateCount[] }>(app(), token, 'affiliateCounts.list', { params: p(), query: { ids: ids.join(',') } })).items;
}

async function keyFor(t: ProjectTeam, name: string): Promise<string> {
  const created = await ok<{ id: string }>(app(), t.owner.token, 'apps.create', { params: p({}, t.projectId), body: { platform: 'ios', name, packageName: `com.affiliate.${name.toLowerCase()}${process.pid}` } });
  return (await ok<{ key: string }>(app(), t.owner.token, 'clientKeys.create', { params: p({ id: created.id }, t.projectId), body: { label: name } })).key;
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  other = await projectWithTeam(built.app, database.handle);
  iosKey = await keyFor(team, 'Mine');
  otherKey = await keyFor(other, 'Theirs');
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('affiliate links', () => {
  it('take a link of 2048 characters and report one of 2049 as a problem', async () => {
    const base = 'https://example.com/';
    const fits = await ok<ConfigItem>(app(), owner(), 'affiliates.create', { params: p(), body: { draft: link({ name: 'Long', url: base + 'a'.repeat(2048 - base.length) }) } });
    expect(fits.problems).toEqual({});
    const over = await ok<ConfigItem>(app(), owner(), 'affiliates.create', { params: p(), body: { draft: link({ name: 'Longer', url: base + 'a'.repeat(2049 - base.length) }) } });
    expect(over.problems).toEqual({ url: { key: 'validation.urlLength', params: { max: 2048 } } });
    const refused = await call(app(), owner(), 'affiliates.publish', { params: p({ id: over.id }), body: { version: over.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
  });

  it('are written by the tools area: a viewer reads the list and the counts, cannot create', async () => {
    expect((await call(app(), team.viewer.token, 'affiliates.list', { params: p() })).envelope.code).toBe(0);
    expect((await call(app(), team.viewer.token, 'affiliates.create', { params: p(), body: { draft: link({ name: 'Viewer' }) } })).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await call(app(), team.viewer.token, 'affiliateCounts.list', { params: p(), query: { ids: crypto.randomUUID() } })).envelope.code).toBe(0);
    expect((await call(app(), team.outsider.token, 'affiliateCounts.list', { params: p(), query: { ids: crypto.randomUUID() } })).envelope.code).not.toBe(0);
  });
});

describe('POST /client/v1/{clientKey}/affiliate-opens', () => {
  it('counts an open and an install once per device; a repeat is answered OK and counts nothing', async () => {
    const item = await liveLink(team);
    const first = await report(iosKey, { linkId: item.id, deviceId: 'device-1', event: 'open' });
    expect([first.statusCode, envelope(first)]).toEqual([200, { code: 0, message: 'ok', data: { counted: true } }]);
    const again = await report(iosKey, { linkId: item.id, deviceId: 'device-1', event: 'open' });
    expect([again.statusCode, envelope(again).data]).toEqual([200, { counted: false }]);
    expect(envelope(await report(iosKey, { linkId: item.id, deviceId: 'device-1', event: 'install' })).data).toEqual({ counted: true });
    expect(envelope(await report(iosKey, { linkId: item.id, deviceId: 'device-2', event: 'open' })).data).toEqual({ counted: true });
    expect(await countsOf([item.id])).toEqual([{ linkId: item.id, opens: 2, installs: 1 }]);
  });

  it('counts one of many identical reports sent at once', async () => {
    const item = await liveLink(team, link({ name: 'Concurrent' }));
    const replies = await Promise.all(Array.from({ length: 8 }, () => report(iosKey, { linkId: item.id, deviceId: 'same-device', event: 'install' })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => envelope(r).data?.counted === true)).toHaveLength(1);
    expect(await countsOf([item.id])).toEqual([{ linkId: item.id, opens: 0, installs: 1 }]);
  });

  it('refuses a link of another project, one never published, one disabled, or no link, with 108002', async () => {
    const theirs = await liveLink(other, link({ name: 'Theirs' }));
    const refused = await report(iosKey, { linkId: theirs.id, deviceId: 'device-x', event: 'open' });
    expect([refused.statusCode, envelope(refused).code]).toEqual([404, ErrorCode.DataMissing]);
    // Their own key counts it; our counts never show it.
    expect(envelope(await report(otherKey, { linkId: theirs.id, deviceId: 'device-x', event: 'open' })).data).toEqual({ counted: true });
    expect(await countsOf([theirs.id])).toEqual([{ linkId: theirs.id, opens: 0, installs: 0 }]);

    const draftOnly = await ok<ConfigItem>(app(), owner(), 'affiliates.create', { params: p(), body: { draft: link({ name: 'Draft only' }) } });
    expect(envelope(await report(iosKey, { linkId: draftOnly.id, deviceId: 'd', event: 'open' })).code).toBe(ErrorCode.DataMissing);

    const disabled = await liveLink(team, link({ name: 'Disabled', enabled: false }));
    expect(envelope(await report(iosKey, { linkId: disabled.id, deviceId: 'd', event: 'open' })).code).toBe(ErrorCode.DataMissing);
    expect(envelope(await report(iosKey, { linkId: crypto.randomUUID(), deviceId: 'd', event: 'open' })).code).toBe(ErrorCode.DataMissing);
  });

  it('refuses an unknown key with 105015 and a malformed report with 1000 and its fields', async () => {
    const item = await liveLink(team, link({ name: 'Checked' }));
    const unknown = await report(`pk_${'z'.repeat(43)}`, { linkId: item.id, deviceId: 'd', event: 'open' });
    expect([unknown.statusCode, envelope(unknown).code]).toEqual([401, ErrorCode.ClientKeyInvalid]);
    const malformed = await report(iosKey, { linkId: 'not-an-id', deviceId: 'd'.repeat(129), event: 'click', opens: 1000 });
    expect(envelope(malformed).code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(envelope(malformed).fieldErrors ?? {}).sort()).toEqual(['deviceId', 'event', 'linkId']);
    expect(await countsOf([item.id])).toEqual([{ linkId: item.id, opens: 0, installs: 0 }]);
  });

  it('is rate limited per client address with the key: 1006 with Retry-After, another address still counts', async () => {
    const item = await liveLink(team, link({ name: 'Limited' }));
    const limited = await createTestApp(database.handle, { deliveryRateLimit: { perSecond: 100, burst: 100, addressPerSecond: 1, addressBurst: 2 } });
    try {
      for (const device of ['a', 'b']) expect((await report(iosKey, { linkId: item.id, deviceId: device, event: 'open' }, limited.app, '10.7.0.1')).statusCode).toBe(200);
      const refused = await report(iosKey, { linkId: item.id, deviceId: 'c', event: 'open' }, limited.app, '10.7.0.1');
      expect([refused.statusCode, envelope(refused).code]).toEqual([429, ErrorCode.TooManyRequests]);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(envelope(await report(iosKey, { linkId: item.id, deviceId: 'c', event: 'open' }, limited.app, '10.7.0.2')).data).toEqual({ counted: true });
      // The refused report was not counted.
      expect(await countsOf([item.id])).toEqual([{ linkId: item.id, opens: 3, installs: 0 }]);
    } finally {
      await limited.app.close();
    }
  });
});
