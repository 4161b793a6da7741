import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteId } from '@contract/api';
import type { ListQuery } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../errors';
import { changeContextOf } from '../http/project-context';
import { registerRoute, type RouteHandler } from '../http/register-route';
import type { Clock } from '../shared/clock';
import { registerCsvExport } from '../shared/csv-export';
import { resourceExportSource } from './export';
import type { ChangeContext, ResourceChange } from './audit';
import type { ResourceRepository } from './repository';

/** Parts of a request the generic handlers read; the contract's schemas have already parsed them. */
interface GenericInput {
  readonly params: { readonly projectId?: string; readonly id?: string } | undefined;
  readonly query: (ListQuery & Record<string, unknown>) & { readonly force?: boolean };
  readonly body: Record<string, unknown> & { readonly version: number; readonly items: ReadonlyArray<{ id: string; version: number }> };
  readonly request: FastifyRequest;
}

/**
 * Handlers a project resource's domain replaces (a webhook's create also makes its signing secret;
 * both check its URL).
 */
export interface ResourceRouteOverrides {
  readonly create?: (context: ChangeContext, body: Record<string, unknown>) => Promise<unknown>;
  readonly update?: (context: ChangeContext, id: string, body: Record<string, unknown> & { version: number }) => Promise<unknown>;
}

/**
 * Who changes what, now. A project resource's change happens in the route's project (resolved by the
 * access hook); a global resource's in none, by the signed-in caller the access hook let through.
 */
function changeOf(request: FastifyRequest, global: boolean, clock: Clock): ResourceChange {
  if (!global) return changeContextOf(request, clock);
  const user = request.auth?.user;
  if (!user) throw new AppError(ErrorCode.Unauthorized);
  return { actor: { id: user.id, name: user.name }, projectId: null, now: clock() };
}

/**
 * Serves the standard routes of a resource (contract/resources/routes.ts) with its generic repository:
 * route ids `<name>.list`, `.export` (the list as CSV, shared/csv-export.ts), `.get`, `.create`, `.update`, `.delete`, and `.restore`, `.purge`,
 * `.emptyTrash`, `.reorder` when the declaration has a trash or an order; name, scope, trash and order
 * are read from the repository's declaration. Access was checked before the handler runs
 * (http/access.ts); the handlers only pass the parsed input and the change context on.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  repository: ResourceRepository,
  options: { readonly clock: Clock; readonly overrides?: ResourceRouteOverrides },
): void {
  const { resource } = repository;
  const { clock } = options;
  const global = resource.wiring?.scope === 'global';
  const serve = (action: string, handler: (input: GenericInput) => Promise<unknown>): void => {
    registerRoute(app, `${resource.name}.${action}` as RouteId, handler as unknown as RouteHandler<RouteId>);
  };
  const change = (input: GenericInput) => changeOf(input.request, global, clock);
  const projectOf = (input: GenericInput) => (global ? null : (input.params?.projectId as string));
  const id = (input: GenericInput) => input.params?.id as string;

  serve('list', (input) => repository.list(projectOf(input), input.query));
  registerCsvExport(app, `${resource.name}.export` as RouteId, resourceExportSource(repository, global));
  serve('get', (input) => repository.get(projectOf(input), id(input)));
  const { create, update } = options.overrides ?? {};
  if ((create || update) && global) throw new Error(`${resource.name}: overrides are for project resources`);
  serve('create', (input) => (create ? create(change(input) as ChangeContext, input.body) : repository.create(change(input), input.body)));
  serve('update', (input) => (update ? update(change(input) as ChangeContext, id(input), input.body) : repository.update(change(input), id(input), input.body)));
  serve('delete', (input) => repository.remove(change(input), id(input), input.query.force === true));
  if (resource.trash) {
    serve('restore', (input) => repository.restore(change(input), id(input)));
    serve('purge', async (input) => {
      await repository.purge(change(input), id(input));
      return null;
    });
    serve('emptyTrash', async (input) => ({ purged: await repository.emptyTrash(change(input)) }));
  }
  if (resource.orderable) {
    serve('reorder', async (input) => ({ items: await repository.reorder(change(input), input.body.items) }));
  }
}
