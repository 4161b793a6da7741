import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { Checkmark20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contract/errors';
import { isAppError } from '../bridge/app-error';
import { notify } from '../components/notices';
import { assertOnline } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { useConfirm } from './confirm-dialog';
import { dataProvider, type ResourceRecord, type ResourceScope } from './data-provider';
import { ReorderPanel, useReorderItems } from './reorder-panel';
import type { ResourceView } from './resource-view';
import { useToolbarStyles } from './resource-toolbar';
import { useInvalidateResources } from './use-resource';
import { useSortOrderDraft } from './use-sort-order-draft';
import { useUnsavedPrompt } from './use-unsaved-prompt';

const useStyles = makeStyles({
  grow: { flex: '1 1 0', minWidth: 0 },
  nowrap: { flexShrink: 0 },
});

export interface ReorderSectionProps<T extends ResourceRecord> {
  /**
   * What is ordered: the resource's routes (`<name>.list`, `<name>.reorder`), the name an item goes
   * by, and the resources to refetch after saving. A resource's view is one; any route set with the
   * same list and reorder shapes (a configuration kind with an order) is another.
   */
  readonly view: Pick<ResourceView<T>, 'nameOf' | 'related'> & { readonly resource: { readonly name: string } };
  readonly scope: ResourceScope;
  /** The item moved to the top as the editor opens (the row menu's "Move to top"). */
  readonly initialTop: string | null;
  /** What the rows show beside the name. */
  readonly detailOf?: ((item: T) => ReactNode) | undefined;
  /** The editor closes: saved, or discarded. */
  readonly onDone: (saved: boolean) => void;
}

/**
 * Sort-order editing (spec §4): the items in their saved order, moved by drag or buttons, saved
 * with their versions or discarded. Mounted only while editing, so leaving the page with an unsaved
 * order is caught (in-app navigation and closing the window) by the one blocker the router allows.
 */
export function ReorderSection<T extends ResourceRecord = ResourceRecord>({ view, scope, initialTop, detailOf, onDone }: ReorderSectionProps<T>) {
  const styles = useStyles();
  const toolbar = useToolbarStyles();
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
      <div className={toolbar.toolbar}>
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
      <ReorderPanel query={items} draft={draft} nameOf={(item) => view.nameOf(item as T)} detailOf={detailOf as ((item: ResourceRecord) => ReactNode) | undefined} />
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
