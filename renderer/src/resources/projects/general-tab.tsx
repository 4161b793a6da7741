import { Avatar, Button, Divider, Dropdown, Field, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { Delete20Regular, PersonSwap20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contract/errors';
import type { Project } from '@contract/resources/projects';
import { notify } from '../../components/notices';
import { isAppError } from '../../bridge/app-error';
import { SectionCard } from '../../components/section-card';
import { OnlineOnly } from '../../components/offline/online-only';
import { useApiMutation } from '../../data/api-hooks';
import type { useProjectAccess } from '../../data/menus';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { MediaUploadField } from '../../media/media-upload-field';
import { useConfirm, useDangerButtonClass } from '../confirm-dialog';
import type { ResourceRecord } from '../data-provider';
import { ResourceFormFields } from '../resource-form-fields';
import { useResourceForm } from '../use-resource-form';
import { InterruptionBudgetCard } from './interruption-budget-card';
import { projectIconSrc } from './project-icon';
import { useMemberOptions } from './use-project-options';
import { projectView } from './views';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 440px), 1fr))', gap: tokens.spacingVerticalXL, alignItems: 'start' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  preview: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  identity: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  transfer: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '240px' },
  danger: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
});

/**
 * General: the project's name and icon (saved with the version they were based on: a change made
 * elsewhere meanwhile is never overwritten), transferring ownership to another member, and deleting
 * the project (owner only).
 */
export function GeneralTab({ project, access }: { readonly project: Project; readonly access: ReturnType<typeof useProjectAccess> }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'resource', 'errors']);
  const navigate = useNavigate();
  const canEdit = access.can('projects.update');
  const canOwn = access.role === 'admin' || access.project?.permissions.ownership === 'write';
  const form = useResourceForm({ view: projectView, scope: {}, mode: 'edit', item: project as unknown as ResourceRecord });
  const iconUrl = typeof form.values.iconUrl === 'string' ? form.values.iconUrl.trim() : '';
  const iconSrc = projectIconSrc(iconUrl);
  const iconField = form.fields.find((field) => field.name === 'iconUrl');
  // The icon field checks and uploads on its own; the form waits for it before saving.
  const [iconBusy, setIconBusy] = useState(false);
  const name = typeof form.values.name === 'string' ? form.values.name : project.name;

  return (
    <div className={styles.layout}>
      <SectionCard title={t('projectPages:general.title')} description={t('projectPages:general.description')}>
        <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate>
          <div className={styles.preview}>
            <Avatar name={name || project.name} image={iconSrc ? { src: iconSrc } : undefined} shape="square" size={56} color="brand" />
            <div className={styles.identity}>
              <Text weight="semibold" size={500}>
                {name || project.name}
              </Text>
              <Text className={styles.muted} size={200}>
                {t('projectPages:general.updated', { date: formatDateTime(project.updatedAt, i18n.language), name: project.updatedBy?.name ?? '—' })}
              </Text>
            </div>
          </div>
          <ResourceFormFields form={form} only={['name']} disabled={!canEdit} />
          {iconField ? (
            <MediaUploadField
              ruleId="project.icon"
              projectId={project.id}
              label={form.labelOf('iconUrl')}
              value={iconUrl || null}
              onChange={(url) => form.setValue('iconUrl', url ?? '')}
              onBusyChange={setIconBusy}
              validationMessage={form.messageOf(iconField)}
              disabled={!canEdit || form.busy}
            />
          ) : null}
          {canEdit ? (
            <div className={styles.actions}>
              <Button appearance="primary" type="submit" disabledFocusable={form.busy || iconBusy || !form.dirty} icon={form.busy ? <Spinner size="tiny" /> : undefined}>
                {form.busy ? t('resources:form.saving') : t('resources:form.save')}
              </Button>
              <Button
                disabled={!form.dirty || form.busy}
                onClick={() => {
                  void form.confirmDiscard().then((ok) => ok && form.reset());
                }}
              >
                {t('resources:form.cancel')}
              </Button>
            </div>
          ) : null}
        </form>
        {form.confirmElement}
      </SectionCard>
      <OwnershipCard project={project} canOwn={canOwn} onDeleted={() => navigate('/projects')} />
      <InterruptionBudgetCard projectId={project.id} canEdit={access.can('interruptionBudget.set')} />
    </div>
  );
}

