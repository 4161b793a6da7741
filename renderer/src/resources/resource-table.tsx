import {
  makeStyles,
  mergeClasses,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components';
import { ArrowSort16Regular, ArrowSortDown16Regular, ArrowSortUp16Regular } from '@fluentui/react-icons';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { ResourceRecord } from './data-provider';
import { ariaSort, type SortState } from './list-params';
import { nextActiveIndex, windowSegments, withPinnedIndex, type GridKey } from './virtual-window';
import { VisuallyHidden } from '../components/visually-hidden';

/** Height of one row and of the header row, in pixels (Fluent's medium table size). */
export const rowHeight = 44;
const headerHeight = 40;
const overscan = 10;
const prefetchRows = 100;
const gridKeys: ReadonlySet<string> = new Set<GridKey>(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End']);

const useStyles = makeStyles({
  scroll: {
    overflow: 'auto',
    position: 'relative',
    maxHeight: 'max(360px, calc(100vh - 360px))',
  },
  table: { tableLayout: 'fixed' },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `inset 0 -1px 0 ${tokens.colorNeutralStroke2}`,
  },
  headerRow: { height: `${headerHeight}px`, borderBottom: 'none', ':hover': { backgroundColor: 'transparent' } },
  headerCell: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2, minWidth: 0 },
  sortButton: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    maxWidth: '100%',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    marginLeft: `calc(-1 * ${tokens.spacingHorizontalXS})`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    fontWeight: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  sortLabel: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sortIdle: { color: tokens.colorNeutralForeground4 },
  end: { justifyContent: 'flex-end', textAlign: 'end' },
  row: { height: `${rowHeight}px`, boxSizing: 'border-box' },
  activeRow: { backgroundColor: tokens.colorSubtleBackgroundHover },
  cell: { minWidth: 0, overflow: 'hidden' },
  actions: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    justifyContent: 'flex-end',
    backgroundColor: 'inherit',
    paddingRight: tokens.spacingHorizontalS,
  },
  actionsHead: { backgroundColor: tokens.colorNeutralBackground1 },
  actionsBody: { backgroundColor: tokens.colorNeutralBackground1, boxShadow: `inset 0 -1px 0 ${tokens.colorNeutralStroke2}` },
  skeleton: { width: '70%' },
});

export interface ResourceTableProps {
  readonly label: string;
  readonly className?: string;
  /** Columns that may shrink below their declared width (text with an ellipsis). */
  readonly shrinkable?: ReadonlySet<string>;
  /** Columns whose header and cells align to the end (numbers). */
  readonly endAligned?: ReadonlySet<string>;
  readonly columns: readonly TableColumnDefinition<ResourceRecord>[];
  readonly widths: ReadonlyMap<string, number>;
  readonly sortable: ReadonlySet<string>;
  readonly count: number;
  readonly rowAt: (index: number) => ResourceRecord | undefined;
  readonly sort?: SortState | undefined;
  readonly onSort?: (columnId: string) => void;
  readonly renderActions?: (item: ResourceRecord) => ReactNode;
  readonly actionsWidth?: number;
  readonly actionsLabel?: string;
  readonly onOpen?: (item: ResourceRecord) => void;
  readonly onDelete?: (item: ResourceRecord) => void;
  /** Renders skeleton rows (the first load). */
  readonly loading?: boolean;
  /** Tells which page of rows is in view (the "all rows" mode fetches by it). */
  readonly onRangeChange?: (start: number, end: number) => void;
}

interface RowLayout {
  readonly cells: ReadonlyMap<string, CSSProperties>;
  readonly actions: CSSProperties;
}

/**
 * One row of the grid, or its placeholder while its page loads. Memoized: scrolling re-renders the
 * grid, and rows already on screen must not render again for it.
 */
