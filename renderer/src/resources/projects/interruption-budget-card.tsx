import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { interruptionBudgetSchema } from '@contract/config/interruption-budget';
import type { FieldErrors } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { fieldErrorMessage, zodErrorToFieldErrors } from '@contract/field-errors';
import { numberFromInput } from '@contract/validation';
import { isAppError } from '../../bridge/app-error';
import { notify } from '../../components/notices';
import { SectionCard } from '../../components/section-card';
import { useApiMutation, useApiQuery } from '../../data/api-hooks';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Caps = { readonly perSession: string; readonly perDay: string };

const textOf = (value: number | null) => (value === null ? '' : String(value));
const capOf = (text: string): unknown => (text.trim() === '' ? null : numberFromInput(text));

/**
 * The project's interruption budget (contract/config/interruption-budget.ts): the caps per session and
 * per 24 hours across popups, retention popups and automatic subscription pages. Saved with the
 * version it was read at; a change made elsewhere meanwhile is shown, never overwritten.
 */
export function InterruptionBudgetCard({ projectId, canEdit }: { readonly projectId: string; readonly canEdit: boolean }) {
  const { t, i18n } = useTranslation(['popupPages', 'validation', 'errors']);
  const styles = useStyles();
  const budget = useApiQuery('interruptionBudget.get', { params: { projectId } });
  const save = useApiMutation('interruptionBudget.set');
  const [edits, setEdits] = useState<Caps | null>(null);
  const [problems, setProblems] = useState<FieldErrors>({});
  if (!budget.data) return budget.isError ? <Text>{errorText(t, budget.error)}</Text> : <Spinner size="tiny" aria-label={t('common:status.loading')} />;
  const data = budget.data;
  const caps: Caps = edits ?? { perSession: textOf(data.perSession), perDay: textOf(data.perDay) };
  const dirty = edits !== null && (edits.perSession !== textOf(data.perSession) || edits.perDay !== textOf(data.perDay));
  const messageOf = (field: string) => (problems[field] ? fieldErrorMessage(problems[field], t) : undefined);

  const submit = async () => {
    const input = { perSession: capOf(caps.perSession), perDay: capOf(caps.perDay) };
    const parsed = interruptionBudgetSchema.safeParse(input);
    if (!parsed.success) {
      setProblems(zodErrorToFieldErrors(parsed.error, { input }));
      return;
    }
    setProblems({});
    try {
      await save.mutateAsync({ params: { projectId }, body: { ...parsed.data, version: data.version } });
      setEdits(null);
      notify.message('success', t('popupPages:budget.saved'));
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.VersionConflict) {
        await budget.refetch();
        setEdits(null);
        notify.message('warning', t('popupPages:budget.changedMeanwhile'));
      } else {
        if (isAppError(error) && error.fieldErrors) setProblems(error.fieldErrors);
        notify.message('error', errorText(t, error));
      }
    }
  };

  const field = (name: 'perSession' | 'perDay') => (
    <Field label={t(`popupPages:budget.${name}`)} hint={t('popupPages:budget.noCapHint')} validationMessage={messageOf(name)} validationState={messageOf(name) ? 'error' : 'none'}>
      <Input
        inputMode="numeric"
        value={caps[name]}
        disabled={!canEdit || save.isPending}
        onChange={(_, value) => setEdits({ ...caps, [name]: value.value })}
      />
    </Field>
  );

  return (
    <SectionCard title={t('popupPages:budget.title')} description={t('popupPages:budget.description')}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.row}>
          {field('perSession')}
          {field('perDay')}
        </div>
        <Text size={200} className={styles.muted}>
          {data.updatedAt ? t('popupPages:budget.updated', { date: formatDateTime(data.updatedAt, i18n.language), name: data.updatedBy?.name ?? '—' }) : t('popupPages:budget.never')}
        </Text>
        {canEdit ? (
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={!dirty || save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>
              {t('popupPages:budget.save')}
            </Button>
          </div>
        ) : (
          <Text size={200} className={styles.muted}>
            {t('popupPages:budget.readOnly')}
          </Text>
        )}
      </form>
    </SectionCard>
  );
}
