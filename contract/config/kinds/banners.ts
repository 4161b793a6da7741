import { z } from 'zod';
import type { FieldOption } from '../../resources/define';
import { colourSchema, requiredOrType } from '../../validation';
import { defineConfigKind, mediaValueSchema, optionalGroup } from '../define-kind';
import { bannerLabels } from './banners.labels';

/**
 * Banners (`/management/:projectId/banner`, spec §3 "sort order, position, media, text layer,
 * take-the-same paragraph, default music, music list").
 *
 * A banner is a 2:1 picture or short video (media rule `banner.media`) at one of the app's banner
 * positions, in an order the operator sets (reorder with to-top and the unsaved-order prompt; the
 * app receives them in it). It may carry a text layer drawn over the media, and a "take the same"
 * paragraph: the template a user opens to make the same photo or video, with the button that
 * opens it and a short text. Its default music plays with the template; the music list is what the
 * user may switch to. Music files have their own upload rule (`banner.music`: MP3, M4A or WAV, at
 * most 3 minutes and 10 MB), checked before upload and again by the server.
 */

const ns = 'config:banners' as const;
const options = (group: string, values: readonly string[]): FieldOption[] => values.map((value) => ({ value, labelKey: `${ns}.${group}.${value}` }));

export const bannerPositions = ['homeTop', 'homeFeed', 'templates', 'profile'] as const;
export type BannerPosition = (typeof bannerPositions)[number];
export const textPlacements = ['top', 'center', 'bottom'] as const;

/** The longest music list a banner carries (the app's picker shows it in one sheet). */
export const MAX_BANNER_MUSIC = 20;

/** One of `values`; missing is `validation.required`, anything else `validation.enum`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.enum') });
const text = (max: number) => z.string({ error: requiredOrType }).trim().max(max, { error: 'validation.lengthMax' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });

const textLayerSchema = z.object({
  title: text(40).optional(),
  subtitle: text(80).optional(),
  colour: colourSchema,
  placement: choice(textPlacements),
});

const takeTheSameSchema = z.object({
  templateId: requiredText(128),
  buttonText: requiredText(24),
  paragraph: text(300).optional(),
});

const musicSchema = z.object({ name: requiredText(64), url: mediaValueSchema('banner.music') });

export const bannerKind = defineConfigKind({
  name: 'banners',
  segment: 'banner',
  menu: 'management.banner',
  labels: ns,
  texts: bannerLabels,
  parts: { schedule: true, targeting: true, order: true },
  fields: z.object({
    position: choice(bannerPositions),
    media: mediaValueSchema('banner.media'),
    /** Absent while it has neither title nor subtitle (its colour and placement alone draw nothing). */
    textLayer: optionalGroup(textLayerSchema, ['title', 'subtitle']),
    /** Absent while none of its texts is given. */
    takeTheSame: optionalGroup(takeTheSameSchema, ['templateId', 'buttonText', 'paragraph']),
    defaultMusic: mediaValueSchema('banner.music').optional(),
    musicList: z
      .array(musicSchema, { error: requiredOrType })
      .max(MAX_BANNER_MUSIC, { error: 'validation.itemsMax' })
      .refine(
        (list) => {
          // Only the files given count (a missing one is its element's own problem).
          const urls = list.map((music) => music.url as unknown).filter((url) => typeof url === 'string');
          return new Set(urls).size === urls.length;
        },
        { error: 'validation.duplicateItems' },
      )
      .default([]),
  }),
  meta: {
    position: { labelKey: `${ns}.fields.position`, input: 'select', options: options('positions', bannerPositions), helpKey: `${ns}.help.position`, list: { width: 160 } },
    media: { labelKey: `${ns}.fields.media`, input: 'media', mediaRule: 'banner.media' },
    textLayer: {
      labelKey: `${ns}.fields.textLayer`,
      input: 'group',
      helpKey: `${ns}.help.textLayer`,
      items: {
        title: { labelKey: `${ns}.fields.textTitle`, input: 'text' },
        subtitle: { labelKey: `${ns}.fields.textSubtitle`, input: 'text' },
        colour: { labelKey: `${ns}.fields.textColour`, input: 'colour', helpKey: `${ns}.help.colour` },
        placement: { labelKey: `${ns}.fields.textPlacement`, input: 'select', options: options('placements', textPlacements) },
      },
    },
    takeTheSame: {
      labelKey: `${ns}.fields.takeTheSame`,
      input: 'group',
      helpKey: `${ns}.help.takeTheSame`,
      items: {
        templateId: { labelKey: `${ns}.fields.templateId`, input: 'text', helpKey: `${ns}.help.templateId` },
        buttonText: { labelKey: `${ns}.fields.buttonText`, input: 'text' },
        paragraph: { labelKey: `${ns}.fields.paragraph`, input: 'textarea' },
      },
    },
    defaultMusic: { labelKey: `${ns}.fields.defaultMusic`, input: 'media', mediaRule: 'banner.music', helpKey: `${ns}.help.defaultMusic` },
    musicList: {
      labelKey: `${ns}.fields.musicList`,
      input: 'list',
      helpKey: `${ns}.help.musicList`,
      items: {
        name: { labelKey: `${ns}.fields.musicName`, input: 'text' },
        url: { labelKey: `${ns}.fields.musicFile`, input: 'media', mediaRule: 'banner.music' },
      },
    },
  },
  initial: () => ({ position: 'homeTop', textLayer: { colour: '#FFFFFF', placement: 'bottom' }, musicList: [] }),
});
