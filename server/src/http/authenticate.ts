import type { FastifyInstance } from 'fastify';
import type { AuthService, AuthSession } from '../domains/auth/service';
import type { ContractRouteConfig } from './register-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session on `auth: 'user'` routes; null elsewhere. */
    auth: AuthSession | null;
  }
}

/**
 * Authentication attached once for every route whose contract entry says `auth: 'user'`.
 *
 * It runs at onRequest, before the body is read or validated, so an unauthenticated caller learns
 * nothing about a route's input and costs no parsing.
 */
export function installAuthentication(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as Partial<ContractRouteConfig> | undefined;
    if (config?.auth === 'user') request.auth = await service.authenticate(request.headers.authorization);
  });
}
