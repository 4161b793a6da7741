import { describe, expect, it } from 'vitest';
import { enUS, zhCN } from '@contract/i18n';
import { catalogueBackend, catalogueOf, consoleNamespaces, contractNamespaces, labelNamespaces, namespaceOfFile, publicNamespaces, rendererNamespaces } from '../../renderer/src/i18n/catalogues';
import { labels as labelsEn } from '../../renderer/src/i18n/catalogues/labels-en-US';
import { labels as labelsZh } from '../../renderer/src/i18n/catalogues/labels-zh-CN';
import { buildResources, enUSMessages } from '../../renderer/src/i18n/resources';

/**
 * The console's texts load by namespace (renderer/src/i18n/catalogues.ts, issue 12's budgets): the
 * chunks must hold exactly what i18n/resources.ts lists, so what loads at run time is what the key
 * tests check.
 */
describe('translation catalogues', () => {
  it('name each renderer namespace file as resources.ts does', () => {
    expect(namespaceOfFile('./en-US/project-pages.ts')).toBe('projectPages');
    expect(namespaceOfFile('./zh-CN/auth.ts')).toBe('auth');
    expect([...publicNamespaces, ...rendererNamespaces()].sort()).toEqual(Object.keys(enUSMessages).sort());
  });

  it('list the contract’s and the declarations’ namespaces as their catalogues hold them', () => {
    expect([...contractNamespaces].sort()).toEqual(Object.keys(enUS).sort());
    expect([...contractNamespaces].sort()).toEqual(Object.keys(zhCN).sort());
    expect([...labelNamespaces].sort()).toEqual(Object.keys(labelsEn).sort());
    expect([...labelNamespaces].sort()).toEqual(Object.keys(labelsZh).sort());
  });

  it('give the console every namespace resources.ts builds, once', () => {
    const all = consoleNamespaces();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(Object.keys(buildResources()['en-US']).sort());
  });

  it.each(['en-US', 'zh-CN'] as const)('serve every namespace in %s with the texts resources.ts builds', async (locale) => {
    const built = buildResources()[locale];
    for (const namespace of consoleNamespaces()) {
      const catalogue = await catalogueOf(locale, namespace);
      expect(catalogue[namespace], `${locale} ${namespace}`).toEqual(built[namespace]);
    }
  });

  it('answers i18next in English for a language without its own translation', async () => {
    const texts = await new Promise<unknown>((resolve, reject) =>
      catalogueBackend.read('fr-FR', 'auth', (error, data) => (error ? reject(error) : resolve(data))),
    );
    expect(texts).toEqual(buildResources()['en-US'].auth);
  });
});
