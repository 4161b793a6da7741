/**
 * The languages of the header picker (spec §1: "about 50 locales").
 *
 * Only `en-US` and `zh-CN` are translated; every other entry shows English text (i18next falls
 * back to en-US) while dates and numbers still follow the chosen locale's conventions, and the
 * picker says so. Names are native, so an operator finds their own language without reading
 * English.
 */
export interface LocaleOption {
  readonly code: string;
  readonly nativeName: string;
}

/** Locales with a complete translation; the first is the default and the fallback. */
export const translatedLocales = ['en-US', 'zh-CN'] as const;
export type TranslatedLocale = (typeof translatedLocales)[number];

export const defaultLocale: TranslatedLocale = 'en-US';

export const localeOptions: readonly LocaleOption[] = [
  { code: 'en-US', nativeName: 'English (United States)' },
  { code: 'zh-CN', nativeName: '简体中文' },
  { code: 'en-GB', nativeName: 'English (United Kingdom)' },
  { code: 'zh-TW', nativeName: '繁體中文（台灣）' },
  { code: 'zh-HK', nativeName: '繁體中文（香港）' },
  { code: 'ja-JP', nativeName: '日本語' },
  { code: 'ko-KR', nativeName: '한국어' },
  { code: 'fr-FR', nativeName: 'Français' },
  { code: 'de-DE', nativeName: 'Deutsch' },
  { code: 'es-ES', nativeName: 'Español (España)' },
  { code: 'es-MX', nativeName: 'Español (México)' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
  { code: 'pt-PT', nativeName: 'Português (Portugal)' },
  { code: 'it-IT', nativeName: 'Italiano' },
  { code: 'nl-NL', nativeName: 'Nederlands' },
  { code: 'sv-SE', nativeName: 'Svenska' },
  { code: 'da-DK', nativeName: 'Dansk' },
  { code: 'nb-NO', nativeName: 'Norsk bokmål' },
  { code: 'fi-FI', nativeName: 'Suomi' },
  { code: 'pl-PL', nativeName: 'Polski' },
  { code: 'cs-CZ', nativeName: 'Čeština' },
  { code: 'sk-SK', nativeName: 'Slovenčina' },
  { code: 'hu-HU', nativeName: 'Magyar' },
  { code: 'ro-RO', nativeName: 'Română' },
  { code: 'bg-BG', nativeName: 'Български' },
  { code: 'hr-HR', nativeName: 'Hrvatski' },
  { code: 'sr-RS', nativeName: 'Српски' },
  { code: 'sl-SI', nativeName: 'Slovenščina' },
  { code: 'el-GR', nativeName: 'Ελληνικά' },
  { code: 'ru-RU', nativeName: 'Русский' },
  { code: 'uk-UA', nativeName: 'Українська' },
  { code: 'lt-LT', nativeName: 'Lietuvių' },
  { code: 'lv-LV', nativeName: 'Latviešu' },
  { code: 'et-EE', nativeName: 'Eesti' },
  { code: 'tr-TR', nativeName: 'Türkçe' },
  { code: 'ar-SA', nativeName: 'العربية' },
  { code: 'he-IL', nativeName: 'עברית' },
  { code: 'fa-IR', nativeName: 'فارسی' },
  { code: 'hi-IN', nativeName: 'हिन्दी' },
  { code: 'bn-BD', nativeName: 'বাংলা' },
  { code: 'ta-IN', nativeName: 'தமிழ்' },
  { code: 'th-TH', nativeName: 'ไทย' },
  { code: 'vi-VN', nativeName: 'Tiếng Việt' },
  { code: 'id-ID', nativeName: 'Bahasa Indonesia' },
  { code: 'ms-MY', nativeName: 'Bahasa Melayu' },
  { code: 'fil-PH', nativeName: 'Filipino' },
  { code: 'ca-ES', nativeName: 'Català' },
  { code: 'kk-KZ', nativeName: 'Қазақ тілі' },
  { code: 'sw-KE', nativeName: 'Kiswahili' },
  { code: 'af-ZA', nativeName: 'Afrikaans' },
];

/** Whether the console has a full translation for a locale code. */
export function isTranslated(code: string): code is TranslatedLocale {
  return (translatedLocales as readonly string[]).includes(code);
}

/** Whether a code is one the picker offers. */
export function isKnownLocale(code: string): boolean {
  return localeOptions.some((option) => option.code === code);
}

/** The language the text is actually shown in for a chosen locale. */
export function displayLanguage(code: string): TranslatedLocale {
  return isTranslated(code) ? code : defaultLocale;
}

/**
 * The locale to start with: the stored choice when it is one the picker offers, else the first
 * of the system's preferred languages with a translation (exact, then same language), else en-US.
 */
export function initialLocale(stored: string | null, preferred: readonly string[]): string {
  if (stored && isKnownLocale(stored)) return stored;
  for (const tag of preferred) {
    if (isTranslated(tag)) return tag;
    const language = tag.split('-')[0]?.toLowerCase();
    const match = translatedLocales.find((code) => code.split('-')[0] === language);
    if (match) return match;
  }
  return defaultLocale;
}

/** The localStorage key holding the chosen locale (spec: "kept in local browser storage"). */
export const localeStorageKey = 'palette.locale';
