import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import { ErrorCode } from '@contract/errors';
import {
  MAX_DRAFT_BYTES,
  MAX_DRAFT_DEPTH,
  defineConfigKind,
  draftProblems,
  draftSummary,
  itemStateOf,
  newDraft,
  onlineStatusOf,
  referencesOf,
  type AnyConfigKind,
} from '@contract/config/define-kind';
import { configKinds, languageKind, regionGroupKind, subscriptionPageKind } from '@contract/config/kinds';

/** The field errors a value gets from a schema, or null when it passes. */
function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : zodIssuesToFieldErrors(result.error.issues, { input: value });
}

const texts = {
  'en-US': { title: 'Thing', plural: 'Things', create: 'New thing', description: 'Things for tests.' },
  'zh-CN': { title: '东西', plural: '东西', create: '新建东西', description: '测试用的东西。' },
};

/** A valid declaration; the refusals below change one thing in it. */
const testConfig = {
  name: 'testThings',
  segment: 'test-things',
  menu: 'management.popup',
  labels: 'config:testThings',
  texts,
  fields: z.object({ colour: z.string(), size: z.number().optional() }),
  meta: {
    colour: { labelKey: 'config:testThings.fields.colour', input: 'text' },
    size: { labelKey: 'config:testThings.fields.size', input: 'number' },
  },
} as const;

/** Declares a kind from a config the types would refuse, to see the runtime refusals. */
const declare = (config: Record<string, unknown>) => () => defineConfigKind(config as never);

const europe = '0b4c6f1e-3a2d-4f5b-8c7d-1e2f3a4b5c6d';
const germany = '1c5d7a2f-4b3e-4a6c-9d8e-2f3a4b5c6d7e';
const asia = '2d6e8b3a-5c4f-4b7d-ae9f-3a4b5c6d7e8f';
const media = (ext = 'png') => `/api/v1/media/${'ab'.repeat(32)}.${ext}`;

