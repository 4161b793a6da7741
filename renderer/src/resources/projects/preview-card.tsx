import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Divider,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
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
import {
  Add20Regular,
  ArrowClockwise16Regular,
  Checkmark20Regular,
  Copy20Regular,
  Delete20Regular,
  Edit20Regular,
  Eye20Regular,
  EyeOff20Regular,
  LinkDismiss20Regular,
  PhoneLaptop20Regular,
  Sparkle20Regular,
} from '@fluentui/react-icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deliverySettingsUpdateSchema,
  PREVIEW_PASSWORD_MAX,
  PREVIEW_PASSWORD_MIN,
  previewLinkCreateSchema,
  type DeliverySettings,
  type PreviewLink,
  type PreviewLinkCreated,
} from '@contract/api/preview';
import type { RouteId } from '@contract/api';
import { ErrorCode } from '@contract/errors';
import { isAppError } from '../../bridge/app-error';
import { notify } from '../../components/notices';
import { SectionCard } from '../../components/section-card';
import { VisuallyHidden } from '../../components/visually-hidden';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { useAppInfo } from '../../data/app-info';
import { FormDialog, TextField, useFormSession } from '../../forms/form-dialog';
import { FormError } from '../../forms/form-error';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm, useDangerButtonClass } from '../confirm-dialog';
import {
  CLIENT_KEY_VARIABLE,
  defaultValidity,
  previewLinkInput,
  previewLinkState,
  previewRequest,
  qrCodeDataUrl,
  validityChoices,
  validityHours,
  type PreviewLinkFormValues,
  type PreviewLinkState,
} from './preview-links';