/** The owner, transfer to another member, and deleting the project: the owner's (or an administrator's) decisions. */
function OwnershipCard({ project, canOwn, onDeleted }: { readonly project: Project; readonly canOwn: boolean; readonly onDeleted: () => void }) {
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const { confirm, element } = useConfirm();
  const members = useMemberOptions(project.id);
  const candidates = members.filter((m) => m.value !== project.owner?.id);
  const [ownerId, setOwnerId] = useState('');
  const update = useApiMutation('projects.update', { invalidates: ['projects', 'members', 'me'] });
  const remove = useApiMutation('projects.delete', { invalidates: ['projects', 'me'] });
  const quoted = (name: string) => t('resources:quoted', { name });

  const transfer = async () => {
    const target = candidates.find((m) => m.value === ownerId);
    if (!target) return;
    const ok = await confirm({
      title: t('projects:project.transferOwnership'),
      body: t('projects:project.transferOwnershipConfirm', { name: quoted(target.label.split(' · ')[0] ?? target.label) }),
      confirmLabel: t('projects:project.transferOwnership'),
    });
    if (!ok) return;
    update.mutate(
      { params: { projectId: project.id }, body: { ownerId, version: project.version } },
      {
        onSuccess: () => {
          setOwnerId('');
          notify.message('success', t('projectPages:general.transferred'));
        },
        onError: (error) => notify.message('error', isAppError(error) && error.code === ErrorCode.VersionConflict ? t('errors:versionConflict') : errorText(t, error)),
      },
    );
  };

  const destroy = async () => {
    const ok = await confirm({
      title: t('projectPages:general.deleteTitle'),
      body: t('projects:project.deleteConfirm', { name: quoted(project.name) }),
      confirmLabel: t('projectPages:general.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(
      { params: { projectId: project.id } },
      {
        onSuccess: () => {
          notify.message('success', t('resources:notices.deleted', { name: quoted(project.name) }));
          onDeleted();
        },
        onError: (error) => notify.message('error', errorText(t, error)),
      },
    );
  };

  return (
    <SectionCard title={t('projectPages:general.ownershipTitle')} description={t('projectPages:general.ownershipDescription')}>
      <Field label={t('projects:project.fields.owner')}>
        <Text weight="semibold">{project.owner?.name ?? '—'}</Text>
      </Field>
      {canOwn ? (
        <>
          <div className={styles.transfer}>
            <Field label={t('projectPages:general.newOwner')} className={styles.grow} hint={candidates.length === 0 ? t('projectPages:general.noCandidates') : undefined}>
              <Dropdown
                value={candidates.find((m) => m.value === ownerId)?.label ?? ''}
                selectedOptions={ownerId ? [ownerId] : []}
                placeholder={t('resources:form.choose')}
                disabled={candidates.length === 0}
                onOptionSelect={(_, data) => setOwnerId(data.optionValue ?? '')}
              >
                {candidates.map((m) => (
                  <Option key={m.value} value={m.value}>
                    {m.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <OnlineOnly>
              <Button icon={update.isPending ? <Spinner size="tiny" /> : <PersonSwap20Regular />} disabled={!ownerId || update.isPending} onClick={() => void transfer()}>
                {t('projects:project.transferOwnership')}
              </Button>
            </OnlineOnly>
          </div>
          <Divider />
          <div className={styles.danger}>
            <Text className={styles.muted}>{t('projectPages:general.deleteHint')}</Text>
            <OnlineOnly>
              <Button className={dangerClass} appearance="primary" icon={<Delete20Regular />} disabled={remove.isPending} onClick={() => void destroy()}>
                {t('projectPages:general.delete')}
              </Button>
            </OnlineOnly>
          </div>
        </>
      ) : null}
      {element}
    </SectionCard>
  );
}
