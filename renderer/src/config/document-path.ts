import type { FieldErrors } from '@contract/envelope';

/**
 * Reading and writing a document by path (`['plans', 1, 'period']`) without mutating it, and picking
 * a field's problems: the editor keeps the whole draft as one value and every field edits its path.
 */

export type Path = ReadonlyArray<string | number>;

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A copy of `root` with `value` at `path` (undefined removes the key); missing containers are created. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = root !== null && typeof root === 'object' ? root : typeof head === 'number' ? [] : {};
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(container as Record<string, unknown>) };
  const next = setAt(copy[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** The dotted form of a path, as field errors name it (`plans.1.period`). */
export function dotted(path: Path): string {
  return path.map(String).join('.');
}

/** Field errors of a refusal for the draft, with the request's `draft.` prefix taken off. */
export function draftErrors(errors: FieldErrors | undefined): FieldErrors {
  if (!errors) return {};
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [path === 'draft' ? '' : path.replace(/^draft\./, ''), error]));
}

/** How many problems lie at or under a path (a section's badge). */
export function problemsUnder(problems: FieldErrors, path: Path): number {
  const prefix = dotted(path);
  return Object.keys(problems).filter((key) => key === prefix || key.startsWith(`${prefix}.`)).length;
}
