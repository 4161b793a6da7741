import { Button, Card, createTableColumn, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, tokens } from '@fluentui/react-components';
import { Delete20Regular, DocumentSearch24Regular, Folder24Regular } from '@fluentui/react-icons';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { errorText } from '../i18n/error-text';
import { BulkActionBar, RowCheckbox, SelectAllCheckbox, useSelection, type BulkAction } from './bulk-actions';
import { ColumnPicker, useColumnChoice } from './column-picker';
import { routes, type RouteId } from '@contract/api';
import { dataProvider, listQueryKeys, routeParams, supports, type ResourceRecord, type ResourceScope } from './data-provider';
import { ExportCsvButton, exportColumns } from './export-csv-button';
import type { ChoiceOption } from './field-input';
import type { FormMode } from './form-model';
import { nextSort, withListChange } from './list-params';
import { PaginationBar } from './pagination-bar';
import { ReorderSection } from './reorder-section';
import { ResourceTable } from './resource-table';
import { ResourceToolbar } from './resource-toolbar';
import type { ResourceView } from './resource-view';
import { useRowActions, type ItemAccess, type RowAction } from './row-actions';
import { useGridColumns } from './use-grid-columns';
import { useResourceActions } from './use-resource-actions';
import { assertOnline } from '../data/api-hooks';
import { useResourceData, useResourceMode } from './use-resource-data';
import { useInvalidateResources } from './use-resource';

export type { ItemAccess, RowAction } from './row-actions';

const useStyles = makeStyles({
  card: { padding: `0 0 ${tokens.spacingVerticalS}`, gap: 0, borderRadius: tokens.borderRadiusXLarge, overflow: 'hidden' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL} 0` },
  description: { color: tokens.colorNeutralForeground3 },
  banner: { margin: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalM}` },
  inset: { marginLeft: tokens.spacingHorizontalXL, marginRight: tokens.spacingHorizontalXL },
  empty: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, margin: `0 ${tokens.spacingHorizontalXL}` },
});

/** A resource screen's props; `T` is the row type of the view (`defineView` infers it). */
export interface ResourceScreenProps<T extends ResourceRecord = ResourceRecord> {
  readonly view: ResourceView<T>;
  readonly scope: ResourceScope;
  /** Whether the operator may change this resource (contract access rules; the server decides). */
  readonly canWrite: boolean;
  /** Whether the operator may create items (default: `canWrite`). */
  readonly canCreate?: boolean;
  /** Per-item rights where they differ by item (a project: only its owner deletes it). */
  readonly itemAccess?: (item: T) => ItemAccess;
  readonly title?: string;
  readonly description?: string;
  /** Choices of fields whose options are loaded: form selects, filter options and cell labels. */
  readonly fieldOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** Shorter option labels for cells, where the form's are long. */
  readonly cellOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** Cell renderers that replace the generic one for a column. */
  readonly cells?: Readonly<Record<string, (item: T) => ReactNode>>;
  /** Actions added to a row's menu. */
  readonly rowActions?: (item: T) => readonly RowAction[];
  /** Opening a row (its name, Enter): editing by default. */
  readonly onOpen?: (item: T) => void;
  readonly onSaved?: (item: T, mode: FormMode) => void;
  /** The label of the create button (“New project”); “Create” by default. */
  readonly createLabel?: string;
  /** Hints under form fields. */
  readonly fieldHints?: Readonly<Record<string, ReactNode>>;
  /** What the reorder rows show beside the name. */
  readonly reorderDetail?: (item: T) => ReactNode;
}

/**
 * A resource's whole list screen, from its declaration, composed of its parts: the toolbar
 * (`ResourceToolbar`: search, filters, columns, trash, order editing, create), the rows of the
 * current mode (`useResourceData`: pages or all rows in one virtual scroll, or the trash), the grid
 * with its columns (`useGridColumns`, `useColumnChoice`) and row actions (`useRowActions`), the
 * actions themselves with their confirmations and the create/edit form (`useResourceActions`),
 * empty, error and loading states, and sort-order editing (`ReorderSection`).
 */
