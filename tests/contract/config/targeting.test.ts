import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import {
  everyone,
  languageCodeSchema,
  languageMatches,
  regionCodeSchema,
  targetingSchema,
} from '@contract/config/targeting';

/** The field errors a value gets from a schema, or null when it passes. */
function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : zodIssuesToFieldErrors(result.error.issues, { input: value });
}

const groupA = '0b4c6f1e-3a2d-4f5b-8c7d-1e2f3a4b5c6d';
const groupB = '1c5d7a2f-4b3e-4a6c-9d8e-2f3a4b5c6d7e';
const groupC = '2d6e8b3a-5c4f-4b7d-ae9f-3a4b5c6d7e8f';

/** `count` distinct UUIDs (version 4, RFC variant). */
const uuids = (count: number) => Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('targetingSchema', () => {
  it('an empty object means everyone', () => {
    expect(targetingSchema.parse({})).toEqual({ platforms: [], regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } });
    expect(targetingSchema.parse(everyone)).toEqual(everyone);
    expect(targetingSchema.parse({ regionGroups: {} })).toEqual({ platforms: [], regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } });
  });

  it('keeps a full audience as given', () => {
    const full = {
      platforms: ['ios', 'android'],
      minVersion: '1.0.00',
      maxVersion: '2.13.1',
      regionGroups: { include: [groupA], exclude: [groupB] },
      languages: ['en', 'zh-Hant'],
      segments: { include: [groupC] },
    };
    expect(targetingSchema.parse(full)).toEqual(full);
  });

  describe('versions', () => {
    it('refuses a highest version below the lowest, on maxVersion', () => {
      expect(errorsOf(targetingSchema, { minVersion: '2.0', maxVersion: '1.9.9' })).toEqual({ maxVersion: { key: 'validation.versionRange' } });
      expect(errorsOf(targetingSchema, { minVersion: '1.10.0', maxVersion: '1.9.9' })).toEqual({ maxVersion: { key: 'validation.versionRange' } });
      expect(errorsOf(targetingSchema, { minVersion: '1.0.1', maxVersion: '1.0' })).toEqual({ maxVersion: { key: 'validation.versionRange' } });
    });

    it('compares segment by segment: 1.9.9 to 1.10.0 is a range', () => {
      expect(errorsOf(targetingSchema, { minVersion: '1.9.9', maxVersion: '1.10.0' })).toBeNull();
    });

    it('allows equal bounds, also when written differently (1.0 and 1.0.00)', () => {
      expect(errorsOf(targetingSchema, { minVersion: '2.13.1', maxVersion: '2.13.1' })).toBeNull();
      expect(errorsOf(targetingSchema, { minVersion: '1.0', maxVersion: '1.0.00' })).toBeNull();
      expect(errorsOf(targetingSchema, { minVersion: '1.0.00', maxVersion: '1.0' })).toBeNull();
    });

    it('one bound alone, or none, is fine', () => {
      expect(errorsOf(targetingSchema, { minVersion: '3.0' })).toBeNull();
      expect(errorsOf(targetingSchema, { maxVersion: '3.0' })).toBeNull();
      expect(errorsOf(targetingSchema, { minVersion: null, maxVersion: null })).toBeNull();
    });

    it('refuses a text that is not a version, on its own field', () => {
      expect(errorsOf(targetingSchema, { minVersion: 'v1', maxVersion: '1.0' })).toEqual({ minVersion: { key: 'validation.version' } });
      expect(errorsOf(targetingSchema, { maxVersion: '1' })).toEqual({ maxVersion: { key: 'validation.version' } });
    });

    it('any two versions: refused exactly when min > max', () => {
      const part = fc.integer({ min: 0, max: 30 });
      const version = fc.array(part, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('.'));
      fc.assert(
        fc.property(version, version, (min, max) => {
          const a = min.split('.').map(Number);
          const b = max.split('.').map(Number);
          let order = 0;
          for (let i = 0; i < 4 && order === 0; i += 1) order = Math.sign((a[i] ?? 0) - (b[i] ?? 0));
          const errors = errorsOf(targetingSchema, { minVersion: min, maxVersion: max });
          expect(errors).toEqual(order > 0 ? { maxVersion: { key: 'validation.versionRange' } } : null);
        }),
      );
    });
  });

  describe('region groups', () => {
    it('refuses a group both included and excluded, at its place in include', () => {
      expect(errorsOf(targetingSchema, { regionGroups: { include: [groupA, groupB], exclude: [groupC, groupB] } })).toEqual({
        'regionGroups.include.1': { key: 'validation.includedAndExcluded' },
      });
    });

    it('disjoint include and exclude are fine', () => {
      expect(errorsOf(targetingSchema, { regionGroups: { include: [groupA], exclude: [groupB, groupC] } })).toBeNull();
      expect(errorsOf(targetingSchema, { regionGroups: { include: [], exclude: [groupA] } })).toBeNull();
    });

    it('refuses a duplicate and a non-id', () => {
      expect(errorsOf(targetingSchema, { regionGroups: { include: [groupA, groupA] } })).toEqual({ 'regionGroups.include': { key: 'validation.duplicateItems' } });
      expect(errorsOf(targetingSchema, { regionGroups: { exclude: ['europe'] } })).toEqual({ 'regionGroups.exclude.0': { key: 'validation.id' } });
    });

    it('takes 100 groups on a side and refuses 101', () => {
      expect(errorsOf(targetingSchema, { regionGroups: { include: uuids(100) } })).toBeNull();
      expect(errorsOf(targetingSchema, { regionGroups: { exclude: uuids(100) } })).toBeNull();
      expect(errorsOf(targetingSchema, { regionGroups: { include: uuids(101) } })?.['regionGroups.include']?.key).toBe('validation.itemsMax');
      expect(errorsOf(targetingSchema, { regionGroups: { exclude: uuids(101) } })?.['regionGroups.exclude']?.key).toBe('validation.itemsMax');
    });
  });

  describe('user segments', () => {
    it('a document saved before segments existed stays valid: everyone', () => {
      const old = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [] };
      expect(targetingSchema.parse(old).segments).toEqual({ include: [] });
      expect(targetingSchema.parse({ ...old, segments: {} }).segments).toEqual({ include: [] });
    });

    it('refuses a duplicate and a non-id', () => {
      expect(errorsOf(targetingSchema, { segments: { include: [groupA, groupA] } })).toEqual({ 'segments.include': { key: 'validation.duplicateItems' } });
      expect(errorsOf(targetingSchema, { segments: { include: ['payers'] } })).toEqual({ 'segments.include.0': { key: 'validation.id' } });
    });

    it('takes 20 segments and refuses 21', () => {
      expect(errorsOf(targetingSchema, { segments: { include: uuids(20) } })).toBeNull();
      expect(errorsOf(targetingSchema, { segments: { include: uuids(21) } })).toEqual({ 'segments.include': { key: 'validation.itemsMax', params: { max: 20 } } });
    });
  });

  describe('platforms', () => {
    it('takes each platform once', () => {
      expect(errorsOf(targetingSchema, { platforms: ['ios'] })).toBeNull();
      expect(errorsOf(targetingSchema, { platforms: ['android', 'ios'] })).toBeNull();
    });

    it('refuses a duplicate platform', () => {
      expect(errorsOf(targetingSchema, { platforms: ['ios', 'ios'] })).toEqual({ platforms: { key: 'validation.duplicateItems' } });
    });

    it('refuses an unknown platform and more than two', () => {
      expect(errorsOf(targetingSchema, { platforms: ['web'] })).toEqual({ 'platforms.0': { key: 'validation.enum' } });
      expect(errorsOf(targetingSchema, { platforms: ['ios', 'android', 'ios'] })?.platforms?.key).toBe('validation.itemsMax');
    });
  });

  describe('languages', () => {
    it.each(['en', 'zh', 'zh-Hant', 'zh-Hans', 'pt-BR', 'es-419', 'zh-Hant-TW', 'fil', 'yue-Hant-HK'])('accepts %s', (code) => {
      expect(errorsOf(targetingSchema, { languages: [code] })).toBeNull();
      expect(languageCodeSchema.parse(code)).toBe(code);
    });

    it.each(['EN', 'zh_Hant', 'english', 'e', 'engl', 'zh-hant', 'pt-br', 'zh-HANT', 'es-41', 'en-', '', 'en-US-x'])('refuses %j', (code) => {
      expect(errorsOf(targetingSchema, { languages: [code] })).toEqual({ 'languages.0': { key: 'validation.languageCode' } });
    });

    it('trims a code', () => {
      expect(languageCodeSchema.parse(' pt-BR ')).toBe('pt-BR');
    });

    it('refuses the same language twice', () => {
      expect(errorsOf(targetingSchema, { languages: ['en', 'de', 'en'] })).toEqual({ languages: { key: 'validation.duplicateItems' } });
    });

    it('takes 200 languages and refuses 201', () => {
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      const codes = Array.from({ length: 201 }, (_, i) => `${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}${letters[Math.floor(i / 676)]}`);
      expect(new Set(codes).size).toBe(201);
      expect(errorsOf(targetingSchema, { languages: codes.slice(0, 200) })).toBeNull();
      expect(errorsOf(targetingSchema, { languages: codes })?.languages?.key).toBe('validation.itemsMax');
    });
  });

  it('reports every problem at once', () => {
    expect(
      errorsOf(targetingSchema, {
        platforms: ['ios', 'ios'],
        minVersion: '2.0',
        maxVersion: '1.0',
        languages: ['EN'],
      }),
    ).toEqual({
      platforms: { key: 'validation.duplicateItems' },
      maxVersion: { key: 'validation.versionRange' },
      'languages.0': { key: 'validation.languageCode' },
    });
  });
});

