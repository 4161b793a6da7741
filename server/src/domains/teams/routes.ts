import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import { asOutput } from '../../resources/repository';
import { registerResourceRoutes } from '../../resources/routes';
import type { DomainModule } from '../module';

/** The teams and app roles routes (contract/api/teams.ts). */
function registerTeamRoutes(app: FastifyInstance, { domains, clock }: Parameters<DomainModule['register']>[1]): void {
  const { teamsRepository: repository, teams: service } = domains;
  registerResourceRoutes(app, repository.teams, { clock });
  registerResourceRoutes(app, repository.roles, { clock });

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

/** The teams domain: teams (members, apps) and app roles (menus, users). */
export const teamsDomain: DomainModule = { name: 'teams', register: registerTeamRoutes };
