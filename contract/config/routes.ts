import { z } from 'zod';
import { listPageSchema, listQuerySchema } from '../envelope';
import { defineRoute, type RouteDef } from '../api/route';
import { csvTextSchema, exportQuerySchema, type ExportQuery } from '../api/export';
import { withAccess, type WithAccess } from '../permissions';
import { idSchema, itemStateSchema, queryBooleanSchema, queryListSchema } from '../resources/define';
import { deleteResultSchema, emptyTrashResultSchema, projectItemParamsSchema, projectParamsSchema, reorderBodySchema, reorderResultSchema } from '../resources/routes';
import { configItemSchema, configRevisionSchema, environmentSchema, onlineStatuses, type ConfigKind } from './define-kind';

/**
 * The routes of a configuration kind, generated from its declaration. For a kind with segment
 * `subscribe` and name `subscriptionPages`, under `/api/v1/projects/:projectId/config/subscribe`:
 *
 * | id                            | method | path               | what                                              |
 * |-------------------------------|--------|--------------------|---------------------------------------------------|
 * | `subscriptionPages.list`      | GET    | base               | a page of items; `trashed=true` lists the trash   |
 * | `.export`                     | GET    | base/export        | every item the list's filters select, as CSV      |
 * | `.get`                        | GET    | base/:id           | one item with its draft                           |
 * | `.create`                     | POST   | base               | a new item from a draft                           |
 * | `.saveDraft`                  | PUT    | base/:id/draft     | replace the draft; `version` required (108007)    |
 * | `.delete`                     | DELETE | base/:id           | to the trash (106004 while it is live)            |
 * | `.restore` `.purge` `.emptyTrash` | …  | as for resources   | kinds with a trash                                |
 * | `.reorder`                    | PUT    | base/order         | kinds with an order                               |
 * | `.publish`                    | POST   | base/:id/publish   | a new revision, live in preview                   |
 * | `.promote`                    | POST   | base/:id/promote   | the preview revision becomes official             |
 * | `.unpublish`                  | POST   | base/:id/unpublish | off the air in both environments                  |
 * | `.approve`                    | POST   | base/:id/approve   | approve the current draft (approval policy)       |
 * | `.revisions`                  | GET    | base/:id/revisions | every revision, newest first                      |
 * | `.rollback`                   | POST   | base/:id/rollback  | revision k again as a new revision                |
 * | `.policy` / `.setPolicy`      | GET/PUT| base/policy        | whether publishing needs approval                 |
 *
 * Reads need read access to the kind's area (`management`, or `tools` for a universal tool's kind),
 * changes write access; the policy is the project's own setting (`project` write). Every change
 * carries the item's `version`.
 */

type KindAccess = { readonly scope: 'project'; readonly area: ConfigKind['area']; readonly level: 'read' | 'write' };
const read = { scope: 'project', area: 'management', level: 'read' } as const;
const projectWrite = { scope: 'project', area: 'project', level: 'write' } as const;

const versionSchema = z.number({ error: 'validation.required' }).int().min(1);

