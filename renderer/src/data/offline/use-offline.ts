import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { isNotKeptOffline } from '../../connectivity/not-kept';
import type { OfflineData } from './offline-data';
import { OfflineAwareQueryClient, isApiKey } from './offline-queries';
import type { PendingChange } from './pending-changes';

/** The console's kept data (app.tsx provides it); null where nothing is kept (tests of single screens). */
export const OfflineDataContext = createContext<OfflineData | null>(null);

export function useOfflineData(): OfflineData | null {
  return useContext(OfflineDataContext);
}

const none: readonly PendingChange[] = [];
const noSubscription = () => () => undefined;

/** The changes waiting to be sent, oldest first; re-renders when they change. */
export function usePendingChanges(): readonly PendingChange[] {
  const data = useOfflineData();
  return useSyncExternalStore(data?.changes.subscribe ?? noSubscription, data ? data.changes.getSnapshot : () => none);
}

/** The change waiting for one item (a kind's `saveDraft` route and the item's params), if any. */
export function usePendingChange(routeId: string, params: Readonly<Record<string, string>>): PendingChange | undefined {
  const changes = usePendingChanges();
  const key = JSON.stringify(Object.entries(params).sort());
  return useMemo(
    () => changes.find((change) => change.routeId === routeId && JSON.stringify(Object.entries(change.params).sort()) === key),
    [changes, routeId, key],
  );
}

/**
 * Opens the signed-in operator's kept data before their console renders (its queries must find
 * the restored cache, not race it); true once open. A storage that cannot be opened (a private
 * window without IndexedDB) only means nothing is kept: the console opens anyway.
 */
export function useOpenOfflineData(owner: string | null): boolean {
  const data = useOfflineData();
  const [openFor, setOpenFor] = useState<string | null>(() => (data && owner && data.openFor() === owner ? owner : null));
  useEffect(() => {
    if (!data || !owner) return undefined;
    let active = true;
    void data
      .open(owner)
      .catch(() => undefined)
      .then(() => {
        if (active) setOpenFor(owner);
      });
    return () => {
      active = false;
    };
  }, [data, owner]);
  return !data || owner === null || openFor === owner;
}

/** How old what the screen shows is, while offline. */
export interface KeptAge {
  /** When the oldest answer shown was fetched (ms since the epoch), or null when none is kept. */
  readonly asOf: number | null;
  /** Some part of the screen was never opened on this computer, so nothing of it is kept. */
  readonly notKept: boolean;
}

function keptAgeOf(queries: readonly Query[], client: OfflineAwareQueryClient | null): KeptAge {
  let asOf: number | null = null;
  let notKept = false;
  for (const query of queries) {
    if (!isApiKey(query.queryKey) || query.getObserversCount() === 0) continue;
    let age: number | null = null;
    if (query.state.data !== undefined && query.state.dataUpdatedAt > 0) age = query.state.dataUpdatedAt;
    else if (client) age = client.derivedAge(query.queryHash);
    if (age !== null) asOf = asOf === null ? age : Math.min(asOf, age);
    else if (isNotKeptOffline(query.state.error)) notKept = true;
  }
  return { asOf, notKept };
}

/**
 * The age of what the current screen shows (the queries it observes) and whether part of it is
 * not kept: the offline notice says "as of 10:42" from this.
 */
export function useKeptAge(): KeptAge {
  const client = useQueryClient();
  const offlineClient = client instanceof OfflineAwareQueryClient ? client : null;
  const snapshot = useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => {
      const age = keptAgeOf(client.getQueryCache().getAll(), offlineClient);
      return `${age.asOf ?? ''}|${age.notKept ? 1 : 0}`;
    },
  );
  return useMemo(() => {
    const [asOf = '', notKept] = snapshot.split('|');
    return { asOf: asOf === '' ? null : Number(asOf), notKept: notKept === '1' };
  }, [snapshot]);
}
