import {
  Badge,
  Button,
  makeStyles,
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
import { MailAdd20Regular, MailDismiss20Regular, PersonAdd20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { userRoleSchema } from '@contract/api/auth';
import { ErrorCode } from '@contract/errors';
import { assignableMemberRoles } from '@contract/permissions';
import { invitationCreateSchema, type Invitation, type Project } from '@contract/resources/projects';
import { emailSchema, localizedNameSchema } from '@contract/validation';
import { notify } from '../../components/notices';
import { EmptyState } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';
import { OnlineOnly } from '../../components/offline/online-only';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { ChoiceField, FormDialog, TextField } from '../../forms/form-dialog';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm } from '../confirm-dialog';
import { PaginationBar } from '../pagination-bar';
import { VisuallyHidden } from '../../components/visually-hidden';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap', flexShrink: 0 },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pager: { marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
});

const statusColour: Readonly<Record<Invitation['status'], 'warning' | 'success' | 'subtle' | 'danger'>> = {
  pending: 'warning',
  accepted: 'success',
  revoked: 'subtle',
  expired: 'danger',
};

/**
 * Invitations by email (spec §6): invite with a role, the pending and past invitations, revoke a
 * pending one. Inviting the same address twice is refused (105004) under the email field. A global
 * administrator can also create the account an invited person needs (a temporary password is mailed).
 */