export const configListQuerySchema = listQuerySchema.extend({
  trashed: queryBooleanSchema.optional(),
  enabled: queryBooleanSchema.optional(),
  state: queryListSchema(itemStateSchema).optional(),
  status: queryListSchema(z.enum(onlineStatuses, { error: 'validation.enum' })).optional(),
  changed: queryBooleanSchema.optional(),
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;

/** Sort fields of every kind's list. */
export const configSortFields = ['name', 'updatedAt', 'createdAt', 'sortOrder', 'startsAt', 'endsAt'] as const;

export const saveDraftBodySchema = <D extends z.ZodType>(draft: D) => z.object({ version: versionSchema, draft });
export const versionBodySchema = z.object({ version: versionSchema });
/** The version of a delete, restore or purge, which have no body: `?version=3`. */
export const versionQuerySchema = z.object({ version: z.coerce.number({ error: 'validation.required' }).int().min(1) });
export const publishBodySchema = z.object({
  version: versionSchema,
  note: z.string().trim().max(500, { error: 'validation.lengthMax' }).optional(),
});
export const rollbackBodySchema = z.object({
  version: versionSchema,
  revision: z.number({ error: 'validation.required' }).int().min(1),
  /** `official` puts the restored revision live everywhere; `preview` only for reviewers. */
  environment: environmentSchema,
  note: z.string().trim().max(500, { error: 'validation.lengthMax' }).optional(),
});
export const configPolicySchema = z.object({ requiresApproval: z.boolean(), version: z.number().int() });
export const setPolicyBodySchema = z.object({ requiresApproval: z.boolean({ error: 'validation.type' }), version: versionSchema });

type Def<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, O extends z.ZodType> = WithAccess<RouteDef<P, Q, B, O>>;
type PP = typeof projectParamsSchema;
type IP = typeof projectItemParamsSchema;
type U = z.ZodUndefined;
type Item = typeof configItemSchema;
type Draft = z.ZodType<Record<string, unknown>>;

/** The route set of a kind, typed by its name (trash and order routes exist only when it has them). */
export type ConfigKindRoutes<N extends string> = { [K in `${N}.list`]: Def<PP, typeof configListQuerySchema, U, ReturnType<typeof listPageSchema<Item>>> } & {
  [K in `${N}.export`]: Def<PP, ExportQuery<typeof configListQuerySchema>, U, typeof csvTextSchema>;
} & {
  [K in `${N}.get`]: Def<IP, U, U, Item>;
} & { [K in `${N}.create`]: Def<PP, U, z.ZodObject<{ draft: Draft }>, Item> } & {
  [K in `${N}.saveDraft`]: Def<IP, U, ReturnType<typeof saveDraftBodySchema<Draft>>, Item>;
} & { [K in `${N}.delete`]: Def<IP, typeof versionQuerySchema, U, typeof deleteResultSchema> } & {
  [K in `${N}.restore`]: Def<IP, typeof versionQuerySchema, U, Item>;
} & { [K in `${N}.purge`]: Def<IP, typeof versionQuerySchema, U, z.ZodNull> } & { [K in `${N}.emptyTrash`]: Def<PP, U, U, typeof emptyTrashResultSchema> } & {
  [K in `${N}.reorder`]: Def<PP, U, typeof reorderBodySchema, typeof reorderResultSchema>;
} & { [K in `${N}.publish`]: Def<IP, U, typeof publishBodySchema, Item> } & { [K in `${N}.promote`]: Def<IP, U, typeof versionBodySchema, Item> } & {
  [K in `${N}.unpublish`]: Def<IP, U, typeof versionBodySchema, Item>;
} & { [K in `${N}.approve`]: Def<IP, U, typeof versionBodySchema, Item> } & {
  [K in `${N}.revisions`]: Def<IP, U, U, z.ZodObject<{ items: z.ZodArray<typeof configRevisionSchema> }>>;
} & { [K in `${N}.rollback`]: Def<IP, U, typeof rollbackBodySchema, Item> } & { [K in `${N}.policy`]: Def<PP, U, U, typeof configPolicySchema> } & {
  [K in `${N}.setPolicy`]: Def<PP, U, typeof setPolicyBodySchema, typeof configPolicySchema>;
};

/** The API base path of a kind. */
export function configBasePath(kind: Pick<ConfigKind, 'segment'>): string {
  return `/api/v1/projects/:projectId/config/${kind.segment}`;
}

/** The actions of a kind's routes: `<name>.<action>` is the route id. */
export type ConfigAction =
  | 'list'
  | 'export'
  | 'get'
  | 'create'
  | 'saveDraft'
  | 'delete'
  | 'restore'
  | 'purge'
  | 'emptyTrash'
  | 'reorder'
  | 'publish'
  | 'promote'
  | 'unpublish'
  | 'approve'
  | 'revisions'
  | 'rollback'
  | 'policy'
  | 'setPolicy';

/** The routes of a kind (see the module comment), ready to spread into the route table. */
export function configKindRoutes<N extends string>(kind: ConfigKind<N>): ConfigKindRoutes<N> {
  const base = configBasePath(kind);
  const tags = ['config', kind.name];
  const label = kind.name;
  const read: KindAccess = { scope: 'project', area: kind.area, level: 'read' };
  const write: KindAccess = { scope: 'project', area: kind.area, level: 'write' };
  const route = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, O extends z.ZodType>(
    def: Omit<RouteDef<P, Q, B, O>, 'auth' | 'tags'>,
    access: KindAccess | typeof projectWrite,
  ) => withAccess(defineRoute({ ...def, auth: 'user', tags } as RouteDef<P, Q, B, O>), access);
  const out: Record<string, RouteDef> = {
    [`${label}.list`]: route({ method: 'GET', path: base, summary: `List ${label} (list convention; trashed=true lists the trash).`, params: projectParamsSchema, query: configListQuerySchema, output: listPageSchema(configItemSchema) }, read),
    [`${label}.export`]: route({ method: 'GET', path: `${base}/export`, summary: `Every one of ${label} the list's filters, sort and search select, as CSV (lang: header language; columns: which, in order).`, params: projectParamsSchema, query: exportQuerySchema(configListQuerySchema), output: csvTextSchema, reply: 'csv' }, read),
    [`${label}.get`]: route({ method: 'GET', path: `${base}/:id`, summary: `One of ${label}, with its draft and problems.`, params: projectItemParamsSchema, output: configItemSchema }, read),
    [`${label}.create`]: route({ method: 'POST', path: base, summary: `Create one of ${label} from a draft (complete or not).`, params: projectParamsSchema, body: z.object({ draft: kind.draftInput }), output: configItemSchema }, write),
    [`${label}.saveDraft`]: route({ method: 'PUT', path: `${base}/:id/draft`, summary: `Replace the draft of one of ${label}; a stale version is refused with 108007.`, params: projectItemParamsSchema, body: saveDraftBodySchema(kind.draftInput), output: configItemSchema }, write),
    [`${label}.delete`]: route({ method: 'DELETE', path: `${base}/:id`, summary: kind.parts.trash ? `Move one of ${label} to the trash (not while live: 106004); ?version= the one seen (108007).` : `Delete one of ${label} (not while live: 106004); ?version= the one seen (108007).`, params: projectItemParamsSchema, query: versionQuerySchema, output: deleteResultSchema }, write),
    [`${label}.publish`]: route({ method: 'POST', path: `${base}/:id/publish`, summary: `Publish the draft as a new revision, live in preview (1000 when incomplete, 106005 when unchanged, 106006 without a required approval).`, params: projectItemParamsSchema, body: publishBodySchema, output: configItemSchema }, write),
    [`${label}.promote`]: route({ method: 'POST', path: `${base}/:id/promote`, summary: `Make the preview revision official (106004 when preview has nothing new).`, params: projectItemParamsSchema, body: versionBodySchema, output: configItemSchema }, write),
    [`${label}.unpublish`]: route({ method: 'POST', path: `${base}/:id/unpublish`, summary: `Take it off the air in preview and official (106003 when it is on neither).`, params: projectItemParamsSchema, body: versionBodySchema, output: configItemSchema }, write),
    [`${label}.approve`]: route({ method: 'POST', path: `${base}/:id/approve`, summary: `Approve the current draft for publishing (owners and admins who did not edit it since the last publish: 106007).`, params: projectItemParamsSchema, body: versionBodySchema, output: configItemSchema }, write),
    [`${label}.revisions`]: route({ method: 'GET', path: `${base}/:id/revisions`, summary: `Every revision of one of ${label}, newest first.`, params: projectItemParamsSchema, output: z.object({ items: z.array(configRevisionSchema) }) }, read),
    [`${label}.rollback`]: route({ method: 'POST', path: `${base}/:id/rollback`, summary: `Publish revision k again as a new revision (the draft becomes it too); with approvals on, owners and admins only (106006).`, params: projectItemParamsSchema, body: rollbackBodySchema, output: configItemSchema }, write),
    [`${label}.policy`]: route({ method: 'GET', path: `${base}/policy`, summary: `Whether publishing ${label} needs a second person's approval.`, params: projectParamsSchema, output: configPolicySchema }, read),
    [`${label}.setPolicy`]: route({ method: 'PUT', path: `${base}/policy`, summary: `Turn the approval of ${label} on or off (project admins).`, params: projectParamsSchema, body: setPolicyBodySchema, output: configPolicySchema }, projectWrite),
  };
  if (kind.parts.trash) {
    out[`${label}.restore`] = route({ method: 'POST', path: `${base}/:id/restore`, summary: `Take one of ${label} out of the trash; ?version= the one seen (108007).`, params: projectItemParamsSchema, query: versionQuerySchema, output: configItemSchema }, write);
    out[`${label}.purge`] = route({ method: 'DELETE', path: `${base}/:id/purge`, summary: `Delete one of the trashed ${label} for ever; ?version= the one seen (108007).`, params: projectItemParamsSchema, query: versionQuerySchema, output: z.null() }, write);
    out[`${label}.emptyTrash`] = route({ method: 'DELETE', path: `${base}/trash`, summary: `Delete every trashed ${label} for ever.`, params: projectParamsSchema, output: emptyTrashResultSchema }, write);
  }
  if (kind.parts.order) {
    out[`${label}.reorder`] = route({ method: 'PUT', path: `${base}/order`, summary: `Put ${label} in a new order, each with the version it was seen at.`, params: projectParamsSchema, body: reorderBodySchema, output: reorderResultSchema }, write);
  }
  return out as ConfigKindRoutes<N>;
}

// ---------------------------------------------------------------------------------------------
// Config records: the project's configuration history

export const configRecordActions = ['create', 'update', 'delete', 'restore', 'purge', 'reorder', 'publish', 'promote', 'unpublish', 'rollback', 'approve', 'policy', 'budget'] as const;
export type ConfigRecordAction = (typeof configRecordActions)[number];

/**
 * Project settings of the configuration that are no kind of their own but are recorded beside the
 * kinds: the interruption budget (entity `interruptionBudget`, action `budget`). Issue 19 §5: it was
 * recorded as kind "Popups", action "Approval setting", which it is not.
 */
export const configSettingNames = ['interruptionBudget'] as const;
export type ConfigSettingName = (typeof configSettingNames)[number];

export const configRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  kind: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  action: z.enum(configRecordActions),
  /** The revision a publish, promotion or rollback made or moved (null otherwise). */
  revision: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;

/** The config records' query: kinds, person, date range, actions, one item. */
export const configRecordQuerySchema = listQuerySchema.extend({
  /** Records carry two documents each: pages are smaller than other lists'. */
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  kind: queryListSchema(z.string().max(64)).optional(),
  actorId: idSchema.optional(),
  action: queryListSchema(z.enum(configRecordActions, { error: 'validation.enum' })).optional(),
  itemId: idSchema.optional(),
  from: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
});

/** The config records route: the project's configuration history (management read). */
export const configRecordRoutes = {
  'configRecords.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/config-records',
      auth: 'user',
      summary: 'Every change, publish, promotion, rollback and approval of the project’s configuration, newest first, with the documents before and after.',
      tags: ['config'],
      params: projectParamsSchema,
      query: configRecordQuerySchema,
      output: listPageSchema(configRecordSchema),
    }),
    read,
  ),
} as const;
