import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteId } from '@contract/api';
import type { ListQuery } from '@contract/envelope';
import { changeContextOf } from '../http/project-context';
import { registerRoute, type RouteHandler } from '../http/register-route';
import type { Clock } from '../shared/clock';
import type { ChangeContext } from './audit';
import type { ResourceRepository } from './repository';

/** Parts of a request the generic handlers read; the contract's schemas have already parsed them. */
interface GenericInput {
  readonly params: { readonly projectId: string; readonly id?: string };
  readonly query: (ListQuery & Record<string, unknown>) & { readonly force?: boolean };
  readonly body: Record<string, unknown> & { readonly version: number; readonly items: ReadonlyArray<{ id: string; version: number }> };
  readonly request: FastifyRequest;
}

/** Handlers a domain replaces (a webhook's create also makes its signing secret; both check its URL). */
export interface ResourceRouteOverrides {
  readonly create?: (context: ChangeContext, body: Record<string, unknown>) => Promise<unknown>;
  readonly update?: (context: ChangeContext, id: string, body: Record<string, unknown> & { version: number }) => Promise<unknown>;
}

/**
 * Serves the standard routes of a resource (contract/resources/routes.ts) with its generic repository:
 * route ids `<name>.list`, `.get`, `.create`, `.update`, `.delete`, and `.restore`, `.purge`,
 * `.emptyTrash`, `.reorder` when the resource has a trash or an order. Access was checked before the
 * handler runs (http/access.ts); the handlers only pass the parsed input and the change context on.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  repository: ResourceRepository,
  options: { readonly name: string; readonly trash: boolean; readonly orderable: boolean; readonly clock: Clock; readonly overrides?: ResourceRouteOverrides },
): void {
  const { name, clock } = options;
  const serve = (action: string, handler: (input: GenericInput) => Promise<unknown>): void => {
    registerRoute(app, `${name}.${action}` as RouteId, handler as unknown as RouteHandler<RouteId>);
  };
  const change = (input: GenericInput) => changeContextOf(input.request, clock);
  const id = (input: GenericInput) => input.params.id as string;

  serve('list', (input) => repository.list(input.params.projectId, input.query));
  serve('get', (input) => repository.get(input.params.projectId, id(input)));
  serve('create', (input) => (options.overrides?.create ?? ((context, body) => repository.create(context, body)))(change(input), input.body));
  serve('update', (input) => (options.overrides?.update ?? ((context, itemId, body) => repository.update(context, itemId, body)))(change(input), id(input), input.body));
  serve('delete', (input) => repository.remove(change(input), id(input), input.query.force === true));
  if (options.trash) {
    serve('restore', (input) => repository.restore(change(input), id(input)));
    serve('purge', async (input) => {
      await repository.purge(change(input), id(input));
      return null;
    });
    serve('emptyTrash', async (input) => ({ purged: await repository.emptyTrash(change(input)) }));
  }
  if (options.orderable) {
    serve('reorder', async (input) => ({ items: await repository.reorder(change(input), input.body.items) }));
  }
}
