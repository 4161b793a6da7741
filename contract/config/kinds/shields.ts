import { z } from 'zod';
import { requiredOrType } from '../../validation';
import { defineConfigKind } from '../define-kind';
import { languageCodeSchema } from '../targeting';
import { shieldLabels } from './shields.labels';

/**
 * Shields (`/universal-tool/shield`): what the app hides, and the words it blocks.
 *
 * A shield hides features (keys the app knows, such as `ai_avatar`) for an audience, typically
 * during a store review: the common targeting picks app versions, platforms and regions (the
 * delivery API sends a shield only to the apps it matches), `channels` narrows it to distribution
 * channels the app reports itself (`appstore`, `huawei`; empty: every channel; the app compares,
 * since a channel is not part of the delivery request). Blocklists are per language: plain words,
 * and patterns the app matches as regular expressions. A pattern that does not compile is a field
 * error at its path on every save (`validation.regex`), so a broken pattern never reaches an app.
 */

const ns = 'config:shields' as const;

export const shieldLimits = { features: 200, channels: 50, lists: 50, words: 2000, word: 100, pattern: 200 } as const;

/** A feature or channel key: lower-case letters, digits, `_`, `-` and `.`. */
const keySchema = z
  .string({ error: requiredOrType })
  .trim()
  .max(64, { error: 'validation.lengthMax' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, { error: 'validation.identifier' });

const keyList = (max: number) =>
  z
    .array(keySchema)
    .max(max, { error: 'validation.itemsMax' })
    .refine((list) => new Set(list).size === list.length, { error: 'validation.duplicateItems' });

/** Whether a text compiles as a regular expression (Unicode mode, as the app's engines read it). */
export function isValidPattern(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}

const wordSchema = z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(shieldLimits.word, { error: 'validation.lengthMax' });
const patternSchema = z
  .string({ error: requiredOrType })
  .min(1, { error: 'validation.required' })
  .max(shieldLimits.pattern, { error: 'validation.lengthMax' })
  .refine(isValidPattern, { error: 'validation.regex' });

const blocklistSchema = z.object({
  language: languageCodeSchema,
  words: z.array(wordSchema).max(shieldLimits.words, { error: 'validation.itemsMax' }).default([]),
  patterns: z.array(patternSchema).max(shieldLimits.words, { error: 'validation.itemsMax' }).default([]),
});

export const shieldKind = defineConfigKind({
  name: 'shields',
  segment: 'shield',
  menu: 'universalTool.shield',
  labels: ns,
  texts: shieldLabels,
  parts: { schedule: true, targeting: true },
  fields: z.object({
    hiddenFeatures: keyList(shieldLimits.features).default([]),
    channels: keyList(shieldLimits.channels).default([]),
    blocklists: z
      .array(blocklistSchema)
      .max(shieldLimits.lists, { error: 'validation.itemsMax' })
      .refine((lists) => new Set(lists.map((list) => list.language.toLowerCase())).size === lists.length, { error: 'validation.duplicateItems' })
      .default([]),
  }),
  meta: {
    hiddenFeatures: { labelKey: `${ns}.fields.hiddenFeatures`, input: 'idList', deliverAs: 'plain', helpKey: `${ns}.help.hiddenFeatures`, list: { width: 240 } },
    channels: { labelKey: `${ns}.fields.channels`, input: 'idList', deliverAs: 'plain', helpKey: `${ns}.help.channels`, list: { width: 160 } },
    blocklists: {
      labelKey: `${ns}.fields.blocklists`,
      input: 'list',
      helpKey: `${ns}.help.blocklists`,
      items: {
        language: { labelKey: `${ns}.fields.language`, input: 'reference', source: 'languages' },
        words: { labelKey: `${ns}.fields.words`, input: 'idList', separator: 'lines', helpKey: `${ns}.help.words` },
        patterns: { labelKey: `${ns}.fields.patterns`, input: 'idList', separator: 'lines', helpKey: `${ns}.help.patterns` },
      },
    },
  },
  references: [{ path: 'blocklists.*.language', target: 'language' }],
  refine: (shield, ctx) => {
    const features: unknown = shield.hiddenFeatures;
    const lists: unknown = shield.blocklists;
    if ((!Array.isArray(features) || features.length === 0) && (!Array.isArray(lists) || lists.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['hiddenFeatures'], input: features, message: 'validation.shieldEmpty' });
    }
  },
  initial: () => ({ hiddenFeatures: [], channels: [], blocklists: [] }),
});
