import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { mediaNameOf } from '../../media';
import type { FieldOption } from '../../resources/define';
import { platforms, type Platform } from '../../resources/projects';
import { comparisonOperatorSchema, comparisonOperators, discountSchema, requiredOrType } from '../../validation';
import { defineConfigKind } from '../define-kind';
import { subscriptionPageLabels } from './subscription-pages.labels';

/**
 * Subscription pages (`/management/:projectId/subscribe`, spec §3): the paywalls the app shows.
 *
 * Kinds Promotion, Campaign, Daily (shown in its schedule's daily window) and Countdown (shows the
 * time left until its end, so it must have one). Each plan names, per platform the page is for, a
 * product ID and optionally a product ID without trial; both must be SKUs of the project for that
 * platform (checked by the server against the catalog, refused with the SKU code 102003). The
 * discount is actual price ÷ original price (0.8 = 20% off).
 */

const ns = 'config:subscriptionPages' as const;
const options = (group: string, values: readonly string[]): FieldOption[] => values.map((value) => ({ value, labelKey: `${ns}.${group}.${value}` }));

export const pageTypes = ['promotion', 'campaign', 'daily', 'countdown'] as const;
export const planPeriods = ['yearly', 'quarterly', 'monthly', 'weekly', 'permanent'] as const;
export const entrances = ['home', 'settings', 'banner'] as const;
export const conditionMetrics = ['launchCount', 'daysSinceInstall', 'exportCount'] as const;

/** The app's built-in palette the colour indexes point into (the preview draws with it). */
export const appPalette = ['#FFFFFF', '#000000', '#FF5A5F', '#FF9F1C', '#FFD23F', '#3BCEAC', '#0EAD69', '#4CC9F0', '#4361EE', '#7209B7', '#F72585', '#1F2937'] as const;

const text = (max: number) => z.string({ error: requiredOrType }).trim().max(max, { error: 'validation.lengthMax' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });
const colourIndex = z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(0, { error: 'validation.rangeMin' }).max(appPalette.length - 1, { error: 'validation.rangeMax' });

/** A stored file's path as the upload field answers it (`/api/v1/media/<sha256>.<ext>`). */
const mediaPathSchema = z
  .string({ error: requiredOrType })
  .trim()
  .refine((value) => value.startsWith('/api/v1/media/') && mediaNameOf(value) !== null, { error: 'validation.url' });

const productIdSchema = z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.lengthMax' });
const productSchema = z.object({ productId: productIdSchema, productIdWithoutTrial: productIdSchema.optional() });

const planSchema = z.object({
  period: z.enum(planPeriods, { error: 'validation.enum' }),
  products: z.object({ ios: productSchema.optional(), android: productSchema.optional() }),
  freeTrialDays: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(0, { error: 'validation.rangeMin' }).max(365, { error: 'validation.rangeMax' }).default(0),
  discount: discountSchema.optional(),
  discountDescription: text(64).optional(),
  highlighted: z.boolean({ error: 'validation.type' }).default(false),
});
export type SubscriptionPlan = z.infer<typeof planSchema>;

