import { describe, expect, it } from 'vitest';
import { contractMessages } from '@contract/i18n';
import { buildResources, enUSMessages, rendererMessages } from '../../renderer/src/i18n/resources';
import { translatedLocales } from '../../renderer/src/i18n/locales';

type Tree = { readonly [key: string]: unknown };

/** Every leaf of a message tree as `dotted.path → value`. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [p, v] of leaves(value as Tree, path)) out.set(p, v);
    else out.set(path, value);
  }
  return out;
}

const interpolations = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('renderer translations', () => {
  const namespaces = Object.keys(enUSMessages);

  it('has the same namespaces in en-US and zh-CN', () => {
    expect(Object.keys(rendererMessages['zh-CN']).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('namespace %s: en-US and zh-CN have exactly the same keys', (ns) => {
    const en = leaves(rendererMessages['en-US'][ns as keyof typeof enUSMessages] as Tree);
    const zh = leaves(rendererMessages['zh-CN'][ns as keyof typeof enUSMessages] as Tree);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(namespaces)('namespace %s: no value is empty and every value is text', (ns) => {
    for (const locale of translatedLocales) {
      for (const [key, value] of leaves(rendererMessages[locale][ns as keyof typeof enUSMessages] as Tree)) {
        expect(typeof value, `${locale} ${ns}:${key}`).toBe('string');
        expect((value as string).trim(), `${locale} ${ns}:${key}`).not.toBe('');
      }
    }
  });

  it.each(namespaces)('namespace %s: both languages interpolate the same values', (ns) => {
    const en = leaves(rendererMessages['en-US'][ns as keyof typeof enUSMessages] as Tree);
    const zh = leaves(rendererMessages['zh-CN'][ns as keyof typeof enUSMessages] as Tree);
    for (const [key, value] of en) expect(interpolations(zh.get(key) as string), `${ns}:${key}`).toEqual(interpolations(value as string));
  });

  it('does not redefine a namespace of the contract', () => {
    for (const ns of Object.keys(enUSMessages)) expect(Object.keys(contractMessages['en-US'])).not.toContain(ns);
  });

  it('loads the contract namespaces (errors, validation, http, ...) beside its own', () => {
    const resources = buildResources();
    for (const locale of translatedLocales) {
      for (const ns of [...Object.keys(contractMessages['en-US']), ...Object.keys(enUSMessages)]) {
        expect(resources[locale], `${locale} ${ns}`).toHaveProperty(ns);
      }
    }
  });
});
