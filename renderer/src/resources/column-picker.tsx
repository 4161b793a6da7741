import { Button, Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { ColumnTriple20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyResource } from '@contract/resources/define';
import { deriveColumns, visibleColumns, type ColumnSpec, type DeriveOptions } from './columns';

/** Where the chosen columns of a resource are kept across restarts. */
export function columnStorageKey(resource: string): string {
  return `palette.columns.${resource}`;
}

/** The columns an operator chose for a resource, or null when they never chose (the defaults show). */
export function readChosenColumns(resource: string): Set<string> | null {
  try {
    const raw = window.localStorage.getItem(columnStorageKey(resource));
    return raw ? new Set(JSON.parse(raw) as string[]) : null;
  } catch {
    return null;
  }
}

/** The optional columns that show: the chosen ones, or those visible by default. */
export function checkedColumns(specs: readonly ColumnSpec[], chosen: ReadonlySet<string> | null): string[] {
  return specs.filter((s) => !s.required && (chosen ? chosen.has(s.id) : s.defaultVisible)).map((s) => s.id);
}

/**
 * Column choice of a resource list: the declaration's columns, the ones the operator chose (kept
 * in local storage), and those that show.
 */
export function useColumnChoice(resource: Pick<AnyResource, 'name' | 'fields' | 'sortable' | 'timeBound' | 'orderable'>, options: DeriveOptions | undefined) {
  const [chosen, setChosen] = useState<Set<string> | null>(() => readChosenColumns(resource.name));
  const specs = useMemo(() => deriveColumns(resource, options), [resource, options]);
  const shown = useMemo(() => visibleColumns(specs, chosen), [specs, chosen]);
  const choose = (ids: readonly string[]) => {
    const next = new Set(ids);
    setChosen(next);
    try {
      window.localStorage.setItem(columnStorageKey(resource.name), JSON.stringify([...next]));
    } catch {
      // Not kept across restarts.
    }
  };
  return { specs, shown, checked: checkedColumns(specs, chosen), choose };
}

/** The toolbar's column menu: a checkbox per optional column. */
export function ColumnPicker({ specs, checked, onChange }: { readonly specs: readonly ColumnSpec[]; readonly checked: readonly string[]; readonly onChange: (ids: readonly string[]) => void }) {
  const { t } = useTranslation(['resources']);
  return (
    <Menu checkedValues={{ columns: [...checked] }} onCheckedValueChange={(_, data) => onChange(data.checkedItems)}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('resources:list.columnsLabel')} relationship="label">
          <Button appearance="subtle" icon={<ColumnTriple20Regular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {specs
            .filter((s) => !s.required)
            .map((s) => (
              <MenuItemCheckbox key={s.id} name="columns" value={s.id}>
                {t(s.labelKey)}
              </MenuItemCheckbox>
            ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
