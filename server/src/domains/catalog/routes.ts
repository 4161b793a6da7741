import type { FastifyInstance } from 'fastify';
import { changeContextOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { asOutput } from '../../resources/repository';
import { registerResourceRoutes } from '../../resources/routes';
import type { DomainModule } from '../module';

/** The catalog's routes (contract/api/catalog.ts): standard resource routes plus links and app secrets. */
function registerCatalogRoutes(app: FastifyInstance, { domains, clock }: Parameters<DomainModule['register']>[1]): void {
  const { catalogRepository: repository, catalog: service } = domains;
  for (const resource of [repository.apps, repository.skus, repository.entitlements, repository.offerings]) registerResourceRoutes(app, resource, { clock });

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

/** The catalog domain: apps (with secrets), SKUs, entitlements, offerings. */
export const catalogDomain: DomainModule = { name: 'catalog', register: registerCatalogRoutes };
