import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../http/register-route';
import type { DomainModule } from '../module';
import type { AuthService, ClientInfo } from './service';

/** Address and user agent of a request, as kept with sign-in records (user agent capped at 512). */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (typeof agent === 'string' ? agent : '').slice(0, 512) };
}

/** The auth routes of the contract (contract/api/auth.ts); all logic lives in AuthService. */
function registerAuthRoutes(app: FastifyInstance, service: AuthService): void {
  registerRoute(app, 'auth.login', ({ body, request }) => service.login(body.email, body.password, clientOf(request)));

  registerRoute(app, 'auth.logout', async ({ session }) => {
    await service.logout(session);
    return null;
  });

  registerRoute(app, 'auth.me', async ({ session }) => session.user);

  registerRoute(app, 'auth.updateProfile', ({ session, body }) => service.updateProfile(session, body.name, body.version));

  registerRoute(app, 'auth.changePassword', async ({ session, body }) => {
    await service.changePassword(session, body.currentPassword, body.newPassword);
    return null;
  });

  registerRoute(app, 'auth.requestPasswordReset', async ({ body, request }) => {
    await service.requestPasswordReset(body.email, clientOf(request));
    return null;
  });

  registerRoute(app, 'auth.resetPassword', async ({ body, request }) => {
    await service.resetPassword(body.email, body.code, body.newPassword, clientOf(request));
    return null;
  });

  registerRoute(app, 'auth.signIns', ({ session, query }) => service.listSignIns(session, query));
}

/** The auth domain: sign-in, sessions, profile and passwords. */
export const authDomain: DomainModule = { name: 'auth', register: (app, deps) => registerAuthRoutes(app, deps.auth) };
