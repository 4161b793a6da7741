import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, tokens } from '@fluentui/react-components';
import { ArrowClockwise16Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, type ChoiceOption } from './field-input';
import type { ResourceFormState } from './use-resource-form';

const useStyles = makeStyles({
  changed: { color: tokens.colorPaletteMarigoldForeground2, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The banners and fields of a resource form: the conflict warning with its Reload, what a reload
 * found, a refusal that belongs to no field, then one input per field with its message.
 */
export function ResourceFormFields({
  form,
  fieldOptions = {},
  fieldHints = {},
  only,
  disabled,
}: {
  readonly form: ResourceFormState;
  readonly fieldOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  readonly fieldHints?: Readonly<Record<string, ReactNode>>;
  /** Show only these fields (a page that lays out the rest itself). */
  readonly only?: readonly string[];
  /** Read-only (the operator may read but not change the item). */
  readonly disabled?: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['resources']);
  const { conflict } = form;
  const changedElsewhere = conflict.kind === 'reloaded' ? new Set(conflict.changedElsewhere) : new Set<string>();
  return (
    <>
      {conflict.kind === 'stale' ? (
        <MessageBar intent="warning" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('form.conflictTitle')}</MessageBarTitle>
            {t('form.conflictBody')}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" icon={form.reloading ? <Spinner size="extra-tiny" /> : <ArrowClockwise16Regular />} disabled={form.reloading} onClick={() => void form.reloadLatest()}>
              {t('form.conflictReload')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {conflict.kind === 'reloaded' ? (
        <MessageBar intent="info" layout="multiline" role="status">
          <MessageBarBody>
            <MessageBarTitle>{t('form.reloadedTitle')}</MessageBarTitle>
            {conflict.changedElsewhere.length > 0
              ? t('form.reloadedChanged', { fields: conflict.changedElsewhere.map(form.labelOf).join(', ') })
              : t('form.reloadedNone')}
            {conflict.clashes.length > 0 ? ` ${t('form.clashes', { fields: conflict.clashes.map(form.labelOf).join(', ') })}` : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {form.formMessage ? (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{form.formMessage}</MessageBarBody>
        </MessageBar>
      ) : null}
      {form.fields
        .filter((field) => !only || only.includes(field.name))
        .map((field) => {
          const declared = field.meta.options?.map((option) => ({ value: option.value, label: t(option.labelKey) }));
          const hint = changedElsewhere.has(field.name) ? (
            <span className={styles.changed}>{t('form.changedElsewhere')}</span>
          ) : (
            (fieldHints[field.name] ?? (field.meta.helpKey ? t(field.meta.helpKey) : undefined))
          );
          return (
            <FieldInput
              key={field.name}
              field={field}
              label={form.labelOf(field.name)}
              value={form.values[field.name] ?? ''}
              onChange={(value) => form.setValue(field.name, value)}
              options={fieldOptions[field.name] ?? declared ?? []}
              error={form.messageOf(field)}
              hint={hint}
              required={!field.optional && field.meta.input !== 'switch'}
              disabled={disabled}
            />
          );
        })}
    </>
  );
}
