import { Button, makeStyles, mergeClasses, MessageBar, MessageBarBody, Skeleton, SkeletonItem, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDown16Regular, ArrowUp16Regular, ArrowUpload16Regular, ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../bridge/app-error';
import { errorText } from '../i18n/error-text';
import { dataProvider, loadAll, reorderLimit, type ResourceRecord, type ResourceScope } from './data-provider';
import { resourceKeys } from './resource-keys';
import type { useSortOrderDraft } from './use-sort-order-draft';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: `0 ${tokens.spacingHorizontalXL}`,
    padding: 0,
    maxHeight: 'max(360px, calc(100vh - 380px))',
    overflowY: 'auto',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  warning: { margin: `0 ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalM}` },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  moved: { backgroundColor: tokens.colorBrandBackground2 },
  dragging: { opacity: 0.5 },
  over: { boxShadow: `inset 0 2px 0 ${tokens.colorCompoundBrandStroke}` },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3, minWidth: '32px' },
  position: { width: '40px', textAlign: 'end', color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  detail: { minWidth: 0, color: tokens.colorNeutralForeground2, display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  live: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
});

/** The items a reorder works on: every item up to the contract's limit, in the saved order. */
export function useReorderItems(resource: string, scope: ResourceScope, enabled: boolean) {
  const query = { sort: 'sortOrder:asc' };
  return useQuery<{ items: ResourceRecord[]; total: number }, AppError>({
    queryKey: [...resourceKeys.all(resource), 'reorder', scope.projectId ?? null],
    queryFn: () => loadAll(dataProvider, resource, scope, query, reorderLimit),
    enabled,
    staleTime: 0,
  });
}

/**
 * The rows of sort-order editing: a drag handle (drag, or arrow keys on the focused handle), the
 * position, the item's name and a detail, move up / down and to-top buttons. Moved rows are marked;
 * nothing is saved until the operator confirms above.
 */
export function ReorderPanel({
  query,
  draft,
  nameOf,
  detailOf,
}: {
  readonly query: ReturnType<typeof useReorderItems>;
  readonly draft: ReturnType<typeof useSortOrderDraft>;
  readonly nameOf: (item: ResourceRecord) => string;
  readonly detailOf?: (item: ResourceRecord) => ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'errors']);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusId = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusId.current) return;
    const handle = listRef.current?.querySelector<HTMLElement>(`[data-handle-id="${focusId.current}"]`);
    handle?.focus();
    focusId.current = null;
  });

  if (query.isPending) {
    return (
      <Skeleton className={styles.skeleton} aria-label={t('list.loadingRow')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <SkeletonItem key={i} size={32} />
        ))}
      </Skeleton>
    );
  }
  if (query.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(t, query.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  const byId = new Map(query.data.items.map((item) => [item.id, item]));
  const movedSet = new Set(draft.moved);

  const announce = (name: string, position: number) => setAnnouncement(t('reorder.keyboardMoved', { name, position }));

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, id: string, index: number) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const delta = event.key === 'ArrowUp' ? -1 : 1;
    if (index + delta < 0 || index + delta >= draft.ids.length) return;
    draft.moveBy(id, delta);
    focusId.current = id;
    announce(nameOf(byId.get(id) as ResourceRecord), index + delta + 1);
  };

  return (
    <>
      {query.data.total > reorderLimit ? (
        <MessageBar intent="warning" className={styles.warning}>
          <MessageBarBody>{t('reorder.tooMany', { count: reorderLimit })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <ol ref={listRef} className={styles.list} aria-label={t('reorder.title')}>
        {draft.ids.map((id, index) => {
          const item = byId.get(id);
          if (!item) return null;
          const name = nameOf(item);
          return (
            <li
              key={id}
              className={mergeClasses(styles.row, movedSet.has(id) && styles.moved, dragFrom === index && styles.dragging, over === index && dragFrom !== index && styles.over)}
              onDragOver={(event: DragEvent) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event: DragEvent) => {
                event.preventDefault();
                if (dragFrom !== null && dragFrom !== index) {
                  draft.move(dragFrom, index);
                  announce(nameOf(byId.get(draft.ids[dragFrom] as string) as ResourceRecord), index + 1);
                }
                setDragFrom(null);
                setOver(null);
              }}
            >
              <Button
                appearance="transparent"
                aria-label={t('reorder.handle', { name })}
                title={t('reorder.handle', { name })}
                className={styles.handle}
                icon={<ReOrderDotsVertical20Regular />}
                draggable
                data-handle-id={id}
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', id);
                  setDragFrom(index);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setOver(null);
                }}
                onKeyDown={(event) => onHandleKey(event, id, index)}
              />
              <Text className={styles.position}>{index + 1}</Text>
              <Text weight="semibold" className={styles.name}>
                {name}
              </Text>
              {detailOf ? <span className={styles.detail}>{detailOf(item)}</span> : null}
              <span className={styles.buttons}>
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={t('reorder.toTop', { name })}
                  title={t('reorder.toTop', { name })}
                  icon={<ArrowUpload16Regular />}
                  disabled={index === 0}
                  onClick={() => {
                    draft.toTop(id);
                    announce(name, 1);
                  }}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={t('reorder.up', { name })}
                  title={t('reorder.up', { name })}
                  icon={<ArrowUp16Regular />}
                  disabled={index === 0}
                  onClick={() => {
                    draft.moveBy(id, -1);
                    announce(name, index);
                  }}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={t('reorder.down', { name })}
                  title={t('reorder.down', { name })}
                  icon={<ArrowDown16Regular />}
                  disabled={index === draft.ids.length - 1}
                  onClick={() => {
                    draft.moveBy(id, 1);
                    announce(name, index + 2);
                  }}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite" className={styles.live}>
        {announcement}
      </div>
      {query.isFetching ? <Spinner size="tiny" aria-label={t('resources:list.loadingRow')} /> : null}
    </>
  );
}
