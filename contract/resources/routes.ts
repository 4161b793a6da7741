import { z } from 'zod';
import { listPageSchema } from '../envelope';
import { defineRoute, type RouteDef } from '../api/route';
import { csvTextSchema, exportQuerySchema, type ExportQuery } from '../api/export';
import { withAccess, type RouteAccess, type WithAccess } from '../permissions';
import { idSchema, queryBooleanSchema, type ResourceWiring, type ServedResource } from './define';

/**
 * The standard routes of a served resource, generated from its declaration (define.ts
 * `ResourceWiring`): the path, tags and access rules come from its wiring, the trash and order routes
 * from its `trash` and `orderable`, read once and typed.
 *
 * For a project resource with segment `skus`, base `/api/v1/projects/:projectId/skus`; for a global
 * one with segment `countries`, base `/api/v1/system/countries` (no project in the path):
 *
 * | id                | method | path                 | what                                                 |
 * |-------------------|--------|----------------------|------------------------------------------------------|
 * | `skus.list`       | GET    | base                 | a page; `trashed=true` lists the trash               |
 * | `skus.export`     | GET    | base/export          | every item the list's filters select, as CSV         |
 * | `skus.get`        | GET    | base/:id             | one item (also from the trash)                       |
 * | `skus.create`     | POST   | base                 | create                                               |
 * | `skus.update`     | PATCH  | base/:id             | change some fields; `version` required (108007)      |
 * | `skus.delete`     | DELETE | base/:id?force=true  | to the trash (or gone, without a trash); `force` unlinks |
 * | `skus.restore`    | POST   | base/:id/restore     | out of the trash (trash only)                        |
 * | `skus.purge`      | DELETE | base/:id/purge       | delete a trashed item for ever (trash only)          |
 * | `skus.emptyTrash` | DELETE | base/trash           | purge the whole trash (trash only)                   |
 * | `skus.reorder`    | PUT    | base/order           | new order of `{id, version}` (orderable only)        |
 *
 * Project resources: reads need read access to the resource's area, everything else write access.
 * Global resources: any signed-in operator reads, only global administrators write (105010).
 */

/** Path parameters of a project's list routes. */
export const projectParamsSchema = z.object({ projectId: idSchema });
/** Path parameters of one item of a project. */
export const projectItemParamsSchema = z.object({ projectId: idSchema, id: idSchema });

/** Path parameters of one item of a global resource. */
export const globalItemParamsSchema = z.object({ id: idSchema });

/** Where the routes of a served resource live. */
export function resourceBasePath(wiring: ResourceWiring): string {
  return wiring.scope === 'global' ? `/api/v1/system/${wiring.segment}` : `/api/v1/projects/:projectId/${wiring.segment}`;
}

type Scope<R extends ServedResource> = R['wiring']['scope'];
type ListParams<R extends ServedResource> = Scope<R> extends 'global' ? z.ZodUndefined : typeof projectParamsSchema;
type ItemParams<R extends ServedResource> = Scope<R> extends 'global' ? typeof globalItemParamsSchema : typeof projectItemParamsSchema;

/** `force=true` removes the item's links with it (102010 without, when it has links). */
export const deleteQuerySchema = z.object({ force: queryBooleanSchema.optional() });
/** A new order: the items first to last, each with the version the operator saw. */
export const reorderBodySchema = z.object({
  items: z
    .array(z.object({ id: idSchema, version: z.number().int().min(1) }))
    .min(1, { error: 'validation.required' })
    .max(1000, { error: 'validation.itemsMax' }),
});
/** The reordered items with their new versions and positions. */
export const reorderResultSchema = z.object({
  items: z.array(z.object({ id: z.string(), version: z.number().int(), sortOrder: z.number().int() })),
});
/** How many items emptying the trash deleted. */
export const emptyTrashResultSchema = z.object({ purged: z.number().int().min(0) });
/** What a delete answers: whether the item went to the trash, and the links a `force` removed. */
export const deleteResultSchema = z.object({
  trashed: z.boolean(),
  unlinked: z.array(z.object({ kind: z.string(), id: z.string(), name: z.string() })),
});

type Def<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, O extends z.ZodType> = WithAccess<RouteDef<P, Q, B, O>>;



type CoreRoutes<N extends string, R extends ServedResource, C extends z.ZodType> = {
  [K in `${N}.list`]: Def<ListParams<R>, R['listQuery'], z.ZodUndefined, ReturnType<typeof listPageSchema<R['item']>>>;
} & { [K in `${N}.export`]: Def<ListParams<R>, ExportQuery<R['listQuery']>, z.ZodUndefined, typeof csvTextSchema> } & { [K in `${N}.get`]: Def<ItemParams<R>, z.ZodUndefined, z.ZodUndefined, R['item']> } & {
  [K in `${N}.create`]: Def<ListParams<R>, z.ZodUndefined, R['create'], C>;
} & { [K in `${N}.update`]: Def<ItemParams<R>, z.ZodUndefined, R['update'], R['item']> } & {
  [K in `${N}.delete`]: Def<ItemParams<R>, typeof deleteQuerySchema, z.ZodUndefined, typeof deleteResultSchema>;
};

type TrashRoutes<N extends string, R extends ServedResource> = {
  [K in `${N}.restore`]: Def<ItemParams<R>, z.ZodUndefined, z.ZodUndefined, R['item']>;
} & { [K in `${N}.purge`]: Def<ItemParams<R>, z.ZodUndefined, z.ZodUndefined, z.ZodNull> } & {
  [K in `${N}.emptyTrash`]: Def<ListParams<R>, z.ZodUndefined, z.ZodUndefined, typeof emptyTrashResultSchema>;
};

