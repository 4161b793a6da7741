import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources } from './resources';
import { defaultLocale, displayLanguage, initialLocale, isKnownLocale, localeStorageKey } from './locales';

/** Reads the stored locale; storage may be unavailable (privacy mode), which means "none". */
function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(localeStorageKey);
  } catch {
    return null;
  }
}

/**
 * Applies the chosen locale to `<html lang>`: the operator's choice drives how dates and numbers
 * read (and what assistive technology announces), as spec §1 asks.
 */
function applyDocumentLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = 'ltr';
}

/**
 * Starts i18next with every namespace of both translations bundled (they are small, and a
 * language switch must not wait for the network, which may be down).
 */
export function initI18n(): I18n {
  const chosen = initialLocale(readStoredLocale(), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    resources: buildResources(),
    lng: displayLanguage(chosen),
    fallbackLng: defaultLocale,
    defaultNS: 'common',
    ns: Object.keys(buildResources()[defaultLocale]),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLocale(chosen);
  chosenLocaleValue = chosen;
  return i18next;
}

let chosenLocaleValue: string = defaultLocale;
const chosenListeners = new Set<() => void>();

/** The locale the operator picked (may be one without a translation). */
export function chosenLocale(): string {
  return chosenLocaleValue;
}

/** Subscribes to locale choices; for `useSyncExternalStore`. */
export function onChosenLocaleChange(listener: () => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/**
 * Switches the console to a locale of the picker: shows its translation (or English), keeps the
 * choice across restarts and marks the document.
 */
export async function chooseLocale(locale: string): Promise<void> {
  if (!isKnownLocale(locale)) return;
  try {
    window.localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Storage unavailable: the choice lasts for this session only.
  }
  chosenLocaleValue = locale;
  applyDocumentLocale(locale);
  await i18next.changeLanguage(displayLanguage(locale));
  for (const listener of chosenListeners) listener();
}
