import { Button } from '@fluentui/react-components';
import { LocalLanguage20Regular } from '@fluentui/react-icons';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOptions } from '../i18n/locales';
import { useChosenLocale } from '../i18n/use-locale';
import classes from './public.module.css';

/**
 * The language picker's button: the chosen language by its native name (only the icon when
 * `compact`), named for assistive technology with the language too. Shared by the light picker
 * (before its menu's code loaded) and the menu itself, so both look and read the same.
 */
/** The props a menu trigger or tooltip adds, besides `compact`. */
type LanguageTriggerProps = Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color'> & { readonly compact?: boolean };

export const LanguageTrigger = forwardRef<HTMLButtonElement, LanguageTriggerProps>(
  function LanguageTrigger({ compact = false, ...props }, ref) {
    const { t } = useTranslation('common');
    const { locale } = useChosenLocale();
    const current = localeOptions.find((option) => option.code === locale);
    return (
      <Button
        {...props}
        ref={ref}
        appearance="subtle"
        icon={<LocalLanguage20Regular />}
        aria-label={`${t('language.label')}: ${current?.nativeName ?? locale}`}
        aria-haspopup="menu"
      >
        {compact ? null : <span className={classes.languageLabel}>{current?.nativeName ?? locale}</span>}
      </Button>
    );
  },
);
