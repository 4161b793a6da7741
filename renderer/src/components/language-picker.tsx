import {
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  tokens,
  type MenuProps,
} from '@fluentui/react-components';
import { LocalLanguage20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { chooseLocale } from '../i18n/i18n';
import { isTranslated, localeOptions } from '../i18n/locales';
import { useChosenLocale } from '../i18n/use-locale';

const useStyles = makeStyles({
  popover: { maxHeight: 'min(70vh, 560px)', overflowY: 'auto', minWidth: '260px' },
  note: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    maxWidth: '260px',
  },
  code: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
  label: { maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const translatedOptions = localeOptions.filter((option) => isTranslated(option.code));
const otherOptions = localeOptions.filter((option) => !isTranslated(option.code));

/**
 * The header's language picker (spec §1): every locale by its native name, translated ones first.
 * Choosing an untranslated one shows English and says so. `compact` shows only the icon.
 */
export function LanguagePicker({ compact = false }: { readonly compact?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('layout');
  const { locale, translated } = useChosenLocale();
  const current = localeOptions.find((option) => option.code === locale);

  const onChange: MenuProps['onCheckedValueChange'] = (_, data) => {
    const next = data.checkedItems[0];
    if (next) void chooseLocale(next);
  };

  const trigger = (
    <Button appearance="subtle" icon={<LocalLanguage20Regular />} aria-label={`${t('language.label')}: ${current?.nativeName ?? locale}`}>
      {compact ? null : <span className={styles.label}>{current?.nativeName ?? locale}</span>}
    </Button>
  );

  return (
    <Menu checkedValues={{ locale: [locale] }} onCheckedValueChange={onChange} positioning="below-end">
      <MenuTrigger disableButtonEnhancement>{compact ? <Tooltip content={t('language.label')} relationship="description">{trigger}</Tooltip> : trigger}</MenuTrigger>
      <MenuPopover className={styles.popover}>
        {translated ? null : <div className={styles.note}>{t('language.fallbackNote')}</div>}
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('language.translated')}</MenuGroupHeader>
            {translatedOptions.map((option) => (
              <MenuItemRadio key={option.code} name="locale" value={option.code} lang={option.code}>
                {option.nativeName}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('language.others')}</MenuGroupHeader>
            {otherOptions.map((option) => (
              <MenuItemRadio key={option.code} name="locale" value={option.code} lang={option.code}>
                {option.nativeName}
                <span className={styles.code}>{option.code}</span>
              </MenuItemRadio>
            ))}
          </MenuGroup>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
