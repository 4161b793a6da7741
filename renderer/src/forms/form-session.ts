import type { z } from 'zod';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';
import { notify } from '../components/notices';
import { toAppError, type AppError } from '../bridge/app-error';
import { errorText, type Translate } from '../i18n/error-text';
import { placeSubmitError, splitFieldErrors } from './submit-errors';
import { validateWith, withoutField } from './validate';

/**
 * One submit-and-save form (a dialog or a form inside a card), as plain state and steps with no
 * React in them: `useFormSession` runs them in a component, tests run them directly.
 *
 * Submit checks the values with the contract's schema (nothing is sent while a field is wrong),
 * sends once at a time, announces success and starts over from the initial values; a refusal keeps
 * every value and shows the server's field errors under their fields and its localized message
 * where it belongs, with the field errors no field takes (a rate limit's wait) under it. Offline,
 * the mutation refuses locally (1009) and that refusal reads like any other.
 */

/** What the inputs of such a form hold: text, by field name. */
export type FormTextValues = Readonly<Record<string, string>>;

export interface FormSessionState<V extends FormTextValues> {
  readonly values: V;
  /** Field errors: the schema's before sending, the server's after a refusal. */
  readonly errors: FieldErrors;
  /** The refusal being shown, if any; its catalogue code gives the localized message. */
  readonly refusal: AppError | null;
  /** Fields that show the refusal's own message instead of a generic field error. */
  readonly refusalFields: readonly string[];
  /** Whether the refusal's message stands above the form (no field explains it). */
  readonly refusalAbove: boolean;
  /** A submit is on its way: the submit button shows it and a second submit is ignored. */
  readonly busy: boolean;
}

/** Where a refusal is shown on a form. */
export interface RefusalPlacement {
  readonly byField: FieldErrors;
  readonly fields: readonly string[];
  readonly above: boolean;
}

export type FormSessionAction<V extends FormTextValues> =
  | { readonly type: 'change'; readonly name: keyof V & string; readonly value: string }
  | { readonly type: 'invalid'; readonly errors: FieldErrors }
  | { readonly type: 'sending' }
  | { readonly type: 'sent' }
  | { readonly type: 'refused'; readonly error: AppError; readonly placement: RefusalPlacement }
  | { readonly type: 'reset'; readonly values: V };

export function initialFormState<V extends FormTextValues>(values: V): FormSessionState<V> {
  return { values, errors: {}, refusal: null, refusalFields: [], refusalAbove: false, busy: false };
}

export function formSessionReducer<V extends FormTextValues>(state: FormSessionState<V>, action: FormSessionAction<V>): FormSessionState<V> {
  switch (action.type) {
    case 'change':
      // Fix-as-you-type: a field's error goes once the field changes; nothing else is touched.
      return {
        ...state,
        values: { ...state.values, [action.name]: action.value },
        errors: withoutField(state.errors, action.name),
        refusalFields: state.refusalFields.filter((field) => field !== action.name),
      };
    case 'invalid':
      return { ...state, errors: action.errors, refusal: null, refusalFields: [], refusalAbove: false };
    case 'sending':
      return { ...state, errors: {}, refusal: null, refusalFields: [], refusalAbove: false, busy: true };
    case 'sent':
      return { ...state, busy: false };
    case 'refused':
      return { ...state, busy: false, errors: action.placement.byField, refusal: action.error, refusalFields: action.placement.fields, refusalAbove: action.placement.above };
    case 'reset':
      return initialFormState(action.values);
  }
}

/**
 * Places a refusal the way the generic resource form does (`placeSubmitError`): the server's field
 * errors under the form's fields, the code's own message under them when it says more, above the
 * form when no field explains it. `codeFields` names the field a code belongs to when the server
 * sends no field error for it (105004, a repeated invitation, under Email).
 */
export function placeRefusal(error: AppError, fields: readonly string[], codeFields: Readonly<Record<number, string>> = {}): RefusalPlacement {
  const placement = placeSubmitError(error, fields.map((name) => ({ name })));
  const mapped = codeFields[error.code];
  if (mapped) return { byField: placement.byField, fields: [mapped], above: false };
  return { byField: placement.byField, fields: placement.codeFields, above: placement.codeAboveForm || Object.keys(placement.other).length > 0 };
}

