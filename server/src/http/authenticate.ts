import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * nothing about a route's input and costs no parsing. The hook is added to those routes only (as each
 * is declared), so the routes without sign-in (the delivery API the apps call thousands of times a
 * second, the store hooks) pay nothing for it. Install it before the routes are registered.
 */
export function installAuthentication(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('auth', null);
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    request.auth = await service.authenticate(request.headers.authorization);
  };
  app.addHook('onRoute', (route) => {
    const config = route.config as Partial<ContractRouteConfig> | undefined;
    if (config?.auth === 'user') route.onRequest = [authenticate, ...routeHooks(route.onRequest)];
  });
}

/** A route's own hooks of one kind as a list (Fastify takes one function or an array). */
export function routeHooks<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
