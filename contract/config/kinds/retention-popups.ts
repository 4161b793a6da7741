import { z } from 'zod';
import type { FieldOption } from '../../resources/define';
import { colourSchema, requiredOrType } from '../../validation';
import { defineConfigKind, mediaValueSchema } from '../define-kind';
import { retentionPopupLabels } from './retention-popups.labels';

/**
 * Retention popups (`/management/:projectId/retention`, spec §2 "choose a popup type, configure texts
 * and colours", §3 retention popup config): the offer the app shows to keep a subscriber or a trial
 * user, by moment: a new user, a user who subscribed again, a trial about to end, the confirmation
 * when a trial is cancelled, and any other user.
 *
 * Every colour is required and must be a valid colour value (spec §5): `#RGB`, `#RRGGBB` or
 * `#RRGGBBAA` (contract/validation.ts `colourSchema`), published in its canonical upper-case
 * `#RRGGBB[AA]` form so the app parses one format. The background is a colour, with an optional
 * picture drawn over it (exact 750 × 1000 so the texts land where the designer put them).
 */

const ns = 'config:retentionPopups' as const;
const options = (group: string, values: readonly string[]): FieldOption[] => values.map((value) => ({ value, labelKey: `${ns}.${group}.${value}` }));

export const retentionTypes = ['newUser', 'resubscribed', 'trialReminder', 'trialCancellation', 'general'] as const;
export type RetentionType = (typeof retentionTypes)[number];

/** Longest texts: a title reads in one or two lines, a button in one. */
export const retentionTextLimits = { mainTitle: 64, subtitle: 160, button: 32 } as const;

/** One of `values`; missing is `validation.required`, anything else `validation.enum`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.enum') });
const text = (max: number) => z.string({ error: requiredOrType }).trim().max(max, { error: 'validation.lengthMax' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });

export const retentionPopupKind = defineConfigKind({
  name: 'retentionPopups',
  segment: 'retention',
  menu: 'management.retention',
  labels: ns,
  texts: retentionPopupLabels,
  parts: { schedule: true, targeting: true },
  fields: z.object({
    popupType: choice(retentionTypes),
    mainTitle: requiredText(retentionTextLimits.mainTitle),
    mainTitleColour: colourSchema,
    subtitle: text(retentionTextLimits.subtitle).optional(),
    subtitleColour: colourSchema,
    background: z.object({ colour: colourSchema, image: mediaValueSchema('retention.background').optional() }),
    priceColour: colourSchema,
    subscribeButton: z.object({ text: requiredText(retentionTextLimits.button), textColour: colourSchema, backgroundColour: colourSchema }),
    closeButton: z.object({ text: requiredText(retentionTextLimits.button), colour: colourSchema }),
  }),
  meta: {
    popupType: { labelKey: `${ns}.fields.popupType`, input: 'select', options: options('types', retentionTypes), helpKey: `${ns}.help.popupType`, list: { width: 200 } },
    mainTitle: { labelKey: `${ns}.fields.mainTitle`, input: 'text', list: { width: 240 } },
    mainTitleColour: { labelKey: `${ns}.fields.mainTitleColour`, input: 'colour', helpKey: `${ns}.help.colour` },
    subtitle: { labelKey: `${ns}.fields.subtitle`, input: 'textarea' },
    subtitleColour: { labelKey: `${ns}.fields.subtitleColour`, input: 'colour', helpKey: `${ns}.help.colour` },
    background: {
      labelKey: `${ns}.fields.background`,
      input: 'group',
      items: {
        colour: { labelKey: `${ns}.fields.backgroundColour`, input: 'colour', helpKey: `${ns}.help.colour` },
        image: { labelKey: `${ns}.fields.backgroundImage`, input: 'media', mediaRule: 'retention.background', helpKey: `${ns}.help.backgroundImage` },
      },
    },
    priceColour: { labelKey: `${ns}.fields.priceColour`, input: 'colour', helpKey: `${ns}.help.priceColour` },
    subscribeButton: {
      labelKey: `${ns}.fields.subscribeButton`,
      input: 'group',
      items: {
        text: { labelKey: `${ns}.fields.subscribeText`, input: 'text' },
        textColour: { labelKey: `${ns}.fields.subscribeTextColour`, input: 'colour', helpKey: `${ns}.help.colour` },
        backgroundColour: { labelKey: `${ns}.fields.subscribeBackgroundColour`, input: 'colour', helpKey: `${ns}.help.colour` },
      },
    },
    closeButton: {
      labelKey: `${ns}.fields.closeButton`,
      input: 'group',
      items: {
        text: { labelKey: `${ns}.fields.closeText`, input: 'text' },
        colour: { labelKey: `${ns}.fields.closeColour`, input: 'colour', helpKey: `${ns}.help.colour` },
      },
    },
  },
  initial: () => ({
    popupType: 'general',
    mainTitle: '',
    mainTitleColour: '#1F2937',
    subtitleColour: '#6B7280',
    background: { colour: '#FFFFFF' },
    priceColour: '#E11D48',
    subscribeButton: { text: '', textColour: '#FFFFFF', backgroundColour: '#4361EE' },
    closeButton: { text: '', colour: '#6B7280' },
  }),
});
