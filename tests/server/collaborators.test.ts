import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { ListPage } from '@contract/envelope';
import type { MyMenus } from '@contract/api/projects';
import type { AppRole, Invitation, Member, Project, Team, TeamMember } from '@contract/resources/projects';
import type { User } from '@contract/api/auth';
import { AppError } from '../../server/src/errors';
import { createTestApp, signIn, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { parseMail, startSmtpReceiver } from './helpers/smtp';
import { addMember, call, codeOfCall, ok, operator, projectWithTeam, type Operator, type ProjectTeam } from './helpers/projects';

/**
 * Collaborators end to end: invitations mailed through a real SMTP receiver and accepted by the
 * invited user, accounts created by administrators (temporary password by mail), member roles and
 * ownership, teams with their admins, app roles narrowing what a member sees, and the menus API.
 */

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;

const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });

function invitationCodeIn(raw: string): string {
  const match = /invitation code is ([A-Za-z0-9_-]{43})/.exec(parseMail(raw).text);
  if (!match?.[1]) throw new Error(`no invitation code in:\n${raw}`);
  return match[1];
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  built = await createTestApp(database.handle, { smtpUrl: smtp.url, mailFrom: 'Palette <no-reply@palette.test>', consoleUrl: 'https://console.palette.test' });
  team = await projectWithTeam(built.app, database.handle);
});
afterAll(async () => {
  await built?.app.close();
  await smtp?.close();
  await database?.dispose();
});