/** A subscription page that can be published. */
function completePage(): Record<string, unknown> {
  return {
    name: 'Summer sale',
    enabled: true,
    schedule: { startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z', timeZone: 'Asia/Shanghai', daily: null },
    targeting: { platforms: [], minVersion: '1.0.00', maxVersion: null, regionGroups: { include: [europe], exclude: [germany] }, languages: ['en'] },
    pageType: 'promotion',
    title: 'Go premium',
    subtitle: 'All features',
    backgroundColourIndex: 0,
    textColourIndex: 11,
    titleBackgroundImage: media(),
    image: media('webp'),
    background: { type: 'video', url: media('mp4') },
    buttonContent: 'Continue',
    condition: { metric: 'launchCount', operator: 'gte', value: 3 },
    entrances: ['home', 'settings'],
    plans: [
      {
        period: 'yearly',
        products: { ios: { productId: 'com.app.yearly' }, android: { productId: 'yearly', productIdWithoutTrial: 'yearly_notrial' } },
        freeTrialDays: 7,
        discount: 0.8,
        discountDescription: '20% off',
        highlighted: true,
      },
      { period: 'monthly', products: { ios: { productId: 'com.app.monthly' }, android: { productId: 'monthly' } } },
    ],
  };
}

type Page = ReturnType<typeof completePage> & { plans: Array<Record<string, unknown>>; schedule: Record<string, unknown>; targeting: Record<string, unknown> };
const page = (change: (p: Page) => void = () => {}) => {
  const value = completePage() as Page;
  change(value);
  return value;
};
const pageProblems = (change?: (p: Page) => void) => draftProblems(subscriptionPageKind, page(change));

describe('defineConfigKind', () => {
  it('declares a kind from a valid config, with the defaults', () => {
    const kind = defineConfigKind(testConfig);
    expect(kind.name).toBe('testThings');
    expect(kind.titleKey).toBe('config:testThings.title');
    expect(kind.parts).toEqual({ schedule: false, targeting: false, order: false, trash: true });
    expect(kind.unique).toBeNull();
    expect(kind.existsCode).toBe(ErrorCode.ContentExists);
    expect(kind.notFoundCode).toBe(ErrorCode.DataMissing);
    expect(kind.references).toEqual([]);
    expect(Object.keys(kind.documentMeta)).toEqual(['name', 'enabled', 'colour', 'size']);
    expect(Object.keys(kind.documentShape)).toEqual(['name', 'enabled', 'colour', 'size']);
    expect(kind.initial()).toEqual({});
  });

  it('adds the common parts it is given, with their metadata and references', () => {
    const kind = defineConfigKind({ ...testConfig, parts: { schedule: true, targeting: true, order: true, trash: false } });
    expect(kind.parts).toEqual({ schedule: true, targeting: true, order: true, trash: false });
    expect(Object.keys(kind.documentShape)).toEqual(['name', 'enabled', 'schedule', 'targeting', 'colour', 'size']);
    expect(Object.keys(kind.documentMeta)).toEqual(['name', 'enabled', 'schedule', 'targeting', 'colour', 'size']);
    expect(kind.references).toEqual([
      { path: 'targeting.regionGroups.include', target: 'regionGroup', many: true },
      { path: 'targeting.regionGroups.exclude', target: 'regionGroup', many: true },
      { path: 'targeting.segments.include', target: 'segment', many: true },
    ]);
  });

  it('throws for metadata of a field the kind does not have', () => {
    expect(declare({ ...testConfig, meta: { ...testConfig.meta, shape: { labelKey: 'x', input: 'text' } } })).toThrow(/metadata for unknown field shape/);
  });

  it('throws for a field without metadata', () => {
    expect(declare({ ...testConfig, meta: { colour: testConfig.meta.colour } })).toThrow(/field size has no metadata/);
  });

  it.each(['name', 'enabled', 'schedule', 'targeting'])('throws for an own field named like the common field %s', (common) => {
    const fields = z.object({ colour: z.string(), size: z.number().optional(), [common]: z.string() });
    const meta = { ...testConfig.meta, [common]: { labelKey: 'x', input: 'text' } };
    expect(declare({ ...testConfig, fields, meta })).toThrow(new RegExp(`${common} is a common field`));
  });

  it.each(['config:other', 'config:testthings', 'testThings', 'config.testThings', 'config:testThings.x', ''])('throws for labels %j that are not config:<name>', (labels) => {
    expect(declare({ ...testConfig, labels })).toThrow(/labels must be config:testThings/);
  });

  it.each(['TestThings', 'test-things', 'test_things', 't', '1things', 'testThings!'])('throws for the name %j that is not camelCase', (name) => {
    expect(declare({ ...testConfig, name, labels: `config:${name}` })).toThrow(/camelCase/);
  });

  it('a refine runs only on the complete document', () => {
    const kind = defineConfigKind({
      ...testConfig,
      refine: (document, ctx) => {
        if (document.colour === document.name) ctx.addIssue({ code: 'custom', path: ['colour'], input: document.colour, message: 'validation.invalid' });
      },
    });
    expect(draftProblems(kind, { name: 'red', colour: 'blue' })).toEqual({});
    expect(draftProblems(kind, { name: 'red', colour: 'red' })).toEqual({ colour: { key: 'validation.invalid' } });
  });
});

describe('newDraft', () => {
  it.each(configKinds.map((kind) => [kind.name, kind] as const))('%s: a new draft passes draftInput unchanged', (_, kind) => {
    const draft = newDraft(kind as AnyConfigKind, 'New item', 'Asia/Shanghai');
    const parsed = kind.draftInput.safeParse(draft);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(draft);
    expect(draft.name).toBe('New item');
    expect(draft.enabled).toBe(true);
    expect('schedule' in draft).toBe(kind.parts.schedule);
    expect('targeting' in draft).toBe(kind.parts.targeting);
  });

  it('a schedule starts open in the given zone, targeting at everyone', () => {
    const draft = newDraft(subscriptionPageKind, 'x', 'Europe/Berlin');
    expect(draft.schedule).toEqual({ startsAt: null, endsAt: null, timeZone: 'Europe/Berlin', daily: null });
    expect(draft.targeting).toEqual({ platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } });
  });

  it('each draft is a new object', () => {
    const a = newDraft(subscriptionPageKind, 'a', 'UTC');
    const b = newDraft(subscriptionPageKind, 'b', 'UTC');
    (a.plans as unknown[]).push({});
    expect(b.plans).toHaveLength(1);
  });
});