export const subscriptionPageKind = defineConfigKind({
  name: 'subscriptionPages',
  segment: 'subscribe',
  menu: 'management.subscribe',
  labels: ns,
  texts: subscriptionPageLabels,
  parts: { schedule: true, targeting: true },
  fields: z.object({
    pageType: z.enum(pageTypes, { error: 'validation.enum' }),
    title: requiredText(128),
    subtitle: text(256).optional(),
    backgroundColourIndex: colourIndex,
    textColourIndex: colourIndex,
    titleBackgroundImage: mediaPathSchema.optional(),
    image: mediaPathSchema.optional(),
    sceneImage: mediaPathSchema.optional(),
    originalImage: mediaPathSchema.optional(),
    description: text(1000).optional(),
    content: text(2000).optional(),
    label: text(32).optional(),
    buttonContent: requiredText(64),
    background: z.object({ type: z.enum(['image', 'video'], { error: 'validation.enum' }), url: mediaPathSchema }).optional(),
    classification: text(64).optional(),
    highlight: text(128).optional(),
    condition: z
      .object({
        metric: z.enum(conditionMetrics, { error: 'validation.enum' }),
        operator: comparisonOperatorSchema,
        value: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(0, { error: 'validation.rangeMin' }).max(1_000_000, { error: 'validation.rangeMax' }),
      })
      .nullable()
      .optional(),
    entrances: z
      .array(z.enum(entrances, { error: 'validation.enum' }))
      .min(1, { error: 'validation.required' })
      .refine((list) => new Set(list).size === list.length, { error: 'validation.duplicateItems' }),
    plans: z.array(planSchema).min(1, { error: 'validation.required' }).max(6, { error: 'validation.itemsMax' }),
  }),
  meta: {
    pageType: { labelKey: `${ns}.fields.pageType`, input: 'select', options: options('pageTypes', pageTypes), helpKey: `${ns}.help.pageType`, list: { width: 120 } },
    title: { labelKey: `${ns}.fields.title`, input: 'text', list: { width: 220 } },
    subtitle: { labelKey: `${ns}.fields.subtitle`, input: 'text' },
    backgroundColourIndex: { labelKey: `${ns}.fields.backgroundColourIndex`, input: 'number', helpKey: `${ns}.help.colourIndex` },
    textColourIndex: { labelKey: `${ns}.fields.textColourIndex`, input: 'number', helpKey: `${ns}.help.colourIndex` },
    titleBackgroundImage: { labelKey: `${ns}.fields.titleBackgroundImage`, input: 'media', mediaRule: 'paywall.titleImage' },
    image: { labelKey: `${ns}.fields.image`, input: 'media', mediaRule: 'paywall.image' },
    sceneImage: { labelKey: `${ns}.fields.sceneImage`, input: 'media', mediaRule: 'paywall.image' },
    originalImage: { labelKey: `${ns}.fields.originalImage`, input: 'media', mediaRule: 'paywall.image' },
    description: { labelKey: `${ns}.fields.description`, input: 'textarea' },
    content: { labelKey: `${ns}.fields.content`, input: 'textarea' },
    label: { labelKey: `${ns}.fields.label`, input: 'text' },
    buttonContent: { labelKey: `${ns}.fields.buttonContent`, input: 'text' },
    background: {
      labelKey: `${ns}.fields.background`,
      input: 'group',
      items: {
        type: { labelKey: `${ns}.fields.backgroundType`, input: 'select', options: options('backgroundTypes', ['image', 'video']) },
        url: { labelKey: `${ns}.fields.backgroundUrl`, input: 'media', mediaRule: 'paywall.background' },
      },
    },
    classification: { labelKey: `${ns}.fields.classification`, input: 'text' },
    highlight: { labelKey: `${ns}.fields.highlight`, input: 'text' },
    condition: {
      labelKey: `${ns}.fields.condition`,
      input: 'group',
      helpKey: `${ns}.help.condition`,
      items: {
        metric: { labelKey: `${ns}.fields.metric`, input: 'select', options: options('metrics', conditionMetrics) },
        operator: { labelKey: `${ns}.fields.operator`, input: 'select', options: comparisonOperators.map((value) => ({ value, labelKey: `operators.${value}` })) },
        value: { labelKey: `${ns}.fields.value`, input: 'number' },
      },
    },
    entrances: { labelKey: `${ns}.fields.entrances`, input: 'multiselect', options: options('entrances', entrances), helpKey: `${ns}.help.entrances` },
    plans: {
      labelKey: `${ns}.fields.plans`,
      input: 'list',
      items: {
        period: { labelKey: `${ns}.fields.period`, input: 'select', options: options('periods', planPeriods) },
        products: {
          labelKey: `${ns}.fields.products`,
          input: 'group',
          items: Object.fromEntries(
            platforms.map((platform) => [
              platform,
              {
                labelKey: `${ns}.fields.${platform}`,
                input: 'group',
                items: {
                  productId: { labelKey: `${ns}.fields.productId`, input: 'reference', source: 'skus', helpKey: `${ns}.help.productId` },
                  productIdWithoutTrial: { labelKey: `${ns}.fields.productIdWithoutTrial`, input: 'reference', source: 'skus' },
                },
              },
            ]),
          ),
        },
        freeTrialDays: { labelKey: `${ns}.fields.freeTrialDays`, input: 'number' },
        discount: { labelKey: `${ns}.fields.discount`, input: 'number', helpKey: `${ns}.help.discount`, unit: 'discount' },
        discountDescription: { labelKey: `${ns}.fields.discountDescription`, input: 'text' },
        highlighted: { labelKey: `${ns}.fields.highlighted`, input: 'switch' },
      },
    },
  },
  references: platforms.flatMap((platform) => [
    { path: `plans.*.products.${platform}.productId`, target: 'sku' as const, platform },
    { path: `plans.*.products.${platform}.productIdWithoutTrial`, target: 'sku' as const, platform },
  ]),
  existsCode: ErrorCode.ContentExists,
  notFoundCode: ErrorCode.SubscribePageNotFound,
  refine: (page, ctx) => {
    const targeted: readonly Platform[] = page.targeting && page.targeting.platforms.length > 0 ? page.targeting.platforms : platforms;
    page.plans.forEach((plan, index) => {
      for (const platform of targeted) {
        if (!plan.products[platform]) {
          ctx.addIssue({ code: 'custom', path: ['plans', index, 'products', platform, 'productId'], input: undefined, message: 'validation.required' });
        }
      }
    });
    if (page.plans.filter((plan) => plan.highlighted).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['plans'], input: page.plans, message: 'validation.oneHighlighted' });
    }
    if (page.pageType === 'daily' && !page.schedule?.daily) {
      ctx.addIssue({ code: 'custom', path: ['schedule', 'daily'], input: undefined, message: 'validation.dailyWindowRequired' });
    }
    if (page.pageType === 'countdown' && !page.schedule?.endsAt) {
      ctx.addIssue({ code: 'custom', path: ['schedule', 'endsAt'], input: undefined, message: 'validation.countdownEnd' });
    }
  },
  initial: () => ({
    pageType: 'promotion',
    title: '',
    backgroundColourIndex: 0,
    textColourIndex: 1,
    buttonContent: '',
    entrances: ['home'],
    plans: [{ period: 'yearly', products: {}, freeTrialDays: 0, highlighted: true }],
  }),
});
