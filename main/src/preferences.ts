import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { userSchema } from '@contract/api/auth';
import { interfaceLanguageSchema } from '@contract/ipc';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(200),
});
export type WindowBounds = z.infer<typeof boundsSchema>;

/** The window on one display: its bounds relative to the display's work area, and whether maximized. */
const displayWindowStateSchema = z.object({
  bounds: boundsSchema,
  maximized: z.boolean(),
});
export type DisplayWindowState = z.infer<typeof displayWindowStateSchema>;

/** Displays remembered; the least recently used is forgotten beyond this. */
export const MAX_REMEMBERED_DISPLAYS = 8;

const windowStatesSchema = z.object({
  /** By display key (see window.ts `displayKey`), most recently used last. */
  displays: z.record(z.string().min(1).max(200), displayWindowStateSchema).refine((value) => Object.keys(value).length <= MAX_REMEMBERED_DISPLAYS),
  /** The display the window was on when it last closed. */
  last: z.string().min(1).max(200).optional(),
});
export type WindowStates = z.infer<typeof windowStatesSchema>;

const httpUrlSchema = z.url({ protocol: /^https?$/ });

/**
 * What main remembers between runs. Nothing secret belongs here: the file is plain JSON (the token
 * lives in the keychain).
 */
export const preferencesSchema = z.object({
  /** Before the per-display states: the bounds and maximized state of the last run, on any display. */
  windowBounds: boundsSchema.optional(),
  windowMaximized: z.boolean().optional(),
  /** The window's size, position and maximized state per display (window.ts). */
  windowStates: windowStatesSchema.optional(),
  /** The interface language the operator chose last, so the menu starts in it. */
  interfaceLanguage: interfaceLanguageSchema.optional(),
  /** The API server to use; without it the embedded server is started. */
  serverUrl: httpUrlSchema.optional(),
  /** The download server of releases, when not given by `PALETTE_UPDATE_URL`. */
  updateUrl: httpUrlSchema.optional(),
  /**
   * The operator the kept session token was last confirmed for, bound to the token by its SHA-256
   * (session/session-memo.ts): the console opens offline as that operator (issue 14).
   */
  lastSession: z.object({ tokenDigest: z.string().regex(/^[0-9a-f]{64}$/), user: userSchema }).optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export type PreferenceKey = keyof Preferences;

/**
 * Preferences with one interface for both editions: electron-store in the desktop app, a JSON file
 * in the user data directory in the browser edition (electron-store needs Electron).
 */
export interface PreferenceStore {
  get<K extends PreferenceKey>(key: K): Preferences[K] | undefined;
  set<K extends PreferenceKey>(key: K, value: NonNullable<Preferences[K]>): void;
  delete(key: PreferenceKey): void;
}

/** Keeps only the entries that pass their schema, so one bad value does not lose the others. */
function sanitize(raw: unknown): Preferences {
  if (typeof raw !== 'object' || raw === null) return {};
  const result: Record<string, unknown> = {};
  const shape = preferencesSchema.shape;
  for (const key of Object.keys(shape) as PreferenceKey[]) {
    const parsed = shape[key].safeParse((raw as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as Preferences;
}

/**
 * A small JSON file store, written atomically (temporary file, then rename) so a crash during a
 * write leaves the previous file intact; readable by the user only.
 */
export class JsonFilePreferenceStore implements PreferenceStore {
  private values: Preferences;

  constructor(private readonly file: string) {
    let raw: unknown = {};
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      raw = {};
    }
    this.values = sanitize(raw);
  }

  get<K extends PreferenceKey>(key: K): Preferences[K] | undefined {
    return this.values[key];
  }

  set<K extends PreferenceKey>(key: K, value: NonNullable<Preferences[K]>): void {
    const parsed = preferencesSchema.shape[key].parse(value) as Preferences[K];
    this.values = { ...this.values, [key]: parsed };
    this.write();
  }

  delete(key: PreferenceKey): void {
    const { [key]: _removed, ...rest } = this.values;
    this.values = rest;
    this.write();
  }

  private write(): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.values, null, 2) + '\n', { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}

/** The part of an electron-store instance the desktop app's preferences use. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/**
 * Preferences on top of electron-store. Values are checked on the way out as well, since the file
 * can be edited by hand between runs.
 */
export function preferencesFromStore(store: KeyValueStore): PreferenceStore {
  return {
    get: (key) => {
      const parsed = preferencesSchema.shape[key].safeParse(store.get(key));
      return parsed.success ? (parsed.data as Preferences[typeof key]) : undefined;
    },
    set: (key, value) => store.set(key, preferencesSchema.shape[key].parse(value)),
    delete: (key) => store.delete(key),
  };
}
