import type { FastifyInstance } from 'fastify';
import { affiliateKind } from '@contract/config';
import { ErrorCode } from '@contract/errors';
import { AffiliateReportsRepository } from '../domains/affiliates/repository';
import type { ServerDeps } from '../domains/module';
import { AppError } from '../errors';
import { registerRoute } from '../http/register-route';

/**
 * `POST /client/v1/{clientKey}/affiliate-opens` (contract/delivery/affiliate.ts): the app reports
 * that it was opened, or installed, through an affiliate link.
 *
 * Who may send: whoever holds an active client key, as for the other delivery routes; the platform
 * comes from the key. The key is admitted by the delivery store's limits (per client address with
 * the key, then the key's ceiling: store.ts `admit`) before the link is looked up, so nonsense costs
 * the sender, not the database; beyond them 1006 with `Retry-After`. What counts: a link of the
 * key's project that is live and enabled (108002 otherwise, without saying which), once per link,
 * device and event; the unique index of `affiliate_reports` makes a repeat, even a concurrent one,
 * insert nothing, and it is answered `{ counted: false }`. The console's counts are counts of these
 * rows: the app asserts only that one device saw one open or install.
 */
export function registerAffiliateReportRoute(app: FastifyInstance, deps: Pick<ServerDeps, 'db' | 'clock' | 'delivery'>): void {
  const reports = new AffiliateReportsRepository(deps.db);
  registerRoute(app, 'delivery.affiliateOpens', async ({ params, body, request, reply }) => {
    const key = await deps.delivery.key(params.clientKey);
    if (!key) throw new AppError(ErrorCode.ClientKeyInvalid);
    const admitted = deps.delivery.admit(key, request.ip);
    if (!admitted.ok) {
      reply.header('retry-after', String(admitted.retryAfterSeconds));
      throw new AppError(ErrorCode.TooManyRequests);
    }
    if (!(await reports.countsFor(key.projectId, body.linkId))) throw new AppError(affiliateKind.notFoundCode);
    const counted = await reports.record({ projectId: key.projectId, linkId: body.linkId, deviceId: body.deviceId, event: body.event, platform: key.platform, at: deps.clock() });
    return { counted };
  });
}
