import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { DomainModule } from '../module';
import { ClientKeysRepository } from './repository';

/** The client-key routes (contract/api/client-keys.ts). */
function registerClientKeyRoutes(app: FastifyInstance, { db, clock }: Parameters<DomainModule['register']>[1]): void {
  const repository = new ClientKeysRepository(db);
  registerRoute(app, 'clientKeys.list', ({ request, params }) => repository.list(projectAccessOf(request).projectId, params.id));
  registerRoute(app, 'clientKeys.create', ({ request, params, body }) => repository.create(changeContextOf(request, clock), params.id, body.label));
  registerRoute(app, 'clientKeys.revoke', ({ request, params }) => repository.revoke(changeContextOf(request, clock), params.id, params.keyId));
}

/** The client-keys domain: an app's public keys for the delivery API (the lookup is lookup.ts). */
export const clientKeysDomain: DomainModule = { name: 'clientKeys', register: registerClientKeyRoutes };
