import type { AnyResource, FieldMeta } from '@contract/resources/define';
import { resourceNamespaces } from '@contract/resources';
import type { ContractLanguage } from '@contract/i18n';
import type { ListQuery } from '@contract/envelope';
import type { CsvCell } from '../shared/csv';
import { chooseColumns, type CsvColumn, type CsvExportSource } from '../shared/csv-export';
import type { ResourceItemView, ResourceRepository } from './repository';

/**
 * What a resource's CSV export writes (shared/csv-export.ts streams it): a column per declared field,
 * with the item's id first and its system fields after, labelled with the same i18n keys the console
 * shows (contract/resources/*.labels.ts); a select field's value as its option's label; an operator
 * (creator, modifier) by name; a list joined with `; `.
 */

type Namespaces = (typeof resourceNamespaces)[ContractLanguage];

/** The text of an i18n key `namespace:path.to.key` in a language, or null when there is none. */
export function resourceLabel(language: ContractLanguage, key: string): string | null {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['resource', key];
  let node: unknown = (resourceNamespaces[language] as Namespaces)[namespace as keyof Namespaces];
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

function text(value: unknown, meta: FieldMeta | undefined, language: ContractLanguage): CsvCell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => String(text(v, meta, language) ?? '')).join('; ');
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const name = (value as { name?: unknown }).name;
    return typeof name === 'string' ? name : JSON.stringify(value);
  }
  const option = meta?.options?.find((o) => o.value === value);
  if (option) return resourceLabel(language, option.labelKey) ?? String(value);
  return String(value);
}

/** Every column a resource's export can write, in their default order. */
export function resourceColumns(resource: AnyResource, language: ContractLanguage): CsvColumn<ResourceItemView>[] {
  const system = (key: string): CsvColumn<ResourceItemView> => ({
    key,
    label: resourceLabel(language, `resource:fields.${key}`) ?? key,
    cell: (row) =>
      key === 'enabled'
        ? (resourceLabel(language, `resource:enabledStates.${String(row.enabled)}`) ?? String(row.enabled))
        : key === 'state' && typeof row.state === 'string'
          ? (resourceLabel(language, `resource:states.${row.state}`) ?? row.state)
          : text(row[key], undefined, language),
  });
  const declared = Object.entries(resource.fields).map(
    ([key, meta]): CsvColumn<ResourceItemView> => ({ key, label: resourceLabel(language, meta.labelKey) ?? key, cell: (row) => text(row[key], meta, language) }),
  );
  return [
    system('id'),
    ...declared,
    system('enabled'),
    ...(resource.timeBound ? [system('state')] : []),
    ...(resource.orderable ? [system('sortOrder')] : []),
    ...(resource.trash ? [system('deletedAt')] : []),
    system('version'),
    system('createdBy'),
    system('createdAt'),
    system('updatedBy'),
    system('updatedAt'),
  ];
}

/** A resource's export source: its columns, and its repository's `list` read page by page. */
export function resourceExportSource(repository: ResourceRepository, global: boolean): CsvExportSource<ResourceItemView, { projectId?: string }, ListQuery & Record<string, unknown>> {
  const { resource } = repository;
  return {
    columns: (language, chosen) => chooseColumns(resourceColumns(resource, language), chosen),
    page: (params, query, page, pageSize) => repository.list(global ? null : (params.projectId ?? null), { ...query, page, pageSize }),
    fileName: () => `${resource.wiring?.segment ?? resource.name}-${new Date().toISOString().slice(0, 10)}`,
  };
}
