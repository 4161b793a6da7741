import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../errors';
import { registerRoute } from '../../http/register-route';
import type { OutboxRepository } from './repository';

/** The mail routes: the embedded outbox, for administrators only (105010 for anyone else). */
export function registerMailRoutes(app: FastifyInstance, outbox: OutboxRepository): void {
  registerRoute(app, 'mail.outbox', async ({ session, query }) => {
    if (session.user.role !== 'admin') throw new AppError(ErrorCode.Forbidden);
    return outbox.list(query);
  });
}
