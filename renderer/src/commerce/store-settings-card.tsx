import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Switch, Text, Textarea, tokens } from '@fluentui/react-components';
import { ReceiptBag20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeSettingsUpdateSchema, type StoreSettings } from '@contract/api/commerce';
import type { FieldErrors } from '@contract/envelope';
import { notify } from '../components/notices';
import { SectionCard } from '../components/section-card';
import { useApiMutation, useApiQuery } from '../data/api-hooks';
import { useFieldMessage } from '../forms/field-message';
import { useSubmitError } from '../forms/use-submit-error';
import { validateWith, withoutField } from '../forms/validate';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { storeSettingsBody, toStoreSettingsDraft, type StoreSettingsDraft } from './store-settings-draft';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  path: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  id: { maxWidth: '240px' },
  push: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
});

/**
 * An app's store notifications in its settings page: the path the store posts to, the Apple app id
 * that production App Store data needs, whether sandbox purchases count, a Google app's push
 * authentication (the Pub/Sub push subscription's service account and audience, or off), and
 * whether credentials for lookups are there.
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
  const [draft, setDraft] = useState<StoreSettingsDraft>(() => toStoreSettingsDraft(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitError = useSubmitError(setErrors);
  const message = useFieldMessage(errors, submitError.fieldMessages);
  const save = useApiMutation('storeSettings.update', { invalidates: ['storeSettings'] });
  const change = (field: keyof StoreSettingsDraft, value: string | boolean) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
    submitError.clearField(field);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(settings.notificationPath);
    notify.message('success', t('storeSettings.copied'));
  };
  const submit = async () => {
    submitError.clear();
    const body = storeSettingsBody(settings, draft);
    const checked = validateWith(storeSettingsUpdateSchema, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ params: { projectId, id: settings.appId }, body });
      notify.message('success', t('storeSettings.saved'));
    } catch (failure) {
      submitError.report(failure);
    }
  };
  const pushOn = !settings.googlePushOpen;
  return (
    <div className={styles.body}>
      <Field label={t('storeSettings.url')} hint={t('storeSettings.urlHint')}>
        <div className={styles.path}>
          <Input readOnly value={settings.notificationPath} className={styles.mono} data-testid="store-notification-path" />
          <Button onClick={() => void copy()}>{t('storeSettings.copy')}</Button>
        </div>
      </Field>
      {settings.platform === 'ios' ? (
        <Field label={t('storeSettings.appleAppId')} hint={t('storeSettings.appleAppIdHint')} className={styles.id} validationMessage={message('appleAppId')}>
          <Input value={draft.appleAppId} inputMode="numeric" disabled={!canWrite} onChange={(_, data) => change('appleAppId', data.value.replace(/\D/g, ''))} />
        </Field>
      ) : null}
      <Switch
        label={t(settings.platform === 'ios' ? 'storeSettings.acceptSandbox' : 'storeSettings.acceptSandboxGoogle')}
        checked={draft.acceptSandbox}
        disabled={!canWrite}
        onChange={(_, data) => change('acceptSandbox', data.checked)}
        data-testid="store-accept-sandbox"
      />
      <Field label={t('storeSettings.sandboxTesters')} hint={t('storeSettings.sandboxTestersHint')} validationMessage={message('sandboxTesters')} className={styles.push}>
        <Textarea value={draft.sandboxTesters} disabled={!canWrite} resize="vertical" onChange={(_, data) => change('sandboxTesters', data.value)} data-testid="store-sandbox-testers" />
      </Field>
      {settings.platform === 'android' ? (
        <div className={styles.push}>
          {settings.googlePushOpen ? (
            <MessageBar intent="warning" data-testid="store-push-open">
              <MessageBarBody>
                <MessageBarTitle>{t('storeSettings.pushOpenTitle')}</MessageBarTitle>
                {t('storeSettings.pushOpen')}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <Text>
            <Text weight="semibold">{t('storeSettings.push')}: </Text>
            <span data-testid="store-push-status">{pushOn ? t('storeSettings.pushOn') : t('storeSettings.pushOff')}</span>
          </Text>
          {settings.googlePushDefault ? <Text className={styles.muted}>{t('storeSettings.pushDefault')}</Text> : null}
          <Field label={t('storeSettings.pushEmail')} hint={t('storeSettings.pushEmailHint')} validationMessage={message('googlePushEmail')}>
            <Input
              type="email"
              value={draft.googlePushEmail}
              disabled={!canWrite}
              placeholder={t('storeSettings.pushEmailPlaceholder')}
              onChange={(_, data) => change('googlePushEmail', data.value)}
              data-testid="store-push-email"
            />
          </Field>
          <Field label={t('storeSettings.pushAudience')} hint={t('storeSettings.pushAudienceHint')} validationMessage={message('googlePushAudience')}>
            <Input value={draft.googlePushAudience} disabled={!canWrite} onChange={(_, data) => change('googlePushAudience', data.value)} data-testid="store-push-audience" />
          </Field>
        </div>
      ) : null}
      <Text>
        <Text weight="semibold">{t('storeSettings.credentials')}: </Text>
        {settings.hasCredentials ? t('storeSettings.credentialsSet') : t('storeSettings.credentialsMissing')}
      </Text>
      <Text className={styles.muted}>
        {t('storeSettings.lastEvent')}: {settings.lastEventAt ? formatDateTime(settings.lastEventAt, i18n.language) : t('storeSettings.never')}
      </Text>
      {submitError.message ? (
        <MessageBar intent="error">
          <MessageBarBody>{submitError.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {canWrite ? (
        <div>
          <Button onClick={() => void submit()} disabled={save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>
            {t('storeSettings.save')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
