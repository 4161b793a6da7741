import {
  Badge,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircle24Regular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyConfigKind } from '@contract/config';
import { EmptyState } from '../components/empty-state';
import { diffRowLabel, documentDiffRows, formatDiffValue, type DiffRowKind } from './document-diff-rows';

const useStyles = makeStyles({
  table: { tableLayout: 'fixed' },
  fieldColumn: { width: '34%' },
  field: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS, paddingBlock: tokens.spacingVerticalS },
  value: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', paddingBlock: tokens.spacingVerticalS },
  removedValue: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorNeutralForeground1 },
  addedValue: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorNeutralForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Badge colour of each kind of change; the badge's text says the same for those who do not see colour. */
const badgeColour: Readonly<Record<DiffRowKind, 'success' | 'danger' | 'warning'>> = {
  added: 'success',
  removed: 'danger',
  changed: 'warning',
};

export interface DocumentDiffProps {
  /** The kind both documents are of: its metadata labels the fields and their options. */
  readonly kind: AnyConfigKind;
  /** The older document; null when there is none (before a first publish). */
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  /** What the before column shows ("Revision 3"). */
  readonly beforeLabel: string;
  /** What the after column shows ("Draft"). */
  readonly afterLabel: string;
}

/**
 * Two documents of a kind side by side, one row per changed field (rows from document-diff-rows.ts).
 * Added, removed and changed rows are coloured and say so in words too.
 */
export function DocumentDiff({ kind, before, after, beforeLabel, afterLabel }: DocumentDiffProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const rows = useMemo(() => documentDiffRows(kind.documentMeta, before, after, t), [kind, before, after, t]);

  if (rows.length === 0) {
    return <EmptyState icon={<CheckmarkCircle24Regular />} title={t('configUi:diff.empty')} hint={t('configUi:diff.emptyHint', { before: beforeLabel, after: afterLabel })} />;
  }

  return (
    <Table className={styles.table} size="small" aria-label={t('configUi:diff.tableLabel', { before: beforeLabel, after: afterLabel })}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.fieldColumn}>{t('configUi:diff.field')}</TableHeaderCell>
          <TableHeaderCell>{beforeLabel}</TableHeaderCell>
          <TableHeaderCell>{afterLabel}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.path.join('\u0000')} data-change={row.kind}>
            <TableCell>
              <div className={styles.field}>
                <span>{diffRowLabel(row, t)}</span>
                <Badge appearance="tint" size="small" color={badgeColour[row.kind]}>
                  {t(`configUi:diff.kinds.${row.kind}`)}
                </Badge>
              </div>
            </TableCell>
            <TableCell className={mergeClasses(styles.value, row.kind !== 'added' && styles.removedValue, row.kind === 'added' && styles.muted)}>
              {formatDiffValue(row.before, row.field, t)}
            </TableCell>
            <TableCell className={mergeClasses(styles.value, row.kind !== 'removed' && styles.addedValue, row.kind === 'removed' && styles.muted)}>
              {formatDiffValue(row.after, row.field, t)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
