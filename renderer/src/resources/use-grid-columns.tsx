import { Button, createTableColumn, makeStyles, tokens, type TableColumnDefinition } from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellValue, optionLabels } from './cells';
import type { ColumnSpec } from './columns';
import type { ResourceRecord } from './data-provider';
import type { ChoiceOption } from './field-input';
import type { ResourceView } from './resource-view';

const useStyles = makeStyles({
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
});

const shrinkableKinds: ReadonlySet<string> = new Set(['text', 'textarea', 'url', 'email', 'multiselect', 'json']);

/** Layout facts of the shown columns: widths, sortable ids, columns that may shrink, end-aligned numbers. */
export function columnLayout(shown: readonly ColumnSpec[], customCells: ReadonlySet<string>) {
  return {
    widths: new Map(shown.map((s) => [s.id, s.width])),
    sortable: new Set(shown.filter((s) => s.sortable).map((s) => s.id)),
    shrinkable: new Set(shown.filter((s) => shrinkableKinds.has(s.kind)).map((s) => s.id)),
    endAligned: new Set(shown.filter((s) => (s.kind === 'number' || s.kind === 'money' || s.kind === 'sortOrder') && !customCells.has(s.id)).map((s) => s.id)),
  };
}

export interface GridColumnsOptions<T extends ResourceRecord> {
  readonly view: ResourceView<T>;
  readonly shown: readonly ColumnSpec[];
  readonly optionsFor: (field: string) => readonly ChoiceOption[];
  readonly cellOptions?: Readonly<Record<string, readonly ChoiceOption[]>> | undefined;
  readonly cells?: Readonly<Record<string, (item: T) => ReactNode>> | undefined;
  /** Opening a row from its first cell; the first cell is plain text without it. */
  readonly onOpen?: ((item: T) => void) | undefined;
}

/** The grid's column definitions: generic cells (or a screen's own), the first one opening the row. */
export function useGridColumns<T extends ResourceRecord>({ view, shown, optionsFor, cellOptions, cells, onOpen }: GridColumnsOptions<T>) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['resources', 'resource']);
  const columns: TableColumnDefinition<ResourceRecord>[] = useMemo(
    () =>
      shown.map((spec: ColumnSpec, index) => {
        const labels =
          spec.kind === 'select' || spec.kind === 'multiselect' ? new Map((cellOptions?.[spec.id] ?? optionsFor(spec.id)).map((o) => [o.value, o.label])) : optionLabels(spec.options, t);
        return createTableColumn<ResourceRecord>({
          columnId: spec.id,
          renderHeaderCell: () => t(spec.labelKey),
          renderCell: (record) => {
            const item = record as T;
            const custom = cells?.[spec.id];
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
    [shown, optionsFor, t, cells, cellOptions, i18n.language, onOpen, styles.titleCell, styles.titleText, view],
  );
  const layout = useMemo(() => columnLayout(shown, new Set(Object.keys(cells ?? {}))), [shown, cells]);
  return { columns, ...layout };
}
