import { z } from 'zod';
import { requiredOrType, urlSchema } from '../../validation';
import { defineConfigKind } from '../define-kind';
import { contentTypeCodeSchema } from './content-types';
import { deepLinkPattern } from './popups';
import { trendingLabels } from './trending.labels';

/**
 * The trending list (`/universal-tool/trending`): what the app shows under "Trending", an ordered
 * list of entries, each a title with an optional deep link (`palette://…`) or web address and the
 * content type it belongs to (a code of the content-type dictionary, checked by the server). Home
 * content does not exist yet; when it does, an entry will refer to it the same way it refers to a
 * type. Several lists may be live (a schedule and an audience each); the app shows the first live
 * one in the order set here.
 */

const ns = 'config:trending' as const;

/** The most entries a list holds, and the longest title. */
export const trendingLimits = { items: 50, title: 64 } as const;

/** An entry's link: a deep link into the app or an http(s) address. */
const linkSchema = z
  .string({ error: requiredOrType })
  .trim()
  .refine((value) => deepLinkPattern.test(value) && (!/^https?:/i.test(value) || urlSchema.safeParse(value).success), { error: 'validation.trendingLink' })
  .optional();

const itemSchema = z.object({
  title: z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(trendingLimits.title, { error: 'validation.lengthMax' }),
  link: linkSchema,
  type: contentTypeCodeSchema,
});

export const trendingKind = defineConfigKind({
  name: 'trending',
  segment: 'trending',
  menu: 'universalTool.trending',
  labels: ns,
  texts: trendingLabels,
  parts: { schedule: true, targeting: true, order: true },
  fields: z.object({
    items: z.array(itemSchema).min(1, { error: 'validation.required' }).max(trendingLimits.items, { error: 'validation.itemsMax' }),
  }),
  meta: {
    items: {
      labelKey: `${ns}.fields.items`,
      input: 'list',
      helpKey: `${ns}.help.items`,
      items: {
        title: { labelKey: `${ns}.fields.title`, input: 'text' },
        link: { labelKey: `${ns}.fields.link`, input: 'text', helpKey: `${ns}.help.link` },
        type: { labelKey: `${ns}.fields.type`, input: 'reference', source: 'contentTypes' },
      },
    },
  },
  references: [{ path: 'items.*.type', target: 'type' }],
  initial: () => ({ items: [] }),
});
