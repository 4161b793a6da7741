import { configLabels, type AnyConfigKind, type ConfigFieldMeta, type ConfigItem, type ConfigListQuery } from '@contract/config';
import type { ContractLanguage } from '@contract/i18n';
import type { CsvCell } from '../shared/csv';
import { chooseColumns, type CsvColumn, type CsvExportSource } from '../shared/csv-export';
import { resourceLabel } from '../resources/export';
import type { ConfigRepository } from './repository';

/**
 * What a configuration kind's CSV export writes (shared/csv-export.ts streams it): the columns the
 * kind's list shows and the item's life cycle, labelled with the console's own texts: the item's id
 * and name, the kind's list columns (fields with `list` in their metadata, from the draft), enabled,
 * online status, whether the draft has unpublished changes, the schedule's state and times (kinds
 * with a schedule), the sort order (kinds with an order), the trash time (kinds with a trash), the
 * version, the latest revision, and who created and last changed it when.
 */

type ConfigNamespace = (typeof configLabels)[ContractLanguage];

/** The text of a `config:` key (`config:common.fields.name`) in a language, or null when there is none. */
export function configLabel(language: ContractLanguage, key: string): string | null {
  const path = key.startsWith('config:') ? key.slice('config:'.length) : null;
  if (path === null) return resourceLabel(language, key);
  let node: unknown = configLabels[language] as ConfigNamespace;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

function text(value: unknown, meta: ConfigFieldMeta | undefined, language: ContractLanguage): CsvCell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => String(text(v, meta, language) ?? '')).join('; ');
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return (language === 'zh-CN' ? (value ? '是' : '否') : value ? 'Yes' : 'No');
  if (typeof value === 'object') return JSON.stringify(value);
  const option = meta?.options?.find((o) => o.value === value);
  if (option) return configLabel(language, option.labelKey) ?? String(value);
  return String(value);
}

/** Every column a kind's export can write, in their default order. */
export function configColumns(kind: AnyConfigKind, language: ContractLanguage): CsvColumn<ConfigItem>[] {
  const label = (key: string, fallback: string) => configLabel(language, key) ?? fallback;
  const column = (key: string, labelKey: string, cell: (item: ConfigItem) => CsvCell): CsvColumn<ConfigItem> => ({ key, label: label(labelKey, key), cell });
  const listed = Object.entries(kind.meta as Record<string, ConfigFieldMeta>)
    .filter(([, meta]) => meta.list)
    .map(([key, meta]) => column(key, meta.labelKey, (item) => text(item.draft[key], meta, language)));
  const actor = (a: ConfigItem['createdBy']) => a?.name ?? null;
  return [
    column('id', 'resource:fields.id', (item) => item.id),
    column('name', 'config:common.fields.name', (item) => item.name),
    ...listed,
    column('enabled', 'config:common.fields.enabled', (item) => label(`resource:enabledStates.${String(item.enabled)}`, String(item.enabled))),
    column('status', 'config:common.fields.status', (item) => label(`config:common.status.${item.status}`, item.status)),
    column('changed', 'config:common.fields.changed', (item) => text(item.changed, undefined, language)),
    ...(kind.parts.schedule
      ? [
          column('state', 'resource:fields.state', (item) => (item.state ? label(`resource:states.${item.state}`, item.state) : null)),
          column('startsAt', 'config:common.fields.startsAt', (item) => item.startsAt),
          column('endsAt', 'config:common.fields.endsAt', (item) => item.endsAt),
        ]
      : []),
    ...(kind.parts.order ? [column('sortOrder', 'resource:fields.sortOrder', (item) => item.sortOrder)] : []),
    ...(kind.parts.trash ? [column('deletedAt', 'resource:fields.deletedAt', (item) => item.deletedAt)] : []),
    column('version', 'resource:fields.version', (item) => item.version),
    column('latestRevision', 'config:common.fields.latestRevision', (item) => (item.latestRevision > 0 ? item.latestRevision : null)),
    column('createdBy', 'resource:fields.createdBy', (item) => actor(item.createdBy)),
    column('createdAt', 'resource:fields.createdAt', (item) => item.createdAt),
    column('updatedBy', 'resource:fields.updatedBy', (item) => actor(item.updatedBy)),
    column('updatedAt', 'resource:fields.updatedAt', (item) => item.updatedAt),
  ];
}

/** A kind's export source: its columns, and its repository's `list` (same filters, sort, search) page by page. */
export function configExportSource(kind: AnyConfigKind, repository: ConfigRepository): CsvExportSource<ConfigItem, { projectId: string }, Omit<ConfigListQuery, 'page' | 'pageSize'>> {
  return {
    columns: (language, chosen) => chooseColumns(configColumns(kind, language), chosen),
    page: (params, query, page, pageSize) => repository.list(params.projectId, { ...query, page, pageSize }),
    fileName: () => `${kind.segment}-${new Date().toISOString().slice(0, 10)}`,
  };
}
