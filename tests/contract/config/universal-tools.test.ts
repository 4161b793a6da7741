import { describe, expect, it } from 'vitest';
import { routes } from '@contract/api';
import { affiliateKind, configItemPath, contentTypeKind, draftProblems, installationPackageKind, newDraft, referencesOf, shieldKind, trendingKind } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { affiliateReportSchema } from '@contract/delivery/affiliate';
import { AFFILIATE_LINK_PARAMETER, affiliateLimits, trackedUrl } from '@contract/config/kinds/affiliates';
import { contentTypeCodeMax, contentTypeNameMax } from '@contract/config/kinds/content-types';
import { isValidPattern, shieldLimits } from '@contract/config/kinds/shields';
import { trendingLimits } from '@contract/config/kinds/trending';
import { accessOf } from '@contract/permissions';

/**
 * The universal tools declared as configuration kinds (issue 19 §3): the content-type dictionary,
 * the trending list and shields. Their schemas at each bound and one past it, the reference from a
 * trending entry to a content type, the regular-expression check of a shield's patterns, and what
 * the menu decides: the `tools` area for their routes and `/universal-tool/…` in the console.
 */

const type = (extra: Record<string, unknown> = {}) => draftProblems(contentTypeKind, { ...newDraft(contentTypeKind, 'Templates', 'UTC'), code: 'template', nameEn: 'Templates', nameZh: '模板', ...extra });
const trend = (extra: Record<string, unknown> = {}) =>
  draftProblems(trendingKind, { ...newDraft(trendingKind, 'Summer', 'UTC'), items: [{ title: 'Retro film', link: 'palette://editor?filter=retro', type: 'template' }], ...extra });
const shield = (extra: Record<string, unknown> = {}) => draftProblems(shieldKind, { ...newDraft(shieldKind, 'Review 2.3', 'UTC'), hiddenFeatures: ['ai_avatar'], ...extra });

describe('content types', () => {
  it('take a code of lower-case letters, digits and _ up to 32 characters', () => {
    expect(type()).toEqual({});
    expect(type({ code: `a${'b'.repeat(contentTypeCodeMax - 1)}` })).toEqual({});
    expect(type({ code: `a${'b'.repeat(contentTypeCodeMax)}` })).toEqual({ code: { key: 'validation.lengthMax', params: { max: 32 } } });
    expect(type({ code: 'Template' })).toEqual({ code: { key: 'validation.typeCode' } });
    expect(type({ code: '1st' })).toEqual({ code: { key: 'validation.typeCode' } });
    expect(type({ code: '' })).toEqual({ code: { key: 'validation.required' } });
  });

  it('need both names, up to 64 characters each', () => {
    expect(type({ nameZh: '模'.repeat(contentTypeNameMax) })).toEqual({});
    expect(type({ nameZh: '模'.repeat(contentTypeNameMax + 1) })).toEqual({ nameZh: { key: 'validation.lengthMax', params: { max: 64 } } });
    expect(type({ nameEn: undefined })).toEqual({ nameEn: { key: 'validation.required' } });
  });

  it('take an icon of the home icon rule (PNG or WebP), or none', () => {
    const sha = 'a'.repeat(64);
    expect(type({ icon: `/api/v1/media/${sha}.png` })).toEqual({});
    expect(type({ icon: `/api/v1/media/${sha}.jpg` })).toEqual({ icon: { key: 'validation.fileType', params: { types: 'PNG, WebP' } } });
  });

  it('keep codes unique in a project (the unique key is the code)', () => {
    expect(contentTypeKind.unique).toBe('code');
  });
});

