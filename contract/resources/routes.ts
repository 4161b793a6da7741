import { z } from 'zod';
import { listPageSchema } from '../envelope';
import { defineRoute, type RouteDef } from '../api/route';
import { withAccess, type Area, type WithAccess } from '../permissions';
import { idSchema, queryBooleanSchema, type AnyResource } from './define';

/**
 * The standard routes of a project-scoped resource, generated from its declaration.
 *
 * For a resource named `skus` under `/api/v1/projects/:projectId/skus`:
 *
 * | id                | method | path                 | what                                                 |
 * |-------------------|--------|----------------------|------------------------------------------------------|
 * | `skus.list`       | GET    | base                 | a page; `trashed=true` lists the trash               |
 * | `skus.get`        | GET    | base/:id             | one item (also from the trash)                       |
 * | `skus.create`     | POST   | base                 | create                                               |
 * | `skus.update`     | PATCH  | base/:id             | change some fields; `version` required (108007)      |
 * | `skus.delete`     | DELETE | base/:id?force=true  | to the trash (or gone, without a trash); `force` unlinks |
 * | `skus.restore`    | POST   | base/:id/restore     | out of the trash (trash only)                        |
 * | `skus.purge`      | DELETE | base/:id/purge       | delete a trashed item for ever (trash only)          |
 * | `skus.emptyTrash` | DELETE | base/trash           | purge the whole trash (trash only)                   |
 * | `skus.reorder`    | PUT    | base/order           | new order of `{id, version}` (orderable only)        |
 *
 * Reads need read access to the resource's area, everything else write access.
 */

/** Path parameters of a project's list routes. */
export const projectParamsSchema = z.object({ projectId: idSchema });
/** Path parameters of one item of a project. */
export const projectItemParamsSchema = z.object({ projectId: idSchema, id: idSchema });

type ProjectParams = typeof projectParamsSchema;
type ItemParams = typeof projectItemParamsSchema;

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



type CoreRoutes<N extends string, R extends AnyResource, C extends z.ZodType> = {
  [K in `${N}.list`]: Def<ProjectParams, R['listQuery'], z.ZodUndefined, ReturnType<typeof listPageSchema<R['item']>>>;
} & { [K in `${N}.get`]: Def<ItemParams, z.ZodUndefined, z.ZodUndefined, R['item']> } & {
  [K in `${N}.create`]: Def<ProjectParams, z.ZodUndefined, R['create'], C>;
} & { [K in `${N}.update`]: Def<ItemParams, z.ZodUndefined, R['update'], R['item']> } & {
  [K in `${N}.delete`]: Def<ItemParams, typeof deleteQuerySchema, z.ZodUndefined, typeof deleteResultSchema>;
};

type TrashRoutes<N extends string, R extends AnyResource> = {
  [K in `${N}.restore`]: Def<ItemParams, z.ZodUndefined, z.ZodUndefined, R['item']>;
} & { [K in `${N}.purge`]: Def<ItemParams, z.ZodUndefined, z.ZodUndefined, z.ZodNull> } & {
  [K in `${N}.emptyTrash`]: Def<ProjectParams, z.ZodUndefined, z.ZodUndefined, typeof emptyTrashResultSchema>;
};

type OrderRoutes<N extends string> = {
  [K in `${N}.reorder`]: Def<ProjectParams, z.ZodUndefined, typeof reorderBodySchema, typeof reorderResultSchema>;
};

/** The route set of a resource: trash and order routes only when the resource has them. */
export type ResourceRoutes<N extends string, R extends AnyResource, T extends boolean, O extends boolean, C extends z.ZodType> = CoreRoutes<
  N,
  R,
  C
> &
  (T extends true ? TrashRoutes<N, R> : unknown) &
  (O extends true ? OrderRoutes<N> : unknown);

/** Where a resource's routes live and who may call them. */
export interface ResourceRouteOptions<T extends boolean, O extends boolean, C extends z.ZodType> {
  /** `/api/v1/projects/:projectId/<segment>`. */
  readonly basePath: string;
  readonly area: Area;
  readonly tags: readonly string[];
  /** Must equal the resource's `trash` (spelled out so the route ids are known to the type checker). */
  readonly trash: T;
  /** Must equal the resource's `orderable`. */
  readonly orderable: O;
  /** What create answers, when it is more than the item (a webhook's signing secret, shown once). */
  readonly createOutput?: C;
}

/** The standard routes of a resource (see the module comment), ready to spread into the route table. */
export function resourceRoutes<R extends AnyResource, T extends boolean, O extends boolean, C extends z.ZodType = R['item']>(
  resource: R,
  options: ResourceRouteOptions<T, O, C>,
): ResourceRoutes<R['name'], R, T, O, C> {
  if (options.trash !== resource.trash || options.orderable !== resource.orderable) {
    throw new Error(`Resource ${resource.name}: route options disagree with the declaration`);
  }
  const { basePath, area, tags } = options;
  const label = resource.name;
  const read = { scope: 'project', area, level: 'read' } as const;
  const write = { scope: 'project', area, level: 'write' } as const;
  const out: Record<string, RouteDef> = {
    [`${label}.list`]: withAccess(
      defineRoute({
        method: 'GET',
        path: basePath,
        auth: 'user',
        summary: `List ${label} of a project (list convention; trashed=true lists the trash).`,
        tags,
        params: projectParamsSchema,
        query: resource.listQuery,
        output: listPageSchema(resource.item),
      }),
      read,
    ),
    [`${label}.get`]: withAccess(
      defineRoute({
        method: 'GET',
        path: `${basePath}/:id`,
        auth: 'user',
        summary: `One of a project's ${label}.`,
        tags,
        params: projectItemParamsSchema,
        output: resource.item,
      }),
      read,
    ),
    [`${label}.create`]: withAccess(
      defineRoute({
        method: 'POST',
        path: basePath,
        auth: 'user',
        summary: `Create one of a project's ${label}.`,
        tags,
        params: projectParamsSchema,
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
        summary: `Change one of a project's ${label}; a stale version is refused with 108007.`,
        tags,
        params: projectItemParamsSchema,
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
          ? `Move one of a project's ${label} to the trash; force=true also removes its links.`
          : `Delete one of a project's ${label}; force=true also removes its links.`,
        tags,
        params: projectItemParamsSchema,
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
        summary: `Take one of a project's ${label} out of the trash.`,
        tags,
        params: projectItemParamsSchema,
        output: resource.item,
      }),
      write,
    );
    out[`${label}.purge`] = withAccess(
      defineRoute({
        method: 'DELETE',
        path: `${basePath}/:id/purge`,
        auth: 'user',
        summary: `Delete one of a project's trashed ${label} for ever.`,
        tags,
        params: projectItemParamsSchema,
        output: z.null(),
      }),
      write,
    );
    out[`${label}.emptyTrash`] = withAccess(
      defineRoute({
        method: 'DELETE',
        path: `${basePath}/trash`,
        auth: 'user',
        summary: `Delete every trashed ${label} of a project for ever.`,
        tags,
        params: projectParamsSchema,
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
        params: projectParamsSchema,
        body: reorderBodySchema,
        output: reorderResultSchema,
      }),
      write,
    );
  }
  return out as ResourceRoutes<R['name'], R, T, O, C>;
}
