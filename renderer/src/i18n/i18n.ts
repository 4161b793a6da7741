import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueBackend, consoleNamespaces, contractNamespaces, publicNamespaces } from './catalogues';
import { defaultLocale, displayLanguage, initialLocale, isKnownLocale, isTranslated, localeStorageKey } from './locales';

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
 * Starts i18next in the chosen language with the public screens' namespaces; the rest load with
 * what needs them (i18n/catalogues.ts): the contract's with a form's rules (`loadFormTexts`), all
 * of them before the console renders (`loadConsoleTexts`). Chunks come from the console's own
 * origin, so neither a first load nor a language switch needs a network connection.
 */
export function initI18n(): I18n {
  const chosen = initialLocale(readStoredLocale(), navigator.languages ?? [navigator.language]);
  void i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: displayLanguage(chosen),
      // A translated language is complete (typed by the English shape), so it loads no second
      // language; anything else shows English.
      fallbackLng: (code) => (isTranslated(code) ? [] : [defaultLocale]),
      // Only the language itself (not `zh` besides `zh-CN`, which would load English texts too).
      load: 'currentOnly',
      defaultNS: 'common',
      ns: [...publicNamespaces],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyDocumentLocale(chosen);
  chosenLocaleValue = chosen;
  return i18next;
}

/** Resolves once the public screens' texts are loaded in the current language. */
export function loadPublicTexts(): Promise<void> {
  return i18next.loadNamespaces([...publicNamespaces]);
}

/** Loads the contract's texts (refusals and validation messages) a form shows. */
export function loadFormTexts(): Promise<void> {
  return i18next.loadNamespaces([...contractNamespaces]);
}

/** Loads every namespace the console shows; the console renders after this. */
export function loadConsoleTexts(): Promise<void> {
  return i18next.loadNamespaces(consoleNamespaces());
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
