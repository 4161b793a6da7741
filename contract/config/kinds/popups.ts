import { z } from 'zod';
import type { FieldOption } from '../../resources/define';
import { comparisonOperatorSchema, comparisonOperators, durationUnitLabelKeys, durationUnits, durationUnitSchema, requiredOrType, urlSchema } from '../../validation';
import { defineConfigKind, mediaValueSchema, type CommonDocument } from '../define-kind';
import { popupLabels } from './popups.labels';

/**
 * Popups (`/management/:projectId/popup`, spec §2 and §3): what the app shows over one of its pages.
 *
 * Three types: Text, Image & Text (a 3:4 picture above the text) and Feedback (a question whose
 * answer the app sends back through the delivery API, contract/delivery/feedback.ts). Who sees one:
 * the schedule and targeting every kind has, then an audience (subscribers, whitelisted user ids,
 * new or regular users, ...), the pages it may appear on, the phone's model tier and a condition on
 * the app's launch count. How often: at most once every N hours, days, weeks, 2 weeks, months or
 * years (spec §9 units) and at most `timesPerUser` times in all. Which one when several could show:
 * the highest priority, then by weight among equals. The choice itself is one pure function,
 * contract/config/popup-choice.ts, shared by the popup preview and the app SDKs (docs/evaluation.md
 * "Popups"), which also keeps the project's interruption budget.
 */

const ns = 'config:popups' as const;
const options = (group: string, values: readonly string[]): FieldOption[] => values.map((value) => ({ value, labelKey: `${ns}.${group}.${value}` }));

export const popupTypes = ['text', 'imageText', 'feedback'] as const;
export type PopupType = (typeof popupTypes)[number];

/**
 * Audiences of spec §3. "New" users are those whose first launch was less than NEW_USER_DAYS days
 * ago, "regular" users everyone installed longer (the console says so beside the field). "Whitelist
 * and Non-Subscription" is the union: every non-subscriber, and the whitelisted ids whatever their
 * subscription (test accounts usually have one).
 */
export const popupAudiences = ['all', 'subscribers', 'nonSubscribers', 'whitelist', 'whitelistAndNonSubscribers', 'regular', 'new'] as const;
export type PopupAudience = (typeof popupAudiences)[number];
export const NEW_USER_DAYS = 7;

/** The app's pages a popup may appear on (spec §2). */
export const popupPages = ['home', 'editing', 'selfie', 'save', 'share'] as const;
export type PopupPage = (typeof popupPages)[number];

/** The phone model tiers the app reports (its own benchmark of the device). */
export const phoneTiers = ['low', 'mid', 'high'] as const;
export type PhoneTier = (typeof phoneTiers)[number];

export const popupPriorities = ['high', 'medium', 'low'] as const;
export type PopupPriority = (typeof popupPriorities)[number];

/** The elements of spec §2, each with its text and action. */
export const popupElements = ['button', 'confirm', 'cancel', 'close'] as const;
export type PopupElement = (typeof popupElements)[number];

/**
 * What tapping an element does: close the popup, open a web address or an app link, open the
 * subscription page, send the feedback answer (Feedback popups), or claim the popup's free feature.
 */
export const popupActions = ['dismiss', 'openUrl', 'deepLink', 'subscribe', 'submitFeedback', 'claimFreeFeature'] as const;
export type PopupAction = (typeof popupActions)[number];

/** How a Feedback popup asks: 1 to 5 stars, one of 2 to 6 choices, or a free text. */
export const feedbackAnswerTypes = ['rating', 'choice', 'text'] as const;
export type FeedbackAnswerType = (typeof feedbackAnswerTypes)[number];

/** Limits of a popup's parts (tests check each at its boundary and one past it). */
export const popupLimits = {
  title: 64,
  body: 500,
  elementText: 32,
  question: 200,
  choice: 64,
  choicesMin: 2,
  choicesMax: 6,
  whitelist: 1000,
  userId: 128,
  every: 1000,
  timesPerUser: 1000,
  weightMin: 1,
  weightMax: 100,
  launchCount: 1_000_000,
  freeFeature: 64,
  target: 2048,
  feedbackText: 1000,
} as const;

/** A user id as the app knows its user (or, signed out, its installation): letters, digits and `. _ - : @`. */
export const userIdPattern = /^[A-Za-z0-9._:@-]{1,128}$/;
export const userIdSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(popupLimits.userId, { error: 'validation.lengthMax' })
  .regex(userIdPattern, { error: 'validation.userId' });

/** An app link (`palette://editor?tool=eraser`): a scheme, `://`, and no spaces. */
export const deepLinkPattern = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;

