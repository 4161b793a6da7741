import { Button, Dropdown, makeStyles, mergeClasses, Option, Text, tokens, Tooltip, useId } from '@fluentui/react-components';
import { ChevronDoubleLeft20Regular, ChevronDoubleRight20Regular, ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { pageBounds, pageCount, pageSizeOptions } from './list-params';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  summary: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginRight: tokens.spacingHorizontalM },
  dropdown: { minWidth: '112px' },
  page: { minWidth: '104px', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
});

/** `all` is the virtual "all rows" mode. */
export type PageSizeChoice = number | 'all';

/**
 * Under a list: "21–40 of 93", rows per page (20 to 200, or all rows in one virtual scroll), and
 * first/previous/next/last page.
 */
export function PaginationBar({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
  allowAll = true,
  className,
}: {
  readonly page: number;
  readonly pageSize: PageSizeChoice;
  readonly total: number;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (size: PageSizeChoice) => void;
  /** Offer the "all rows" mode (lists with a virtual grid). */
  readonly allowAll?: boolean;
  readonly className?: string;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('resources');
  const labelId = useId('page-size');
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const all = pageSize === 'all';
  const pages = all ? 1 : pageCount(total, pageSize);
  const bounds = all ? { from: 0, to: 0 } : pageBounds(page, pageSize, total);
  const sizeLabel = (size: PageSizeChoice) => (size === 'all' ? t('list.allRows') : String(size));
  return (
    <div className={mergeClasses(styles.bar, className)}>
      <Text className={styles.summary} aria-live="polite">
        {all || total === 0 ? t('list.summaryAll', { total: number(total) }) : t('list.summary', { from: number(bounds.from), to: number(bounds.to), total: number(total) })}
      </Text>
      <div className={styles.end}>
        <div className={styles.size}>
          <Text id={labelId} size={200}>
            {t('list.pageSize')}
          </Text>
          <Dropdown
            className={styles.dropdown}
            size="small"
            aria-labelledby={labelId}
            value={sizeLabel(pageSize)}
            selectedOptions={[String(pageSize)]}
            onOptionSelect={(_, data) => onPageSize(data.optionValue === 'all' ? 'all' : Number(data.optionValue))}
          >
            {[...pageSizeOptions, ...(allowAll ? (['all'] as const) : [])].map((size) => (
              <Option key={String(size)} value={String(size)}>
                {sizeLabel(size)}
              </Option>
            ))}
          </Dropdown>
        </div>
        {all ? null : (
          <>
            <Tooltip content={t('list.firstPage')} relationship="label">
              <Button size="small" appearance="subtle" icon={<ChevronDoubleLeft20Regular />} disabled={page <= 1} onClick={() => onPage(1)} />
            </Tooltip>
            <Tooltip content={t('list.previousPage')} relationship="label">
              <Button size="small" appearance="subtle" icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => onPage(page - 1)} />
            </Tooltip>
            <Text className={styles.page} size={200}>
              {t('list.pageOf', { page: number(page), pages: number(pages) })}
            </Text>
            <Tooltip content={t('list.nextPage')} relationship="label">
              <Button size="small" appearance="subtle" icon={<ChevronRight20Regular />} disabled={page >= pages} onClick={() => onPage(page + 1)} />
            </Tooltip>
            <Tooltip content={t('list.lastPage')} relationship="label">
              <Button size="small" appearance="subtle" icon={<ChevronDoubleRight20Regular />} disabled={page >= pages} onClick={() => onPage(pages)} />
            </Tooltip>
          </>
        )}
      </div>
    </div>
  );
}
