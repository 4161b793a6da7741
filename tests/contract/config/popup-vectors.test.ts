import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { popupKind } from '@contract/config';
import { interruptionBudgetSchema } from '@contract/config/interruption-budget';
import { choosePopup, type PopupReasonCode, type PopupRules } from '@contract/config/popup-choice';
import { type popupCases, popupVectorsPath, renderPopupVectors } from './popup-vectors';

/** The SDKs' popup vectors: the choice agrees with every hand-written case, and the file is current. */

const file = JSON.parse(readFileSync(popupVectorsPath, 'utf8')) as {
  regionGroups: Record<string, string[]>;
  popups: Record<string, PopupRules>;
  cases: typeof popupCases;
};
const groups = new Map(Object.entries(file.regionGroups).map(([id, regions]) => [id, new Set(regions)]));

/** A complete popup document around the rules (what a publish would have accepted). */
function documentAround(rules: PopupRules): Record<string, unknown> {
  return {
    ...rules,
    name: 'Vector',
    popupType: 'text',
    title: 'Title',
    whitelist: rules.whitelist.length > 0 ? rules.whitelist : [],
    elements: { close: { text: 'Close', action: 'dismiss' } },
  };
}

describe('docs/popup-vectors.json', () => {
  it('is what scripts/gen-popup-vectors.ts writes (run `npx tsx scripts/gen-popup-vectors.ts` after a change)', () => {
    expect(readFileSync(popupVectorsPath, 'utf8')).toBe(renderPopupVectors());
  });

  it('holds popups whose rules a published document can have', () => {
    for (const [id, rules] of Object.entries(file.popups)) {
      const parsed = popupKind.document.safeParse(documentAround(rules));
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    for (const vector of file.cases) expect(interruptionBudgetSchema.safeParse(vector.budget).success, vector.description).toBe(true);
  });

  it('covers every reason the choice can give', () => {
    const seen = new Set(file.cases.flatMap((c) => Object.values(c.reasons).flat()));
    const all: PopupReasonCode[] = ['disabled', 'over', 'platform', 'audience', 'page', 'phoneTier', 'condition', 'frequency', 'timesPerUser', 'budgetSession', 'budgetDay', 'lostOnPriority', 'lostOnWeight'];
    for (const code of all) expect(seen.has(code), code).toBe(true);
  });

  it.each(file.cases.map((c) => [c.description, c] as const))('%s', (_description, vector) => {
    const live = vector.popups.map((id) => ({ id, rules: file.popups[id] as PopupRules }));
    const choice = choosePopup(live, { ...vector.context, now: new Date(vector.context.now) }, vector.budget, groups);
    expect(choice.chosen).toBe(vector.chosen);
    expect(Object.fromEntries(choice.outcomes.map((o) => [o.id, o.reasons.map((r) => r.code)]))).toEqual(vector.reasons);
    for (const outcome of choice.outcomes) expect(outcome.shown).toBe(outcome.id === vector.chosen);
    for (const [id, details] of Object.entries(vector.details ?? {})) {
      const reasons = choice.outcomes.find((o) => o.id === id)?.reasons ?? [];
      for (const detail of details ?? []) expect(reasons.find((r) => r.code === detail.code), `${id} ${detail.code}`).toEqual(expect.objectContaining(detail));
    }
  });

  it('pin lostOnPriority’s winner and budgetDay’s reopening wherever those reasons appear', () => {
    for (const vector of file.cases) {
      for (const [id, codes] of Object.entries(vector.reasons)) {
        for (const code of codes ?? []) {
          if (code !== 'lostOnPriority' && code !== 'budgetDay') continue;
          expect(vector.details?.[id as keyof typeof vector.reasons]?.some((d) => d.code === code), `${vector.description}: ${id} ${code}`).toBe(true);
        }
      }
    }
  });
});