describe('invitations', () => {
  it('mails a code that the invited user accepts to become a member', async () => {
    const invitee = await operator(built.app, database.handle, { name: 'Invitee' });
    const invitation = await ok<Invitation>(built.app, team.admin.token, 'invitations.create', { params: p(), body: { email: invitee.email.toUpperCase(), role: 'editor' } });
    expect(invitation).toMatchObject({ email: invitee.email, role: 'editor', status: 'pending', invitedBy: { id: team.admin.id, name: 'Admin' } });

    const mail = await smtp.waitFor(invitee.email);
    const { headers, text } = parseMail(mail.raw);
    expect(headers.subject).toContain('Invitation to');
    expect(text).toContain('Admin invited you');
    const code = invitationCodeIn(mail.raw);
    expect(text).toContain(`https://console.palette.test/invitations/accept?code=${code}`);
    // The desktop app's link to the same screen (contract/console-links.ts), before the web address.
    expect(text).toContain(`palette://invitations/accept?code=${code}`);
    expect(text.indexOf('palette://')).toBeLessThan(text.indexOf('https://console.palette.test'));

    expect(await codeOfCall(built.app, invitee.token, 'members.list', { params: p() })).toBe(ErrorCode.NotProjectMember);
    const accepted = await ok<{ projectId: string; role: string }>(built.app, invitee.token, 'invitations.accept', { body: { code } });
    expect(accepted).toMatchObject({ projectId: team.projectId, role: 'editor' });
    const members = await ok<ListPage<Member>>(built.app, invitee.token, 'members.list', { params: p(), query: { role: 'editor' } });
    expect(members.items.map((m) => m.email)).toContain(invitee.email);
    expect(await codeOfCall(built.app, invitee.token, 'invitations.accept', { body: { code } })).toBe(ErrorCode.InvitationAccepted);
    const listed = await ok<ListPage<Invitation>>(built.app, team.viewer.token, 'invitations.list', { params: p(), query: { status: 'accepted' } });
    expect(listed.items.map((i) => i.id)).toContain(invitation.id);
  });

  it('refuses a repeated pending invitation (105004) and inviting a member (105014)', async () => {
    const email = uniqueEmail('twice');
    await ok(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email, role: 'viewer' } });
    const repeated = await call(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email, role: 'admin' } });
    expect(repeated.envelope.code).toBe(ErrorCode.InvitationRepeated);
    expect(repeated.envelope.fieldErrors?.email?.key).toBe('validation.duplicate');
    expect(await codeOfCall(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email: team.viewer.email, role: 'admin' } })).toBe(ErrorCode.AlreadyMember);
  });

  it('is accepted only by the invited address (105012); revoked or expired codes are 105005', async () => {
    const intended = uniqueEmail('intended');
    await ok(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email: intended, role: 'viewer' } });
    const code = invitationCodeIn((await smtp.waitFor(intended)).raw);
    expect(await codeOfCall(built.app, team.outsider.token, 'invitations.accept', { body: { code } })).toBe(ErrorCode.InvitationEmailMismatch);

    const revokedEmail = uniqueEmail('revoked');
    const revokedInvitation = await ok<Invitation>(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email: revokedEmail, role: 'viewer' } });
    const revokedCode = invitationCodeIn((await smtp.waitFor(revokedEmail)).raw);
    expect((await ok<Invitation>(built.app, team.owner.token, 'invitations.revoke', { params: p({ id: revokedInvitation.id }) })).status).toBe('revoked');
    expect(await codeOfCall(built.app, team.owner.token, 'invitations.revoke', { params: p({ id: revokedInvitation.id }) })).toBe(ErrorCode.InvitationNotFound);
    const revokedUser = await operator(built.app, database.handle);
    expect(await codeOfCall(built.app, revokedUser.token, 'invitations.accept', { body: { code: revokedCode } })).toBe(ErrorCode.InvitationNotFound);
    expect(await codeOfCall(built.app, revokedUser.token, 'invitations.accept', { body: { code: 'A'.repeat(43) } })).toBe(ErrorCode.InvitationNotFound);
  });

  it('expires after 14 days, after which the address can be invited again', async () => {
    const late = await operator(built.app, database.handle, { name: 'Late' });
    const invitation = await ok<Invitation>(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email: late.email, role: 'viewer' } });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(14 * 24 * 3_600_000);
    const code = invitationCodeIn((await smtp.waitFor(late.email)).raw);
    await database.handle.db.execute(sql`update invitations set expires_at = created_at - interval '1 second' where id = ${invitation.id}`);
    expect(await codeOfCall(built.app, late.token, 'invitations.accept', { body: { code } })).toBe(ErrorCode.InvitationNotFound);
    expect((await ok<ListPage<Invitation>>(built.app, team.owner.token, 'invitations.list', { params: p(), query: { q: late.email } })).items[0]?.status).toBe('expired');
    expect((await ok<Invitation>(built.app, team.owner.token, 'invitations.create', { params: p(), body: { email: late.email, role: 'viewer' } })).status).toBe('pending');
  });

  it('may not be sent by editors (105010)', async () => {
    expect(await codeOfCall(built.app, team.editor.token, 'invitations.create', { params: p(), body: { email: uniqueEmail(), role: 'viewer' } })).toBe(ErrorCode.Forbidden);
  });
});

describe('accounts made by administrators', () => {
  it('mail a temporary password that signs the new operator in', async () => {
    const email = uniqueEmail('newcomer');
    const user = await ok<User>(built.app, team.globalAdmin.token, 'users.create', { body: { email, name: 'Newcomer', role: 'operator' } });
    expect(user).toMatchObject({ email, name: 'Newcomer', role: 'operator' });
    const mail = parseMail((await smtp.waitFor(email)).raw);
    const password = /temporary password ([A-Za-z0-9]{16})/.exec(mail.text)?.[1];
    expect(password).toBeDefined();
    const token = await signIn(built.app, email, password as string);
    expect((await ok<User>(built.app, token, 'auth.me')).id).toBe(user.id);
    expect(await codeOfCall(built.app, team.globalAdmin.token, 'users.create', { body: { email, name: 'Again', role: 'operator' } })).toBe(ErrorCode.EmailAlreadyRegistered);
    expect(await codeOfCall(built.app, team.owner.token, 'users.create', { body: { email: uniqueEmail(), name: 'No', role: 'admin' } })).toBe(ErrorCode.Forbidden);
    const listed = await ok<ListPage<User>>(built.app, team.globalAdmin.token, 'users.list', { query: { q: 'newcomer' } });
    expect(listed.items.map((u) => u.id)).toEqual([user.id]);
  });
});

