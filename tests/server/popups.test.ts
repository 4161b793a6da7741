import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItem } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { FEEDBACK_LIMITS } from '../../server/src/delivery/feedback';
import { FeedbackRepository } from '../../server/src/domains/popups/feedback-repository';
import { deliveredUserIdHash } from '../../server/src/delivery/compiled';
import { createTestApp, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Popups on the server, on PGlite and PostgreSQL (TEST_DATABASE_URL): the kind's life cycle and its
 * rules, the interruption budget as a versioned project setting, what the popup preview reads, the
 * app's feedback answers (client key, validation against the popup, rate limits) and their CSV.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let other: ProjectTeam;
let iosKey = '';
let androidKey = '';

const app = () => built.app;
const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const owner = () => team.owner.token;
const PAG = `/api/v1/media/${'c'.repeat(64)}.pag`;

function popup(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    popupType: 'text',
    title: `${name} title`,
    audience: 'all',
    pages: ['home'],
    elements: { close: { text: 'Close', action: 'dismiss' } },
    frequency: { every: 1, unit: 'day' },
    weight: 1,
    priority: 'medium',
    ...extra,
  };
}

const feedbackPopup = (name: string, feedback: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  popup(name, {
    popupType: 'feedback',
    feedback,
    elements: { close: { text: 'Close', action: 'dismiss' }, confirm: { text: 'Send', action: 'submitFeedback' } },
    pagAnimation: PAG,
    ...extra,
  });

async function livePopup(draft: Record<string, unknown>, official = true, team_ = team): Promise<ConfigItem> {
  const params = { projectId: team_.projectId };
  const token = team_.owner.token;
  let item = await ok<ConfigItem>(app(), token, 'popups.create', { params, body: { draft } });
  item = await ok<ConfigItem>(app(), token, 'popups.publish', { params: { ...params, id: item.id }, body: { version: item.version } });
  return official ? ok<ConfigItem>(app(), token, 'popups.promote', { params: { ...params, id: item.id }, body: { version: item.version } }) : item;
}

async function answer(key: string, body: Record<string, unknown>, remoteAddress = '203.0.113.7'): Promise<LightMyRequestResponse> {
  return app().inject({ method: 'POST', url: `/client/v1/${key}/feedback`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress });
}

const codeOf = (response: LightMyRequestResponse) => (response.json() as { code: number }).code;

/** Moves the clock and signs the teams in again (sessions end after 12 idle hours). */
async function advance(ms: number): Promise<void> {
  built.clock.advance(ms);
  const again = async (t: ProjectTeam): Promise<ProjectTeam> => {
    const next = { ...t } as Record<string, unknown>;
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) next[role] = { ...t[role], token: await signIn(app(), t[role].email, t[role].password) };
    return next as unknown as ProjectTeam;
  };
  team = await again(team);
  other = await again(other);
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  other = await projectWithTeam(built.app, database.handle);
  const ios = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'ios', name: 'Popups iOS', packageName: `com.popups.ios${process.pid}` } });
  const android = await ok<{ id: string }>(app(), owner(), 'apps.create', { params: p(), body: { platform: 'android', name: 'Popups Android', packageName: `com.popups.android${process.pid}` } });
  iosKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: ios.id }), body: { label: 'Tests' } })).key;
  androidKey = (await ok<{ key: string }>(app(), owner(), 'clientKeys.create', { params: p({ id: android.id }), body: { label: 'Tests' } })).key;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('the popup kind', () => {
  it('starts from a draft that needs its title and close text, and publishes a complete one', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'popups.create', { params: p(), body: { draft: { name: 'Starter' } } });
    expect(item.draft).toMatchObject({ popupType: 'text', audience: 'all', pages: ['home'], frequency: { every: 1, unit: 'day' }, priority: 'medium', weight: 1 });
    expect(Object.keys(item.problems).sort()).toEqual(['elements.close.text', 'elements.confirm.text', 'title']);
    const refused = await call(app(), owner(), 'popups.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors).toHaveProperty('draft.title');
    const live = await livePopup(feedbackPopup('Rate us', { question: 'Do you like Palette?', answerType: 'rating', allowComment: true }));
    expect(live).toMatchObject({ status: 'official', officialRevision: 1, problems: {} });
    expect(live.draft).toMatchObject({ pagAnimation: PAG, feedback: { answerType: 'rating' } });
  });

  it('refuses to publish a popup nobody can dismiss, with the reason at its field', async () => {
    const item = await ok<ConfigItem>(app(), owner(), 'popups.create', { params: p(), body: { draft: popup('Trap', { elements: { confirm: { text: 'OK', action: 'dismiss' } } }) } });
    expect(item.problems).toEqual({ elements: { key: 'validation.popupWayOut' } });
    const refused = await call(app(), owner(), 'popups.publish', { params: p({ id: item.id }), body: { version: item.version } });
    expect(refused.envelope).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { 'draft.elements': { key: 'validation.popupWayOut' } } });
  });

  it('is delivered to the app like every kind, evaluated for its schedule and audience', async () => {
    await livePopup(popup('Android only', { targeting: { platforms: ['android'], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] } }));
    const response = await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/config?platform=ios&version=2.0.0` });
    const items = (response.json() as { data: { items: { popups?: Array<{ document: { name: string } }> } } }).data.items.popups ?? [];
    expect(items.map((i) => i.document.name)).toContain('Rate us');
    expect(items.map((i) => i.document.name)).not.toContain('Android only');
  });
});

describe('what the delivery API sends of popups', () => {
  it('never the whitelist’s user ids: their hashes with the item id, which the app compares with its own user’s', async () => {
    const item = await livePopup(popup('Friends only', { audience: 'whitelist', whitelist: ['user-1', 'user-2'] }));
    const response = await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/rules` });
    expect(response.body).not.toContain('user-1');
    const delivered = (response.json() as { data: { items: { popups: Array<{ id: string; document: Record<string, unknown> }> } } }).data.items.popups.find((i) => i.id === item.id);
    expect(delivered?.document.whitelist).toBeUndefined();
    expect(delivered?.document.whitelistSha256).toEqual([deliveredUserIdHash(item.id, 'user-1'), deliveredUserIdHash(item.id, 'user-2')]);
    expect(deliveredUserIdHash(item.id, 'user-1')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the interruption budget', () => {
  it('has no caps at version 1 until someone sets it', async () => {
    const budget = await ok(app(), team.viewer.token, 'interruptionBudget.get', { params: p() });
    expect(budget).toEqual({ perSession: null, perDay: null, version: 1, updatedAt: null, updatedBy: null });
  });

  it('is changed based on its version; a stale version is refused with 108007 and changes nothing', async () => {
    const first = await ok(app(), team.admin.token, 'interruptionBudget.set', { params: p(), body: { perSession: 2, perDay: 5, version: 1 } });
    expect(first).toMatchObject({ perSession: 2, perDay: 5, version: 2, updatedBy: { id: team.admin.id, name: 'Admin' } });
    const stale = await call(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession: 3, perDay: 6, version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.envelope.code).toBe(ErrorCode.VersionConflict);
    expect(await ok(app(), owner(), 'interruptionBudget.get', { params: p() })).toMatchObject({ perSession: 2, perDay: 5, version: 2 });
    const cleared = await ok(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession: null, perDay: 5, version: 2 } });
    expect(cleared).toMatchObject({ perSession: null, perDay: 5, version: 3 });
  });

  it('lets only one of two changes based on the same version through', async () => {
    const { version } = await ok<{ version: number }>(app(), owner(), 'interruptionBudget.get', { params: p() });
    const replies = await Promise.all([1, 2, 3].map((n) => call(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession: n, perDay: 10, version } })));
    expect(replies.filter((r) => r.envelope.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.envelope.code === ErrorCode.VersionConflict)).toHaveLength(2);
  });

  it('the first change of two projects’ budgets at once does not collide', async () => {
    const [a, b] = await Promise.all([
      call(app(), other.owner.token, 'interruptionBudget.set', { params: { projectId: other.projectId }, body: { perSession: 1, perDay: 1, version: 1 } }),
      call(app(), other.owner.token, 'interruptionBudget.set', { params: { projectId: other.projectId }, body: { perSession: 2, perDay: 2, version: 1 } }),
    ]);
    expect([a?.envelope.code, b?.envelope.code].sort()).toEqual([0, ErrorCode.VersionConflict]);
  });

  it('takes caps at their bounds and refuses one past them, and a session cap above the day’s', async () => {
    const set = async (perSession: unknown, perDay: unknown) => {
      const { version } = await ok<{ version: number }>(app(), owner(), 'interruptionBudget.get', { params: p() });
      return call(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession, perDay, version } });
    };
    expect((await set(1, 1)).envelope.code).toBe(0);
    expect((await set(20, 100)).envelope.code).toBe(0);
    expect((await set(21, 100)).envelope).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { perSession: { key: 'validation.rangeMax' } } });
    expect((await set(0, 100)).envelope).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { perSession: { key: 'validation.rangeMin' } } });
    expect((await set(null, 101)).envelope).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { perDay: { key: 'validation.rangeMax' } } });
    expect((await set(6, 5)).envelope).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { perSession: { key: 'validation.budgetSessionAboveDay' } } });
    expect((await set(3, 10)).envelope.code).toBe(0);
  });

  it('is refused to editors (a project setting) and recorded in the config records', async () => {
    const refused = await call(app(), team.editor.token, 'interruptionBudget.set', { params: p(), body: { perSession: 1, perDay: 1, version: 99 } });
    expect(refused.envelope.code).toBe(ErrorCode.Forbidden);
    // Recorded as what it is (issue 19 §5), not as the popups' approval setting.
    const records = await ok<{ items: Array<{ kind: string; itemId: string; action: string; after: { perSession: number } }> }>(app(), owner(), 'configRecords.list', { params: p(), query: { kind: 'interruptionBudget' } });
    expect(records.items[0]).toMatchObject({ kind: 'interruptionBudget', itemId: 'interruptionBudget', action: 'budget', after: { perSession: 3, perDay: 10 } });
    const asPopups = await ok<{ items: Array<{ itemId: string }> }>(app(), owner(), 'configRecords.list', { params: p(), query: { kind: 'popups', action: 'policy' } });
    expect(asPopups.items.some((r) => r.itemId === 'interruptionBudget')).toBe(false);
  });
});


