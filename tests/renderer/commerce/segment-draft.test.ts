import { describe, expect, it } from 'vitest';
import { segmentDefinitionSchema, segmentFields, type SegmentRule } from '@contract/api/commerce';
import { equalityOnly, newRule, toDraft, toRule } from '../../../renderer/src/commerce/segment-draft';

describe('segment rules as the editor holds them', () => {
  it('start valid for every fact that needs no typing, and equality-only facts compare with =', () => {
    for (const field of segmentFields) {
      const rule = newRule(field);
      expect(rule.field).toBe(field);
      if (equalityOnly.has(field)) expect(rule.operator).toBe('eq');
    }
    for (const field of ['platform', 'access', 'subscriptionState', 'spend', 'firstSeen', 'lastSeen'] as const) {
      expect(segmentDefinitionSchema.safeParse({ match: 'all', rules: [toRule(newRule(field))] }).success, field).toBe(true);
    }
  });

  it('convert typed text: upper-case codes, numbers as numbers, attributes by their value', () => {
    expect(toRule({ field: 'country', operator: 'eq', value: ' jp ', extra: '' })).toEqual({ field: 'country', operator: 'eq', value: 'JP' });
    expect(toRule({ field: 'spend', operator: 'gte', value: '9.99', extra: 'usd' })).toEqual({ field: 'spend', operator: 'gte', value: 9.99, currency: 'USD' });
    expect(toRule({ field: 'firstSeen', operator: 'lt', value: '2', extra: 'twoWeeks' })).toEqual({ field: 'firstSeen', operator: 'lt', value: { count: 2, unit: 'twoWeeks' } });
    expect(toRule({ field: 'attribute', operator: 'gte', value: '5', extra: 'level' })).toEqual({ field: 'attribute', key: 'level', operator: 'gte', value: 5 });
    expect(toRule({ field: 'attribute', operator: 'eq', value: 'ja', extra: 'lang' })).toEqual({ field: 'attribute', key: 'lang', operator: 'eq', value: 'ja' });
    // What cannot be read is left for the schema to refuse.
    expect(segmentDefinitionSchema.safeParse({ match: 'all', rules: [toRule({ field: 'spend', operator: 'gte', value: 'ten', extra: 'USD' })] }).success).toBe(false);
  });

  it('round-trip saved rules', () => {
    const rules: SegmentRule[] = [
      { field: 'platform', operator: 'eq', value: 'android' },
      { field: 'spend', operator: 'lt', value: 3.5, currency: 'EUR' },
      { field: 'lastSeen', operator: 'gte', value: { count: 30, unit: 'day' } },
      { field: 'attribute', key: 'level', operator: 'gt', value: 2 },
    ];
    expect(rules.map(toDraft).map(toRule)).toEqual(rules);
  });
});