const text = (max: number) => z.string({ error: requiredOrType }).trim().max(max, { error: 'validation.lengthMax' });
const requiredText = (max: number) => text(max).min(1, { error: 'validation.required' });
const whole = (min: number, max: number) =>
  z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(min, { error: 'validation.rangeMin' }).max(max, { error: 'validation.rangeMax' });
const distinct = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, { error: 'validation.itemsMax' })
    .refine((list) => new Set(list as unknown[]).size === list.length, { error: 'validation.duplicateItems' });

const elementSchema = z
  .object({
    text: requiredText(popupLimits.elementText),
    action: z.enum(popupActions, { error: 'validation.enum' }),
    target: text(popupLimits.target).optional(),
  })
  .superRefine((element, ctx) => {
    if (element.action === 'openUrl' && !urlSchema.safeParse(element.target ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['target'], input: element.target, message: element.target ? 'validation.url' : 'validation.required' });
    }
    if (element.action === 'deepLink' && !deepLinkPattern.test(element.target ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['target'], input: element.target, message: element.target ? 'validation.deepLink' : 'validation.required' });
    }
  });
export type PopupElementDocument = z.infer<typeof elementSchema>;

const fields = z.object({
  popupType: z.enum(popupTypes, { error: 'validation.enum' }),
  title: requiredText(popupLimits.title),
  body: text(popupLimits.body).optional(),
  image: mediaValueSchema('popup.image').optional(),
  feedback: z
    .object({
      question: requiredText(popupLimits.question),
      answerType: z.enum(feedbackAnswerTypes, { error: 'validation.enum' }),
      choices: z.array(requiredText(popupLimits.choice)).min(popupLimits.choicesMin, { error: 'validation.itemsMin' }).max(popupLimits.choicesMax, { error: 'validation.itemsMax' }).optional(),
      allowComment: z.boolean({ error: 'validation.type' }).default(false),
    })
    .optional(),
  audience: z.enum(popupAudiences, { error: 'validation.enum' }),
  whitelist: distinct(userIdSchema, popupLimits.whitelist).default([]),
  pages: distinct(z.enum(popupPages, { error: 'validation.enum' }), popupPages.length).min(1, { error: 'validation.required' }),
  elements: z.object({
    button: elementSchema.optional(),
    confirm: elementSchema.optional(),
    cancel: elementSchema.optional(),
    close: elementSchema.optional(),
  }),
  frequency: z.object({ every: whole(1, popupLimits.every), unit: durationUnitSchema }),
  timesPerUser: whole(1, popupLimits.timesPerUser).nullable().optional(),
  weight: whole(popupLimits.weightMin, popupLimits.weightMax),
  priority: z.enum(popupPriorities, { error: 'validation.enum' }),
  condition: z.object({ operator: comparisonOperatorSchema, value: whole(0, popupLimits.launchCount) }).nullable().optional(),
  phoneTiers: distinct(z.enum(phoneTiers, { error: 'validation.enum' }), phoneTiers.length).default([]),
  pagAnimation: mediaValueSchema('popup.pag').optional(),
  freeFeature: text(popupLimits.freeFeature).optional(),
});

/** A published popup document: its own fields and the common ones. */
export type PopupDocument = z.output<typeof fields> & CommonDocument;

const element = (name: PopupElement) => ({
  labelKey: `${ns}.fields.${name}`,
  input: 'group' as const,
  optional: true,
  items: {
    text: { labelKey: `${ns}.fields.elementText`, input: 'text' as const, ...(name === 'close' ? { helpKey: `${ns}.help.closeText` } : {}) },
    action: { labelKey: `${ns}.fields.action`, input: 'select' as const, options: options('actions', popupActions) },
    target: { labelKey: `${ns}.fields.target`, input: 'text' as const, helpKey: `${ns}.help.target` },
  },
});

const whitelisted: readonly PopupAudience[] = ['whitelist', 'whitelistAndNonSubscribers'];

