import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCatalogue, httpStatusKeys } from '@contract/errors';
import { fieldErrorMessage, zodIssuesToFieldErrors } from '@contract/field-errors';
import { contractLanguages, contractMessages, contractNamespaces, enUS, zhCN, type DeepStringRecord } from '@contract/i18n';
import {
  comparisonOperatorLabelKeys,
  comparisonOperators,
  durationUnitLabelKeys,
  durationUnits,
  lessThanField,
  nameSchema,
} from '@contract/validation';

/** Every leaf of a message tree by dotted key. */
function leaves(tree: DeepStringRecord, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = leaves(enUS);
const zh = leaves(zhCN);
const contractDir = fileURLToPath(new URL('../../contract', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('message resources', () => {
  it('have exactly the same keys in en-US and zh-CN', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('have no empty message, and zh-CN is written in Chinese', () => {
    for (const [key, text] of [...en, ...zh]) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of zh) expect(text, key).toMatch(/\p{Script=Han}/u);
  });

  it('interpolate the same placeholders in both languages', () => {
    for (const [key, text] of en) expect(placeholders(zh.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('are laid out by namespace for i18next, one per language', () => {
    expect(Object.keys(contractMessages)).toEqual([...contractLanguages]);
    expect(Object.keys(enUS).sort()).toEqual([...contractNamespaces].sort());
    expect(contractMessages['en-US']).toBe(enUS);
    expect(contractMessages['zh-CN']).toBe(zhCN);
  });
});

describe('errors namespace', () => {
  it('has a message for every catalogue code in both languages, and nothing else', () => {
    const keys = [...errorCatalogue.values()].map((entry) => entry.key);
    for (const entry of errorCatalogue.values()) {
      expect(en.get(`errors.${entry.key}`), `${entry.code} en-US`).toBeTruthy();
      expect(zh.get(`errors.${entry.key}`), `${entry.code} zh-CN`).toBeTruthy();
    }
    expect(Object.keys(enUS.errors).sort()).toEqual([...keys].sort());
  });

  it('takes no params, since an envelope carries none', () => {
    for (const [key, text] of en) if (key.startsWith('errors.')) expect(placeholders(text), key).toEqual([]);
  });

  it('says what the spec says for the login codes', () => {
    expect(enUS.errors.wrongCredentials).toBe('Wrong email or password.');
    expect(zhCN.errors.wrongCredentials).toBe('邮箱或密码错误。');
  });
});

describe('http, units and operators namespaces', () => {
  it('has a status text for every status of httpStatusKeys, and nothing else', () => {
    expect(Object.keys(enUS.http).map(Number).sort((a, b) => a - b)).toEqual([...httpStatusKeys].sort((a, b) => a - b));
  });

  it('labels every duration unit and operator through its label key', () => {
    for (const unit of durationUnits) expect(en.get(durationUnitLabelKeys[unit])).toBeTruthy();
    for (const op of comparisonOperators) expect(en.get(comparisonOperatorLabelKeys[op])).toBeTruthy();
    expect(Object.keys(enUS.units)).toEqual([...durationUnits]);
    expect(Object.keys(enUS.operators)).toEqual([...comparisonOperators]);
  });
});

describe('validation namespace', () => {
  it('has a message for every validation key written in contract/', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(contractDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'validation\.(\w+)'/g)) used.add(`validation.${match[1]}`);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(en.has(key), key).toBe(true);
  });

  it('has a message for every key field-errors.ts builds', () => {
    for (const bound of ['Min', 'Max', 'Exact']) {
      expect(en.has(`validation.length${bound}`)).toBe(true);
      expect(en.has(`validation.items${bound}`)).toBe(true);
    }
    for (const bound of ['Min', 'Max', 'Above', 'Below']) expect(en.has(`validation.range${bound}`)).toBe(true);
  });
});

describe('with i18next', () => {
  it('renders field errors in both languages, params and labels included', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      resources: {
        'en-US': { ...contractMessages['en-US'], popups: { limit: 'the daily limit' } },
        'zh-CN': { ...contractMessages['zh-CN'], popups: { limit: '每日上限' } },
      },
      interpolation: { escapeValue: false },
    });
    const schema = z
      .object({ name: nameSchema, shown: z.number(), limit: z.number() })
      .check(lessThanField('shown', 'limit', { labelKey: 'popups:limit' }));
    const value = { name: 'x'.repeat(200), shown: 5, limit: 3 };
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    const errors = zodIssuesToFieldErrors(result.error?.issues ?? [], { input: value });
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

    expect(fieldErrorMessage(errors.name!, t)).toBe('The name can have at most 128 characters (64 when it contains Chinese characters).');
    expect(fieldErrorMessage(errors.shown!, t)).toBe('Must be less than the daily limit (3).');
    expect(i18n.t('errors:wrongCredentials')).toBe('Wrong email or password.');
    expect(i18n.t('http:404')).toBe('The requested item does not exist.');

    await i18n.changeLanguage('zh-CN');
    expect(fieldErrorMessage(errors.name!, t)).toBe('名称最多 128 个字符（包含中文时最多 64 个）。');
    expect(fieldErrorMessage(errors.shown!, t)).toBe('必须小于每日上限（3）。');
    expect(i18n.t('units:twoWeeks')).toBe('两周');
  });
});
