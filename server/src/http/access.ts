import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeHooks } from './authenticate';
import { routes } from '@contract/api';
import { accessOf } from '@contract/permissions';
import type { AccessService, ProjectAccess } from '../domains/access/service';
import type { ContractRouteConfig } from './register-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's access to the project of a project route; null elsewhere. */
    projectAccess: ProjectAccess | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Access control for every contract route with an access rule (contract/permissions.ts `withAccess`).
 *
 * It runs at preValidation: after authentication, before the input is validated, so a caller without
 * access gets the access refusal whatever they send. A `:projectId` that is not even a UUID is left to
 * validation (1000): it names no project to be refused from.
 */
export function installAccessControl(app: FastifyInstance, service: AccessService): void {
  app.decorateRequest('projectAccess', null);
  // Added to the routes with an access rule only (as each is declared): the others pay nothing.
  app.addHook('onRoute', (route) => {
    const config = route.config as Partial<ContractRouteConfig> | undefined;
    const access = config?.routeId ? accessOf(routes[config.routeId]) : undefined;
    if (!access) return;
    const check = async (request: FastifyRequest): Promise<void> => {
      if (!request.auth) return;
      const raw = (request.params as Record<string, unknown> | undefined)?.projectId;
      if (access.scope === 'project' && (typeof raw !== 'string' || !UUID.test(raw))) return;
      request.projectAccess = await service.require(request.auth.user, access, typeof raw === 'string' ? raw.toLowerCase() : undefined);
    };
    route.preValidation = [check, ...routeHooks(route.preValidation)];
  });
}
