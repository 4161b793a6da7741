import { z } from 'zod';
import { appUserIdSchema, deliveryEntitlementsSchema } from '../api/commerce';
import { defineRoute } from '../api/route';
import { platformSchema } from '../resources/projects';

/**
 * The delivery API: the part of the server the mobile app calls, under `/client/v1/{clientKey}/…`
 * (the key in the path, so a CDN caches per app without `Vary`). Public routes: the client key is the
 * credential, operator tokens mean nothing here (and client keys nothing to the console API).
 *
 * - `delivery.config`: the items live for the app user's context right now (evaluated with
 *   contract/config/evaluate.ts), each with its document and media as absolute URLs;
 * - `delivery.rules`: every item of the app that could be live, with its schedule and audience, the
 *   same for all users (cacheable by any CDN); the app evaluates it with the same rules
 *   (docs/evaluation.md, docs/evaluation-vectors.json);
 * - `delivery.entitlements`: what the app needs to know about its own user: the entitlements active
 *   now (verified store data, manual unlocks) and the user segments it is in among those the
 *   published items' audiences name (an item for some segments, read from the rules, is live for a
 *   member of one of them). One user's data: never cached by anyone.
 *
 * Both answer strong ETags and 304 to a matching `If-None-Match`. The preview environment (published,
 * not yet promoted) has the same two routes under `/client/v1/{clientKey}/preview/…`, a path of its
 * own so a CDN can never answer a preview request from an official reply or the other way round; they
 * need `Palette-Preview-Password` (the project's pre-release password) or `Palette-Preview-Token` (a
 * signed preview link's token) and are never cached by shared caches. `/events` streams the ETag of
 * what a context would get whenever it changes (server-sent events).
 */

/**
 * A query of exactly these parameters: any other is refused with a field error of its own name
 * (`validation.unknownFields`), so a CDN, which keys its cache on the whole URL, has one entry per
 * real context instead of one per made-up parameter.
 */
function closedQuery<T extends z.ZodRawShape>(shape: T) {
  const known = new Set(Object.keys(shape));
  return z
    .looseObject(shape)
    .superRefine((value, ctx) => {
      for (const name of Object.keys(value)) {
        if (!known.has(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'validation.unknownFields', params: { fields: name } });
      }
    })
    .transform((value) => Object.fromEntries(Object.entries(value).filter(([name]) => known.has(name))) as z.output<z.ZodObject<T>>);
}

/** The request headers that open the preview environment. */
export const PREVIEW_PASSWORD_HEADER = 'palette-preview-password';
export const PREVIEW_TOKEN_HEADER = 'palette-preview-token';

/** A client key as it may appear in a path: `pk_` and base64url. Anything else is refused unseen. */
export const clientKeyParamsSchema = z.object({ clientKey: z.string().regex(/^pk_[A-Za-z0-9_-]{20,100}$/, { error: 'validation.clientKey' }) });

/**
 * The app user's context. Unknown parts are left out (an audience that needs them excludes the item).
 * Parameters not named here are refused (400, `fieldErrors`): every distinct URL is a cache entry of
 * its own in a CDN, so an ignored `?x=1` would let anyone multiply them.
 *
 * `version` is 1 to 4 groups of digits (`3`, `2.13`, `2.13.1`); the evaluation compares it group by
 * group with missing groups as 0, so `3` = `3.0` = `3.0.0` (contract/config/evaluate.ts).
 */
export const deliveryQuerySchema = closedQuery({
  platform: platformSchema,
  version: z
    .string()
    .trim()
    .max(64, { error: 'validation.lengthMax' })
    .regex(/^\d{1,9}(?:\.\d{1,9}){0,3}$/, { error: 'validation.version' })
    .optional(),
  region: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'validation.regionCode' })
    .transform((value) => value.toUpperCase())
    .optional(),
  language: z
    .string()
    .trim()
    .max(35, { error: 'validation.lengthMax' })
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/, { error: 'validation.languageCode' })
    .optional(),
  /**
   * The app's user id (as the stores know it: appAccountToken, obfuscatedAccountId). Read only when
   * an item of the environment is for some user segments: the server then computes the user's
   * memberships; otherwise it changes nothing (and costs nothing).
   */
  userId: appUserIdSchema.optional(),
});
export type DeliveryQuery = z.infer<typeof deliveryQuerySchema>;