export const popupKind = defineConfigKind({
  name: 'popups',
  segment: 'popup',
  menu: 'management.popup',
  labels: ns,
  texts: popupLabels,
  parts: { schedule: true, targeting: true },
  fields,
  meta: {
    popupType: { labelKey: `${ns}.fields.popupType`, input: 'select', options: options('popupTypes', popupTypes), list: { width: 140 } },
    title: { labelKey: `${ns}.fields.title`, input: 'text', list: { width: 220 } },
    body: { labelKey: `${ns}.fields.body`, input: 'textarea' },
    image: { labelKey: `${ns}.fields.image`, input: 'media', mediaRule: 'popup.image', shownWhen: { field: 'popupType', values: ['imageText'] } },
    feedback: {
      labelKey: `${ns}.fields.feedback`,
      input: 'group',
      helpKey: `${ns}.help.feedback`,
      shownWhen: { field: 'popupType', values: ['feedback'] },
      items: {
        question: { labelKey: `${ns}.fields.question`, input: 'text' },
        answerType: { labelKey: `${ns}.fields.answerType`, input: 'select', options: options('answerTypes', feedbackAnswerTypes) },
        choices: { labelKey: `${ns}.fields.choices`, input: 'idList', separator: 'lines', helpKey: `${ns}.help.choices` },
        allowComment: { labelKey: `${ns}.fields.allowComment`, input: 'switch' },
      },
    },
    audience: { labelKey: `${ns}.fields.audience`, input: 'select', options: options('audiences', popupAudiences), helpKey: `${ns}.help.audience`, list: { width: 160 } },
    whitelist: { labelKey: `${ns}.fields.whitelist`, input: 'idList', helpKey: `${ns}.help.whitelist`, shownWhen: { field: 'audience', values: whitelisted } },
    pages: { labelKey: `${ns}.fields.pages`, input: 'multiselect', options: options('pages', popupPages), helpKey: `${ns}.help.pages` },
    elements: {
      labelKey: `${ns}.fields.elements`,
      input: 'group',
      helpKey: `${ns}.help.elements`,
      items: { button: element('button'), confirm: element('confirm'), cancel: element('cancel'), close: element('close') },
    },
    frequency: {
      labelKey: `${ns}.fields.frequency`,
      input: 'group',
      helpKey: `${ns}.help.frequency`,
      items: {
        every: { labelKey: `${ns}.fields.every`, input: 'number' },
        unit: { labelKey: `${ns}.fields.unit`, input: 'select', options: durationUnits.map((value) => ({ value, labelKey: durationUnitLabelKeys[value] })) },
      },
    },
    timesPerUser: { labelKey: `${ns}.fields.timesPerUser`, input: 'number', helpKey: `${ns}.help.timesPerUser` },
    weight: { labelKey: `${ns}.fields.weight`, input: 'number', helpKey: `${ns}.help.weight` },
    priority: { labelKey: `${ns}.fields.priority`, input: 'select', options: options('priorities', popupPriorities), list: { width: 110 } },
    condition: {
      labelKey: `${ns}.fields.condition`,
      input: 'group',
      optional: true,
      helpKey: `${ns}.help.condition`,
      items: {
        operator: { labelKey: `${ns}.fields.operator`, input: 'select', options: comparisonOperators.map((value) => ({ value, labelKey: `operators.${value}` })) },
        value: { labelKey: `${ns}.fields.launches`, input: 'number' },
      },
    },
    phoneTiers: { labelKey: `${ns}.fields.phoneTiers`, input: 'multiselect', options: options('phoneTiers', phoneTiers), helpKey: `${ns}.help.phoneTiers` },
    pagAnimation: { labelKey: `${ns}.fields.pagAnimation`, input: 'media', mediaRule: 'popup.pag', helpKey: `${ns}.help.pagAnimation` },
    freeFeature: { labelKey: `${ns}.fields.freeFeature`, input: 'text', helpKey: `${ns}.help.freeFeature` },
  },
  refine: (popup, ctx) => {
    const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, input: undefined, message });
    if (popup.popupType === 'imageText' && !popup.image) issue(['image'], 'validation.required');
    if (popup.popupType === 'feedback') {
      if (!popup.feedback) issue(['feedback'], 'validation.required');
      else if (popup.feedback.answerType === 'choice' && !popup.feedback.choices) issue(['feedback', 'choices'], 'validation.required');
    }
    if (whitelisted.includes(popup.audience) && popup.whitelist.length === 0) issue(['whitelist'], 'validation.required');
    // Nothing may trap the user: every popup can be dismissed.
    if (!popup.elements.close && !popup.elements.cancel) issue(['elements'], 'validation.popupWayOut');
    let submits = false;
    for (const name of popupElements) {
      const action = popup.elements[name]?.action;
      if (action === 'submitFeedback') {
        submits = true;
        if (popup.popupType !== 'feedback') issue(['elements', name, 'action'], 'validation.popupFeedbackOnly');
      }
      if (action === 'claimFreeFeature' && !popup.freeFeature) issue(['freeFeature'], 'validation.required');
    }
    if (popup.popupType === 'feedback' && !submits) issue(['elements'], 'validation.popupFeedbackSubmit');
  },
  initial: () => ({
    popupType: 'text',
    title: '',
    audience: 'all',
    whitelist: [],
    pages: ['home'],
    elements: { confirm: { text: '', action: 'dismiss' }, close: { text: '', action: 'dismiss' } },
    frequency: { every: 1, unit: 'day' },
    weight: 1,
    priority: 'medium',
    phoneTiers: [],
  }),
});
