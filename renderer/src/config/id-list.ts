import type { FieldErrors } from '@contract/envelope';

/**
 * Reading a list of entries that an operator pastes, types or imports from a file (an `idList`
 * field: a popup's whitelist of user ids, a feedback question's choices).
 *
 * Entries are separated by line breaks, and for identifiers also by commas, semicolons and tabs
 * (what spreadsheets and CSV exports put between cells); spaces around an entry and the quotes a CSV
 * puts around a cell are dropped; empty entries are skipped; an entry given twice is kept once, at
 * its first place. A file may start with a byte-order mark and a header cell naming the column
 * (`user_id`, `userId`, `uid`, `id`), which is not an entry.
 */

export type IdSeparator = 'ids' | 'lines';

/** The largest file an import reads: 1 MB holds far more ids than any list accepts. */
export const ID_FILE_MAX_BYTES = 1024 * 1024;

const headerCell = /^(?:user[ _-]?ids?|uids?|ids?)$/i;

function unquote(entry: string): string {
  const trimmed = entry.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"').trim() : trimmed;
}

/** The entries of a text, in order, without empties or repeats. */
export function parseIdList(text: string, separator: IdSeparator = 'ids'): string[] {
  const parts = text.replace(/^\uFEFF/, '').split(separator === 'lines' ? /\r\n|\r|\n/ : /\r\n|[\r\n,;\t]/);
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const part of parts) {
    const entry = unquote(part);
    if (entry === '' || seen.has(entry)) continue;
    seen.add(entry);
    entries.push(entry);
  }
  return entries;
}

/** The entries of an imported file: as pasted text, less a header cell at its start. */
export function idsFromFile(text: string, separator: IdSeparator = 'ids'): string[] {
  const entries = parseIdList(text, separator);
  return entries.length > 0 && headerCell.test(entries[0] as string) ? entries.slice(1) : entries;
}

/** `existing` followed by the new ones of `incoming`, and how many of those were new or repeats. */
export function mergeIds(existing: readonly string[], incoming: readonly string[]): { readonly ids: string[]; readonly added: number; readonly repeated: number } {
  const seen = new Set(existing);
  const ids = [...existing];
  let repeated = 0;
  for (const id of incoming) {
    if (seen.has(id)) repeated += 1;
    else {
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids, added: ids.length - existing.length, repeated };
}

/** The first problem of an entry of the list at `prefix` (`blocklists.0.patterns.3`), by entry order. */
export function firstEntryProblem(problems: FieldErrors, prefix: string): { readonly index: number; readonly error: FieldErrors[string] } | undefined {
  let first: { index: number; error: FieldErrors[string] } | undefined;
  for (const [path, error] of Object.entries(problems)) {
    const rest = path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : null;
    if (rest === null || !/^\d+$/.test(rest)) continue;
    const index = Number(rest);
    if (!first || index < first.index) first = { index, error };
  }
  return first;
}
