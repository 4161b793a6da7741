import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Select,
  Switch,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, ArrowUp16Regular, Delete20Regular, ArrowUndo16Regular, ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { configItemPath, newDraft, type AnyConfigKind, type ConfigItem, type OnlineStatus } from '@contract/config';
import type { FieldErrors } from '@contract/envelope';
import { fieldErrorMessage } from '@contract/field-errors';
import { notify } from '../components/notices';
import { OnlineOnly, useOnlineOnly } from '../components/offline/online-only';
import { isNotKeptOffline } from '../connectivity/not-kept';
import { isAppError } from '../bridge/app-error';
import { errorText } from '../i18n/error-text';
import { assertOnline } from '../data/api-hooks';
import { callApi } from '../bridge/call-api';
import { BulkActionBar, RowCheckbox, SelectAllCheckbox, useSelection, type BulkAction } from '../resources/bulk-actions';
import { ExportCsvButton } from '../resources/export-csv-button';
import { useInvalidateResources } from '../resources/use-resource';
import { PaginationBar } from '../resources/pagination-bar';
import { ReorderSection } from '../resources/reorder-section';
import { useConfirm } from '../resources/confirm-dialog';
import { usePendingChanges } from '../data/offline/use-offline';
import { configRoute, useConfigList, useConfigMutation, useConfigPolicy } from './config-api';
import { draftErrors } from './document-path';
import { kindColumns } from './kind-columns';
import { StatusBadges } from './status-badges';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  spacer: { flexGrow: 1 },
  name: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

const PAGE_SIZE = 20;

/** The operator's zone, the default of a new item's schedule. */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The list of a kind's items: search, status filter, the trash, create (a name is enough: the draft
 * may be completed later), and for kinds with an order, moving an item to the top.
 */
