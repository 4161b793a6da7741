import { useSyncExternalStore } from 'react';
import { chosenLocale, onChosenLocaleChange } from './i18n';
import { isTranslated } from './locales';

/** The locale the operator chose, and whether the console has it translated. */
export function useChosenLocale(): { readonly locale: string; readonly translated: boolean } {
  const locale = useSyncExternalStore(onChosenLocaleChange, chosenLocale);
  return { locale, translated: isTranslated(locale) };
}