const GridRow = memo(function GridRow({
  index,
  item,
  columns,
  layout,
  active,
  focusable,
  renderActions,
  onRowFocus,
}: {
  readonly index: number;
  readonly item: ResourceRecord | undefined;
  readonly columns: readonly TableColumnDefinition<ResourceRecord>[];
  readonly layout: RowLayout;
  readonly active: boolean;
  readonly focusable: boolean;
  readonly renderActions?: ((item: ResourceRecord) => ReactNode) | undefined;
  readonly onRowFocus: (index: number) => void;
}) {
  const styles = useStyles();
  if (!item) {
    return (
      <TableRow className={styles.row} aria-rowindex={index + 2} aria-busy>
        {columns.map((column) => (
          <TableCell key={String(column.columnId)} style={layout.cells.get(String(column.columnId))} className={styles.cell} role="gridcell">
            <SkeletonItem className={styles.skeleton} size={12} />
          </TableCell>
        ))}
        {renderActions ? <TableCell style={layout.actions} className={mergeClasses(styles.actions, styles.actionsBody)} role="gridcell" /> : null}
      </TableRow>
    );
  }
  return (
    <TableRow
      className={mergeClasses(styles.row, active && styles.activeRow)}
      aria-rowindex={index + 2}
      data-row-index={index}
      tabIndex={focusable ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onRowFocus(index);
      }}
    >
      {columns.map((column) => (
        <TableCell key={String(column.columnId)} style={layout.cells.get(String(column.columnId))} className={styles.cell} role="gridcell">
          {column.renderCell(item)}
        </TableCell>
      ))}
      {renderActions ? (
        <TableCell style={layout.actions} className={mergeClasses(styles.actions, styles.actionsBody)} role="gridcell">
          {renderActions(item)}
        </TableCell>
      ) : null}
    </TableRow>
  );
});

/**
 * The virtual grid of a resource list. Fluent's Table primitives with declared columns
 * (`createTableColumn`), and @tanstack/react-virtual rendering only the rows in view (plus the
 * focused one), so 100,000 rows scroll as smoothly as 20. Keyboard: arrows, Page Up/Down, Home and
 * End move between rows, Enter opens the row, Delete asks to delete it.
 */
