import { normalizeColour } from '@contract/colour';

/**
 * The interface settings of spec §1, kept on this computer.
 *
 * Pure data and a reducer so the persistence rules (what a stored value may be, what a reset
 * gives) are tested without a browser.
 */
export interface InterfaceSettings {
  readonly pageStyle: 'light' | 'dark';
  readonly contentWidth: 'fixed' | 'fluid';
  /** `#RRGGBB`, the brand colour the theme's ramp is generated from. */
  readonly themeColor: string;
  readonly menuLayout: 'side' | 'top';
  readonly fixedHeader: boolean;
  readonly fixedSidebar: boolean;
  readonly hideHeaderOnScroll: boolean;
  readonly weakColor: boolean;
}

/** The preset theme colours of the settings drawer; the first is Fluent's own brand blue. */
export const themeColorPresets = [
  { id: 'blue', color: '#0F6CBD' },
  { id: 'violet', color: '#6B4FBB' },
  { id: 'teal', color: '#03787C' },
  { id: 'green', color: '#107C41' },
  { id: 'orange', color: '#C4501A' },
  { id: 'magenta', color: '#B4009E' },
  { id: 'red', color: '#C50F1F' },
  { id: 'graphite', color: '#4A5568' },
] as const;

export type ThemeColorPresetId = (typeof themeColorPresets)[number]['id'];

export const defaultSettings: InterfaceSettings = {
  pageStyle: 'light',
  contentWidth: 'fluid',
  themeColor: themeColorPresets[0].color,
  menuLayout: 'side',
  fixedHeader: true,
  fixedSidebar: true,
  hideHeaderOnScroll: false,
  weakColor: false,
};

export type SettingsAction =
  | { readonly type: 'set'; readonly patch: Partial<InterfaceSettings> }
  | { readonly type: 'reset'; readonly defaults?: InterfaceSettings };

/** A six-digit `#RRGGBB` colour, upper case, or null (alpha is refused: a theme is opaque). */
export function parseThemeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const normalized = normalizeColour(value);
  return normalized && normalized.length === 7 ? normalized : null;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Settings from anything (a stored JSON object of an older or newer version, a partial patch):
 * each field is kept when valid and taken from `base` otherwise, so a damaged store never
 * breaks the console.
 */
export function sanitizeSettings(value: unknown, base: InterfaceSettings = defaultSettings): InterfaceSettings {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    pageStyle: pick(v.pageStyle, ['light', 'dark'], base.pageStyle),
    contentWidth: pick(v.contentWidth, ['fixed', 'fluid'], base.contentWidth),
    themeColor: parseThemeColor(v.themeColor) ?? base.themeColor,
    menuLayout: pick(v.menuLayout, ['side', 'top'], base.menuLayout),
    fixedHeader: bool(v.fixedHeader, base.fixedHeader),
    fixedSidebar: bool(v.fixedSidebar, base.fixedSidebar),
    hideHeaderOnScroll: bool(v.hideHeaderOnScroll, base.hideHeaderOnScroll),
    weakColor: bool(v.weakColor, base.weakColor),
  };
}

/**
 * Applies an action. Invalid values in a patch are ignored field by field. Hiding the header on
 * scroll only means something for a fixed header, so unfixing the header turns it off.
 */
export function settingsReducer(state: InterfaceSettings, action: SettingsAction): InterfaceSettings {
  switch (action.type) {
    case 'set': {
      const next = sanitizeSettings({ ...state, ...action.patch }, state);
      return next.fixedHeader ? next : { ...next, hideHeaderOnScroll: false };
    }
    case 'reset':
      return action.defaults ?? defaultSettings;
  }
}

/** The localStorage key of the settings; the version suffix changes only on an incompatible shape. */
export const settingsStorageKey = 'palette.interface-settings.v1';

/** Reads stored settings text; missing or unreadable text gives the defaults. */
export function parseStoredSettings(text: string | null, defaults: InterfaceSettings = defaultSettings): InterfaceSettings {
  if (!text) return defaults;
  try {
    return sanitizeSettings(JSON.parse(text), defaults);
  } catch {
    return defaults;
  }
}

/** The text stored for settings. */
export function serializeSettings(settings: InterfaceSettings): string {
  return JSON.stringify(settings);
}

/** Whether settings differ from the defaults (enables the reset button). */
export function isDefaultSettings(settings: InterfaceSettings, defaults: InterfaceSettings = defaultSettings): boolean {
  return (Object.keys(defaults) as (keyof InterfaceSettings)[]).every((key) => settings[key] === defaults[key]);
}

/**
 * The CSS filter of weak-colour mode. Ant Design Pro's colour-weak mode (where the spec's option
 * comes from) inverts the page by 80%: hues turn to their complements and contrast flattens, which
 * some operators with colour vision deficiency find easier. Applied to the root element so that
 * dialogs, menus and toasts (rendered in portals) follow.
 */
export const weakColorFilter = 'invert(80%)';
