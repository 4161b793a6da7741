import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, tokens } from '@fluentui/react-components';
import { ArrowUndo16Regular, ArrowUpload16Regular, Delete16Regular, DeleteDismiss20Regular, Edit16Regular, MoreHorizontal16Regular, ToggleLeft16Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecord } from './data-provider';
import type { ResourceView } from './resource-view';
import type { ResourceMode } from './use-resource-data';
import { useOnlineOnly } from '../components/offline/online-only';

const useStyles = makeStyles({
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
});

/** An action a screen adds to a row's menu. */
export interface RowAction {
  readonly key: string;
  readonly label: string;
  readonly icon?: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
}

/** What the operator may do to one item. */
export interface ItemAccess {
  readonly edit: boolean;
  readonly delete: boolean;
}

export interface RowActionsOptions<T extends ResourceRecord> {
  readonly view: ResourceView<T>;
  readonly mode: ResourceMode;
  readonly canWrite: boolean;
  /** Per-item rights where they differ by item (a project: only its owner deletes it). */
  readonly itemAccess?: ((item: T) => ItemAccess) | undefined;
  /** Actions added to a row's menu. */
  readonly extra?: ((item: T) => readonly RowAction[]) | undefined;
  /** The menu offers enable / disable. */
  readonly toggleable: boolean;
  /** The menu offers "Move to top" (opens the order editor with the item on top). */
  readonly orderable: boolean;
  readonly onEdit: (item: T) => void;
  readonly onDelete: (item: T) => void;
  readonly onToggleEnabled: (item: T) => void;
  readonly onMoveToTop: (item: T) => void;
  readonly onRestore: (item: T) => void;
  readonly onPurge: (item: T) => void;
}

/** The menu entries of a live row, in order: the screen's own, enable/disable, to top, delete. */
export function rowMenuEntries<T extends ResourceRecord>(item: T, options: Omit<RowActionsOptions<T>, 'view' | 'mode'>, t: (key: string) => string): RowAction[] {
  const access = options.itemAccess?.(item) ?? { edit: options.canWrite, delete: options.canWrite };
  return [
    ...(options.extra?.(item) ?? []),
    ...(access.edit && options.toggleable
      ? [{ key: 'resource:toggle', label: item.enabled ? t('resources:list.disable') : t('resources:list.enable'), icon: <ToggleLeft16Regular />, onClick: () => options.onToggleEnabled(item) }]
      : []),
    ...(access.edit && options.orderable ? [{ key: 'resource:toTop', label: t('resource:actions.toTop'), icon: <ArrowUpload16Regular />, onClick: () => options.onMoveToTop(item) }] : []),
    ...(access.delete ? [{ key: 'resource:delete', label: t('resource:actions.delete'), icon: <Delete16Regular />, onClick: () => options.onDelete(item) }] : []),
  ];
}

/**
 * The actions column of a resource grid: restore and delete for ever in the trash; edit and a
 * "more" menu (the screen's own actions, enable/disable, move to top, delete) on live rows.
 *
 * Row buttons carry their name as aria-label and title (a Tooltip per row would be mounted for
 * every row scrolled into view), and one menu serves every row. The row renderer depends only on
 * what changes the buttons, so rows already on screen do not render again when a page arrives.
 */
export function useRowActions<T extends ResourceRecord>(options: RowActionsOptions<T>) {
  const { view, mode, canWrite, itemAccess, extra, onEdit } = options;
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource']);
  // Offline (issue 14) the changes others would see at once wait for the connection, said in the title.
  const { offline, reason } = useOnlineOnly();
  const [rowMenu, setRowMenu] = useState<{ readonly item: T; readonly target: HTMLElement } | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const renderActions = useCallback(
    (item: T): ReactNode => {
      const name = view.nameOf(item);
      if (mode === 'trash') {
        return (
          <span className={styles.rowActions}>
            <Button size="small" appearance="subtle" icon={<ArrowUndo16Regular />} aria-label={t('resource:actions.restore')} title={offline ? reason : t('resource:actions.restore')} disabledFocusable={offline} onClick={() => latest.current.onRestore(item)} />
            <Button size="small" appearance="subtle" icon={<DeleteDismiss20Regular />} aria-label={t('resource:actions.purge')} title={offline ? reason : t('resource:actions.purge')} disabledFocusable={offline} onClick={() => latest.current.onPurge(item)} />
          </span>
        );
      }
      const access = itemAccess?.(item) ?? { edit: canWrite, delete: canWrite };
      const hasMenu = access.edit || access.delete || (extra?.(item).length ?? 0) > 0;
      return (
        <span className={styles.rowActions}>
          {access.edit ? <Button size="small" appearance="subtle" icon={<Edit16Regular />} aria-label={t('resource:actions.edit')} title={t('resource:actions.edit')} onClick={() => onEdit(item)} /> : null}
          {hasMenu ? (
            <Button
              size="small"
              appearance="subtle"
              icon={<MoreHorizontal16Regular />}
              aria-label={t('resources:list.rowActions', { name })}
              title={t('resources:list.more')}
              aria-haspopup="menu"
              onClick={(event) => setRowMenu({ item, target: event.currentTarget })}
            />
          ) : null}
        </span>
      );
    },
    [view, mode, itemAccess, extra, canWrite, t, styles.rowActions, onEdit, offline, reason],
  );

  const menu = rowMenu ? (
    <Menu
      open
      positioning={{ target: rowMenu.target, position: 'below', align: 'end' }}
      onOpenChange={(_, data) => {
        if (data.open) return;
        const target = rowMenu.target;
        setRowMenu(null);
        if (document.activeElement === document.body && target.isConnected) target.focus();
      }}
    >
      <MenuPopover>
        <MenuList>
          {rowMenuEntries(rowMenu.item, options, t).map((action) => (
            <MenuItem key={action.key} icon={action.icon as never} onClick={action.onClick} disabled={action.disabled || offline} title={offline ? reason : undefined}>
              {action.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  ) : null;

  const hasActions = mode === 'trash' ? canWrite : canWrite || Boolean(extra) || Boolean(itemAccess);
  return {
    renderActions: hasActions ? renderActions : undefined,
    actionsWidth: mode === 'trash' || canWrite || itemAccess ? 88 : 56,
    menu,
  };
}
