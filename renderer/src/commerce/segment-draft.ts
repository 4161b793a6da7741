import type { SegmentField, SegmentRule } from '@contract/api/commerce';
import type { ComparisonOperator, DurationUnit } from '@contract/validation';

/**
 * A segment rule as the editor holds it (text as typed), and its conversion to the contract's rule,
 * pure (tests call it). The server checks the result again with the contract's schema.
 */
export interface RuleDraft {
  readonly field: SegmentField;
  readonly operator: ComparisonOperator;
  /** The value as typed or chosen (a count for durations). */
  readonly value: string;
  /** Spend: the currency; durations: the unit; attributes: the attribute's name. */
  readonly extra: string;
}

/** Facts compared only with `=`. */
export const equalityOnly: ReadonlySet<SegmentField> = new Set<SegmentField>(['platform', 'country', 'access', 'entitlement', 'subscriptionState']);

/** A new rule of a field, with a sensible first value. */
export function newRule(field: SegmentField): RuleDraft {
  switch (field) {
    case 'platform':
      return { field, operator: 'eq', value: 'ios', extra: '' };
    case 'access':
      return { field, operator: 'eq', value: 'subscribed', extra: '' };
    case 'subscriptionState':
      return { field, operator: 'eq', value: 'active', extra: '' };
    case 'spend':
      return { field, operator: 'gte', value: '10', extra: 'USD' };
    case 'firstSeen':
    case 'lastSeen':
      return { field, operator: 'gte', value: '7', extra: 'day' };
    case 'attribute':
      return { field, operator: 'eq', value: '', extra: '' };
    default:
      return { field, operator: 'eq', value: '', extra: '' };
  }
}

const number = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
};

/** The contract's rule of a draft (the schema says what is wrong with it). */
export function toRule(draft: RuleDraft): SegmentRule {
  const value = draft.value.trim();
  switch (draft.field) {
    case 'platform':
    case 'access':
    case 'subscriptionState':
    case 'entitlement':
      return { field: draft.field, operator: 'eq', value } as SegmentRule;
    case 'country':
      return { field: 'country', operator: 'eq', value: value.toUpperCase() };
    case 'spend':
      return { field: 'spend', operator: draft.operator, value: number(value) as number, currency: draft.extra.trim().toUpperCase() };
    case 'firstSeen':
    case 'lastSeen':
      return { field: draft.field, operator: draft.operator, value: { count: number(value) as number, unit: draft.extra as DurationUnit } };
    case 'attribute': {
      // A value that reads as a number compares as one; anything else is text.
      const asNumber = number(value);
      return { field: 'attribute', key: draft.extra.trim(), operator: draft.operator, value: asNumber ?? value };
    }
  }
}

/** The editor's draft of a saved rule. */
export function toDraft(rule: SegmentRule): RuleDraft {
  switch (rule.field) {
    case 'spend':
      return { field: rule.field, operator: rule.operator, value: String(rule.value), extra: rule.currency };
    case 'firstSeen':
    case 'lastSeen':
      return { field: rule.field, operator: rule.operator, value: String(rule.value.count), extra: rule.value.unit };
    case 'attribute':
      return { field: rule.field, operator: rule.operator, value: String(rule.value), extra: rule.key };
    default:
      return { field: rule.field, operator: 'eq', value: String(rule.value), extra: '' };
  }
}

/** The customers list of a project showing the customers a saved segment matches now. */
export function customersOfSegmentPath(projectId: string, segmentId: string): string {
  return `/customers/index?${new URLSearchParams({ project: projectId, segment: segmentId }).toString()}`;
}
