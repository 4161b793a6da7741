import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ConfigItem } from '@contract/config';

const useStyles = makeStyles({ badges: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS } });

/**
 * Where an item stands, in words (not colour alone): its online status with the revision live in
 * each environment, unpublished changes, problems, approval, and the schedule's state.
 */
export function StatusBadges({ item }: { readonly item: ConfigItem }) {
  const { t } = useTranslation(['config', 'configPages']);
  const styles = useStyles();
  const problems = Object.keys(item.problems).length;
  return (
    <span className={styles.badges}>
      <Badge appearance="filled" color={item.status === 'official' ? 'success' : item.status === 'preview' ? 'informative' : 'subtle'}>
        {item.status === 'official'
          ? t('configPages:status.officialRevision', { number: item.officialRevision })
          : item.status === 'preview'
            ? t('configPages:status.previewRevision', { number: item.previewRevision })
            : t('config:common.status.unpublished')}
      </Badge>
      {item.status === 'official' && item.previewRevision !== null && item.previewRevision !== item.officialRevision ? (
        <Badge appearance="tint" color="informative">
          {t('configPages:status.previewRevision', { number: item.previewRevision })}
        </Badge>
      ) : null}
      {item.changed && item.latestRevision > 0 ? (
        <Badge appearance="tint" color="warning">
          {t('configPages:status.changed')}
        </Badge>
      ) : null}
      {problems > 0 ? (
        <Badge appearance="tint" color="danger">
          {t('configPages:status.problems', { count: problems })}
        </Badge>
      ) : null}
      {item.approval ? (
        <Badge appearance="tint" color="success">
          {t('configPages:status.approvedBy', { name: item.approval.by?.name ?? '' })}
        </Badge>
      ) : null}
      {item.state ? (
        <Badge appearance="outline" color={item.state === 'inProgress' ? 'brand' : 'informative'}>
          {t(`configPages:state.${item.state}`)}
        </Badge>
      ) : null}
      {!item.enabled ? (
        <Badge appearance="outline" color="informative">
          {t('configPages:status.disabled')}
        </Badge>
      ) : null}
    </span>
  );
}
