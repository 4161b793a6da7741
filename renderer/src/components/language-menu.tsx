import {
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
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLocale } from '../i18n/i18n';
import { isTranslated, localeOptions } from '../i18n/locales';
import { useChosenLocale } from '../i18n/use-locale';
import { LanguageTrigger } from './language-trigger';

const useStyles = makeStyles({
  popover: { maxHeight: 'min(70vh, 560px)', overflowY: 'auto', minWidth: '260px' },
  note: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    maxWidth: '260px',
  },
  code: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
});

const translatedOptions = localeOptions.filter((option) => isTranslated(option.code));
const otherOptions = localeOptions.filter((option) => !isTranslated(option.code));

interface LanguageMenuProps {
  readonly compact: boolean;
  /** Open at once: the operator clicked the light picker's button before this code had loaded. */
  readonly defaultOpen: boolean;
  /** Move focus to this menu's button at once (the light picker's button had it). */
  readonly takeFocus: boolean;
}

/**
 * The language picker's menu (spec §1): every locale by its native name, translated ones first.
 * Choosing an untranslated one shows English and says so. Its own chunk (components/language-
 * picker.tsx loads it): the menu and its focus management are heavy for the sign-in screen.
 */
export default function LanguageMenu({ compact, defaultOpen, takeFocus }: LanguageMenuProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { locale, translated } = useChosenLocale();
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (takeFocus) trigger.current?.focus();
  }, [takeFocus]);

  const onChange: MenuProps['onCheckedValueChange'] = (_, data) => {
    const next = data.checkedItems[0];
    if (next) void chooseLocale(next);
  };

  const button = <LanguageTrigger ref={trigger} compact={compact} />;
  return (
    <Menu checkedValues={{ locale: [locale] }} onCheckedValueChange={onChange} positioning="below-end" defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>{compact ? <Tooltip content={t('language.label')} relationship="description">{button}</Tooltip> : button}</MenuTrigger>
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