describe('draftProblems', () => {
  it('a new subscription page lists what is missing', () => {
    expect(draftProblems(subscriptionPageKind, newDraft(subscriptionPageKind, 'Summer', 'UTC'))).toEqual({
      title: { key: 'validation.required' },
      buttonContent: { key: 'validation.required' },
      'plans.0.products.ios.productId': { key: 'validation.required' },
      'plans.0.products.android.productId': { key: 'validation.required' },
    });
  });

  it('a new region group needs regions; a new language needs a code', () => {
    expect(draftProblems(regionGroupKind, newDraft(regionGroupKind, 'Europe', 'UTC'))).toEqual({ regions: { key: 'validation.required' } });
    expect(Object.keys(draftProblems(languageKind, newDraft(languageKind, 'English', 'UTC')))).toEqual(['code']);
  });

  it('a complete page has no problems', () => {
    expect(draftProblems(subscriptionPageKind, completePage())).toEqual({});
  });

  it('a complete region group and language have none', () => {
    expect(draftProblems(regionGroupKind, { name: 'Europe', regions: ['FR', 'DE'] })).toEqual({});
    expect(draftProblems(languageKind, { name: 'English', code: 'en', nativeName: 'English', isDefault: true })).toEqual({});
  });

  it('the name is required in a document', () => {
    expect(draftProblems(regionGroupKind, { regions: ['FR'] })).toEqual({ name: { key: 'validation.required' } });
    expect(draftProblems(regionGroupKind, { name: '   ', regions: ['FR'] })).toEqual({ name: { key: 'validation.required' } });
  });
});

