import {
  Button,
  Card,
  createTableColumn,
  makeStyles,
  Menu,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  SearchBox,
  Spinner,
  Text,
  tokens,
  Tooltip,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import {
  Add20Regular,
  ArrowClockwise20Regular,
  ArrowLeft20Regular,
  ArrowUndo16Regular,
  ArrowUpload16Regular,
  ColumnTriple20Regular,
  Delete16Regular,
  Delete20Regular,
  DeleteDismiss20Regular,
  Edit16Regular,
  MoreHorizontal16Regular,
  ReOrderDotsVertical20Regular,
  Checkmark20Regular,
  Dismiss20Regular,
  DocumentSearch24Regular,
  Folder24Regular,
  ToggleLeft16Regular,
} from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import { fieldErrorMessage } from '@contract/field-errors';
import { notify } from '../app/notices';
import { isAppError } from '../bridge/app-error';
import { EmptyState } from '../components/empty-state';
import { assertOnline } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { CellValue, optionLabels } from './cells';
import { deriveColumns, visibleColumns, type ColumnSpec } from './columns';
import { useConfirm, useDangerButtonClass } from './confirm-dialog';
import { dataProvider, listQueryKeys, supports, type DeleteResult, type ResourceRecord, type ResourceScope } from './data-provider';
import type { ChoiceOption } from './field-input';
import { FilterPopover } from './filter-popover';
import type { FormMode } from './form-model';
import { activeFilterCount, allRowsPageSize, buildListQuery, initialListState, nextSort, withListChange, type ListState } from './list-params';
import { PaginationBar, type PageSizeChoice } from './pagination-bar';
import { ReorderPanel, useReorderItems } from './reorder-panel';
import { ResourceForm } from './resource-form';
import { ResourceTable } from './resource-table';
import type { ResourceView } from './resource-view';
import { useDebounced } from './use-debounced';
import { useInvalidateResources, useResourceList, useSparseRows } from './use-resource';
import { useSortOrderDraft } from './use-sort-order-draft';
import { useUnsavedPrompt } from './use-unsaved-prompt';
import { pagesForRange } from './virtual-window';

const useStyles = makeStyles({
  card: { padding: `0 0 ${tokens.spacingVerticalS}`, gap: 0, borderRadius: tokens.borderRadiusXLarge, overflow: 'hidden' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL} 0` },
  description: { color: tokens.colorNeutralForeground3 },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalM}`,
  },
  search: { width: '280px', maxWidth: '100%' },
  spacer: { flexGrow: 1 },
  grow: { flex: '1 1 0', minWidth: 0 },
  nowrap: { flexShrink: 0 },
  banner: { margin: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalM}` },
  inset: { marginLeft: tokens.spacingHorizontalXL, marginRight: tokens.spacingHorizontalXL },
  titleCell: {
    minWidth: 0,
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    justifyContent: 'flex-start',
    fontWeight: tokens.fontWeightSemibold,
    paddingLeft: 0,
    paddingRight: 0,
  },
  titleText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  empty: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, margin: `0 ${tokens.spacingHorizontalXL}` },
});

type Mode = 'list' | 'trash' | 'reorder';

export interface RowAction {
  readonly key: string;
  readonly label: string;
  readonly icon?: ReactNode;
  readonly onClick: () => void;
  readonly disabled?: boolean;
}

export interface ResourceScreenProps {
  readonly view: ResourceView;
  readonly scope: ResourceScope;
  /** Whether the operator may change this resource (contract access rules; the server decides). */
  readonly canWrite: boolean;
  /** Whether the operator may create items (default: `canWrite`). */
  readonly canCreate?: boolean;
  /** Per-item rights where they differ by item (a project: only its owner deletes it). */
  readonly itemAccess?: (item: ResourceRecord) => { readonly edit: boolean; readonly delete: boolean };
  readonly title?: string;
  readonly description?: string;
  /** Choices of fields whose options are loaded: form selects, filter options and cell labels. */
  readonly fieldOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** Shorter option labels for cells, where the form's are long. */
  readonly cellOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** Cell renderers that replace the generic one for a column. */
  readonly cells?: Readonly<Record<string, (item: ResourceRecord) => ReactNode>>;
  /** Actions added to a row's menu. */
  readonly rowActions?: (item: ResourceRecord) => readonly RowAction[];
  /** Opening a row (its name, Enter): editing by default. */
  readonly onOpen?: (item: ResourceRecord) => void;
  readonly onSaved?: (item: ResourceRecord, mode: FormMode) => void;
  /** The label of the create button (“New project”); “Create” by default. */
  readonly createLabel?: string;
  /** Hints under form fields. */
  readonly fieldHints?: Readonly<Record<string, ReactNode>>;
  /** What the reorder rows show beside the name. */
  readonly reorderDetail?: (item: ResourceRecord) => ReactNode;
}

function columnStorageKey(resource: string): string {
  return `palette.columns.${resource}`;
}

function readChosenColumns(resource: string): Set<string> | null {
  try {
    const raw = window.localStorage.getItem(columnStorageKey(resource));
    return raw ? new Set(JSON.parse(raw) as string[]) : null;
  } catch {
    return null;
  }
}

/**
 * A resource's whole list screen, from its declaration: toolbar (search, filters, columns, trash,
 * order editing, create), the virtual grid with sortable headers, state badges, audit columns and
 * row actions, pagination (or all rows in one virtual scroll), empty, error and loading states,
 * the create/edit form, delete with confirmation (and forced delete of linked items, 102010), the
 * trash (restore, delete for ever, empty), and sort-order editing with confirm or discard.
 */
export function ResourceScreen(props: ResourceScreenProps) {
  const { view, scope, canWrite } = props;
  const { resource } = view;
  const styles = useStyles();
  const dangerClass = useDangerButtonClass();
  const { t, i18n } = useTranslation(['resources', 'resource', 'validation', 'errors']);
  const { confirm, element: confirmElement } = useConfirm();
  const invalidate = useInvalidateResources();

  const [mode, setMode] = useState<Mode>('list');
  const [state, setState] = useState<ListState>(initialListState);
  const [pageSize, setPageSize] = useState<PageSizeChoice>(initialListState.pageSize);
  const [searchText, setSearchText] = useState('');
  const q = useDebounced(searchText);
  // The pages of the "all rows" mode that cover the rows in view; changes only when the view
  // reaches another page, so scrolling does not re-render the screen.
  const [pages, setPages] = useState<readonly number[]>([1]);
  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const next = pagesForRange(start, end, allRowsPageSize);
      setPages((current) => (current.length === next.length && current.every((p, i) => p === next[i]) ? current : next));
    },
    [],
  );
  const [chosen, setChosen] = useState<Set<string> | null>(() => readChosenColumns(resource.name));
  const [form, setForm] = useState<{ open: boolean; mode: FormMode; item?: ResourceRecord; session: number }>({ open: false, mode: 'create', session: 0 });

  const entity = t(resource.labelKey);
  const quoted = useCallback((item: ResourceRecord) => t('resources:quoted', { name: view.nameOf(item) }), [t, view]);
  const hasTrash = resource.trash && supports(resource.name, 'restore');
  const orderable = resource.orderable && supports(resource.name, 'reorder');
  const queryKeys = useMemo(() => listQueryKeys(resource.name), [resource.name]);
  const all = pageSize === 'all';
  const enabledUi = (view.columns?.enabledColumn ?? true) && queryKeys.has('enabled');

  const effective: ListState = { ...state, q, pageSize: all ? allRowsPageSize : pageSize, trashed: mode === 'trash' };
  const query = buildListQuery(resource, effective);
  const pagedQuery = useResourceList(resource.name, scope, query, !all && mode !== 'reorder');
  const queryText = JSON.stringify(query);
  const baseQuery = useMemo(() => {
    const copy = JSON.parse(queryText) as Record<string, unknown>;
    delete copy.page;
    delete copy.pageSize;
    return copy;
  }, [queryText]);
  const sparse = useSparseRows(resource.name, scope, baseQuery, allRowsPageSize, pages, all && mode !== 'reorder');

  const [reorderTop, setReorderTop] = useState<string | null>(null);

  const optionsFor = useCallback(
    (field: string): readonly ChoiceOption[] =>
      props.fieldOptions?.[field] ?? (resource.fields[field]?.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) })),
    [props.fieldOptions, resource.fields, t],
  );

  const specs = useMemo(() => deriveColumns(resource, view.columns), [resource, view.columns]);
  const shown = useMemo(() => visibleColumns(specs, chosen), [specs, chosen]);

  const openEdit = useCallback((item: ResourceRecord) => setForm((f) => ({ open: true, mode: 'edit', item, session: f.session + 1 })), []);
  const openCreate = () => setForm((f) => ({ open: true, mode: 'create', session: f.session + 1 }));
  const onOpen = props.onOpen ?? (canWrite && mode === 'list' ? openEdit : undefined);

  // ---------------------------------------------------------------------------------------------
  // Actions

  const run = async <T,>(action: () => Promise<T>, related = true): Promise<T> => {
    assertOnline();
    const result = await action();
    await invalidate(related ? [resource.name, ...(view.related ?? [])] : [resource.name]);
    return result;
  };

  const linksOf = (error: { fieldErrors: Record<string, { key: string; params?: Record<string, string | number> }> }) =>
    Object.entries(error.fieldErrors)
      .filter(([path]) => path.startsWith('links.'))
      .map(([path, fieldError]) => <li key={path}>{fieldErrorMessage(fieldError, (key, options) => t(key, options))}</li>);

  const remove = async (item: ResourceRecord) => {
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
      if (isAppError(error) && (error.code === ErrorCode.ForceDeleteRequired || error.code === ErrorCode.RoleInUse) && Object.keys(error.fieldErrors).some((p) => p.startsWith('links.'))) {
        const force = await confirm({
          title: t('resources:confirm.forceTitle'),
          body: (
            <>
              <span>{t('resources:confirm.forceBody')}</span>
              <ul className={styles.list}>{linksOf(error)}</ul>
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
        return;
      }
      notify.message('error', errorText(t, error));
    }
  };

  const toggleEnabled = async (item: ResourceRecord) => {
    try {
      const saved = await run(() => dataProvider.update(resource.name, scope, item.id, { enabled: !item.enabled, version: item.version }));
      notify.message('success', saved.enabled ? t('resources:notices.enabled', { name: quoted(item) }) : t('resources:notices.disabled', { name: quoted(item) }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const restore = async (item: ResourceRecord) => {
    try {
      await run(() => dataProvider.restore(resource.name, scope, item.id));
      notify.message('success', t('resources:notices.restored', { name: quoted(item) }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const purge = async (item: ResourceRecord) => {
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

  const enterReorder = (topId?: string) => {
    setReorderTop(topId ?? null);
    setMode('reorder');
  };

  // ---------------------------------------------------------------------------------------------
  // Columns

  const columns: TableColumnDefinition<ResourceRecord>[] = useMemo(
    () =>
      shown.map((spec: ColumnSpec, index) => {
        const labels =
          spec.kind === 'select' || spec.kind === 'multiselect'
            ? new Map((props.cellOptions?.[spec.id] ?? optionsFor(spec.id)).map((o) => [o.value, o.label]))
            : optionLabels(spec.options, t);
        return createTableColumn<ResourceRecord>({
          columnId: spec.id,
          renderHeaderCell: () => t(spec.labelKey),
          renderCell: (item) => {
            const custom = props.cells?.[spec.id];
            const content = custom ? custom(item) : <CellValue column={spec} item={item} t={t} locale={i18n.language} labels={labels} />;
            if (index === 0 && onOpen && !custom) {
              return (
                <Button appearance="transparent" className={styles.titleCell} onClick={() => onOpen(item)} tabIndex={-1}>
                  <span className={styles.titleText}>{String(item[spec.id] ?? view.nameOf(item))}</span>
                </Button>
              );
            }
            return content;
          },
        });
      }),
    [shown, optionsFor, t, props.cells, props.cellOptions, i18n.language, onOpen, styles.titleCell, styles.titleText, view],
  );
  const widths = useMemo(() => new Map(shown.map((s) => [s.id, s.width])), [shown]);
  const sortableIds = useMemo(() => new Set(shown.filter((s) => s.sortable).map((s) => s.id)), [shown]);
  const shrinkable = useMemo(
    () => new Set(shown.filter((s) => ['text', 'textarea', 'url', 'email', 'multiselect', 'json'].includes(s.kind)).map((s) => s.id)),
    [shown],
  );
  const endAligned = useMemo(() => new Set(shown.filter((s) => (s.kind === 'number' || s.kind === 'sortOrder') && !props.cells?.[s.id]).map((s) => s.id)), [shown, props.cells]);

  // Row buttons carry their name as aria-label and title (a Tooltip per row would be mounted for
  // every row scrolled into view), and one menu serves every row. The row renderer depends only on
  // what changes the buttons, so rows already on screen do not render again when a page arrives.
  const [rowMenu, setRowMenu] = useState<{ readonly item: ResourceRecord; readonly target: HTMLElement } | null>(null);
  const rowHandlers = useRef<{ restore: (item: ResourceRecord) => void; purge: (item: ResourceRecord) => void }>({ restore: () => undefined, purge: () => undefined });
  useEffect(() => {
    rowHandlers.current = { restore: (item: ResourceRecord) => void restore(item), purge: (item: ResourceRecord) => void purge(item) };
  });
  const { itemAccess, rowActions: extraRowActions } = props;
  const renderActions = useCallback(
    (item: ResourceRecord): ReactNode => {
      const name = view.nameOf(item);
      if (mode === 'trash') {
        return (
          <span className={styles.rowActions}>
            <Button size="small" appearance="subtle" icon={<ArrowUndo16Regular />} aria-label={t('resource:actions.restore')} title={t('resource:actions.restore')} onClick={() => rowHandlers.current.restore(item)} />
            <Button size="small" appearance="subtle" icon={<DeleteDismiss20Regular />} aria-label={t('resource:actions.purge')} title={t('resource:actions.purge')} onClick={() => rowHandlers.current.purge(item)} />
          </span>
        );
      }
      const access = itemAccess?.(item) ?? { edit: canWrite, delete: canWrite };
      const hasMenu = access.edit || access.delete || (extraRowActions?.(item).length ?? 0) > 0;
      return (
        <span className={styles.rowActions}>
          {access.edit ? (
            <Button size="small" appearance="subtle" icon={<Edit16Regular />} aria-label={t('resource:actions.edit')} title={t('resource:actions.edit')} onClick={() => openEdit(item)} />
          ) : null}
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
    [view, mode, itemAccess, extraRowActions, canWrite, t, styles.rowActions, openEdit, setRowMenu],
  );

  const rowMenuItems = (item: ResourceRecord): ReactNode => {
    const access = props.itemAccess?.(item) ?? { edit: canWrite, delete: canWrite };
    return (
      <>
        {(props.rowActions?.(item) ?? []).map((action) => (
          <MenuItem key={action.key} icon={action.icon as never} onClick={action.onClick} disabled={action.disabled}>
            {action.label}
          </MenuItem>
        ))}
        {access.edit && enabledUi ? (
          <MenuItem icon={<ToggleLeft16Regular />} onClick={() => void toggleEnabled(item)}>
            {item.enabled ? t('resources:list.disable') : t('resources:list.enable')}
          </MenuItem>
        ) : null}
        {access.edit && orderable ? (
          <MenuItem icon={<ArrowUpload16Regular />} onClick={() => enterReorder(item.id)}>
            {t('resource:actions.toTop')}
          </MenuItem>
        ) : null}
        {access.delete ? (
          <MenuItem icon={<Delete16Regular />} onClick={() => void remove(item)}>
            {t('resource:actions.delete')}
          </MenuItem>
        ) : null}
      </>
    );
  };
  const hasActions = mode === 'trash' ? canWrite : canWrite || Boolean(props.rowActions) || Boolean(props.itemAccess);

  // ---------------------------------------------------------------------------------------------
  // Body

  const total = all ? sparse.total : (pagedQuery.data?.total ?? 0);
  const loading = all ? sparse.isPending : pagedQuery.isPending;
  const error = all ? sparse.error : pagedQuery.error;
  const filtered = q.trim() !== '' || activeFilterCount(resource, state) > 0;

  let body: ReactNode;
  if (mode === 'reorder') {
    body = (
      <ReorderSection
        view={view}
        scope={scope}
        initialTop={reorderTop}
        detailOf={props.reorderDetail}
        onDone={(saved) => {
          setMode('list');
          if (saved) setState((s) => ({ ...s, sort: { field: 'sortOrder', dir: 'asc' }, page: 1 }));
        }}
      />
    );
  } else if (error && !(all ? false : pagedQuery.data)) {
    body = (
      <MessageBar intent="error" className={styles.banner} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('resources:list.loadFailed')}</MessageBarTitle>
          {errorText(t, error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={() => void (all ? sparse.refetch() : pagedQuery.refetch())}>
            {t('resource:actions.reload')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  } else if (!loading && total === 0) {
    body = (
      <div className={styles.empty}>
        {mode === 'trash' ? (
          <EmptyState icon={<Delete20Regular />} title={t('resources:trash.empty')} />
        ) : filtered ? (
          <EmptyState icon={<DocumentSearch24Regular />} title={t('resources:list.noMatchesTitle')} hint={t('resources:list.noMatchesHint')} />
        ) : (
          <EmptyState
            icon={<Folder24Regular />}
            title={t('resources:list.emptyTitle')}
            hint={(props.canCreate ?? canWrite) ? t('resources:list.emptyHint', { action: props.createLabel ?? t('resource:actions.create') }) : t('resources:list.emptyReadOnly')}
          />
        )}
      </div>
    );
  } else {
    const items = pagedQuery.data?.items ?? [];
    body = (
      <ResourceTable
        className={styles.inset}
        label={t('resources:list.gridLabel', { entity })}
        columns={columns}
        widths={widths}
        sortable={sortableIds}
        count={all ? total : items.length}
        rowAt={all ? sparse.rowAt : (index) => items[index]}
        loading={loading}
        sort={state.sort}
        onSort={(field) => setState((s) => withListChange(s, { sort: nextSort(s.sort, field) }))}
        endAligned={endAligned}
        shrinkable={shrinkable}
        renderActions={hasActions ? renderActions : undefined}
        actionsWidth={mode === 'trash' || canWrite || props.itemAccess ? 88 : 56}
        actionsLabel={t('resources:list.more')}
        onOpen={onOpen}
        onDelete={mode === 'list' ? (item) => void ((props.itemAccess?.(item).delete ?? canWrite) ? remove(item) : undefined) : undefined}
        onRangeChange={all ? onRangeChange : undefined}
      />
    );
  }

  const filterCount = activeFilterCount(resource, state);
  const fetching = all ? sparse.isFetching : pagedQuery.isFetching;

  return (
    <Card className={styles.card}>
      {props.title || mode === 'trash' ? (
        <div className={styles.head}>
          <Text as="h2" size={400} weight="semibold">
            {mode === 'trash' ? t('resources:trash.title', { entity }) : props.title}
          </Text>
          {mode === 'trash' ? (
            <Text size={200} className={styles.description}>
              {t('resources:trash.hint')}
            </Text>
          ) : props.description ? (
            <Text size={200} className={styles.description}>
              {props.description}
            </Text>
          ) : null}
        </div>
      ) : null}

      {mode === 'reorder' ? null : (
        <div className={styles.toolbar} role="toolbar" aria-label={t('resources:list.gridLabel', { entity })}>
          {mode === 'trash' ? (
            <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => setMode('list')}>
              {t('resources:trash.back')}
            </Button>
          ) : null}
          {resource.searchable.length > 0 ? (
            <SearchBox
              className={styles.search}
              placeholder={t('resource:actions.search')}
              aria-label={t('resources:list.searchLabel', { entity })}
              value={searchText}
              onChange={(_, data) => {
                setSearchText(data.value);
                setState((s) => ({ ...s, page: 1 }));
              }}
            />
          ) : null}
          {resource.filters.length > 0 || enabledUi ? (
            <FilterPopover
              resource={resource}
              value={{ filters: state.filters, enabled: state.enabled ?? 'all' }}
              count={filterCount}
              optionsFor={optionsFor}
              showEnabled={enabledUi}
              onApply={(value) => setState((s) => withListChange(s, value))}
            />
          ) : null}
          <span className={styles.spacer} />
          {fetching && !loading ? <Spinner size="extra-tiny" /> : null}
          <Tooltip content={t('resources:list.refresh')} relationship="label">
            <Button appearance="subtle" icon={<ArrowClockwise20Regular />} onClick={() => void invalidate([resource.name])} />
          </Tooltip>
          <Menu
            checkedValues={{ columns: specs.filter((s) => !s.required && (chosen ? chosen.has(s.id) : s.defaultVisible)).map((s) => s.id) }}
            onCheckedValueChange={(_, data) => {
              const next = new Set(data.checkedItems);
              setChosen(next);
              try {
                window.localStorage.setItem(columnStorageKey(resource.name), JSON.stringify([...next]));
              } catch {
                // Not kept across restarts.
              }
            }}
          >
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content={t('resources:list.columnsLabel')} relationship="label">
                <Button appearance="subtle" icon={<ColumnTriple20Regular />} />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {specs
                  .filter((s) => !s.required)
                  .map((s) => (
                    <MenuItemCheckbox key={s.id} name="columns" value={s.id}>
                      {t(s.labelKey)}
                    </MenuItemCheckbox>
                  ))}
              </MenuList>
            </MenuPopover>
          </Menu>
          {mode === 'trash' ? (
            canWrite ? (
              <Button className={dangerClass} appearance="primary" icon={<Delete20Regular />} disabled={total === 0} onClick={() => void emptyTrash()}>
                {t('resource:actions.emptyTrash')}
              </Button>
            ) : null
          ) : (
            <>
              {hasTrash ? (
                <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => setMode('trash')}>
                  {t('resource:actions.trash')}
                </Button>
              ) : null}
              {orderable && canWrite ? (
                <Button appearance="subtle" icon={<ReOrderDotsVertical20Regular />} onClick={() => enterReorder()}>
                  {t('resource:actions.reorder')}
                </Button>
              ) : null}
              {(props.canCreate ?? canWrite) ? (
                <Button appearance="primary" icon={<Add20Regular />} onClick={openCreate}>
                  {props.createLabel ?? t('resource:actions.create')}
                </Button>
              ) : null}
            </>
          )}
        </div>
      )}

      {body}

      {mode !== 'reorder' && !(error && !pagedQuery.data && !all) && total > 0 ? (
        <PaginationBar
          className={styles.inset}
          page={state.page}
          pageSize={pageSize}
          total={total}
          onPage={(page) => setState((s) => ({ ...s, page }))}
          onPageSize={(size) => {
            setPageSize(size);
            setPages([1]);
            setState((s) => ({ ...s, page: 1 }));
          }}
        />
      ) : null}

      <ResourceForm
        key={form.session}
        view={view}
        scope={scope}
        open={form.open}
        mode={form.mode}
        item={form.item}
        fieldOptions={props.fieldOptions}
        fieldHints={props.fieldHints}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={props.onSaved}
      />
      {rowMenu ? (
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
            <MenuList>{rowMenuItems(rowMenu.item)}</MenuList>
          </MenuPopover>
        </Menu>
      ) : null}
      {confirmElement}
    </Card>
  );
}

/**
 * Sort-order editing (spec §4): the items in their saved order, moved by drag or buttons, saved
 * with their versions or discarded. Mounted only while editing, so leaving the page with an unsaved
 * order is caught (in-app navigation and closing the window) by the one blocker the router allows.
 */
function ReorderSection({
  view,
  scope,
  initialTop,
  detailOf,
  onDone,
}: {
  readonly view: ResourceView;
  readonly scope: ResourceScope;
  readonly initialTop: string | null;
  readonly detailOf?: (item: ResourceRecord) => ReactNode;
  readonly onDone: (saved: boolean) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource', 'errors']);
  const { confirm, element } = useConfirm();
  const invalidate = useInvalidateResources();
  const { resource } = view;
  const items = useReorderItems(resource.name, scope, true);
  const source = useMemo(() => items.data?.items ?? [], [items.data]);
  const draft = useSortOrderDraft(source, initialTop);
  const blocker = useUnsavedPrompt(draft.dirty);
  const [saving, setSaving] = useState(false);

  const discard = async () => {
    if (draft.dirty) {
      const ok = await confirm({ title: t('resources:reorder.leaveTitle'), body: t('resource:confirm.unsavedOrder'), confirmLabel: t('resource:actions.discardOrder'), cancelLabel: t('resources:reorder.stay'), danger: true });
      if (!ok) return;
      notify.message('info', t('resources:notices.orderDiscarded'));
    }
    draft.discard();
    onDone(false);
  };

  const save = async () => {
    setSaving(true);
    try {
      const payload = draft.payload();
      assertOnline();
      if (payload.length > 0) await dataProvider.reorder(resource.name, scope, payload);
      await invalidate([resource.name, ...(view.related ?? [])]);
      notify.message('success', t('resources:notices.orderSaved'));
      draft.discard();
      onDone(true);
    } catch (error) {
      notify.message('error', errorText(t, error));
      if (isAppError(error) && error.code === ErrorCode.VersionConflict) await items.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <MessageBar intent="info" layout="multiline" className={styles.grow}>
          <MessageBarBody>
            <MessageBarTitle>{t('resources:reorder.title')}</MessageBarTitle>
            {t('resources:reorder.hint')}
            {draft.dirty ? ` ${t('resources:reorder.moved', { count: draft.moved.length })}` : null}
          </MessageBarBody>
        </MessageBar>
        <Button className={styles.nowrap} icon={<Dismiss20Regular />} onClick={() => void discard()} disabled={saving}>
          {t('resource:actions.discardOrder')}
        </Button>
        <Button className={styles.nowrap} appearance="primary" icon={saving ? <Spinner size="tiny" /> : <Checkmark20Regular />} disabledFocusable={!draft.dirty || saving} onClick={() => void save()}>
          {t('resource:actions.saveOrder')}
        </Button>
      </div>
      <ReorderPanel query={items} draft={draft} nameOf={view.nameOf} detailOf={detailOf} />
      {element}
      {blocker.state === 'blocked' ? <LeavePrompt onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} /> : null}
    </>
  );
}

/** Asks before leaving the page with an unsaved sort order (spec §1). */
function LeavePrompt({ onLeave, onStay }: { readonly onLeave: () => void; readonly onStay: () => void }) {
  const { confirm, element } = useConfirm();
  const { t } = useTranslation('resources');
  useEffect(() => {
    void confirm({ title: t('reorder.leaveTitle'), body: t('reorder.leaveBody'), confirmLabel: t('reorder.leave'), cancelLabel: t('reorder.stay'), danger: true }).then((leave) =>
      leave ? onLeave() : onStay(),
    );
    // Asked once per blocked navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return element;
}
