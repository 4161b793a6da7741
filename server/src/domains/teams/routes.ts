import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { asOutput } from '../../resources/repository';
import { registerResourceRoutes } from '../../resources/routes';
import type { Clock } from '../../shared/clock';
import type { TeamsRepository } from './repository';
import type { TeamsService } from './service';

/** The teams and app roles routes (contract/api/teams.ts). */
export function registerTeamRoutes(app: FastifyInstance, repository: TeamsRepository, service: TeamsService, clock: Clock): void {
  registerResourceRoutes(app, repository.teams, { name: 'teams', trash: false, orderable: false, clock });
  registerResourceRoutes(app, repository.roles, { name: 'roles', trash: false, orderable: false, clock });

  registerRoute(app, 'teams.members', ({ params, query }) => repository.listMembers(params.projectId, params.id, query));
  registerRoute(app, 'teams.addMember', ({ request, params, body }) =>
    service.addMember(projectAccessOf(request), changeContextOf(request, clock), params.id, body.userId, body.role),
  );
  registerRoute(app, 'teams.updateMember', ({ request, params, body }) =>
    service.updateMember(projectAccessOf(request), changeContextOf(request, clock), params.id, params.userId, body.role),
  );
  registerRoute(app, 'teams.removeMember', async ({ request, params }) => {
    await service.removeMember(projectAccessOf(request), changeContextOf(request, clock), params.id, params.userId);
    return null;
  });
  registerRoute(app, 'teams.linkApp', async ({ request, params, body }) =>
    asOutput(await service.linkApp(projectAccessOf(request), changeContextOf(request, clock), params.id, body.appId)),
  );
  registerRoute(app, 'teams.unlinkApp', async ({ request, params }) =>
    asOutput(await service.unlinkApp(projectAccessOf(request), changeContextOf(request, clock), params.id, params.appId)),
  );
  registerRoute(app, 'roles.linkUser', async ({ request, params, body }) => asOutput(await repository.linkUser(changeContextOf(request, clock), params.id, body.userId)));
  registerRoute(app, 'roles.unlinkUser', async ({ request, params }) => asOutput(await repository.unlinkUser(changeContextOf(request, clock), params.id, params.userId)));
}