describe('when mail cannot be sent', () => {
  it('leaves neither an account nor a pending invitation behind, so a retry works', async () => {
    const failing = await createTestApp(database.handle, {
      mailer: {
        kind: 'smtp',
        send: async () => {
          throw new AppError(ErrorCode.EmailProviderError);
        },
        close: () => undefined,
      },
    });
    try {
      const admin = await signIn(failing.app, team.globalAdmin.email, team.globalAdmin.password);
      const owner = await signIn(failing.app, team.owner.email, team.owner.password);
      const email = uniqueEmail('unlucky');
      expect(await codeOfCall(failing.app, admin, 'users.create', { body: { email, name: 'Unlucky', role: 'operator' } })).toBe(ErrorCode.EmailProviderError);
      expect((await ok<ListPage<User>>(failing.app, admin, 'users.list', { query: { q: 'unlucky' } })).total).toBe(0);
      expect(await codeOfCall(failing.app, owner, 'invitations.create', { params: p(), body: { email, role: 'viewer' } })).toBe(ErrorCode.EmailProviderError);
      const listed = await ok<ListPage<Invitation>>(failing.app, owner, 'invitations.list', { params: p(), query: { q: email } });
      expect(listed.items.map((i) => i.status)).toEqual(['revoked']);
      expect(await codeOfCall(failing.app, owner, 'invitations.create', { params: p(), body: { email, role: 'viewer' } })).toBe(ErrorCode.EmailProviderError);
    } finally {
      await failing.app.close();
    }
    // The sessions above replaced the team's; sign in again for the tests that follow.
    team = {
      ...team,
      globalAdmin: { ...team.globalAdmin, token: await signIn(built.app, team.globalAdmin.email, team.globalAdmin.password) },
      owner: { ...team.owner, token: await signIn(built.app, team.owner.email, team.owner.password) },
    };
  });
});