describe('trending lists', () => {
  it('hold 1 to 50 entries with titles up to 64 characters', () => {
    const entry = { title: 'x', type: 'template' };
    expect(trend({ items: Array.from({ length: trendingLimits.items }, () => entry) })).toEqual({});
    expect(trend({ items: Array.from({ length: trendingLimits.items + 1 }, () => entry) })).toEqual({ items: { key: 'validation.itemsMax', params: { max: 50 } } });
    expect(trend({ items: [] })).toEqual({ items: { key: 'validation.required' } });
    expect(trend({ items: [{ title: 't'.repeat(64), type: 'template' }] })).toEqual({});
    expect(trend({ items: [{ title: 't'.repeat(65), type: 'template' }] })).toEqual({ 'items.0.title': { key: 'validation.lengthMax', params: { max: 64 } } });
  });

  it('link to an app link or a web address, or to nothing (free text)', () => {
    expect(trend({ items: [{ title: 'Free text', type: 'template' }] })).toEqual({});
    expect(trend({ items: [{ title: 'Web', link: 'https://example.com/a', type: 'template' }] })).toEqual({});
    expect(trend({ items: [{ title: 'Bad', link: 'not a link', type: 'template' }] })).toEqual({ 'items.0.link': { key: 'validation.trendingLink' } });
  });

  it('refer to a content type by its code, at each entry’s path', () => {
    const draft = { ...newDraft(trendingKind, 'x', 'UTC'), items: [{ title: 'a', type: 'template' }, { title: 'b', type: 'sticker' }] };
    expect(referencesOf(trendingKind, draft)).toEqual([
      { path: 'items.0.type', value: 'template', target: 'type', platform: undefined },
      { path: 'items.1.type', value: 'sticker', target: 'type', platform: undefined },
    ]);
    expect(trend({ items: [{ title: 'a' }] })).toEqual({ 'items.0.type': { key: 'validation.required' } });
  });

  it('are ordered and have a schedule and an audience', () => {
    expect(trendingKind.parts).toMatchObject({ order: true, schedule: true, targeting: true });
  });
});

describe('shields', () => {
  it('hide features, or block words, or both; not nothing', () => {
    expect(shield()).toEqual({});
    expect(shield({ hiddenFeatures: [], blocklists: [{ language: 'en', words: ['spam'] }] })).toEqual({});
    expect(shield({ hiddenFeatures: [] })).toEqual({ hiddenFeatures: { key: 'validation.shieldEmpty' } });
  });

  it('name features and channels as keys, each once', () => {
    expect(shield({ channels: ['appstore', 'huawei'] })).toEqual({});
    expect(shield({ channels: ['App Store'] })).toEqual({ 'channels.0': { key: 'validation.identifier' } });
    expect(shield({ hiddenFeatures: ['ai_avatar', 'ai_avatar'] })).toEqual({ hiddenFeatures: { key: 'validation.duplicateItems' } });
    expect(shield({ hiddenFeatures: Array.from({ length: shieldLimits.features + 1 }, (_, i) => `f${i}`) })).toEqual({ hiddenFeatures: { key: 'validation.itemsMax', params: { max: 200 } } });
  });

  it('refuse a pattern that is no regular expression, at its own path', () => {
    expect(isValidPattern('^free\\s+vip$')).toBe(true);
    expect(isValidPattern('(unclosed')).toBe(false);
    expect(isValidPattern('a{2,1}')).toBe(false);
    expect(shield({ blocklists: [{ language: 'en', words: ['spam'], patterns: ['^free\\s+vip$', '(unclosed'] }] })).toEqual({
      'blocklists.0.patterns.1': { key: 'validation.regex' },
    });
    expect(shield({ blocklists: [{ language: 'en', patterns: ['p'.repeat(shieldLimits.pattern)] }] })).toEqual({});
    expect(shield({ blocklists: [{ language: 'en', patterns: ['p'.repeat(shieldLimits.pattern + 1)] }] })).toEqual({ 'blocklists.0.patterns.0': { key: 'validation.lengthMax', params: { max: 200 } } });
  });

  it('keep one blocklist per language, and refer to the language list', () => {
    expect(shield({ blocklists: [{ language: 'en', words: ['a'] }, { language: 'en', words: ['b'] }] })).toEqual({ blocklists: { key: 'validation.duplicateItems' } });
    expect(shieldKind.references).toContainEqual({ path: 'blocklists.*.language', target: 'language' });
  });
});

