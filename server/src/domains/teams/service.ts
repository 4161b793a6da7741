import { ErrorCode } from '@contract/errors';
import { levelAllows } from '@contract/permissions';
import type { TeamMember } from '@contract/resources/projects';
import { AppError } from '../../errors';
import type { ChangeContext } from '../../resources/audit';
import type { ResourceItemView } from '../../resources/repository';
import type { ProjectAccess } from '../access/service';
import type { TeamsRepository } from './repository';

/**
 * Team membership rules (spec §6 "team membership, team admin and team app checks"): the project's
 * collaborator managers (owner, admin, global admin) manage every team; anyone else only the teams
 * they are an admin of (107004 otherwise). Missing teams answer 107002 before that check.
 */
export class TeamsService {
  constructor(private readonly repository: TeamsRepository) {}

  private async requireTeamManager(access: ProjectAccess, teamId: string): Promise<void> {
    const teamRole = await this.repository.teamRoleOf(access.projectId, teamId, access.user.id);
    if (levelAllows(access.permissions.collaborators, 'write')) return;
    if (teamRole !== 'admin') throw new AppError(ErrorCode.NotTeamAdmin);
  }

  async addMember(access: ProjectAccess, context: ChangeContext, teamId: string, userId: string, role: TeamMember['role']): Promise<TeamMember> {
    await this.requireTeamManager(access, teamId);
    return this.repository.addMember(context, teamId, userId, role);
  }

  async updateMember(access: ProjectAccess, context: ChangeContext, teamId: string, userId: string, role: TeamMember['role']): Promise<TeamMember> {
    await this.requireTeamManager(access, teamId);
    return this.repository.updateMember(context, teamId, userId, role);
  }

  async removeMember(access: ProjectAccess, context: ChangeContext, teamId: string, userId: string): Promise<void> {
    await this.requireTeamManager(access, teamId);
    await this.repository.removeMember(context, teamId, userId);
  }

  async linkApp(access: ProjectAccess, context: ChangeContext, teamId: string, appId: string): Promise<ResourceItemView> {
    await this.requireTeamManager(access, teamId);
    return this.repository.linkApp(context, teamId, appId);
  }

  async unlinkApp(access: ProjectAccess, context: ChangeContext, teamId: string, appId: string): Promise<ResourceItemView> {
    await this.requireTeamManager(access, teamId);
    return this.repository.unlinkApp(context, teamId, appId);
  }
}
