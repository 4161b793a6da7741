import type { FastifyInstance } from 'fastify';
import { changeContextOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { registerResourceRoutes } from '../../resources/routes';
import type { Clock } from '../../shared/clock';
import type { IntegrationsRepository } from './repository';
import type { IntegrationsService } from './service';

/** The integrations routes (contract/api/integrations.ts). */
export function registerIntegrationRoutes(app: FastifyInstance, repository: IntegrationsRepository, service: IntegrationsService, clock: Clock): void {
  registerResourceRoutes(app, repository.webhooks, {
    name: 'webhooks',
    trash: true,
    orderable: false,
    clock,
    overrides: { create: (context, body) => service.create(context, body), update: (context, id, body) => service.update(context, id, body) },
  });
  registerRoute(app, 'webhooks.test', ({ request, params }) => service.test(changeContextOf(request, clock), params.id));
}