const pkg = (extra: Record<string, unknown> = {}) =>
  draftProblems(installationPackageKind, { ...newDraft(installationPackageKind, 'Huawei 2.3.0', 'UTC'), platform: 'android', channel: 'huawei', version: '2.3.0', buildNumber: 230, url: 'https://example.com/palette-2.3.0.apk', ...extra });
/** An https address of exactly `length` characters. */
const urlOf = (length: number) => {
  const head = 'https://example.com/';
  return `${head}${'a'.repeat(length - head.length)}`;
};

describe('installation packages', () => {
  it('take an http(s) link of up to 2048 characters, not 2049', () => {
    expect(pkg()).toEqual({});
    expect(urlOf(2048)).toHaveLength(2048);
    expect(pkg({ url: urlOf(2048) })).toEqual({});
    expect(pkg({ url: urlOf(2049) })).toEqual({ url: { key: 'validation.urlLength', params: { max: 2048 } } });
    expect(pkg({ url: 'ftp://example.com/a.apk' })).toEqual({ url: { key: 'validation.url' } });
    expect(pkg({ url: 'market://details?id=com.palette' })).toEqual({ url: { key: 'validation.url' } });
  });

  it('need a platform, a channel key, a version and a whole build number', () => {
    expect(pkg({ platform: 'web' })).toEqual({ platform: { key: 'validation.enum' } });
    expect(pkg({ channel: 'Google Play' })).toEqual({ channel: { key: 'validation.identifier' } });
    expect(pkg({ version: '2.3' })).toEqual({});
    expect(pkg({ version: 'v2' })).toEqual({ version: { key: 'validation.version' } });
    expect(pkg({ buildNumber: 0 })).toEqual({ buildNumber: { key: 'validation.rangeMin', params: { min: 1 } } });
    expect(pkg({ buildNumber: 2.5 })).toEqual({ buildNumber: { key: 'validation.integer' } });
    expect(pkg({ releaseNotes: 'n'.repeat(2000) })).toEqual({});
    expect(pkg({ releaseNotes: 'n'.repeat(2001) })).toEqual({ releaseNotes: { key: 'validation.lengthMax', params: { max: 2000 } } });
  });

  it('keep a link to one package, refusing a second with the spec’s 103002', () => {
    expect(installationPackageKind.unique).toBe('url');
    expect(installationPackageKind.existsCode).toBe(ErrorCode.PackageUrlDuplicate);
    expect(ErrorCode.PackageUrlDuplicate).toBe(103002);
  });
});

describe('universal tools as kinds', () => {
  it('live in the tools area: their routes need it, their screens are /universal-tool/<segment>', () => {
    for (const kind of [installationPackageKind, trendingKind, shieldKind, contentTypeKind]) {
      expect(kind.area).toBe('tools');
      expect(kind.consolePath).toBe(`/universal-tool/${kind.segment}`);
      expect(accessOf(routes[`${kind.name}.list` as keyof typeof routes])).toEqual({ scope: 'project', area: 'tools', level: 'read' });
      expect(accessOf(routes[`${kind.name}.create` as keyof typeof routes])).toEqual({ scope: 'project', area: 'tools', level: 'write' });
    }
    expect(accessOf(routes['banners.list'])).toEqual({ scope: 'project', area: 'management', level: 'read' });
  });

  it('link to an item with the project in the address', () => {
    expect(configItemPath(contentTypeKind, 'p1', 'i1')).toBe('/universal-tool/type/i1?project=p1');
    expect(configItemPath(trendingKind, 'p 1')).toBe('/universal-tool/trending?project=p%201');
    expect(configItemPath({ consolePath: '/management/:projectId/banner' }, 'p1', 'i1')).toBe('/management/p1/banner/i1');
  });
});

