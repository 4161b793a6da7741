import { z } from 'zod';
import { ErrorCode } from '../errors';
import { chineseNameSchema, nameSchema, requiredOrType } from '../validation';
import { defineResource } from './define';

/**
 * System Management's global lists (spec §1 "Country/area management and language management under
 * System Management"; §3 "Country/Region: Chinese name, English name, code, related region"; §2
 * "Language: table with a code column"), declared once for the server and the console.
 *
 * They are not per project: every signed-in operator reads them (project screens pick regions and
 * languages from them), only global administrators change them. The server seeds both from maintained
 * data on an empty database (server/src/domains/system/seed.ts). Labels are keys of the `system`
 * namespace (contract/resources/system.labels.ts).
 */

const key = (path: string) => `system:${path}`;

/** An ISO 3166-1 alpha-2 code, stored upper case (`cn` is taken as `CN`). */
export const countryCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'validation.countryCode' });

/** The related region: a UN geoscheme region or subregion ("Eastern Asia"), at most 128 characters. */
const regionSchema = z.string({ error: requiredOrType }).trim().max(128, { error: 'validation.nameLength' }).nullable().optional();

/**
 * A BCP 47 language tag of the kinds the app uses: a primary language (`en`, `zh`, `pt`, two or three
 * letters), optionally a script (`zh-Hant`) and a region (`pt-BR`, `es-419`).
 */
const languageTagPattern = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i;

/**
 * Puts a language tag in its canonical letter case (`ZH-hant` → `zh-Hant`, `pt-br` → `pt-BR`), so
 * codes differing only in case are the same code (the unique index compares them lower-cased too).
 */
export function canonicalLanguageTag(tag: string): string {
  const match = languageTagPattern.exec(tag);
  if (!match) return tag;
  const [, language, script, region] = match as unknown as [string, string, string | undefined, string | undefined];
  let result = language.toLowerCase();
  if (script) result += `-${script.charAt(0).toUpperCase()}${script.slice(1).toLowerCase()}`;
  if (region) result += `-${region.toUpperCase()}`;
  return result;
}

/** A language code (see `languageTagPattern`), in canonical case. */
export const languageCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(12, { error: 'validation.languageCode' })
  .regex(languageTagPattern, { error: 'validation.languageCode' })
  .overwrite(canonicalLanguageTag);

/** A country or region the app can target. */
export const countryResource = defineResource({
  name: 'countries',
  labelKey: key('country.title'),
  schema: z.object({
    code: countryCodeSchema,
    nameZh: chineseNameSchema,
    nameEn: nameSchema,
    region: regionSchema,
  }),
  fields: {
    code: { labelKey: key('country.fields.code'), input: 'text', list: { width: 90, sortable: true }, searchable: true, helpKey: key('country.help.code') },
    nameZh: { labelKey: key('country.fields.nameZh'), input: 'text', list: { width: 200, sortable: true }, searchable: true },
    nameEn: { labelKey: key('country.fields.nameEn'), input: 'text', list: { width: 260, sortable: true }, searchable: true },
    region: { labelKey: key('country.fields.region'), input: 'text', list: { width: 200, sortable: true }, filter: 'select', helpKey: key('country.help.region') },
  },
  // By code: the same order in either language, which the server can keep without knowing the reader's.
  defaultSort: { field: 'code', dir: 'asc' },
  uniqueBy: [['code']],
  wiring: { scope: 'global', segment: 'countries', menu: 'system.countries', notFound: ErrorCode.DataMissing, exists: ErrorCode.ContentExists, auditEntity: 'country' },
});
export type Country = z.infer<typeof countryResource.item>;

/** A language the app's content can be written in. */
export const languageResource = defineResource({
  name: 'languages',
  labelKey: key('language.title'),
  schema: z.object({
    code: languageCodeSchema,
    nameZh: chineseNameSchema,
    nameEn: nameSchema,
  }),
  fields: {
    code: { labelKey: key('language.fields.code'), input: 'text', list: { width: 110, sortable: true }, searchable: true, helpKey: key('language.help.code') },
    nameZh: { labelKey: key('language.fields.nameZh'), input: 'text', list: { width: 200, sortable: true }, searchable: true },
    nameEn: { labelKey: key('language.fields.nameEn'), input: 'text', list: { width: 240, sortable: true }, searchable: true },
  },
  defaultSort: { field: 'code', dir: 'asc' },
  uniqueBy: [{ fields: ['code'], ignoreCase: true }],
  wiring: { scope: 'global', segment: 'languages', menu: 'system.languages', notFound: ErrorCode.DataMissing, exists: ErrorCode.ContentExists, auditEntity: 'language' },
});
export type Language = z.infer<typeof languageResource.item>;

/** Entities of the system lists in the audit log (rows without a project). */
export const systemAuditEntities = ['country', 'language'] as const;
export type SystemAuditEntity = (typeof systemAuditEntities)[number];
