import { Avatar, Badge, makeStyles, mergeClasses, Text, tokens, Tooltip } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { FieldOption } from '@contract/resources/define';
import { formatDateTime, formatMoney } from '../lib/format';
import type { ColumnSpec } from './columns';
import type { ResourceRecord } from './data-provider';

const useStyles = makeStyles({
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block', minWidth: 0 },
  number: { fontVariantNumeric: 'tabular-nums', textAlign: 'end', width: '100%' },
  muted: { color: tokens.colorNeutralForeground4 },
  actor: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  tags: { display: 'flex', gap: tokens.spacingHorizontalXS, minWidth: 0, overflow: 'hidden' },
  tag: { display: 'inline-block', flexShrink: 1, minWidth: 0, maxWidth: '180px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', lineHeight: '18px' },
  swatch: {
    width: '16px',
    height: '16px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  colour: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** Option labels by value, for select and multiselect cells (declared options, or loaded ones). */
export type OptionLabels = ReadonlyMap<string, string>;

/** The labels of declared options in the current language. */
export function optionLabels(options: readonly FieldOption[] | undefined, t: TFunction): Map<string, string> {
  return new Map((options ?? []).map((option) => [option.value, t(option.labelKey)]));
}

/** A dash for "no value", read as such by screen readers through the cell's column header. */
function Empty() {
  const styles = useStyles();
  return <span className={styles.muted}>—</span>;
}

/** The state badge of a time-bound item (spec §4: Not Started, In Progress, Over). */
export function StateBadge({ state, t }: { readonly state: string | undefined; readonly t: TFunction }) {
  if (!state) return <Empty />;
  const color = state === 'inProgress' ? 'success' : state === 'notStarted' ? 'informative' : 'subtle';
  return (
    <Badge appearance="tint" color={color} shape="rounded">
      {t(`resource:states.${state}`)}
    </Badge>
  );
}

/** The enabled/disabled badge (spec §4). */
export function EnabledBadge({ enabled, t }: { readonly enabled: boolean; readonly t: TFunction }) {
  return (
    <Badge appearance="tint" color={enabled ? 'success' : 'subtle'} shape="rounded">
      {t(`resource:enabledStates.${String(enabled)}`)}
    </Badge>
  );
}

/**
 * The content of one cell, by the column's kind: text with an ellipsis (and the full text as a
 * tooltip), numbers in the operator's locale, option labels as badges, people with an avatar,
 * times in the operator's locale, colours with a swatch.
 */
export function CellValue({
  column,
  item,
  t,
  locale,
  labels,
}: {
  readonly column: ColumnSpec;
  readonly item: ResourceRecord;
  readonly t: TFunction;
  readonly locale: string;
  readonly labels?: OptionLabels;
}) {
  const styles = useStyles();
  const value = item[column.id];
  switch (column.kind) {
    case 'state':
      return <StateBadge state={item.state} t={t} />;
    case 'enabled':
      return <EnabledBadge enabled={item.enabled} t={t} />;
    case 'actor': {
      const actor = value as { name: string } | null | undefined;
      if (!actor) return <Empty />;
      return (
        <span className={styles.actor}>
          <Avatar name={actor.name} size={20} aria-hidden />
          <Text className={styles.ellipsis}>{actor.name}</Text>
        </span>
      );
    }
    case 'timestamp':
    case 'datetime':
      return typeof value === 'string' && value ? <Text className={styles.ellipsis}>{formatDateTime(value, locale)}</Text> : <Empty />;
    case 'number':
    case 'sortOrder':
      return typeof value === 'number' ? <Text className={styles.number}>{new Intl.NumberFormat(locale).format(value)}</Text> : <Empty />;
    case 'money': {
      const currency = column.currencyField ? item[column.currencyField] : null;
      return typeof value === 'number' ? <Text className={styles.number}>{formatMoney(value, typeof currency === 'string' ? currency : null, locale)}</Text> : <Empty />;
    }
    case 'switch':
      return <EnabledBadge enabled={value === true} t={t} />;
    case 'select': {
      if (value === undefined || value === null || value === '') return <Empty />;
      const label = labels?.get(String(value)) ?? String(value);
      return (
        <Badge appearance="tint" color="brand" shape="rounded" className={styles.tag}>
          {label}
        </Badge>
      );
    }
    case 'multiselect': {
      const values = Array.isArray(value) ? (value as unknown[]).map(String) : [];
      if (values.length === 0) return <Empty />;
      const names = values.map((v) => labels?.get(v) ?? v);
      const shown = names.slice(0, 2);
      return (
        <Tooltip content={names.join(', ')} relationship="description">
          <span className={styles.tags}>
            {shown.map((name, i) => (
              <Badge key={`${name}-${i}`} appearance="tint" color="informative" shape="rounded" className={styles.tag}>
                {name}
              </Badge>
            ))}
            {names.length > shown.length ? (
              <Badge appearance="outline" color="informative" shape="rounded">
                {`+${names.length - shown.length}`}
              </Badge>
            ) : null}
          </span>
        </Tooltip>
      );
    }
    case 'colour':
      return typeof value === 'string' && value ? (
        <span className={styles.colour}>
          <span className={styles.swatch} style={{ backgroundColor: value }} aria-hidden />
          <Text className={mergeClasses(styles.ellipsis, styles.mono)}>{value}</Text>
        </span>
      ) : (
        <Empty />
      );
    case 'json':
      return value === undefined || value === null ? <Empty /> : <Text className={mergeClasses(styles.ellipsis, styles.mono)}>{JSON.stringify(value)}</Text>;
    default: {
      if (value === undefined || value === null || value === '') return <Empty />;
      const text = String(value);
      return (
        <Text className={mergeClasses(styles.ellipsis, column.kind === 'url' && styles.mono)} title={text}>
          {text}
        </Text>
      );
    }
  }
}
