import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateItem, scheduleSchema, targetingSchema } from '@contract/config';
import { type cases, renderVectors, vectorsPath } from './evaluation-vectors';

/** The SDKs' test vectors: the evaluation agrees with every hand-written case, and the file is current. */

const file = JSON.parse(readFileSync(vectorsPath, 'utf8')) as {
  regionGroups: Record<string, string[]>;
  items: Record<string, { enabled: boolean; schedule: unknown; targeting: unknown }>;
  cases: typeof cases;
};
const groups = new Map(Object.entries(file.regionGroups).map(([id, regions]) => [id, new Set(regions)]));

describe('docs/evaluation-vectors.json', () => {
  it('is what scripts/gen-evaluation-vectors.ts writes (run `npx tsx scripts/gen-evaluation-vectors.ts` after a change)', () => {
    expect(readFileSync(vectorsPath, 'utf8')).toBe(renderVectors());
  });

  it('holds items that are valid documents’ common parts', () => {
    for (const [name, item] of Object.entries(file.items)) {
      expect(scheduleSchema.safeParse(item.schedule).success, name).toBe(true);
      expect(targetingSchema.safeParse(item.targeting).success, name).toBe(true);
    }
  });

  it('covers every reason the evaluation can give', () => {
    const seen = new Set(file.cases.flatMap((c) => c.reasons));
    for (const code of ['disabled', 'notStarted', 'over', 'outsideDailyWindow', 'platform', 'versionUnknown', 'versionBelow', 'versionAbove', 'regionUnknown', 'regionNotIncluded', 'regionExcluded', 'language', 'segmentUnknown', 'segmentNotIncluded']) {
      expect(seen.has(code as never), code).toBe(true);
    }
  });

  it.each(file.cases.map((c) => [c.description, c] as const))('%s', (_description, vector) => {
    const item = file.items[vector.item];
    expect(item).toBeDefined();
    const evaluation = evaluateItem(
      { enabled: item!.enabled, schedule: scheduleSchema.parse(item!.schedule), targeting: targetingSchema.parse(item!.targeting) },
      { ...vector.context, now: new Date(vector.context.now), segments: vector.context.segments === null ? null : new Set(vector.context.segments) },
      groups,
    );
    expect(evaluation.reasons.map((r) => r.code)).toEqual(vector.reasons);
    expect(evaluation.live).toBe(vector.reasons.length === 0);
  });
});
