import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPageKind } from '@contract/config';
import { diffRowLabel, documentDiffRows, formatDiffValue, type DiffRow } from '../../../renderer/src/config/document-diff-rows';
import { buildResources } from '../../../renderer/src/i18n/resources';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const zh = (key: string, options?: Record<string, unknown>) => i18n.getFixedT('zh-CN')(key, options);

const meta = subscriptionPageKind.documentMeta;
const rows = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => documentDiffRows(meta, before, after, t);
const shown = (row: DiffRow) => ({ field: diffRowLabel(row, t), kind: row.kind, before: formatDiffValue(row.before, row.field, t), after: formatDiffValue(row.after, row.field, t) });

const page = {
  name: 'Spring sale',
  enabled: true,
  pageType: 'promotion',
  title: 'Go Pro',
  buttonContent: 'Continue',
  entrances: ['home', 'settings'],
  background: { type: 'image', url: '/api/v1/media/a.png' },
  plans: [
    { period: 'yearly', products: { ios: { productId: 'pro.yearly' } }, freeTrialDays: 7, discount: 0.8, highlighted: true },
    { period: 'monthly', products: { ios: { productId: 'pro.monthly' } }, freeTrialDays: 0, highlighted: false },
  ],
};

describe('documentDiffRows', () => {
  it('finds nothing between equal documents', () => {
    expect(rows(page, structuredClone(page))).toEqual([]);
  });

  it('labels a changed, an added and a removed field, in the order of the form', () => {
    const { buttonContent: _dropped, ...rest } = page;
    const result = rows(page, { ...rest, title: 'Go Premium', subtitle: 'Everything unlocked' });
    expect(result.map(shown)).toEqual([
      { field: 'Title', kind: 'changed', before: 'Go Pro', after: 'Go Premium' },
      { field: 'Subtitle', kind: 'added', before: '—', after: 'Everything unlocked' },
      { field: 'Button content', kind: 'removed', before: 'Continue', after: '—' },
    ]);
    expect(result[0]?.path).toEqual(['title']);
    expect(result[0]?.labels).toEqual(['Title']);
  });

  it('labels fields of a group through its items', () => {
    const result = rows(page, { ...page, background: { type: 'video', url: '/api/v1/media/a.png' } });
    expect(result).toHaveLength(1);
    expect(result[0]?.labels).toEqual(['Image or video background', 'Background kind']);
    expect(result[0]?.path).toEqual(['background', 'type']);
    // The option's label, not its value.
    expect(shown(result[0] as DiffRow)).toMatchObject({ before: 'Image', after: 'Video' });
  });

  it('labels list elements by position from 1 and their fields by the list items', () => {
    const plans = structuredClone(page.plans);
    plans[1]!.period = 'weekly';
    plans[0]!.products.ios!.productId = 'pro.yearly.2';
    const result = rows(page, { ...page, plans });
    expect(result.map((row) => diffRowLabel(row, t))).toEqual(['Subscription plans › 1 › Products › iOS › Product ID', 'Subscription plans › 2 › Period']);
    expect(result[1]?.path).toEqual(['plans', '1', 'period']);
    expect(shown(result[1] as DiffRow)).toMatchObject({ kind: 'changed', before: 'Monthly', after: 'Weekly' });
  });

  it('shows an added list element field by field', () => {
    const plans = [...structuredClone(page.plans), { period: 'quarterly', freeTrialDays: 3, highlighted: false }];
    const result = rows(page, { ...page, plans });
    expect(result.map(shown)).toEqual([
      { field: 'Subscription plans › 3 › Period', kind: 'added', before: '—', after: 'Quarterly' },
      { field: 'Subscription plans › 3 › Free trial days', kind: 'added', before: '—', after: '3' },
      { field: 'Subscription plans › 3 › Highlighted plan', kind: 'added', before: '—', after: 'No' },
    ]);
  });

  it('shows a list of plain values as one field, with option labels joined', () => {
    const result = rows(page, { ...page, entrances: ['home', 'banner', 'settings'] });
    expect(result.map(shown)).toEqual([{ field: 'Entrances', kind: 'changed', before: 'Home, Settings', after: 'Home, Banner, Settings' }]);
  });

  it('formats booleans as Yes and No, in the console language', () => {
    const result = rows(page, { ...page, enabled: false });
    expect(result.map(shown)).toEqual([{ field: 'Enabled', kind: 'changed', before: 'Yes', after: 'No' }]);
    expect(formatDiffValue(true, undefined, zh)).toBe('是');
  });

  it('compares against nothing: every field of a first document is added', () => {
    const result = rows(null, { title: 'Go Pro', condition: { metric: 'launchCount', operator: 'gte', value: 3 } });
    expect(result.map(shown)).toEqual([
      { field: 'Title', kind: 'added', before: '—', after: 'Go Pro' },
      { field: 'Condition › Count', kind: 'added', before: '—', after: 'App launches' },
      { field: 'Condition › Comparison', kind: 'added', before: '—', after: 'Greater than or equal to' },
      { field: 'Condition › Value', kind: 'added', before: '—', after: '3' },
    ]);
    expect(rows({ title: 'Go Pro' }, null).map(shown)).toEqual([{ field: 'Title', kind: 'removed', before: 'Go Pro', after: '—' }]);
  });

  it('keeps unknown fields with their key as label', () => {
    expect(rows({}, { extra: { a: 1 } }).map(shown)).toEqual([{ field: 'extra › a', kind: 'added', before: '—', after: '1' }]);
  });
});

describe('formatDiffValue', () => {
  it('shows values for people', () => {
    expect(formatDiffValue(undefined, undefined, t)).toBe('—');
    expect(formatDiffValue(null, undefined, t)).toBe('—');
    expect(formatDiffValue('', undefined, t)).toBe('(empty text)');
    expect(formatDiffValue(0.8, undefined, t)).toBe('0.8');
    expect(formatDiffValue([], undefined, t)).toBe('None');
    expect(formatDiffValue(['a', 'b'], undefined, t)).toBe('a, b');
    expect(formatDiffValue({ a: 1, b: [true] }, undefined, t)).toBe('{"a":1,"b":[true]}');
    expect(formatDiffValue([{ a: 1 }], undefined, t)).toBe('[{"a":1}]');
    expect(formatDiffValue('countdown', meta.pageType, t)).toBe('Countdown');
    expect(formatDiffValue('countdown', meta.pageType, zh)).toBe('倒计时');
    expect(formatDiffValue('unknown', meta.pageType, t)).toBe('unknown');
  });
});
