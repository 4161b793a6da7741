import { Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { AppsList20Regular, People20Regular, PersonLink20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabelKey, projectMenuIds } from '@contract/permissions';
import { teamMemberRoles, type Project, type TeamMember } from '@contract/resources/projects';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import type { useProjectAccess } from '../../data/menus';
import type { ResourceRecord } from '../data-provider';
import { LinkPanel } from '../link-panel';
import { ResourceScreen } from '../resource-screen';
import { useResourceItem } from '../use-resource';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { useAppOptions, useMemberOptions } from './use-project-options';
import { roleView, teamView } from './views';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  role: { minWidth: '160px' },
});

type Panel = { readonly kind: 'teamMembers' | 'teamApps' | 'roleUsers'; readonly item: ResourceRecord } | null;

/**
 * Collaborators (spec §6): members and their roles, invitations by email, teams (members with a
 * team role, and the apps the team works on) and app roles (menus granted to linked users).
 */
export function CollaboratorsTab({ project, access }: { readonly project: Project; readonly access: ReturnType<typeof useProjectAccess> }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'access']);
  const [panel, setPanel] = useState<Panel>(null);
  const canWrite = access.can('invitations.create');
  const menuOptions = useMemo(() => projectMenuIds.map((id) => ({ value: id, label: t(menuLabelKey(id)) })), [t]);
  return (
    <div className={styles.layout}>
      <MembersCard project={project} canWrite={access.can('members.update')} />
      <InvitationsCard project={project} canWrite={canWrite} isAdmin={access.role === 'admin'} />
      <ResourceScreen
        view={teamView}
        scope={{ projectId: project.id }}
        canWrite={access.can('teams.create')}
        title={t('projectPages:teams.title')}
        description={t('projectPages:teams.description')}
        createLabel={t('projectPages:teams.create')}
        rowActions={(item) => [
          { key: 'members', label: t('projectPages:teams.members'), icon: <People20Regular />, onClick: () => setPanel({ kind: 'teamMembers', item }) },
          { key: 'apps', label: t('projectPages:teams.apps'), icon: <AppsList20Regular />, onClick: () => setPanel({ kind: 'teamApps', item }) },
        ]}
      />
      <ResourceScreen
        view={roleView}
        scope={{ projectId: project.id }}
        canWrite={access.can('roles.create')}
        title={t('projectPages:roles.title')}
        description={t('projectPages:roles.description')}
        createLabel={t('projectPages:roles.create')}
        fieldOptions={{ menus: menuOptions }}
        rowActions={(item) => [{ key: 'users', label: t('projectPages:roles.users'), icon: <PersonLink20Regular />, onClick: () => setPanel({ kind: 'roleUsers', item }) }]}
      />
      {panel?.kind === 'teamMembers' ? <TeamMembersPanel projectId={project.id} team={panel.item} canWrite={access.can('teams.addMember')} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'teamApps' ? <TeamAppsPanel projectId={project.id} team={panel.item} canWrite={access.can('teams.linkApp')} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'roleUsers' ? <RoleUsersPanel projectId={project.id} role={panel.item} canWrite={access.can('roles.linkUser')} onClose={() => setPanel(null)} /> : null}
    </div>
  );
}

