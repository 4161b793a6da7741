import type { FastifyInstance } from 'fastify';
import { changeContextOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { asOutput } from '../../resources/repository';
import { registerResourceRoutes } from '../../resources/routes';
import type { Clock } from '../../shared/clock';
import type { CatalogRepository } from './repository';
import type { CatalogService } from './service';

/** The catalog's routes (contract/api/catalog.ts): standard resource routes plus links and app secrets. */
export function registerCatalogRoutes(app: FastifyInstance, repository: CatalogRepository, service: CatalogService, clock: Clock): void {
  registerResourceRoutes(app, repository.apps, { name: 'apps', trash: true, orderable: false, clock });
  registerResourceRoutes(app, repository.skus, { name: 'skus', trash: true, orderable: true, clock });
  registerResourceRoutes(app, repository.entitlements, { name: 'entitlements', trash: true, orderable: false, clock });
  registerResourceRoutes(app, repository.offerings, { name: 'offerings', trash: true, orderable: true, clock });

  registerRoute(app, 'apps.putStoreCredentials', ({ request, params, body }) => service.putStoreCredentials(changeContextOf(request, clock), params.id, body));
  registerRoute(app, 'apps.deleteStoreCredentials', async ({ request, params }) => {
    await service.deleteStoreCredentials(changeContextOf(request, clock), params.id);
    return null;
  });
  registerRoute(app, 'apps.putCardPayment', ({ request, params, body }) => service.putCardPayment(changeContextOf(request, clock), params.id, body));
  registerRoute(app, 'apps.deleteCardPayment', async ({ request, params }) => {
    await service.deleteCardPayment(changeContextOf(request, clock), params.id);
    return null;
  });
  registerRoute(app, 'entitlements.linkSku', async ({ request, params, body }) => asOutput(await repository.linkSku(changeContextOf(request, clock), params.id, body.skuId)));
  registerRoute(app, 'entitlements.unlinkSku', async ({ request, params }) => asOutput(await repository.unlinkSku(changeContextOf(request, clock), params.id, params.skuId)));
}
