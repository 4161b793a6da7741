import { z } from 'zod';
import { idSchema } from '../resources/define';
import { platformSchema, type Platform } from '../resources/projects';
import { appVersionSchema, compareVersions, parseVersion, requiredOrType } from '../validation';

/**
 * Who an item is for: platforms, an app version range, region groups to include or exclude,
 * languages, and customer segments. Empty lists mean "everyone"; the evaluation is in evaluate.ts.
 *
 * Versions use the spec's format (placeholder `1.0.00`) and compare segment by segment as numbers
 * (`1.10.0` is after `1.9.9`); both bounds are inclusive. Region groups are the project's own
 * (configuration kind `regionGroups`), referred to by id; languages by their code (`en`, `zh-Hant`),
 * and a targeted `zh` matches an app language `zh-Hans-CN` (the prefix rule of BCP 47 lookups).
 * Segments are the project's customer segments (User segmentation, issue 13), by id: an item that
 * names some is for the users in at least one of them, which only the server can tell (the delivery
 * API computes a user's memberships; docs/delivery-api.md).
 */

/** At most this many segments in an audience: a user's memberships are one SQL statement over them. */
export const TARGETED_SEGMENTS_MAX = 20;

/** A language code: a BCP 47 primary subtag with optional script/region subtags (`en`, `zh-Hant`, `pt-BR`). */
export const languageCodePattern = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;
export const languageCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .regex(languageCodePattern, { error: 'validation.languageCode' });

/** A country or region code: ISO 3166-1 alpha-2, upper case. */
export const regionCodePattern = /^[A-Z]{2}$/;
export const regionCodeSchema = z.string({ error: requiredOrType }).trim().regex(regionCodePattern, { error: 'validation.regionCode' });

const distinct = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, { error: 'validation.itemsMax' })
    .refine((list) => new Set(list as unknown[]).size === list.length, { error: 'validation.duplicateItems' });

export const targetingSchema = z
  .object({
    platforms: distinct(platformSchema, 2).default([]),
    minVersion: appVersionSchema.nullable().optional(),
    maxVersion: appVersionSchema.nullable().optional(),
    regionGroups: z
      .object({
        include: distinct(idSchema, 100).default([]),
        exclude: distinct(idSchema, 100).default([]),
      })
      .default({ include: [], exclude: [] }),
    languages: distinct(languageCodeSchema, 200).default([]),
    // Documents saved before segments existed have none: everyone.
    segments: z.object({ include: distinct(idSchema, TARGETED_SEGMENTS_MAX).default([]) }).default({ include: [] }),
  })
  .superRefine((value, ctx) => {
    if (value.minVersion && value.maxVersion && parseVersion(value.minVersion) && parseVersion(value.maxVersion)) {
      if (compareVersions(value.minVersion, value.maxVersion) > 0) {
        ctx.addIssue({ code: 'custom', path: ['maxVersion'], input: value.maxVersion, message: 'validation.versionRange' });
      }
    }
    const excluded = new Set(value.regionGroups.exclude);
    value.regionGroups.include.forEach((id, index) => {
      if (excluded.has(id)) ctx.addIssue({ code: 'custom', path: ['regionGroups', 'include', index], input: id, message: 'validation.includedAndExcluded' });
    });
  });
export type Targeting = z.infer<typeof targetingSchema>;

/** Targeting that reaches everyone. */
export const everyone: Targeting = { platforms: [], minVersion: null, maxVersion: null, regionGroups: { include: [], exclude: [] }, languages: [], segments: { include: [] } };

/** Whether a targeted language code covers an app's language (`zh` covers `zh-Hans-CN`; case-insensitive). */
export function languageMatches(targeted: string, appLanguage: string): boolean {
  const want = targeted.toLowerCase();
  const have = appLanguage.toLowerCase().replace(/_/g, '-');
  return have === want || have.startsWith(`${want}-`);
}

export type { Platform };
