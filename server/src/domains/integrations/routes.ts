import type { FastifyInstance } from 'fastify';
import { changeContextOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { registerResourceRoutes } from '../../resources/routes';
import type { DomainModule } from '../module';

/** The integrations routes (contract/api/integrations.ts). */
function registerIntegrationRoutes(app: FastifyInstance, { domains, clock }: Parameters<DomainModule['register']>[1]): void {
  const { integrationsRepository: repository, integrations: service } = domains;
  registerResourceRoutes(app, repository.webhooks, {
    clock,
    overrides: { create: (context, body) => service.create(context, body), update: (context, id, body) => service.update(context, id, body) },
  });
  registerRoute(app, 'webhooks.test', ({ request, params }) => service.test(changeContextOf(request, clock), params.id));
}

/** The integrations domain: webhook endpoints and their test deliveries. */
export const integrationsDomain: DomainModule = { name: 'integrations', register: registerIntegrationRoutes };
