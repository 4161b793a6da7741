import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';
import { notify } from '../components/notices';
import { isAppError, toAppError } from '../bridge/app-error';
import { assertOnline } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { useConfirm } from './confirm-dialog';
import { dataProvider, type ResourceRecord, type ResourceScope } from './data-provider';
import {
  changedFields,
  formFields,
  isDirty,
  rebaseOnLatest,
  toBody,
  toFormValues,
  toPatch,
  validateBody,
  type FormField,
  type FormMode,
  type FormValue,
  type FormValues,
} from './form-model';
import type { ResourceView } from './resource-view';
import { placeSubmitError } from '../forms/submit-errors';
import { useInvalidateResources } from './use-resource';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The state of a version conflict (108007): none, a refused save, or the latest loaded and merged. */
export type Conflict =
  | { readonly kind: 'none' }
  | { readonly kind: 'stale' }
  | { readonly kind: 'reloaded'; readonly changedElsewhere: readonly string[]; readonly clashes: readonly string[] };

export interface UseResourceFormOptions {
  readonly view: ResourceView;
  readonly scope: ResourceScope;
  readonly mode: FormMode;
  readonly item?: ResourceRecord | undefined;
  /** After a successful save, with what the server answered. */
  readonly onSaved?: (saved: ResourceRecord, mode: FormMode) => void;
}

/**
 * The logic of a resource form, for the drawer and for forms inside a page (a project's General
 * tab): values from the item, local validation with the contract's schema, the server's field errors
 * on their fields, confirmation before saving an edit (naming what changed) and before discarding
 * unsaved changes (naming the item), and version conflicts (108007): everything typed is kept, the
 * latest version can be loaded and merged, and the fields changed elsewhere are named.
 */
