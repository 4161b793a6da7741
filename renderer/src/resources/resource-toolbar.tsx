import { Button, makeStyles, SearchBox, Spinner, tokens, Tooltip } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, ArrowLeft20Regular, Delete20Regular, ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyResource } from '@contract/resources/define';
import { useDangerButtonClass } from './confirm-dialog';
import type { ChoiceOption } from './field-input';
import { FilterPopover, type FilterPopoverValue } from './filter-popover';
import { OnlineOnly } from '../components/offline/online-only';

export const useToolbarStyles = makeStyles({
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalM}`,
  },
  search: { width: '280px', maxWidth: '100%' },
  spacer: { flexGrow: 1 },
});

export interface ResourceToolbarProps {
  readonly resource: Pick<AnyResource, 'name' | 'labelKey' | 'searchable' | 'filters' | 'fields'>;
  /** The trash has its own buttons: back to the list, and empty the trash. */
  readonly trash: boolean;
  readonly searchText: string;
  readonly onSearch: (text: string) => void;
  readonly filters: FilterPopoverValue;
  readonly filterCount: number;
  readonly optionsFor: (field: string) => readonly ChoiceOption[];
  /** Whether the filters offer enabled / disabled. */
  readonly showEnabled: boolean;
  readonly onApplyFilters: (value: FilterPopoverValue) => void;
  /** A refetch is under way while rows are shown. */
  readonly fetching: boolean;
  readonly onRefresh: () => void;
  /** The column menu (`ColumnPicker`). */
  readonly columns?: ReactNode;
  /** The list's "Export CSV" (`ExportCsvButton`), shown beside the columns outside the trash. */
  readonly exportAction?: ReactNode;
  /** The list has items (empty trash is offered only then). */
  readonly total: number;
  /** The operator may change items (empty the trash, edit the order). */
  readonly canWrite: boolean;
  readonly canCreate: boolean;
  /** The create button's label (“New project”); “Create” by default. */
  readonly createLabel?: string | undefined;
  readonly hasTrash: boolean;
  readonly orderable: boolean;
  readonly onCreate: () => void;
  readonly onShowTrash: () => void;
  readonly onShowList: () => void;
  readonly onReorder: () => void;
  readonly onEmptyTrash: () => void;
}

/**
 * A resource list's toolbar: search, filters, refresh and columns, then the mode switches (trash,
 * sort order) and create; in the trash, the way back and "empty trash".
 */
export function ResourceToolbar(props: ResourceToolbarProps) {
  const { resource, trash } = props;
  const styles = useToolbarStyles();
  const dangerClass = useDangerButtonClass();
  const { t } = useTranslation(['resources', 'resource']);
  const entity = t(resource.labelKey);
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('resources:list.gridLabel', { entity })}>
      {trash ? (
        <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={props.onShowList}>
          {t('resources:trash.back')}
        </Button>
      ) : null}
      {resource.searchable.length > 0 ? (
        <SearchBox
          className={styles.search}
          placeholder={t('resource:actions.search')}
          aria-label={t('resources:list.searchLabel', { entity })}
          value={props.searchText}
          onChange={(_, data) => props.onSearch(data.value)}
        />
      ) : null}
      {resource.filters.length > 0 || props.showEnabled ? (
        <FilterPopover
          resource={resource}
          value={props.filters}
          count={props.filterCount}
          optionsFor={props.optionsFor}
          showEnabled={props.showEnabled}
          onApply={props.onApplyFilters}
        />
      ) : null}
      <span className={styles.spacer} />
      {props.fetching ? <Spinner size="extra-tiny" aria-label={t('resources:list.loadingRow')} /> : null}
      <Tooltip content={t('resources:list.refresh')} relationship="label">
        <Button appearance="subtle" icon={<ArrowClockwise20Regular />} onClick={props.onRefresh} />
      </Tooltip>
      {props.columns}
      {trash ? null : props.exportAction}
      {trash ? (
        props.canWrite ? (
          <OnlineOnly>
            <Button className={dangerClass} appearance="primary" icon={<Delete20Regular />} disabled={props.total === 0} onClick={props.onEmptyTrash}>
              {t('resource:actions.emptyTrash')}
            </Button>
          </OnlineOnly>
        ) : null
      ) : (
        <>
          {props.hasTrash ? (
            <Button appearance="subtle" icon={<Delete20Regular />} onClick={props.onShowTrash}>
              {t('resource:actions.trash')}
            </Button>
          ) : null}
          {props.orderable && props.canWrite ? (
            <OnlineOnly>
              <Button appearance="subtle" icon={<ReOrderDotsVertical20Regular />} onClick={props.onReorder}>
                {t('resource:actions.reorder')}
              </Button>
            </OnlineOnly>
          ) : null}
          {props.canCreate ? (
            <OnlineOnly>
              <Button appearance="primary" icon={<Add20Regular />} onClick={props.onCreate}>
                {props.createLabel ?? t('resource:actions.create')}
              </Button>
            </OnlineOnly>
          ) : null}
        </>
      )}
    </div>
  );
}
