import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Skeleton,
  SkeletonItem,
  Spinner,
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
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { userRoleSchema } from '@contract/api/auth';
import { ErrorCode } from '@contract/errors';
import { assignableMemberRoles } from '@contract/permissions';
import { invitationCreateSchema, type Invitation, type Project } from '@contract/resources/projects';
import { emailSchema, localizedNameSchema } from '@contract/validation';
import { notify } from '../../app/notices';
import { EmptyState } from '../../components/empty-state';
import { SectionCard } from '../../components/section-card';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm } from '../confirm-dialog';
import { PaginationBar } from '../pagination-bar';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap', flexShrink: 0 },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
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
            <Button icon={<PersonAdd20Regular />} onClick={() => setCreating(true)}>
              {t('projects:users.create')}
            </Button>
          ) : null}
          {canWrite ? (
            <Button appearance="primary" icon={<MailAdd20Regular />} onClick={() => setInviting(true)}>
              {t('projects:invitation.invite')}
            </Button>
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
                <TableHeaderCell aria-label={t('resources:list.more')} />
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
      {inviting ? <InviteDialog projectId={project.id} onClose={() => setInviting(false)} /> : null}
      {creating ? <CreateOperatorDialog onClose={() => setCreating(false)} /> : null}
      {element}
    </SectionCard>
  );
}

/** Invite by email with a role; the mail carries the accept code. */
function InviteDialog({ projectId, onClose }: { readonly projectId: string; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const form = useSchemaForm(invitationCreateSchema, { email: '', role: 'editor' });
  const codeFields = useMemo(() => ({ [ErrorCode.InvitationRepeated]: 'email', [ErrorCode.AlreadyMember]: 'email', [ErrorCode.EmailFormat]: 'email' }), []);
  const submitError = useSubmitError(form.setErrors, codeFields);
  const message = useFieldMessage(form.errors, submitError.fieldMessages);
  const invite = useApiMutation('invitations.create');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const data = form.validate();
    if (!data) return;
    invite.mutate(
      { params: { projectId }, body: data },
      {
        onSuccess: (invitation) => {
          notify.message('success', t('projectPages:invitations.sent', { email: invitation.email }));
          onClose();
        },
        onError: (error) => submitError.report(error),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('projects:invitation.invite')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Text>{t('projectPages:invitations.inviteHint')}</Text>
              <FormError message={submitError.message} />
              <Field label={t('projects:invitation.fields.email')} required validationMessage={message('email')}>
                <Input
                  type="email"
                  value={form.values.email}
                  onChange={(_, data) => {
                    form.setValue('email', data.value);
                    submitError.clearField('email');
                  }}
                />
              </Field>
              <Field label={t('projects:invitation.fields.role')} required validationMessage={message('role')}>
                <Dropdown value={t(`projects:memberRoles.${form.values.role}`)} selectedOptions={[form.values.role]} onOptionSelect={(_, data) => form.setValue('role', data.optionValue ?? 'editor')}>
                  {assignableMemberRoles.map((role) => (
                    <Option key={role} value={role}>
                      {t(`projects:memberRoles.${role}`)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('resources:form.cancel')}</Button>
              <Button appearance="primary" type="submit" disabledFocusable={invite.isPending} icon={invite.isPending ? <Spinner size="tiny" /> : undefined}>
                {t('projectPages:invitations.send')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

const operatorSchema = z.object({ email: emailSchema, name: localizedNameSchema, role: userRoleSchema });

/** An administrator creates an operator account; its temporary password is mailed to it. */
function CreateOperatorDialog({ onClose }: { readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const form = useSchemaForm(operatorSchema, { email: '', name: '', role: 'operator' });
  const codeFields = useMemo(() => ({ [ErrorCode.EmailAlreadyRegistered]: 'email', [ErrorCode.EmailFormat]: 'email' }), []);
  const submitError = useSubmitError(form.setErrors, codeFields);
  const message = useFieldMessage(form.errors, submitError.fieldMessages);
  const create = useApiMutation('users.create');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const data = form.validate();
    if (!data) return;
    create.mutate(
      { body: data },
      {
        onSuccess: (user) => {
          notify.notification('success', t('projects:users.created', { email: user.email }));
          onClose();
        },
        onError: (error) => submitError.report(error),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{t('projects:users.create')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Text>{t('projectPages:operators.hint')}</Text>
              <FormError message={submitError.message} />
              <Field label={t('projects:users.fields.email')} required validationMessage={message('email')}>
                <Input
                  type="email"
                  value={form.values.email}
                  onChange={(_, data) => {
                    form.setValue('email', data.value);
                    submitError.clearField('email');
                  }}
                />
              </Field>
              <Field label={t('projects:users.fields.name')} required validationMessage={message('name')}>
                <Input value={form.values.name} onChange={(_, data) => form.setValue('name', data.value)} />
              </Field>
              <Field label={t('projects:users.fields.role')} required>
                <Dropdown value={t(`projects:users.roles.${form.values.role}`)} selectedOptions={[form.values.role]} onOptionSelect={(_, data) => form.setValue('role', data.optionValue ?? 'operator')}>
                  {userRoleSchema.options.map((role) => (
                    <Option key={role} value={role}>
                      {t(`projects:users.roles.${role}`)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('resources:form.cancel')}</Button>
              <Button appearance="primary" type="submit" disabledFocusable={create.isPending} icon={create.isPending ? <Spinner size="tiny" /> : undefined}>
                {t('projects:users.create')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
