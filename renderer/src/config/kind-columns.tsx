import { Button, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import { Checkmark16Regular, Copy16Regular } from '@fluentui/react-icons';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigItem } from '@contract/config';
import { trackedUrl } from '@contract/config/kinds/affiliates';
import { notify } from '../components/notices';
import { useApiQuery } from '../data/api-hooks';

/**
 * Further list columns of kinds that have some, by kind name: the one place a kind adds a list
 * cell (config-list.tsx draws them after the kind's own `list` fields). A cell gets the project, its
 * row and the page's rows, so a column that loads what it shows asks once for the page.
 */
export interface KindColumn {
  readonly id: string;
  readonly labelKey: string;
  readonly cell: ComponentType<KindCellProps>;
}

export interface KindCellProps {
  readonly projectId: string;
  readonly item: ConfigItem;
  readonly items: readonly ConfigItem[];
}

const useStyles = makeStyles({
  tracked: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, maxWidth: '360px' },
  url: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** An affiliate link's full tracked URL (its draft's link, parameters and id) with a copy button. */
export function TrackedUrlCell({ item }: KindCellProps) {
  const { t } = useTranslation(['config']);
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const url = trackedUrl(item.draft, item.id);
  if (url === null) return <Text className={styles.muted}>{t('config:affiliates.tracked.none')}</Text>;
  const label = t('config:affiliates.tracked.copy');
  return (
    <span className={styles.tracked}>
      <Text className={styles.url}>{url}</Text>
      <Tooltip content={label} relationship="label">
        <Button
          appearance="transparent"
          size="small"
          icon={copied ? <Checkmark16Regular /> : <Copy16Regular />}
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => {
                setCopied(true);
                notify.message('success', t('config:affiliates.tracked.copied'));
              },
              () => notify.message('error', t('config:affiliates.tracked.failed')),
            )
          }
        />
      </Tooltip>
    </span>
  );
}

/**
 * An affiliate link's opens and installs, as the server counted them from the app's reports
 * (`affiliateCounts.list`, one request for the page's links).
 */
export function AffiliateCountsCell({ projectId, item, items }: KindCellProps) {
  const { t } = useTranslation(['config']);
  const styles = useStyles();
  const ids = items.map((row) => row.id);
  const counts = useApiQuery('affiliateCounts.list', { params: { projectId }, query: { ids } }, { enabled: ids.length > 0 });
  const mine = counts.data?.items.find((row) => row.linkId === item.id);
  if (!mine) return <Text className={styles.muted}>{counts.isError ? t('config:affiliates.counts.unavailable') : '…'}</Text>;
  return <Text>{t('config:affiliates.counts.value', { opens: mine.opens, installs: mine.installs })}</Text>;
}

export const kindColumns: Readonly<Record<string, readonly KindColumn[]>> = {
  affiliates: [
    { id: 'tracked', labelKey: 'config:affiliates.columns.tracked', cell: TrackedUrlCell },
    { id: 'counts', labelKey: 'config:affiliates.columns.counts', cell: AffiliateCountsCell },
  ],
};
