import type { FastifyInstance } from 'fastify';
import { changeContextOf, projectAccessOf } from '../../http/project-context';
import { registerRoute } from '../../http/register-route';
import type { Clock } from '../../shared/clock';
import type { AccessService } from '../access/service';
import type { DomainModule } from '../module';
import { UsersRepository } from '../users/repository';
import { UsersService } from '../users/service';
import type { ProjectsService } from './service';

/** The services behind the project routes. */
export interface ProjectRouteDeps {
  readonly projects: ProjectsService;
  readonly access: AccessService;
  readonly users: UsersService;
  readonly usersRepository: UsersRepository;
  readonly clock: Clock;
}

/** The routes of contract/api/projects.ts: projects, members, invitations, audit log, menus, users. */
function registerProjectRoutes(app: FastifyInstance, deps: ProjectRouteDeps): void {
  const { projects, clock } = deps;

  registerRoute(app, 'me.menus', ({ session }) => deps.access.myMenus(session.user));
  registerRoute(app, 'users.list', ({ query }) => deps.usersRepository.list(query));
  registerRoute(app, 'users.create', ({ session, body }) => deps.users.create(body, session.user));

  registerRoute(app, 'projects.list', ({ session, query }) => projects.list(session.user, query));
  registerRoute(app, 'projects.create', ({ session, body }) => projects.create(session.user, body));
  registerRoute(app, 'projects.get', ({ request }) => projects.get(projectAccessOf(request)));
  registerRoute(app, 'projects.update', ({ request, body }) => projects.update(projectAccessOf(request), changeContextOf(request, clock), body));
  registerRoute(app, 'projects.delete', async ({ request }) => {
    await projects.delete(changeContextOf(request, clock));
    return null;
  });

  registerRoute(app, 'members.list', ({ params, query }) => projects.listMembers(params.projectId, query));
  registerRoute(app, 'members.update', ({ request, params, body }) => projects.updateMember(changeContextOf(request, clock), params.userId, body.role, body.version));
  registerRoute(app, 'members.remove', async ({ request, params }) => {
    await projects.removeMember(changeContextOf(request, clock), params.userId);
    return null;
  });

  registerRoute(app, 'invitations.list', ({ params, query }) => projects.listInvitations(params.projectId, query));
  registerRoute(app, 'invitations.create', ({ request, body }) => projects.invite(projectAccessOf(request), changeContextOf(request, clock), body.email, body.role));
  registerRoute(app, 'invitations.revoke', ({ request, params }) => projects.revoke(changeContextOf(request, clock), params.id));
  registerRoute(app, 'invitations.accept', ({ session, body }) => projects.accept(session.user, body.code));

  registerRoute(app, 'audit.list', ({ request, query }) => projects.auditLog(projectAccessOf(request), query));
}

/** The projects domain: projects, members, invitations, the audit log, menus and operator accounts. */
export const projectsDomain: DomainModule = {
  name: 'projects',
  register(app, { db, domains, authRepository, hasher, mailer, clock }) {
    const usersRepository = new UsersRepository(db);
    registerProjectRoutes(app, {
      projects: domains.projects,
      access: domains.access,
      users: new UsersService({ auth: authRepository, users: usersRepository, hasher, mailer, clock }),
      usersRepository,
      clock,
    });
  },
};