export function ResourceTable(props: ResourceTableProps) {
  const styles = useStyles();
  const { columns, widths, count, rowAt, onRangeChange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const activeRef = useRef(-1);
  const focusPending = useRef(false);
  activeRef.current = active;

  // The virtualizer is a mutable object by design; this component is not memoized by the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.loading ? 8 : count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    rangeExtractor: (range) => withPinnedIndex(defaultRangeExtractor(range), activeRef.current, range.count),
  });
  const items = virtualizer.getVirtualItems();
  const segments = windowSegments(items, virtualizer.getTotalSize(), headerHeight);
  // The rows in view, without the pinned focused row (which may be far away): what to fetch for.
  const firstIndex = virtualizer.range?.startIndex ?? 0;
  const lastIndex = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    // Ask for the rows a little beyond the view too, so a page usually arrives before its rows show.
    if (!props.loading) onRangeChange?.(Math.max(0, firstIndex - prefetchRows), lastIndex + prefetchRows);
  }, [firstIndex, lastIndex, onRangeChange, props.loading]);

  useEffect(() => {
    if (active >= count) setActive(count - 1);
  }, [active, count]);

  useEffect(() => {
    if (!focusPending.current || active < 0) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${active}"]`);
    if (row) {
      focusPending.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const rowIndex = target.dataset.rowIndex;
    if (rowIndex === undefined) return;
    const index = Number(rowIndex);
    const item = rowAt(index);
    if (gridKeys.has(event.key)) {
      event.preventDefault();
      const viewport = scrollRef.current?.clientHeight ?? rowHeight * 10;
      const next = nextActiveIndex(event.key as GridKey, index, count, Math.floor((viewport - headerHeight) / rowHeight));
      focusPending.current = true;
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === 'Enter' && item && props.onOpen) {
      event.preventDefault();
      props.onOpen(item);
    } else if (event.key === 'Delete' && item && props.onDelete) {
      event.preventDefault();
      props.onDelete(item);
    }
  };

  // Columns share the width in proportion to their declared widths; text columns may shrink to 60%
  // of theirs (with an ellipsis), the others keep it, and the grid scrolls sideways below that.
  const layout = useMemo(() => {
    const minOf = (id: string) => {
      const width = widths.get(id) ?? 160;
      return props.shrinkable?.has(id) ? Math.max(Math.round(width * 0.6), Math.min(width, 100)) : width;
    };
    const cells = new Map(
      columns.map((c) => {
        const id = String(c.columnId);
        const width = widths.get(id) ?? 160;
        // Border-box: a cell's padding lies within its width, so the widths add up to what the row
        // needs (issue 12: without it every cell grew by its padding, the row outgrew the table and
        // the sticky actions column covered the last columns at 1440 px).
        return [id, { flex: `${width} 1 ${width}px`, minWidth: `${minOf(id)}px`, boxSizing: 'border-box' as const }] as const;
      }),
    );
    const actionsWidth = props.actionsWidth ?? 96;
    return {
      cells,
      actions: { width: `${actionsWidth}px`, flex: `0 0 ${actionsWidth}px`, boxSizing: 'border-box' as const },
      minWidth: columns.reduce((sum, c) => sum + minOf(String(c.columnId)), props.renderActions ? actionsWidth : 0),
    };
  }, [columns, widths, props.shrinkable, props.actionsWidth, props.renderActions]);
  const onRowFocus = useCallback((index: number) => setActive(index), []);
  const focusIndex = active < 0 ? firstIndex : active;

  return (
    <div ref={scrollRef} className={mergeClasses(styles.scroll, props.className)}>
      <Table
        noNativeElements
        role="grid"
        aria-label={props.label}
        aria-rowcount={count + 1}
        className={styles.table}
        style={{ minWidth: `${layout.minWidth}px` }}
        onKeyDown={onKeyDown}
      >
        <TableHeader className={styles.header}>
          <TableRow className={styles.headerRow} aria-rowindex={1}>
            {columns.map((column) => {
              const id = String(column.columnId);
              const sortable = props.sortable.has(id) && props.onSort;
              return (
                <TableHeaderCell
                  key={id}
                  style={layout.cells.get(id)}
                  className={styles.headerCell}
                  button={{ className: props.endAligned?.has(id) ? styles.end : undefined }}
                  aria-sort={sortable ? ariaSort(props.sort, id) : undefined}
                >
                  {sortable ? (
                    <button type="button" className={styles.sortButton} onClick={() => props.onSort?.(id)}>
                      <span className={styles.sortLabel}>{column.renderHeaderCell()}</span>
                      {props.sort?.field === id ? (
                        props.sort.dir === 'asc' ? (
                          <ArrowSortUp16Regular aria-hidden />
                        ) : (
                          <ArrowSortDown16Regular aria-hidden />
                        )
                      ) : (
                        <ArrowSort16Regular aria-hidden className={styles.sortIdle} />
                      )}
                    </button>
                  ) : (
                    <span className={styles.sortLabel}>{column.renderHeaderCell()}</span>
                  )}
                </TableHeaderCell>
              );
            })}
            {props.renderActions ? (
              // The header names the column for screen readers only: an aria-label on an empty
              // header is not read as its text (axe empty-table-header).
              <TableHeaderCell style={layout.actions} className={mergeClasses(styles.actions, styles.actionsHead)}>
                <VisuallyHidden>{props.actionsLabel}</VisuallyHidden>
              </TableHeaderCell>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {segments.map((segment) => {
            if (segment.kind === 'gap') return <div key={segment.key} role="presentation" style={{ height: `${segment.height}px` }} />;
            const item = props.loading ? undefined : rowAt(segment.index);
            return (
              <GridRow
                key={item ? item.id : `pending-${segment.index}`}
                index={segment.index}
                item={item}
                columns={columns}
                layout={layout}
                active={segment.index === active}
                focusable={segment.index === focusIndex}
                renderActions={props.renderActions}
                onRowFocus={onRowFocus}
              />
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
