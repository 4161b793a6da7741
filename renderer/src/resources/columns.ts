import type { AnyResource, FieldInput, FieldOption } from '@contract/resources/define';

/**
 * Columns of a resource list, derived from the declaration's field metadata (docs/ARCHITECTURE.md
 * "Resources: declared once"): every field with `list` metadata in declaration order, then the
 * derived state (time-bound resources), enabled/disabled, and the audit fields. A screen may add
 * columns of its own (a custom cell) or leave some out; the rest is the same for every resource.
 */

/** How a cell shows its value. Field inputs plus the system fields' own kinds. */
export type CellKind = FieldInput | 'money' | 'actor' | 'timestamp' | 'state' | 'enabled' | 'sortOrder';

export interface ColumnSpec {
  readonly id: string;
  /** i18n key of the header (`projects:sku.fields.name`, `resource:fields.updatedAt`). */
  readonly labelKey: string;
  readonly width: number;
  readonly sortable: boolean;
  readonly kind: CellKind;
  readonly options?: readonly FieldOption[];
  /** A `money` column: the field of the row holding the amount's currency code. */
  readonly currencyField?: string;
  /** Shown unless the operator hides it (audit columns start partly hidden). */
  readonly defaultVisible: boolean;
  /** Columns that cannot be hidden (the first, identifying column). */
  readonly required: boolean;
}

/** The audit fields every item carries. */
export const auditColumnIds = ['createdBy', 'updatedBy', 'createdAt', 'updatedAt'] as const;
export type AuditColumnId = (typeof auditColumnIds)[number];

export interface DeriveOptions {
  /** Fields to leave out (already shown elsewhere on the screen, a project's own id). */
  readonly exclude?: readonly string[];
  /** Extra columns, placed after the declared fields (before state and audit). */
  readonly extra?: readonly ColumnSpec[];
  /** Audit columns visible from the start; the others can be turned on. Default: modifier and updatedAt. */
  readonly auditVisible?: readonly AuditColumnId[];
  /** Whether to offer the enabled/disabled column (default true). */
  readonly enabledColumn?: boolean;
  /** The field that identifies an item, shown first (by default the first listed field). */
  readonly lead?: string;
}

const defaultWidths: Readonly<Record<CellKind, number>> = {
  text: 200,
  textarea: 260,
  number: 110,
  money: 120,
  select: 140,
  multiselect: 220,
  switch: 100,
  datetime: 180,
  colour: 130,
  json: 220,
  url: 280,
  email: 240,
  file: 180,
  actor: 160,
  timestamp: 180,
  state: 130,
  enabled: 100,
  sortOrder: 90,
};

/** Columns of a resource list: see the module comment. System fields sortable when the resource says so. */
export function deriveColumns(resource: Pick<AnyResource, 'fields' | 'sortable' | 'timeBound' | 'orderable'>, options: DeriveOptions = {}): ColumnSpec[] {
  const exclude = new Set(options.exclude ?? []);
  const sortable = new Set(resource.sortable);
  const columns: ColumnSpec[] = [];
  const entries = Object.entries(resource.fields);
  const lead = options.lead ? entries.findIndex(([id]) => id === options.lead) : -1;
  if (lead > 0) entries.unshift(...entries.splice(lead, 1));
  for (const [id, meta] of entries) {
    if (!meta.list || exclude.has(id)) continue;
    columns.push({
      id,
      labelKey: meta.labelKey,
      width: meta.list.width ?? defaultWidths[meta.currencyField ? 'money' : meta.input],
      sortable: Boolean(meta.list.sortable) && sortable.has(id),
      kind: meta.currencyField ? 'money' : meta.input,
      ...(meta.options ? { options: meta.options } : {}),
      ...(meta.currencyField ? { currencyField: meta.currencyField } : {}),
      defaultVisible: true,
      required: columns.length === 0,
    });
  }
  for (const extra of options.extra ?? []) if (!exclude.has(extra.id)) columns.push(extra);
  const system = (id: string, kind: CellKind, visible: boolean): ColumnSpec => ({
    id,
    labelKey: `resource:fields.${id}`,
    width: defaultWidths[kind],
    sortable: sortable.has(id),
    kind,
    defaultVisible: visible,
    required: false,
  });
  if (resource.timeBound && !exclude.has('state')) columns.push(system('state', 'state', true));
  if ((options.enabledColumn ?? true) && !exclude.has('enabled')) columns.push(system('enabled', 'enabled', true));
  const auditVisible = new Set<string>(options.auditVisible ?? ['updatedBy', 'updatedAt']);
  for (const id of auditColumnIds) {
    if (exclude.has(id)) continue;
    columns.push(system(id, id.endsWith('By') ? 'actor' : 'timestamp', auditVisible.has(id)));
  }
  return columns;
}

/** The columns shown for a visibility choice: required ones always, others as chosen (or by default). */
export function visibleColumns(columns: readonly ColumnSpec[], chosen: ReadonlySet<string> | null): ColumnSpec[] {
  return columns.filter((column) => column.required || (chosen ? chosen.has(column.id) : column.defaultVisible));
}
