import { z } from 'zod';
import { withAccess } from '../permissions';
import { actorSchema, idSchema } from '../resources/define';
import { projectItemParamsSchema } from '../resources/routes';
import { requiredOrType } from '../validation';
import { defineRoute } from './route';

/**
 * An app's public client keys: what the mobile app presents to the delivery API (issue 10), in the
 * path of its requests. Several may be active at once, so a key can be rotated (create a new one,
 * ship it, revoke the old one). The key itself is answered once, by create; the server keeps only
 * its SHA-256 and its first characters (`prefix`), so operators can tell keys apart.
 */

/** What every client key starts with. */
export const CLIENT_KEY_PREFIX = 'pk_';
/** How many characters of a key are kept and shown (`pk_` and the first 9 random characters). */
export const CLIENT_KEY_SHOWN_LENGTH = 12;
/** At most this many active (not revoked) keys per app; the next create is refused (1000 on `label`). */
export const CLIENT_KEYS_ACTIVE_MAX = 10;
/** A client key as issued: `pk_` and 32 random bytes in base64url (43 characters). */
export const clientKeyPattern = /^pk_[A-Za-z0-9_-]{43}$/;

/** A key's label, such as "iOS 2.4 release". */
export const clientKeyLabelSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.lengthMax' });

/** Creating a key: its label. */
export const clientKeyCreateSchema = z.object({ label: clientKeyLabelSchema });
export type ClientKeyCreate = z.infer<typeof clientKeyCreateSchema>;

/** A client key as listed: never the key, only its first characters. */
export const clientKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The key's first 12 characters (`pk_AbCdEfGhI`). */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: actorSchema,
  /** When it was revoked; a revoked key stays listed and is refused by the delivery API. */
  revokedAt: z.string().nullable(),
  /** When the delivery API last accepted it, if ever. */
  lastUsedAt: z.string().nullable(),
});
export type ClientKey = z.infer<typeof clientKeySchema>;

/** What create answers: the key object and the full key, which is never shown again. */
export const clientKeyCreatedSchema = clientKeySchema.extend({ key: z.string() });
export type ClientKeyCreated = z.infer<typeof clientKeyCreatedSchema>;

/** Path parameters of one key of an app. */
export const clientKeyParamsSchema = z.object({ projectId: idSchema, id: idSchema, keyId: idSchema });

const base = '/api/v1/projects/:projectId/apps/:id/client-keys';
const appsRead = { scope: 'project', area: 'apps', level: 'read' } as const;
const appsWrite = { scope: 'project', area: 'apps', level: 'write' } as const;

/** The client-key routes, spread into the route table (contract/api/index.ts). */
export const clientKeyRoutes = {
  'clientKeys.list': withAccess(
    defineRoute({
      method: 'GET',
      path: base,
      auth: 'user',
      summary: 'The app’s client keys, newest first, revoked ones included; never the keys themselves (102020 for an app not in the project).',
      tags: ['apps'],
      params: projectItemParamsSchema,
      output: z.array(clientKeySchema),
    }),
    appsRead,
  ),
  'clientKeys.create': withAccess(
    defineRoute({
      method: 'POST',
      path: base,
      auth: 'user',
      summary:
        'Issue a client key (`pk_` and 32 random bytes in base64url); the answer holds the key, shown this once. ' +
        `At most ${CLIENT_KEYS_ACTIVE_MAX} active keys per app (1000 with a field error on \`label\`); 102020 for an app not in the project or in the trash.`,
      tags: ['apps'],
      params: projectItemParamsSchema,
      body: clientKeyCreateSchema,
      output: clientKeyCreatedSchema,
    }),
    appsWrite,
  ),
  'clientKeys.revoke': withAccess(
    defineRoute({
      method: 'POST',
      path: `${base}/:keyId/revoke`,
      auth: 'user',
      summary:
        'Revoke a client key: the delivery API refuses it from now on; it stays listed. Revoking a revoked key answers it unchanged. ' +
        '108002 for a key that is not the app’s, 102020 for an app not in the project.',
      tags: ['apps'],
      params: clientKeyParamsSchema,
      output: clientKeySchema,
    }),
    appsWrite,
  ),
} as const;
