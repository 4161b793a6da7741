import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contract/errors';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { User } from '@contract/api/auth';
import { levelAllows, type AssignableMemberRole, type MemberRole } from '@contract/permissions';
import { auditEntities, auditEntityAreas, type AuditEntity, type AuditEntry, type Invitation, type Member, type Project } from '@contract/resources/projects';
import { AppError } from '../../errors';
import { consoleLinkPaths } from '@contract/console-links';
import { consoleLinks } from '../../mail/console-links';
import type { Mailer } from '../../mail/mailer';
import type { ActionLimiter } from '../../rate-limit/action-limiter';
import type { AuditRepository, ChangeContext } from '../../resources/audit';
import type { Clock } from '../../shared/clock';
import { hashToken, newSessionToken } from '../auth/tokens';
import type { ProjectAccess } from '../access/service';
import type { ProjectsRepository } from './repository';

/** How long an invitation can be accepted. */
export const INVITATION_TTL_MS = 14 * 24 * 3_600_000;

const roleNames: Readonly<Record<AssignableMemberRole, [string, string]>> = {
  admin: ['an admin', '管理员'],
  editor: ['an editor', '编辑者'],
  viewer: ['a viewer', '查看者'],
};

function invitationMail(values: {
  project: string;
  inviter: string;
  email: string;
  role: AssignableMemberRole;
  code: string;
  consoleUrl: string | undefined;
}): { subject: string; text: string } {
  const [roleEn, roleZh] = roleNames[values.role];
  const links = consoleLinks(consoleLinkPaths.invitation(values.code), values.consoleUrl);
  return {
    subject: `Invitation to ${values.project} on Palette Console / 邀请您加入 ${values.project}`,
    text: [
      `${values.inviter} invited you to the project "${values.project}" on Palette Console as ${roleEn}.`,
      '',
      `Your invitation code is ${values.code}`,
      `Open ${links.desktop} to accept it in Palette Console,`,
      ...(links.web ? [`or ${links.web} in a browser,`] : []),
      `or sign in to Palette Console as ${values.email}, choose Projects > Accept invitation and enter the code.`,
      'The code is valid for 14 days. Without an account yet, ask a Palette Console administrator to create one for this address.',
      '',
      `${values.inviter} 邀请您以${roleZh}身份加入 Palette Console 上的项目“${values.project}”。`,
      `邀请码：${values.code}`,
      `在 Palette Console 中打开 ${links.desktop} 即可接受邀请${links.web ? `（或在浏览器中打开 ${links.web}）` : ''}；`,
      `也可以使用 ${values.email} 登录 Palette Console，在“项目 > 接受邀请”中输入邀请码。邀请码 14 天内有效。`,
      '如果您还没有账号，请联系 Palette Console 管理员为此邮箱创建账号。',
      '',
    ].join('\n'),
  };
}

/**
 * Projects, members and invitations: the rules around the repository's transactions. Route access
 * (member, area, level) was checked before any of this runs; what is left are the finer rules:
 * only the owner (or a global administrator) transfers ownership, and invitations are mailed.
 */
export class ProjectsService {
  constructor(
    private readonly deps: {
      readonly repository: ProjectsRepository;
      readonly audit: AuditRepository;
      readonly mailer: Mailer;
      readonly clock: Clock;
      /** Where the console is served, for a link in invitation mails (none for the desktop app). */
      readonly consoleUrl?: string | undefined;
      /** The project's budget of invitation mails (rate-limit/action-limits.ts). */
      readonly limiter: ActionLimiter;
    },
  ) {}

  private get repo(): ProjectsRepository {
    return this.deps.repository;
  }

  list(user: User, query: ListQuery): Promise<ListPage<Project>> {
    return this.repo.list(user.id, user.role === 'admin', query);
  }

  /** Creates a project; the creator becomes its owner. */
  create(user: User, values: { name: string; iconUrl?: string | null | undefined }): Promise<Project> {
    const context: ChangeContext = { actor: { id: user.id, name: user.name }, projectId: randomUUID(), now: this.deps.clock() };
    return this.repo.create(context, { name: values.name, iconUrl: values.iconUrl ?? null });
  }

