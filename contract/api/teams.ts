import { z } from 'zod';
import { listPageSchema, listQuerySchema } from '../envelope';
import { withAccess } from '../permissions';
import { idSchema } from '../resources/define';
import { projectItemParamsSchema, resourceRoutes } from '../resources/routes';
import { roleResource, teamMemberRoleSchema, teamMemberSchema, teamResource } from '../resources/projects';
import { defineRoute } from './route';

/**
 * Routes of a project's teams (members with a team role, linked apps) and app roles (menus granted
 * to linked users). Team membership can be managed by the project's collaborator managers and by the
 * team's own admins (107004 for anyone else); app roles by collaborator managers only.
 */

const base = '/api/v1/projects/:projectId';
const collaboratorsRead = { scope: 'project', area: 'collaborators', level: 'read' } as const;
const collaboratorsWrite = { scope: 'project', area: 'collaborators', level: 'write' } as const;
const teamUserParamsSchema = z.object({ projectId: idSchema, id: idSchema, userId: idSchema });
const teamAppParamsSchema = z.object({ projectId: idSchema, id: idSchema, appId: idSchema });

/** Teams and app roles routes, spread into the route table. */
export const teamRoutes = {
  ...resourceRoutes(teamResource),
  'teams.members': withAccess(
    defineRoute({
      method: 'GET',
      path: `${base}/teams/:id/members`,
      auth: 'user',
      summary: 'Members of a team with their team role; `q` searches name and email.',
      tags: ['teams'],
      params: projectItemParamsSchema,
      query: listQuerySchema,
      output: listPageSchema(teamMemberSchema),
    }),
    collaboratorsRead,
  ),
  'teams.addMember': withAccess(
    defineRoute({
      method: 'POST',
      path: `${base}/teams/:id/members`,
      auth: 'user',
      summary: 'Add a project member to a team (107006 when already in it, 102022 when not a project member).',
      tags: ['teams'],
      params: projectItemParamsSchema,
      body: z.object({ userId: idSchema, role: teamMemberRoleSchema }),
      output: teamMemberSchema,
    }),
    collaboratorsRead,
  ),
  'teams.updateMember': withAccess(
    defineRoute({
      method: 'PATCH',
      path: `${base}/teams/:id/members/:userId`,
      auth: 'user',
      summary: 'Change a team member’s team role (107003 when not in the team).',
      tags: ['teams'],
      params: teamUserParamsSchema,
      body: z.object({ role: teamMemberRoleSchema }),
      output: teamMemberSchema,
    }),
    collaboratorsRead,
  ),
  'teams.removeMember': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/teams/:id/members/:userId`,
      auth: 'user',
      summary: 'Remove someone from a team (107003 when not in the team).',
      tags: ['teams'],
      params: teamUserParamsSchema,
      output: z.null(),
    }),
    collaboratorsRead,
  ),
  'teams.linkApp': withAccess(
    defineRoute({
      method: 'POST',
      path: `${base}/teams/:id/apps`,
      auth: 'user',
      summary: 'Give a team one of the project’s apps (102008 when it has it already).',
      tags: ['teams'],
      params: projectItemParamsSchema,
      body: z.object({ appId: idSchema }),
      output: teamResource.item,
    }),
    collaboratorsRead,
  ),
  'teams.unlinkApp': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/teams/:id/apps/:appId`,
      auth: 'user',
      summary: 'Take an app from a team (107005 when the team does not have it).',
      tags: ['teams'],
      params: teamAppParamsSchema,
      output: teamResource.item,
    }),
    collaboratorsRead,
  ),
  ...resourceRoutes(roleResource),
  'roles.linkUser': withAccess(
    defineRoute({
      method: 'POST',
      path: `${base}/roles/:id/users`,
      auth: 'user',
      summary: 'Link a project member to an app role (102008 when already linked, 102022 when not a member).',
      tags: ['roles'],
      params: projectItemParamsSchema,
      body: z.object({ userId: idSchema }),
      output: roleResource.item,
    }),
    collaboratorsWrite,
  ),
  'roles.unlinkUser': withAccess(
    defineRoute({
      method: 'DELETE',
      path: `${base}/roles/:id/users/:userId`,
      auth: 'user',
      summary: 'Unlink a user from an app role (102009 when not linked).',
      tags: ['roles'],
      params: teamUserParamsSchema,
      output: roleResource.item,
    }),
    collaboratorsWrite,
  ),
} as const;
