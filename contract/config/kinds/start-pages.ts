import { z } from 'zod';
import { checkMediaRequired } from '../../media';
import { requiredOrType } from '../../validation';
import { defineConfigKind, mediaValueSchema } from '../define-kind';
import { startPageLabels } from './start-pages.labels';

/**
 * The start page (`/management/:projectId/start-page`): the splash the app shows at launch, a full
 * screen picture (exact 1080 × 1920, `startPage.image`) or video (9:16, at most 10 s,
 * `startPage.video`), for a number of seconds, skippable or not, in its schedule and to its audience.
 *
 * At least one of picture and video is required (spec §5 "upload at least one picture, video or PAG
 * file", 108016's message); with both, the picture is the video's stand-in while it loads and on
 * devices that do not play it. The skip button may wait some seconds, fewer than the page shows
 * (spec §5 "a number must be less than a named field's value"). When several start pages are live
 * at once, the app shows the first in the order set here.
 */

const ns = 'config:startPages' as const;

/** How long a start page shows: at least a second, at most 10 (longer keeps users from the app). */
export const startPageSeconds = { min: 1, max: 10 } as const;

const seconds = (min: number, max: number) =>
  z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(min, { error: 'validation.rangeMin' }).max(max, { error: 'validation.rangeMax' });

export const startPageKind = defineConfigKind({
  name: 'startPages',
  segment: 'start-page',
  menu: 'management.startPage',
  labels: ns,
  texts: startPageLabels,
  parts: { schedule: true, targeting: true, order: true },
  fields: z.object({
    image: mediaValueSchema('startPage.image').optional(),
    video: mediaValueSchema('startPage.video').optional(),
    displaySeconds: seconds(startPageSeconds.min, startPageSeconds.max),
    skippable: z.boolean({ error: 'validation.type' }).default(true),
    /** Seconds before the skip button shows (0: at once); fewer than `displaySeconds`. */
    skipAfterSeconds: seconds(0, startPageSeconds.max - 1).optional(),
  }),
  meta: {
    image: { labelKey: `${ns}.fields.image`, input: 'media', mediaRule: 'startPage.image', helpKey: `${ns}.help.image` },
    video: { labelKey: `${ns}.fields.video`, input: 'media', mediaRule: 'startPage.video', helpKey: `${ns}.help.video` },
    displaySeconds: { labelKey: `${ns}.fields.displaySeconds`, input: 'number', unit: 'seconds', helpKey: `${ns}.help.displaySeconds`, list: { width: 120 } },
    skippable: { labelKey: `${ns}.fields.skippable`, input: 'switch', list: { width: 100 } },
    skipAfterSeconds: { labelKey: `${ns}.fields.skipAfterSeconds`, input: 'number', unit: 'seconds', helpKey: `${ns}.help.skipAfterSeconds` },
  },
  refine: (page, ctx) => {
    for (const refusal of checkMediaRequired([page.image, page.video])) {
      ctx.addIssue({ code: 'custom', path: ['image'], input: page.image, message: refusal.key });
    }
    // Rules run on a document with other problems too: compare only two numbers that are themselves valid.
    const valid = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
    const display: unknown = page.displaySeconds;
    const wait: unknown = page.skipAfterSeconds;
    if (page.skippable === true && valid(wait, startPageSeconds.max - 1) && valid(display, startPageSeconds.max) && display >= startPageSeconds.min && wait >= display) {
      ctx.addIssue({
        code: 'custom',
        path: ['skipAfterSeconds'],
        input: wait,
        message: 'validation.lessThan',
        params: { field: `${ns}.fields.displaySeconds`, value: display },
      });
    }
  },
  initial: () => ({ displaySeconds: 3, skippable: true, skipAfterSeconds: 0 }),
});