describe('members and ownership', () => {
  it('changes a member’s role with its version; the owner’s role is locked (105013)', async () => {
    const members = await ok<ListPage<Member>>(built.app, team.owner.token, 'members.list', { params: p(), query: { q: team.viewer.email } });
    const viewer = members.items[0] as Member;
    const changed = await ok<Member>(built.app, team.admin.token, 'members.update', { params: p({ userId: viewer.userId }), body: { role: 'editor', version: viewer.version } });
    expect(changed).toMatchObject({ role: 'editor', version: viewer.version + 1 });
    expect(await codeOfCall(built.app, team.admin.token, 'members.update', { params: p({ userId: viewer.userId }), body: { role: 'viewer', version: viewer.version } })).toBe(
      ErrorCode.VersionConflict,
    );
    await ok(built.app, team.admin.token, 'members.update', { params: p({ userId: viewer.userId }), body: { role: 'viewer', version: changed.version } });
    expect(await codeOfCall(built.app, team.admin.token, 'members.update', { params: p({ userId: team.owner.id }), body: { role: 'viewer', version: 1 } })).toBe(ErrorCode.OwnerRoleLocked);
    expect(await codeOfCall(built.app, team.admin.token, 'members.remove', { params: p({ userId: team.owner.id }) })).toBe(ErrorCode.OwnerRoleLocked);
    expect(await codeOfCall(built.app, team.admin.token, 'members.update', { params: p({ userId: team.outsider.id }), body: { role: 'viewer', version: 1 } })).toBe(ErrorCode.MemberNotFound);
  });

  it('transfers ownership only at the owner’s request, and only to a member', async () => {
    const other = await projectWithTeam(built.app, database.handle);
    const project = await ok<Project>(built.app, other.owner.token, 'projects.get', { params: { projectId: other.projectId } });
    expect(project).toMatchObject({ owner: { id: other.owner.id }, myRole: 'owner', memberCount: 4 });
    expect(await codeOfCall(built.app, other.admin.token, 'projects.update', { params: { projectId: other.projectId }, body: { ownerId: other.admin.id, version: project.version } })).toBe(
      ErrorCode.Forbidden,
    );
    expect(await codeOfCall(built.app, other.owner.token, 'projects.update', { params: { projectId: other.projectId }, body: { ownerId: other.outsider.id, version: project.version } })).toBe(
      ErrorCode.MemberNotFound,
    );
    const moved = await ok<Project>(built.app, other.owner.token, 'projects.update', { params: { projectId: other.projectId }, body: { ownerId: other.admin.id, name: `${project.name} renamed`, version: project.version } });
    expect(moved).toMatchObject({ owner: { id: other.admin.id }, myRole: 'admin', name: `${project.name} renamed` });
    expect(await codeOfCall(built.app, other.owner.token, 'projects.delete', { params: { projectId: other.projectId } })).toBe(ErrorCode.Forbidden);
    await ok(built.app, other.admin.token, 'projects.delete', { params: { projectId: other.projectId } });
    expect(await codeOfCall(built.app, other.admin.token, 'projects.get', { params: { projectId: other.projectId } })).toBe(ErrorCode.ProjectNotFound);
  });

  it('removes a member with their team memberships and app role links', async () => {
    const leaving = await operator(built.app, database.handle, { name: 'Leaving' });
    await addMember(database.handle, team.projectId, leaving.id, 'editor');
    const teamItem = await ok<Team>(built.app, team.owner.token, 'teams.create', { params: p(), body: { name: 'Leavers' } });
    await ok(built.app, team.owner.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: leaving.id, role: 'member' } });
    const role = await ok<AppRole>(built.app, team.owner.token, 'roles.create', { params: p(), body: { name: 'Leaver role', menus: ['projects.skus'] } });
    await ok(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: leaving.id } });
    await ok(built.app, team.admin.token, 'members.remove', { params: p({ userId: leaving.id }) });
    expect((await ok<Team>(built.app, team.owner.token, 'teams.get', { params: p({ id: teamItem.id }) })).memberCount).toBe(0);
    expect((await ok<AppRole>(built.app, team.owner.token, 'roles.get', { params: p({ id: role.id }) })).userIds).toEqual([]);
    expect(await codeOfCall(built.app, leaving.token, 'projects.get', { params: p() })).toBe(ErrorCode.NotProjectMember);
  });
});

