import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ErrorCode } from '@contract/errors';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { AssignableMemberRole, MemberRole } from '@contract/permissions';
import type { Invitation, Member, Project } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { invitations, projectMembers, projects, roles, roleUsers, teamMembers, teams, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { containsPattern, pageWindow, sortOf } from '../../shared/list';

const me = alias(projectMembers, 'me');
const ownerMember = alias(projectMembers, 'owner_member');
const ownerUser = alias(users, 'owner_user');
const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const inviter = alias(users, 'inviter');

/** An invitation row as the accept step needs it. */
export interface InvitationForAccept {
  readonly id: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly email: string;
  readonly role: AssignableMemberRole;
  readonly status: Invitation['status'];
  readonly expiresAt: Date;
}

/**
 * All SQL of projects, their members and invitations. Every change runs in one transaction with its
 * audit row; ownership moves by demoting the owner before promoting the new one, so the one-owner
 * index holds at every statement.
 */
export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  private projectSelect(db: Database, userId: string) {
    return db
      .select({
        id: projects.id,
        name: projects.name,
        iconUrl: projects.iconUrl,
        enabled: projects.enabled,
        version: projects.version,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
        createdById: creator.id,
        createdByName: creator.name,
        updatedById: updater.id,
        updatedByName: updater.name,
        ownerId: ownerUser.id,
        ownerName: ownerUser.name,
        myRole: me.role,
        memberCount: sql<number>`(select count(*) from ${projectMembers} pm where pm.project_id = ${projects.id})`.mapWith(Number),
      })
      .from(projects)
      .leftJoin(me, and(eq(me.projectId, projects.id), eq(me.userId, userId)))
      .leftJoin(ownerMember, and(eq(ownerMember.projectId, projects.id), eq(ownerMember.role, 'owner')))
      .leftJoin(ownerUser, eq(ownerUser.id, ownerMember.userId))
      .leftJoin(creator, eq(creator.id, projects.createdBy))
      .leftJoin(updater, eq(updater.id, projects.updatedBy));
  }

  private static toProject(row: Awaited<ReturnType<ProjectsRepository['projectSelect']>>[number]): Project {
    return {
      id: row.id,
      name: row.name,
      iconUrl: row.iconUrl,
      enabled: row.enabled,
      version: row.version,
      owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
      myRole: row.myRole,
      memberCount: row.memberCount,
      createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
      updatedBy: row.updatedById ? { id: row.updatedById, name: row.updatedByName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Projects of a user (every project with `all`), in the list convention; `q` searches the name. */
  async list(userId: string, all: boolean, query: ListQuery): Promise<ListPage<Project>> {
    const { field, dir } = sortOf(query, ['name', 'createdAt', 'updatedAt'] as const, { field: 'name', dir: 'asc' });
    const column = { name: projects.name, createdAt: projects.createdAt, updatedAt: projects.updatedAt }[field];
    const where = and(all ? undefined : isNotNull(me.userId), query.q ? ilike(projects.name, containsPattern(query.q)) : undefined);
    const { limit, offset } = pageWindow(query);
    const rows = await this.projectSelect(this.db, userId)
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), asc(projects.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(projects)
      .leftJoin(me, and(eq(me.projectId, projects.id), eq(me.userId, userId)))
      .where(where);
    return { items: rows.map(ProjectsRepository.toProject), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  private async view(db: Database, projectId: string, userId: string): Promise<Project> {
    const [row] = await this.projectSelect(db, userId).where(eq(projects.id, projectId)).limit(1);
    if (!row) throw new AppError(ErrorCode.ProjectNotFound);
    return ProjectsRepository.toProject(row);
  }

  get(projectId: string, userId: string): Promise<Project> {
    return this.view(this.db, projectId, userId);
  }

  /** Whether any project exists (the demo data is made only for a database without one). */
  async any(): Promise<boolean> {
    const [row] = await this.db.select({ id: projects.id }).from(projects).limit(1);
    return row !== undefined;
  }

  /** Creates a project owned by the actor (102021 for a taken name, from the unique index). */
  async create(context: ChangeContext, values: { name: string; iconUrl: string | null }): Promise<Project> {
    return this.db.transaction(async (tx) => {
      await tx.insert(projects).values({
        id: context.projectId,
        name: values.name,
        iconUrl: values.iconUrl,
        createdBy: context.actor.id,
        updatedBy: context.actor.id,
        createdAt: context.now,
        updatedAt: context.now,
      });
      await tx.insert(projectMembers).values({ projectId: context.projectId, userId: context.actor.id, role: 'owner', createdAt: context.now, updatedAt: context.now });
      const after = await this.view(tx, context.projectId, context.actor.id);
      await writeAudit(tx, context, { entity: 'project', entityId: context.projectId, action: 'create', before: null, after });
      return after;
    });
  }

  /**
   * Changes name, icon or enabled state, and transfers ownership to `ownerId` (a member, 102022
   * otherwise), if `version` is current (108007 otherwise).
   */
  async update(
    context: ChangeContext,
    patch: { name?: string | undefined; iconUrl?: string | null | undefined; enabled?: boolean | undefined; ownerId?: string | undefined; version: number },
  ): Promise<Project> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ version: projects.version }).from(projects).where(eq(projects.id, context.projectId)).for('update');
      if (!locked) throw new AppError(ErrorCode.ProjectNotFound);
      if (locked.version !== patch.version) throw new AppError(ErrorCode.VersionConflict);
      const before = await this.view(tx, context.projectId, context.actor.id);
      if (patch.ownerId !== undefined && patch.ownerId !== before.owner?.id) await this.transferOwnership(tx, context, patch.ownerId);
      await tx
        .update(projects)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.iconUrl !== undefined ? { iconUrl: patch.iconUrl } : {}),
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
          version: sql`${projects.version} + 1`,
          updatedBy: context.actor.id,
          updatedAt: context.now,
        })
        .where(and(eq(projects.id, context.projectId), eq(projects.version, patch.version)));
      const after = await this.view(tx, context.projectId, context.actor.id);
      await writeAudit(tx, context, { entity: 'project', entityId: context.projectId, action: 'update', before, after });
      return after;
    });
  }

  private async transferOwnership(tx: Database, context: ChangeContext, newOwnerId: string): Promise<void> {
    const [target] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, context.projectId), eq(projectMembers.userId, newOwnerId)))
      .for('update');
    if (!target) throw new AppError(ErrorCode.MemberNotFound, { fieldErrors: { ownerId: { key: 'validation.invalid' } } });
    const bump = { version: sql`${projectMembers.version} + 1`, updatedAt: context.now };
    await tx
      .update(projectMembers)
      .set({ role: 'admin', ...bump })
      .where(and(eq(projectMembers.projectId, context.projectId), eq(projectMembers.role, 'owner')));
    await tx
      .update(projectMembers)
      .set({ role: 'owner', ...bump })
      .where(and(eq(projectMembers.projectId, context.projectId), eq(projectMembers.userId, newOwnerId)));
  }

  /** Deletes a project with everything in it; the audit row outlives it. */
  async delete(context: ChangeContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.view(tx, context.projectId, context.actor.id);
      await tx.delete(projects).where(eq(projects.id, context.projectId));
      await writeAudit(tx, context, { entity: 'project', entityId: context.projectId, action: 'delete', before, after: null });
    });
  }

  // ------------------------------------------------------------------------------------------
  // Members

  private memberSelect(db: Database) {
    return db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        role: projectMembers.role,
        version: projectMembers.version,
        joinedAt: projectMembers.createdAt,
        updatedAt: projectMembers.updatedAt,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId));
  }

  private static toMember(row: Awaited<ReturnType<ProjectsRepository['memberSelect']>>[number]): Member {
    return { ...row, joinedAt: row.joinedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  }

  /** A project's members in the list convention; `q` searches name and email, `role` filters. */
  async listMembers(projectId: string, query: ListQuery & { role?: MemberRole[] | undefined }): Promise<ListPage<Member>> {
    const { field, dir } = sortOf(query, ['name', 'email', 'role', 'joinedAt'] as const, { field: 'name', dir: 'asc' });
    const column = { name: users.name, email: users.email, role: projectMembers.role, joinedAt: projectMembers.createdAt }[field];
    const where = and(
      eq(projectMembers.projectId, projectId),
      query.role ? inArray(projectMembers.role, query.role) : undefined,
      query.q ? or(ilike(users.name, containsPattern(query.q)), ilike(users.email, containsPattern(query.q))) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const rows = await this.memberSelect(this.db)
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(projectMembers).innerJoin(users, eq(users.id, projectMembers.userId)).where(where);
    return { items: rows.map(ProjectsRepository.toMember), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  private async lockMember(tx: Database, projectId: string, userId: string): Promise<Member> {
    const [row] = await this.memberSelect(tx)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .for('update', { of: projectMembers });
    if (!row) throw new AppError(ErrorCode.MemberNotFound);
    return ProjectsRepository.toMember(row);
  }

  /** Changes a member's role (not the owner's: 105013), if `version` is current. */
  async updateMember(context: ChangeContext, userId: string, role: AssignableMemberRole, version: number): Promise<Member> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockMember(tx, context.projectId, userId);
      if (before.role === 'owner') throw new AppError(ErrorCode.OwnerRoleLocked);
      if (before.version !== version) throw new AppError(ErrorCode.VersionConflict);
      await tx
        .update(projectMembers)
        .set({ role, version: sql`${projectMembers.version} + 1`, updatedAt: context.now })
        .where(and(eq(projectMembers.projectId, context.projectId), eq(projectMembers.userId, userId)));
      const after = await this.lockMember(tx, context.projectId, userId);
      await writeAudit(tx, context, { entity: 'member', entityId: userId, action: 'update', before, after });
      return after;
    });
  }

  /** Removes a member (not the owner: 105013) with their team memberships and app role links in the project. */
  async removeMember(context: ChangeContext, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lockMember(tx, context.projectId, userId);
      if (before.role === 'owner') throw new AppError(ErrorCode.OwnerRoleLocked);
      const projectTeams = tx.select({ id: teams.id }).from(teams).where(eq(teams.projectId, context.projectId));
      const projectRoles = tx.select({ id: roles.id }).from(roles).where(eq(roles.projectId, context.projectId));
      await tx.delete(teamMembers).where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, projectTeams)));
      await tx.delete(roleUsers).where(and(eq(roleUsers.userId, userId), inArray(roleUsers.roleId, projectRoles)));
      await tx.delete(projectMembers).where(and(eq(projectMembers.projectId, context.projectId), eq(projectMembers.userId, userId)));
      await writeAudit(tx, context, { entity: 'member', entityId: userId, action: 'remove', before, after: null });
    });
  }

  // ------------------------------------------------------------------------------------------
  // Invitations

  /** Shown status: a pending invitation past its expiry reads as expired. */
  private statusAt(now: Date): SQL<Invitation['status']> {
    return sql<Invitation['status']>`case when ${invitations.status} = 'pending' and ${invitations.expiresAt} <= ${now} then 'expired' else ${invitations.status} end`;
  }

  private invitationSelect(db: Database, now: Date) {
    return db
      .select({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        status: this.statusAt(now),
        invitedById: inviter.id,
        invitedByName: inviter.name,
        createdAt: invitations.createdAt,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
      })
      .from(invitations)
      .leftJoin(inviter, eq(inviter.id, invitations.invitedBy));
  }

  private static toInvitation(row: Awaited<ReturnType<ProjectsRepository['invitationSelect']>>[number]): Invitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      status: row.status,
      invitedBy: row.invitedById ? { id: row.invitedById, name: row.invitedByName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    };
  }

  /** A project's invitations, newest first; `q` searches the email, `status` filters (expiry counted). */
  async listInvitations(projectId: string, now: Date, query: ListQuery & { status?: Invitation['status'][] | undefined }): Promise<ListPage<Invitation>> {
    const { field, dir } = sortOf(query, ['createdAt', 'email', 'expiresAt'] as const, { field: 'createdAt', dir: 'desc' });
    const column = { createdAt: invitations.createdAt, email: invitations.email, expiresAt: invitations.expiresAt }[field];
    const where = and(
      eq(invitations.projectId, projectId),
      query.status ? inArray(this.statusAt(now), query.status) : undefined,
      query.q ? ilike(invitations.email, containsPattern(query.q)) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const rows = await this.invitationSelect(this.db, now)
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), asc(invitations.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(invitations).where(where);
    return { items: rows.map(ProjectsRepository.toInvitation), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  private async invitationView(db: Database, id: string, now: Date): Promise<Invitation> {
    const [row] = await this.invitationSelect(db, now).where(eq(invitations.id, id)).limit(1);
    if (!row) throw new AppError(ErrorCode.InvitationNotFound);
    return ProjectsRepository.toInvitation(row);
  }

  /**
   * Records a pending invitation: 105014 when the address is a member already, 105004 when a pending
   * one exists (the partial unique index; lapsed ones are marked expired first so they do not count).
   */
  async createInvitation(context: ChangeContext, values: { email: string; role: AssignableMemberRole; codeHash: string; expiresAt: Date }): Promise<Invitation> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(and(eq(projectMembers.projectId, context.projectId), eq(users.email, values.email)))
        .limit(1);
      if (member) throw new AppError(ErrorCode.AlreadyMember, { fieldErrors: { email: { key: 'validation.duplicate' } } });
      await tx
        .update(invitations)
        .set({ status: 'expired' })
        .where(and(eq(invitations.projectId, context.projectId), eq(invitations.status, 'pending'), lte(invitations.expiresAt, context.now)));
      const [row] = await tx
        .insert(invitations)
        .values({ projectId: context.projectId, email: values.email, role: values.role, codeHash: values.codeHash, status: 'pending', invitedBy: context.actor.id, createdAt: context.now, expiresAt: values.expiresAt })
        .returning({ id: invitations.id });
      const after = await this.invitationView(tx, (row as { id: string }).id, context.now);
      await writeAudit(tx, context, { entity: 'invitation', entityId: after.id, action: 'invite', before: null, after });
      return after;
    });
  }

  /** Revokes a pending invitation (105006 once accepted, 105005 when there is no pending one). */
  async revokeInvitation(context: ChangeContext, id: string): Promise<Invitation> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: invitations.status, expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.projectId, context.projectId)))
        .for('update');
      if (!row) throw new AppError(ErrorCode.InvitationNotFound);
      if (row.status === 'accepted') throw new AppError(ErrorCode.InvitationAccepted);
      if (row.status !== 'pending' || row.expiresAt <= context.now) throw new AppError(ErrorCode.InvitationNotFound);
      const before = await this.invitationView(tx, id, context.now);
      await tx.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, id));
      const after = await this.invitationView(tx, id, context.now);
      await writeAudit(tx, context, { entity: 'invitation', entityId: id, action: 'revoke', before, after });
      return after;
    });
  }

  /**
   * Turns an invitation into a membership for `user`, checked in one transaction: 105005 unknown,
   * revoked or expired; 105006 accepted already; 105012 for another address; 105014 already a member.
   */
  async acceptInvitation(codeHash: string, user: { id: string; name: string; email: string }, now: Date): Promise<InvitationForAccept> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: invitations.id,
          projectId: invitations.projectId,
          projectName: projects.name,
          email: invitations.email,
          role: invitations.role,
          status: invitations.status,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .innerJoin(projects, eq(projects.id, invitations.projectId))
        .where(eq(invitations.codeHash, codeHash))
        .for('update', { of: invitations });
      if (!row) throw new AppError(ErrorCode.InvitationNotFound);
      if (row.status === 'accepted') throw new AppError(ErrorCode.InvitationAccepted);
      if (row.status !== 'pending' || row.expiresAt <= now) throw new AppError(ErrorCode.InvitationNotFound);
      if (row.email !== user.email) throw new AppError(ErrorCode.InvitationEmailMismatch);
      const context: ChangeContext = { actor: { id: user.id, name: user.name }, projectId: row.projectId, now };
      const inserted = await tx
        .insert(projectMembers)
        .values({ projectId: row.projectId, userId: user.id, role: row.role, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ userId: projectMembers.userId });
      if (inserted.length === 0) throw new AppError(ErrorCode.AlreadyMember);
      const before = await this.invitationView(tx, row.id, now);
      await tx.update(invitations).set({ status: 'accepted', acceptedAt: now, acceptedBy: user.id }).where(eq(invitations.id, row.id));
      const after = await this.invitationView(tx, row.id, now);
      await writeAudit(tx, context, [
        { entity: 'invitation', entityId: row.id, action: 'accept', before, after },
        { entity: 'member', entityId: user.id, action: 'create', before: null, after: { userId: user.id, email: user.email, role: row.role } },
      ]);
      return row;
    });
  }
}
