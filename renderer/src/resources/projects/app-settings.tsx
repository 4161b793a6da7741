import {
  Badge,
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeft16Regular, Delete20Regular, DocumentArrowUp20Regular, Key20Regular, Payment20Regular } from '@fluentui/react-icons';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import {
  cardPaymentInputSchema,
  cardProviders,
  storeCredentialsInputSchema,
  type CardPaymentSummary,
  type StoreCredentialsSummary,
} from '@contract/resources/projects';
import { notify } from '../../app/notices';
import { SectionCard } from '../../components/section-card';
import { PasswordInput } from '../../components/password-input';
import { useApiMutation } from '../../data/api-hooks';
import type { useProjectAccess } from '../../data/menus';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSubmitError } from '../../forms/use-submit-error';
import { validateWith } from '../../forms/validate';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { useConfirm, useDangerButtonClass } from '../confirm-dialog';
import { readFileText } from '../field-input';
import { useResourceItem } from '../use-resource';

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
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fileName: { color: tokens.colorNeutralForeground2 },
  hidden: { display: 'none' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * `/projects/:projectId/settings/:appId`: an app's store credentials (App Store Connect .p8 key
 * with key and issuer ids for iOS, a Google Play service-account JSON for Android) and its card
 * payment provider. Files are read here and sent once; afterwards only a summary with a fingerprint
 * is ever shown, never the secret.
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
  const [keyId, setKeyId] = useState('');
  const [issuerId, setIssuerId] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const codeFields = useMemo(() => ({ [ErrorCode.CredentialFileInvalid]: platform === 'ios' ? 'privateKey' : 'serviceAccountJson' }), [platform]);
  const submitError = useSubmitError(setErrors, codeFields);
  const message = useFieldMessage(errors, submitError.fieldMessages);
  const put = useApiMutation('apps.putStoreCredentials', { invalidates: ['apps'] });
  const remove = useApiMutation('apps.deleteStoreCredentials', { invalidates: ['apps'] });
  const { confirm, element } = useConfirm();
  const kind = platform === 'ios' ? 'appStoreConnect' : 'googleServiceAccount';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const input =
      kind === 'appStoreConnect'
        ? { kind, keyId, issuerId: issuerId.trim(), privateKey: file?.text ?? '' }
        : { kind, serviceAccountJson: file?.text ?? '' };
    const result = validateWith(storeCredentialsInputSchema, input);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    put.mutate(
      { params: { projectId, id: appId }, body: result.data },
      {
        onSuccess: () => {
          setKeyId('');
          setIssuerId('');
          setFile(null);
          notify.message('success', t('projectPages:settings.credentialsSaved'));
        },
        onError: (error) => submitError.report(error),
      },
    );
  };

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
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Text weight="semibold">{summary ? t('projectPages:settings.replaceCredentials') : t('projectPages:settings.uploadCredentials')}</Text>
          <FormError message={submitError.message} />
          {kind === 'appStoreConnect' ? (
            <>
              <Field label={t('projects:credentials.keyId')} required validationMessage={message('keyId')}>
                <Input value={keyId} input={{ className: styles.mono }} onChange={(_, data) => setKeyId(data.value)} />
              </Field>
              <Field label={t('projects:credentials.issuerId')} required validationMessage={message('issuerId')}>
                <Input value={issuerId} input={{ className: styles.mono }} onChange={(_, data) => setIssuerId(data.value)} />
              </Field>
              <Field label={t('projects:credentials.privateKey')} required validationMessage={message('privateKey')}>
                <FilePicker accept=".p8,text/plain" label={t('projects:credentials.privateKey')} fileName={file?.name ?? null} onText={(name, text) => setFile({ name, text })} />
              </Field>
            </>
          ) : (
            <Field label={t('projects:credentials.serviceAccountJson')} required validationMessage={message('serviceAccountJson')}>
              <FilePicker accept=".json,application/json" label={t('projects:credentials.serviceAccountJson')} fileName={file?.name ?? null} onText={(name, text) => setFile({ name, text })} />
            </Field>
          )}
          <Text size={200} className={styles.muted}>
            {t('projects:credentials.neverShown')}
          </Text>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabledFocusable={put.isPending} icon={put.isPending ? <Spinner size="tiny" /> : undefined}>
              {t('projectPages:settings.upload')}
            </Button>
            {summary ? (
              <Button className={dangerClass} icon={<Delete20Regular />} onClick={() => void onRemove()} disabled={remove.isPending}>
                {t('projectPages:settings.removeCredentials')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {element}
    </SectionCard>
  );
}

function CardPaymentCard({ projectId, appId, summary, canWrite }: { readonly projectId: string; readonly appId: string; readonly summary: CardPaymentSummary | null; readonly canWrite: boolean }) {
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const [values, setValues] = useState({ provider: summary?.provider ?? 'stripe', publishableKey: '', secretKey: '', webhookSecret: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitError = useSubmitError(setErrors);
  const message = useFieldMessage(errors, submitError.fieldMessages);
  const put = useApiMutation('apps.putCardPayment', { invalidates: ['apps'] });
  const remove = useApiMutation('apps.deleteCardPayment', { invalidates: ['apps'] });
  const { confirm, element } = useConfirm();
  const set = (name: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const result = validateWith(cardPaymentInputSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    put.mutate(
      { params: { projectId, id: appId }, body: result.data },
      {
        onSuccess: () => {
          setValues((v) => ({ ...v, publishableKey: '', secretKey: '', webhookSecret: '' }));
          notify.message('success', t('projectPages:settings.cardSaved'));
        },
        onError: (error) => submitError.report(error),
      },
    );
  };

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
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Text weight="semibold">{summary ? t('projectPages:settings.replaceCard') : t('projectPages:settings.configureCard')}</Text>
          <FormError message={submitError.message} />
          <Field label={t('projects:cardPayment.provider')} required>
            <Dropdown value={t(`projects:cardPayment.providers.${values.provider}`)} selectedOptions={[values.provider]} onOptionSelect={(_, data) => set('provider', data.optionValue ?? 'stripe')}>
              {cardProviders.map((provider) => (
                <Option key={provider} value={provider}>
                  {t(`projects:cardPayment.providers.${provider}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('projects:cardPayment.publishableKey')} required validationMessage={message('publishableKey')}>
            <Input value={values.publishableKey} input={{ className: styles.mono }} onChange={(_, data) => set('publishableKey', data.value)} />
          </Field>
          <Field label={t('projects:cardPayment.secretKey')} required validationMessage={message('secretKey')}>
            <PasswordInput value={values.secretKey} autoComplete="off" onChange={(_, data) => set('secretKey', data.value)} />
          </Field>
          <Field label={t('projects:cardPayment.webhookSecret')} required validationMessage={message('webhookSecret')}>
            <PasswordInput value={values.webhookSecret} autoComplete="off" onChange={(_, data) => set('webhookSecret', data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabledFocusable={put.isPending} icon={put.isPending ? <Spinner size="tiny" /> : undefined}>
              {t('projectPages:settings.saveCard')}
            </Button>
            {summary ? (
              <Button className={dangerClass} icon={<Delete20Regular />} onClick={() => void onRemove()} disabled={remove.isPending}>
                {t('projectPages:settings.removeCard')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {element}
    </SectionCard>
  );
}