describe('teams', () => {
  let teamItem: Team;
  let appId: string;
  beforeAll(async () => {
    teamItem = await ok<Team>(built.app, team.owner.token, 'teams.create', { params: p(), body: { name: 'Design', description: 'Paywall design' } });
    appId = (await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: p(), body: { platform: 'ios', name: 'Team app', packageName: `com.teams.t${process.pid}` } })).id;
  });

  it('adds project members only (102022), once (107006)', async () => {
    expect(await codeOfCall(built.app, team.owner.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: team.outsider.id, role: 'member' } })).toBe(ErrorCode.MemberNotFound);
    const added = await ok<TeamMember>(built.app, team.owner.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: team.editor.id, role: 'admin' } });
    expect(added).toMatchObject({ userId: team.editor.id, role: 'admin', name: 'Editor' });
    expect(await codeOfCall(built.app, team.owner.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: team.editor.id, role: 'member' } })).toBe(
      ErrorCode.TeamMemberExists,
    );
    const members = await ok<ListPage<TeamMember>>(built.app, team.viewer.token, 'teams.members', { params: p({ id: teamItem.id }) });
    expect(members.items.map((m) => m.userId)).toEqual([team.editor.id]);
  });

  it('lets a team admin manage their team, and refuses other editors (107004)', async () => {
    const otherEditor = await operator(built.app, database.handle, { name: 'Other editor' });
    await addMember(database.handle, team.projectId, otherEditor.id, 'editor');
    await ok(built.app, team.editor.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: otherEditor.id, role: 'member' } });
    expect(await codeOfCall(built.app, otherEditor.token, 'teams.removeMember', { params: p({ id: teamItem.id, userId: team.editor.id }) })).toBe(ErrorCode.NotTeamAdmin);
    expect(await codeOfCall(built.app, team.viewer.token, 'teams.addMember', { params: p({ id: teamItem.id }), body: { userId: team.viewer.id, role: 'member' } })).toBe(ErrorCode.NotTeamAdmin);
    expect((await ok<TeamMember>(built.app, team.editor.token, 'teams.updateMember', { params: p({ id: teamItem.id, userId: otherEditor.id }), body: { role: 'admin' } })).role).toBe('admin');
    await ok(built.app, team.editor.token, 'teams.removeMember', { params: p({ id: teamItem.id, userId: otherEditor.id }) });
    expect(await codeOfCall(built.app, team.editor.token, 'teams.removeMember', { params: p({ id: teamItem.id, userId: otherEditor.id }) })).toBe(ErrorCode.NotTeamMember);
    expect(await codeOfCall(built.app, team.editor.token, 'teams.updateMember', { params: p({ id: teamItem.id, userId: team.viewer.id }), body: { role: 'admin' } })).toBe(
      ErrorCode.NotTeamMember,
    );
    expect(await codeOfCall(built.app, team.editor.token, 'teams.update', { params: p({ id: teamItem.id }), body: { name: 'Renamed', version: teamItem.version } })).toBe(ErrorCode.Forbidden);
  });

  it('links and unlinks apps (102008, 107005)', async () => {
    const linked = await ok<Team>(built.app, team.editor.token, 'teams.linkApp', { params: p({ id: teamItem.id }), body: { appId } });
    expect(linked.appIds).toEqual([appId]);
    expect(await codeOfCall(built.app, team.editor.token, 'teams.linkApp', { params: p({ id: teamItem.id }), body: { appId } })).toBe(ErrorCode.AlreadyLinked);
    expect((await ok<Team>(built.app, team.editor.token, 'teams.unlinkApp', { params: p({ id: teamItem.id, appId }) })).appIds).toEqual([]);
    expect(await codeOfCall(built.app, team.editor.token, 'teams.unlinkApp', { params: p({ id: teamItem.id, appId }) })).toBe(ErrorCode.TeamAppMissing);
    expect(await codeOfCall(built.app, team.owner.token, 'teams.addMember', { params: p({ id: '00000000-0000-4000-8000-000000000000' }), body: { userId: team.editor.id, role: 'member' } })).toBe(
      ErrorCode.TeamNotFound,
    );
  });
});

