import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@contract/errors';
import type { ProjectAccess } from '../domains/access/service';
import { AppError } from '../errors';
import type { ChangeContext } from '../resources/audit';
import type { Clock } from '../shared/clock';

/**
 * The caller's access to the route's project, as resolved by the access hook (http/access.ts). A
 * project route without one would be a route table mistake; it is refused rather than served open.
 */
export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new AppError(ErrorCode.NotProjectMember);
  return request.projectAccess;
}

/** Who changes what in which project, now: the context every write and its audit row carry. */
export function changeContextOf(request: FastifyRequest, clock: Clock): ChangeContext {
  const access = projectAccessOf(request);
  return { actor: { id: access.user.id, name: access.user.name }, projectId: access.projectId, now: clock() };
}
