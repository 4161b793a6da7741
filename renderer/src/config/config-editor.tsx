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
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeft16Regular } from '@fluentui/react-icons';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { configItemPath, draftProblems, type AnyConfigKind, type ConfigItem, type ConfigRevision, type Environment } from '@contract/config';
import type { FieldErrors } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { fieldErrorMessage } from '@contract/field-errors';
import { notify } from '../components/notices';
import { isAppError } from '../bridge/app-error';
import { errorText } from '../i18n/error-text';
import { useConfirm } from '../resources/confirm-dialog';
import { useUnsavedPrompt } from '../resources/use-unsaved-prompt';
import { AudienceCheck } from './audience-check';
import { ScheduleSection, TargetingSection } from './common-parts';
import { configRoute, useConfigItem, useConfigMutation, useConfigRevisions } from './config-api';
import { DocumentDiff } from './document-diff';
import { revisionActions } from './revision-actions';
import { DocumentFields, type DocumentFieldContext } from './document-fields';
import { draftErrors } from './document-path';
import { StatusBadges } from './status-badges';
import { callApi } from '../bridge/call-api';
import { kindPreviews, kindTabs } from './kind-previews';
import { OnlineOnly } from '../components/offline/online-only';
import { isNotKeptOffline } from '../connectivity/not-kept';
import { useConnectivity } from '../connectivity/use-connectivity';
import { useOfflineData, usePendingChange } from '../data/offline/use-offline';
import { PendingDraftNotice } from './pending-draft-notice';

