import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';
import { isAppError } from '../bridge/app-error';
import { notify } from '../components/notices';
import { assertOnline } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { useConfirm } from './confirm-dialog';
import { dataProvider, supports, type DeleteResult, type ResourceRecord, type ResourceScope } from './data-provider';
import type { ChoiceOption } from './field-input';
import type { FormMode } from './form-model';
import { ResourceForm } from './resource-form';
import type { ResourceView } from './resource-view';
import { useInvalidateResources } from './use-resource';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export interface ResourceActionsOptions<T extends ResourceRecord> {
  readonly view: ResourceView<T>;
  readonly scope: ResourceScope;
  /** Choices of fields whose options are loaded, for the create/edit form. */
  readonly fieldOptions?: Readonly<Record<string, readonly ChoiceOption[]>> | undefined;
  /** Hints under form fields. */
  readonly fieldHints?: Readonly<Record<string, ReactNode>> | undefined;
  readonly onSaved?: ((item: T, mode: FormMode) => void) | undefined;
}

/** Whether a refused delete names linked items that a forced delete would unlink (102010, role in use). */
export function needsForce(error: unknown): error is { readonly fieldErrors: FieldErrors } {
  return (
    isAppError(error) &&
    (error.code === ErrorCode.ForceDeleteRequired || error.code === ErrorCode.RoleInUse) &&
    Object.keys(error.fieldErrors).some((path) => path.startsWith('links.'))
  );
}

/**
 * What can be done to a resource's items, with the confirmations, notices and refetches of spec
 * §5: delete (and forced delete of linked items), restore, delete for ever, empty the trash,
 * enable or disable, and the create/edit form. Needs no grid: a custom screen (a paywall editor,
 * a popup preview) calls these and renders `elements` once.
 */
export function useResourceActions<T extends ResourceRecord = ResourceRecord>({ view, scope, fieldOptions, fieldHints, onSaved }: ResourceActionsOptions<T>) {
  const { resource } = view;
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource', 'validation', 'errors']);
  const { confirm, element: confirmElement } = useConfirm();
  const invalidate = useInvalidateResources();
  const [form, setForm] = useState<{ open: boolean; mode: FormMode; item?: T; session: number }>({ open: false, mode: 'create', session: 0 });

  const entity = t(resource.labelKey);
  const hasTrash = resource.trash && supports(resource.name, 'restore');
  const quoted = (item: T) => t('resources:quoted', { name: view.nameOf(item) });

  const run = async <R,>(action: () => Promise<R>, related = true): Promise<R> => {
    assertOnline();
    const result = await action();
    await invalidate(related ? [resource.name, ...(view.related ?? [])] : [resource.name]);
    return result;
  };

  const remove = async (item: T) => {
    const name = quoted(item);
    const ok = await confirm({
      title: t('resources:confirm.deleteTitle', { entity }),
      body: view.deleteConfirmKey ? t(view.deleteConfirmKey, { name }) : hasTrash ? t('resource:confirm.delete', { name }) : t('resource:confirm.deleteNoTrash', { name }),
      confirmLabel: t('resource:actions.delete'),
      danger: true,
    });
    if (!ok) return;
    const done = (result: DeleteResult | null) => {
      notify.message('success', result?.trashed ? t('resources:notices.trashed', { name }) : t('resources:notices.deleted', { name }));
      if (result && result.unlinked.length > 0) notify.notification('info', t('resources:notices.unlinked', { links: result.unlinked.map((l) => l.name).join(', ') }));
    };
    try {
      done(await run(() => dataProvider.delete(resource.name, scope, item.id)));
    } catch (error) {
      if (!needsForce(error)) {
        notify.message('error', errorText(t, error));
        return;
      }
      const force = await confirm({
        title: t('resources:confirm.forceTitle'),
        body: (
          <>
            <span>{t('resources:confirm.forceBody')}</span>
            <ul className={styles.list}>
              {Object.entries(error.fieldErrors)
                .filter(([path]) => path.startsWith('links.'))
                .map(([path, fieldError]) => (
                  <li key={path}>{fieldErrorMessage(fieldError, (key, options) => t(key, options))}</li>
                ))}
            </ul>
          </>
        ),
        confirmLabel: t('resources:confirm.forceDelete'),
        danger: true,
      });
      if (!force) return;
      try {
        done(await run(() => dataProvider.delete(resource.name, scope, item.id, { force: true })));
      } catch (forced) {
        notify.message('error', errorText(t, forced));
      }
    }
  };

  const toggleEnabled = async (item: T) => {
    try {
      const saved = await run(() => dataProvider.update(resource.name, scope, item.id, { enabled: !item.enabled, version: item.version }));
      notify.message('success', saved.enabled ? t('resources:notices.enabled', { name: quoted(item) }) : t('resources:notices.disabled', { name: quoted(item) }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const restore = async (item: T) => {
    try {
      await run(() => dataProvider.restore(resource.name, scope, item.id));
      notify.message('success', t('resources:notices.restored', { name: quoted(item) }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const purge = async (item: T) => {
    const name = quoted(item);
    const ok = await confirm({ title: t('resources:confirm.purgeTitle'), body: t('resource:confirm.purge', { name }), confirmLabel: t('resource:actions.purge'), danger: true });
    if (!ok) return;
    try {
      await run(() => dataProvider.purge(resource.name, scope, item.id));
      notify.message('success', t('resources:notices.purged', { name }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const emptyTrash = async () => {
    const ok = await confirm({ title: t('resources:confirm.emptyTrashTitle'), body: t('resource:confirm.emptyTrash'), confirmLabel: t('resource:actions.emptyTrash'), danger: true });
    if (!ok) return;
    try {
      const result = await run(() => dataProvider.emptyTrash(resource.name, scope));
      notify.message('success', t('resources:notices.emptied', { count: result.purged }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const openEdit = useCallback((item: T) => setForm((f) => ({ open: true, mode: 'edit', item, session: f.session + 1 })), []);
  const openCreate = useCallback(() => setForm((f) => ({ open: true, mode: 'create', session: f.session + 1 })), []);

  const elements = (
    <>
      <ResourceForm
        key={form.session}
        view={view}
        scope={scope}
        open={form.open}
        mode={form.mode}
        item={form.item}
        fieldOptions={fieldOptions}
        fieldHints={fieldHints}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={onSaved as ((item: ResourceRecord, mode: FormMode) => void) | undefined}
      />
      {confirmElement}
    </>
  );

  return { remove, restore, purge, emptyTrash, toggleEnabled, openEdit, openCreate, hasTrash, elements };
}

export type ResourceActions<T extends ResourceRecord = ResourceRecord> = ReturnType<typeof useResourceActions<T>>;