function TeamMembersPanel({ projectId, team, canWrite, onClose }: { readonly projectId: string; readonly team: ResourceRecord; readonly canWrite: boolean; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'resources']);
  const members = useMemberOptions(projectId);
  const [role, setRole] = useState<TeamMember['role']>('member');
  const list = useApiQuery('teams.members', { params: { projectId, id: team.id }, query: { page: 1, pageSize: 200 } });
  const add = useApiMutation('teams.addMember', { invalidates: ['teams'] });
  const remove = useApiMutation('teams.removeMember', { invalidates: ['teams'] });
  const name = t('resources:quoted', { name: String(team.name) });
  return (
    <LinkPanel
      open
      title={t('projectPages:teams.membersTitle', { name })}
      description={t('projectPages:teams.membersDescription')}
      linked={(list.data?.items ?? []).map((m) => ({ id: m.userId, label: m.name, detail: `${m.email} · ${t(`projects:team.roles.${m.role}`)}` }))}
      candidates={members}
      pickLabel={t('projects:member.title')}
      addLabel={t('projects:team.addMember')}
      unlinkLabel={(who) => t('projectPages:teams.removeMember', { name: who })}
      emptyText={t('projectPages:teams.noMembers')}
      canWrite={canWrite}
      extra={
        <Field label={t('projects:member.fields.role')}>
          <Dropdown className={styles.role} value={t(`projects:team.roles.${role}`)} selectedOptions={[role]} onOptionSelect={(_, data) => setRole((data.optionValue ?? 'member') as TeamMember['role'])}>
            {teamMemberRoles.map((r) => (
              <Option key={r} value={r}>
                {t(`projects:team.roles.${r}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      }
      onLink={(userId) => add.mutateAsync({ params: { projectId, id: team.id }, body: { userId, role } })}
      onUnlink={(userId) => remove.mutateAsync({ params: { projectId, id: team.id, userId } })}
      onClose={onClose}
    />
  );
}

function TeamAppsPanel({ projectId, team, canWrite, onClose }: { readonly projectId: string; readonly team: ResourceRecord; readonly canWrite: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation(['projectPages', 'projects', 'resources']);
  const apps = useAppOptions(projectId);
  const current = useResourceItem('teams', { projectId }, team.id);
  const item = current.data ?? team;
  const linked = Array.isArray(item.appIds) ? (item.appIds as string[]) : [];
  const link = useApiMutation('teams.linkApp', { invalidates: ['teams'] });
  const unlink = useApiMutation('teams.unlinkApp', { invalidates: ['teams'] });
  const name = t('resources:quoted', { name: String(item.name) });
  return (
    <LinkPanel
      open
      title={t('projectPages:teams.appsTitle', { name })}
      description={t('projectPages:teams.appsDescription')}
      linked={linked.map((id) => ({ id, label: apps.find((a) => a.value === id)?.label ?? id }))}
      candidates={apps}
      pickLabel={t('projects:app.title')}
      addLabel={t('projects:team.linkApp')}
      unlinkLabel={(app) => t('projectPages:teams.removeApp', { name: app })}
      emptyText={t('projectPages:teams.noApps')}
      canWrite={canWrite}
      onLink={(appId) => link.mutateAsync({ params: { projectId, id: item.id }, body: { appId } })}
      onUnlink={(appId) => unlink.mutateAsync({ params: { projectId, id: item.id, appId } })}
      onClose={onClose}
    />
  );
}

function RoleUsersPanel({ projectId, role, canWrite, onClose }: { readonly projectId: string; readonly role: ResourceRecord; readonly canWrite: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation(['projectPages', 'projects', 'resources']);
  const members = useMemberOptions(projectId);
  const current = useResourceItem('roles', { projectId }, role.id);
  const item = current.data ?? role;
  const linked = Array.isArray(item.userIds) ? (item.userIds as string[]) : [];
  const link = useApiMutation('roles.linkUser', { invalidates: ['roles', 'me'] });
  const unlink = useApiMutation('roles.unlinkUser', { invalidates: ['roles', 'me'] });
  const name = t('resources:quoted', { name: String(item.name) });
  return (
    <LinkPanel
      open
      title={t('projectPages:roles.usersTitle', { name })}
      description={t('projectPages:roles.usersDescription')}
      linked={linked.map((id) => ({ id, label: members.find((m) => m.value === id)?.label ?? id }))}
      candidates={members}
      pickLabel={t('projects:member.title')}
      addLabel={t('projects:role.linkUser')}
      unlinkLabel={(who) => t('projectPages:roles.unlinkUser', { name: who })}
      emptyText={t('projectPages:roles.noUsers')}
      canWrite={canWrite}
      onLink={(userId) => link.mutateAsync({ params: { projectId, id: item.id }, body: { userId } })}
      onUnlink={(userId) => unlink.mutateAsync({ params: { projectId, id: item.id, userId } })}
      onClose={onClose}
    />
  );
}
