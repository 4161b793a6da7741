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
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Checkmark20Regular, Copy20Regular, Send20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { WebhookTestResult } from '@contract/resources/projects';
import { notify } from '../../components/notices';
import { useApiMutation } from '../../data/api-hooks';
import type { useProjectAccess } from '../../data/menus';
import { FormError } from '../../forms/form-error';
import { formDetails, formMessage, formSessionReducer, initialFormState, submitForm, type FormSessionOptions, type FormTextValues } from '../../forms/form-session';
import type { ResourceRecord } from '../data-provider';
import { ResourceScreen } from '../resource-screen';
import { webhookView } from './views';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { fontFamily: tokens.fontFamilyMonospace },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, alignItems: 'center' },
  label: { color: tokens.colorNeutralForeground3 },
  body: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    margin: 0,
    maxHeight: '200px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
  },
});

/**
 * The Integrations tab: webhook endpoints. Creating one shows its signing secret once, with a copy
 * button; "Send test event" posts a signed test event and shows the endpoint's status, the time it
 * took and the start of its answer.
 */
export function IntegrationsTab({ projectId, access }: { readonly projectId: string; readonly access: ReturnType<typeof useProjectAccess> }) {
  const { t } = useTranslation(['projectPages', 'projects']);
  const [secret, setSecret] = useState<string | null>(null);
  const [testing, setTesting] = useState<ResourceRecord | null>(null);
  const canTest = access.can('webhooks.test');
  return (
    <>
      <ResourceScreen
        view={webhookView}
        scope={{ projectId }}
        canWrite={access.can('webhooks.create')}
        title={t('projectPages:integrations.title')}
        description={t('projectPages:integrations.description')}
        createLabel={t('projectPages:integrations.create')}
        onSaved={(item, mode) => {
          if (mode === 'create' && typeof item.signingSecret === 'string') setSecret(item.signingSecret);
        }}
        rowActions={(item) => (canTest ? [{ key: 'test', label: t('projects:webhook.test'), icon: <Send20Regular />, onClick: () => setTesting(item) }] : [])}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      {testing ? <TestDialog projectId={projectId} webhook={testing} onClose={() => setTesting(null)} /> : null}
    </>
  );
}

/** The signing secret, shown this once. */
function SecretDialog({ secret, onClose }: { readonly secret: string | null; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects']);
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open={secret !== null} modalType="alert" onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('projects:webhook.signingSecret')}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('projects:webhook.signingSecretOnce')}</MessageBarBody>
            </MessageBar>
            <Field label={t('projects:webhook.signingSecret')}>
              <Input
                readOnly
                value={secret ?? ''}
                input={{ className: styles.secret }}
                contentAfter={
                  <Button
                    appearance="transparent"
                    size="small"
                    icon={copied ? <Checkmark20Regular /> : <Copy20Regular />}
                    aria-label={t('projectPages:integrations.copy')}
                    onClick={() => {
                      void navigator.clipboard.writeText(secret ?? '').then(
                        () => {
                          setCopied(true);
                          notify.message('success', t('projectPages:integrations.copied'));
                        },
                        () => notify.message('error', t('projectPages:integrations.copyFailed')),
                      );
                    }}
                  />
                }
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('projectPages:integrations.secretDone')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const noInput = z.object({});

/**
 * What the test dialog sends: nothing the operator types; the endpoint's answer is shown in the
 * dialog instead of a notice. A refusal (offline, or 1006 past the limit of test deliveries with
 * its `retryAfterSeconds`) reads like a form's, the wait included.
 */
export function webhookTestOptions(
  send: () => Promise<WebhookTestResult>,
  onResult: (result: WebhookTestResult) => void,
): FormSessionOptions<typeof noInput, FormTextValues, WebhookTestResult> {
  return { schema: noInput, initial: {}, send, onSuccess: onResult };
}

/** Sends a test event on opening and shows the outcome; one delivery at a time. */
function TestDialog({ projectId, webhook, onClose }: { readonly projectId: string; readonly webhook: ResourceRecord; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'projects', 'errors']);
  const { mutateAsync } = useApiMutation('webhooks.test', { invalidates: [] });
  const [state, dispatch] = useReducer(formSessionReducer<FormTextValues>, {}, initialFormState);
  const inFlight = useRef(false);
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  // Stable, so the delivery on opening is sent once (a second run of the effect finds one in flight).
  const send = useCallback(
    () => void submitForm(webhookTestOptions(() => mutateAsync({ params: { projectId, id: webhook.id } }), setResult), {}, { dispatch, inFlight }),
    [mutateAsync, projectId, webhook.id],
  );
  useEffect(send, [send]);
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('projects:webhook.test')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{String(webhook.url)}</Text>
            {state.busy ? <Spinner size="small" label={t('projectPages:integrations.sending')} /> : null}
            <FormError message={formMessage(state, t)} details={formDetails(state, t)} />
            {result ? (
              <>
                <div className={styles.facts}>
                  <Text className={styles.label}>{t('projects:webhook.testStatus')}</Text>
                  <span>
                    <Badge appearance="filled" color={result.ok ? 'success' : 'danger'} shape="rounded">
                      {String(result.status)}
                    </Badge>
                  </span>
                  <Text className={styles.label}>{t('projects:webhook.testDuration')}</Text>
                  <Text>{new Intl.NumberFormat(i18n.language).format(result.durationMs)}</Text>
                </div>
                <Field label={t('projects:webhook.testBody')}>
                  <pre className={styles.body}>{result.bodyExcerpt || '—'}</pre>
                </Field>
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setResult(null);
                send();
              }}
              icon={<Send20Regular />}
              disabled={state.busy}
            >
              {t('projectPages:integrations.sendAgain')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('projectPages:integrations.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