describe('draftInput', () => {
  const input = regionGroupKind.draftInput;

  it('keeps the name (trimmed) and the known fields, drops unknown top-level keys', () => {
    const parsed = input.parse({ name: '  Europe ', regions: ['FR'], description: 7, colour: 'red', __proto__x: 1, id: 'abc' });
    expect(parsed).toEqual({ name: 'Europe', regions: ['FR'], description: 7 });
  });

  it('keeps an incomplete or wrong value of a known field (the draft is lenient)', () => {
    expect(subscriptionPageKind.draftInput.parse({ name: 'x', plans: 'not yet', schedule: { timeZone: 'nowhere' } })).toEqual({
      name: 'x',
      plans: 'not yet',
      schedule: { timeZone: 'nowhere' },
    });
  });

  it('needs a name', () => {
    expect(errorsOf(input, { regions: [] })).toEqual({ name: { key: 'validation.required' } });
    expect(errorsOf(input, { name: '' })).toEqual({ name: { key: 'validation.required' } });
    expect(errorsOf(input, { name: 12 })).toEqual({ name: { key: 'validation.type' } });
  });

  it('name limits: 128 Latin characters, 64 when there is a Chinese one', () => {
    expect(errorsOf(input, { name: 'a'.repeat(128) })).toBeNull();
    expect(errorsOf(input, { name: 'a'.repeat(129) })).toEqual({ name: { key: 'validation.nameLength', params: { max: 128 } } });
    expect(errorsOf(input, { name: '夏'.repeat(64) })).toBeNull();
    expect(errorsOf(input, { name: '夏'.repeat(65) })).toEqual({ name: { key: 'validation.nameLength', params: { max: 64 } } });
    expect(errorsOf(input, { name: `夏${'a'.repeat(63)}` })).toBeNull();
    expect(errorsOf(input, { name: `夏${'a'.repeat(64)}` })).toEqual({ name: { key: 'validation.nameLength', params: { max: 64 } } });
    // Spaces around the name do not count.
    expect(errorsOf(input, { name: ` ${'a'.repeat(128)} ` })).toBeNull();
  });

  it('the same name limits hold for every kind and in the document', () => {
    for (const kind of configKinds) {
      expect(errorsOf(kind.draftInput, { name: 'a'.repeat(128) }), kind.name).toBeNull();
      expect(errorsOf(kind.draftInput, { name: '语'.repeat(65) })?.name?.key, kind.name).toBe('validation.nameLength');
    }
    expect(draftProblems(regionGroupKind, { name: 'a'.repeat(129), regions: ['FR'] })).toEqual({ name: { key: 'validation.nameLength', params: { max: 128 } } });
  });

  it(`takes a draft of exactly MAX_DRAFT_BYTES (${MAX_DRAFT_BYTES}) as JSON and refuses one more`, () => {
    const frame = JSON.stringify({ name: 'n', description: '' }).length;
    const exact = { name: 'n', description: 'd'.repeat(MAX_DRAFT_BYTES - frame) };
    expect(JSON.stringify(exact)).toHaveLength(MAX_DRAFT_BYTES);
    expect(errorsOf(input, exact)).toBeNull();
    const over = { name: 'n', description: 'd'.repeat(MAX_DRAFT_BYTES - frame + 1) };
    expect(errorsOf(input, over)).toEqual({ '': { key: 'validation.draftTooLarge' } });
  });

  it('counts UTF-8 bytes: a Chinese character is three of them', () => {
    const frame = JSON.stringify({ name: 'n', description: '' }).length;
    const chars = Math.floor((MAX_DRAFT_BYTES - frame) / 3);
    const exact = { name: 'n', description: '字'.repeat(chars) + 'd'.repeat(MAX_DRAFT_BYTES - frame - chars * 3) };
    expect(errorsOf(input, exact)).toBeNull();
    expect(errorsOf(input, { ...exact, description: `${exact.description}d` })).toEqual({ '': { key: 'validation.draftTooLarge' } });
  });

  it(`takes a draft nested ${MAX_DRAFT_DEPTH} levels deep and refuses one level more`, () => {
    const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });
    // The draft object itself is the first level.
    expect(errorsOf(input, { name: 'n', description: nested(MAX_DRAFT_DEPTH - 1) })).toBeNull();
    expect(errorsOf(input, { name: 'n', description: nested(MAX_DRAFT_DEPTH) })).toEqual({ '': { key: 'validation.draftTooLarge' } });
    expect(errorsOf(input, { name: 'n', description: nested(5000) })).toEqual({ '': { key: 'validation.draftTooLarge' } });
  });

  it('measures the draft after dropping unknown keys', () => {
    const frame = JSON.stringify({ name: 'n', description: '' }).length;
    const padded = { name: 'n', description: 'd'.repeat(MAX_DRAFT_BYTES - frame), junk: 'j'.repeat(MAX_DRAFT_BYTES) };
    expect(input.parse(padded)).toEqual({ name: 'n', description: padded.description });
  });
});

describe('referencesOf', () => {
  it('a subscription page with two plans: concrete paths, SKUs by platform, then region groups', () => {
    const document = page((p) => {
      p.plans[1] = { period: 'monthly', products: { ios: { productId: '' }, android: { productId: 'monthly', productIdWithoutTrial: 'monthly_notrial' } } };
      p.targeting.regionGroups = { include: [europe], exclude: [germany, asia] };
    });
    expect(referencesOf(subscriptionPageKind, document)).toEqual([
      { path: 'plans.0.products.ios.productId', value: 'com.app.yearly', target: 'sku', platform: 'ios' },
      { path: 'plans.0.products.android.productId', value: 'yearly', target: 'sku', platform: 'android' },
      { path: 'plans.1.products.android.productId', value: 'monthly', target: 'sku', platform: 'android' },
      { path: 'plans.0.products.android.productIdWithoutTrial', value: 'yearly_notrial', target: 'sku', platform: 'android' },
      { path: 'plans.1.products.android.productIdWithoutTrial', value: 'monthly_notrial', target: 'sku', platform: 'android' },
      { path: 'targeting.regionGroups.include.0', value: europe, target: 'regionGroup', platform: undefined },
      { path: 'targeting.regionGroups.exclude.0', value: germany, target: 'regionGroup', platform: undefined },
      { path: 'targeting.regionGroups.exclude.1', value: asia, target: 'regionGroup', platform: undefined },
    ]);
  });

  it('targeting region groups alone', () => {
    const refs = referencesOf(subscriptionPageKind, { targeting: { regionGroups: { include: [], exclude: [germany] } } });
    expect(refs).toEqual([{ path: 'targeting.regionGroups.exclude.0', value: germany, target: 'regionGroup', platform: undefined }]);
    expect(refs[0]?.platform).toBeUndefined();
  });

  it('skips values that are not non-empty strings and shapes that do not fit', () => {
    expect(referencesOf(subscriptionPageKind, {})).toEqual([]);
    expect(referencesOf(subscriptionPageKind, { plans: 'x', targeting: null })).toEqual([]);
    expect(referencesOf(subscriptionPageKind, { plans: [null, { products: [] }, { products: { ios: { productId: 5 } } }, { products: { ios: 'x' } }] })).toEqual([]);
    expect(referencesOf(subscriptionPageKind, { targeting: { regionGroups: { include: ['', 7, null, europe] } } })).toEqual([
      { path: 'targeting.regionGroups.include.3', value: europe, target: 'regionGroup', platform: undefined },
    ]);
  });

  it('region groups refer to countries, languages to a language code', () => {
    expect(referencesOf(regionGroupKind, { name: 'x', regions: ['FR', 'DE'] })).toEqual([
      { path: 'regions.0', value: 'FR', target: 'country', platform: undefined },
      { path: 'regions.1', value: 'DE', target: 'country', platform: undefined },
    ]);
    expect(referencesOf(languageKind, { code: 'zh-Hant' })).toEqual([{ path: 'code', value: 'zh-Hant', target: 'language', platform: undefined }]);
    expect(referencesOf(languageKind, { code: '' })).toEqual([]);
  });
});