describe('affiliate links', () => {
  const base = 'https://example.com/';
  const aff = (extra: Record<string, unknown> = {}) =>
    draftProblems(affiliateKind, { ...newDraft(affiliateKind, 'Spring', 'UTC'), partner: 'Acme Media', campaign: 'Spring', url: 'https://example.com/get', parameters: [{ key: 'utm_source', value: 'acme' }], ...extra });

  it('take an https link of at most 2048 characters', () => {
    expect(aff({ url: base + 'a'.repeat(2048 - base.length) })).toEqual({});
    expect(aff({ url: base + 'a'.repeat(2049 - base.length) })).toEqual({ url: { key: 'validation.urlLength', params: { max: 2048 } } });
    expect(aff({ url: 'http://example.com/get' })).toEqual({ url: { key: 'validation.httpsUrl' } });
    expect(aff({ url: 'not a link' })).toEqual({ url: { key: 'validation.url' } });
  });

  it('name partner and campaign within the name limits: 64 with Chinese, 128 otherwise', () => {
    for (const field of ['partner', 'campaign']) {
      expect(aff({ [field]: '伙'.repeat(64) })).toEqual({});
      expect(aff({ [field]: '伙'.repeat(65) })).toEqual({ [field]: { key: 'validation.nameLength', params: { max: 64 } } });
      expect(aff({ [field]: 'p'.repeat(128) })).toEqual({});
      expect(aff({ [field]: 'p'.repeat(129) })).toEqual({ [field]: { key: 'validation.nameLength', params: { max: 128 } } });
      expect(aff({ [field]: '' })).toEqual({ [field]: { key: 'validation.required' } });
    }
  });

  it('keep parameter names unique, URL-safe, and away from affiliate_link', () => {
    expect(aff({ parameters: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] })).toEqual({ 'parameters.1.key': { key: 'validation.duplicate' } });
    expect(aff({ parameters: [{ key: 'a b', value: '1' }] })).toEqual({ 'parameters.0.key': { key: 'validation.affiliateParameterKey' } });
    expect(aff({ parameters: [{ key: AFFILIATE_LINK_PARAMETER, value: '1' }] })).toEqual({ 'parameters.0.key': { key: 'validation.affiliateReserved' } });
    expect(aff({ parameters: Array.from({ length: affiliateLimits.parameters }, (_, i) => ({ key: `k${i}`, value: 'v' })) })).toEqual({});
    expect(aff({ parameters: Array.from({ length: affiliateLimits.parameters + 1 }, (_, i) => ({ key: `k${i}`, value: 'v' })) })).toEqual({ parameters: { key: 'validation.itemsMax', params: { max: 20 } } });
  });

  it('build the tracked URL from the link, its parameters and the link id', () => {
    const id = '0b6f6f7e-7f0a-4b59-9d2a-2f3c8b1e4a11';
    expect(trackedUrl({ url: 'https://example.com/get?utm_source=old&x=1', parameters: [{ key: 'utm_source', value: 'acme & co' }, { key: 'campaign', value: '春' }] }, id)).toBe(
      `https://example.com/get?utm_source=acme+%26+co&x=1&campaign=%E6%98%A5&affiliate_link=${id}`,
    );
    expect(trackedUrl({ url: 'not a link' }, id)).toBeNull();
  });

  it('are a universal tool at /universal-tool/affiliate with a counted report route in the delivery API', () => {
    expect(affiliateKind.area).toBe('tools');
    expect(affiliateKind.consolePath).toBe('/universal-tool/affiliate');
    expect(routes['delivery.affiliateOpens']).toMatchObject({ method: 'POST', path: '/client/v1/:clientKey/affiliate-opens', auth: 'public' });
    const body = affiliateReportSchema;
    const linkId = '0b6f6f7e-7f0a-4b59-9d2a-2f3c8b1e4a11';
    expect(body.safeParse({ linkId, deviceId: 'd'.repeat(128), event: 'install' }).success).toBe(true);
    expect(body.safeParse({ linkId, deviceId: 'd'.repeat(129), event: 'open' }).success).toBe(false);
    expect(body.safeParse({ linkId, deviceId: 'device one', event: 'open' }).success).toBe(false);
    expect(body.safeParse({ linkId, deviceId: 'd', event: 'click' }).success).toBe(false);
    expect(accessOf(routes['affiliateCounts.list'])).toEqual({ scope: 'project', area: 'tools', level: 'read' });
  });
});
