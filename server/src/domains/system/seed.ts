import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import isoCountries from 'i18n-iso-countries';
import ISO6391 from 'iso-639-1';
import type { Countries } from 'world-countries';
import { createRequire } from 'node:module';
import type { z } from 'zod';
import { countryResource, languageResource } from '@contract/resources/system';
import type { Database } from '../../db/client';
import { countries, languages } from '../../db/schema';

/**
 * The first contents of System Management's global lists, from maintained data rather than a typed-in
 * list, so a package update brings a renamed country with it:
 *
 * - countries: the ISO 3166-1 alpha-2 codes of `i18n-iso-countries` with its English and Chinese
 *   names; the related region is the UN geoscheme subregion of `world-countries` ("Eastern Asia"; the
 *   region, "Antarctic", where it has no subregion). Where `i18n-iso-countries` lists several English
 *   names, the one `world-countries` gives as the common name is taken ("China", not "People's
 *   Republic of China"; "United States"), else its first, official one.
 * - languages: the ISO 639-1 codes of `iso-639-1`, named in English and Chinese by ICU
 *   (`Intl.DisplayNames`, full ICU in Node); `iso-639-1`'s English name where ICU has none.
 *
 * Every row is checked by the resource's own create schema (contract/resources/system.ts). A row it
 * refuses (a Chinese name over 64 characters, an English one over 128; none in the pinned package
 * versions, a test checks) is left out and reported, never truncated: a cut name would be wrong
 * data, and an administrator can add the country by hand.
 */

type CountryRow = z.output<typeof countryResource.create>;
type LanguageRow = z.output<typeof languageResource.create>;

/** What seeding did: rows inserted per table (0 when it already had rows) and the codes left out. */
export interface SeedResult {
  readonly countries: number;
  readonly languages: number;
  readonly skipped: readonly string[];
}

// CommonJS entries: world-countries' ESM entry imports its JSON without an import attribute, which
// Node refuses; its CommonJS entry and the locale files load the same everywhere (tsx, vitest, bundle).
const require = createRequire(import.meta.url);
let registered = false;

function registerLocales(): void {
  if (registered) return;
  isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json') as isoCountries.LocaleData);
  isoCountries.registerLocale(require('i18n-iso-countries/langs/zh.json') as isoCountries.LocaleData);
  registered = true;
}

/** The rows the data gives, each checked by `schema`; refused rows are named in `skipped`. */
function checked<T>(schema: z.ZodType<T>, rows: ReadonlyArray<{ code: string } & Record<string, unknown>>, kind: string, skipped: string[]): T[] {
  const result: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) result.push(parsed.data);
    else skipped.push(`${kind} ${row.code}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join(', ')}`);
  }
  return result;
}

/** The country rows of the pinned data (see the module comment). */
export function countrySeedRows(skipped: string[] = []): CountryRow[] {
  registerLocales();
  const english = isoCountries.getNames('en', { select: 'all' });
  const chinese = isoCountries.getNames('zh', { select: 'official' });
  const geography = new Map((require('world-countries') as Countries).map((country) => [country.cca2, country]));
  const rows = Object.keys(english)
    .sort()
    .map((code) => {
      const names = english[code] ?? [];
      const place = geography.get(code);
      const common = place?.name.common;
      return {
        code,
        nameEn: common !== undefined && names.includes(common) ? common : (names[0] ?? code),
        nameZh: chinese[code] ?? '',
        region: place ? place.subregion || place.region || null : null,
      };
    });
  return checked(countryResource.create as z.ZodType<CountryRow>, rows, 'country', skipped);
}

/** The language rows of the pinned data (see the module comment). */
export function languageSeedRows(skipped: string[] = []): LanguageRow[] {
  const inEnglish = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const inChinese = new Intl.DisplayNames(['zh'], { type: 'language', fallback: 'none' });
  const rows = [...ISO6391.getAllCodes()].sort().map((code) => {
    const nameEn = inEnglish.of(code) ?? ISO6391.getName(code);
    return { code, nameEn, nameZh: inChinese.of(code) ?? nameEn };
  });
  return checked(languageResource.create as z.ZodType<LanguageRow>, rows, 'language', skipped);
}

/** Inserts the rows `makeRows` gives into an empty table in one statement; a table with rows is left as it is. */
async function seedTable(db: Database, table: PgTable, makeRows: () => ReadonlyArray<Record<string, unknown>>, now: Date): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(table);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = makeRows();
  if (rows.length === 0) return 0;
  // Two servers starting at once may both find the table empty: the second one's rows hit the
  // unique code index and are dropped, so the table is seeded exactly once either way.
  const inserted = await db
    .insert(table)
    .values(rows.map((row) => ({ ...row, enabled: true, version: 1, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning();
  return inserted.length;
}

/**
 * Fills the countries and languages tables once, when each is empty: at server start after the
 * migrations (server/src/main.ts) and in the test database template. Deleting rows later does not
 * bring them back; emptying a table entirely does, at the next start.
 */
export async function seedSystemLists(db: Database, now: Date): Promise<SeedResult> {
  const skipped: string[] = [];
  // The rows are made only for an empty table: on every later start (a restart of the console's
  // server) reading the country data and naming 184 languages twice would cost startup time for
  // nothing (issue 18 §6).
  return {
    countries: await seedTable(db, countries, () => countrySeedRows(skipped), now),
    languages: await seedTable(db, languages, () => languageSeedRows(skipped), now),
    skipped,
  };
}
