import { Button, Checkbox, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import { isAppError } from '../bridge/app-error';
import { notify } from '../components/notices';
import { OnlineOnly } from '../components/offline/online-only';
import { errorText } from '../i18n/error-text';
import { useConfirm } from './confirm-dialog';
import { VisuallyHidden } from '../components/visually-hidden';

/**
 * Bulk actions of a list (issue 19), once for every list: a checkbox per row and a select-all in the
 * header (`useSelection`, `SelectAllCheckbox`, `RowCheckbox`), and a bar over the list
 * (`BulkActionBar`) whose actions are confirmed once, in one dialog naming the count, then sent item
 * by item through the list's own per-item routes (`runInTurn`), so each item keeps its version
 * check, audit entry and hooks. An item changed by someone else since the list was read (108007) is
 * reported by name and left alone; the others are applied; the list is refreshed once at the end.
 */

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
});

/** What a bulk run came to: the items applied, those refused as stale, and those refused otherwise. */
export interface BulkOutcome<T> {
  readonly applied: readonly T[];
  readonly stale: readonly T[];
  readonly failed: ReadonlyArray<{ readonly item: T; readonly error: unknown }>;
}

/** Whether a refusal says the item changed since it was read (its version is stale). */
export function isStale(error: unknown): boolean {
  return isAppError(error) && error.code === ErrorCode.VersionConflict;
}

/** Applies an action to each item in turn (never two at once), collecting what each came to. */
export async function runInTurn<T>(items: readonly T[], apply: (item: T) => Promise<unknown>): Promise<BulkOutcome<T>> {
  const applied: T[] = [];
  const stale: T[] = [];
  const failed: Array<{ item: T; error: unknown }> = [];
  for (const item of items) {
    try {
      await apply(item);
      applied.push(item);
    } catch (error) {
      if (isStale(error)) stale.push(item);
      else failed.push({ item, error });
    }
  }
  return { applied, stale, failed };
}

/** The rows chosen in a list, kept with the version they were seen at; cleared when `resetKey` changes. */
export function useSelection<T extends { readonly id: string }>(resetKey: string) {
  const [state, setState] = useState<{ readonly key: string; readonly items: ReadonlyMap<string, T> }>({ key: resetKey, items: new Map() });
  const items = useMemo(() => (state.key === resetKey ? state.items : new Map<string, T>()), [state, resetKey]);
  const update = useCallback(
    (change: (next: Map<string, T>) => void) =>
      setState((s) => {
        const next = new Map(s.key === resetKey ? s.items : []);
        change(next);
        return { key: resetKey, items: next };
      }),
    [resetKey],
  );
  const toggle = useCallback((item: T, checked: boolean) => update((next) => (checked ? next.set(item.id, item) : next.delete(item.id))), [update]);
  const setAll = useCallback((shown: readonly T[], checked: boolean) => update((next) => shown.forEach((item) => (checked ? next.set(item.id, item) : next.delete(item.id)))), [update]);
  const clear = useCallback(() => update((next) => next.clear()), [update]);
  return useMemo(() => ({ items: [...items.values()], has: (id: string) => items.has(id), toggle, setAll, clear }), [items, toggle, setAll, clear]);
}

export type Selection<T extends { readonly id: string }> = ReturnType<typeof useSelection<T>>;

/** The header's checkbox: checked when every shown row is selected, mixed when some are. */
export function SelectAllCheckbox<T extends { readonly id: string }>({ selection, shown }: { readonly selection: Selection<T>; readonly shown: readonly T[] }) {
  const { t } = useTranslation('resource');
  const count = shown.filter((item) => selection.has(item.id)).length;
  const checked = count > 0 && count === shown.length ? true : count > 0 ? 'mixed' : false;
  return (
    <Checkbox
      label={<VisuallyHidden>{t('resource:bulk.selectAll')}</VisuallyHidden>}
      checked={checked}
      disabled={shown.length === 0}
      onChange={(_, data) => selection.setAll(shown, data.checked === true)}
    />
  );
}

/** A row's checkbox, named after the row. */
export function RowCheckbox<T extends { readonly id: string }>({ selection, item, name }: { readonly selection: Selection<T>; readonly item: T; readonly name: string }) {
  const { t } = useTranslation('resource');
  return <Checkbox aria-label={t('resource:bulk.selectRow', { name })} checked={selection.has(item.id)} onChange={(_, data) => selection.toggle(item, data.checked === true)} />;
}

/** One bulk action a list offers. */
export interface BulkAction<T> {
  readonly id: 'enable' | 'disable' | 'delete';
  /** The confirmation's text under its title (it names the count). */
  readonly body: string;
  readonly danger?: boolean;
  /** Sends one item through its own route, with its version. */
  readonly apply: (item: T) => Promise<unknown>;
}

export interface BulkActionBarProps<T extends { readonly id: string }> {
  readonly selection: Selection<T>;
  readonly actions: ReadonlyArray<BulkAction<T>>;
  readonly nameOf: (item: T) => string;
  /** Refreshes the list, once after the run. */
  readonly onDone: () => Promise<unknown> | void;
  readonly className?: string;
}

/** The bar of actions on the selected rows; nothing while no row is selected. */
export function BulkActionBar<T extends { readonly id: string }>({ selection, actions, nameOf, onDone, className }: BulkActionBarProps<T>) {
  const { t } = useTranslation(['resource', 'errors']);
  const styles = useStyles();
  const { confirm, element } = useConfirm();
  const [running, setRunning] = useState(false);
  const selected = selection.items;

  const run = async (action: BulkAction<T>) => {
    const ok = await confirm({ title: t(`resource:bulk.titles.${action.id}`), body: action.body, confirmLabel: t(`resource:bulk.${action.id}`), danger: action.danger ?? false });
    if (!ok) return;
    setRunning(true);
    try {
      const outcome = await runInTurn(selected, action.apply);
      await onDone();
      selection.clear();
      if (outcome.applied.length > 0) notify.message('success', t('resource:bulk.done', { count: outcome.applied.length, total: selected.length }));
      if (outcome.stale.length > 0) notify.notification('warning', t('resource:bulk.stale', { names: outcome.stale.map(nameOf).join(', ') }));
      if (outcome.failed.length > 0) notify.notification('error', t('resource:bulk.failed', { items: outcome.failed.map(({ item, error }) => `${nameOf(item)} (${errorText(t, error)})`).join('; ') }));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      {selected.length === 0 && !running ? null : (
      <div role="toolbar" aria-label={t('resource:bulk.toolbar')} className={`${styles.bar}${className ? ` ${className}` : ''}`}>
        <Text weight="semibold" role="status">
          {t('resource:bulk.selected', { count: selected.length })}
        </Text>
        {actions.map((action) => (
          <OnlineOnly key={action.id}>
            <Button size="small" disabled={running} onClick={() => void run(action)}>
              {t(`resource:bulk.${action.id}`)}
            </Button>
          </OnlineOnly>
        ))}
        <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} disabled={running} onClick={selection.clear}>
          {t('resource:bulk.clear')}
        </Button>
      </div>
      )}
      {element}
    </>
  );
}
