import { and, asc, eq } from 'drizzle-orm';
import type { MemberRole, MenuId } from '@contract/permissions';
import type { Database } from '../../db/client';
import { projectMembers, projects, roleUsers, roles } from '../../db/schema';

/** A project with the caller's membership in it (role null: not a member). */
export interface MembershipRow {
  readonly projectId: string;
  readonly projectName: string;
  readonly role: MemberRole | null;
}

/** The SQL behind access decisions: memberships and the menus of a member's app roles. */
export class AccessRepository {
  constructor(private readonly db: Database) {}

  /** The project and the user's role in it; undefined when the project does not exist. */
  async membership(projectId: string, userId: string): Promise<MembershipRow | undefined> {
    const [row] = await this.db
      .select({ projectId: projects.id, projectName: projects.name, role: projectMembers.role })
      .from(projects)
      .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
      .where(eq(projects.id, projectId))
      .limit(1);
    return row;
  }

  /** Every project the user is a member of, or every project at all (`all`, for administrators). */
  async memberships(userId: string, all: boolean): Promise<MembershipRow[]> {
    const query = this.db
      .select({ projectId: projects.id, projectName: projects.name, role: projectMembers.role })
      .from(projects)
      .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)));
    const rows = all ? await query.orderBy(asc(projects.name)) : await query.where(eq(projectMembers.userId, userId)).orderBy(asc(projects.name));
    return rows;
  }

  /**
   * The menus granted to the user by app roles, per project; a project missing from the map means the
   * user has no app role there (nothing narrows their member role).
   */
  async appRoleMenus(userId: string, projectId?: string): Promise<Map<string, MenuId[]>> {
    const rows = await this.db
      .select({ projectId: roles.projectId, menus: roles.menus })
      .from(roleUsers)
      .innerJoin(roles, eq(roles.id, roleUsers.roleId))
      .where(projectId ? and(eq(roleUsers.userId, userId), eq(roles.projectId, projectId)) : eq(roleUsers.userId, userId));
    const result = new Map<string, MenuId[]>();
    for (const row of rows) result.set(row.projectId, [...(result.get(row.projectId) ?? []), ...(row.menus as MenuId[])]);
    return result;
  }
}
