import {
  Avatar,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwise16Regular, LockClosed16Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import type { SessionState } from '@contract/ipc';
import { nameSchema } from '@contract/validation';
import { isAppError } from '../../bridge/app-error';
import { notify } from '../../components/notices';
import { SectionCard } from '../../components/section-card';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { queryKeys } from '../../data/query-keys';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { validateWith } from '../../forms/validate';
import { useSubmitError } from '../../forms/use-submit-error';
import { errorText } from '../../i18n/error-text';
import { formatDate } from '../../lib/format';
import type { FieldErrors } from '@contract/envelope';

const profileSchema = z.object({ name: nameSchema });

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 640px)', gap: tokens.spacingVerticalXL },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  identityText: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * Basic: the display name, saved with the version it was based on. When someone else changed the
 * profile meanwhile (108007) the operator is told and can reload the latest version while keeping
 * what they typed; nothing is silently overwritten.
 */
export function BasicTab() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['account', 'errors', 'common']);
  const queryClient = useQueryClient();
  const me = useApiQuery('auth.me', {});
  const [draft, setDraft] = useState<string | null>(null);
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [conflict, setConflict] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitError = useSubmitError(setErrors);
  const message = useFieldMessage(errors, submitError.fieldMessages);
  const update = useApiMutation('auth.updateProfile');

  if (me.isPending) {
    return (
      <SectionCard title={t('basic.title')}>
        <Skeleton className={styles.skeleton} aria-label={t('common:status.loading')}>
          <SkeletonItem size={40} />
          <SkeletonItem size={32} />
          <SkeletonItem size={32} />
        </Skeleton>
      </SectionCard>
    );
  }
  if (me.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(t, me.error)}</MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={() => void me.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }

  const user = me.data;
  const name = draft ?? user.name;
  const version = baseVersion ?? user.version;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const result = validateWith(profileSchema, { name });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (result.data.name === user.name && version === user.version) {
      notify.message('info', t('basic.unchanged'));
      return;
    }
    update.mutate(
      { body: { name: result.data.name, version } },
      {
        onSuccess: (saved) => {
          setDraft(null);
          setBaseVersion(null);
          setConflict(false);
          queryClient.setQueryData<SessionState>(queryKeys.session(), (session) => (session ? { ...session, user: saved } : session));
          notify.message('success', t('basic.saved'));
        },
        onError: (error) => {
          if (isAppError(error) && error.code === ErrorCode.VersionConflict) {
            setConflict(true);
            return;
          }
          submitError.report(error);
        },
      },
    );
  };

  const reload = async () => {
    const fresh = await me.refetch();
    if (fresh.data) {
      setBaseVersion(fresh.data.version);
      setConflict(false);
      notify.message('info', t('basic.reloaded'));
    }
  };

  const busy = update.isPending;
  return (
    <div className={styles.layout}>
      <SectionCard title={t('basic.title')} description={t('basic.description')}>
        <div className={styles.identity}>
          <Avatar name={user.name} size={56} color="brand" />
          <div className={styles.identityText}>
            <Text size={500} weight="semibold">
              {user.name}
            </Text>
            <Text className={styles.muted}>
              {t(`roles.${user.role}`)} · {t('basic.memberSince')} {formatDate(user.createdAt, i18n.language)}
            </Text>
          </div>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {conflict ? (
            <MessageBar intent="warning" layout="multiline" role="alert">
              <MessageBarBody>
                <MessageBarTitle>{t('basic.conflictTitle')}</MessageBarTitle>
                {t('basic.conflictBody')}
              </MessageBarBody>
              <MessageBarActions>
                <Button size="small" icon={<ArrowClockwise16Regular />} onClick={() => void reload()} disabled={me.isFetching}>
                  {t('basic.reload')}
                </Button>
              </MessageBarActions>
            </MessageBar>
          ) : null}
          <FormError message={submitError.message} />
          <Field label={t('basic.name')} required validationMessage={message('name')}>
            <Input
              name="name"
              autoComplete="name"
              value={name}
              onChange={(_, data) => {
                if (draft === null) setBaseVersion(user.version);
                setDraft(data.value);
                setErrors({});
              }}
            />
          </Field>
          <Field label={t('basic.email')} hint={t('basic.emailHint')}>
            <Input value={user.email} readOnly contentAfter={<LockClosed16Regular aria-hidden />} />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
              {busy ? t('common:actions.saving') : t('common:actions.save')}
            </Button>
          </div>
        </form>
      </SectionCard>
    </div>
  );
}
