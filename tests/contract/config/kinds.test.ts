import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@contract/api';
import { configBasePath, configKindBySegment, configKindNames, configKindOf, configLabels, configRoutes } from '@contract/config';
import type { ConfigFieldMeta } from '@contract/config/define-kind';
import { configKinds } from '@contract/config/kinds';
import { contractMessages } from '@contract/i18n';
import { accessOf, menuList } from '@contract/permissions';

const languages = ['en-US', 'zh-CN'] as const;
type Language = (typeof languages)[number];

/** Walks a dotted path through nested objects; undefined when a step is missing. */
function lookup(root: unknown, path: readonly string[]): unknown {
  let value: unknown = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/**
 * The text of a label key in a language: `config:<kind>.<path>` in the config namespace, anything
 * else (`operators.eq`) as `<namespace>.<path>` in the contract's messages.
 */
function textOf(key: string, language: Language): unknown {
  if (key.startsWith('config:')) return lookup(configLabels[language], key.slice('config:'.length).split('.'));
  return lookup(contractMessages[language], key.split('.'));
}

/** Every key a kind's metadata names, with where it was found, recursively through `items`. */
function keysOf(meta: Readonly<Record<string, ConfigFieldMeta>>, prefix = ''): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [field, entry] of Object.entries(meta)) {
    const where = `${prefix}${field}`;
    found.push([`${where} label`, entry.labelKey]);
    if (entry.helpKey !== undefined) found.push([`${where} help`, entry.helpKey]);
    if (entry.placeholderKey !== undefined) found.push([`${where} placeholder`, entry.placeholderKey]);
    for (const option of entry.options ?? []) found.push([`${where} option ${option.value}`, option.labelKey]);
    if (entry.items) found.push(...keysOf(entry.items, `${where}.`));
  }
  return found;
}

const commonActions = ['list', 'export', 'get', 'create', 'saveDraft', 'delete', 'publish', 'promote', 'unpublish', 'approve', 'revisions', 'rollback', 'policy', 'setPolicy'];

describe('the lookup helpers themselves', () => {
  it('find a key that exists and miss one that does not', () => {
    expect(textOf('config:subscriptionPages.fields.title', 'en-US')).toBe('Title');
    expect(textOf('config:common.fields.name', 'zh-CN')).toBeTypeOf('string');
    expect(textOf('operators.gte', 'en-US')).toBeTypeOf('string');
    expect(textOf('config:subscriptionPages.fields.nope', 'en-US')).toBeUndefined();
    expect(textOf('config:nobody.title', 'en-US')).toBeUndefined();
    expect(textOf('operators.between', 'en-US')).toBeUndefined();
    expect(textOf('config:subscriptionPages.fields.toString', 'en-US')).toBeUndefined();
  });

  it('walk into items and options', () => {
    const keys = keysOf(configKinds[0].documentMeta).map(([, key]) => key);
    expect(keys).toContain('config:common.fields.dailyFrom');
    expect(keys).toContain('config:subscriptionPages.fields.productIdWithoutTrial');
    expect(keys).toContain('config:subscriptionPages.pageTypes.countdown');
    expect(keys).toContain('operators.eq');
  });
});

