import { ErrorCode } from '@contract/errors';
import type { MyMenus } from '@contract/api/projects';
import type { User } from '@contract/api/auth';
import {
  effectivePermissions,
  globalAdminPermissions,
  globalMenusFor,
  levelAllows,
  projectMenusFor,
  type MemberRole,
  type Permissions,
  type RouteAccess,
} from '@contract/permissions';
import { AppError } from '../../errors';
import type { AccessRepository, MembershipRow } from './repository';

/** The caller's standing in the project a request is about. */
export interface ProjectAccess {
  readonly projectId: string;
  readonly projectName: string;
  readonly user: User;
  /** Null for a global administrator who is not a member. */
  readonly role: MemberRole | null;
  readonly permissions: Permissions;
}

/**
 * Decides who may do what (contract/permissions.ts): resolves a caller's project access and checks a
 * route's access rule against it. Every project route goes through `require` before its input is
 * even validated, so a non-member learns nothing but 102017.
 */
export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  private async permissionsOf(user: User, row: MembershipRow): Promise<Permissions> {
    if (user.role === 'admin') return globalAdminPermissions;
    if (!row.role) throw new AppError(ErrorCode.NotProjectMember);
    const menus = (await this.repository.appRoleMenus(user.id, row.projectId)).get(row.projectId) ?? null;
    return effectivePermissions(row.role, menus);
  }

  /** The caller's access to a project: 102019 when there is no such project, 102017 for a non-member. */
  async resolve(user: User, projectId: string): Promise<ProjectAccess> {
    const row = await this.repository.membership(projectId, user.id);
    if (!row) throw new AppError(ErrorCode.ProjectNotFound);
    const permissions = await this.permissionsOf(user, row);
    return { projectId: row.projectId, projectName: row.projectName, user, role: row.role, permissions };
  }

  /**
   * Enforces a route's access rule. `project` rules answer the resolved access (handlers use it);
   * 105011 when the area cannot be read, 105010 when it can be read but not written.
   */
  async require(user: User, access: RouteAccess, projectId: string | undefined): Promise<ProjectAccess | null> {
    if (access.scope === 'user') return null;
    if (access.scope === 'admin') {
      if (user.role !== 'admin') throw new AppError(ErrorCode.Forbidden);
      return null;
    }
    if (!projectId) throw new AppError(ErrorCode.ProjectNotFound);
    const resolved = await this.resolve(user, projectId);
    const granted = resolved.permissions[access.area];
    if (!levelAllows(granted, 'read')) throw new AppError(ErrorCode.NoReadPermission);
    if (!levelAllows(granted, access.level)) throw new AppError(ErrorCode.Forbidden);
    return resolved;
  }

  /** Everything the console's navigation needs: global menus and, per project, role, permissions and menus. */
  async myMenus(user: User): Promise<MyMenus> {
    const isAdmin = user.role === 'admin';
    const [rows, appRoles] = await Promise.all([this.repository.memberships(user.id, isAdmin), this.repository.appRoleMenus(user.id)]);
    const projects = rows.map((row) => {
      const permissions = isAdmin ? globalAdminPermissions : effectivePermissions(row.role as MemberRole, appRoles.get(row.projectId) ?? null);
      return { projectId: row.projectId, name: row.projectName, role: row.role, permissions, menus: projectMenusFor(permissions) };
    });
    return {
      role: user.role,
      menus: globalMenusFor(user.role, projects.map((p) => p.permissions)),
      projects,
    };
  }
}