describe('app roles and menus', () => {
  it('refuses to delete a role with linked users unless forced (105003)', async () => {
    const role = await ok<AppRole>(built.app, team.owner.token, 'roles.create', { params: p(), body: { name: 'Linked role', menus: ['projects.skus'] } });
    const linked = await ok<AppRole>(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: team.admin.id } });
    expect(linked.userIds).toEqual([team.admin.id]);
    expect(await codeOfCall(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: team.admin.id } })).toBe(ErrorCode.AlreadyLinked);
    expect(await codeOfCall(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: team.outsider.id } })).toBe(ErrorCode.MemberNotFound);
    const refused = await call(built.app, team.owner.token, 'roles.delete', { params: p({ id: role.id }) });
    expect(refused.envelope.code).toBe(ErrorCode.RoleInUse);
    expect(refused.envelope.fieldErrors?.['links.0']).toMatchObject({ key: 'validation.linkedUser', params: { id: team.admin.id, name: 'Admin' } });
    expect(await ok(built.app, team.owner.token, 'roles.delete', { params: p({ id: role.id }), query: { force: true } })).toMatchObject({ trashed: false });
    expect(await codeOfCall(built.app, team.owner.token, 'roles.get', { params: p({ id: role.id }) })).toBe(ErrorCode.RoleNotFound);
    const emptyRole = await ok<AppRole>(built.app, team.owner.token, 'roles.create', { params: p(), body: { name: 'Unlinked role', menus: ['projects.skus'] } });
    await ok(built.app, team.owner.token, 'roles.delete', { params: p({ id: emptyRole.id }) });
    const unlinkRole = await ok<AppRole>(built.app, team.owner.token, 'roles.create', { params: p(), body: { name: 'Unlink role', menus: ['projects.skus'] } });
    expect(await codeOfCall(built.app, team.owner.token, 'roles.unlinkUser', { params: p({ id: unlinkRole.id, userId: team.admin.id }) })).toBe(ErrorCode.NotLinked);
  });

  it('narrow an editor or viewer to the granted menus, on routes and in the menus API', async () => {
    const narrow = await operator(built.app, database.handle, { name: 'Narrow' });
    await addMember(database.handle, team.projectId, narrow.id, 'editor');
    const before = await ok<MyMenus>(built.app, narrow.token, 'me.menus');
    expect(before.projects[0]?.menus).toContain('projects.collaborators');
    const role = await ok<AppRole>(built.app, team.owner.token, 'roles.create', { params: p(), body: { name: 'SKUs only', menus: ['projects.skus'] } });
    await ok(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: narrow.id } });

    expect(await codeOfCall(built.app, narrow.token, 'skus.list', { params: p() })).toBe(0);
    expect(await codeOfCall(built.app, narrow.token, 'projects.get', { params: p() })).toBe(0);
    expect(await codeOfCall(built.app, narrow.token, 'members.list', { params: p() })).toBe(ErrorCode.NoReadPermission);
    expect(await codeOfCall(built.app, narrow.token, 'apps.list', { params: p() })).toBe(ErrorCode.NoReadPermission);
    const after = await ok<MyMenus>(built.app, narrow.token, 'me.menus');
    const access = after.projects.find((x) => x.projectId === team.projectId);
    expect(access).toMatchObject({ role: 'editor', permissions: { commerce: 'write', collaborators: 'none', project: 'read' } });
    expect(access?.menus).toEqual(['projects.general', 'projects.skus', 'projects.entitlements']);
    expect(after.menus).not.toContain('customers.index');
    // Owners and admins are never narrowed.
    await ok(built.app, team.owner.token, 'roles.linkUser', { params: p({ id: role.id }), body: { userId: team.admin.id } });
    expect(await codeOfCall(built.app, team.admin.token, 'members.list', { params: p() })).toBe(0);
  });

  it('show an outsider only the general menus and an administrator the system menus', async () => {
    const outsider: Operator = await operator(built.app, database.handle);
    const menus = await ok<MyMenus>(built.app, outsider.token, 'me.menus');
    expect(menus).toEqual({ role: 'operator', menus: ['welcome', 'overview', 'charts', 'account', 'projects.list'], projects: [] });
    const admin = await ok<MyMenus>(built.app, team.globalAdmin.token, 'me.menus');
    expect(admin.menus).toEqual(expect.arrayContaining(['system.countries', 'customers.index']));
    expect(admin.projects.find((x) => x.projectId === team.projectId)).toMatchObject({ role: null, permissions: { ownership: 'write' } });
    const viewerMenus = await ok<MyMenus>(built.app, team.viewer.token, 'me.menus');
    expect(viewerMenus.projects[0]?.menus).not.toContain('projects.integrations');
    expect(viewerMenus.menus).toContain('customers.index');
  });
});
