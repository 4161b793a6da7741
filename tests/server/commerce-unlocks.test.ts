import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDuration, defaultUnlockLimits, type CustomerProfile, type ManualUnlock, type UnlockPolicy } from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { createTestApp } from './helpers/app';
import { catalogFixture, type CatalogFixture } from './helpers/commerce';
import { seedPurchase } from './helpers/commerce-seed';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Manual unlocks on PGlite and PostgreSQL (TEST_DATABASE_URL): limits per role at their boundary and
 * one past it (how long, how many per UTC day), approval by a second person (an owner or admin, never
 * the requester), rejection and withdrawal, revocation, duplicates, concurrency against the daily
 * limit, every step in the audit log, and what the entitlement says at each point.
 */

const DAY = 86_400_000;

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let catalog: CatalogFixture;

const app = () => built.app;
const params = () => ({ projectId: team.projectId });

async function customer(): Promise<string> {
  const appUserId = `user-${randomUUID()}`;
  // A consumable: the customer exists and has no entitlement of its own.
  await seedPurchase(database.handle.db, catalog.appId, { appUserId, productId: 'credits.pack', type: 'consumable', purchasedAt: built.clock.now() }, built.clock.now());
  return appUserId;
}

function unlock(token: string, appUserId: string, duration: { count: number; unit: string }, extra: Record<string, unknown> = {}) {
  return call<ManualUnlock>(app(), token, 'unlocks.create', {
    params: params(),
    body: { appUserId, entitlementId: catalog.entitlements.pro, duration, reasonCode: 'goodwill', note: 'Crash on export, sorry', ...extra },
  });
}

async function proOf(appUserId: string): Promise<CustomerProfile['entitlements'][number]> {
  const list = await ok<ListPage<{ id: string }>>(app(), team.owner.token, 'customers.list', { params: params(), query: { q: appUserId } });
  const profile = await ok<CustomerProfile>(app(), team.owner.token, 'customers.get', { params: { ...params(), id: list.items[0]?.id } });
  return profile.entitlements.find((e) => e.identifier === 'pro') as CustomerProfile['entitlements'][number];
}