describe('regionCodeSchema', () => {
  it('takes ISO alpha-2 upper case only', () => {
    expect(regionCodeSchema.parse('CN')).toBe('CN');
    expect(regionCodeSchema.parse(' DE ')).toBe('DE');
    for (const bad of ['cn', 'CHN', 'C', 'C1', '']) expect(errorsOf(regionCodeSchema, bad)).toEqual({ '': { key: 'validation.regionCode' } });
  });
});

describe('languageMatches', () => {
  it('a code matches itself and its more specific forms', () => {
    expect(languageMatches('zh', 'zh')).toBe(true);
    expect(languageMatches('zh', 'zh-Hans-CN')).toBe(true);
    expect(languageMatches('zh', 'zh-Hant')).toBe(true);
    expect(languageMatches('zh-Hant', 'zh-Hant-TW')).toBe(true);
    expect(languageMatches('pt-BR', 'pt-BR')).toBe(true);
  });

  it('takes the underscore form an app may report (zh_CN)', () => {
    expect(languageMatches('zh', 'zh_CN')).toBe(true);
    expect(languageMatches('zh-Hans', 'zh_Hans_CN')).toBe(true);
  });

  it('is case-insensitive both ways', () => {
    expect(languageMatches('zh-Hant', 'ZH-HANT-tw')).toBe(true);
    expect(languageMatches('EN', 'en-us')).toBe(true);
    expect(languageMatches('pt-BR', 'pt-br')).toBe(true);
  });

  it('does not cover a sibling, a parent or a mere prefix of the letters', () => {
    expect(languageMatches('zh-Hant', 'zh-Hans')).toBe(false);
    expect(languageMatches('zh-Hant', 'zh')).toBe(false);
    expect(languageMatches('pt-BR', 'pt-PT')).toBe(false);
    expect(languageMatches('pt-BR', 'pt')).toBe(false);
    expect(languageMatches('en', 'eng')).toBe(false);
    expect(languageMatches('fil', 'fi')).toBe(false);
    expect(languageMatches('zh', 'zhx-CN')).toBe(false);
    expect(languageMatches('de', 'en-DE')).toBe(false);
  });

  it('any code covers any extension of itself and no other primary language', () => {
    const sub = fc.stringMatching(/^[a-z]{2,3}$/);
    const tail = fc.array(fc.stringMatching(/^[A-Za-z0-9]{2,8}$/), { maxLength: 3 });
    fc.assert(
      fc.property(sub, sub, tail, fc.constantFrom('-', '_'), (a, b, rest, separator) => {
        const app = [b, ...rest].join(separator);
        expect(languageMatches(a, app)).toBe(a === b);
      }),
    );
  });
});
