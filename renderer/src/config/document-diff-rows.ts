import diff from 'microdiff';
import type { ConfigFieldMeta } from '@contract/config';
import { toNamespacedKey } from '@contract/i18n';
import type { Translate } from '../i18n/error-text';

/**
 * Field-by-field differences between two documents of a configuration kind, as table rows.
 *
 * microdiff finds the changes; this module only shapes them for people. Three rules:
 * - a list of plain values (entrances, platforms, languages) is one field, so a change anywhere in
 *   it is one row with the whole list on each side: "Home, Settings" → "Home", not "Entrances › 2
 *   removed" (its positions mean nothing to an operator);
 * - a list of objects (a page's plans) keeps its elements apart, labelled by position from 1
 *   ("Subscription plans › 2 › Period"), because each element is a thing the operator edits;
 * - a whole object or list element that appears or disappears is shown by its leaves (each plan
 *   field a row), never as one JSON blob, so a first revision reads like an edit of an empty one.
 * Rows come in the order of the kind's metadata, the order of its form.
 */

export type DiffRowKind = 'added' | 'removed' | 'changed';

export interface DiffRow {
  /** Where the value is in the document (list positions as strings, from 0). */
  readonly path: readonly string[];
  /** The translated label of each segment; list positions count from 1. */
  readonly labels: readonly string[];
  readonly kind: DiffRowKind;
  readonly before?: unknown;
  readonly after?: unknown;
  /** The metadata of the field, when the kind declares it (for option labels). */
  readonly field?: ConfigFieldMeta;
}

type Meta = Readonly<Record<string, ConfigFieldMeta>>;
type Segment = string | number;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/** Whether a value is shown as one field: anything but a non-empty plain object or list of objects. */
function isLeaf(value: unknown): boolean {
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  if (Array.isArray(value)) return value.length === 0 || !value.every(isPlainObject);
  return true;
}

/** A path segment as the metadata sees it: its label, its field (none for a list position), its place. */
interface Step {
  readonly label: string;
  readonly field: ConfigFieldMeta | undefined;
  /** Position among its siblings in the metadata (unknown keys last), or in its list. */
  readonly rank: number;
}

/** Follows a path through the metadata, translating each segment. */
function walk(documentMeta: Meta, path: readonly Segment[], t: Translate): Step[] {
  const steps: Step[] = [];
  let fields: Meta | undefined = documentMeta;
  let inList = false;
  let listField: ConfigFieldMeta | undefined;
  for (const segment of path) {
    if (inList) {
      const index = typeof segment === 'number' ? segment : Number(segment);
      steps.push({ label: String(index + 1), field: undefined, rank: index });
      fields = listField?.items;
      inList = false;
      continue;
    }
    const key = String(segment);
    const field: ConfigFieldMeta | undefined = fields ? fields[key] : undefined;
    const keys = fields ? Object.keys(fields) : [];
    const rank = keys.includes(key) ? keys.indexOf(key) : keys.length;
    const list = field?.input === 'list';
    steps.push({ label: field ? t(toNamespacedKey(field.labelKey)) : key, field, rank });
    if (list) {
      inList = true;
      listField = field;
    }
    fields = list ? undefined : field?.items;
  }
  return steps;
}

function valueAt(document: unknown, path: readonly Segment[]): unknown {
  let value = document;
  for (const segment of path) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isPlainObject(value)) value = value[String(segment)];
    else return undefined;
  }
  return value;
}

const isObjectList = (value: unknown): boolean => Array.isArray(value) && value.length > 0 && value.every(isPlainObject);

/** The path up to the first list of plain values on it (where a change counts for the whole list). */
function fieldPath(path: readonly Segment[], before: unknown, after: unknown): readonly Segment[] {
  for (let end = 1; end < path.length; end += 1) {
    const prefix = path.slice(0, end);
    const a = valueAt(before, prefix);
    const b = valueAt(after, prefix);
    if ((Array.isArray(a) || Array.isArray(b)) && !isObjectList(a) && !isObjectList(b)) return prefix;
  }
  return path;
}

/** Every leaf under a value, as path → value (the value itself when it is a leaf). */
function leavesOf(value: unknown, path: readonly Segment[], out: Map<string, { path: readonly Segment[]; value: unknown }>): void {
  if (isLeaf(value)) {
    out.set(JSON.stringify(path.map(String)), { path, value });
    return;
  }
  if (Array.isArray(value)) value.forEach((element, index) => leavesOf(element, [...path, index], out));
  else for (const [key, element] of Object.entries(value as Record<string, unknown>)) leavesOf(element, [...path, key], out);
}

