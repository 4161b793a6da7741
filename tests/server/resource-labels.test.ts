import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enUS } from '@contract/i18n';
import { areas, memberRoles, menuList, menuLabelKey, type MenuId } from '@contract/permissions';
import { resourceNamespaces, servedResources, systemItemShape, type AnyResource } from '@contract/resources';
import { auditEntityAreas, type AuditEntity } from '@contract/resources/projects';
import { systemAuditEntities } from '@contract/resources/system';
import {
  appResource,
  entitlementResource,
  offeringResource,
  projectResource,
  roleResource,
  skuResource,
  teamResource,
  webhookResource,
} from '@contract/resources/projects';

/**
 * The labels the console needs for the resources of this area exist in both languages: every label,
 * help and option key of every declaration, every menu, area and role, and every `validation.` key
 * the server answers with.
 */

type Tree = { readonly [key: string]: string | Tree };

/** The text of `namespace:dotted.key` in a language, or undefined. */
function lookup(language: 'en-US' | 'zh-CN', key: string): string | undefined {
  const [namespace, path] = key.split(':') as [string, string];
  let node: string | Tree | undefined = (resourceNamespaces[language] as unknown as Tree)[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function expectLabel(key: string): void {
  for (const language of ['en-US', 'zh-CN'] as const) {
    const text = lookup(language, key);
    expect(text, `${language} ${key}`).toBeTypeOf('string');
    expect(text?.trim(), `${language} ${key}`).not.toBe('');
  }
}

const resources: AnyResource[] = [projectResource, appResource, skuResource, entitlementResource, offeringResource, webhookResource, teamResource, roleResource, ...servedResources];

describe('resource labels', () => {
  it.each(resources.map((r) => [r.name, r] as const))('%s: entity, field, help and option labels exist in en-US and zh-CN', (_name, resource) => {
    expectLabel(resource.labelKey);
    for (const meta of Object.values(resource.fields)) {
      expectLabel(meta.labelKey);
      if (meta.helpKey) expectLabel(meta.helpKey);
      for (const option of meta.options ?? []) expectLabel(option.labelKey);
    }
  });

  it('cover the system fields and time-bound states every item has', () => {
    for (const field of [...Object.keys(systemItemShape), 'startsAt', 'endsAt']) expectLabel(`resource:fields.${field}`);
    for (const state of ['notStarted', 'inProgress', 'over']) expectLabel(`resource:states.${state}`);
  });

  it('cover every menu, area and member role', () => {
    for (const menu of menuList) expectLabel(menuLabelKey(menu.id as MenuId));
    for (const area of areas) expectLabel(`access:areas.${area}`);
    for (const role of memberRoles) expectLabel(`projects:memberRoles.${role}`);
  });

  it('have the same keys in both languages', () => {
    const leaves = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));
    expect(leaves(resourceNamespaces['zh-CN'] as unknown as Tree).sort()).toEqual(leaves(resourceNamespaces['en-US'] as unknown as Tree).sort());
  });
});

describe('validation keys the server answers with', () => {
  it('all exist in the contract messages', () => {
    const root = fileURLToPath(new URL('../../server/src', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
      });
    const keys = new Set(files(root).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'validation\.([A-Za-z]+)'/g)].map((m) => m[1] as string)));
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) expect(enUS.validation, key).toHaveProperty(key);
  });
});

describe('served resources', () => {
  it.each(servedResources.map((r) => [r.name, r] as const))('%s: its audit entity is known, and a project resource’s is read with its own area', (_name, resource) => {
    const { wiring } = resource;
    if (wiring.scope === 'project') expect(auditEntityAreas[wiring.auditEntity as AuditEntity], wiring.auditEntity).toBe(wiring.area);
    else expect(systemAuditEntities as readonly string[]).toContain(wiring.auditEntity);
  });
});