type OrderRoutes<N extends string, R extends ServedResource> = {
  [K in `${N}.reorder`]: Def<ListParams<R>, z.ZodUndefined, typeof reorderBodySchema, typeof reorderResultSchema>;
};

/** The route set of a resource: trash and order routes only when its declaration has them. */
export type ResourceRoutes<R extends ServedResource, C extends z.ZodType = R['item']> = CoreRoutes<R['name'], R, C> &
  (R['trash'] extends true ? TrashRoutes<R['name'], R> : unknown) &
  (R['orderable'] extends true ? OrderRoutes<R['name'], R> : unknown);

/** What a resource's routes may add to its declaration. */
export interface ResourceRouteOptions<C extends z.ZodType> {
  /** What create answers, when it is more than the item (a webhook's signing secret, shown once). */
  readonly createOutput?: C;
}

/** The standard routes of a resource (see the module comment), ready to spread into the route table. */
export function resourceRoutes<R extends ServedResource, C extends z.ZodType = R['item']>(
  resource: R,
  options: ResourceRouteOptions<C> = {},
): ResourceRoutes<R, C> {
  const { wiring } = resource;
  const basePath = resourceBasePath(wiring);
  const tags = [wiring.segment];
  const label = resource.name;
  const global = wiring.scope === 'global';
  const read: RouteAccess = global ? { scope: 'user' } : { scope: 'project', area: wiring.area, level: 'read' };
  const write: RouteAccess = global ? { scope: 'admin' } : { scope: 'project', area: wiring.area, level: 'write' };
  const of = global ? '' : ' of a project';
  const one = global ? 'One of the' : 'One of a project\'s';
  const listParams = global ? {} : { params: projectParamsSchema };
  const itemParams = global ? { params: globalItemParamsSchema } : { params: projectItemParamsSchema };
  const out: Record<string, RouteDef> = {
    [`${label}.list`]: withAccess(
      defineRoute({
        method: 'GET',
        path: basePath,
        auth: 'user',
        summary: `List ${label}${of} (list convention; trashed=true lists the trash).`,
        tags,
        ...listParams,
        query: resource.listQuery,
        output: listPageSchema(resource.item),
      }),
      read,
    ),
    [`${label}.export`]: withAccess(
      defineRoute({
        method: 'GET',
        path: `${basePath}/export`,
        auth: 'user',
        summary: `Every one of the ${label}${of} the list's filters, sort and search select, as CSV (lang: header language; columns: which, in order).`,
        tags,
        ...listParams,
        query: exportQuerySchema(resource.listQuery),
        output: csvTextSchema,
        reply: 'csv',
      }),
      read,
    ),
    [`${label}.get`]: withAccess(
      defineRoute({
        method: 'GET',
        path: `${basePath}/:id`,
        auth: 'user',
        summary: `${one} ${label}.`,
        tags,
        ...itemParams,
        output: resource.item,
      }),
      read,
    ),
    [`${label}.create`]: withAccess(
      defineRoute({
        method: 'POST',
        path: basePath,
        auth: 'user',
        summary: `Create one of the ${label}${of}.`,
        tags,
        ...listParams,
        body: resource.create,
        output: options.createOutput ?? resource.item,
      }),
      write,
    ),
    [`${label}.update`]: withAccess(
      defineRoute({
        method: 'PATCH',
        path: `${basePath}/:id`,
        auth: 'user',
        summary: `Change one of the ${label}${of}; a stale version is refused with 108007.`,
        tags,
        ...itemParams,
        body: resource.update,
        output: resource.item,
      }),
      write,
    ),
    [`${label}.delete`]: withAccess(
      defineRoute({
        method: 'DELETE',
        path: `${basePath}/:id`,
        auth: 'user',
        summary: resource.trash
          ? `Move one of the ${label}${of} to the trash; force=true also removes its links.`
          : `Delete one of the ${label}${of}; force=true also removes its links.`,
        tags,
        ...itemParams,
        query: deleteQuerySchema,
        output: deleteResultSchema,
      }),
      write,
    ),
  };
  if (resource.trash) {
    out[`${label}.restore`] = withAccess(
      defineRoute({
        method: 'POST',
        path: `${basePath}/:id/restore`,
        auth: 'user',
        summary: `Take one of the ${label}${of} out of the trash.`,
        tags,
        ...itemParams,
        output: resource.item,
      }),
      write,
    );
    out[`${label}.purge`] = withAccess(
      defineRoute({
        method: 'DELETE',
        path: `${basePath}/:id/purge`,
        auth: 'user',
        summary: `Delete one of the trashed ${label}${of} for ever.`,
        tags,
        ...itemParams,
        output: z.null(),
      }),
      write,
    );
    out[`${label}.emptyTrash`] = withAccess(
      defineRoute({
        method: 'DELETE',
        path: `${basePath}/trash`,
        auth: 'user',
        summary: `Delete every trashed ${label}${of} for ever.`,
        tags,
        ...listParams,
        output: emptyTrashResultSchema,
      }),
      write,
    );
  }
  if (resource.orderable) {
    out[`${label}.reorder`] = withAccess(
      defineRoute({
        method: 'PUT',
        path: `${basePath}/order`,
        auth: 'user',
        summary: `Put ${label} in a new order: the items, each with the version it was seen at, first to last.`,
        tags,
        ...listParams,
        body: reorderBodySchema,
        output: reorderResultSchema,
      }),
      write,
    );
  }
  return out as ResourceRoutes<R, C>;
}
