import {
  Button,
  Dropdown,
  makeStyles,
  Option,
  Persona,
  SearchBox,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { PersonDelete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import { assignableMemberRoles, type AssignableMemberRole } from '@contract/permissions';
import type { Member, Project } from '@contract/resources/projects';
import { notify } from '../../components/notices';
import { isAppError } from '../../bridge/app-error';
import { SectionCard } from '../../components/section-card';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { useSession } from '../../data/session';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm } from '../confirm-dialog';
import { useDebounced } from '../use-debounced';
import { PaginationBar } from '../pagination-bar';
import { VisuallyHidden } from '../../components/visually-hidden';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  search: { width: '280px', maxWidth: '100%' },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  role: { minWidth: '140px' },
  muted: { color: tokens.colorNeutralForeground3 },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pager: { marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
});

/**
 * The project's members with their roles: change a role (not the owner's: ownership is transferred
 * under General), remove a member (with their team memberships and app role links, as the server
 * does). Saved with the member's version: a change made elsewhere meanwhile is refused (108007).
 */
export function MembersCard({ project, canWrite }: { readonly project: Project; readonly canWrite: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const session = useSession();
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const members = useApiQuery('members.list', {
    params: { projectId: project.id },
    query: { page, pageSize, sort: 'name:asc', ...(q.trim() ? { q: q.trim() } : {}) },
  });
  const update = useApiMutation('members.update', { invalidates: ['members', 'projects', 'me'] });
  const remove = useApiMutation('members.remove', { invalidates: ['members', 'projects', 'teams', 'roles', 'me'] });
  const { confirm, element } = useConfirm();

  const changeRole = (member: Member, role: AssignableMemberRole) => {
    update.mutate(
      { params: { projectId: project.id, userId: member.userId }, body: { role, version: member.version } },
      {
        onSuccess: () => notify.message('success', t('projectPages:members.roleChanged', { name: t('resources:quoted', { name: member.name }), role: t(`projects:memberRoles.${role}`) })),
        onError: (error) => notify.message('error', isAppError(error) && error.code === ErrorCode.VersionConflict ? t('errors:versionConflict') : errorText(t, error)),
      },
    );
  };

  const removeMember = async (member: Member) => {
    const name = t('resources:quoted', { name: member.name });
    const ok = await confirm({ title: t('projectPages:members.removeTitle'), body: t('projects:member.removeConfirm', { name }), confirmLabel: t('projectPages:members.remove'), danger: true });
    if (!ok) return;
    remove.mutate(
      { params: { projectId: project.id, userId: member.userId } },
      {
        onSuccess: () => notify.message('success', t('projectPages:members.removed', { name })),
        onError: (error) => notify.message('error', errorText(t, error)),
      },
    );
  };

  return (
    <SectionCard
      title={t('projectPages:members.title')}
      description={t('projectPages:members.description')}
      action={
        <SearchBox
          className={styles.search}
          size="small"
          placeholder={t('resource:actions.search')}
          aria-label={t('projectPages:members.search')}
          value={search}
          onChange={(_, data) => {
            setSearch(data.value);
            setPage(1);
          }}
        />
      }
    >
      {members.isPending ? (
        <Skeleton className={styles.skeleton} aria-label={t('resources:list.loadingRow')}>
          <SkeletonItem size={32} />
          <SkeletonItem size={32} />
        </Skeleton>
      ) : members.isError ? (
        <Text>{errorText(t, members.error)}</Text>
      ) : (
        <>
          <Table className={styles.table} aria-label={t('projectPages:members.title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('projects:member.title')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:member.fields.role')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:member.fields.joinedAt')}</TableHeaderCell>
                <TableHeaderCell>
                  <VisuallyHidden>{t('resources:list.more')}</VisuallyHidden>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.data.items.map((member) => {
                const locked = member.role === 'owner' || !canWrite || member.userId === session.data?.user?.id;
                return (
                  <TableRow key={member.userId}>
                    <TableCell>
                      <Persona name={member.name} secondaryText={member.email} size="small" avatar={{ color: 'colorful' }} />
                    </TableCell>
                    <TableCell>
                      {locked ? (
                        <Text>{t(`projects:memberRoles.${member.role}`)}</Text>
                      ) : (
                        <Dropdown
                          className={styles.role}
                          size="small"
                          aria-label={t('projectPages:members.roleOf', { name: member.name })}
                          value={t(`projects:memberRoles.${member.role}`)}
                          selectedOptions={[member.role]}
                          onOptionSelect={(_, data) => {
                            if (data.optionValue && data.optionValue !== member.role) changeRole(member, data.optionValue as AssignableMemberRole);
                          }}
                        >
                          {assignableMemberRoles.map((role) => (
                            <Option key={role} value={role}>
                              {t(`projects:memberRoles.${role}`)}
                            </Option>
                          ))}
                        </Dropdown>
                      )}
                    </TableCell>
                    <TableCell className={styles.nowrap}>
                      <Text className={styles.muted}>{formatDateTime(member.joinedAt, i18n.language)}</Text>
                    </TableCell>
                    <TableCell>
                      {canWrite && member.role !== 'owner' ? (
                        <Tooltip content={t('projectPages:members.removeNamed', { name: member.name })} relationship="label">
                          <Button appearance="subtle" size="small" icon={<PersonDelete20Regular />} onClick={() => void removeMember(member)} />
                        </Tooltip>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {members.data.total > 20 ? (
            <div className={styles.pager}>
            <PaginationBar
              page={page}
              pageSize={pageSize}
              total={members.data.total}
              onPage={setPage}
              allowAll={false}
              onPageSize={(size) => {
                setPageSize(size === 'all' ? 200 : size);
                setPage(1);
              }}
            />
            </div>
          ) : null}
        </>
      )}
      {element}
    </SectionCard>
  );
}
