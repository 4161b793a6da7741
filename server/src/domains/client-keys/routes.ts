import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { DomainModule } from '../module';
import { ClientKeysRepository } from './repository';

/** The client-key routes (contract/api/client-keys.ts). */
function registerClientKeyRoutes(app: FastifyInstance, { db, clock, configChanges }: Parameters<DomainModule['register']>[1]): void {
  const repository = new ClientKeysRepository(db);
  // The delivery API keeps the active keys in memory: a new or revoked key counts at once.
  const keysChanged = <T>(value: T): T => {
    configChanges.publish({ type: 'keys' });
    return value;
  };
  registerRoute(app, 'clientKeys.list', ({ request, params }) => repository.list(projectAccessOf(request).projectId, params.id));
  registerRoute(app, 'clientKeys.create', async ({ request, params, body }) => keysChanged(await repository.create(changeContextOf(request, clock), params.id, body.label)));
  registerRoute(app, 'clientKeys.revoke', async ({ request, params }) => keysChanged(await repository.revoke(changeContextOf(request, clock), params.id, params.keyId)));
}

/** The client-keys domain: an app's public keys for the delivery API (the lookup is lookup.ts). */
export const clientKeysDomain: DomainModule = { name: 'clientKeys', register: registerClientKeyRoutes };
