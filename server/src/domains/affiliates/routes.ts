import type { FastifyInstance } from 'fastify';
import { projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { DomainModule, ServerDeps } from '../module';
import { AffiliateReportsRepository } from './repository';

/**
 * The affiliates' console route beyond the kind's own (contract/api/affiliates.ts): each link's
 * opens and installs, counted from the stored reports.
 */
function registerAffiliateRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const reports = new AffiliateReportsRepository(deps.db);
  registerRoute(app, 'affiliateCounts.list', async ({ request, query }) => ({ items: await reports.counts(projectAccessOf(request).projectId, query.ids) }));
}

/** The affiliates domain, mounted with the others (domains/index.ts `domainModules`). */
export const affiliatesDomain: DomainModule = { name: 'affiliates', register: registerAffiliateRoutes };
