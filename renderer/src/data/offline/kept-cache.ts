import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient } from '@tanstack/react-query-persist-client';
import type { KeptStorage } from './kept-storage';
import { isApiKey } from './offline-queries';

/**
 * The persisted query cache of one operator (issue 14): what they opened (lists, items, revisions,
 * ...) is kept in the console's own storage, restored when the console starts for them, and saved
 * as it changes (throttled). TanStack Query's persister does the work; this module decides what is
 * kept, for whom, for how long, and that nothing is written for an operator once their cache was
 * closed (a throttled save arriving after a sign-out would otherwise bring the data back).
 */

/** How long kept answers are restored: a session lasts at most a week (`SESSION_MAX_HOURS`). */
export const KEPT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many answers are kept, the most recently fetched first. */
export const KEPT_MAX_QUERIES = 1500;

/**
 * Routes whose answers are never written to disk: they hold a credential the operator can read on
 * screen but that has no business in a cache (the preview environment's pre-release password).
 */
export const NOT_KEPT_ROUTES: ReadonlySet<string> = new Set(['deliverySettings.get']);

/** The storage key of an operator's cache. */
export function keptCacheKey(owner: string): string {
  return `cache:${owner}`;
}

export interface KeptCacheOptions {
  readonly storage: KeptStorage;
  readonly queryClient: QueryClient;
  /** Answers kept by another build are not restored (their shapes may differ). */
  readonly buster: string;
  readonly maxAgeMs?: number;
  readonly maxQueries?: number;
  readonly throttleMs?: number;
}

function keepable(key: readonly unknown[]): boolean {
  if (!isApiKey(key)) return false;
  const route = key[3];
  return !(typeof route === 'string' && NOT_KEPT_ROUTES.has(route));
}

/** The most recently fetched `max` answers of a persisted client. */
export function trimPersistedClient(client: PersistedClient, max: number): PersistedClient {
  const queries = client.clientState.queries;
  if (queries.length <= max) return client;
  const kept = [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, max);
  return { ...client, clientState: { ...client.clientState, queries: kept } };
}

/**
 * Restores an operator's kept answers into the query client, then saves its answers as they change.
 * Returns the function that stops saving; after it, nothing more is written.
 */
export async function openKeptCache(owner: string, options: KeptCacheOptions): Promise<() => void> {
  let active = true;
  const key = keptCacheKey(owner);
  const persister = createAsyncStoragePersister({
    key,
    throttleTime: options.throttleMs ?? 1000,
    storage: {
      getItem: async (name) => (name === key ? ((await options.storage.get<string>(name)) ?? null) : null),
      setItem: async (name, value) => {
        if (active && name === key) await options.storage.set(name, value);
      },
      removeItem: async (name) => {
        if (name === key) await options.storage.del(name);
      },
    },
    serialize: (client) => JSON.stringify(trimPersistedClient(client, options.maxQueries ?? KEPT_MAX_QUERIES)),
  });
  const dehydrateOptions = {
    shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { status: string } }) => query.state.status === 'success' && keepable(query.queryKey),
    shouldDehydrateMutation: () => false,
  };
  try {
    await persistQueryClientRestore({ queryClient: options.queryClient, persister, buster: options.buster, maxAge: options.maxAgeMs ?? KEPT_MAX_AGE_MS });
  } catch {
    // An unreadable cache was removed by the restore: the console starts from the server.
  }
  // What was restored is shown at once but never taken for a fresh answer: the cache is written a
  // moment after each change (throttled), so the last change before a reload or a restart may be
  // missing from it. Online, every restored answer is fetched again when a screen shows it;
  // offline, it stays what is shown (offline-queries.ts fetches nothing that holds data).
  await options.queryClient.invalidateQueries({ predicate: (query) => isApiKey(query.queryKey), refetchType: 'none' });
  const unsubscribe = persistQueryClientSubscribe({ queryClient: options.queryClient, persister, buster: options.buster, dehydrateOptions });
  return () => {
    active = false;
    unsubscribe();
  };
}