function kindOf(before: unknown, after: unknown): DiffRowKind | null {
  if (isAbsent(before) && isAbsent(after)) return null;
  if (isAbsent(before)) return 'added';
  if (isAbsent(after)) return 'removed';
  return 'changed';
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * The rows of the differences from `before` to `after` (either may be null: no document yet, or
 * none any more). Values at the rows are the documents' own; format them with `formatDiffValue`.
 */
export function documentDiffRows(
  documentMeta: Meta,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  t: Translate,
): DiffRow[] {
  const from = before ?? {};
  const to = after ?? {};
  const found = new Map<string, { path: readonly Segment[]; before: unknown; after: unknown }>();
  const put = (path: readonly Segment[], a: unknown, b: unknown) => {
    found.set(JSON.stringify(path.map(String)), { path, before: a, after: b });
  };

  for (const change of diff(from as Record<string, unknown>, to as Record<string, unknown>)) {
    const path = fieldPath(change.path, from, to);
    if (path.length < change.path.length) {
      put(path, valueAt(from, path), valueAt(to, path));
      continue;
    }
    const a = change.type === 'CREATE' ? undefined : change.oldValue;
    const b = change.type === 'REMOVE' ? undefined : change.value;
    if (isLeaf(a) && isLeaf(b)) {
      put(path, a, b);
      continue;
    }
    if (!isLeaf(a) && !isLeaf(b)) {
      // Not met with microdiff (it descends into two objects); kept total for safety.
      put(path, a, b);
      continue;
    }
    // One side is an object or a list of objects, the other a plain value or nothing: its leaves.
    if (!isAbsent(isLeaf(a) ? a : b)) put(path, isLeaf(a) ? a : undefined, isLeaf(b) ? b : undefined);
    const leaves = new Map<string, { path: readonly Segment[]; value: unknown }>();
    leavesOf(isLeaf(a) ? b : a, path, leaves);
    for (const leaf of leaves.values()) put(leaf.path, isLeaf(a) ? undefined : leaf.value, isLeaf(a) ? leaf.value : undefined);
  }

  const rows: (DiffRow & { rank: number[] })[] = [];
  for (const { path, before: a, after: b } of found.values()) {
    const kind = kindOf(a, b);
    if (!kind) continue;
    const steps = walk(documentMeta, path, t);
    const field = steps.at(-1)?.field;
    rows.push({
      path: path.map(String),
      labels: steps.map((step) => step.label),
      kind,
      ...(a !== undefined ? { before: a } : {}),
      ...(b !== undefined ? { after: b } : {}),
      ...(field ? { field } : {}),
      rank: steps.map((step) => step.rank),
    });
  }
  rows.sort((x, y) => compareRanks(x.rank, y.rank));
  return rows.map(({ rank: _rank, ...row }) => row);
}

function formatScalar(value: unknown, field: ConfigFieldMeta | undefined, t: Translate): string {
  if (value === undefined || value === null) return t('configUi:diff.none');
  if (typeof value === 'boolean') return t(value ? 'configUi:diff.yes' : 'configUi:diff.no');
  if (typeof value === 'string') {
    const option = field?.options?.find((candidate) => candidate.value === value);
    if (option) return t(toNamespacedKey(option.labelKey));
    return value === '' ? t('configUi:diff.emptyText') : value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * A value as the diff shows it: text as is, Yes/No, option values by their label, lists of plain
 * values joined, objects as compact JSON, nothing as "—".
 */
export function formatDiffValue(value: unknown, field: ConfigFieldMeta | undefined, t: Translate): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return t('configUi:diff.emptyList');
    if (value.every((element) => element === null || typeof element !== 'object')) {
      return value.map((element) => formatScalar(element, field, t)).join(t('configUi:diff.listSeparator'));
    }
    return JSON.stringify(value);
  }
  return formatScalar(value, field, t);
}

/** A row's label chain as one text ("Subscription plans › 2 › Period"). */
export function diffRowLabel(row: Pick<DiffRow, 'labels'>, t: Translate): string {
  return row.labels.join(t('configUi:diff.pathSeparator'));
}