  get(access: ProjectAccess): Promise<Project> {
    return this.repo.get(access.projectId, access.user.id);
  }

  /** Changes a project; transferring ownership needs the ownership permission (105010 otherwise). */
  update(
    access: ProjectAccess,
    context: ChangeContext,
    patch: { name?: string | undefined; iconUrl?: string | null | undefined; enabled?: boolean | undefined; ownerId?: string | undefined; version: number },
  ): Promise<Project> {
    if (patch.ownerId !== undefined && !levelAllows(access.permissions.ownership, 'write')) throw new AppError(ErrorCode.Forbidden);
    return this.repo.update(context, patch);
  }

  delete(context: ChangeContext): Promise<void> {
    return this.repo.delete(context);
  }

  listMembers(projectId: string, query: ListQuery & { role?: MemberRole[] | undefined }): Promise<ListPage<Member>> {
    return this.repo.listMembers(projectId, query);
  }

  updateMember(context: ChangeContext, userId: string, role: AssignableMemberRole, version: number): Promise<Member> {
    return this.repo.updateMember(context, userId, role, version);
  }

  removeMember(context: ChangeContext, userId: string): Promise<void> {
    return this.repo.removeMember(context, userId);
  }

  listInvitations(projectId: string, query: ListQuery & { status?: Invitation['status'][] | undefined }): Promise<ListPage<Invitation>> {
    return this.repo.listInvitations(projectId, this.deps.clock(), query);
  }

  /**
   * Records an invitation and mails its code. Only the code's hash is stored. The mail goes out after
   * the invitation is committed; if sending fails the invitation is revoked again, so a retry is not
   * refused as a repeat (105004) for a mail nobody received.
   *
   * Each mail counts against the project's hourly budget, taken before anything is stored: a spent
   * budget is 1006 with nothing stored and no mail sent. An invitation the repository refuses (a
   * repeat, a member) gives its count back, as no mail went out; a mail that fails still counts.
   */
  async invite(access: ProjectAccess, context: ChangeContext, email: string, role: AssignableMemberRole): Promise<Invitation> {
    const ticket = await this.deps.limiter.take('invitationMail', access.projectId);
    const { token: code } = newSessionToken();
    let invitation: Invitation;
    try {
      invitation = await this.repo.createInvitation(context, { email, role, codeHash: hashToken(code), expiresAt: new Date(context.now.getTime() + INVITATION_TTL_MS) });
    } catch (error) {
      await this.deps.limiter.giveBack(ticket);
      throw error;
    }
    try {
      await this.deps.mailer.send({
        to: email,
        ...invitationMail({ project: access.projectName, inviter: access.user.name, email, role, code, consoleUrl: this.deps.consoleUrl }),
      });
    } catch (error) {
      await this.repo.revokeInvitation(context, invitation.id);
      throw error;
    }
    return invitation;
  }

  revoke(context: ChangeContext, id: string): Promise<Invitation> {
    return this.repo.revokeInvitation(context, id);
  }

  /**
   * The project's audit log, limited to entities whose area the caller may read (a viewer sees no
   * webhook entries); asking for such an entity by name is 105011.
   */
  auditLog(
    access: ProjectAccess,
    query: ListQuery & { entity?: AuditEntity | undefined; entityId?: string | undefined; action?: AuditEntry['action'][] | undefined },
  ): Promise<ListPage<AuditEntry>> {
    const readable = auditEntities.filter((entity) => levelAllows(access.permissions[auditEntityAreas[entity]], 'read'));
    if (query.entity && !readable.includes(query.entity)) throw new AppError(ErrorCode.NoReadPermission);
    return this.deps.audit.list(access.projectId, query, { entity: query.entity, entityId: query.entityId, action: query.action, readable });
  }

  /** Accepts an invitation by its mailed code for the signed-in user (whose email must be the invited one). */
  async accept(user: User, code: string): Promise<{ projectId: string; projectName: string; role: AssignableMemberRole }> {
    const accepted = await this.repo.acceptInvitation(hashToken(code), user, this.deps.clock());
    return { projectId: accepted.projectId, projectName: accepted.projectName, role: accepted.role };
  }
}
