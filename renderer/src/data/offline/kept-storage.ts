import { clear, createStore, del, get, set } from 'idb-keyval';

/**
 * Where the console keeps what it needs offline (issue 14): the persisted query cache and the
 * changes waiting to be sent, both of one operator at a time.
 *
 * In the console's own origin (IndexedDB of `app://palette`, or of the browser edition's loopback
 * origin), never in main: the data are the renderer's, and nothing of them needs the token. Values
 * are whatever structured clone takes; the callers store JSON-shaped values only.
 */
export interface KeptStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** Removes everything kept. */
  clear(): Promise<void>;
}

/** The database and object store of the console's kept data. */
export const KEPT_DATABASE = 'palette-offline';
export const KEPT_STORE = 'kept';

/** IndexedDB through idb-keyval, one object store of its own. */
export function indexedDbStorage(): KeptStorage {
  const store = createStore(KEPT_DATABASE, KEPT_STORE);
  return {
    get: <T,>(key: string) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    clear: () => clear(store),
  };
}

/**
 * In memory, copied in and out like a structured clone, so a test sees what a restart would: a
 * second console over the same storage reads only what was written.
 */
export function memoryStorage(): KeptStorage & { readonly keys: () => string[] } {
  const values = new Map<string, string>();
  return {
    get: async <T,>(key: string) => {
      const value = values.get(key);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    set: async (key, value) => {
      values.set(key, JSON.stringify(value));
    },
    del: async (key) => {
      values.delete(key);
    },
    clear: async () => {
      values.clear();
    },
    keys: () => [...values.keys()],
  };
}
