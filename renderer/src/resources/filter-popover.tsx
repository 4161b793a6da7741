import {
  Button,
  CounterBadge,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  tokens,
} from '@fluentui/react-components';
import { Filter20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyResource } from '@contract/resources/define';
import type { ChoiceOption } from './field-input';
import type { FilterValue, ListState, RangeValue } from './list-params';

const useStyles = makeStyles({
  surface: {
    width: '340px',
    maxHeight: 'min(560px, calc(100vh - 120px))',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  range: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  bound: { minWidth: 0 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, paddingTop: tokens.spacingVerticalS },
});

/** The filters a list applies: field filters and enabled/disabled. */
export type FilterPopoverValue = Pick<ListState, 'filters' | 'enabled'>;
type Draft = FilterPopoverValue;

/**
 * The Filter button and its popover: one input per declared filter (contains-text, one or more of
 * the options, a min/max range), and enabled/disabled. Changes apply with Apply, so typing a bound
 * does not send a query per keystroke.
 */
export function FilterPopover({
  resource,
  value,
  count,
  optionsFor,
  onApply,
  showEnabled,
}: {
  readonly resource: Pick<AnyResource, 'filters' | 'fields'>;
  readonly value: Draft;
  readonly count: number;
  readonly optionsFor: (field: string) => readonly ChoiceOption[];
  readonly onApply: (value: Draft) => void;
  readonly showEnabled: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'resource']);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(value);
  const setFilter = (field: string, filter: FilterValue) => setDraft((d) => ({ ...d, filters: { ...d.filters, [field]: filter } }));

  return (
    <Popover
      open={open}
      trapFocus
      positioning="below-start"
      onOpenChange={(_, data) => {
        if (data.open) setDraft(value);
        setOpen(data.open);
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<Filter20Regular />} appearance={count > 0 ? 'secondary' : 'subtle'}>
          {t('list.filters')}
          {count > 0 ? <CounterBadge count={count} size="small" appearance="filled" color="brand" style={{ marginLeft: tokens.spacingHorizontalXS }} /> : null}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('list.filters')}>
        {resource.filters.map((filter) => {
          const meta = resource.fields[filter.field];
          if (!meta) return null;
          const label = t(meta.labelKey);
          const current = draft.filters[filter.field];
          if (filter.kind === 'text') {
            return (
              <Field key={filter.field} label={label}>
                <Input value={typeof current === 'string' ? current : ''} onChange={(_, data) => setFilter(filter.field, data.value)} />
              </Field>
            );
          }
          if (filter.kind === 'select') {
            const options = optionsFor(filter.field);
            const chosen = Array.isArray(current) ? (current as readonly string[]) : [];
            return (
              <Field key={filter.field} label={label}>
                <Dropdown
                  multiselect
                  placeholder={t('list.any')}
                  value={chosen.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')}
                  selectedOptions={[...chosen]}
                  onOptionSelect={(_, data) => setFilter(filter.field, data.selectedOptions)}
                >
                  {options.map((option) => (
                    <Option key={option.value} value={option.value}>
                      {option.label}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            );
          }
          const range = (typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {}) as RangeValue;
          const dates = meta.input === 'datetime';
          return (
            <Field key={filter.field} label={label}>
              <div className={styles.range}>
                <Input
                  className={styles.bound}
                  aria-label={`${label} ${dates ? t('list.from') : t('list.min')}`}
                  placeholder={dates ? undefined : t('list.min')}
                  type={dates ? 'datetime-local' : 'text'}
                  inputMode={dates ? undefined : 'decimal'}
                  value={range.min ?? ''}
                  onChange={(_, data) => setFilter(filter.field, { ...range, min: data.value })}
                />
                <Input
                  className={styles.bound}
                  aria-label={`${label} ${dates ? t('list.to') : t('list.max')}`}
                  placeholder={dates ? undefined : t('list.max')}
                  type={dates ? 'datetime-local' : 'text'}
                  inputMode={dates ? undefined : 'decimal'}
                  value={range.max ?? ''}
                  onChange={(_, data) => setFilter(filter.field, { ...range, max: data.value })}
                />
              </div>
            </Field>
          );
        })}
        {showEnabled ? (
          <Field label={t('list.enabledFilter')}>
            <Dropdown
              value={draft.enabled === 'true' ? t('resource:enabledStates.true') : draft.enabled === 'false' ? t('resource:enabledStates.false') : t('list.enabledAll')}
              selectedOptions={[draft.enabled ?? 'all']}
              onOptionSelect={(_, data) => setDraft((d) => ({ ...d, enabled: (data.optionValue ?? 'all') as Draft['enabled'] }))}
            >
              <Option value="all">{t('list.enabledAll')}</Option>
              <Option value="true">{t('resource:enabledStates.true')}</Option>
              <Option value="false">{t('resource:enabledStates.false')}</Option>
            </Dropdown>
          </Field>
        ) : null}
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            onClick={() => {
              onApply({ filters: {}, enabled: 'all' });
              setOpen(false);
            }}
          >
            {t('list.clearFilters')}
          </Button>
          <Button
            appearance="primary"
            onClick={() => {
              onApply(draft);
              setOpen(false);
            }}
          >
            {t('resource:actions.filter')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}
