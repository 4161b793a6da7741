import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { DomainModule, ServerDeps } from '../module';
import { StoreIntake } from './intake';
import { CommerceRepository } from './repository';
import { SegmentRepository, segmentCondition } from './segments';
import { StoreSettingsRepository } from './store-apps';
import { defaultStoreEndpoints } from './stores/endpoints';
import { UnlockService } from './unlocks';

/**
 * The commerce domain (contract/api/commerce.ts): the stores' notification hooks, the transactions
 * and customers lists, the receipt lookup and import, the subscription check, manual unlocks and
 * their limits, and each app's store settings.
 */
function registerCommerceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const repository = new CommerceRepository(deps.db);
  const settings = new StoreSettingsRepository(deps.db, deps.box);
  const unlocks = new UnlockService(deps.db);
  const segmentRepository = new SegmentRepository(deps.db);
  const intake = new StoreIntake({ db: deps.db, clock: deps.clock, box: deps.box, endpoints: deps.stores ?? defaultStoreEndpoints });

  // The stores' calls (public: the signature or the Play Developer API is the proof).
  registerRoute(app, 'hooks.apple', ({ params, body, request }) => intake.appleNotification(params.appId, body.signedPayload, request.ip));
  registerRoute(app, 'hooks.google', ({ params, body, request }) => intake.googleNotification(params.appId, body, request.ip, request.headers.authorization));

  registerRoute(app, 'transactions.list', ({ request, query }) => repository.listTransactions(projectAccessOf(request).projectId, query));
  registerRoute(app, 'transactions.get', ({ request, params }) => repository.getTransaction(projectAccessOf(request).projectId, params.id));
  registerRoute(app, 'transactions.lookup', async ({ request, body }) => {
    const access = projectAccessOf(request);
    return (await intake.lookup(access.projectId, access.user.id, body)).result;
  });
  registerRoute(app, 'transactions.import', ({ request, body }) => {
    const access = projectAccessOf(request);
    return intake.import(access.projectId, { id: access.user.id, name: access.user.name }, body);
  });
  registerRoute(app, 'storeEvents.list', ({ request, query }) => repository.listEvents(projectAccessOf(request).projectId, query));

  registerRoute(app, 'storeSettings.get', ({ request, params }) => settings.get(projectAccessOf(request).projectId, params.id));
  registerRoute(app, 'storeSettings.update', ({ request, params, body }) => {
    const { version, ...input } = body;
    return settings.update(changeContextOf(request, deps.clock), params.id, input, version);
  });

  registerRoute(app, 'customers.list', async ({ request, query }) => {
    const projectId = projectAccessOf(request).projectId;
    const now = deps.clock();
    const segment = query.segmentId ? await segmentRepository.get(projectId, query.segmentId) : null;
    return repository.listCustomers(projectId, query, now, segment ? segmentCondition(projectId, segment, now) : undefined);
  });
  registerRoute(app, 'customers.get', async ({ request, params }) => {
    const projectId = projectAccessOf(request).projectId;
    const now = deps.clock();
    const profile = await repository.profile(projectId, params.id, now);
    return { ...profile, unlocks: await unlocks.ofCustomer(projectId, params.id, now) };
  });
  registerRoute(app, 'subscriptionCheck.run', ({ request, query }) => repository.check(projectAccessOf(request).projectId, query.by, query.value, deps.clock()));

  registerRoute(app, 'unlocks.list', ({ request, query }) => unlocks.list(projectAccessOf(request).projectId, query, deps.clock()));
  registerRoute(app, 'unlocks.create', ({ request, body }) => unlocks.create(changeContextOf(request, deps.clock), projectAccessOf(request), body));
  registerRoute(app, 'unlocks.approve', ({ request, params, body }) =>
    unlocks.approve(changeContextOf(request, deps.clock), projectAccessOf(request), params.id, body.version, body.note),
  );
  registerRoute(app, 'unlocks.reject', ({ request, params, body }) =>
    unlocks.reject(changeContextOf(request, deps.clock), projectAccessOf(request), params.id, body.version, body.note),
  );
  registerRoute(app, 'unlocks.revoke', ({ request, params, body }) => unlocks.revoke(changeContextOf(request, deps.clock), params.id, body.version, body.note));
  registerRoute(app, 'unlocks.history', ({ request, params }) => unlocks.history(projectAccessOf(request).projectId, params.id));
  registerRoute(app, 'unlockPolicy.get', ({ request }) => unlocks.policy(projectAccessOf(request).projectId));
  registerRoute(app, 'segments.list', ({ request }) => segmentRepository.list(projectAccessOf(request).projectId));
  // Configuration audiences name segments: the delivery API recompiles with their new rules.
  const segmentChanged = async <T>(projectId: string, change: Promise<T>): Promise<T> => {
    const result = await change;
    deps.configChanges.emit(projectId);
    return result;
  };
  registerRoute(app, 'segments.create', ({ request, body }) => {
    const context = changeContextOf(request, deps.clock);
    return segmentChanged(context.projectId, segmentRepository.create(context, body));
  });
  registerRoute(app, 'segments.update', ({ request, params, body }) => {
    const { version, ...input } = body;
    const context = changeContextOf(request, deps.clock);
    return segmentChanged(context.projectId, segmentRepository.update(context, params.id, input, version));
  });
  registerRoute(app, 'segments.delete', ({ request, params }) => {
    const context = changeContextOf(request, deps.clock);
    return segmentChanged(context.projectId, segmentRepository.delete(context, params.id));
  });
  registerRoute(app, 'segments.count', ({ request, body }) => segmentRepository.count(projectAccessOf(request).projectId, body, deps.clock()));
  registerRoute(app, 'unlockPolicy.set', ({ request, body }) => unlocks.setPolicy(changeContextOf(request, deps.clock), body.limits, body.version));
}

/** The commerce domain, mounted with the others (domains/index.ts `domainModules`). */
export const commerceDomain: DomainModule = { name: 'commerce', register: registerCommerceRoutes };