export function useResourceForm({ view, scope, mode, item, onSaved }: UseResourceFormOptions) {
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource', 'validation', 'errors']);
  const { resource } = view;
  const fields = useMemo(() => formFields(resource, mode, view.hiddenFields), [resource, mode, view.hiddenFields]);
  const [base, setBase] = useState<FormValues>(() => toFormValues(fields, item, view.defaults));
  const [values, setValues] = useState<FormValues>(base);
  const [version, setVersion] = useState(item?.version ?? 0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [codeFields, setCodeFields] = useState<{ readonly fields: readonly string[]; readonly message: string }>({ fields: [], message: '' });
  const [formMessage, setFormMessage] = useState<ReactNode>(null);
  const [conflict, setConflict] = useState<Conflict>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { confirm, element: confirmElement } = useConfirm();
  const invalidate = useInvalidateResources();

  const entity = t(resource.labelKey);
  const quoted = t('resources:quoted', { name: item ? view.nameOf(item) : '' });
  const dirty = isDirty(base, values);

  // A newer version of the item arriving (kept data refreshed after a reload, a change seen by
  // another screen) is taken in while nothing is typed; with changes typed, it is left alone and
  // saving meets the version conflict view, which keeps them. Adjusted while rendering, as React
  // recommends for state that follows a prop.
  const [seenVersion, setSeenVersion] = useState(item?.version);
  if (item?.version !== seenVersion) {
    setSeenVersion(item?.version);
    if (mode === 'edit' && item && item.version > version && !dirty && !busy) {
      const latest = toFormValues(fields, item, view.defaults);
      setBase(latest);
      setValues(latest);
      setVersion(item.version);
    }
  }
  const labelOf = (fieldName: string) => t(resource.fields[fieldName]?.labelKey ?? fieldName);

  const setValue = (fieldName: string, value: FormValue) => {
    setValues((current) => ({ ...current, [fieldName]: value }));
    setErrors((current) => {
      if (!(fieldName in current)) return current;
      const next = { ...current };
      delete next[fieldName];
      return next;
    });
    setCodeFields((current) => (current.fields.includes(fieldName) ? { ...current, fields: current.fields.filter((f) => f !== fieldName) } : current));
  };

  /** Asks before unsaved changes are dropped; true when there is nothing to lose or the operator agrees. */
  const confirmDiscard = async (): Promise<boolean> => {
    if (!dirty) return true;
    return confirm(
      mode === 'create'
        ? { title: t('resources:confirm.discardCreateTitle', { entity }), body: t('resources:confirm.discardCreateBody'), confirmLabel: t('resources:confirm.discard'), cancelLabel: t('resources:confirm.keepEditing'), danger: true }
        : { title: t('resources:confirm.discardEditTitle', { name: quoted }), body: t('resources:confirm.discardEditBody'), confirmLabel: t('resources:confirm.discard'), cancelLabel: t('resources:confirm.keepEditing'), danger: true },
    );
  };

  /** Back to the item as loaded (a page form's Cancel). */
  const reset = () => {
    setValues(base);
    setErrors({});
    setCodeFields({ fields: [], message: '' });
    setFormMessage(null);
  };

  const showError = (error: unknown) => {
    const appError = toAppError(error);
    const placement = placeSubmitError(appError, fields);
    setErrors(placement.byField);
    setCodeFields({ fields: placement.codeFields, message: placement.codeFields.length > 0 ? errorText(t, appError) : '' });
    const others = Object.entries(placement.other);
    if (others.length > 0) {
      setFormMessage(
        <>
          {t('resources:form.otherErrors')}
          <ul className={styles.list}>
            {others.map(([path, fieldError]) => (
              <li key={path}>{fieldErrorMessage(fieldError, (key, options) => t(key, options))}</li>
            ))}
          </ul>
        </>,
      );
    } else {
      setFormMessage(placement.codeAboveForm ? errorText(t, appError) : null);
    }
  };

  /** Submits; resolves true when saved. */
  const submit = async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (busy) return false;
    setFormMessage(null);
    setCodeFields({ fields: [], message: '' });
    const body = toBody(fields, values);
    if (mode === 'edit' && item) {
      const changed = changedFields(base, values).filter((f) => fields.some((field) => field.name === f && !field.locked));
      if (changed.length === 0) {
        notify.message('info', t('resources:notices.unchanged'));
        return false;
      }
      const merged: Record<string, unknown> = {};
      for (const key of Object.keys(resource.editableShape)) if (item[key] !== undefined && item[key] !== null) merged[key] = item[key];
      Object.assign(merged, body);
      const found = validateBody(view.updateSchema ?? resource.editable, fields, values, merged);
      setErrors(found);
      if (Object.keys(found).length > 0) return false;
      const ok = await confirm({
        title: t('resources:confirm.saveTitle'),
        body: (
          <>
            <span>{t('resource:confirm.edit', { name: quoted })}</span>
            <span>{t('resources:confirm.saveChanged', { fields: changed.map(labelOf).join(', ') })}</span>
          </>
        ),
        confirmLabel: t('resources:form.save'),
      });
      if (!ok) return false;
      setBusy(true);
      try {
        assertOnline();
        const saved = await dataProvider.update(resource.name, scope, item.id, toPatch(fields, base, values, version));
        await invalidate([resource.name, ...(view.related ?? [])]);
        notify.message('success', t('resources:notices.saved', { name: t('resources:quoted', { name: view.nameOf(saved) }) }));
        const savedValues = toFormValues(fields, saved);
        setBase(savedValues);
        setValues(savedValues);
        setVersion(saved.version);
        setConflict({ kind: 'none' });
        onSaved?.(saved, mode);
        return true;
      } catch (error) {
        if (isAppError(error) && error.code === ErrorCode.VersionConflict) setConflict({ kind: 'stale' });
        else showError(error);
        return false;
      } finally {
        setBusy(false);
      }
    }
    const found = validateBody(view.createSchema ?? resource.create, fields, values, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setBusy(true);
    try {
      assertOnline();
      const saved = await dataProvider.create(resource.name, scope, body);
      await invalidate([resource.name, ...(view.related ?? [])]);
      notify.message('success', t('resources:notices.created', { name: t('resources:quoted', { name: view.nameOf(saved) }) }));
      onSaved?.(saved, mode);
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Loads the latest version after a conflict and merges it with what was typed. */
  const reloadLatest = async () => {
    if (!item) return;
    setReloading(true);
    try {
      const latest = await dataProvider.getOne(resource.name, scope, item.id);
      const rebased = rebaseOnLatest(base, values, toFormValues(fields, latest));
      setBase(rebased.base);
      setValues(rebased.values);
      setVersion(latest.version);
      const editable = (names: readonly string[]) => names.filter((n) => fields.some((f) => f.name === n));
      setConflict({ kind: 'reloaded', changedElsewhere: editable(rebased.changedElsewhere), clashes: editable(rebased.clashes) });
      await invalidate([resource.name]);
    } catch (error) {
      setFormMessage(errorText(t, error));
    } finally {
      setReloading(false);
    }
  };

  /** The message under a field: the refusal's own message, the field's error, or nothing. */
  const messageOf = (field: FormField): string | undefined => {
    if (codeFields.fields.includes(field.name)) return codeFields.message;
    const fieldError = errors[field.name];
    return fieldError ? fieldErrorMessage(fieldError, (key, options) => t(key, options)) : undefined;
  };

  return {
    fields,
    values,
    setValue,
    dirty,
    busy,
    reloading,
    conflict,
    formMessage,
    messageOf,
    labelOf,
    submit,
    reset,
    reloadLatest,
    confirmDiscard,
    confirmElement,
    entity,
    quoted,
  };
}

export type ResourceFormState = ReturnType<typeof useResourceForm>;