/** The localized message under a field, if any. */
export function fieldMessage(state: FormSessionState<FormTextValues>, name: string, t: Translate): string | undefined {
  if (state.refusal && state.refusalFields.includes(name)) return errorText(t, state.refusal);
  const error = state.errors[name];
  return error ? fieldErrorMessage(error, t) : undefined;
}

/** The localized refusal above the form, if any. */
export function formMessage(state: FormSessionState<FormTextValues>, t: Translate): string | null {
  return state.refusal && state.refusalAbove ? errorText(t, state.refusal) : null;
}

/**
 * The localized field errors of the refusal at paths the form has no field for, shown under its
 * message above the form: the wait of a rate limit (1006, `retryAfterSeconds`: "Try again in 42
 * seconds"), which the code's own message cannot tell.
 */
export function formDetails(state: FormSessionState<FormTextValues>, t: Translate): readonly string[] {
  if (!state.refusal) return [];
  const { other } = splitFieldErrors(state.refusal.fieldErrors, Object.keys(state.values).map((name) => ({ name })));
  return Object.values(other).map((error) => fieldErrorMessage(error, t));
}

/** What a form states: its schema, its first values, what it sends and what it says on success. */
export interface FormSessionOptions<S extends z.ZodType, V extends FormTextValues, R> {
  readonly schema: S;
  readonly initial: V;
  /** The input the schema checks, when it is not the values as typed (a constant `kind`, a file's text). */
  readonly toInput?: (values: V) => unknown;
  /** Refusal codes shown under one field (see `placeRefusal`). */
  readonly codeFields?: Readonly<Record<number, string>>;
  /** Sends the checked data: a mutation's `mutateAsync`. */
  readonly send: (data: z.output<S>) => Promise<R>;
  /** The success notice, from what the server answered; none when the form shows the answer itself. */
  readonly successMessage?: (result: R) => string;
  /** A short message (default) or a longer-lived notification. */
  readonly notice?: 'message' | 'notification';
  /** Values kept for the next entry after a success (a chosen provider); the rest start over. */
  readonly keepAfterSuccess?: readonly (keyof V & string)[];
  /** After the success notice and the reset (a dialog closes). */
  readonly onSuccess?: (result: R) => void;
}

export type SubmitOutcome = 'busy' | 'invalid' | 'sent' | 'refused';

/**
 * One submit: ignored while another is on its way (`inFlight` is checked and set before anything
 * renders, so a double click or Enter pressed twice sends once); otherwise validate, send, and
 * either announce success and start over, or show the refusal with every value kept.
 */
export async function submitForm<S extends z.ZodType, V extends FormTextValues, R>(
  options: FormSessionOptions<S, V, R>,
  values: V,
  run: { readonly dispatch: (action: FormSessionAction<V>) => void; readonly inFlight: { current: boolean } },
): Promise<SubmitOutcome> {
  const { dispatch, inFlight } = run;
  if (inFlight.current) return 'busy';
  const checked = validateWith(options.schema, options.toInput ? options.toInput(values) : values);
  if (!checked.ok) {
    dispatch({ type: 'invalid', errors: checked.errors });
    return 'invalid';
  }
  inFlight.current = true;
  dispatch({ type: 'sending' });
  let result: R;
  try {
    result = await options.send(checked.data);
  } catch (error) {
    const appError = toAppError(error);
    dispatch({ type: 'refused', error: appError, placement: placeRefusal(appError, Object.keys(values), options.codeFields) });
    return 'refused';
  } finally {
    inFlight.current = false;
  }
  dispatch({ type: 'sent' });
  if (options.successMessage) {
    const text = options.successMessage(result);
    if (options.notice === 'notification') notify.notification('success', text);
    else notify.message('success', text);
  }
  const kept: Partial<V> = {};
  for (const name of options.keepAfterSuccess ?? []) kept[name] = values[name];
  dispatch({ type: 'reset', values: { ...options.initial, ...kept } });
  options.onSuccess?.(result);
  return 'sent';
}
