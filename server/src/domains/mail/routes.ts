import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../errors';
import { registerRoute } from '../../http/register-route';
import type { DomainModule } from '../module';
import type { OutboxRepository } from './repository';

/** The mail routes: the embedded outbox, for administrators only (105010 for anyone else). */
function registerMailRoutes(app: FastifyInstance, outbox: OutboxRepository): void {
  registerRoute(app, 'mail.outbox', async ({ session, query }) => {
    if (session.user.role !== 'admin') throw new AppError(ErrorCode.Forbidden);
    return outbox.list(query);
  });
}

/** The mail domain: the embedded outbox. */
export const mailDomain: DomainModule = { name: 'mail', register: (app, deps) => registerMailRoutes(app, deps.outbox) };