describe('draftSummary', () => {
  it('region groups are unique by name, lower-cased and trimmed', () => {
    expect(draftSummary(regionGroupKind, { name: '  Europe West ', regions: [] })).toEqual({ name: 'Europe West', enabled: true, startsAt: null, endsAt: null, uniqueKey: 'europe west' });
    expect(draftSummary(regionGroupKind, { regions: [] }).uniqueKey).toBeNull();
    expect(draftSummary(regionGroupKind, { regions: [] }).name).toBe('');
  });

  it('languages are unique by code, lower-cased', () => {
    expect(draftSummary(languageKind, { name: 'Traditional Chinese', code: ' zh-Hant ' }).uniqueKey).toBe('zh-hant');
    expect(draftSummary(languageKind, { name: 'x', code: '' }).uniqueKey).toBeNull();
    expect(draftSummary(languageKind, { name: 'x', code: '   ' }).uniqueKey).toBeNull();
    expect(draftSummary(languageKind, { name: 'x', code: 7 }).uniqueKey).toBeNull();
  });

  it('subscription pages have no unique key; their bounds are read when they are times', () => {
    const summary = draftSummary(subscriptionPageKind, completePage());
    expect(summary).toEqual({ name: 'Summer sale', enabled: true, startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z', uniqueKey: null });
    expect(draftSummary(subscriptionPageKind, { name: 'x', enabled: false, schedule: { startsAt: 'soon', endsAt: 5 } })).toEqual({
      name: 'x',
      enabled: false,
      startsAt: null,
      endsAt: null,
      uniqueKey: null,
    });
  });

  it('a kind without a schedule has no bounds, whatever the draft holds', () => {
    expect(draftSummary(regionGroupKind, { name: 'x', schedule: { startsAt: '2026-06-01T00:00:00.000Z' } }).startsAt).toBeNull();
  });

  it('itemStateOf: only kinds with a schedule have a state', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(itemStateOf(subscriptionPageKind, '2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z', now)).toBe('inProgress');
    expect(itemStateOf(subscriptionPageKind, '2026-06-20T00:00:00.000Z', null, now)).toBe('notStarted');
    expect(itemStateOf(subscriptionPageKind, null, '2026-06-15T00:00:00.000Z', now)).toBe('over');
    expect(itemStateOf(regionGroupKind, null, null, now)).toBeNull();
  });

  it('onlineStatusOf: official wins over preview', () => {
    expect(onlineStatusOf(null, null)).toBe('unpublished');
    expect(onlineStatusOf(3, null)).toBe('preview');
    expect(onlineStatusOf(3, 2)).toBe('official');
    expect(onlineStatusOf(null, 1)).toBe('official');
  });
});

describe('subscription page rules', () => {
  it('a daily page needs a daily window', () => {
    expect(pageProblems((p) => (p.pageType = 'daily'))).toEqual({ 'schedule.daily': { key: 'validation.dailyWindowRequired' } });
    expect(pageProblems((p) => ((p.pageType = 'daily'), (p.schedule.daily = { from: '09:00', to: '21:00' })))).toEqual({});
    // A window on another kind of page is fine.
    expect(pageProblems((p) => (p.schedule.daily = { from: '22:00', to: '02:00' }))).toEqual({});
  });

  it('a countdown page needs an end', () => {
    expect(pageProblems((p) => ((p.pageType = 'countdown'), (p.schedule.endsAt = null)))).toEqual({ 'schedule.endsAt': { key: 'validation.countdownEnd' } });
    expect(pageProblems((p) => (p.pageType = 'countdown'))).toEqual({});
    // Other kinds may run without an end.
    expect(pageProblems((p) => (p.schedule.endsAt = null))).toEqual({});
    expect(pageProblems((p) => ((p.pageType = 'campaign'), (p.schedule.endsAt = null)))).toEqual({});
  });

  it('every plan needs a product for every targeted platform (all of them when none is named)', () => {
    const noAndroid = (p: Page) => {
      p.plans[1] = { period: 'monthly', products: { ios: { productId: 'com.app.monthly' } } };
    };
    expect(pageProblems(noAndroid)).toEqual({ 'plans.1.products.android.productId': { key: 'validation.required' } });
    expect(pageProblems((p) => (noAndroid(p), (p.targeting.platforms = ['ios'])))).toEqual({});
    expect(pageProblems((p) => (noAndroid(p), (p.targeting.platforms = ['android'])))).toEqual({ 'plans.1.products.android.productId': { key: 'validation.required' } });
    expect(pageProblems((p) => (noAndroid(p), (p.targeting.platforms = ['ios', 'android'])))).toEqual({ 'plans.1.products.android.productId': { key: 'validation.required' } });
    // Only the targeted ones: an iOS product missing on an Android-only page is fine.
    expect(
      pageProblems((p) => {
        p.targeting.platforms = ['android'];
        p.plans[0] = { ...p.plans[0], products: { android: { productId: 'yearly' } } };
        p.plans[1] = { period: 'monthly', products: { android: { productId: 'monthly' } } };
      }),
    ).toEqual({});
  });

  it('a product needs a product ID; the one without trial is optional', () => {
    expect(pageProblems((p) => (p.plans[1] = { period: 'monthly', products: { ios: { productId: '  ' }, android: { productId: 'm' } } }))).toEqual({
      'plans.1.products.ios.productId': { key: 'validation.required' },
    });
    expect(pageProblems((p) => (p.plans[1] = { period: 'monthly', products: { ios: { productId: 'p'.repeat(200) }, android: { productId: 'm' } } }))).toEqual({});
    expect(pageProblems((p) => (p.plans[1] = { period: 'monthly', products: { ios: { productId: 'p'.repeat(201) }, android: { productId: 'm' } } }))['plans.1.products.ios.productId']?.key).toBe('validation.lengthMax');
  });

  it('one highlighted plan at most', () => {
    expect(pageProblems((p) => (p.plans[1] = { ...p.plans[1], highlighted: true }))).toEqual({ plans: { key: 'validation.oneHighlighted' } });
    expect(pageProblems((p) => (p.plans[0] = { ...p.plans[0], highlighted: false }))).toEqual({});
  });

  it('discount: above 0, at most 1', () => {
    const withDiscount = (discount: number) => pageProblems((p) => (p.plans[0] = { ...p.plans[0], discount }));
    const refused = (discount: number) => {
      const problems = withDiscount(discount);
      expect(Object.keys(problems)).toEqual(['plans.0.discount']);
      return problems['plans.0.discount']?.key;
    };
    expect(refused(0)).toBe('validation.discount');
    expect(refused(-0.5)).toBe('validation.discount');
    expect(withDiscount(0.0001)).toEqual({});
    expect(withDiscount(0.8)).toEqual({});
    expect(withDiscount(1)).toEqual({});
    expect(refused(1.0001)).toBe('validation.discount');
    expect(refused(2)).toBe('validation.discount');
    expect(pageProblems((p) => delete p.plans[0]!.discount)).toEqual({});
  });

  it.each(['backgroundColourIndex', 'textColourIndex'])('%s: 0 to 11, whole numbers', (field) => {
    const withIndex = (value: unknown) => pageProblems((p) => (p[field] = value));
    expect(withIndex(0)).toEqual({});
    expect(withIndex(11)).toEqual({});
    expect(withIndex(12)).toEqual({ [field]: { key: 'validation.rangeMax', params: { max: 11 } } });
    expect(withIndex(-1)).toEqual({ [field]: { key: 'validation.rangeMin', params: { min: 0 } } });
    expect(withIndex(1.5)).toEqual({ [field]: { key: 'validation.integer' } });
    expect(withIndex(undefined)).toEqual({ [field]: { key: 'validation.required' } });
  });

  it('text limits: title 128, button 64, label 32', () => {
    expect(pageProblems((p) => (p.title = 't'.repeat(128)))).toEqual({});
    expect(pageProblems((p) => (p.title = 't'.repeat(129))).title?.key).toBe('validation.lengthMax');
    expect(pageProblems((p) => (p.buttonContent = 'b'.repeat(64)))).toEqual({});
    expect(pageProblems((p) => (p.buttonContent = 'b'.repeat(65))).buttonContent?.key).toBe('validation.lengthMax');
    expect(pageProblems((p) => (p.label = 'l'.repeat(32)))).toEqual({});
    expect(pageProblems((p) => (p.label = 'l'.repeat(33))).label?.key).toBe('validation.lengthMax');
  });

  it('plans: 1 to 6; free trial 0 to 365 days', () => {
    const plan = (i: number) => ({ period: 'weekly', products: { ios: { productId: `w${i}` }, android: { productId: `w${i}` } } });
    expect(pageProblems((p) => (p.plans = [])).plans?.key).toBe('validation.required');
    expect(pageProblems((p) => (p.plans = Array.from({ length: 6 }, (_, i) => plan(i))))).toEqual({});
    expect(pageProblems((p) => (p.plans = Array.from({ length: 7 }, (_, i) => plan(i)))).plans?.key).toBe('validation.itemsMax');
    expect(pageProblems((p) => (p.plans[0] = { ...p.plans[0], freeTrialDays: 365 }))).toEqual({});
    expect(pageProblems((p) => (p.plans[0] = { ...p.plans[0], freeTrialDays: 366 }))['plans.0.freeTrialDays']?.key).toBe('validation.rangeMax');
    expect(pageProblems((p) => (p.plans[0] = { ...p.plans[0], freeTrialDays: -1 }))['plans.0.freeTrialDays']?.key).toBe('validation.rangeMin');
  });

  it('entrances: at least one, no duplicate', () => {
    expect(pageProblems((p) => (p.entrances = [])).entrances?.key).toBe('validation.required');
    expect(pageProblems((p) => (p.entrances = ['home', 'home'])).entrances?.key).toBe('validation.duplicateItems');
    expect(pageProblems((p) => (p.entrances = ['home', 'settings', 'banner']))).toEqual({});
  });

  it('media fields take a stored file path only', () => {
    expect(pageProblems((p) => (p.image = 'https://example.com/a.png'))).toEqual({ image: { key: 'validation.url' } });
    expect(pageProblems((p) => (p.image = '/api/v1/media/short.png'))).toEqual({ image: { key: 'validation.url' } });
  });

  it('the common parts are checked in the document', () => {
    expect(pageProblems((p) => (p.schedule.endsAt = p.schedule.startsAt))).toEqual({ 'schedule.endsAt': { key: 'validation.timeRange' } });
    expect(pageProblems((p) => (p.targeting.regionGroups = { include: [europe], exclude: [europe] }))).toEqual({
      'targeting.regionGroups.include.0': { key: 'validation.includedAndExcluded' },
    });
    expect(pageProblems((p) => delete (p as Record<string, unknown>).schedule)).toEqual({ schedule: { key: 'validation.required' } });
  });
});
