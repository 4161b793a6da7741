import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
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
import {
  Add20Regular,
  ArrowLeft16Regular,
  Checkmark20Regular,
  Copy20Regular,
  Delete20Regular,
  DocumentArrowUp20Regular,
  Key20Regular,
  KeyMultiple20Regular,
  KeyReset20Regular,
  Payment20Regular,
} from '@fluentui/react-icons';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CLIENT_KEYS_ACTIVE_MAX, clientKeyCreateSchema, type ClientKey, type ClientKeyCreated } from '@contract/api/client-keys';
import { ErrorCode } from '@contract/errors';
import {
  cardPaymentInputSchema,
  cardProviders,
  storeCredentialsInputSchema,
  type CardPaymentSummary,
  type StoreCredentialsSummary,
} from '@contract/resources/projects';
import { notify } from '../../components/notices';
import { SectionCard } from '../../components/section-card';
import { StoreSettingsCard } from '../../commerce/store-settings-card';
import { VisuallyHidden } from '../../components/visually-hidden';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { useAppInfo } from '../../data/app-info';
import type { useProjectAccess } from '../../data/menus';
import { ChoiceField, FormDialog, InlineForm, TextField } from '../../forms/form-dialog';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm, useDangerButtonClass } from '../confirm-dialog';
import { readFileText } from '../field-input';
import { useResourceItem } from '../use-resource';
import { PreviewCard } from './preview-card';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 440px), 1fr))', gap: tokens.spacingVerticalXL, alignItems: 'start' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  back: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})` },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  factLabel: { color: tokens.colorNeutralForeground3 },
  factValue: { minWidth: 0, overflowWrap: 'anywhere' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fileName: { color: tokens.colorNeutralForeground2 },
  hidden: { display: 'none' },
  muted: { color: tokens.colorNeutralForeground3 },
  wide: { gridColumn: '1 / -1' },
  table: { tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  dialogContent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * `/projects/:projectId/settings/:appId`: an app's store credentials (App Store Connect .p8 key
 * with key and issuer ids for iOS, a Google Play service-account JSON for Android), its card
 * payment provider and its public client keys. Files are read here and sent once; afterwards only a
 * summary with a fingerprint is ever shown, never the secret. A client key is shown once, right
 * after it is created; the list shows only its first characters.
 */
export function AppSettings({ projectId, appId, access }: { readonly projectId: string; readonly appId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'errors']);
  const navigate = useNavigate();
  const app = useResourceItem('apps', { projectId }, appId);
  const canWrite = access.can('apps.putStoreCredentials');

  if (app.isPending) {
    return (
      <Skeleton aria-label={t('projectPages:loading')}>
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }
  if (app.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(t, app.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  const item = app.data;
  const platform = String(item.platform) as 'ios' | 'android';
  return (
    <>
      <div className={styles.header}>
        <Button className={styles.back} appearance="subtle" size="small" icon={<ArrowLeft16Regular />} onClick={() => navigate(`/projects/${projectId}/apps`)}>
          {t('projectPages:settings.back')}
        </Button>
        <Text size={500} weight="semibold">
          {t('projectPages:settings.title', { name: String(item.name) })}
        </Text>
        <Badge appearance="tint" color="brand" shape="rounded">
          {t(`projects:platforms.${platform}`)}
        </Badge>
        <Text className={styles.mono}>{String(item.packageName)}</Text>
      </div>
      <div className={styles.layout}>
        <CredentialsCard projectId={projectId} appId={appId} platform={platform} summary={(item.storeCredentials ?? null) as StoreCredentialsSummary | null} canWrite={canWrite} />
        <CardPaymentCard projectId={projectId} appId={appId} summary={(item.cardPayment ?? null) as CardPaymentSummary | null} canWrite={access.can('apps.putCardPayment')} />
        <ClientKeysCard projectId={projectId} appId={appId} platform={platform} canWrite={access.can('clientKeys.create')} live={!item.deletedAt} />
        <StoreSettingsCard projectId={projectId} appId={appId} canWrite={access.can('storeSettings.update')} />
        <PreviewCard projectId={projectId} appId={appId} platform={platform} access={access} live={!item.deletedAt} />
      </div>
    </>
  );
}

function Facts({ rows }: { readonly rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  const styles = useStyles();
  return (
    <div className={styles.facts}>
      {rows.map(([label, value]) => (
        <span key={label} style={{ display: 'contents' }}>
          <Text className={styles.factLabel}>{label}</Text>
          <Text className={styles.factValue}>{value}</Text>
        </span>
      ))}
    </div>
  );
}

/** A button that picks a file and hands over its text (credential files are small text files). */
function FilePicker({ accept, label, fileName, onText, disabled }: { readonly accept: string; readonly label: string; readonly fileName: string | null; readonly onText: (name: string, text: string) => void; readonly disabled?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('resources');
  const ref = useRef<HTMLInputElement>(null);
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.file}>
      <input
        ref={ref}
        type="file"
        accept={accept}
        className={styles.hidden}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          readFileText(file).then(
            (text) => {
              setFailed(false);
              onText(file.name, text);
            },
            () => setFailed(true),
          );
        }}
      />
      <Button icon={<DocumentArrowUp20Regular />} disabled={disabled} onClick={() => ref.current?.click()}>
        {t('form.fileChoose')}
      </Button>
      <Text className={styles.fileName}>{failed ? t('form.fileReadFailed') : (fileName ?? t('form.fileNone'))}</Text>
    </div>
  );
}

/** The store credentials form's values: the typed ids, the picked file's text (under its schema name) and its name. */
const noCredentials = { keyId: '', issuerId: '', privateKey: '', serviceAccountJson: '', fileName: '' };

function CredentialsCard({
  projectId,
  appId,
  platform,
  summary,
  canWrite,
}: {
  readonly projectId: string;
  readonly appId: string;
  readonly platform: 'ios' | 'android';
  readonly summary: StoreCredentialsSummary | null;
  readonly canWrite: boolean;
}) {
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const kind = platform === 'ios' ? 'appStoreConnect' : 'googleServiceAccount';
  /** The schema's name of the file field: a .p8 key for iOS, a service-account JSON for Android. */
  const fileField = kind === 'appStoreConnect' ? 'privateKey' : 'serviceAccountJson';
  const put = useApiMutation('apps.putStoreCredentials', { invalidates: ['apps'] });
  const remove = useApiMutation('apps.deleteStoreCredentials', { invalidates: ['apps'] });
  const { confirm, element } = useConfirm();

  const onRemove = async () => {
    const ok = await confirm({ title: t('projectPages:settings.removeCredentials'), body: t('projectPages:settings.removeCredentialsConfirm'), confirmLabel: t('projectPages:settings.remove'), danger: true });
    if (!ok) return;
    remove.mutate(
      { params: { projectId, id: appId } },
      { onSuccess: () => notify.message('success', t('projectPages:settings.credentialsRemoved')), onError: (error) => notify.message('error', errorText(t, error)) },
    );
  };

  return (
    <SectionCard
      title={t('projects:app.fields.storeCredentials')}
      description={kind === 'appStoreConnect' ? t('projects:credentials.appStoreConnect') : t('projects:credentials.googleServiceAccount')}
      action={<Key20Regular aria-hidden />}
    >
      {summary ? (
        <Facts
          rows={[
            [t('projects:credentials.keyId'), <span className={styles.mono}>{summary.keyId}</span>],
            ...(summary.issuerId ? [[t('projects:credentials.issuerId'), <span className={styles.mono}>{summary.issuerId}</span>] as const] : []),
            ...(summary.clientEmail ? [[t('projects:credentials.clientEmail'), summary.clientEmail] as const] : []),
            [t('projects:credentials.fingerprint'), <span className={styles.mono}>{summary.fingerprint}</span>],
            [t('projects:credentials.uploadedAt'), formatDateTime(summary.uploadedAt, i18n.language)],
            [t('projects:credentials.uploadedBy'), summary.uploadedBy?.name ?? '—'],
          ]}
        />
      ) : (
        <Text className={styles.muted}>{t('projects:credentials.none')}</Text>
      )}
      {canWrite ? (
        <InlineForm
          heading={summary ? t('projectPages:settings.replaceCredentials') : t('projectPages:settings.uploadCredentials')}
          schema={storeCredentialsInputSchema}
          initial={noCredentials}
          toInput={(values) =>
            kind === 'appStoreConnect'
              ? { kind, keyId: values.keyId, issuerId: values.issuerId.trim(), privateKey: values.privateKey }
              : { kind, serviceAccountJson: values.serviceAccountJson }
          }
          codeFields={{ [ErrorCode.CredentialFileInvalid]: fileField }}
          send={(body) => put.mutateAsync({ params: { projectId, id: appId }, body })}
          successMessage={() => t('projectPages:settings.credentialsSaved')}
          submitLabel={t('projectPages:settings.upload')}
          footnote={t('projects:credentials.neverShown')}
          actions={
            summary ? (
              <Button className={dangerClass} icon={<Delete20Regular />} onClick={() => void onRemove()} disabled={remove.isPending}>
                {t('projectPages:settings.removeCredentials')}
              </Button>
            ) : null
          }
        >
          {(form) => {
            const label = t(`projects:credentials.${fileField}`);
            return (
              <>
                {kind === 'appStoreConnect' ? (
                  <>
                    <TextField form={form} name="keyId" label={t('projects:credentials.keyId')} mono />
                    <TextField form={form} name="issuerId" label={t('projects:credentials.issuerId')} mono />
                  </>
                ) : null}
                <Field label={label} required validationMessage={form.messageOf(fileField)}>
                  <FilePicker
                    accept={kind === 'appStoreConnect' ? '.p8,text/plain' : '.json,application/json'}
                    label={label}
                    fileName={form.values.fileName || null}
                    onText={(name, text) => {
                      form.setValue('fileName', name);
                      form.setValue(fileField, text);
                    }}
                  />
                </Field>
              </>
            );
          }}
        </InlineForm>
      ) : null}
      {element}
    </SectionCard>
  );
}

function CardPaymentCard({ projectId, appId, summary, canWrite }: { readonly projectId: string; readonly appId: string; readonly summary: CardPaymentSummary | null; readonly canWrite: boolean }) {
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const put = useApiMutation('apps.putCardPayment', { invalidates: ['apps'] });
  const remove = useApiMutation('apps.deleteCardPayment', { invalidates: ['apps'] });
  const { confirm, element } = useConfirm();

  const onRemove = async () => {
    const ok = await confirm({ title: t('projectPages:settings.removeCard'), body: t('projectPages:settings.removeCardConfirm'), confirmLabel: t('projectPages:settings.remove'), danger: true });
    if (!ok) return;
    remove.mutate(
      { params: { projectId, id: appId } },
      { onSuccess: () => notify.message('success', t('projectPages:settings.cardRemoved')), onError: (error) => notify.message('error', errorText(t, error)) },
    );
  };

  return (
    <SectionCard title={t('projects:app.fields.cardPayment')} description={t('projectPages:settings.cardDescription')} action={<Payment20Regular aria-hidden />}>
      {summary ? (
        <Facts
          rows={[
            [t('projects:cardPayment.provider'), t(`projects:cardPayment.providers.${summary.provider}`)],
            [t('projects:cardPayment.publishableKey'), <span className={styles.mono}>{summary.publishableKey}</span>],
            ...(summary.mode ? [[t('projects:cardPayment.mode'), t(`projects:cardPayment.modes.${summary.mode}`)] as const] : []),
            [t('projects:cardPayment.secretKeyFingerprint'), <span className={styles.mono}>{summary.secretKeyFingerprint}</span>],
            [t('projects:cardPayment.webhookSecretFingerprint'), <span className={styles.mono}>{summary.webhookSecretFingerprint}</span>],
            [t('resource:fields.updatedAt'), formatDateTime(summary.updatedAt, i18n.language)],
            [t('resource:fields.updatedBy'), summary.updatedBy?.name ?? '—'],
          ]}
        />
      ) : (
        <Text className={styles.muted}>{t('projectPages:settings.cardNone')}</Text>
      )}
      {canWrite ? (
        <InlineForm
          heading={summary ? t('projectPages:settings.replaceCard') : t('projectPages:settings.configureCard')}
          schema={cardPaymentInputSchema}
          initial={{ provider: summary?.provider ?? 'stripe', publishableKey: '', secretKey: '', webhookSecret: '' }}
          keepAfterSuccess={['provider']}
          send={(body) => put.mutateAsync({ params: { projectId, id: appId }, body })}
          successMessage={() => t('projectPages:settings.cardSaved')}
          submitLabel={t('projectPages:settings.saveCard')}
          actions={
            summary ? (
              <Button className={dangerClass} icon={<Delete20Regular />} onClick={() => void onRemove()} disabled={remove.isPending}>
                {t('projectPages:settings.removeCard')}
              </Button>
            ) : null
          }
        >
          {(form) => (
            <>
              <ChoiceField form={form} name="provider" label={t('projects:cardPayment.provider')} options={cardProviders} labelOf={(provider) => t(`projects:cardPayment.providers.${provider}`)} />
              <TextField form={form} name="publishableKey" label={t('projects:cardPayment.publishableKey')} mono />
              <TextField form={form} name="secretKey" label={t('projects:cardPayment.secretKey')} secret />
              <TextField form={form} name="webhookSecret" label={t('projects:cardPayment.webhookSecret')} secret />
            </>
          )}
        </InlineForm>
      ) : null}
      {element}
    </SectionCard>
  );
}

/**
 * The app's public client keys: label, first characters, who made it and when, when the delivery API
 * last accepted it, and whether it is active. "New client key" asks for a label and then shows the
 * key this once; Revoke asks first, naming the key. Several keys may be active (rotation), at most
 * `CLIENT_KEYS_ACTIVE_MAX`.
 */
function ClientKeysCard({
  projectId,
  appId,
  platform,
  canWrite,
  live,
}: {
  readonly projectId: string;
  readonly appId: string;
  readonly platform: 'ios' | 'android';
  readonly canWrite: boolean;
  readonly live: boolean;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const params = { projectId, id: appId };
  const keys = useApiQuery('clientKeys.list', { params });
  const create = useApiMutation('clientKeys.create', { invalidates: ['clientKeys'] });
  const revoke = useApiMutation('clientKeys.revoke', { invalidates: ['clientKeys'] });
  const { confirm, element } = useConfirm();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ClientKeyCreated | null>(null);
  const active = keys.data?.filter((key) => key.revokedAt === null).length ?? 0;
  const full = active >= CLIENT_KEYS_ACTIVE_MAX;

  const onRevoke = async (key: ClientKey) => {
    const label = t('resources:quoted', { name: key.label });
    const ok = await confirm({
      title: t('projectPages:clientKeys.revokeTitle'),
      body: t('projects:clientKey.revokeConfirm', { label, prefix: key.prefix }),
      confirmLabel: t('projects:clientKey.revoke'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(
      { params: { ...params, keyId: key.id } },
      { onSuccess: () => notify.message('success', t('projectPages:clientKeys.revoked', { label })), onError: (error) => notify.message('error', errorText(t, error)) },
    );
  };

  return (
    <SectionCard className={styles.wide} title={t('projectPages:clientKeys.title')} description={t('projectPages:clientKeys.description')} action={<KeyMultiple20Regular aria-hidden />}>
      {canWrite && live ? (
        <div className={styles.toolbar}>
          <Button icon={<Add20Regular />} disabled={full || keys.isPending} onClick={() => setCreating(true)}>
            {t('projectPages:clientKeys.create')}
          </Button>
          {full ? <Text className={styles.muted}>{t('projectPages:clientKeys.limit', { max: CLIENT_KEYS_ACTIVE_MAX })}</Text> : null}
        </div>
      ) : null}
      {keys.isPending ? (
        <Skeleton aria-label={t('resources:list.loadingRow')}>
          <SkeletonItem size={32} />
        </Skeleton>
      ) : keys.isError ? (
        <Text>{errorText(t, keys.error)}</Text>
      ) : keys.data.length === 0 ? (
        <Text className={styles.muted}>{t('projectPages:clientKeys.none')}</Text>
      ) : (
        <Table className={styles.table} size="small" aria-label={t('projectPages:clientKeys.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('projects:clientKey.fields.label')}</TableHeaderCell>
              <TableHeaderCell>{t('projects:clientKey.fields.prefix')}</TableHeaderCell>
              <TableHeaderCell>{t('projects:clientKey.fields.createdBy')}</TableHeaderCell>
              <TableHeaderCell>{t('projects:clientKey.fields.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('projects:clientKey.fields.lastUsedAt')}</TableHeaderCell>
              <TableHeaderCell>{t('projects:clientKey.fields.status')}</TableHeaderCell>
              {canWrite ? (
                <TableHeaderCell>
                  <VisuallyHidden>{t('projectPages:clientKeys.actions')}</VisuallyHidden>
                </TableHeaderCell>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.data.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{key.label}</TableCell>
                <TableCell className={styles.nowrap}>
                  <span className={styles.mono}>{key.prefix}…</span>
                </TableCell>
                <TableCell>{key.createdBy?.name ?? '—'}</TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(key.createdAt, i18n.language)}</TableCell>
                <TableCell className={styles.nowrap}>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : t('projects:clientKey.neverUsed')}</TableCell>
                <TableCell>
                  {key.revokedAt ? (
                    <Tooltip content={formatDateTime(key.revokedAt, i18n.language)} relationship="description">
                      <Badge appearance="tint" color="subtle" shape="rounded" tabIndex={0}>
                        {t('projects:clientKey.statuses.revoked')}
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Badge appearance="tint" color="success" shape="rounded">
                      {t('projects:clientKey.statuses.active')}
                    </Badge>
                  )}
                </TableCell>
                {canWrite ? (
                  <TableCell>
                    {key.revokedAt ? null : (
                      <Tooltip content={t('projectPages:clientKeys.revokeNamed', { label: key.label })} relationship="label">
                        <Button appearance="subtle" size="small" icon={<KeyReset20Regular />} disabled={revoke.isPending} onClick={() => void onRevoke(key)} />
                      </Tooltip>
                    )}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t('projectPages:clientKeys.createTitle')}
        intro={t('projectPages:clientKeys.createIntro')}
        schema={clientKeyCreateSchema}
        initial={{ label: '' }}
        send={async (body) => {
          const answer = await create.mutateAsync({ params, body });
          setCreated(answer);
          return answer;
        }}
        submitLabel={t('projectPages:clientKeys.createSubmit')}
      >
        {(form) => <TextField form={form} name="label" label={t('projects:clientKey.fields.label')} />}
      </FormDialog>
      <CreatedKeyDialog
        created={created}
        platform={platform}
        onClose={() => {
          setCreated(null);
          create.reset();
        }}
      />
      {element}
    </SectionCard>
  );
}

/** A read-only value with a copy button (the new key, the request that tries it). */
function CopyField({ label, value, copyLabel }: { readonly label: string; readonly value: string; readonly copyLabel: string }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages']);
  const [copied, setCopied] = useState(false);
  return (
    <Field label={label}>
      <Input
        readOnly
        value={value}
        input={{ className: styles.key }}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={copied ? <Checkmark20Regular /> : <Copy20Regular />}
            aria-label={copyLabel}
            onClick={() => {
              void navigator.clipboard.writeText(value).then(
                () => {
                  setCopied(true);
                  notify.message('success', t('projectPages:clientKeys.copied'));
                },
                () => notify.message('error', t('projectPages:clientKeys.copyFailed')),
              );
            }}
          />
        }
      />
    </Field>
  );
}

/**
 * The new client key, shown this once in a read-only field with a copy button, and a ready-to-copy
 * request of the delivery API with it (docs/delivery-api.md) against this console's server.
 */
function CreatedKeyDialog({ created, platform, onClose }: { readonly created: ClientKeyCreated | null; readonly platform: 'ios' | 'android'; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects']);
  const appInfo = useAppInfo();
  const server = appInfo.data?.serverUrl ?? '';
  const request = created ? `curl --compressed '${server}/client/v1/${created.key}/config?platform=${platform}'` : '';
  return (
    <Dialog open={created !== null} modalType="alert" onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('projectPages:clientKeys.createdTitle')}</DialogTitle>
          <DialogContent className={styles.dialogContent}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('projects:clientKey.shownOnce')}</MessageBarBody>
            </MessageBar>
            <Text>{created?.label ?? ''}</Text>
            <CopyField label={t('projects:clientKey.fields.key')} value={created?.key ?? ''} copyLabel={t('projectPages:clientKeys.copy')} />
            {server ? <CopyField label={t('projectPages:clientKeys.tryIt')} value={request} copyLabel={t('projectPages:clientKeys.copyRequest')} /> : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('projectPages:clientKeys.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
