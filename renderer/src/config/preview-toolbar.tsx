import { Toolbar, ToolbarDivider, ToolbarRadioButton, ToolbarRadioGroup, type ToolbarProps } from '@fluentui/react-components';
import { WeatherMoon16Regular, WeatherSunny16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewLanguage, PreviewTheme } from './phone-frame';

export interface PreviewToolbarProps {
  readonly language: PreviewLanguage;
  readonly theme: PreviewTheme;
  readonly onLanguageChange: (language: PreviewLanguage) => void;
  readonly onThemeChange: (theme: PreviewTheme) => void;
}

const languages: readonly { readonly value: PreviewLanguage; readonly labelKey: string }[] = [
  { value: 'en-US', labelKey: 'configUi:preview.english' },
  { value: 'zh-CN', labelKey: 'configUi:preview.chinese' },
];
const themes: readonly { readonly value: PreviewTheme; readonly labelKey: string; readonly icon: ReactElement }[] = [
  { value: 'light', labelKey: 'configUi:preview.light', icon: <WeatherSunny16Regular /> },
  { value: 'dark', labelKey: 'configUi:preview.dark', icon: <WeatherMoon16Regular /> },
];

const isLanguage = (value: string | undefined): value is PreviewLanguage => languages.some((entry) => entry.value === value);
const isTheme = (value: string | undefined): value is PreviewTheme => themes.some((entry) => entry.value === value);

/**
 * The preview's switches: the content language (the page's own texts) and the phone's appearance.
 * One toolbar, one tab stop, arrow keys between the buttons; each group is named, each button
 * says whether it is on.
 */
export function PreviewToolbar({ language, theme, onLanguageChange, onThemeChange }: PreviewToolbarProps) {
  const { t } = useTranslation();
  const onCheckedValueChange: ToolbarProps['onCheckedValueChange'] = (_event, { name, checkedItems }) => {
    const [value] = checkedItems;
    if (name === 'language' && isLanguage(value)) onLanguageChange(value);
    if (name === 'theme' && isTheme(value)) onThemeChange(value);
  };
  return (
    <Toolbar size="small" aria-label={t('configUi:preview.toolbarLabel')} checkedValues={{ language: [language], theme: [theme] }} onCheckedValueChange={onCheckedValueChange}>
      <ToolbarRadioGroup aria-label={t('configUi:preview.languageGroup')}>
        {languages.map((entry) => (
          <ToolbarRadioButton key={entry.value} name="language" value={entry.value}>
            {t(entry.labelKey)}
          </ToolbarRadioButton>
        ))}
      </ToolbarRadioGroup>
      <ToolbarDivider />
      <ToolbarRadioGroup aria-label={t('configUi:preview.themeGroup')}>
        {themes.map((entry) => (
          <ToolbarRadioButton key={entry.value} name="theme" value={entry.value} icon={entry.icon}>
            {t(entry.labelKey)}
          </ToolbarRadioButton>
        ))}
      </ToolbarRadioGroup>
    </Toolbar>
  );
}