/** One delivered item: which it is, its published revision, its place in the kind's order, its document. */
export const deliveredItemSchema = z.object({
  id: z.string(),
  revision: z.number().int(),
  sortOrder: z.number().int(),
  document: z.record(z.string(), z.unknown()),
});
export type DeliveredItem = z.infer<typeof deliveredItemSchema>;

/** Items by kind name (`subscriptionPages`), in each kind's order. */
const itemsByKindSchema = z.record(z.string(), z.array(deliveredItemSchema));

/** The project's interruption budget: caps per session and per (rolling) day across interrupting kinds; null is no cap. */
const deliveredBudgetSchema = z.object({ perSession: z.number().int().nullable(), perDay: z.number().int().nullable() });

export const deliveredConfigSchema = z.object({ environment: z.enum(['official', 'preview']), items: itemsByKindSchema, interruptionBudget: deliveredBudgetSchema });
export const deliveredRulesSchema = z.object({
  environment: z.enum(['official', 'preview']),
  items: itemsByKindSchema,
  /** The published region groups the items' audiences name: id → region codes. */
  regionGroups: z.record(z.string(), z.array(z.string())),
  interruptionBudget: deliveredBudgetSchema,
});

/** The user the app asks about (no other parameter). */
export const deliveryUserQuerySchema = closedQuery({ userId: appUserIdSchema });

/** The rules routes take no parameter: any is refused, so each app has one rules URL to cache. */
export const deliveryNoQuerySchema = closedQuery({});
export type DeliveryUserQuery = z.infer<typeof deliveryUserQuerySchema>;

export const deliveryRoutes = {
  'delivery.config': defineRoute({
    method: 'GET',
    path: '/client/v1/:clientKey/config',
    auth: 'public',
    summary: 'The configuration live for this app user now (evaluated); strong ETag, 304 on If-None-Match.',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    query: deliveryQuerySchema,
    output: deliveredConfigSchema,
  }),
  'delivery.rules': defineRoute({
    method: 'GET',
    path: '/client/v1/:clientKey/rules',
    auth: 'public',
    summary: 'Every item of the app that could be live, with its schedule and audience, for the app to evaluate; strong ETag, 304 on If-None-Match.',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    query: deliveryNoQuerySchema,
    output: deliveredRulesSchema,
  }),
  'delivery.entitlements': defineRoute({
    method: 'GET',
    path: '/client/v1/:clientKey/entitlements',
    auth: 'public',
    summary:
      'The app user’s entitlements active now (verified store data and manual unlocks) and the user segments it is in, among those the published items’ audiences name. ' +
      'An unknown user gets empty lists, never 404. One user’s data: Cache-Control private, no-store. Answers 1002 while the database cannot be reached.',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    query: deliveryUserQuerySchema,
    output: deliveryEntitlementsSchema,
  }),
  'delivery.previewConfig': defineRoute({
    method: 'GET',
    path: '/client/v1/:clientKey/preview/config',
    auth: 'public',
    summary:
      'The preview environment’s configuration live for this app user now, for a client presenting the pre-release password (Palette-Preview-Password) ' +
      'or a preview link’s token (Palette-Preview-Token): 100203 without either, 100204 when wrong, 100205 when the link expired. Never cached by shared caches.',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    query: deliveryQuerySchema,
    output: deliveredConfigSchema,
  }),
  'delivery.previewRules': defineRoute({
    method: 'GET',
    path: '/client/v1/:clientKey/preview/rules',
    auth: 'public',
    summary: 'The preview environment’s rules (as delivery.rules), with the same credentials as delivery.previewConfig.',
    tags: ['delivery'],
    params: clientKeyParamsSchema,
    query: deliveryNoQuerySchema,
    output: deliveredRulesSchema,
  }),
} as const;