async function setLimits(limits: UnlockPolicy['limits']): Promise<void> {
  const policy = await ok<UnlockPolicy>(app(), team.owner.token, 'unlockPolicy.get', { params: params() });
  await ok(app(), team.owner.token, 'unlockPolicy.set', { params: params(), body: { limits, version: policy.version } });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Sessions outlast the days the tests move the clock through.
  built = await createTestApp(database.handle, { sessionIdleMinutes: 60 * 24 * 365, sessionMaxHours: 24 * 365 });
  team = await projectWithTeam(built.app, database.handle);
  catalog = await catalogFixture(built.app, team.owner.token, team.projectId, {
    platform: 'ios',
    products: [
      { id: 'pro.monthly', type: 'subscription', period: 'monthly' },
      { id: 'credits.pack', type: 'consumable', period: 'permanent' },
    ],
    links: { pro: ['pro.monthly'], credits: [] },
  });
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('the unlock limits', () => {
  it('start at the defaults, change with their version, by owners and admins only', async () => {
    const policy = await ok<UnlockPolicy>(app(), team.viewer.token, 'unlockPolicy.get', { params: params() });
    expect(policy).toEqual({ limits: defaultUnlockLimits, version: 1, updatedAt: null, updatedBy: null });
    const limits = { ...defaultUnlockLimits, editor: { maxDays: 7, perDay: 3 } };
    expect((await call(app(), team.editor.token, 'unlockPolicy.set', { params: params(), body: { limits, version: 1 } })).envelope.code).toBe(ErrorCode.Forbidden);
    const saved = await ok<UnlockPolicy>(app(), team.admin.token, 'unlockPolicy.set', { params: params(), body: { limits, version: 1 } });
    expect(saved).toMatchObject({ limits, version: 2, updatedBy: { id: team.admin.id } });
    expect((await call(app(), team.owner.token, 'unlockPolicy.set', { params: params(), body: { limits, version: 1 } })).envelope.code).toBe(ErrorCode.VersionConflict);
  });

  it.each([
    ['maxDays 3650', { maxDays: 3650, perDay: 1 }, 0],
    ['maxDays 3651', { maxDays: 3651, perDay: 1 }, ErrorCode.ParamInvalid],
    ['maxDays 0', { maxDays: 0, perDay: 1 }, 0],
    ['maxDays -1', { maxDays: -1, perDay: 1 }, ErrorCode.ParamInvalid],
    ['perDay 1000', { maxDays: 1, perDay: 1000 }, 0],
    ['perDay 1001', { maxDays: 1, perDay: 1001 }, ErrorCode.ParamInvalid],
    ['perDay 1.5', { maxDays: 1, perDay: 1.5 }, ErrorCode.ParamInvalid],
  ])('%s', async (_, editor, code) => {
    const policy = await ok<UnlockPolicy>(app(), team.owner.token, 'unlockPolicy.get', { params: params() });
    const reply = await call(app(), team.owner.token, 'unlockPolicy.set', { params: params(), body: { limits: { ...policy.limits, editor }, version: policy.version } });
    expect(reply.envelope.code).toBe(code);
    if (code !== 0) expect(Object.keys(reply.envelope.fieldErrors ?? {})).toEqual([expect.stringMatching(/^limits\.editor\./)]);
  });
});

describe('an unlock', () => {
  beforeAll(() => setLimits({ ...defaultUnlockLimits, editor: { maxDays: 7, perDay: 100 } }));

  it('within the role’s limit (7 days for an editor, the boundary) is granted at once and gives the entitlement', async () => {
    const user = await customer();
    const reply = await unlock(team.editor.token, user, { count: 7, unit: 'day' });
    expect(reply.envelope.code).toBe(0);
    const granted = reply.envelope.data as ManualUnlock;
    expect(granted).toMatchObject({ status: 'granted', active: true, approvalReasons: [], requestedBy: { id: team.editor.id }, reasonCode: 'goodwill' });
    expect(granted.expiresAt).toBe(new Date(built.clock.now().getTime() + 7 * DAY).toISOString());
    const pro = await proOf(user);
    expect(pro).toMatchObject({ active: true, activeUntil: granted.expiresAt });
    expect(pro.reasons[0]).toMatchObject({ source: 'manual', unlockId: granted.id, reasonCode: 'goodwill' });
  });

  it('one past the limit (8 days) waits for an owner or admin other than the requester', async () => {
    const user = await customer();
    const pending = (await unlock(team.editor.token, user, { count: 8, unit: 'day' })).envelope.data as ManualUnlock;
    expect(pending).toMatchObject({ status: 'pending', active: false, approvalReasons: ['duration'], startsAt: null });
    expect((await proOf(user)).active).toBe(false);
    const decide = (token: string) => call(app(), token, 'unlocks.approve', { params: { ...params(), id: pending.id }, body: { version: pending.version } });
    expect((await decide(team.editor.token)).envelope.code).toBe(ErrorCode.ApproverIsEditor);
    expect((await decide(team.viewer.token)).envelope.code).toBe(ErrorCode.Forbidden);
    built.clock.advance(3_600_000);
    const approved = (await decide(team.admin.token)).envelope.data as ManualUnlock;
    expect(approved).toMatchObject({ status: 'granted', active: true, decidedBy: { id: team.admin.id }, version: 2 });
    // The period starts when it is granted.
    expect(approved.startsAt).toBe(built.clock.now().toISOString());
    expect(approved.expiresAt).toBe(new Date(built.clock.now().getTime() + 8 * DAY).toISOString());
    expect((await proOf(user)).active).toBe(true);
    expect((await decide(team.owner.token)).envelope.code).toBe(ErrorCode.VersionConflict);
    expect((await call(app(), team.owner.token, 'unlocks.approve', { params: { ...params(), id: pending.id }, body: { version: 2 } })).envelope.code).toBe(ErrorCode.SubscriptionStatusForbids);
  });

  it('can be rejected by an admin, or withdrawn by whoever asked', async () => {
    const a = (await unlock(team.editor.token, await customer(), { count: 1, unit: 'year' })).envelope.data as ManualUnlock;
    const rejected = await ok<ManualUnlock>(app(), team.admin.token, 'unlocks.reject', { params: { ...params(), id: a.id }, body: { version: a.version, note: 'Too long' } });
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Too long', active: false });
    const b = (await unlock(team.editor.token, await customer(), { count: 1, unit: 'year' })).envelope.data as ManualUnlock;
    expect((await ok<ManualUnlock>(app(), team.editor.token, 'unlocks.reject', { params: { ...params(), id: b.id }, body: { version: b.version } })).status).toBe('rejected');
  });

  it('is ended by a revocation with a note, once', async () => {
    const user = await customer();
    const granted = (await unlock(team.editor.token, user, { count: 1, unit: 'week' })).envelope.data as ManualUnlock;
    expect((await call(app(), team.editor.token, 'unlocks.revoke', { params: { ...params(), id: granted.id }, body: { version: granted.version, note: '' } })).envelope.code).toBe(ErrorCode.ParamInvalid);
    const revoked = await ok<ManualUnlock>(app(), team.editor.token, 'unlocks.revoke', { params: { ...params(), id: granted.id }, body: { version: granted.version, note: 'Granted by mistake' } });
    expect(revoked).toMatchObject({ status: 'revoked', active: false, revokeNote: 'Granted by mistake', revokedBy: { id: team.editor.id } });
    const pro = await proOf(user);
    expect(pro.active).toBe(false);
    expect(pro.reasons[0]).toMatchObject({ source: 'manual', endReason: 'revoked', active: false });
    expect((await call(app(), team.editor.token, 'unlocks.revoke', { params: { ...params(), id: granted.id }, body: { version: revoked.version, note: 'again' } })).envelope.code).toBe(ErrorCode.SubscriptionStatusForbids);
    // Revoked, the user may be unlocked again.
    expect((await unlock(team.editor.token, user, { count: 1, unit: 'day' })).envelope.code).toBe(0);
  });

  it('is refused while the same entitlement is unlocked or pending for the user (210002)', async () => {
    const user = await customer();
    expect((await unlock(team.editor.token, user, { count: 1, unit: 'day' })).envelope.code).toBe(0);
    expect((await unlock(team.owner.token, user, { count: 1, unit: 'day' })).envelope.code).toBe(ErrorCode.EquityExists);
    // Once it has run out, a new one is fine.
    built.clock.advance(DAY + 1);
    expect((await unlock(team.owner.token, user, { count: 1, unit: 'hour' })).envelope.code).toBe(0);
  });

  it('names an app user and an entitlement of the project (201001, 102005)', async () => {
    const unknown = await unlock(team.owner.token, 'nobody-here', { count: 1, unit: 'day' });
    expect(unknown.envelope.code).toBe(ErrorCode.AppUserNotFound);
    expect(unknown.envelope.fieldErrors?.appUserId?.key).toBe('validation.appUserUnknown');
    expect((await unlock(team.owner.token, await customer(), { count: 1, unit: 'day' }, { entitlementId: randomUUID() })).envelope.code).toBe(ErrorCode.EntitlementNotFound);
  });

  it.each([
    // An owner may give a year (365 days) on their own: longer ones wait for approval.
    ['3650 days', { count: 3650, unit: 'day' }, 0, 'pending'],
    ['3651 days', { count: 3651, unit: 'day' }, ErrorCode.ParamInvalid, null],
    ['10 years', { count: 10, unit: 'year' }, 0, 'pending'],
    ['11 years', { count: 11, unit: 'year' }, ErrorCode.ParamInvalid, null],
    ['0 hours', { count: 0, unit: 'hour' }, ErrorCode.ParamInvalid, null],
    ['1000 hours', { count: 1000, unit: 'hour' }, 0, 'granted'],
    ['87600 hours', { count: 87_600, unit: 'hour' }, 0, 'pending'],
    ['87601 hours', { count: 87_601, unit: 'hour' }, ErrorCode.ParamInvalid, null],
    ['2 fortnights', { count: 2, unit: 'twoWeeks' }, 0, 'granted'],
    ['365 days', { count: 365, unit: 'day' }, 0, 'granted'],
    ['366 days', { count: 366, unit: 'day' }, 0, 'pending'],
  ])('lasts %s', async (_, duration, code, status) => {
    const reply = await unlock(team.owner.token, await customer(), duration);
    expect(reply.envelope.code).toBe(code);
    if (status) expect((reply.envelope.data as ManualUnlock).status).toBe(status);
    if (duration.count === 3651) expect(reply.envelope.fieldErrors?.['duration.count']).toEqual({ key: 'validation.unlockTooLong', params: { max: 3650 } });
  });

  it('needs a note and a known reason', async () => {
    const user = await customer();
    expect((await unlock(team.owner.token, user, { count: 1, unit: 'day' }, { note: '  ' })).envelope.fieldErrors?.note?.key).toBe('validation.required');
    expect((await unlock(team.owner.token, user, { count: 1, unit: 'day' }, { note: 'x'.repeat(501) })).envelope.fieldErrors?.note?.key).toBe('validation.lengthMax');
    expect((await unlock(team.owner.token, user, { count: 1, unit: 'day' }, { note: 'x'.repeat(500) })).envelope.code).toBe(0);
    expect((await unlock(team.owner.token, await customer(), { count: 1, unit: 'day' }, { reasonCode: 'because' })).envelope.fieldErrors?.reasonCode?.key).toBe('validation.enum');
  });

  it('is refused to viewers (they read transactions only)', async () => {
    expect((await unlock(team.viewer.token, await customer(), { count: 1, unit: 'day' })).envelope.code).toBe(ErrorCode.Forbidden);
  });
});

describe('the daily count', () => {
  it('lets an editor give `perDay` unlocks a UTC day on their own, the next one waits, the next day starts afresh', async () => {
    // A fresh UTC day for this test.
    const t = built.clock.now();
    built.clock.advance(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + 1, 1) - t.getTime());
    await setLimits({ ...defaultUnlockLimits, editor: { maxDays: 7, perDay: 2 } });
    const statuses: string[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push(((await unlock(team.editor.token, await customer(), { count: 1, unit: 'day' })).envelope.data as ManualUnlock).status);
    expect(statuses).toEqual(['granted', 'granted', 'pending']);
    const third = (await ok<ListPage<ManualUnlock>>(app(), team.editor.token, 'unlocks.list', { params: params(), query: { status: 'pending' } })).items[0];
    expect(third?.approvalReasons).toEqual(['perDay']);
    // Other people's days are their own.
    expect(((await unlock(team.admin.token, await customer(), { count: 1, unit: 'day' })).envelope.data as ManualUnlock).status).toBe('granted');
    built.clock.advance(DAY);
    expect(((await unlock(team.editor.token, await customer(), { count: 1, unit: 'day' })).envelope.data as ManualUnlock).status).toBe('granted');
  });

  it('holds under concurrent requests: with one left, exactly one of several at once is granted', async () => {
    const t = built.clock.now();
    built.clock.advance(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() + 1, 1) - t.getTime());
    await setLimits({ ...defaultUnlockLimits, editor: { maxDays: 7, perDay: 1 } });
    const users = await Promise.all([customer(), customer(), customer(), customer()]);
    const replies = await Promise.all(users.map((user) => unlock(team.editor.token, user, { count: 1, unit: 'day' })));
    expect(replies.map((r) => (r.envelope.data as ManualUnlock).status).sort()).toEqual(['granted', 'pending', 'pending', 'pending']);
  });

  it('counts a global administrator who is not a member as an owner', async () => {
    await setLimits({ ...defaultUnlockLimits, owner: { maxDays: 1, perDay: 100 } });
    expect(((await unlock(team.globalAdmin.token, await customer(), { count: 1, unit: 'day' })).envelope.data as ManualUnlock).status).toBe('granted');
    expect(((await unlock(team.globalAdmin.token, await customer(), { count: 2, unit: 'day' })).envelope.data as ManualUnlock).approvalReasons).toEqual(['duration']);
  });
});

