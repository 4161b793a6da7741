import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { useId, useReducer, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordInput } from '../components/password-input';
import { FormError } from './form-error';
import {
  fieldMessage,
  formDetails,
  formMessage,
  formSessionReducer,
  initialFormState,
  submitForm,
  type FormSessionOptions,
  type FormTextValues,
} from './form-session';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  inline: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/**
 * A form session in a component (see `form-session.ts`): the values, each field's message, the
 * refusal above the form, the busy state, submit and reset.
 */
export function useFormSession<S extends z.ZodType, V extends FormTextValues, R>(options: FormSessionOptions<S, V, R>) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(formSessionReducer<V>, options.initial, initialFormState);
  const inFlight = useRef(false);
  return {
    values: state.values,
    busy: state.busy,
    formMessage: formMessage(state, t),
    formDetails: formDetails(state, t),
    messageOf: (name: keyof V & string) => fieldMessage(state, name, t),
    setValue: (name: keyof V & string, value: string) => dispatch({ type: 'change', name, value }),
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      return submitForm(options, state.values, { dispatch, inFlight });
    },
    reset: () => dispatch({ type: 'reset', values: options.initial }),
  };
}

export type FormSession<V extends FormTextValues> = ReturnType<typeof useFormSession<z.ZodType, V, unknown>>;

/** What every form of this kind states, beside its schema and mutation (`FormSessionOptions`). */
interface FormShellProps<V extends FormTextValues> {
  /** The submit button's text. */
  readonly submitLabel: string;
  /** The fields, given the session to read values and messages from. */
  readonly children: (form: FormSession<V>) => ReactNode;
}

/** The primary submit button: a spinner while busy, and no second submit meanwhile. */
function SubmitButton({ busy, label }: { readonly busy: boolean; readonly label: string }) {
  return (
    <Button appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
      {label}
    </Button>
  );
}

export interface FormDialogProps<S extends z.ZodType, V extends FormTextValues, R> extends Omit<FormSessionOptions<S, V, R>, 'onSuccess'>, FormShellProps<V> {
  readonly open: boolean;
  /** Cancel, Escape, or after a success (the form is reset for the next opening each time). */
  readonly onClose: () => void;
  /** The dialog's title (it names the dialog for assistive technology). */
  readonly title: string;
  /** A sentence under the title saying what happens on submit. */
  readonly intro?: string;
}

/**
 * A dialog with one form: title, intro, a refusal above the fields, the fields, Cancel and submit.
 * Enter submits; the first field has focus on opening (Fluent focuses the first focusable element);
 * while a submit is on its way the dialog stays open; a success notifies, closes and resets.
 */
export function FormDialog<S extends z.ZodType, V extends FormTextValues, R>({ open, onClose, title, intro, submitLabel, children, ...options }: FormDialogProps<S, V, R>) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const form = useFormSession<S, V, R>({ ...options, onSuccess: onClose });
  const close = () => {
    if (form.busy) return;
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => (!data.open ? close() : undefined)}>
      <DialogSurface>
        <form onSubmit={(event) => void form.submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {intro ? <Text>{intro}</Text> : null}
              <FormError message={form.formMessage} details={form.formDetails} />
              {children(form)}
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={form.busy}>
                {t('actions.cancel')}
              </Button>
              <SubmitButton busy={form.busy} label={submitLabel} />
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

export interface InlineFormProps<S extends z.ZodType, V extends FormTextValues, R> extends FormSessionOptions<S, V, R>, FormShellProps<V> {
  /** The form's heading inside its card (it names the form for assistive technology). */
  readonly heading: string;
  /**
   * The card around the form already shows the same title: the heading then only names the form
   * (no second "Unlock an entitlement" under the card's, issue 19 §5).
   */
  readonly headingHidden?: boolean;
  /** A note under the fields. */
  readonly footnote?: string;
  /** More buttons after submit (Remove). */
  readonly actions?: ReactNode;
}

/**
 * The same form inside a page or card instead of a dialog: a success notifies and clears the
 * fields (but `keepAfterSuccess`) for the next entry.
 */
export function InlineForm<S extends z.ZodType, V extends FormTextValues, R>({ heading, headingHidden = false, footnote, actions, submitLabel, children, ...options }: InlineFormProps<S, V, R>) {
  const styles = useStyles();
  const headingId = useId();
  const form = useFormSession<S, V, R>(options);
  return (
    <form
      className={styles.inline}
      onSubmit={(event) => void form.submit(event)}
      {...(headingHidden ? { 'aria-label': heading } : { 'aria-labelledby': headingId })}
      noValidate
    >
      {headingHidden ? null : (
        <Text id={headingId} weight="semibold">
          {heading}
        </Text>
      )}
      <FormError message={form.formMessage} details={form.formDetails} />
      {children(form)}
      {footnote ? (
        <Text size={200} className={styles.muted}>
          {footnote}
        </Text>
      ) : null}
      <div className={styles.actions}>
        <SubmitButton busy={form.busy} label={submitLabel} />
        {actions}
      </div>
    </form>
  );
}

/** A required text field of a form session; `secret` hides what is typed, `mono` suits keys and ids. */
export function TextField<V extends FormTextValues>({
  form,
  name,
  label,
  type = 'text',
  secret = false,
  mono = false,
}: {
  readonly form: FormSession<V>;
  readonly name: keyof V & string;
  readonly label: string;
  readonly type?: 'text' | 'email';
  readonly secret?: boolean;
  readonly mono?: boolean;
}) {
  const styles = useStyles();
  const common = { name, value: form.values[name] ?? '', autoComplete: 'off', onChange: (_: unknown, data: { readonly value: string }) => form.setValue(name, data.value) };
  return (
    <Field label={label} required validationMessage={form.messageOf(name)}>
      {secret ? <PasswordInput {...common} /> : <Input {...common} type={type} input={mono ? { className: styles.mono } : undefined} />}
    </Field>
  );
}

/** A required choice among fixed values of a form session, each shown by `labelOf`. */
export function ChoiceField<V extends FormTextValues>({
  form,
  name,
  label,
  options,
  labelOf,
}: {
  readonly form: FormSession<V>;
  readonly name: keyof V & string;
  readonly label: string;
  readonly options: readonly string[];
  readonly labelOf: (value: string) => string;
}) {
  const value = form.values[name] ?? '';
  return (
    <Field label={label} required validationMessage={form.messageOf(name)}>
      <Dropdown value={labelOf(value)} selectedOptions={[value]} onOptionSelect={(_, data) => (data.optionValue ? form.setValue(name, data.optionValue) : undefined)}>
        {options.map((option) => (
          <Option key={option} value={option}>
            {labelOf(option)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