export function InvitationsCard({ project, canWrite, isAdmin }: { readonly project: Project; readonly canWrite: boolean; readonly isAdmin: boolean }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const [creating, setCreating] = useState(false);
  const invitations = useApiQuery('invitations.list', { params: { projectId: project.id }, query: { page, pageSize: 20, sort: 'createdAt:desc' } });
  const revoke = useApiMutation('invitations.revoke');
  const { confirm, element } = useConfirm();

  const revokeInvitation = async (invitation: Invitation) => {
    const ok = await confirm({
      title: t('projects:invitation.revoke'),
      body: t('projectPages:invitations.revokeConfirm', { email: invitation.email }),
      confirmLabel: t('projects:invitation.revoke'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(
      { params: { projectId: project.id, id: invitation.id } },
      {
        onSuccess: () => notify.message('success', t('projectPages:invitations.revoked', { email: invitation.email })),
        onError: (error) => notify.message('error', errorText(t, error)),
      },
    );
  };

  return (
    <SectionCard
      title={t('projectPages:invitations.title')}
      description={t('projectPages:invitations.description')}
      action={
        <span className={styles.actions}>
          {isAdmin ? (
            <OnlineOnly>
              <Button icon={<PersonAdd20Regular />} onClick={() => setCreating(true)}>
                {t('projects:users.create')}
              </Button>
            </OnlineOnly>
          ) : null}
          {canWrite ? (
            <OnlineOnly>
              <Button appearance="primary" icon={<MailAdd20Regular />} onClick={() => setInviting(true)}>
                {t('projects:invitation.invite')}
              </Button>
            </OnlineOnly>
          ) : null}
        </span>
      }
    >
      {invitations.isPending ? (
        <Skeleton className={styles.skeleton} aria-label={t('resources:list.loadingRow')}>
          <SkeletonItem size={32} />
        </Skeleton>
      ) : invitations.isError ? (
        <Text>{errorText(t, invitations.error)}</Text>
      ) : invitations.data.total === 0 ? (
        <EmptyState icon={<MailAdd20Regular />} title={t('projectPages:invitations.empty')} hint={canWrite ? t('projectPages:invitations.emptyHint') : undefined} />
      ) : (
        <>
          <Table className={styles.table} aria-label={t('projectPages:invitations.title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('projects:invitation.fields.email')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:invitation.fields.role')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:invitation.fields.status')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:invitation.fields.invitedBy')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:invitation.fields.createdAt')}</TableHeaderCell>
                <TableHeaderCell>{t('projects:invitation.fields.expiresAt')}</TableHeaderCell>
                <TableHeaderCell>
                  <VisuallyHidden>{t('resources:list.more')}</VisuallyHidden>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.data.items.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell>
                    <Text weight="semibold">{invitation.email}</Text>
                  </TableCell>
                  <TableCell>{t(`projects:memberRoles.${invitation.role}`)}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={statusColour[invitation.status]} shape="rounded">
                      {t(`projects:invitation.statuses.${invitation.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>{invitation.invitedBy?.name ?? '—'}</TableCell>
                  <TableCell className={styles.nowrap}>
                    <Text className={styles.muted}>{formatDateTime(invitation.createdAt, i18n.language)}</Text>
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    <Text className={styles.muted}>{formatDateTime(invitation.expiresAt, i18n.language)}</Text>
                  </TableCell>
                  <TableCell>
                    {canWrite && invitation.status === 'pending' ? (
                      <Tooltip content={t('projectPages:invitations.revokeNamed', { email: invitation.email })} relationship="label">
                        <Button appearance="subtle" size="small" icon={<MailDismiss20Regular />} onClick={() => void revokeInvitation(invitation)} />
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {invitations.data.total > 20 ? (
            <div className={styles.pager}>
              <PaginationBar page={page} pageSize={20} total={invitations.data.total} onPage={setPage} onPageSize={() => undefined} allowAll={false} />
            </div>
          ) : null}
        </>
      )}
      {canWrite ? <InviteDialog projectId={project.id} open={inviting} onClose={() => setInviting(false)} /> : null}
      {isAdmin ? <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} /> : null}
      {element}
    </SectionCard>
  );
}

const inviteCodeFields = { [ErrorCode.InvitationRepeated]: 'email', [ErrorCode.AlreadyMember]: 'email', [ErrorCode.EmailFormat]: 'email' };

/** Invite by email with a role; the mail carries the accept code. */
function InviteDialog({ projectId, open, onClose }: { readonly projectId: string; readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation(['projectPages', 'projects']);
  const invite = useApiMutation('invitations.create');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('projects:invitation.invite')}
      intro={t('projectPages:invitations.inviteHint')}
      schema={invitationCreateSchema}
      initial={{ email: '', role: 'editor' }}
      codeFields={inviteCodeFields}
      send={(body) => invite.mutateAsync({ params: { projectId }, body })}
      successMessage={(invitation) => t('projectPages:invitations.sent', { email: invitation.email })}
      submitLabel={t('projectPages:invitations.send')}
    >
      {(form) => (
        <>
          <TextField form={form} name="email" type="email" label={t('projects:invitation.fields.email')} />
          <ChoiceField form={form} name="role" label={t('projects:invitation.fields.role')} options={assignableMemberRoles} labelOf={(role) => t(`projects:memberRoles.${role}`)} />
        </>
      )}
    </FormDialog>
  );
}

const operatorSchema = z.object({ email: emailSchema, name: localizedNameSchema, role: userRoleSchema });
const operatorCodeFields = { [ErrorCode.EmailAlreadyRegistered]: 'email', [ErrorCode.EmailFormat]: 'email' };

/** An administrator creates an operator account; its temporary password is mailed to it. */
function CreateOperatorDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation(['projectPages', 'projects']);
  const create = useApiMutation('users.create');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('projects:users.create')}
      intro={t('projectPages:operators.hint')}
      schema={operatorSchema}
      initial={{ email: '', name: '', role: 'operator' }}
      codeFields={operatorCodeFields}
      send={(body) => create.mutateAsync({ body })}
      successMessage={(user) => t('projects:users.created', { email: user.email })}
      notice="notification"
      submitLabel={t('projects:users.create')}
    >
      {(form) => (
        <>
          <TextField form={form} name="email" type="email" label={t('projects:users.fields.email')} />
          <TextField form={form} name="name" label={t('projects:users.fields.name')} />
          <ChoiceField form={form} name="role" label={t('projects:users.fields.role')} options={userRoleSchema.options} labelOf={(role) => t(`projects:users.roles.${role}`)} />
        </>
      )}
    </FormDialog>
  );
}
