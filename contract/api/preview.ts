import { z } from 'zod';
import { withAccess } from '../permissions';
import { actorSchema, idSchema } from '../resources/define';
import { projectItemParamsSchema, projectParamsSchema } from '../resources/routes';
import { requiredOrType } from '../validation';
import { defineRoute } from './route';

/**
 * The preview environment (issue 10): what is published but not yet promoted, seen by test clients
 * only. A client proves it is one in either of two ways:
 * - the project's **pre-release password** (spec §4), typed into a test build; operators read it back
 *   in the console to tell testers, so it is kept encrypted, not hashed;
 * - a **preview link**: signed, expiring, for one reviewer and one app, opened on a test phone from
 *   a QR code. Links can be revoked before they expire.
 */

/** The pre-release password: 8 to 64 characters, none of them spaces at either end. */
export const PREVIEW_PASSWORD_MIN = 8;
export const PREVIEW_PASSWORD_MAX = 64;
export const previewPasswordSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(PREVIEW_PASSWORD_MIN, { error: 'validation.lengthMin' })
  .max(PREVIEW_PASSWORD_MAX, { error: 'validation.lengthMax' });

/** A project's delivery settings as the console reads them. */
export const deliverySettingsSchema = z.object({
  /** The pre-release password, or null when the preview environment is closed to passwords. */
  previewPassword: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: actorSchema,
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** Changing them, based on their version (1 before the first change). */
export const deliverySettingsUpdateSchema = z.object({
  previewPassword: previewPasswordSchema.nullable(),
  version: z.number({ error: 'validation.required' }).int().min(1),
});

/** How long a preview link may live: 1 hour to 30 days. */
export const PREVIEW_LINK_HOURS_MIN = 1;
export const PREVIEW_LINK_HOURS_MAX = 720;

export const previewLinkCreateSchema = z.object({
  /** Who the link is for ("QA Lin", "alex@agency.example"). */
  reviewer: z
    .string({ error: requiredOrType })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64, { error: 'validation.lengthMax' }),
  expiresInHours: z
    .number({ error: requiredOrType })
    .int({ error: 'validation.integer' })
    .min(PREVIEW_LINK_HOURS_MIN, { error: 'validation.rangeMin' })
    .max(PREVIEW_LINK_HOURS_MAX, { error: 'validation.rangeMax' }),
});
export type PreviewLinkCreate = z.infer<typeof previewLinkCreateSchema>;

export const previewLinkSchema = z.object({
  id: z.string(),
  reviewer: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: actorSchema,
  revokedAt: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/**
 * What creating a link answers: the link, its token (what the app sends as `Palette-Preview-Token`)
 * and the URL a test phone opens, `pc-<bundle id>://palette-preview?server=…&token=…` — the SDK's
 * documented deep link (docs/delivery-api.md), shown as a QR code. The token is not kept: it can be
 * shown again only by making a new link.
 */
export const previewLinkCreatedSchema = previewLinkSchema.extend({ token: z.string(), url: z.string() });
export type PreviewLinkCreated = z.infer<typeof previewLinkCreatedSchema>;

/** What a link's token says, checked by the server: for the console's `/preview/:token` screen. */
export const previewLinkResolvedSchema = z.object({
  link: previewLinkSchema,
  appName: z.string(),
  /** `valid` until it expires or is revoked. */
  state: z.enum(['valid', 'expired', 'revoked']),
  /** The deep link a test phone opens (the same as when the link was made). */
  url: z.string(),
});
export type PreviewLinkResolved = z.infer<typeof previewLinkResolvedSchema>;

export const previewLinkResolveSchema = z.object({ token: z.string({ error: requiredOrType }).min(1, { error: 'validation.required' }).max(512, { error: 'validation.lengthMax' }) });

/**
 * The project and app a token names, read without checking it (its payload is not secret; the
 * server checks the signature): where the console sends the resolve call. Null when it is no token.
 */
export function previewTokenTarget(token: string): { projectId: string; appId: string } | null {
  const payload = token.split('.')[1];
  if (!token.startsWith('pv1.') || !payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { p?: unknown; a?: unknown };
    return typeof json.p === 'string' && typeof json.a === 'string' ? { projectId: json.p, appId: json.a } : null;
  } catch {
    return null;
  }
}

export const previewLinkParamsSchema = z.object({ projectId: idSchema, id: idSchema, linkId: idSchema });

const projectRead = { scope: 'project', area: 'apps', level: 'read' } as const;
const projectWrite = { scope: 'project', area: 'apps', level: 'write' } as const;
const links = '/api/v1/projects/:projectId/apps/:id/preview-links';

export const previewRoutes = {
  'deliverySettings.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/delivery-settings',
      auth: 'user',
      summary: 'The project’s delivery settings: the pre-release password of the preview environment.',
      tags: ['delivery'],
      params: projectParamsSchema,
      output: deliverySettingsSchema,
    }),
    projectRead,
  ),
  'deliverySettings.update': withAccess(
    defineRoute({
      method: 'PUT',
      path: '/api/v1/projects/:projectId/delivery-settings',
      auth: 'user',
      summary: `Set or clear the pre-release password (${PREVIEW_PASSWORD_MIN}–${PREVIEW_PASSWORD_MAX} characters); 108007 when the version is stale.`,
      tags: ['delivery'],
      params: projectParamsSchema,
      body: deliverySettingsUpdateSchema,
      output: deliverySettingsSchema,
    }),
    projectWrite,
  ),
  'previewLinks.list': withAccess(
    defineRoute({
      method: 'GET',
      path: links,
      auth: 'user',
      summary: 'The app’s preview links, newest first, expired and revoked ones included; never their tokens.',
      tags: ['delivery'],
      params: projectItemParamsSchema,
      output: z.array(previewLinkSchema),
    }),
    projectRead,
  ),
  'previewLinks.create': withAccess(
    defineRoute({
      method: 'POST',
      path: links,
      auth: 'user',
      summary: `Make a signed preview link for one reviewer, valid ${PREVIEW_LINK_HOURS_MIN}–${PREVIEW_LINK_HOURS_MAX} hours; the answer holds its token and URL, shown this once.`,
      tags: ['delivery'],
      params: projectItemParamsSchema,
      body: previewLinkCreateSchema,
      output: previewLinkCreatedSchema,
    }),
    projectWrite,
  ),
  'previewLinks.revoke': withAccess(
    defineRoute({
      method: 'POST',
      path: `${links}/:linkId/revoke`,
      auth: 'user',
      summary: 'Revoke a preview link before it expires; the delivery API refuses its token from now on.',
      tags: ['delivery'],
      params: previewLinkParamsSchema,
      output: previewLinkSchema,
    }),
    projectWrite,
  ),
  'previewLinks.resolve': withAccess(
    defineRoute({
      method: 'POST',
      path: `${links}/resolve`,
      auth: 'user',
      summary: 'What a preview link’s token names (the console’s /preview/:token screen): the link, its app and state; 100204 for a token this server did not sign for this app.',
      tags: ['delivery'],
      params: projectItemParamsSchema,
      body: previewLinkResolveSchema,
      output: previewLinkResolvedSchema,
    }),
    projectRead,
  ),
} as const;
