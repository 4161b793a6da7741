import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import {
  defaultSettings,
  parseStoredSettings,
  serializeSettings,
  settingsReducer,
  settingsStorageKey,
  weakColorFilter,
  type InterfaceSettings,
} from './interface-settings';

interface SettingsContextValue {
  readonly settings: InterfaceSettings;
  readonly defaults: InterfaceSettings;
  readonly update: (patch: Partial<InterfaceSettings>) => void;
  readonly reset: () => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/** The defaults on this computer: the page style follows the system's light or dark preference. */
function systemDefaults(): InterfaceSettings {
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return { ...defaultSettings, pageStyle: prefersDark ? 'dark' : 'light' };
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(settingsStorageKey);
  } catch {
    return null;
  }
}

/**
 * Holds the interface settings, keeps them in localStorage across restarts (and in step with
 * other windows of the console), and applies the document-wide ones: weak-colour filter and the
 * native colour scheme of scrollbars and form controls.
 */
export function SettingsProvider({ children }: { readonly children: ReactNode }) {
  const defaults = useMemo(() => systemDefaults(), []);
  const [settings, dispatch] = useReducer(settingsReducer, defaults, (base) => parseStoredSettings(readStored(), base));

  useEffect(() => {
    try {
      window.localStorage.setItem(settingsStorageKey, serializeSettings(settings));
    } catch {
      // Storage unavailable: settings last for this session only.
    }
  }, [settings]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === settingsStorageKey) dispatch({ type: 'set', patch: parseStoredSettings(event.newValue, defaults) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [defaults]);

  useEffect(() => {
    const root = document.documentElement;
    root.style.filter = settings.weakColor ? weakColorFilter : '';
    root.style.colorScheme = settings.pageStyle;
  }, [settings.weakColor, settings.pageStyle]);

  const update = useCallback((patch: Partial<InterfaceSettings>) => dispatch({ type: 'set', patch }), []);
  const reset = useCallback(() => dispatch({ type: 'reset', defaults }), [defaults]);
  const value = useMemo(() => ({ settings, defaults, update, reset }), [settings, defaults, update, reset]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/** The interface settings and their setters; only inside `SettingsProvider`. */
export function useInterfaceSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useInterfaceSettings outside SettingsProvider');
  return value;
}
