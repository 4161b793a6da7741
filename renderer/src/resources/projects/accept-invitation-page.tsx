import { Button, Field, Input, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowRight16Regular, MailInboxCheckmark24Regular } from '@fluentui/react-icons';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import { invitationCodeSchema } from '@contract/resources/projects';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useApiMutation } from '../../data/api-hooks';
import { useSession } from '../../data/session';
import { FormError } from '../../forms/form-error';
import { useFieldMessage } from '../../forms/field-message';
import { useSchemaForm } from '../../forms/use-form';
import { useSubmitError } from '../../forms/use-submit-error';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 560px)', gap: tokens.spacingVerticalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', color: tokens.colorNeutralForeground2 },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});

const acceptSchema = z.object({ code: invitationCodeSchema });

/**
 * `/invitations/accept?code=…`: the invited operator, signed in with the invited address, accepts
 * with the code from the mail (the mail's link fills it in) and goes to the project. A code for
 * another address (105012), a used (105006) or unknown one (105005) says so under the code.
 */
export default function AcceptInvitationPage() {
  const styles = useStyles();
  const { t } = useTranslation(['projectPages', 'projects', 'resources', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const form = useSchemaForm(acceptSchema, { code: params.get('code') ?? '' });
  const codeFields = useMemo(
    () => ({
      [ErrorCode.InvitationNotFound]: 'code',
      [ErrorCode.InvitationAccepted]: 'code',
      [ErrorCode.InvitationEmailMismatch]: 'code',
      [ErrorCode.AlreadyMember]: 'code',
    }),
    [],
  );
  const submitError = useSubmitError(form.setErrors, codeFields);
  const message = useFieldMessage(form.errors, submitError.fieldMessages);
  const accept = useApiMutation('invitations.accept', { invalidates: ['projects', 'me', 'members'] });
  const [joined, setJoined] = useState<{ projectId: string; projectName: string; role: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitError.clear();
    const data = form.validate();
    if (!data) return;
    accept.mutate({ body: data }, { onSuccess: (result) => setJoined(result), onError: (error) => submitError.report(error) });
  };

  return (
    <>
      <PageHeader title={t('projects:invitation.accept')} description={t('projectPages:accept.description')} />
      <div className={styles.layout}>
        {joined ? (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{t('projectPages:accept.joinedTitle')}</MessageBarTitle>
              {t('projectPages:accept.joined', { name: t('resources:quoted', { name: joined.projectName }), role: t(`projects:memberRoles.${joined.role}`) })}
            </MessageBarBody>
            <MessageBarActions>
              <Button appearance="primary" size="small" icon={<ArrowRight16Regular />} iconPosition="after" onClick={() => navigate(`/projects/${joined.projectId}`)}>
                {t('projectPages:accept.open')}
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : (
          <SectionCard title={t('projects:invitation.code')}>
            <div className={styles.intro}>
              <MailInboxCheckmark24Regular className={styles.icon} aria-hidden />
              <Text>{t('projectPages:accept.intro', { email: session.data?.user?.email ?? '' })}</Text>
            </div>
            <form className={styles.form} onSubmit={onSubmit} noValidate>
              <FormError message={submitError.message} />
              <Field label={t('projects:invitation.code')} required validationMessage={message('code')}>
                <Input
                  value={form.values.code}
                  input={{ className: styles.mono }}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(_, data) => {
                    form.setValue('code', data.value);
                    submitError.clearField('code');
                  }}
                />
              </Field>
              <div>
                <Button appearance="primary" type="submit" disabledFocusable={accept.isPending} icon={accept.isPending ? <Spinner size="tiny" /> : undefined}>
                  {t('projects:invitation.accept')}
                </Button>
              </div>
            </form>
          </SectionCard>
        )}
      </div>
    </>
  );
}