describe('configKinds', () => {
  it('has kinds, with distinct names, segments and menus', () => {
    expect(configKinds.length).toBeGreaterThan(0);
    const names = configKinds.map((kind) => kind.name);
    const segments = configKinds.map((kind) => kind.segment);
    const menus = configKinds.map((kind) => kind.menu);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(segments).size).toBe(segments.length);
    expect(new Set(menus).size).toBe(menus.length);
    expect([...configKindNames]).toEqual(names);
  });

  it('segments are lower-case kebab words (safe in a URL)', () => {
    for (const kind of configKinds) expect(kind.segment, kind.name).toMatch(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/);
  });

  it('looks kinds up by name and by segment', () => {
    for (const kind of configKinds) {
      expect(configKindOf(kind.name)).toBe(kind);
      expect(configKindBySegment(kind.segment)).toBe(kind);
    }
    expect(configKindOf('noSuchKind')).toBeUndefined();
    expect(configKindBySegment('no-such-segment')).toBeUndefined();
  });

  describe.each(configKinds.map((kind) => [kind.name, kind] as const))('%s', (name, kind) => {
    it('its menu exists: /management/:projectId/<segment> in the Management area, or a universal tool /universal-tool/<segment>', () => {
      const menu = menuList.find((m) => m.id === kind.menu);
      expect(menu, kind.menu).toBeDefined();
      expect(menu?.path).toBe(kind.consolePath);
      if (kind.area === 'management') {
        expect(menu?.path).toBe(`/management/:projectId/${kind.segment}`);
        expect(menu?.scope).toBe('project');
      } else {
        expect(menu?.path).toBe(`/universal-tool/${kind.segment}`);
        expect(menu?.scope).toBe('global');
      }
      expect(menu?.area).toBe(kind.area);
    });

    it('has a title, a plural, a create action and a description in both languages', () => {
      for (const language of languages) {
        for (const part of ['title', 'plural', 'create', 'description'] as const) {
          expect(kind.texts[language][part], `${language} ${part}`).toBeTypeOf('string');
          expect(kind.texts[language][part].trim(), `${language} ${part}`).not.toBe('');
        }
        expect(textOf(kind.titleKey, language)).toBe(kind.texts[language].title);
      }
      expect(kind.labels).toBe(`config:${name}`);
    });

    it('the English and Chinese texts have the same keys', () => {
      const shape = (value: unknown): unknown =>
        value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b)))) : typeof value;
      expect(shape(configLabels['zh-CN'][name])).toEqual(shape(configLabels['en-US'][name]));
    });

    it('every label, help and option key of its document resolves in both languages', () => {
      const keys = keysOf(kind.documentMeta);
      expect(keys.length).toBeGreaterThanOrEqual(Object.keys(kind.documentMeta).length);
      for (const [where, key] of keys) {
        expect(key, where).toMatch(/^(config:[A-Za-z]+|[a-z]+)\.[A-Za-z0-9.]+$/);
        for (const language of languages) {
          const text = textOf(key, language);
          expect(typeof text, `${language} ${where}: ${key}`).toBe('string');
          expect((text as string).trim(), `${language} ${where}: ${key}`).not.toBe('');
        }
      }
    });

    it('its own fields use its own label prefix (common ones the common prefix)', () => {
      for (const [field, meta] of Object.entries(kind.documentMeta)) {
        const expected = field in kind.meta ? `${kind.labels}.` : 'config:common.';
        expect(meta.labelKey.startsWith(expected), `${field}: ${meta.labelKey}`).toBe(true);
      }
    });

    it('the route table has exactly its actions', () => {
      const expected = new Set([...commonActions, ...(kind.parts.trash ? ['restore', 'purge', 'emptyTrash'] : []), ...(kind.parts.order ? ['reorder'] : [])].map((action) => `${name}.${action}`));
      const actual = new Set(Object.keys(routes).filter((id) => id.startsWith(`${name}.`)));
      expect(actual).toEqual(expected);
      for (const id of expected) expect(Object.prototype.hasOwnProperty.call(configRoutes, id), id).toBe(true);
    });

    it('its routes live under its base path, each with an access rule, and no two share a method and path', () => {
      const base = configBasePath(kind);
      expect(base).toBe(`/api/v1/projects/:projectId/config/${kind.segment}`);
      const own = Object.entries(routes as unknown as Record<string, RouteDef>).filter(([id]) => id.startsWith(`${name}.`));
      const seen = new Set<string>();
      for (const [id, def] of own) {
        expect(def.path === base || def.path.startsWith(`${base}/`), id).toBe(true);
        expect(accessOf(def), id).toBeDefined();
        const signature = `${def.method} ${def.path}`;
        expect(seen.has(signature), `${id}: ${signature}`).toBe(false);
        seen.add(signature);
      }
    });
  });

  it('kinds without a trash or an order have no such routes (subscription pages have no order, languages have one)', () => {
    const byName = new Map(configKinds.map((kind) => [kind.name, kind]));
    expect(byName.get('subscriptionPages')?.parts.order).toBe(false);
    expect(Object.keys(routes)).not.toContain('subscriptionPages.reorder');
    expect(byName.get('appLanguages')?.parts.order).toBe(true);
    expect(Object.keys(routes)).toContain('appLanguages.reorder');
  });

  it('the common texts resolve in both languages', () => {
    for (const language of languages) {
      for (const field of ['name', 'enabled', 'schedule', 'startsAt', 'endsAt', 'timeZone', 'daily', 'targeting', 'languages']) {
        expect(textOf(`config:common.fields.${field}`, language), `${language} ${field}`).toBeTypeOf('string');
      }
    }
  });
});
