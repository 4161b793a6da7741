import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { DomainModule, ServerDeps } from '../module';
import { InterruptionBudgetRepository } from './budget-repository';
import { FeedbackRepository } from './feedback-repository';
import { liveInEnvironment } from './preview-repository';

/**
 * The popups domain's routes beyond the kind's own (contract/api/popups.ts): the interruption
 * budget, what the popup preview chooses from, and the answers to Feedback popups with their CSV.
 * A change of the budget tells the delivery API (it hands the caps to the app).
 */
function registerPopupRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const budgets = new InterruptionBudgetRepository(deps.db);
  const feedback = new FeedbackRepository(deps.db);
  registerRoute(app, 'interruptionBudget.get', ({ request }) => budgets.get(projectAccessOf(request).projectId));
  registerRoute(app, 'interruptionBudget.set', async ({ request, body }) => {
    const context = changeContextOf(request, deps.clock);
    const saved = await budgets.set(context, { perSession: body.perSession, perDay: body.perDay }, body.version);
    deps.configChanges.emit(context.projectId);
    return saved;
  });
  registerRoute(app, 'popupPreview.live', async ({ request, query }) => {
    const projectId = projectAccessOf(request).projectId;
    const [live, budget] = await Promise.all([liveInEnvironment(deps.db, projectId, query.environment), budgets.get(projectId)]);
    return { environment: query.environment, ...live, budget };
  });
  registerRoute(app, 'popupFeedback.list', ({ request, params, query }) => feedback.list(projectAccessOf(request).projectId, params.id, query));
  registerRoute(app, 'popupFeedback.export', ({ request, params }) => feedback.exportCsv(projectAccessOf(request).projectId, params.id));
}

/** The popups domain, mounted with the others (domains/index.ts `domainModules`). */
export const popupsDomain: DomainModule = { name: 'popups', register: registerPopupRoutes };
