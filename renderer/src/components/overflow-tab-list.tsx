import {
  Button,
  makeStyles,
  mergeClasses,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  tokens,
  useIsOverflowItemVisible,
  useOverflowMenu,
} from '@fluentui/react-components';
import { MoreHorizontal20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/**
 * A tab list on one row whose tabs that do not fit move into a "More" menu: Fluent's overflow
 * pattern (Overflow, OverflowItem, useOverflowMenu), the selected tab always kept in view.
 *
 * Why not wrap: at 1440 px the Management tabs wrapped and "Subscription check" dropped to a second
 * row, where it read as a different control (issue 19 §5).
 */

export interface OverflowTab {
  readonly value: string;
  readonly label: string;
}

export interface OverflowTabListProps {
  readonly tabs: readonly OverflowTab[];
  readonly selectedValue: string;
  readonly onSelect: (value: string) => void;
  readonly 'aria-label': string;
  readonly className?: string;
}

const useStyles = makeStyles({
  row: { minWidth: 0, overflow: 'hidden' },
  list: { flexWrap: 'nowrap' },
  more: { minWidth: 'auto', color: tokens.colorNeutralForeground2 },
});

function MoreItem({ tab, onSelect }: { readonly tab: OverflowTab; readonly onSelect: (value: string) => void }) {
  const visible = useIsOverflowItemVisible(tab.value);
  if (visible) return null;
  return <MenuItem onClick={() => onSelect(tab.value)}>{tab.label}</MenuItem>;
}

function MoreMenu({ tabs, onSelect }: { readonly tabs: readonly OverflowTab[]; readonly onSelect: (value: string) => void }) {
  const { t } = useTranslation('layout');
  const styles = useStyles();
  const { ref, isOverflowing, overflowCount } = useOverflowMenu<HTMLButtonElement>();
  if (!isOverflowing) return null;
  return (
    <Menu hasIcons={false}>
      <MenuTrigger disableButtonEnhancement>
        <Button ref={ref} appearance="transparent" className={styles.more} icon={<MoreHorizontal20Regular />} aria-label={t('tabs.more', { count: overflowCount })} role="tab" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {tabs.map((tab) => (
            <MoreItem key={tab.value} tab={tab} onSelect={onSelect} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

export function OverflowTabList({ tabs, selectedValue, onSelect, className, 'aria-label': label }: OverflowTabListProps) {
  const styles = useStyles();
  return (
    <Overflow minimumVisible={1}>
      <TabList className={mergeClasses(styles.row, styles.list, className)} selectedValue={selectedValue} onTabSelect={(_, data) => onSelect(String(data.value))} aria-label={label}>
        {tabs.map((tab) => (
          <OverflowItem key={tab.value} id={tab.value} priority={tab.value === selectedValue ? 2 : 1}>
            <Tab value={tab.value}>{tab.label}</Tab>
          </OverflowItem>
        ))}
        <MoreMenu tabs={tabs} onSelect={onSelect} />
      </TabList>
    </Overflow>
  );
}
