import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { ListPage, ListQuery } from '@contract/envelope';
import { roleResource, teamResource, type TeamMember } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { apps, projectMembers, roles, roleUsers, teamApps, teamMembers, teams, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { ResourceRepository, type ResourceItemView, type ResourceRow } from '../../resources/repository';
import type { Clock } from '../../shared/clock';
import { containsPattern, pageWindow, sortOf } from '../../shared/list';

type TeamRole = TeamMember['role'];

/**
 * All SQL of teams (members with a team role, linked apps) and app roles (menus, linked users).
 * Teams and roles themselves are generic resources; memberships and links are written here, each
 * with its audit row and a new version of the team or role it changes.
 */
export class TeamsRepository {
  readonly teams: ResourceRepository;
  readonly roles: ResourceRepository;

  constructor(
    private readonly db: Database,
    clock: Clock,
  ) {
    this.teams = new ResourceRepository(db, {
      resource: teamResource,
      table: teams,
      entity: 'team',
      notFound: ErrorCode.TeamNotFound,
      clock,
      hooks: { virtual: { load: (executor, rows) => this.teamExtras(executor, rows) } },
    });
    this.roles = new ResourceRepository(db, {
      resource: roleResource,
      table: roles,
      entity: 'role',
      notFound: ErrorCode.RoleNotFound,
      inUse: ErrorCode.RoleInUse,
      clock,
      hooks: {
        virtual: { load: (executor, rows) => this.roleUserIds(executor, rows) },
        links: {
          find: async (tx, row) => {
            const rows = await tx.select({ id: users.id, name: users.name }).from(roleUsers).innerJoin(users, eq(users.id, roleUsers.userId)).where(eq(roleUsers.roleId, row.id));
            return rows.map((r) => ({ kind: 'user' as const, ...r }));
          },
          remove: async (tx, context, row) => {
            const removed = await tx.delete(roleUsers).where(eq(roleUsers.roleId, row.id)).returning({ userId: roleUsers.userId });
            await writeAudit(tx, context, removed.map((r) => ({ entity: 'role' as const, entityId: row.id, action: 'unlink' as const, before: { userId: r.userId }, after: null })));
          },
        },
      },
    });
  }

  private async teamExtras(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const ids = rows.map((row) => row.id);
    const result = new Map<string, Record<string, unknown>>(ids.map((id) => [id, { appIds: [] as string[], memberCount: 0 }]));
    const links = await db.select({ teamId: teamApps.teamId, appId: teamApps.appId }).from(teamApps).where(inArray(teamApps.teamId, ids)).orderBy(asc(teamApps.createdAt));
    for (const link of links) (result.get(link.teamId)?.appIds as string[] | undefined)?.push(link.appId);
    const counts = await db.select({ teamId: teamMembers.teamId, n: count() }).from(teamMembers).where(inArray(teamMembers.teamId, ids)).groupBy(teamMembers.teamId);
    for (const row of counts) {
      const entry = result.get(row.teamId);
      if (entry) entry.memberCount = row.n;
    }
    return result;
  }

  private async roleUserIds(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const result = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, { userIds: [] as string[] }]));
    const links = await db
      .select({ roleId: roleUsers.roleId, userId: roleUsers.userId })
      .from(roleUsers)
      .where(inArray(roleUsers.roleId, rows.map((row) => row.id)))
      .orderBy(asc(roleUsers.createdAt));
    for (const link of links) (result.get(link.roleId)?.userIds as string[] | undefined)?.push(link.userId);
    return result;
  }

  // ------------------------------------------------------------------------------------------
  // Shared checks

  private async isProjectMember(db: Database, projectId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** Locks a team of the project (107002 when there is none). */
  private async lockTeam(tx: Database, projectId: string, teamId: string): Promise<void> {
    const rows = await tx.select({ id: teams.id }).from(teams).where(and(eq(teams.id, teamId), eq(teams.projectId, projectId))).for('update');
    if (rows.length === 0) throw new AppError(ErrorCode.TeamNotFound);
  }

  /** Gives a team or role a new version (its member or link list changed) and answers the item. */
  private async touch(tx: Database, context: ChangeContext, kind: 'team' | 'role', id: string): Promise<ResourceItemView> {
    const table = kind === 'team' ? teams : roles;
    const rows = (await tx
      .update(table)
      .set({ version: sql`${table.version} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
      .where(eq(table.id, id))
      .returning()) as ResourceRow[];
    const repository = kind === 'team' ? this.teams : this.roles;
    return (await repository.toItems(tx, rows))[0] as ResourceItemView;
  }

  // ------------------------------------------------------------------------------------------
  // Team members

  /** The caller's role in a team of the project: undefined when not in it, 107002 when there is no such team. */
  async teamRoleOf(projectId: string, teamId: string, userId: string): Promise<TeamRole | undefined> {
    const [team] = await this.db.select({ id: teams.id }).from(teams).where(and(eq(teams.id, teamId), eq(teams.projectId, projectId))).limit(1);
    if (!team) throw new AppError(ErrorCode.TeamNotFound);
    const [row] = await this.db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    return row?.role;
  }

  /** A team's members in the list convention; `q` searches name and email. */
  async listMembers(projectId: string, teamId: string, query: ListQuery): Promise<ListPage<TeamMember>> {
    const [team] = await this.db.select({ id: teams.id }).from(teams).where(and(eq(teams.id, teamId), eq(teams.projectId, projectId))).limit(1);
    if (!team) throw new AppError(ErrorCode.TeamNotFound);
    const { field, dir } = sortOf(query, ['name', 'email', 'role', 'addedAt'] as const, { field: 'name', dir: 'asc' });
    const column = { name: users.name, email: users.email, role: teamMembers.role, addedAt: teamMembers.createdAt }[field];
    const where = and(
      eq(teamMembers.teamId, teamId),
      query.q ? or(ilike(users.name, containsPattern(query.q)), ilike(users.email, containsPattern(query.q))) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ userId: users.id, email: users.email, name: users.name, role: teamMembers.role, addedAt: teamMembers.createdAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(where);
    return { items: rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() })), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  private async memberView(tx: Database, teamId: string, userId: string): Promise<TeamMember> {
    const [row] = await tx
      .select({ userId: users.id, email: users.email, name: users.name, role: teamMembers.role, addedAt: teamMembers.createdAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    if (!row) throw new AppError(ErrorCode.NotTeamMember);
    return { ...row, addedAt: row.addedAt.toISOString() };
  }

  /** Adds a project member to a team (102022 when not a project member, 107006 when in the team already). */
  async addMember(context: ChangeContext, teamId: string, userId: string, role: TeamRole): Promise<TeamMember> {
    return this.db.transaction(async (tx) => {
      await this.lockTeam(tx, context.projectId, teamId);
      if (!(await this.isProjectMember(tx, context.projectId, userId))) throw new AppError(ErrorCode.MemberNotFound, { fieldErrors: { userId: { key: 'validation.invalid' } } });
      const inserted = await tx.insert(teamMembers).values({ teamId, userId, role, createdAt: context.now }).onConflictDoNothing().returning({ userId: teamMembers.userId });
      if (inserted.length === 0) throw new AppError(ErrorCode.TeamMemberExists);
      await this.touch(tx, context, 'team', teamId);
      await writeAudit(tx, context, { entity: 'team', entityId: teamId, action: 'link', before: null, after: { userId, role } });
      return this.memberView(tx, teamId, userId);
    });
  }

  /** Changes a team member's team role (107003 when not in the team). */
  async updateMember(context: ChangeContext, teamId: string, userId: string, role: TeamRole): Promise<TeamMember> {
    return this.db.transaction(async (tx) => {
      await this.lockTeam(tx, context.projectId, teamId);
      const [before] = await tx.select({ role: teamMembers.role }).from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      if (!before) throw new AppError(ErrorCode.NotTeamMember);
      await tx.update(teamMembers).set({ role }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      await this.touch(tx, context, 'team', teamId);
      await writeAudit(tx, context, { entity: 'team', entityId: teamId, action: 'update', before: { userId, role: before.role }, after: { userId, role } });
      return this.memberView(tx, teamId, userId);
    });
  }

  /** Removes someone from a team (107003 when not in it). */
  async removeMember(context: ChangeContext, teamId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockTeam(tx, context.projectId, teamId);
      const removed = await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))).returning({ role: teamMembers.role });
      if (removed.length === 0) throw new AppError(ErrorCode.NotTeamMember);
      await this.touch(tx, context, 'team', teamId);
      await writeAudit(tx, context, { entity: 'team', entityId: teamId, action: 'unlink', before: { userId, role: removed[0]?.role }, after: null });
    });
  }

  // ------------------------------------------------------------------------------------------
  // Team apps

  /** Gives a team one of the project's live apps (102020 when there is no such app, 102008 when linked). */
  async linkApp(context: ChangeContext, teamId: string, appId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockTeam(tx, context.projectId, teamId);
      const [app] = await tx
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.id, appId), eq(apps.projectId, context.projectId), isNull(apps.deletedAt)))
        .limit(1);
      if (!app) throw new AppError(ErrorCode.AppNotFound, { fieldErrors: { appId: { key: 'validation.invalid' } } });
      const inserted = await tx.insert(teamApps).values({ teamId, appId, createdAt: context.now }).onConflictDoNothing().returning({ appId: teamApps.appId });
      if (inserted.length === 0) throw new AppError(ErrorCode.AlreadyLinked);
      await writeAudit(tx, context, { entity: 'team', entityId: teamId, action: 'link', before: null, after: { appId } });
      return this.touch(tx, context, 'team', teamId);
    });
  }

  /** Takes an app from a team (107005 when the team does not have it). */
  async unlinkApp(context: ChangeContext, teamId: string, appId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockTeam(tx, context.projectId, teamId);
      const removed = await tx.delete(teamApps).where(and(eq(teamApps.teamId, teamId), eq(teamApps.appId, appId))).returning({ appId: teamApps.appId });
      if (removed.length === 0) throw new AppError(ErrorCode.TeamAppMissing);
      await writeAudit(tx, context, { entity: 'team', entityId: teamId, action: 'unlink', before: { appId }, after: null });
      return this.touch(tx, context, 'team', teamId);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Role users

  private async lockRole(tx: Database, projectId: string, roleId: string): Promise<void> {
    const rows = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.id, roleId), eq(roles.projectId, projectId))).for('update');
    if (rows.length === 0) throw new AppError(ErrorCode.RoleNotFound);
  }

  /** Links a project member to an app role (102022 when not a member, 102008 when linked already). */
  async linkUser(context: ChangeContext, roleId: string, userId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockRole(tx, context.projectId, roleId);
      if (!(await this.isProjectMember(tx, context.projectId, userId))) throw new AppError(ErrorCode.MemberNotFound, { fieldErrors: { userId: { key: 'validation.invalid' } } });
      const inserted = await tx.insert(roleUsers).values({ roleId, userId, createdAt: context.now }).onConflictDoNothing().returning({ userId: roleUsers.userId });
      if (inserted.length === 0) throw new AppError(ErrorCode.AlreadyLinked);
      await writeAudit(tx, context, { entity: 'role', entityId: roleId, action: 'link', before: null, after: { userId } });
      return this.touch(tx, context, 'role', roleId);
    });
  }

  /** Unlinks a user from an app role (102009 when not linked). */
  async unlinkUser(context: ChangeContext, roleId: string, userId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockRole(tx, context.projectId, roleId);
      const removed = await tx.delete(roleUsers).where(and(eq(roleUsers.roleId, roleId), eq(roleUsers.userId, userId))).returning({ userId: roleUsers.userId });
      if (removed.length === 0) throw new AppError(ErrorCode.NotLinked);
      await writeAudit(tx, context, { entity: 'role', entityId: roleId, action: 'unlink', before: { userId }, after: null });
      return this.touch(tx, context, 'role', roleId);
    });
  }
}
