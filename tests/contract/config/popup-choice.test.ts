import { describe, expect, it } from 'vitest';
import { draftProblems, popupKind } from '@contract/config';
import { budgetState, interruptionBudgetSchema } from '@contract/config/interruption-budget';
import { addInterval, choosePopup, defaultSeed, drawByWeight, popupReasonGroup, seededUnit, type LivePopup, type PopupContext, type PopupRules } from '@contract/config/popup-choice';
import { popupLimits } from '@contract/config/kinds/popups';

/**
 * The popup choice beyond the SDK vectors (popup-vectors.test.ts): the seeded draw's distribution,
 * the interval arithmetic across time boundaries, the budget's state, and the popup document's
 * limits at their boundaries and one past them.
 */

const rules = (extra: Partial<PopupRules> = {}): PopupRules => ({
  enabled: true,
  schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
  targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } },
  audience: 'all',
  whitelist: [],
  pages: ['home'],
  frequency: { every: 1, unit: 'day' },
  timesPerUser: null,
  weight: 1,
  priority: 'medium',
  condition: null,
  phoneTiers: [],
  ...extra,
});

const context = (extra: Partial<PopupContext> = {}): PopupContext => ({
  now: new Date('2026-06-15T12:00:00Z'),
  platform: 'ios',
  version: '2.0.0',
  region: 'US',
  language: 'en',
  userId: 'user-1',
  subscriber: false,
  installedAt: '2026-01-01T00:00:00Z',
  page: 'home',
  phoneTier: 'mid',
  launchCount: 1,
  sessionStartedAt: '2026-06-15T11:00:00Z',
  shows: {},
  otherInterruptions: [],
  ...extra,
});

const none = { perSession: null, perDay: null };
const noGroups = new Map<string, Set<string>>();