export function ResourceScreen<T extends ResourceRecord = ResourceRecord>(props: ResourceScreenProps<T>) {
  const { view, scope, canWrite } = props;
  const { resource } = view;
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource', 'validation', 'errors']);
  const invalidate = useInvalidateResources();
  const { mode, reorderTop, showList, showTrash, enterReorder } = useResourceMode();
  const data = useResourceData<T>(resource, scope, mode);
  const actions = useResourceActions<T>({ view, scope, fieldOptions: props.fieldOptions, fieldHints: props.fieldHints, onSaved: props.onSaved });
  const columnChoice = useColumnChoice(resource, view.columns);

  const entity = t(resource.labelKey);
  const orderable = resource.orderable && supports(resource.name, 'reorder');
  const enabledUi = (view.columns?.enabledColumn ?? true) && listQueryKeys(resource.name).has('enabled');
  const canCreate = props.canCreate ?? canWrite;
  const onOpen = props.onOpen ?? (canWrite && mode === 'list' ? actions.openEdit : undefined);

  const optionsFor = useCallback(
    (field: string): readonly ChoiceOption[] =>
      props.fieldOptions?.[field] ?? (resource.fields[field]?.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) })),
    [props.fieldOptions, resource.fields, t],
  );
  const grid = useGridColumns<T>({ view, shown: columnChoice.shown, optionsFor, cellOptions: props.cellOptions, cells: props.cells, onOpen });

  // Bulk actions (issue 19): enable and disable where the list has the enabled switch, delete where
  // the resource has it; each item through its own route, with its version.
  const selection = useSelection<T>(JSON.stringify([mode, scope, data.baseQuery]));
  const bulkActions: ReadonlyArray<BulkAction<T>> =
    canWrite && mode === 'list'
      ? [
          ...(enabledUi && supports(resource.name, 'update')
            ? (['enable', 'disable'] as const).map(
                (id): BulkAction<T> => ({
                  id,
                  body: t(`resource:bulk.bodies.${id}`, { count: selection.items.length }),
                  apply: (item) => (assertOnline(), dataProvider.update(resource.name, scope, item.id, { enabled: id === 'enable', version: item.version })),
                }),
              )
            : []),
          ...(supports(resource.name, 'delete')
            ? [
                {
                  id: 'delete' as const,
                  danger: true,
                  body: t(actions.hasTrash ? 'resource:bulk.bodies.delete' : 'resource:bulk.bodies.deleteNoTrash', { count: selection.items.length }),
                  apply: (item: T) => (assertOnline(), dataProvider.delete(resource.name, scope, item.id)),
                },
              ]
            : []),
        ]
      : [];
  const shownRows: T[] = [];
  if (bulkActions.length > 0) {
    for (let index = 0; index < data.count; index += 1) {
      const row = data.rowAt(index);
      if (row) shownRows.push(row);
    }
  }
  const shownKey = shownRows.map((row) => `${row.id}@${row.version}`).join(',');
  const bulk = bulkActions.length > 0;
  const columns = useMemo(
    () =>
      bulk
        ? [
            createTableColumn<ResourceRecord>({
              columnId: 'select',
              renderHeaderCell: () => <SelectAllCheckbox selection={selection} shown={shownRows} />,
              renderCell: (item) => <RowCheckbox selection={selection} item={item as T} name={view.nameOf(item as T)} />,
            }),
            ...grid.columns,
          ]
        : grid.columns,
    // shownKey stands for shownRows (the rows loaded and their versions).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bulk, grid.columns, selection, shownKey, view],
  );
  const widths = useMemo(() => (bulk ? new Map([['select', 48], ...grid.widths]) : grid.widths), [bulk, grid.widths]);
  const rows = useRowActions<T>({
    view,
    mode,
    canWrite,
    itemAccess: props.itemAccess,
    extra: props.rowActions,
    toggleable: enabledUi,
    orderable,
    onEdit: actions.openEdit,
    onDelete: (item) => void actions.remove(item),
    onToggleEnabled: (item) => void actions.toggleEnabled(item),
    onMoveToTop: (item) => enterReorder(item.id),
    onRestore: (item) => void actions.restore(item),
    onPurge: (item) => void actions.purge(item),
  });

  let body: ReactNode;
  if (mode === 'reorder') {
    body = (
      <ReorderSection
        view={view}
        scope={scope}
        initialTop={reorderTop}
        detailOf={props.reorderDetail}
        onDone={(saved) => {
          showList();
          if (saved) data.setState((s) => ({ ...s, sort: { field: 'sortOrder', dir: 'asc' }, page: 1 }));
        }}
      />
    );
  } else if (data.failed) {
    body = (
      <MessageBar intent="error" className={styles.banner} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('resources:list.loadFailed')}</MessageBarTitle>
          {errorText(t, data.error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" onClick={data.refetch}>
            {t('resource:actions.reload')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  } else if (!data.loading && data.total === 0) {
    body = (
      <div className={styles.empty}>
        {mode === 'trash' ? (
          <EmptyState icon={<Delete20Regular />} title={t('resources:trash.empty')} />
        ) : data.filtered ? (
          <EmptyState icon={<DocumentSearch24Regular />} title={t('resources:list.noMatchesTitle')} hint={t('resources:list.noMatchesHint')} />
        ) : (
          <EmptyState
            icon={<Folder24Regular />}
            title={t('resources:list.emptyTitle')}
            hint={canCreate ? t('resources:list.emptyHint', { action: props.createLabel ?? t('resource:actions.create') }) : t('resources:list.emptyReadOnly')}
          />
        )}
      </div>
    );
  } else {
    const access = (item: T) => props.itemAccess?.(item).delete ?? canWrite;
    body = (
      <ResourceTable
        className={styles.inset}
        label={t('resources:list.gridLabel', { entity })}
        columns={columns}
        widths={widths}
        sortable={grid.sortable}
        count={data.count}
        rowAt={data.rowAt}
        loading={data.loading}
        sort={data.state.sort}
        onSort={(field) => data.setState((s) => withListChange(s, { sort: nextSort(s.sort, field) }))}
        endAligned={grid.endAligned}
        shrinkable={grid.shrinkable}
        renderActions={rows.renderActions as ((item: ResourceRecord) => ReactNode) | undefined}
        actionsWidth={rows.actionsWidth}
        actionsLabel={t('resources:list.more')}
        onOpen={onOpen as ((item: ResourceRecord) => void) | undefined}
        onDelete={mode === 'list' ? (item) => void (access(item as T) ? actions.remove(item as T) : undefined) : undefined}
        onRangeChange={data.onRangeChange}
      />
    );
  }

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
        <ResourceToolbar
          resource={resource}
          trash={mode === 'trash'}
          searchText={data.searchText}
          onSearch={data.setSearchText}
          filters={{ filters: data.state.filters, enabled: data.state.enabled ?? 'all' }}
          filterCount={data.filterCount}
          optionsFor={optionsFor}
          showEnabled={enabledUi}
          onApplyFilters={(value) => data.setState((s) => withListChange(s, value))}
          fetching={data.fetching && !data.loading}
          onRefresh={() => void invalidate([resource.name])}
          columns={<ColumnPicker specs={columnChoice.specs} checked={columnChoice.checked} onChange={columnChoice.choose} />}
          exportAction={
            supports(resource.name, 'export') ? (
              <ExportCsvButton
                request={{ routeId: `${resource.name}.export` as RouteId, params: routeParams(routes[`${resource.name}.export` as RouteId].path, scope), query: data.baseQuery }}
                columns={exportColumns(resource, columnChoice.shown)}
                fileName={`${resource.wiring?.segment ?? resource.name}-${new Date().toISOString().slice(0, 10)}`}
              />
            ) : null
          }
          total={data.total}
          canWrite={canWrite}
          canCreate={canCreate}
          createLabel={props.createLabel}
          hasTrash={actions.hasTrash}
          orderable={orderable}
          onCreate={actions.openCreate}
          onShowTrash={showTrash}
          onShowList={showList}
          onReorder={() => enterReorder()}
          onEmptyTrash={() => void actions.emptyTrash()}
        />
      )}

      {bulk ? (
        <BulkActionBar className={styles.banner} selection={selection} actions={bulkActions} nameOf={(item) => view.nameOf(item)} onDone={() => invalidate([resource.name, ...(view.related ?? [])])} />
      ) : null}
      {body}

      {mode !== 'reorder' && !data.failed && data.total > 0 ? (
        <PaginationBar
          className={styles.inset}
          page={data.state.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => data.setState((s) => ({ ...s, page }))}
          onPageSize={data.setPageSize}
        />
      ) : null}

      {rows.menu}
      {actions.elements}
    </Card>
  );
}
