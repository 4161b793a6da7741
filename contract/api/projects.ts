import { z } from 'zod';
import { listPageSchema, listQuerySchema } from '../envelope';
import { emailSchema, localizedNameSchema } from '../validation';
import {
  accessLevels,
  areas,
  assignableMemberRoleSchema,
  memberRoleSchema,
  menuIdSchema,
  withAccess,
  type Area,
} from '../permissions';
import { idSchema, queryListSchema } from '../resources/define';
import { projectItemParamsSchema, projectParamsSchema } from '../resources/routes';
import {
  auditActions,
  auditEntities,
  auditEntrySchema,
  invitationCodeSchema,
  invitationCreateSchema,
  invitationSchema,
  invitationStatuses,
  memberSchema,
  memberUpdateSchema,
  projectCreateSchema,
  projectItemSchema,
  projectUpdateSchema,
} from '../resources/projects';
import { defineRoute } from './route';
import { userRoleSchema, userSchema } from './auth';

/**
 * Routes of projects, their collaborators (members and invitations), the audit log, the signed-in
 * user's menus and the administrators' user management. Catalog, integrations, teams and roles are
 * in their own files; every project route carries its access rule (contract/permissions.ts).
 */

const read = (area: Area) => ({ scope: 'project', area, level: 'read' }) as const;
const write = (area: Area) => ({ scope: 'project', area, level: 'write' }) as const;

/** One project as the navigation sees it: the user's role, permissions and menus there. */
export const projectAccessSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  role: memberRoleSchema.nullable(),
  permissions: z.object(Object.fromEntries(areas.map((a) => [a, z.enum(accessLevels)])) as { [A in Area]: z.ZodEnum<{ none: 'none'; read: 'read'; write: 'write' }> }),
  menus: z.array(menuIdSchema),
});
export type ProjectAccess = z.infer<typeof projectAccessSchema>;

/** What `me.menus` answers: the navigation of the signed-in user. */
export const myMenusSchema = z.object({
  role: userRoleSchema,
  /** Global menus the user may open. */
  menus: z.array(menuIdSchema),
  /** Every project the user may open (all of them for an administrator), with its menus. */
  projects: z.array(projectAccessSchema),
});
export type MyMenus = z.infer<typeof myMenusSchema>;

const memberParamsSchema = z.object({ projectId: idSchema, userId: idSchema });

/** Projects, collaborators, audit, menus and user routes, spread into the route table. */
export const projectRoutes = {
  'me.menus': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/me/menus',
      auth: 'user',
      summary: 'The menus the signed-in user may open, globally and per project, with their permissions.',
      tags: ['access'],
      output: myMenusSchema,
    }),
    { scope: 'user' },
  ),
  'users.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/users',
      auth: 'user',
      summary: 'Operator accounts (administrators only); `q` searches name and email.',
      tags: ['users'],
      query: listQuerySchema,
      output: listPageSchema(userSchema),
    }),
    { scope: 'admin' },
  ),
  'users.create': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/users',
      auth: 'user',
      summary: 'Create an operator account (administrators only); a temporary password is mailed to it.',
      tags: ['users'],
      body: z.object({ email: emailSchema, name: localizedNameSchema, role: userRoleSchema }),
      output: userSchema,
    }),
    { scope: 'admin' },
  ),
  'projects.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects',
      auth: 'user',
      summary: 'Projects the user is a member of (every project for an administrator).',
      tags: ['projects'],
      query: listQuerySchema,
      output: listPageSchema(projectItemSchema),
    }),
    { scope: 'user' },
  ),
  'projects.create': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects',
      auth: 'user',
      summary: 'Create a project with a unique name (102021); the creator becomes its owner.',
      tags: ['projects'],
      body: projectCreateSchema,
      output: projectItemSchema,
    }),
    { scope: 'user' },
  ),
  'projects.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId',
      auth: 'user',
      summary: 'One project.',
      tags: ['projects'],
      params: projectParamsSchema,
      output: projectItemSchema,
    }),
    read('project'),
  ),
  'projects.update': withAccess(
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/projects/:projectId',
      auth: 'user',
      summary: 'Change name or icon, or transfer ownership to another member (owner only).',
      tags: ['projects'],
      params: projectParamsSchema,
      body: projectUpdateSchema,
      output: projectItemSchema,
    }),
    write('project'),
  ),
  'projects.delete': withAccess(
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/projects/:projectId',
      auth: 'user',
      summary: 'Delete a project and everything in it (owner only).',
      tags: ['projects'],
      params: projectParamsSchema,
      output: z.null(),
    }),
    write('ownership'),
  ),
  'members.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/members',
      auth: 'user',
      summary: 'Members of a project; `q` searches name and email, `role` filters.',
      tags: ['collaborators'],
      params: projectParamsSchema,
      query: listQuerySchema.extend({ role: queryListSchema(memberRoleSchema).optional() }),
      output: listPageSchema(memberSchema),
    }),
    read('collaborators'),
  ),
  'members.update': withAccess(
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/projects/:projectId/members/:userId',
      auth: 'user',
      summary: 'Change a member’s role (not the owner’s: ownership is transferred on the project).',
      tags: ['collaborators'],
      params: memberParamsSchema,
      body: memberUpdateSchema,
      output: memberSchema,
    }),
    write('collaborators'),
  ),
  'members.remove': withAccess(
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/projects/:projectId/members/:userId',
      auth: 'user',
      summary: 'Remove a member (not the owner) with their team memberships and app role links.',
      tags: ['collaborators'],
      params: memberParamsSchema,
      output: z.null(),
    }),
    write('collaborators'),
  ),
  'invitations.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/invitations',
      auth: 'user',
      summary: 'Invitations of a project; `q` searches the email, `status` filters.',
      tags: ['collaborators'],
      params: projectParamsSchema,
      query: listQuerySchema.extend({ status: queryListSchema(z.enum(invitationStatuses)).optional() }),
      output: listPageSchema(invitationSchema),
    }),
    read('collaborators'),
  ),
  'invitations.create': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/invitations',
      auth: 'user',
      summary: 'Invite someone by email; the mail carries the accept code. A repeated pending invitation is 105004.',
      tags: ['collaborators'],
      params: projectParamsSchema,
      body: invitationCreateSchema,
      output: invitationSchema,
    }),
    write('collaborators'),
  ),
  'invitations.revoke': withAccess(
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/projects/:projectId/invitations/:id',
      auth: 'user',
      summary: 'Revoke a pending invitation.',
      tags: ['collaborators'],
      params: projectItemParamsSchema,
      output: invitationSchema,
    }),
    write('collaborators'),
  ),
  'invitations.accept': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/invitations/accept',
      auth: 'user',
      summary: 'Accept an invitation with the mailed code; the signed-in user’s email must be the invited one.',
      tags: ['collaborators'],
      body: z.object({ code: invitationCodeSchema }),
      output: z.object({ projectId: z.string(), projectName: z.string(), role: assignableMemberRoleSchema }),
    }),
    { scope: 'user' },
  ),
  'audit.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/audit',
      auth: 'user',
      summary: 'The project’s change log, newest first; entries of areas the user may not read are left out.',
      tags: ['audit'],
      params: projectParamsSchema,
      query: listQuerySchema.extend({
        entity: z.enum(auditEntities, { error: 'validation.enum' }).optional(),
        entityId: idSchema.optional(),
        action: queryListSchema(z.enum(auditActions)).optional(),
      }),
      output: listPageSchema(auditEntrySchema),
    }),
    read('audit'),
  ),
} as const;