describe('the seeded draw', () => {
  it('is a number in [0, 1) that depends on every character', () => {
    const values = ['', 'a', 'b', 'user-1:2026-06-15', 'user-1:2026-06-16', '用户:2026-06-15', '😀'].map(seededUnit);
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(new Set(values).size).toBe(values.length);
    expect(seededUnit('user-1:2026-06-15')).toBe(seededUnit('user-1:2026-06-15'));
  });

  it('is FNV-1a then MurmurHash3’s finalizer: the empty text’s value is fmix32(0x811c9dc5) / 2³²', () => {
    let h = 0x811c9dc5;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    expect(seededUnit('')).toBe((h >>> 0) / 2 ** 32);
  });

  it('reads the text as UTF-8 (a Chinese user id and its bytes hash alike on every platform)', () => {
    // "é" as one code point is two UTF-8 bytes; as e + combining accent it is three: different values.
    expect(seededUnit('é')).not.toBe(seededUnit('e\u0301'));
  });

  it('the default seed is the user id and the day in UTC', () => {
    expect(defaultSeed('u-7', new Date('2026-06-15T23:59:59Z'))).toBe('u-7:2026-06-15');
    expect(defaultSeed('u-7', new Date('2026-06-16T00:00:00Z'))).toBe('u-7:2026-06-16');
    expect(defaultSeed(null, new Date('2026-06-16T00:00:00Z'))).toBe(':2026-06-16');
  });

  it('draws by cumulative weight over the candidates sorted by id', () => {
    const candidates = [
      { id: 'b', weight: 1 },
      { id: 'a', weight: 3 },
    ];
    expect(drawByWeight(candidates, 0).id).toBe('a');
    expect(drawByWeight(candidates, 0.7499).id).toBe('a');
    expect(drawByWeight(candidates, 0.75).id).toBe('b');
    expect(drawByWeight(candidates, 0.9999).id).toBe('b');
  });

  it('shares 10,000 users among weights 1 : 3 : 6 within 1.5 points of 10 %, 30 %, 60 %', () => {
    const popups: LivePopup[] = [
      { id: '00000000-0000-4000-8000-00000000000a', rules: rules({ weight: 1 }) },
      { id: '00000000-0000-4000-8000-00000000000b', rules: rules({ weight: 3 }) },
      { id: '00000000-0000-4000-8000-00000000000c', rules: rules({ weight: 6 }) },
    ];
    const counts = new Map<string, number>();
    const users = 10_000;
    for (let i = 0; i < users; i += 1) {
      const choice = choosePopup(popups, context({ userId: `user-${i}` }), none, noGroups);
      counts.set(choice.chosen as string, (counts.get(choice.chosen as string) ?? 0) + 1);
    }
    const share = (id: string) => (counts.get(id) ?? 0) / users;
    expect(share(popups[0]!.id)).toBeCloseTo(0.1, 1);
    expect(Math.abs(share(popups[0]!.id) - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(share(popups[1]!.id) - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(share(popups[2]!.id) - 0.6)).toBeLessThan(0.015);
  });

  it('gives one user the same popup all day, and may change it the next day', () => {
    const popups: LivePopup[] = [
      { id: 'a', rules: rules({ weight: 1 }) },
      { id: 'b', rules: rules({ weight: 1 }) },
    ];
    const morning = choosePopup(popups, context({ now: new Date('2026-06-15T00:00:00Z') }), none, noGroups);
    const evening = choosePopup(popups, context({ now: new Date('2026-06-15T23:59:59Z') }), none, noGroups);
    expect(evening.chosen).toBe(morning.chosen);
    expect(morning.draw).toMatchObject({ seed: 'user-1:2026-06-15', candidates: ['a', 'b'] });
    const days = new Set(Array.from({ length: 20 }, (_, d) => choosePopup(popups, context({ now: new Date(Date.UTC(2026, 5, 1 + d, 12)) }), none, noGroups).chosen));
    expect(days.size).toBe(2);
  });

  it('does not draw when one popup has the top priority alone', () => {
    const choice = choosePopup([{ id: 'a', rules: rules({ priority: 'high' }) }, { id: 'b', rules: rules() }], context(), none, noGroups);
    expect(choice.draw).toBeNull();
    expect(choice.outcomes[1]?.reasons).toEqual([{ code: 'lostOnPriority', winner: 'a', priority: 'medium', winnerPriority: 'high' }]);
  });

  it('names the winner and the weights in a weight loss', () => {
    const choice = choosePopup([{ id: 'a', rules: rules({ weight: 2 }) }, { id: 'b', rules: rules({ weight: 5 }) }], context({ seed: 'seed-b' }), none, noGroups);
    const loser = choice.outcomes.find((o) => !o.shown);
    expect(loser?.reasons).toEqual([{ code: 'lostOnWeight', winner: choice.chosen, weight: loser?.id === 'a' ? 2 : 5, total: 7 }]);
  });
});

describe('intervals across time boundaries', () => {
  const at = (text: string) => Date.parse(text);
  const iso = (ms: number) => new Date(ms).toISOString();

  it('hours, days, weeks and 2 weeks are fixed lengths (no calendar, no daylight saving)', () => {
    expect(iso(addInterval(at('2026-03-28T23:30:00Z'), 2, 'hour'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(addInterval(at('2026-03-28T12:00:00Z'), 1, 'day'))).toBe('2026-03-29T12:00:00.000Z');
    expect(iso(addInterval(at('2026-12-31T23:59:59Z'), 1, 'day'))).toBe('2027-01-01T23:59:59.000Z');
    expect(iso(addInterval(at('2026-10-20T00:00:00Z'), 1, 'week'))).toBe('2026-10-27T00:00:00.000Z');
    expect(iso(addInterval(at('2026-10-20T00:00:00Z'), 3, 'twoWeeks'))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('months and years are calendar months in UTC, clamped to the month’s last day', () => {
    expect(iso(addInterval(at('2026-01-31T10:00:00Z'), 1, 'month'))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addInterval(at('2028-01-31T10:00:00Z'), 1, 'month'))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(addInterval(at('2026-03-31T10:00:00Z'), 1, 'month'))).toBe('2026-04-30T10:00:00.000Z');
    expect(iso(addInterval(at('2026-11-15T10:00:00Z'), 3, 'month'))).toBe('2027-02-15T10:00:00.000Z');
    expect(iso(addInterval(at('2026-12-31T23:00:00Z'), 14, 'month'))).toBe('2028-02-29T23:00:00.000Z');
    expect(iso(addInterval(at('2024-02-29T08:00:00Z'), 1, 'year'))).toBe('2025-02-28T08:00:00.000Z');
    expect(iso(addInterval(at('2024-02-29T08:00:00Z'), 4, 'year'))).toBe('2028-02-29T08:00:00.000Z');
  });

  it('a popup shown every 1 month comes back the moment the month is over, not a millisecond before', () => {
    const popups = [{ id: 'm', rules: rules({ frequency: { every: 1, unit: 'month' } }) }];
    const shows = { m: ['2026-01-31T10:00:00.000Z'] };
    expect(choosePopup(popups, context({ now: new Date('2026-02-28T09:59:59.999Z'), shows }), none, noGroups).chosen).toBeNull();
    expect(choosePopup(popups, context({ now: new Date('2026-02-28T10:00:00.000Z'), shows }), none, noGroups).chosen).toBe('m');
    const reason = choosePopup(popups, context({ now: new Date('2026-02-10T00:00:00Z'), shows }), none, noGroups).outcomes[0]?.reasons[0];
    expect(reason).toEqual({ code: 'frequency', every: 1, unit: 'month', lastShownAt: '2026-01-31T10:00:00.000Z', nextAt: '2026-02-28T10:00:00.000Z' });
  });

  it('ignores showings it cannot read', () => {
    const popups = [{ id: 'a', rules: rules({ timesPerUser: 1 }) }];
    expect(choosePopup(popups, context({ shows: { a: ['yesterday'] } }), none, noGroups).chosen).toBe('a');
  });
});

describe('the interruption budget', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('counts the session from its start and the day as the 24 hours before now', () => {
    const state = budgetState({ perSession: 3, perDay: 5 }, ['2026-06-15T11:00:00Z', '2026-06-15T10:59:59Z', '2026-06-14T12:00:00.001Z', '2026-06-14T12:00:00Z'], '2026-06-15T11:00:00Z', now);
    expect(state).toMatchObject({ usedSession: 1, usedDay: 3, sessionSpent: false, daySpent: false, left: 2, dayOpensAt: null });
  });

  it('does not count interruptions after now (a clock set back)', () => {
    expect(budgetState({ perSession: 1, perDay: 1 }, ['2026-06-15T12:00:01Z'], '2026-06-15T11:00:00Z', now)).toMatchObject({ usedSession: 0, usedDay: 0, left: 1 });
  });

  it('says when a spent day opens again: when enough of the oldest have left the window', () => {
    const state = budgetState({ perSession: null, perDay: 2 }, ['2026-06-14T13:00:00Z', '2026-06-14T15:00:00Z', '2026-06-15T09:00:00Z'], '2026-06-15T11:00:00Z', now);
    expect(state).toMatchObject({ usedDay: 3, daySpent: true, left: 0, dayOpensAt: '2026-06-15T15:00:00.000Z' });
  });

  it('has no cap without caps', () => {
    expect(budgetState({ perSession: null, perDay: null }, ['2026-06-15T11:30:00Z'], '2026-06-15T11:00:00Z', now)).toMatchObject({ left: null, sessionSpent: false, daySpent: false });
  });

  it('accepts caps at their bounds and refuses one past them, and a session cap above the day’s', () => {
    const ok = (value: unknown) => interruptionBudgetSchema.safeParse(value).success;
    expect(ok({ perSession: 1, perDay: 1 })).toBe(true);
    expect(ok({ perSession: 20, perDay: 100 })).toBe(true);
    expect(ok({ perSession: null, perDay: null })).toBe(true);
    expect(ok({ perSession: 0, perDay: null })).toBe(false);
    expect(ok({ perSession: 21, perDay: null })).toBe(false);
    expect(ok({ perSession: null, perDay: 0 })).toBe(false);
    expect(ok({ perSession: null, perDay: 101 })).toBe(false);
    expect(ok({ perSession: 1.5, perDay: null })).toBe(false);
    const above = interruptionBudgetSchema.safeParse({ perSession: 6, perDay: 5 });
    expect(above.success).toBe(false);
    expect(above.error?.issues[0]).toMatchObject({ path: ['perSession'], message: 'validation.budgetSessionAboveDay' });
    expect(ok({ perSession: 5, perDay: 5 })).toBe(true);
  });

  it('reasons fall into the groups an operator reads', () => {
    expect(popupReasonGroup('over')).toBe('schedule');
    expect(popupReasonGroup('regionExcluded')).toBe('audience');
    expect(popupReasonGroup('audience')).toBe('audience');
    expect(popupReasonGroup('budgetDay')).toBe('budget');
    expect(popupReasonGroup('lostOnWeight')).toBe('weight');
  });
});

describe('the popup document', () => {
  const complete = (extra: Record<string, unknown> = {}) => ({
    name: 'Popup',
    enabled: true,
    schedule: { startsAt: null, endsAt: null, timeZone: 'UTC', daily: null },
    targeting: { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] },
    popupType: 'text',
    title: 'Hello',
    audience: 'all',
    pages: ['home'],
    elements: { close: { text: 'Close', action: 'dismiss' } },
    frequency: { every: 1, unit: 'day' },
    weight: 1,
    priority: 'medium',
    ...extra,
  });
  const problems = (extra: Record<string, unknown>) => draftProblems(popupKind, complete(extra));
  const media = (ext: string) => `/api/v1/media/${'b'.repeat(64)}.${ext}`;

  it('a complete one has no problems', () => {
    expect(problems({})).toEqual({});
  });

  it('limits at their boundary and one past', () => {
    expect(problems({ title: 'x'.repeat(popupLimits.title) })).toEqual({});
    expect(problems({ title: 'x'.repeat(popupLimits.title + 1) })).toHaveProperty('title.key', 'validation.lengthMax');
    expect(problems({ body: 'x'.repeat(popupLimits.body) })).toEqual({});
    expect(problems({ body: 'x'.repeat(popupLimits.body + 1) })).toHaveProperty('body.key', 'validation.lengthMax');
    expect(problems({ weight: 1 })).toEqual({});
    expect(problems({ weight: 100 })).toEqual({});
    expect(problems({ weight: 0 })).toHaveProperty('weight.key', 'validation.rangeMin');
    expect(problems({ weight: 101 })).toHaveProperty('weight.key', 'validation.rangeMax');
    expect(problems({ frequency: { every: 1000, unit: 'year' } })).toEqual({});
    expect(problems({ frequency: { every: 1001, unit: 'year' } })).toHaveProperty(['frequency.every', 'key'], 'validation.rangeMax');
    expect(problems({ frequency: { every: 0, unit: 'hour' } })).toHaveProperty(['frequency.every', 'key'], 'validation.rangeMin');
    expect(problems({ frequency: { every: 1, unit: 'decade' } })).toHaveProperty(['frequency.unit', 'key'], 'validation.enum');
    expect(problems({ timesPerUser: 1000 })).toEqual({});
    expect(problems({ timesPerUser: 1001 })).toHaveProperty('timesPerUser.key', 'validation.rangeMax');
    expect(problems({ timesPerUser: 0 })).toHaveProperty('timesPerUser.key', 'validation.rangeMin');
    expect(problems({ condition: { operator: 'gte', value: 1_000_000 } })).toEqual({});
    expect(problems({ condition: { operator: 'gte', value: 1_000_001 } })).toHaveProperty(['condition.value', 'key'], 'validation.rangeMax');
    expect(problems({ condition: { operator: 'between', value: 1 } })).toHaveProperty(['condition.operator', 'key'], 'validation.enum');
    expect(problems({ elements: { close: { text: 'x'.repeat(32), action: 'dismiss' } } })).toEqual({});
    expect(problems({ elements: { close: { text: 'x'.repeat(33), action: 'dismiss' } } })).toHaveProperty(['elements.close.text', 'key'], 'validation.lengthMax');
  });

  it('a whitelist of 1,000 ids of up to 128 characters; 1,001 ids, a longer id, a bad one or a repeat is refused', () => {
    const ids = Array.from({ length: popupLimits.whitelist }, (_, i) => `qa-${i}`);
    expect(problems({ audience: 'whitelist', whitelist: ids })).toEqual({});
    expect(problems({ audience: 'whitelist', whitelist: [...ids, 'qa-x'] })).toHaveProperty('whitelist.key', 'validation.itemsMax');
    expect(problems({ audience: 'whitelist', whitelist: ['a'.repeat(128)] })).toEqual({});
    expect(problems({ audience: 'whitelist', whitelist: ['a'.repeat(129)] })).toHaveProperty(['whitelist.0', 'key'], 'validation.lengthMax');
    expect(problems({ audience: 'whitelist', whitelist: ['has space'] })).toHaveProperty(['whitelist.0', 'key'], 'validation.userId');
    expect(problems({ audience: 'whitelist', whitelist: ['a', 'a'] })).toHaveProperty('whitelist.key', 'validation.duplicateItems');
    expect(problems({ audience: 'whitelist', whitelist: [] })).toHaveProperty('whitelist.key', 'validation.required');
    expect(problems({ audience: 'whitelistAndNonSubscribers' })).toHaveProperty('whitelist.key', 'validation.required');
  });

  it('every popup can be dismissed: a close icon or a cancel button', () => {
    expect(problems({ elements: { confirm: { text: 'OK', action: 'dismiss' } } })).toHaveProperty('elements.key', 'validation.popupWayOut');
    expect(problems({ elements: { cancel: { text: 'Later', action: 'dismiss' } } })).toEqual({});
  });

  it('an Image & Text popup needs its image, of the popup rule’s types', () => {
    expect(problems({ popupType: 'imageText' })).toHaveProperty('image.key', 'validation.required');
    expect(problems({ popupType: 'imageText', image: media('png') })).toEqual({});
    expect(problems({ popupType: 'imageText', image: media('mp4') })).toHaveProperty('image.key', 'validation.fileType');
    expect(problems({ pagAnimation: media('pag') })).toEqual({});
    expect(problems({ pagAnimation: media('png') })).toHaveProperty('pagAnimation.key', 'validation.fileType');
  });

  it('a Feedback popup needs its question and an element that sends the answer; only it sends one', () => {
    const send = { close: { text: 'Close', action: 'dismiss' }, confirm: { text: 'Send', action: 'submitFeedback' } };
    expect(problems({ popupType: 'feedback', elements: send })).toHaveProperty('feedback.key', 'validation.required');
    expect(problems({ popupType: 'feedback', feedback: { question: 'Like it?', answerType: 'rating' } })).toHaveProperty('elements.key', 'validation.popupFeedbackSubmit');
    expect(problems({ popupType: 'feedback', feedback: { question: 'Like it?', answerType: 'rating' }, elements: send })).toEqual({});
    expect(problems({ elements: send })).toHaveProperty(['elements.confirm.action', 'key'], 'validation.popupFeedbackOnly');
    const choice = (choices?: string[]) => problems({ popupType: 'feedback', feedback: { question: 'Which?', answerType: 'choice', ...(choices ? { choices } : {}) }, elements: send });
    expect(choice()).toHaveProperty(['feedback.choices', 'key'], 'validation.required');
    expect(choice(['a'])).toHaveProperty(['feedback.choices', 'key'], 'validation.itemsMin');
    expect(choice(['a', 'b'])).toEqual({});
    expect(choice(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({});
    expect(choice(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toHaveProperty(['feedback.choices', 'key'], 'validation.itemsMax');
  });

  it('actions that lead somewhere need a valid place; a free feature needs its name', () => {
    const with1 = (button: Record<string, unknown>, extra: Record<string, unknown> = {}) => problems({ elements: { close: { text: 'x', action: 'dismiss' }, button }, ...extra });
    expect(with1({ text: 'Go', action: 'openUrl' })).toHaveProperty(['elements.button.target', 'key'], 'validation.required');
    expect(with1({ text: 'Go', action: 'openUrl', target: 'ftp://x' })).toHaveProperty(['elements.button.target', 'key'], 'validation.url');
    expect(with1({ text: 'Go', action: 'openUrl', target: 'https://palette.example/sale' })).toEqual({});
    expect(with1({ text: 'Go', action: 'deepLink', target: 'not a link' })).toHaveProperty(['elements.button.target', 'key'], 'validation.deepLink');
    expect(with1({ text: 'Go', action: 'deepLink', target: 'palette://editor?tool=eraser' })).toEqual({});
    expect(with1({ text: 'Try', action: 'claimFreeFeature' })).toHaveProperty('freeFeature.key', 'validation.required');
    expect(with1({ text: 'Try', action: 'claimFreeFeature' }, { freeFeature: 'ai-eraser' })).toEqual({});
  });
});