const useStyles = makeStyles({
  back: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})`, marginBottom: tokens.spacingVerticalS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalS },
  title: { flexGrow: 1, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalXXL, alignItems: 'start' },
  withPreview: { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  preview: { position: 'sticky', top: tokens.spacingVerticalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'center' },
  banner: { marginBottom: tokens.spacingVerticalM },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  tabs: { marginBottom: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  compare: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The editor's own tabs, or one of the kind's (kind-previews.tsx `kindTabs`) by its id. */
type TabId = 'edit' | 'changes' | 'history' | (string & {});

/** Problems the server found that the console cannot (references to SKUs, region groups, lists). */
function referenceProblems(problems: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(problems).filter(([, error]) => /Missing$/.test(error.key)));
}

/**
 * The editor of one configuration item: its draft (saved with its problems), the life cycle
 * (publish to preview, promote to official, take off the air, approve), what changed against what is
 * live, and its history with rollback. A stale save keeps what was typed and shows both versions.
 *
 * Offline (issue 14) a save keeps the draft on this computer as a change waiting to be sent, with
 * the version it was based on; the editor then shows that draft, and a change stopped by a newer
 * version opens the same conflict view. Publishing and the other actions others see wait online.
 */
export function ConfigEditor({ kind, projectId, id, canWrite }: { readonly kind: AnyConfigKind; readonly projectId: string; readonly id: string; readonly canWrite: boolean }) {
  const { t } = useTranslation(['configPages', 'config', 'errors', 'validation']);
  const styles = useStyles();
  const navigate = useNavigate();
  const item = useConfigItem(kind, projectId, id);
  const saveRoute = configRoute(kind, 'saveDraft');
  const pending = usePendingChange(saveRoute, { projectId, id });
  const offlineData = useOfflineData();
  const { online } = useConnectivity();
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [base, setBase] = useState<ConfigItem | null>(null);
  const [refusal, setRefusal] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<ConfigItem | null>(null);
  const [tab, setTab] = useState<TabId>('edit');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [note, setNote] = useState('');
  const { confirm, element: confirmElement } = useConfirm();

  // A newer item from the server (first load, a refetch after another screen's change) becomes the
  // base only while nothing is typed: with unsaved edits the base stays at the version they were
  // made on, so saving them meets the conflict view instead of overwriting the newer version.
  // A draft waiting to be sent is what the editor shows, as saved (issue 14); the server's newer item
  // is not taken over it: the change itself meets that version when it is sent.
  const edited = draft !== null && base !== null && JSON.stringify(draft) !== JSON.stringify(base.draft);
  if (item.data && (base === null || (item.data.version > base.version && !conflict && !edited && !pending))) {
    const waitingDraft = pending ? (pending.body['draft'] as Record<string, unknown>) : null;
    setDraft(waitingDraft ?? item.data.draft);
    setBase(waitingDraft ? { ...item.data, draft: waitingDraft } : item.data);
  }
  if (pending?.status === 'conflict' && pending.theirs && !conflict) setConflict(pending.theirs as ConfigItem);

  const save = useConfigMutation(kind, 'saveDraft');
  const publish = useConfigMutation(kind, 'publish');
  const promote = useConfigMutation(kind, 'promote');
  const unpublish = useConfigMutation(kind, 'unpublish');
  const approve = useConfigMutation(kind, 'approve');
  const remove = useConfigMutation<{ trashed: boolean }>(kind, 'delete');
  const rollback = useConfigMutation(kind, 'rollback');

  const dirty = draft !== null && base !== null && JSON.stringify(draft) !== JSON.stringify(base.draft);
  const blocker = useUnsavedPrompt(dirty);
  const problems = useMemo<FieldErrors>(() => (draft ? { ...referenceProblems(base?.problems ?? {}), ...draftProblems(kind, draft), ...refusal } : {}), [draft, base, kind, refusal]);
  const problemCount = Object.keys(problems).length;

  if (item.isError) {
    return (
      <MessageBar intent={isNotKeptOffline(item.error) ? 'info' : 'error'}>
        <MessageBarBody>{errorText(t, item.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!base || !draft) return <Spinner label={t('configPages:loading')} />;

  /**
   * Runs one change. A stale version (108007) on a save, or with unsaved edits, opens the conflict
   * view with both versions; on any other action (publish, promote, ...) the newer item is taken,
   * since nothing typed is at stake, and the operator is told to check it and try again.
   */
  const run = async <T,>(action: () => Promise<T>, done?: string, isSave = false): Promise<T | undefined> => {
    setBusy(true);
    setRefusal({});
    try {
      const result = await action();
      if (done) notify.message('success', done);
      return result;
    } catch (error) {
      if (isAppError(error) && error.code === ErrorCode.VersionConflict) {
        try {
          const theirs = (await callApi(configRoute(kind, 'get'), { params: { projectId, id } } as never)) as ConfigItem;
          // Anything typed is at stake on a save, or whenever the draft has unsaved edits: both
          // versions are shown. Otherwise the newer item simply replaces the shown one.
          if (isSave || dirty) setConflict(theirs);
          else {
            setBase(theirs);
            setDraft(theirs.draft);
            notify.message('warning', t('configPages:editor.changedMeanwhile', { name: theirs.updatedBy?.name ?? '' }));
          }
        } catch (reloadError) {
          notify.message('error', errorText(t, reloadError));
        }
      } else {
        if (isAppError(error) && error.fieldErrors) setRefusal(draftErrors(error.fieldErrors));
        notify.message('error', errorText(t, error));
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const params = { projectId, id };
  const adopt = (next: ConfigItem | undefined, keepDraft = false) => {
    if (!next) return;
    setBase(next);
    if (!keepDraft) setDraft(next.draft);
  };
  const onSave = async () => {
    // Offline, or while a change of this item still waits, the draft waits to be sent (in order,
    // with the version it was based on), and is sent at once if the way is open.
    if (offlineData && (!online || pending)) {
      const name = typeof draft['name'] === 'string' && draft['name'] !== '' ? draft['name'] : base.name;
      await offlineData.changes.save({ routeId: saveRoute, params, body: { version: base.version, draft }, label: name });
      setBase({ ...base, draft });
      notify.message('info', t('offline:editor.savedLocally'));
      if (online) void offlineData.changes.flush();
      return;
    }
    adopt(await run(() => save.mutateAsync({ params, body: { version: base.version, draft } }), t('configPages:editor.saved'), true));
  };
  const discardPending = async () => {
    if (!pending || !offlineData) return;
    const ok = await confirm({ title: t('offline:pending.discardTitle'), body: t('offline:pending.discardBody', { name: pending.label }), confirmLabel: t('offline:pending.discard'), danger: true });
    if (!ok) return;
    await offlineData.changes.discard(pending.id);
    if (item.data) {
      setBase(item.data);
      setDraft(item.data.draft);
    }
  };
  // The conflict view's choices for a change that waited: "keep mine" sends it again over the newer
  // version (the operator decided), "take theirs" drops it.
  const resolvePendingConflict = async (keepMine: boolean, theirs: ConfigItem) => {
    if (!pending || !offlineData) return;
    if (keepMine) {
      await offlineData.changes.rebase(pending.id, theirs.version);
      setBase({ ...theirs, draft });
      if (online) void offlineData.changes.flush();
    } else {
      await offlineData.changes.discard(pending.id);
      adopt(theirs);
    }
    setConflict(null);
  };

  const context: DocumentFieldContext = {
    document: draft,
    onChange: setDraft,
    problems,
    projectId,
    // Nothing is typed while a change is under way: its answer replaces the draft.
    disabled: !canWrite || base.deletedAt !== null || busy,
    onBusyChange: setUploading,
  };
  const Preview: ComponentType<{ readonly draft: Record<string, unknown> }> | undefined = kindPreviews[kind.name];
  const aside = Preview !== undefined || kind.parts.schedule || kind.parts.targeting;
  // A draft still waiting to be sent is not the server's yet: nothing is published from it.
  const canPublish = canWrite && !dirty && !pending && base.changed && problemCount === 0 && (!base.approvalRequired || base.approval !== null);
  const canPromote = canWrite && !dirty && !pending && base.previewRevision !== null && base.previewRevision !== base.officialRevision;
  const canApprove = canWrite && !dirty && !pending && base.approvalRequired && base.approval === null && base.changed && problemCount === 0;

  return (
    <>
      <Button className={styles.back} appearance="subtle" size="small" icon={<ArrowLeft16Regular />} onClick={() => navigate(configItemPath(kind, projectId))}>
        {t('configPages:editor.back', { kind: t(`config:${kind.name}.plural`) })}
      </Button>
      <div className={styles.head}>
        <Text as="h1" size={700} weight="semibold" className={styles.title} truncate wrap={false}>
          {base.name || t('configPages:untitled')}
        </Text>
        <StatusBadges item={base} />
        {dirty ? (
          <Badge appearance="outline" color="warning">
            {t('configPages:editor.unsaved')}
          </Badge>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!canWrite || !dirty || busy || uploading} onClick={() => void onSave()}>
          {t('configPages:editor.saveDraft')}
        </Button>
        {base.approvalRequired ? (
          <OnlineOnly>
            <Button disabled={!canApprove || busy} onClick={() => void run(() => approve.mutateAsync({ params, body: { version: base.version } }), t('configPages:editor.approved')).then((next) => adopt(next))}>
              {t('config:common.actions.approve')}
            </Button>
          </OnlineOnly>
        ) : null}
        <OnlineOnly>
          <Button disabled={!canPublish || busy} onClick={() => setPublishing(true)}>
            {t('config:common.actions.publish')}
          </Button>
        </OnlineOnly>
        <OnlineOnly>
          <Button disabled={!canPromote || busy} onClick={() => void run(() => promote.mutateAsync({ params, body: { version: base.version } }), t('configPages:editor.promoted')).then((next) => adopt(next))}>
            {t('config:common.actions.promote')}
          </Button>
        </OnlineOnly>
        <OnlineOnly>
          <Button
            disabled={!canWrite || base.status === 'unpublished' || busy}
            onClick={async () => {
              const ok = await confirm({ title: t('configPages:editor.unpublishTitle', { name: base.name }), body: t('configPages:editor.unpublishBody'), confirmLabel: t('config:common.actions.unpublish'), danger: true });
              if (ok) adopt(await run(() => unpublish.mutateAsync({ params, body: { version: base.version } }), t('configPages:editor.unpublished')));
            }}
          >
            {t('config:common.actions.unpublish')}
          </Button>
        </OnlineOnly>
        <OnlineOnly>
          <Button
            appearance="subtle"
            disabled={!canWrite || base.status !== 'unpublished' || busy || base.deletedAt !== null}
            onClick={async () => {
              const ok = await confirm({ title: t('configPages:list.deleteTitle', { name: base.name }), body: t('configPages:list.deleteBody'), confirmLabel: t('config:common.actions.delete'), danger: true });
              if (ok && (await run(() => remove.mutateAsync({ params, query: { version: base.version } }), t('configPages:list.deleted')))) navigate(configItemPath(kind, projectId));
            }}
          >
            {t('config:common.actions.delete')}
          </Button>
        </OnlineOnly>
        {busy ? <Spinner size="tiny" aria-label={t('configPages:working')} /> : null}
      </div>

      {conflict ? (
        <MessageBar intent="warning" className={styles.banner}>
          <MessageBarBody>
            <MessageBarTitle>{t('configPages:editor.conflictTitle')}</MessageBarTitle>
            {t('configPages:editor.conflictBody', { name: conflict.updatedBy?.name ?? '' })}
            <DocumentDiff kind={kind} before={conflict.draft} after={draft} beforeLabel={t('configPages:editor.theirs')} afterLabel={t('configPages:editor.mine')} />
          </MessageBarBody>
          <MessageBarActions>
            <Button
              onClick={() => {
                if (pending?.status === 'conflict') return void resolvePendingConflict(true, conflict);
                adopt(conflict, true);
                setConflict(null);
              }}
            >
              {t('configPages:editor.keepMine')}
            </Button>
            <Button
              onClick={() => {
                if (pending?.status === 'conflict') return void resolvePendingConflict(false, conflict);
                adopt(conflict);
                setConflict(null);
              }}
            >
              {t('configPages:editor.takeTheirs')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {pending ? (
        <PendingDraftNotice
          change={pending}
          onDiscard={() => void discardPending()}
          onRetry={() => {
            void offlineData?.changes.retry(pending.id).then(() => (online ? offlineData.changes.flush() : undefined));
          }}
        />
      ) : null}
      {problemCount > 0 ? (
        <MessageBar intent="info" className={styles.banner}>
          <MessageBarBody>
            <MessageBarTitle>{t('configPages:editor.problems', { count: problemCount })}</MessageBarTitle>
            {t('configPages:editor.problemsBody')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {blocker.state === 'blocked' ? (
        <MessageBar intent="warning" className={styles.banner}>
          <MessageBarBody>{t('configPages:editor.leaveUnsaved')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => blocker.proceed?.()}>{t('configPages:editor.leave')}</Button>
            <Button appearance="primary" onClick={() => blocker.reset?.()}>
              {t('configPages:editor.stay')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}

      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabId)}>
        <Tab value="edit">{t('configPages:editor.tabs.edit')}</Tab>
        <Tab value="changes">{t('configPages:editor.tabs.changes')}</Tab>
        <Tab value="history">{t('configPages:editor.tabs.history')}</Tab>
        {(kindTabs[kind.name] ?? []).map((extra) => (
          <Tab key={extra.id} value={extra.id}>
            {t(extra.labelKey)}
          </Tab>
        ))}
      </TabList>

      {tab === 'edit' ? (
        <div className={`${styles.body} ${aside ? styles.withPreview : ''}`}>
          <div className={styles.form}>
            <DocumentFields meta={{ name: kind.documentMeta.name as never, enabled: kind.documentMeta.enabled as never }} path={[]} context={context} />
            {kind.parts.schedule ? <ScheduleSection context={context} /> : null}
            {kind.parts.targeting ? <TargetingSection context={context} /> : null}
            <DocumentFields meta={kind.meta} path={[]} context={context} />
          </div>
          {aside ? (
            <div className={styles.preview}>
              {Preview ? <Preview draft={draft} /> : null}
              {kind.parts.schedule || kind.parts.targeting ? <AudienceCheck kind={kind} projectId={projectId} draft={draft} /> : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {tab === 'changes' ? <LiveChanges kind={kind} projectId={projectId} item={base} draft={draft} /> : null}
      {(kindTabs[kind.name] ?? [])
        .filter((extra) => extra.id === tab)
        .map(({ id: extraId, component: Extra }) => (
          <Extra key={extraId} projectId={projectId} item={base} />
        ))}
      {tab === 'history' ? (
        <History
          kind={kind}
          projectId={projectId}
          item={base}
          draft={draft}
          canWrite={canWrite && !dirty}
          onRollback={async (revision, environment) => {
            const ok = await confirm({
              title: t('configPages:history.rollbackTitle', { number: revision.number }),
              body: t(environment === 'official' ? 'configPages:history.rollbackOfficial' : 'configPages:history.rollbackPreview', { number: revision.number }),
              confirmLabel: t('config:common.actions.rollback'),
              danger: environment === 'official',
            });
            if (ok) adopt(await run(() => rollback.mutateAsync({ params, body: { version: base.version, revision: revision.number, environment } }), t('configPages:history.rolledBack')));
          }}
        />
      ) : null}

      <Dialog open={publishing} onOpenChange={(_, data) => setPublishing(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('configPages:editor.publishTitle', { name: base.name })}</DialogTitle>
            <DialogContent>
              <Text>{t('configPages:editor.publishBody')}</Text>
              <Field label={t('configPages:editor.note')} hint={t('configPages:editor.noteHint')}>
                <Textarea value={note} maxLength={500} onChange={(_, data) => setNote(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPublishing(false)}>{t('configPages:cancel')}</Button>
              <Button
                appearance="primary"
                disabled={busy}
                onClick={async () => {
                  const next = await run(() => publish.mutateAsync({ params, body: { version: base.version, ...(note.trim() ? { note: note.trim() } : {}) } }), t('configPages:editor.published'));
                  if (next) {
                    setPublishing(false);
                    setNote('');
                    adopt(next);
                  }
                }}
              >
                {t('config:common.actions.publish')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {confirmElement}
      {Object.keys(refusal).length > 0 ? (
        <ul className={styles.problems} aria-label={t('configPages:editor.refusal')}>
          {Object.entries(refusal).map(([path, error]) => (
            <li key={path}>
              <Text className={styles.muted}>{path}: </Text>
              {fieldErrorMessage(error, t)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The draft against what is live in each environment. */
function LiveChanges({ kind, projectId, item, draft }: { readonly kind: AnyConfigKind; readonly projectId: string; readonly item: ConfigItem; readonly draft: Record<string, unknown> }) {
  const { t } = useTranslation(['configPages', 'config']);
  const revisions = useConfigRevisions(kind, projectId, item.id);
  const [environment, setEnvironment] = useState<Environment>(item.officialRevision !== null ? 'official' : 'preview');
  if (revisions.isPending) return <Spinner label={t('configPages:loading')} />;
  const number = environment === 'official' ? item.officialRevision : item.previewRevision;
  const live = revisions.data?.items.find((revision) => revision.number === number) ?? null;
  return (
    <>
      <Field label={t('configPages:changes.compareWith')}>
        <Select value={environment} onChange={(_, data) => setEnvironment(data.value as Environment)}>
          <option value="official">{t('config:common.environments.official')}</option>
          <option value="preview">{t('config:common.environments.preview')}</option>
        </Select>
      </Field>
      {live === null ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('configPages:changes.nothingLive')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DocumentDiff
        kind={kind}
        before={live?.document ?? null}
        after={draft}
        beforeLabel={live ? t('configPages:history.revision', { number: live.number }) : t('configPages:changes.nothing')}
        afterLabel={t('configPages:changes.draft')}
      />
    </>
  );
}

/** Every revision, newest first, with a diff of any two and rollback. */
function History({
  kind,
  projectId,
  item,
  draft,
  canWrite,
  onRollback,
}: {
  readonly kind: AnyConfigKind;
  readonly projectId: string;
  readonly item: ConfigItem;
  readonly draft: Record<string, unknown>;
  readonly canWrite: boolean;
  readonly onRollback: (revision: ConfigRevision, environment: Environment) => Promise<void>;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['configPages', 'config']);
  const revisions = useConfigRevisions(kind, projectId, item.id);
  const items = revisions.data?.items ?? [];
  const [left, setLeft] = useState<string>('');
  const [right, setRight] = useState<string>('draft');
  if (revisions.isPending) return <Spinner label={t('configPages:loading')} />;
  if (items.length === 0) return <Text>{t('configPages:history.empty')}</Text>;
  const documentOf = (key: string) => (key === 'draft' ? draft : (items.find((r) => String(r.number) === key)?.document ?? null));
  const labelOf = (key: string) => (key === 'draft' ? t('configPages:changes.draft') : t('configPages:history.revision', { number: key }));
  const leftKey = left === '' ? String(items[0]?.number ?? '') : left;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Table aria-label={t('configPages:history.title')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('configPages:history.number')}</TableHeaderCell>
            <TableHeaderCell>{t('configPages:history.published')}</TableHeaderCell>
            <TableHeaderCell>{t('configPages:history.by')}</TableHeaderCell>
            <TableHeaderCell>{t('configPages:history.note')}</TableHeaderCell>
            <TableHeaderCell>{t('configPages:history.live')}</TableHeaderCell>
            <TableHeaderCell>{t('configPages:history.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((revision) => (
            <TableRow key={revision.number}>
              <TableCell>
                {t('configPages:history.revision', { number: revision.number })}
                {revision.restoredFrom ? ` · ${t('configPages:history.restoredFrom', { number: revision.restoredFrom })}` : ''}
              </TableCell>
              <TableCell>{format.format(new Date(revision.publishedAt))}</TableCell>
              <TableCell>
                {revision.publishedBy?.name ?? t('configPages:history.someone')}
                {revision.approvedBy ? ` · ${t('configPages:history.approvedBy', { name: revision.approvedBy.name })}` : ''}
              </TableCell>
              <TableCell>{revision.note ?? ''}</TableCell>
              <TableCell>
                {revision.environments.map((environment) => (
                  <Badge key={environment} appearance="tint" color={environment === 'official' ? 'success' : 'informative'}>
                    {t(`config:common.environments.${environment}`)}
                  </Badge>
                ))}
              </TableCell>
              <TableCell>
                {revisionActions(revision).rollback ? (
                  <OnlineOnly>
                    <Button size="small" disabled={!canWrite} onClick={() => void onRollback(revision, 'official')}>
                      {t('configPages:history.rollbackTo', { number: revision.number })}
                    </Button>
                  </OnlineOnly>
                ) : null}{' '}
                {revisionActions(revision).previewAgain ? (
                  <OnlineOnly>
                    <Button size="small" appearance="subtle" disabled={!canWrite} onClick={() => void onRollback(revision, 'preview')}>
                      {t('configPages:history.previewAgain')}
                    </Button>
                  </OnlineOnly>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Field label={t('configPages:history.compare')}>
        <div className={styles.compare}>
          <Select aria-label={t('configPages:history.from')} value={leftKey} onChange={(_, data) => setLeft(data.value)}>
            {items.map((revision) => (
              <option key={revision.number} value={String(revision.number)}>
                {labelOf(String(revision.number))}
              </option>
            ))}
          </Select>
          <Select aria-label={t('configPages:history.to')} value={right} onChange={(_, data) => setRight(data.value)}>
            <option value="draft">{labelOf('draft')}</option>
            {items.map((revision) => (
              <option key={revision.number} value={String(revision.number)}>
                {labelOf(String(revision.number))}
              </option>
            ))}
          </Select>
        </div>
      </Field>
      <DocumentDiff kind={kind} before={documentOf(leftKey)} after={documentOf(right)} beforeLabel={labelOf(leftKey)} afterLabel={labelOf(right)} />
    </>
  );
}