describe('the interruption budget in the delivery API', () => {
  it('is in the delivery replies, and a change is delivered at once', async () => {
    const before = (await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/config?platform=ios` })).json() as { data: { interruptionBudget: unknown } };
    const current = await ok<{ version: number; perSession: number | null; perDay: number | null }>(app(), owner(), 'interruptionBudget.get', { params: p() });
    await ok(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession: 1, perDay: 3, version: current.version } });
    const after = (await app().inject({ method: 'GET', url: `/client/v1/${iosKey}/rules` })).json() as { data: { interruptionBudget: unknown } };
    expect(after.data.interruptionBudget).toEqual({ perSession: 1, perDay: 3 });
    expect(before.data.interruptionBudget).toEqual({ perSession: current.perSession, perDay: current.perDay });
    const restored = await ok<{ version: number }>(app(), owner(), 'interruptionBudget.get', { params: p() });
    await ok(app(), owner(), 'interruptionBudget.set', { params: p(), body: { perSession: current.perSession, perDay: current.perDay, version: restored.version } });
  });
});

describe('what the popup preview reads', () => {
  it('the popups and region groups live in the chosen environment, with the budget', async () => {
    const group = await ok<ConfigItem>(app(), owner(), 'regionGroups.create', { params: p(), body: { draft: { name: 'Preview group', regions: ['HK', 'CN'] } } });
    await ok(app(), owner(), 'regionGroups.publish', { params: p({ id: group.id }), body: { version: group.version } });
    const previewOnly = await livePopup(popup('Preview only'), false);
    const official = await ok<{ popups: Array<{ id: string; name: string; revision: number; document: Record<string, unknown> }>; regionGroups: Record<string, string[]>; budget: { perSession: number } }>(
      app(),
      team.viewer.token,
      'popupPreview.live',
      { params: p() },
    );
    expect(official.popups.map((x) => x.name)).toContain('Rate us');
    expect(official.popups.map((x) => x.name)).not.toContain('Preview only');
    expect(official.popups.map((x) => x.name)).not.toContain('Starter');
    expect(official.regionGroups[group.id]).toBeUndefined();
    expect(official.budget).toMatchObject({ perSession: 3, perDay: 10 });
    const preview = await ok<typeof official>(app(), owner(), 'popupPreview.live', { params: p(), query: { environment: 'preview' } });
    expect(preview.popups.find((x) => x.id === previewOnly.id)).toMatchObject({ revision: 1, document: { title: 'Preview only title' } });
    expect(preview.regionGroups[group.id]).toEqual(['CN', 'HK']);
  });
});

describe('feedback answers from the app', () => {
  let rating: ConfigItem;
  let choice: ConfigItem;
  let text: ConfigItem;
  let plain: ConfigItem;

  beforeAll(async () => {
    rating = await livePopup(feedbackPopup('Rating', { question: 'How do you like it?', answerType: 'rating' }));
    choice = await livePopup(feedbackPopup('Choice', { question: 'What do you edit most?', answerType: 'choice', choices: ['Selfies', 'Landscapes', 'Food'], allowComment: true }));
    text = await livePopup(feedbackPopup('Text', { question: 'What is missing?', answerType: 'text' }));
    plain = await livePopup(popup('Plain'));
  });

  it('are stored with the app’s platform from its key, and listed newest first with their mean rating', async () => {
    const first = await answer(iosKey, { popupId: rating.id, revision: 1, userId: 'u-1', answer: { rating: 4 }, version: '2.1.0', language: 'zh-Hans-CN' });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { data: { id: string } }).data.id).toMatch(/^[0-9a-f-]{36}$/);
    built.clock.advance(1000);
    expect((await answer(androidKey, { popupId: rating.id, revision: 1, userId: 'u-2', answer: { rating: 1 } })).statusCode).toBe(200);
    const page = await ok<{ items: Array<Record<string, unknown>>; total: number; summary: { answers: number; averageRating: number } }>(app(), team.viewer.token, 'popupFeedback.list', { params: p({ id: rating.id }) });
    expect(page.total).toBe(2);
    expect(page.summary).toEqual({ answers: 2, averageRating: 2.5 });
    expect(page.items.map((a) => [a.userId, a.rating, a.platform])).toEqual([
      ['u-2', 1, 'android'],
      ['u-1', 4, 'ios'],
    ]);
    expect(page.items[1]).toMatchObject({ appVersion: '2.1.0', language: 'zh-Hans-CN', revision: 1, choice: null, text: null });
  });

  it('keep a choice with the text the popup showed, and a comment where allowed', async () => {
    expect((await answer(iosKey, { popupId: choice.id, revision: 1, userId: 'u-3', answer: { choice: 2, text: 'More food filters' } })).statusCode).toBe(200);
    const page = await ok<{ items: Array<Record<string, unknown>> }>(app(), owner(), 'popupFeedback.list', { params: p({ id: choice.id }) });
    expect(page.items[0]).toMatchObject({ choice: 2, choiceText: 'Food', text: 'More food filters' });
  });

  it('refuse an answer that does not fit the question, with its field', async () => {
    const refused = async (popupId: string, body: Record<string, unknown>) => {
      const response = await answer(iosKey, { popupId, revision: 1, userId: 'u-4', ...body });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { code: number; fieldErrors: Record<string, { key: string }> };
    };
    expect(await refused(rating.id, { answer: {} })).toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { 'answer.rating': { key: 'validation.required' } } });
    expect(await refused(rating.id, { answer: { rating: 6 } })).toMatchObject({ fieldErrors: { 'answer.rating': { key: 'validation.rangeMax' } } });
    expect(await refused(rating.id, { answer: { rating: 0 } })).toMatchObject({ fieldErrors: { 'answer.rating': { key: 'validation.rangeMin' } } });
    expect(await refused(rating.id, { answer: { rating: 5, text: 'no comments here' } })).toMatchObject({ fieldErrors: { 'answer.text': { key: 'validation.feedbackAnswer' } } });
    expect(await refused(choice.id, { answer: { choice: 3 } })).toMatchObject({ fieldErrors: { 'answer.choice': { key: 'validation.feedbackAnswer' } } });
    expect(await refused(text.id, { answer: { text: '   ' } })).toMatchObject({ fieldErrors: { 'answer.text': { key: 'validation.required' } } });
    expect(await refused(text.id, { answer: { text: 'x'.repeat(1001) } })).toMatchObject({ fieldErrors: { 'answer.text': { key: 'validation.lengthMax' } } });
    expect((await answer(iosKey, { popupId: text.id, revision: 1, userId: 'u-4', answer: { text: 'x'.repeat(1000) } })).statusCode).toBe(200);
    expect(await refused(plain.id, { answer: { rating: 5 } })).toMatchObject({ fieldErrors: { popupId: { key: 'validation.feedbackAnswer' } } });
    expect(await refused(rating.id, { userId: 'has space', answer: { rating: 5 } })).toMatchObject({ fieldErrors: { userId: { key: 'validation.userId' } } });
    expect(await refused(rating.id, { userId: 'u'.repeat(129), answer: { rating: 5 } })).toMatchObject({ fieldErrors: { userId: { key: 'validation.lengthMax' } } });
    expect((await answer(iosKey, { popupId: rating.id, revision: 1, userId: 'u'.repeat(128), answer: { rating: 5 } })).statusCode).toBe(200);
  });

  it('refuse a popup that is not there: another project’s, unpublished, deleted, a revision it never had', async () => {
    const theirs = await livePopup(feedbackPopup('Theirs', { question: 'Q?', answerType: 'rating' }), true, other);
    const draftOnly = await ok<ConfigItem>(app(), owner(), 'popups.create', { params: p(), body: { draft: feedbackPopup('Draft', { question: 'Q?', answerType: 'rating' }) } });
    for (const [popupId, revision] of [
      [theirs.id, 1],
      [draftOnly.id, 1],
      [rating.id, 2],
      ['00000000-0000-4000-8000-000000000000', 1],
    ] as const) {
      const response = await answer(iosKey, { popupId, revision, userId: 'u-5', answer: { rating: 3 } });
      expect(response.statusCode, `${popupId}: ${response.body}`).toBe(404);
      expect(codeOf(response)).toBe(ErrorCode.DataMissing);
      expect(response.body).not.toContain('Theirs');
    }
  });

  it('need an active client key; operator tokens mean nothing here', async () => {
    const response = await app().inject({
      method: 'POST',
      url: `/client/v1/pk_${'z'.repeat(43)}/feedback`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner()}` },
      payload: JSON.stringify({ popupId: rating.id, revision: 1, userId: 'u-6', answer: { rating: 3 } }),
    });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe(ErrorCode.ClientKeyInvalid);
  });

  it(`are limited to ${FEEDBACK_LIMITS.popupFeedbackUser.count} a day per user and popup: the next one is 1006 with Retry-After, the next day they are welcome again`, async () => {
    const send = () => answer(iosKey, { popupId: rating.id, revision: 1, userId: 'u-repeat', answer: { rating: 5 } }, '198.51.100.1');
    for (let i = 0; i < FEEDBACK_LIMITS.popupFeedbackUser.count; i += 1) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe(ErrorCode.TooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another popup of the same user is a subject of its own.
    expect((await answer(iosKey, { popupId: choice.id, revision: 1, userId: 'u-repeat', answer: { choice: 0 } }, '198.51.100.1')).statusCode).toBe(200);
    await advance(FEEDBACK_LIMITS.popupFeedbackUser.windowMs);
    expect((await send()).statusCode).toBe(200);
  });

  it(`are limited to ${FEEDBACK_LIMITS.popupFeedbackAddress.count} per 10 minutes from one address to one app, whatever the users`, async () => {
    const send = (n: number, address = '192.0.2.10') => answer(iosKey, { popupId: text.id, revision: 1, userId: `burst-${n}`, answer: { text: 'hi' } }, address);
    for (let i = 0; i < FEEDBACK_LIMITS.popupFeedbackAddress.count; i += 1) expect((await send(i)).statusCode, `answer ${i + 1}`).toBe(200);
    const refused = await send(999);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused requests are not counted, another address is not affected, nor the app's other key.
    expect((await send(1000, '192.0.2.11')).statusCode).toBe(200);
    expect((await answer(androidKey, { popupId: text.id, revision: 1, userId: 'burst-x', answer: { text: 'hi' } }, '192.0.2.10')).statusCode).toBe(200);
    const total = (await ok<{ total: number }>(app(), owner(), 'popupFeedback.list', { params: p({ id: text.id }) })).total;
    expect(total).toBe(FEEDBACK_LIMITS.popupFeedbackAddress.count + 3);
  });
});

