import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteId } from '@contract/api';
import { configKinds, type AnyConfigKind, type ConfigAction, type ConfigItem } from '@contract/config';
import type { Database } from '../db/client';
import { changeContextOf, projectAccessOf } from '../http/project-context';
import { registerRoute, type RouteHandler } from '../http/register-route';
import type { Clock } from '../shared/clock';
import type { DomainModule } from '../domains/module';
import type { ConfigChanges } from '../delivery/store';
import type { WebhookEvents } from '../domains/integrations/events';
import { registerCsvExport } from '../shared/csv-export';
import { configExportSource } from './export';
import { ConfigRecordsRepository } from './records';
import { ConfigRepository } from './repository';

/** What the generic handlers read from a request; the contract's schemas have parsed it already. */
interface Input {
  readonly params: { readonly projectId: string; readonly id: string };
  readonly query: Record<string, unknown>;
  readonly body: Record<string, unknown> & { readonly version: number };
  readonly request: FastifyRequest;
}

/**
 * Serves every declared configuration kind's routes (contract/config/routes.ts) from the one
 * document store, by looping over `configKinds`: a new kind needs no server file. Access was checked
 * before a handler runs (http/access.ts); approval additionally needs an owner or admin.
 */
export function registerConfigDomain(
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock; readonly configChanges: ConfigChanges; readonly webhookEvents?: WebhookEvents | undefined },
): void {
  for (const kind of configKinds) registerKind(app, kind, new ConfigRepository(deps.db, kind, deps.clock), deps.clock, deps.configChanges, deps.webhookEvents);
  const records = new ConfigRecordsRepository(deps.db);
  registerRoute(app, 'configRecords.list', async ({ params, query }) => records.list(params.projectId, query));
}

/** Actions after which what the app may receive can differ: delivery recompiles the project. */
const liveChanges: ReadonlySet<ConfigAction> = new Set(['publish', 'promote', 'unpublish', 'rollback', 'reorder', 'delete', 'restore', 'purge', 'emptyTrash']);

/** Actions that put a revision on the air, announced to the project's webhooks as `config.published`. */
const publishing: ReadonlySet<ConfigAction> = new Set(['publish', 'promote', 'rollback']);

function registerKind(app: FastifyInstance, kind: AnyConfigKind, repository: ConfigRepository, clock: Clock, changes: ConfigChanges, webhooks: WebhookEvents | undefined): void {
  /** After the change committed: the webhooks hear which revision went live where, and by whom. */
  const announce = (action: ConfigAction, input: Input, item: ConfigItem) => {
    const environment = action === 'publish' ? 'preview' : action === 'promote' ? 'official' : (input.body as unknown as { environment: 'preview' | 'official' }).environment;
    const revision = environment === 'official' ? item.officialRevision : item.previewRevision;
    if (revision === null) return;
    const actor = changeContextOf(input.request, clock).actor;
    webhooks?.send(input.params.projectId, 'config.published', { kind: kind.name, itemId: item.id, name: item.name, revision, environment, publishedBy: { id: actor.id, name: actor.name } });
  };
  const serve = (action: ConfigAction, handler: (input: Input) => Promise<unknown>): void => {
    const run = liveChanges.has(action)
      ? async (input: Input) => {
          const result = await handler(input);
          changes.emit(input.params.projectId);
          if (publishing.has(action)) announce(action, input, result as ConfigItem);
          return result;
        }
      : handler;
    registerRoute(app, `${kind.name}.${action}` as RouteId, run as unknown as RouteHandler<RouteId>);
  };
  const change = (input: Input) => changeContextOf(input.request, clock);
  const body = (input: Input) => input.body;
  /** Owners and admins approve (a global administrator acts as an owner). */
  const mayApprove = (input: Input) => {
    const role = projectAccessOf(input.request).role;
    return role === null || role === 'owner' || role === 'admin';
  };

  serve('list', (input) => repository.list(input.params.projectId, input.query as never));
  registerCsvExport(app, `${kind.name}.export` as RouteId, configExportSource(kind, repository));
  serve('get', (input) => repository.get(input.params.projectId, input.params.id));
  serve('create', (input) => repository.create(change(input), body(input).draft as Record<string, unknown>));
  serve('saveDraft', (input) => repository.saveDraft(change(input), input.params.id, body(input).version, body(input).draft as Record<string, unknown>));
  const queryVersion = (input: Input) => Number(input.query.version);
  serve('delete', (input) => repository.remove(change(input), input.params.id, queryVersion(input)));
  serve('publish', (input) => repository.publish(change(input), input.params.id, body(input).version, body(input).note as string | undefined));
  serve('promote', (input) => repository.promote(change(input), input.params.id, body(input).version));
  serve('unpublish', (input) => repository.unpublish(change(input), input.params.id, body(input).version));
  serve('approve', (input) => repository.approve(change(input), input.params.id, body(input).version, mayApprove(input)));
  serve('revisions', async (input) => ({ items: await repository.revisions(input.params.projectId, input.params.id) }));
  serve('rollback', (input) =>
    repository.rollback(
      change(input),
      input.params.id,
      body(input).version,
      body(input).revision as number,
      body(input).environment as 'preview' | 'official',
      body(input).note as string | undefined,
      mayApprove(input),
    ),
  );
  serve('policy', (input) => repository.policy(input.params.projectId));
  serve('setPolicy', (input) => repository.setPolicy(change(input), body(input).requiresApproval as boolean, body(input).version));
  if (kind.parts.trash) {
    serve('restore', (input) => repository.restore(change(input), input.params.id, queryVersion(input)));
    serve('purge', async (input) => {
      await repository.purge(change(input), input.params.id, queryVersion(input));
      return null;
    });
    serve('emptyTrash', async (input) => ({ purged: await repository.emptyTrash(change(input)) }));
  }
  if (kind.parts.order) {
    serve('reorder', async (input) => ({ items: await repository.reorder(change(input), body(input).items as Array<{ id: string; version: number }>) }));
  }
}

/** The configuration domain as the app mounts it with the others (domains/index.ts `domainModules`). */
export const configDomain: DomainModule = { name: 'config', register: (app, deps) => registerConfigDomain(app, deps) };
