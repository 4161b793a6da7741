import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { ReceiptBag20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreSettings } from '@contract/api/commerce';
import { notify } from '../components/notices';
import { SectionCard } from '../components/section-card';
import { useApiMutation, useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  path: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  id: { maxWidth: '240px' },
});

/**
 * An app's store notifications in its settings page: the path the store posts to, the Apple app id
 * that production App Store data needs, whether sandbox purchases count, and whether credentials
 * for lookups are there.
 */
export function StoreSettingsCard({ projectId, appId, canWrite }: { readonly projectId: string; readonly appId: string; readonly canWrite: boolean }) {
  const { t } = useTranslation('commercePages');
  const settings = useApiQuery('storeSettings.get', { params: { projectId, id: appId } });
  return (
    <SectionCard title={t('storeSettings.title')} description={t('storeSettings.description')} action={<ReceiptBag20Regular aria-hidden />}>
      {settings.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, settings.error)}</MessageBarBody>
        </MessageBar>
      ) : !settings.data ? (
        <Spinner label={t('loading')} />
      ) : (
        <StoreSettingsForm key={settings.data.version} projectId={projectId} settings={settings.data} canWrite={canWrite} />
      )}
    </SectionCard>
  );
}

function StoreSettingsForm({ projectId, settings, canWrite }: { readonly projectId: string; readonly settings: StoreSettings; readonly canWrite: boolean }) {
  const { t, i18n } = useTranslation('commercePages');
  const styles = useStyles();
  const [appleAppId, setAppleAppId] = useState(settings.appleAppId === null ? '' : String(settings.appleAppId));
  const [acceptSandbox, setAcceptSandbox] = useState(settings.acceptSandbox);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation('storeSettings.update', { invalidates: ['storeSettings'] });
  const copy = async () => {
    await navigator.clipboard.writeText(settings.notificationPath);
    notify.message('success', t('storeSettings.copied'));
  };
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        params: { projectId, id: settings.appId },
        body: { appleAppId: appleAppId.trim() === '' ? null : Number(appleAppId.trim()), acceptSandbox, version: settings.version },
      });
      notify.message('success', t('storeSettings.saved'));
    } catch (failure) {
      setError(errorText(t, failure));
    }
  };
  return (
    <div className={styles.body}>
      <Field label={t('storeSettings.url')} hint={t('storeSettings.urlHint')}>
        <div className={styles.path}>
          <Input readOnly value={settings.notificationPath} className={styles.mono} data-testid="store-notification-path" />
          <Button onClick={() => void copy()}>{t('storeSettings.copy')}</Button>
        </div>
      </Field>
      {settings.platform === 'ios' ? (
        <Field label={t('storeSettings.appleAppId')} hint={t('storeSettings.appleAppIdHint')} className={styles.id}>
          <Input value={appleAppId} inputMode="numeric" disabled={!canWrite} onChange={(_, data) => setAppleAppId(data.value.replace(/\D/g, ''))} />
        </Field>
      ) : null}
      {settings.platform === 'ios' ? <Switch label={t('storeSettings.acceptSandbox')} checked={acceptSandbox} disabled={!canWrite} onChange={(_, data) => setAcceptSandbox(data.checked)} /> : null}
      <Text>
        <Text weight="semibold">{t('storeSettings.credentials')}: </Text>
        {settings.hasCredentials ? t('storeSettings.credentialsSet') : t('storeSettings.credentialsMissing')}
      </Text>
      <Text className={styles.muted}>
        {t('storeSettings.lastEvent')}: {settings.lastEventAt ? formatDateTime(settings.lastEventAt, i18n.language) : t('storeSettings.never')}
      </Text>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {canWrite && settings.platform === 'ios' ? (
        <div>
          <Button onClick={() => void submit()} disabled={save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>
            {t('storeSettings.save')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