describe('the history', () => {
  it('keeps every step with who and the notes, in the project’s audit log too', async () => {
    await setLimits({ ...defaultUnlockLimits, editor: { maxDays: 7, perDay: 100 } });
    const pending = (await unlock(team.editor.token, await customer(), { count: 1, unit: 'month' }, { note: 'Promised by support' })).envelope.data as ManualUnlock;
    const approved = await ok<ManualUnlock>(app(), team.owner.token, 'unlocks.approve', { params: { ...params(), id: pending.id }, body: { version: 1, note: 'OK for a month' } });
    await ok(app(), team.admin.token, 'unlocks.revoke', { params: { ...params(), id: pending.id }, body: { version: approved.version, note: 'Refund issued instead' } });
    const history = await ok<Array<{ action: string; actor: { id: string }; note: string | null }>>(app(), team.viewer.token, 'unlocks.history', { params: { ...params(), id: pending.id } });
    expect(history.map((h) => [h.action, h.actor.id, h.note])).toEqual([
      ['create', team.editor.id, 'Promised by support'],
      ['approve', team.owner.id, 'OK for a month'],
      ['revoke', team.admin.id, 'Refund issued instead'],
    ]);
    const audit = await ok<ListPage<{ entity: string; action: string }>>(app(), team.owner.token, 'audit.list', { params: params(), query: { entity: 'manualUnlock', entityId: pending.id } });
    expect(audit.items.map((a) => a.action).sort()).toEqual(['approve', 'create', 'revoke']);
    expect((await call(app(), team.owner.token, 'unlocks.history', { params: { ...params(), id: randomUUID() } })).envelope.code).toBe(ErrorCode.EquityNotFound);
  });

  it('lists unlocks newest first, by status and by user', async () => {
    const user = await customer();
    const made = (await unlock(team.owner.token, user, { count: 3, unit: 'day' })).envelope.data as ManualUnlock;
    const byUser = await ok<ListPage<ManualUnlock>>(app(), team.viewer.token, 'unlocks.list', { params: params(), query: { q: user } });
    expect(byUser.items.map((u) => u.id)).toEqual([made.id]);
    const granted = await ok<ListPage<ManualUnlock>>(app(), team.viewer.token, 'unlocks.list', { params: params(), query: { status: 'granted', pageSize: 200 } });
    expect(granted.items.every((u) => u.status === 'granted')).toBe(true);
  });
});

describe('periods', () => {
  it('add months and years by the calendar, the last day when the month is shorter', () => {
    const at = (iso: string) => new Date(iso);
    expect(addDuration(at('2030-01-31T10:00:00Z'), { count: 1, unit: 'month' }).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(addDuration(at('2032-01-31T10:00:00Z'), { count: 1, unit: 'month' }).toISOString()).toBe('2032-02-29T10:00:00.000Z');
    expect(addDuration(at('2030-03-15T00:00:00Z'), { count: 12, unit: 'month' }).toISOString()).toBe('2031-03-15T00:00:00.000Z');
    expect(addDuration(at('2032-02-29T00:00:00Z'), { count: 1, unit: 'year' }).toISOString()).toBe('2033-02-28T00:00:00.000Z');
    expect(addDuration(at('2030-01-01T00:00:00Z'), { count: 2, unit: 'twoWeeks' }).toISOString()).toBe('2030-01-29T00:00:00.000Z');
    expect(addDuration(at('2030-01-01T00:00:00Z'), { count: 36, unit: 'hour' }).toISOString()).toBe('2030-01-02T12:00:00.000Z');
  });
});