const useStyles = makeStyles({
  card: { gridColumn: '1 / -1' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  password: { maxWidth: '440px' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  dialogContent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  created: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  createdText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // The code stays black on white in the dark theme too: cameras read dark modules on a light ground.
  qr: {
    display: 'block',
    width: '288px',
    height: '288px',
    backgroundColor: '#ffffff',
    borderRadius: tokens.borderRadiusMedium,
    outline: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  qrPending: { width: '288px', height: '288px', display: 'grid', placeItems: 'center' },
  custom: { maxWidth: '200px' },
});

/** What the card may do for the signed-in member (`useProjectAccess`). */
export interface PreviewAccess {
  readonly can: (routeId: RouteId) => boolean;
}

/**
 * The app settings' Preview card (issue 10): the way test clients see what is published but not yet
 * promoted. Two ways in: the project's pre-release password (one for every app of the project,
 * typed into a test build; operators read it back to tell testers) and the app's preview links
 * (signed, expiring, one reviewer each, opened on a test phone from a QR code, revocable). Changes
 * are offered only to members who may write apps; the password is saved with the version it was
 * read at, and a change made meanwhile is shown, never overwritten.
 */
export function PreviewCard({
  projectId,
  appId,
  platform,
  access,
  live,
}: {
  readonly projectId: string;
  readonly appId: string;
  readonly platform: 'ios' | 'android';
  readonly access: PreviewAccess;
  /** False for an app in the trash: no new links for it. */
  readonly live: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages']);
  return (
    <SectionCard className={styles.card} title={t('projectPages:preview.title')} description={t('projectPages:preview.description')} action={<PhoneLaptop20Regular aria-hidden />}>
      <PasswordSection projectId={projectId} canWrite={access.can('deliverySettings.update')} />
      <Divider />
      <LinksSection projectId={projectId} appId={appId} platform={platform} canWrite={access.can('previewLinks.create') && live} canRevoke={access.can('previewLinks.revoke')} />
    </SectionCard>
  );
}

/** A value copied to the clipboard, with its notices. */
function copyText(value: string, messages: { readonly copied: string; readonly failed: string }, onCopied?: () => void): void {
  void navigator.clipboard.writeText(value).then(
    () => {
      onCopied?.();
      notify.message('success', messages.copied);
    },
    () => notify.message('error', messages.failed),
  );
}

/** A button that copies `value`, its icon ticked once done. */
function CopyButton({ value, label }: { readonly value: string; readonly label: string }) {
  const { t } = useTranslation(['projectPages']);
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="transparent"
        size="small"
        icon={copied ? <Checkmark20Regular /> : <Copy20Regular />}
        onClick={() => copyText(value, { copied: t('projectPages:preview.copied'), failed: t('projectPages:preview.copyFailed') }, () => setCopied(true))}
      />
    </Tooltip>
  );
}

/** A read-only value with a copy button (the link, the request that tries it). */
function CopyField({ label, value, copyLabel, hint }: { readonly label: string; readonly value: string; readonly copyLabel: string; readonly hint?: string }) {
  const styles = useStyles();
  return (
    <Field label={label} hint={hint}>
      <Input readOnly value={value} input={{ className: styles.mono }} contentAfter={<CopyButton value={value} label={copyLabel} />} />
    </Field>
  );
}

/** The project's pre-release password: masked with a reveal toggle and a copy button; set, change or remove. */
function PasswordSection({ projectId, canWrite }: { readonly projectId: string; readonly canWrite: boolean }) {
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t, i18n } = useTranslation(['projectPages', 'common', 'errors']);
  const params = { projectId };
  const settings = useApiQuery('deliverySettings.get', { params });
  const update = useApiMutation('deliverySettings.update', { invalidates: ['deliverySettings'] });
  const { confirm, element } = useConfirm();
  const [editing, setEditing] = useState(false);
  const [visible, setVisible] = useState(false);
  const headingId = useId();

  const onRemove = async (current: DeliverySettings) => {
    const ok = await confirm({
      title: t('projectPages:preview.removePasswordTitle'),
      body: t('projectPages:preview.removePasswordConfirm'),
      confirmLabel: t('projectPages:preview.remove'),
      danger: true,
    });
    if (!ok) return;
    update.mutate(
      { params, body: { previewPassword: null, version: current.version } },
      {
        onSuccess: () => notify.message('success', t('projectPages:preview.passwordRemoved')),
        onError: (error) => {
          if (isAppError(error) && error.code === ErrorCode.VersionConflict) void settings.refetch();
          notify.message('error', errorText(t, error));
        },
      },
    );
  };

  const toggleLabel = visible ? t('common:form.hidePassword') : t('common:form.showPassword');
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Text as="h3" id={headingId} className={styles.heading} weight="semibold">
        {t('projectPages:preview.passwordHeading')}
      </Text>
      <Text size={200}>{t('projectPages:preview.passwordScope')}</Text>
      {settings.isPending ? (
        <Skeleton aria-label={t('projectPages:preview.loading')}>
          <SkeletonItem size={32} />
        </Skeleton>
      ) : settings.isError ? (
        <Text>{errorText(t, settings.error)}</Text>
      ) : (
        <>
          {settings.data.previewPassword === null ? (
            <Text className={styles.muted}>{t('projectPages:preview.passwordNone')}</Text>
          ) : (
            <Field className={styles.password} label={t('projectPages:preview.password')}>
              <Input
                readOnly
                type={visible ? 'text' : 'password'}
                value={settings.data.previewPassword}
                input={{ className: styles.mono }}
                data-testid="preview-password"
                contentAfter={
                  <>
                    <Tooltip content={toggleLabel} relationship="label">
                      <Button appearance="transparent" size="small" icon={visible ? <EyeOff20Regular /> : <Eye20Regular />} aria-pressed={visible} onClick={() => setVisible((v) => !v)} />
                    </Tooltip>
                    <CopyButton value={settings.data.previewPassword} label={t('projectPages:preview.copyPassword')} />
                  </>
                }
              />
            </Field>
          )}
          {settings.data.updatedAt ? (
            <Text size={200} className={styles.muted}>
              {t('projectPages:preview.passwordUpdated', { date: formatDateTime(settings.data.updatedAt, i18n.language), name: settings.data.updatedBy?.name ?? '—' })}
            </Text>
          ) : null}
          {canWrite ? (
            <div className={styles.toolbar}>
              <Button icon={<Edit20Regular />} onClick={() => setEditing(true)}>
                {settings.data.previewPassword === null ? t('projectPages:preview.setPassword') : t('projectPages:preview.changePassword')}
              </Button>
              {settings.data.previewPassword !== null ? (
                <Button className={dangerClass} icon={<Delete20Regular />} disabled={update.isPending} onClick={() => void onRemove(settings.data)}>
                  {t('projectPages:preview.removePassword')}
                </Button>
              ) : null}
            </div>
          ) : (
            <Text size={200} className={styles.muted}>
              {t('projectPages:preview.readOnly')}
            </Text>
          )}
          {editing ? <PasswordDialog projectId={projectId} current={settings.data} onReload={() => settings.refetch()} onClose={() => setEditing(false)} /> : null}
        </>
      )}
      {element}
    </section>
  );
}

/** A password testers can type: 16 letters and digits, without the look-alikes 0/O, 1/l/I. */
function suggestPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Setting or changing the password, checked with the contract's schema before anything is sent.
 * It is saved with the version read when the dialog opened: when someone changed it meanwhile
 * (108007) the dialog says so and keeps what was typed; Reload reads the current one and the next
 * save is based on it.
 */
function PasswordDialog({
  projectId,
  current,
  onReload,
  onClose,
}: {
  readonly projectId: string;
  readonly current: DeliverySettings;
  readonly onReload: () => Promise<{ readonly data?: DeliverySettings | undefined }>;
  readonly onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'common', 'errors']);
  const update = useApiMutation('deliverySettings.update', { invalidates: ['deliverySettings'] });
  const [baseVersion, setBaseVersion] = useState(current.version);
  /** `stale`: the last save was refused for a change made meanwhile; `reloaded`: the dialog is now based on it. */
  const [conflict, setConflict] = useState<'none' | 'stale' | 'reloaded'>('none');
  const [reloading, setReloading] = useState(false);
  const form = useFormSession({
    schema: deliverySettingsUpdateSchema,
    initial: { previewPassword: '' },
    toInput: (values) => ({ previewPassword: values.previewPassword, version: baseVersion }),
    send: async (body) => {
      setConflict('none');
      try {
        return await update.mutateAsync({ params: { projectId }, body });
      } catch (error) {
        if (isAppError(error) && error.code === ErrorCode.VersionConflict) setConflict('stale');
        throw error;
      }
    },
    successMessage: () => t('projectPages:preview.passwordSaved'),
    onSuccess: onClose,
  });
  const close = () => {
    if (!form.busy) onClose();
  };
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh.data) {
        setBaseVersion(fresh.data.version);
        setConflict('reloaded');
        notify.message('info', t('projectPages:preview.reloaded'));
      }
    } finally {
      setReloading(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? close() : undefined)}>
      <DialogSurface>
        <form onSubmit={(event) => void form.submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{current.previewPassword === null ? t('projectPages:preview.setPasswordTitle') : t('projectPages:preview.changePasswordTitle')}</DialogTitle>
            <DialogContent className={styles.dialogContent}>
              <Text>{t('projectPages:preview.passwordIntro', { min: PREVIEW_PASSWORD_MIN, max: PREVIEW_PASSWORD_MAX })}</Text>
              {conflict === 'stale' ? (
                <MessageBar intent="warning" layout="multiline" role="alert">
                  <MessageBarBody>
                    <MessageBarTitle>{t('projectPages:preview.conflictTitle')}</MessageBarTitle>
                    {t('projectPages:preview.conflictBody')}
                  </MessageBarBody>
                  <MessageBarActions>
                    <Button size="small" icon={<ArrowClockwise16Regular />} disabled={reloading} onClick={() => void reload()}>
                      {t('projectPages:preview.reload')}
                    </Button>
                  </MessageBarActions>
                </MessageBar>
              ) : conflict === 'none' ? (
                <FormError message={form.formMessage} details={form.formDetails} />
              ) : null}
              <Field label={t('projectPages:preview.newPassword')} required validationMessage={form.messageOf('previewPassword')} hint={t('projectPages:preview.passwordHint', { min: PREVIEW_PASSWORD_MIN, max: PREVIEW_PASSWORD_MAX })}>
                <Input
                  name="previewPassword"
                  autoComplete="off"
                  spellCheck={false}
                  value={form.values.previewPassword}
                  input={{ className: styles.mono }}
                  onChange={(_, data) => form.setValue('previewPassword', data.value)}
                  contentAfter={
                    <Tooltip content={t('projectPages:preview.suggest')} relationship="label">
                      <Button appearance="transparent" size="small" icon={<Sparkle20Regular />} onClick={() => form.setValue('previewPassword', suggestPassword())} />
                    </Tooltip>
                  }
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={form.busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabledFocusable={form.busy || conflict === 'stale'} icon={form.busy ? <Spinner size="tiny" /> : undefined}>
                {t('projectPages:preview.savePassword')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** The time now, renewed every `everyMs`, so a link turns "expired" on screen when it does. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const stateColour: Record<PreviewLinkState, 'success' | 'warning' | 'subtle'> = { active: 'success', expired: 'warning', revoked: 'subtle' };

const newLink: PreviewLinkFormValues = { reviewer: '', validity: defaultValidity, expiresInHours: '' };

/** The app's preview links: who each is for, until when, who made it and its state; revoke; make a new one. */
function LinksSection({
  projectId,
  appId,
  platform,
  canWrite,
  canRevoke,
}: {
  readonly projectId: string;
  readonly appId: string;
  readonly platform: 'ios' | 'android';
  readonly canWrite: boolean;
  readonly canRevoke: boolean;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'resources', 'errors']);
  const params = { projectId, id: appId };
  const links = useApiQuery('previewLinks.list', { params });
  const create = useApiMutation('previewLinks.create', { invalidates: ['previewLinks'] });
  const revoke = useApiMutation('previewLinks.revoke', { invalidates: ['previewLinks'] });
  const { confirm, element } = useConfirm();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PreviewLinkCreated | null>(null);
  const now = useNow();
  const headingId = useId();

  const onRevoke = async (link: PreviewLink) => {
    const reviewer = t('resources:quoted', { name: link.reviewer });
    const ok = await confirm({
      title: t('projectPages:preview.links.revokeTitle'),
      body: t('projectPages:preview.links.revokeConfirm', { reviewer }),
      confirmLabel: t('projectPages:preview.links.revoke'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(
      { params: { ...params, linkId: link.id } },
      { onSuccess: () => notify.message('success', t('projectPages:preview.links.revoked', { reviewer })), onError: (error) => notify.message('error', errorText(t, error)) },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Text as="h3" id={headingId} className={styles.heading} weight="semibold">
        {t('projectPages:preview.links.heading')}
      </Text>
      <Text size={200}>{t('projectPages:preview.links.description')}</Text>
      {canWrite ? (
        <div className={styles.toolbar}>
          <Button icon={<Add20Regular />} disabled={links.isPending} onClick={() => setCreating(true)}>
            {t('projectPages:preview.links.create')}
          </Button>
        </div>
      ) : null}
      {links.isPending ? (
        <Skeleton aria-label={t('resources:list.loadingRow')}>
          <SkeletonItem size={32} />
        </Skeleton>
      ) : links.isError ? (
        <Text>{errorText(t, links.error)}</Text>
      ) : links.data.length === 0 ? (
        <Text className={styles.muted}>{t('projectPages:preview.links.none')}</Text>
      ) : (
        <Table className={styles.table} size="small" aria-label={t('projectPages:preview.links.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('projectPages:preview.links.reviewer')}</TableHeaderCell>
              <TableHeaderCell>{t('projectPages:preview.links.expiresAt')}</TableHeaderCell>
              <TableHeaderCell>{t('projectPages:preview.links.createdBy')}</TableHeaderCell>
              <TableHeaderCell>{t('projectPages:preview.links.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('projectPages:preview.links.state')}</TableHeaderCell>
              {canRevoke ? (
                <TableHeaderCell>
                  <VisuallyHidden>{t('projectPages:preview.links.actions')}</VisuallyHidden>
                </TableHeaderCell>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {links.data.map((link) => {
              const state = previewLinkState(link, now);
              const badge = (
                <Badge appearance="tint" color={stateColour[state]} shape="rounded" tabIndex={link.revokedAt ? 0 : undefined}>
                  {t(`projectPages:preview.links.states.${state}`)}
                </Badge>
              );
              return (
                <TableRow key={link.id} data-state={state}>
                  <TableCell>{link.reviewer}</TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(link.expiresAt, i18n.language)}</TableCell>
                  <TableCell>{link.createdBy?.name ?? '—'}</TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(link.createdAt, i18n.language)}</TableCell>
                  <TableCell>
                    {link.revokedAt ? (
                      <Tooltip content={t('projectPages:preview.links.revokedAt', { date: formatDateTime(link.revokedAt, i18n.language) })} relationship="description">
                        {badge}
                      </Tooltip>
                    ) : (
                      badge
                    )}
                  </TableCell>
                  {canRevoke ? (
                    <TableCell>
                      {state === 'active' ? (
                        <Tooltip content={t('projectPages:preview.links.revokeNamed', { reviewer: link.reviewer })} relationship="label">
                          <Button appearance="subtle" size="small" icon={<LinkDismiss20Regular />} disabled={revoke.isPending} onClick={() => void onRevoke(link)} />
                        </Tooltip>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t('projectPages:preview.links.createTitle')}
        intro={t('projectPages:preview.links.createIntro')}
        schema={previewLinkCreateSchema}
        initial={newLink}
        toInput={previewLinkInput}
        send={async (body) => {
          const answer = await create.mutateAsync({ params, body });
          setCreated(answer);
          return answer;
        }}
        submitLabel={t('projectPages:preview.links.createSubmit')}
      >
        {(form) => (
          <>
            <TextField form={form} name="reviewer" label={t('projectPages:preview.links.reviewer')} />
            <Field label={t('projectPages:preview.links.validity')} required>
              <RadioGroup layout="horizontal" value={form.values.validity} onChange={(_, data) => form.setValue('validity', data.value)}>
                {validityChoices.map((choice) => (
                  <Radio key={choice} value={choice} label={t(`projectPages:preview.links.presets.${choice}`)} />
                ))}
              </RadioGroup>
            </Field>
            {form.values.validity === 'custom' ? (
              <Field className={styles.custom} label={t('projectPages:preview.links.hours', validityHours)} required validationMessage={form.messageOf('expiresInHours')}>
                <Input inputMode="numeric" name="expiresInHours" autoComplete="off" value={form.values.expiresInHours} onChange={(_, data) => form.setValue('expiresInHours', data.value)} />
              </Field>
            ) : null}
          </>
        )}
      </FormDialog>
      <CreatedLinkDialog
        created={created}
        platform={platform}
        onClose={() => {
          setCreated(null);
          create.reset();
        }}
      />
      {element}
    </section>
  );
}

/** The QR code of `text` (black on white in both themes), named for assistive technology. */
export function PreviewQrCode({ text, label }: { readonly text: string; readonly label: string }) {
  const styles = useStyles();
  const [source, setSource] = useState<{ readonly text: string; readonly url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void qrCodeDataUrl(text).then((url) => {
      if (current) setSource({ text, url });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!source || source.text !== text) {
    return (
      <div className={styles.qrPending}>
        <Spinner size="small" aria-label={label} />
      </div>
    );
  }
  return <img className={styles.qr} src={source.url} alt={label} data-testid="preview-qr" />;
}

/**
 * The new link, shown this once: its QR code for the test phone, the deep link with a copy button,
 * and a ready-to-copy request of the preview configuration with its token (docs/delivery-api.md).
 */
function CreatedLinkDialog({ created, platform, onClose }: { readonly created: PreviewLinkCreated | null; readonly platform: 'ios' | 'android'; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages']);
  const appInfo = useAppInfo();
  const request = created ? previewRequest(created, platform, appInfo.data?.serverUrl ?? '') : null;
  const reviewer = created?.reviewer ?? '';
  return (
    <Dialog open={created !== null} modalType="alert" onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('projectPages:preview.links.createdTitle', { reviewer })}</DialogTitle>
          <DialogContent className={styles.dialogContent}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('projectPages:preview.links.shownOnce')}</MessageBarBody>
            </MessageBar>
            {created ? (
              <div className={styles.created}>
                <PreviewQrCode text={created.url} label={t('projectPages:preview.links.qrLabel', { reviewer })} />
                <div className={styles.createdText}>
                  <Text>{t('projectPages:preview.links.scan')}</Text>
                  <Text>{t('projectPages:preview.links.validUntil', { date: formatDateTime(created.expiresAt, i18n.language) })}</Text>
                </div>
              </div>
            ) : null}
            <CopyField label={t('projectPages:preview.links.url')} value={created?.url ?? ''} copyLabel={t('projectPages:preview.links.copyUrl')} />
            {request ? (
              <CopyField
                label={t('projectPages:preview.links.tryIt')}
                value={request}
                copyLabel={t('projectPages:preview.links.copyRequest')}
                hint={t('projectPages:preview.links.tryItHint', { variable: CLIENT_KEY_VARIABLE })}
              />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('projectPages:preview.links.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
