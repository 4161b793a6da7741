import { describe, expect, it } from 'vitest';
import { findPublicPage, findRoute, publicPages } from '../../renderer/src/app/routes';
import { helpLinkIds, helpLinkTarget, helpPagePaths } from '../../renderer/src/components/external-links';
import { enUSMessages, zhCNMessages } from '../../renderer/src/i18n/resources';
import { legalDocForPath, legalSections } from '../../renderer/src/pages/legal/legal-docs';

describe('help and legal links', () => {
  it('lead to the console\'s own pages when the installation configured none', () => {
    for (const id of helpLinkIds) {
      expect(helpLinkTarget(id, undefined)).toEqual({ kind: 'page', path: helpPagePaths[id] });
      expect(helpLinkTarget(id, {})).toEqual({ kind: 'page', path: helpPagePaths[id] });
    }
    expect(helpPagePaths).toEqual({ help: '/help', privacy: '/privacy', terms: '/terms' });
  });

  it('open the configured page outside, link by link', () => {
    const links = { privacy: 'https://intranet.example/privacy' };
    expect(helpLinkTarget('privacy', links)).toEqual({ kind: 'external', url: 'https://intranet.example/privacy' });
    expect(helpLinkTarget('terms', links)).toEqual({ kind: 'page', path: '/terms' });
  });

  it('never follow a configured URL that is not http(s)', () => {
    expect(helpLinkTarget('help', { help: 'javascript:alert(1)' })).toEqual({ kind: 'page', path: '/help' });
  });
});

describe('public pages', () => {
  it('are /help, /privacy and /terms, outside the authenticated route table', () => {
    expect(publicPages.map((page) => page.path)).toEqual(['/help', '/privacy', '/terms']);
    for (const page of publicPages) expect(findRoute(page.path)).toBeUndefined();
    expect(findPublicPage('/privacy/')?.path).toBe('/privacy');
    expect(findPublicPage('/terms?from=login')?.path).toBe('/terms');
    expect(findPublicPage('/legal/terms')).toBeUndefined();
  });

  it('have titles in both languages and load their page module', async () => {
    for (const page of publicPages) {
      const [ns, path] = page.labelKey.split(':') as [keyof typeof enUSMessages, string];
      for (const messages of [enUSMessages, zhCNMessages]) {
        const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[ns]);
        expect(typeof value).toBe('string');
      }
      const module = (await page.page.preload()) as { default: unknown };
      expect(typeof module.default).toBe('function');
    }
  }, 30_000);

  it('pick their document by path', () => {
    expect(legalDocForPath('/help')).toBe('help');
    expect(legalDocForPath('/privacy')).toBe('privacy');
    expect(legalDocForPath('/terms/')).toBe('terms');
    expect(legalDocForPath('/elsewhere')).toBe('help');
  });

  it('hold real sections: a title, paragraphs and, in help, the keyboard list', () => {
    for (const doc of ['help', 'privacy', 'terms'] as const) {
      const sections = legalSections(doc);
      expect(sections.length, doc).toBeGreaterThanOrEqual(4);
      for (const section of sections) expect(section.paragraphs.length, `${doc}.${section.id}`).toBeGreaterThan(0);
    }
    expect(legalSections('help').find((section) => section.id === 'keyboard')?.items.length).toBeGreaterThan(3);
    const privacy = JSON.stringify(enUSMessages.legal.privacy);
    for (const fact of ['Argon2id', 'keychain', 'local storage', 'error-reporting service']) expect(privacy).toContain(fact);
    expect(JSON.stringify(zhCNMessages.legal.privacy)).toContain('Argon2id');
  });
});