describe('the answers as CSV', () => {
  it('holds every answer, newest first, safe to open in a spreadsheet', async () => {
    const item = await livePopup(feedbackPopup('Export, “quoted”', { question: 'Why?', answerType: 'choice', choices: ['Price', '价格, 便宜'], allowComment: true }));
    const sends = [
      { userId: 'a-1', answer: { choice: 0, text: '=HYPERLINK("http://evil.example")' } },
      { userId: 'a-2', answer: { choice: 1, text: 'line one\nline "two"' } },
      { userId: 'a-3', answer: { choice: 1 } },
    ];
    for (const body of sends) {
      built.clock.advance(1000);
      expect((await answer(iosKey, { popupId: item.id, revision: 1, ...body }, '192.0.2.50')).statusCode).toBe(200);
    }
    const file = await ok<{ fileName: string; csv: string; rows: number; truncated: boolean }>(app(), team.viewer.token, 'popupFeedback.export', { params: p({ id: item.id }) });
    expect(file.fileName).toBe('Export-quoted-answers.csv');
    expect(file.rows).toBe(3);
    expect(file.truncated).toBe(false);
    expect(file.csv.startsWith('\uFEFFanswered_at,user_id,revision,rating,choice_number,choice_text,text,platform,app_version,language\r\n')).toBe(true);
    const lines = file.csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[1]).toMatch(/^[^,]+,a-3,1,,2,"价格, 便宜",,ios,,$/);
    expect(lines[2]).toContain(',a-2,1,,2,"价格, 便宜","line one\nline ""two""",ios,,');
    expect(lines[3]).toContain(`,a-1,1,,1,Price,"'=HYPERLINK(""http://evil.example"")",ios,,`);
  });

  it('keeps the newest answers when there are more than an export holds', async () => {
    const item = await livePopup(feedbackPopup('Many', { question: 'Rate', answerType: 'rating' }));
    for (let i = 0; i < 3; i += 1) {
      built.clock.advance(1000);
      expect((await answer(iosKey, { popupId: item.id, revision: 1, userId: `m-${i}`, answer: { rating: i + 1 } }, '192.0.2.60')).statusCode).toBe(200);
    }
    const repository = new FeedbackRepository(database.handle.db);
    const two = await repository.exportCsv(team.projectId, item.id, 2);
    expect(two).toMatchObject({ rows: 2, truncated: true });
    expect(two.csv).toContain(',m-2,');
    expect(two.csv).not.toContain(',m-0,');
    expect(await repository.exportCsv(team.projectId, item.id, 3)).toMatchObject({ rows: 3, truncated: false });
  });

  it('of another project’s popup: 404, never its answers', async () => {
    const theirs = await livePopup(feedbackPopup('Their export', { question: 'Q?', answerType: 'rating' }), true, other);
    const reply = await call(app(), owner(), 'popupFeedback.export', { params: p({ id: theirs.id }) });
    expect(reply.status).toBe(404);
    expect(reply.envelope.code).toBe(ErrorCode.DataMissing);
  });
});