export function ConfigList({
  kind,
  projectId,
  canWrite,
  canSetPolicy,
}: {
  readonly kind: AnyConfigKind;
  readonly projectId: string;
  readonly canWrite: boolean;
  /** Whether the operator may turn approvals on or off (the project's own setting). */
  readonly canSetPolicy: boolean;
}) {
  const { t, i18n } = useTranslation(['configPages', 'config']);
  const styles = useStyles();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OnlineStatus | ''>('');
  const [trashed, setTrashed] = useState(false);
  /** Sort-order editing of a kind with an order: null, or the item put on top as it opens. */
  const [reordering, setReordering] = useState<{ readonly top: string | null } | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [createErrors, setCreateErrors] = useState<FieldErrors>({});
  const { confirm, element: confirmElement } = useConfirm();
  const { offline } = useOnlineOnly();
  const saveRoute = configRoute(kind, 'saveDraft');
  const waiting = new Set(usePendingChanges().filter((change) => change.routeId === saveRoute && change.params['projectId'] === projectId).map((change) => change.params['id']));
  /** What the list's filters select: the page's query and the export's. */
  const filters = {
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status: [status] } : {}),
    ...(trashed ? { trashed: true } : {}),
  };
  const list = useConfigList(kind, projectId, { page, pageSize, ...filters });
  const invalidate = useInvalidateResources();
  const selection = useSelection<ConfigItem>(JSON.stringify([kind.name, projectId, filters]));
  const create = useConfigMutation(kind, 'create');
  const restore = useConfigMutation(kind, 'restore');
  const purge = useConfigMutation<null>(kind, 'purge');
  const emptyTrash = useConfigMutation<{ purged: number }>(kind, 'emptyTrash');
  const policy = useConfigPolicy(kind, projectId);
  const setPolicy = useConfigMutation<unknown>(kind, 'setPolicy');
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const open = (item: ConfigItem) => navigate(configItemPath(kind, projectId, item.id));

  const submitCreate = async () => {
    setCreateErrors({});
    try {
      const item = await create.mutateAsync({ params: { projectId }, body: { draft: newDraft(kind, name.trim(), localZone()) } });
      setCreating(false);
      setName('');
      open(item);
    } catch (error) {
      if (isAppError(error) && error.fieldErrors) setCreateErrors(draftErrors(error.fieldErrors));
      else notify.message('error', errorText(t, error));
    }
  };

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.message('success', done);
    } catch (error) {
      notify.message('error', errorText(t, error));
    }
  };

  const nameError = createErrors.name ?? createErrors[''];
  const rowActions = canWrite && (trashed || kind.parts.order);
  const bulk = canWrite && !trashed;
  /** Each item through its own route with its own version (saveDraft keeps the draft, enabled changed; delete). */
  const bulkActions: ReadonlyArray<BulkAction<ConfigItem>> = (['enable', 'disable'] as const)
    .map(
      (id): BulkAction<ConfigItem> => ({
        id,
        body: `${t(`resource:bulk.bodies.${id}`, { count: selection.items.length })} ${t('resource:bulk.bodies.draft')}`,
        apply: (item) => {
          assertOnline();
          return callApi(configRoute(kind, 'saveDraft'), { params: { projectId, id: item.id }, body: { version: item.version, draft: { ...item.draft, enabled: id === 'enable' } } } as never);
        },
      }),
    )
    .concat({
      id: 'delete',
      danger: true,
      body: t(kind.parts.trash ? 'resource:bulk.bodies.delete' : 'resource:bulk.bodies.deleteNoTrash', { count: selection.items.length }),
      apply: (item) => {
        assertOnline();
        return callApi(configRoute(kind, 'delete'), { params: { projectId, id: item.id }, query: { version: item.version } } as never);
      },
    });
  return (
    <>
      <div className={styles.toolbar}>
        <SearchBox
          aria-label={t('configPages:list.search')}
          placeholder={t('configPages:list.search')}
          value={q}
          onChange={(_, data) => {
            setQ(data.value);
            setPage(1);
          }}
        />
        {!trashed ? (
          <Field label={t('configPages:list.status')}>
            <Select
              value={status}
              onChange={(_, data) => {
                setStatus(data.value as OnlineStatus | '');
                setPage(1);
              }}
            >
              <option value="">{t('configPages:list.allStatuses')}</option>
              {(['unpublished', 'preview', 'official'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`config:common.status.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <span className={styles.spacer} />
        <OnlineOnly>
          <ExportCsvButton request={{ routeId: configRoute(kind, 'export'), params: { projectId }, query: filters }} fileName={`${kind.segment}-${new Date().toISOString().slice(0, 10)}`} />
        </OnlineOnly>
        {policy.data ? (
          <Switch
            label={t('configPages:list.approvals')}
            checked={policy.data.requiresApproval}
            disabled={!canSetPolicy || setPolicy.isPending || offline}
            onChange={(_, data) =>
              void act(
                () => setPolicy.mutateAsync({ params: { projectId }, body: { requiresApproval: data.checked, version: policy.data?.version ?? 1 } }),
                data.checked ? t('configPages:list.approvalsOn') : t('configPages:list.approvalsOff'),
              )
            }
          />
        ) : null}
        {kind.parts.trash ? (
          <Button
            icon={trashed ? <ArrowUndo16Regular /> : <Delete20Regular />}
            onClick={() => {
              setTrashed(!trashed);
              setPage(1);
            }}
          >
            {trashed ? t('configPages:list.backToList') : t('configPages:list.trash')}
          </Button>
        ) : null}
        {canWrite && trashed && items.length > 0 ? (
          <OnlineOnly>
            <Button
              appearance="subtle"
              onClick={async () => {
                if (await confirm({ title: t('configPages:list.emptyTrashTitle'), body: t('configPages:list.emptyTrashBody', { count: total }), confirmLabel: t('configPages:list.emptyTrashAction'), danger: true })) {
                  await act(() => emptyTrash.mutateAsync({ params: { projectId } }), t('configPages:list.trashEmptied'));
                }
              }}
            >
              {t('configPages:list.emptyTrashAction')}
            </Button>
          </OnlineOnly>
        ) : null}
        {canWrite && !trashed && kind.parts.order ? (
          <OnlineOnly>
            <Button icon={<ReOrderDotsVertical20Regular />} disabled={reordering !== null} onClick={() => setReordering({ top: null })}>
              {t('config:common.actions.reorder')}
            </Button>
          </OnlineOnly>
        ) : null}
        {canWrite && !trashed ? (
          <OnlineOnly>
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => setCreating(true)}>
              {t(`config:${kind.name}.create`)}
            </Button>
          </OnlineOnly>
        ) : null}
      </div>
      {bulk && !reordering ? <BulkActionBar selection={selection} actions={bulkActions} nameOf={(item) => item.name || t('configPages:untitled')} onDone={() => invalidate([kind.name, 'configRecords'])} /> : null}
      {reordering ? (
        <ReorderSection
          view={{ resource: { name: kind.name }, nameOf: (item) => String(item.name) }}
          scope={{ projectId }}
          initialTop={reordering.top}
          onDone={() => setReordering(null)}
        />
      ) : null}
      {!reordering && list.isError ? (
        <MessageBar intent={isNotKeptOffline(list.error) ? 'info' : 'error'}>
          <MessageBarBody>{errorText(t, list.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!reordering && list.isPending ? <Spinner label={t('configPages:loading')} /> : null}
      {!reordering && !list.isPending && !list.isError && items.length === 0 ? <Text className={styles.muted}>{trashed ? t('configPages:list.emptyTrash') : t('configPages:list.empty')}</Text> : null}
      {!reordering && items.length > 0 ? (
        <Table aria-label={t(`config:${kind.name}.plural`)}>
          <TableHeader>
            <TableRow>
              {bulk ? (
                <TableHeaderCell>
                  <SelectAllCheckbox selection={selection} shown={items} />
                </TableHeaderCell>
              ) : null}
              <TableHeaderCell>{t('config:common.fields.name')}</TableHeaderCell>
              {Object.entries(kind.meta)
                .filter(([, meta]) => meta.list)
                .map(([key, meta]) => (
                  <TableHeaderCell key={key}>{t(meta.labelKey)}</TableHeaderCell>
                ))}
              {(kindColumns[kind.name] ?? []).map((column) => (
                <TableHeaderCell key={column.id}>{t(column.labelKey)}</TableHeaderCell>
              ))}
              <TableHeaderCell>{t('configPages:list.status')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:list.updated')}</TableHeaderCell>
              {rowActions ? <TableHeaderCell>{t('configPages:list.actions')}</TableHeaderCell> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item, index) => (
              <TableRow key={item.id}>
                {bulk ? (
                  <TableCell>
                    <RowCheckbox selection={selection} item={item} name={item.name || t('configPages:untitled')} />
                  </TableCell>
                ) : null}
                <TableCell>
                  {trashed ? (
                    <Text className={styles.name}>{item.name || t('configPages:untitled')}</Text>
                  ) : (
                    <Link
                      className={styles.name}
                      href={configItemPath(kind, projectId, item.id)}
                      onClick={(event) => {
                        event.preventDefault();
                        open(item);
                      }}
                    >
                      {item.name || t('configPages:untitled')}
                    </Link>
                  )}
                  {waiting.has(item.id) ? (
                    <>
                      {' '}
                      <Badge appearance="tint" color="informative">
                        {t('offline:editor.waitingTitle')}
                      </Badge>
                    </>
                  ) : null}
                </TableCell>
                {Object.entries(kind.meta)
                  .filter(([, meta]) => meta.list)
                  .map(([key, meta]) => (
                    <TableCell key={key}>{cellText(item.draft[key], meta.options, t)}</TableCell>
                  ))}
                {(kindColumns[kind.name] ?? []).map((column) => (
                  <TableCell key={column.id}>
                    <column.cell projectId={projectId} item={item} items={items} />
                  </TableCell>
                ))}
                <TableCell>
                  <StatusBadges item={item} />
                </TableCell>
                <TableCell>
                  {format.format(new Date(item.updatedAt))}
                  {item.updatedBy ? <Text className={styles.muted}> · {item.updatedBy.name}</Text> : null}
                </TableCell>
                {rowActions ? (
                  <TableCell>
                    {trashed ? (
                      <>
                        <OnlineOnly>
                          <Button size="small" onClick={() => void act(() => restore.mutateAsync({ params: { projectId, id: item.id }, query: { version: item.version } }), t('configPages:list.restored'))}>
                            {t('config:common.actions.restore')}
                          </Button>
                        </OnlineOnly>{' '}
                        <OnlineOnly>
                          <Button
                            size="small"
                            appearance="subtle"
                            onClick={async () => {
                              if (await confirm({ title: t('configPages:list.purgeTitle', { name: item.name }), body: t('configPages:list.purgeBody'), confirmLabel: t('config:common.actions.purge'), danger: true })) {
                                await act(() => purge.mutateAsync({ params: { projectId, id: item.id }, query: { version: item.version } }), t('configPages:list.purged'));
                              }
                            }}
                          >
                            {t('config:common.actions.purge')}
                          </Button>
                        </OnlineOnly>
                      </>
                    ) : kind.parts.order && (index > 0 || page > 1) ? (
                      <OnlineOnly>
                        <Button size="small" icon={<ArrowUp16Regular />} onClick={() => setReordering({ top: item.id })}>
                          {t('configPages:list.toTop')}
                        </Button>
                      </OnlineOnly>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {!reordering && total > 0 ? <PaginationBar page={page} pageSize={pageSize} total={total} allowAll={false} onPage={setPage} onPageSize={(size) => (setPageSize(typeof size === 'number' ? size : PAGE_SIZE), setPage(1))} /> : null}

      <Dialog open={creating} onOpenChange={(_, data) => setCreating(data.open)}>
        <DialogSurface>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submitCreate();
            }}
          >
            <DialogBody>
              <DialogTitle>{t(`config:${kind.name}.create`)}</DialogTitle>
              <DialogContent>
                <Field label={t('config:common.fields.name')} required validationMessage={nameError ? fieldErrorMessage(nameError, t) : undefined} hint={t('configPages:list.createHint')}>
                  <Input value={name} onChange={(_, data) => setName(data.value)} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setCreating(false)}>{t('configPages:cancel')}</Button>
                <Button appearance="primary" type="submit" disabled={create.isPending}>
                  {t('config:common.actions.create')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {confirmElement}
    </>
  );
}

/** A list cell of a document field: option labels, lists joined, switches as yes/no. */
function cellText(value: unknown, options: ReadonlyArray<{ value: string; labelKey: string }> | undefined, t: (key: string) => string): string {
  const one = (v: unknown) => {
    const option = options?.find((o) => o.value === v);
    if (option) return t(option.labelKey);
    if (typeof v === 'boolean') return t(v ? 'configPages:yes' : 'configPages:no');
    return v === undefined || v === null ? '' : String(v);
  };
  if (Array.isArray(value)) return value.map(one).join(', ');
  return one(value);
}
