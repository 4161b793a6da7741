import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * The list search (`q`) of resource tables: word-prefix full-text search on a generated `tsvector`
 * column with a GIN index, all of it core PostgreSQL, so PGlite runs it too (pg_trgm is not loaded
 * there).
 *
 * Why not ILIKE '%q%': it cannot use an index, and at 100,000 SKUs a page plus its count took about
 * 200 ms on PostgreSQL (bench/); the GIN lookup takes 1-10 ms. What it finds: every word of `q` must
 * begin a word of one of the searchable fields ("pro month" finds "Pro monthly"; "onthly" finds
 * nothing). Case folds for A-Z only and ASCII punctuation separates words, identically in SQL and
 * here, so neither the database's locale nor JavaScript's Unicode rules can make the two sides
 * disagree. Chinese, Japanese and Korean characters count as one word each, so any run of them is
 * found wherever it stands in a name.
 */

/** CJK scripts: Hiragana and Katakana, CJK Extension A, CJK Unified Ideographs, Hangul syllables. */
const CJK_JS = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])/gu;
const CJK_SQL = '([\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af])';
/** Anything but ASCII letters and digits and non-ASCII characters of the BMP separates words. */
const SEPARATORS_JS = /[^a-z0-9\u0080-\uffff]+/gu;
const SEPARATORS_SQL = '[^a-z0-9\\u0080-\\uffff]+';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** At most this many words of `q` are used: enough for any real search, bounded work for any input. */
const MAX_QUERY_WORDS = 8;

/** PostgreSQL's `tsvector`, written only by the database (generated columns). */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** A contract field name as its column is named (`storeProductId` → `store_product_id`). */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The generated expression of a table's `search` column over the given fields (contract field names
 * of the resource's `searchable` list; their columns are the snake_case of the names).
 */
export function searchVector(fields: readonly string[]): SQL {
  const text = fields.map((field) => `coalesce("${snakeCase(field)}", '')`).join(` || ' ' || `);
  const words =
    `regexp_replace(regexp_replace(translate(${text}, '${UPPER}', '${LOWER}'), '${SEPARATORS_SQL}', ' ', 'g'), ` + `'${CJK_SQL}', ' \\1 ', 'g')`;
  return sql.raw(`array_to_tsvector(array_remove(regexp_split_to_array(${words}, ' +'), ''))`);
}

/** The words of a text, normalized exactly as `searchVector` normalizes stored text. */
export function textWords(text: string): string[] {
  return text
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(SEPARATORS_JS, ' ')
    .replace(CJK_JS, ' $1 ')
    .split(/ +/)
    .filter((word) => word !== '');
}

/** The words of a search text that a search uses. */
export function searchWords(q: string): string[] {
  return textWords(q).slice(0, MAX_QUERY_WORDS);
}

/**
 * The condition "every word of `q` begins a word of the row", or a condition that matches nothing
 * when `q` has no words at all (only punctuation). Words hold no quote or backslash (they are
 * separators), so quoting them as tsquery lexemes is safe.
 */
export function searchCondition(column: SQL | { readonly name: string }, q: string): SQL {
  const words = searchWords(q);
  if (words.length === 0) return sql`false`;
  const query = words.map((word) => `'${word}':*`).join(' & ');
  return sql`${column} @@ ${query}::tsquery`;
}
