import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import { createConnectivityStore } from '../../../renderer/src/connectivity/connectivity-state';
import { isNotKeptOffline } from '../../../renderer/src/connectivity/not-kept';
import { keptCacheKey, openKeptCache, trimPersistedClient } from '../../../renderer/src/data/offline/kept-cache';
import { memoryStorage } from '../../../renderer/src/data/offline/kept-storage';
import { deriveList, listKeyParts, matchesSearch, sortItems } from '../../../renderer/src/data/offline/offline-lists';
import type { OfflineAwareQueryClient } from '../../../renderer/src/data/offline/offline-queries';
import { createQueryClient } from '../../../renderer/src/data/query-client';
import { queryKeys } from '../../../renderer/src/data/query-keys';
import { resourceKeys } from '../../../renderer/src/resources/resource-keys';

/**
 * The kept query cache (issue 14): what an operator opened is restored after a restart with its
 * age, per operator; offline, what is held shows without fetching or erroring, what is not held
 * says so at once, and lists can be searched and sorted within what is held.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
let clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients) client.clear();
  clients = [];
  vi.useRealTimers();
});

function track<T extends QueryClient>(client: T): T {
  clients.push(client);
  return client;
}

const listKey = (query: Record<string, unknown>) => queryKeys.call('subscriptionPages.list' as never, { params: { projectId: 'p1' }, query });
const page = (items: Array<Record<string, unknown>>, total = items.length, pageNumber = 1, pageSize = 20) => ({ items, total, page: pageNumber, pageSize });

describe('the kept cache across a restart', () => {
  it('restores what was opened, with the time it was fetched, for the same operator only', async () => {
    const storage = memoryStorage();
    const before = track(new QueryClient());
    const stop = await openKeptCache('op-1', { storage, queryClient: before, buster: 'build-1', throttleMs: 0 });
    before.setQueryData(listKey({ page: 1 }), page([{ id: 'a', name: 'Alpha' }]), { updatedAt: Date.parse('2026-03-02T10:42:00Z') });
    before.setQueryData(queryKeys.session(), { user: { id: 'op-1' } });
    await flush();
    await flush();
    stop();
    expect(storage.keys()).toContain(keptCacheKey('op-1'));

    const after = track(new QueryClient());
    await openKeptCache('op-1', { storage, queryClient: after, buster: 'build-1', throttleMs: 0 });
    const restored = after.getQueryState(listKey({ page: 1 }));
    expect(restored?.data).toEqual(page([{ id: 'a', name: 'Alpha' }]));
    expect(restored?.dataUpdatedAt).toBe(Date.parse('2026-03-02T10:42:00Z'));
    // Shown, but fetched again when a screen shows it online: the newest change may be missing.
    expect(restored?.isInvalidated).toBe(true);
    // Only the API's answers are kept, never the session.
    expect(after.getQueryData(queryKeys.session())).toBeUndefined();

    const other = track(new QueryClient());
    await openKeptCache('op-2', { storage, queryClient: other, buster: 'build-1', throttleMs: 0 });
    expect(other.getQueryData(listKey({ page: 1 }))).toBeUndefined();
  });

  it('fetches a restored answer again when a screen shows it online, even one fetched a moment ago', async () => {
    const storage = memoryStorage();
    const before = track(new QueryClient());
    const stop = await openKeptCache('op-1', { storage, queryClient: before, buster: 'b', throttleMs: 0 });
    before.setQueryData(listKey({ page: 1 }), page([{ id: 'a', name: 'Alpha' }]));
    await flush();
    await flush();
    stop();

    const after = track(createQueryClient(() => undefined, createConnectivityStore()));
    await openKeptCache('op-1', { storage, queryClient: after, buster: 'b', throttleMs: 0 });
    const queryFn = vi.fn(async () => page([{ id: 'a', name: 'Alpha, renamed just before the reload' }]));
    const observer = new QueryObserver(after, { queryKey: listKey({ page: 1 }), queryFn });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(page([{ id: 'a', name: 'Alpha, renamed just before the reload' }])));
    // The kept answer showed first, while the fresh one was fetched.
    expect(seen[0]).toEqual(page([{ id: 'a', name: 'Alpha' }]));
    unsubscribe();
  });

  it('restores nothing kept by another build, or older than its limit', async () => {
    const storage = memoryStorage();
    const before = track(new QueryClient());
    const stop = await openKeptCache('op-1', { storage, queryClient: before, buster: 'build-1', throttleMs: 0 });
    before.setQueryData(listKey({ page: 1 }), page([{ id: 'a' }]));
    await flush();
    stop();
    const newBuild = track(new QueryClient());
    await openKeptCache('op-1', { storage, queryClient: newBuild, buster: 'build-2', throttleMs: 0 });
    expect(newBuild.getQueryData(listKey({ page: 1 }))).toBeUndefined();

    const storage2 = memoryStorage();
    const old = track(new QueryClient());
    const stopOld = await openKeptCache('op-1', { storage: storage2, queryClient: old, buster: 'b', throttleMs: 0 });
    old.setQueryData(listKey({ page: 1 }), page([{ id: 'a' }]));
    await flush();
    stopOld();
    const later = track(new QueryClient());
    await openKeptCache('op-1', { storage: storage2, queryClient: later, buster: 'b', maxAgeMs: -1, throttleMs: 0 });
    expect(later.getQueryData(listKey({ page: 1 }))).toBeUndefined();
  });

  it('never writes the pre-release password, and writes nothing once closed (a sign-out)', async () => {
    const storage = memoryStorage();
    const client = track(new QueryClient());
    const stop = await openKeptCache('op-1', { storage, queryClient: client, buster: 'b', throttleMs: 0 });
    client.setQueryData(queryKeys.call('deliverySettings.get' as never, { params: { projectId: 'p1' } }), { password: 'pre-release-secret' });
    client.setQueryData(listKey({ page: 1 }), page([{ id: 'a' }]));
    await flush();
    expect(JSON.stringify(await storage.get(keptCacheKey('op-1')))).not.toContain('pre-release-secret');
    stop();
    await storage.clear();
    client.setQueryData(listKey({ page: 2 }), page([{ id: 'b' }]));
    await flush();
    expect(storage.keys()).toEqual([]);
  });

  it('keeps the most recently fetched answers when there are too many', () => {
    const query = (hash: string, at: number) => ({ queryKey: [hash], queryHash: hash, state: { dataUpdatedAt: at } }) as never;
    const client = { timestamp: 1, buster: 'b', clientState: { mutations: [], queries: [query('old', 1), query('new', 3), query('mid', 2)] } };
    expect(trimPersistedClient(client, 2).clientState.queries.map((q) => q.queryHash)).toEqual(['new', 'mid']);
    expect(trimPersistedClient(client, 5)).toBe(client);
  });
});

describe('queries without a connection', () => {
  function offlineClient() {
    const connectivity = createConnectivityStore();
    const client = track(createQueryClient(() => undefined, connectivity) as OfflineAwareQueryClient);
    const goOffline = () => connectivity.dispatch({ type: 'main', network: true, server: false });
    const goOnline = () => connectivity.dispatch({ type: 'main', network: true, server: true });
    return { client, goOffline, goOnline };
  }

  function observe(client: QueryClient, key: readonly unknown[], queryFn: () => Promise<unknown>, extra: Record<string, unknown> = {}) {
    const observer = new QueryObserver(client, { queryKey: key, queryFn, ...extra });
    const results: Array<ReturnType<typeof observer.getCurrentResult>> = [];
    const unsubscribe = observer.subscribe((result) => results.push(result));
    return { observer, results, unsubscribe, current: () => observer.getCurrentResult() };
  }

  it('shows what is held without fetching and without an error', async () => {
    const { client, goOffline } = offlineClient();
    client.setQueryData(listKey({ page: 1 }), page([{ id: 'a' }]), { updatedAt: 1000 });
    goOffline();
    const fetcher = vi.fn(async () => page([]));
    const { current, unsubscribe } = observe(client, listKey({ page: 1 }), fetcher);
    await flush();
    expect(fetcher).not.toHaveBeenCalled();
    expect(current()).toMatchObject({ status: 'success', error: null, dataUpdatedAt: 1000, data: page([{ id: 'a' }]) });
    // A manual refetch offline changes nothing either.
    await current().refetch();
    expect(current()).toMatchObject({ status: 'success', error: null, dataUpdatedAt: 1000 });
    unsubscribe();
  });

  it('says at once that a screen never opened is not kept, without calling anything', async () => {
    const { client, goOffline } = offlineClient();
    goOffline();
    const fetcher = vi.fn(async () => ({ id: 'x' }));
    const { current, unsubscribe } = observe(client, queryKeys.call('subscriptionPages.get' as never, { params: { projectId: 'p1', id: 'x' } }), fetcher);
    await vi.waitFor(() => expect(current().status).toBe('error'));
    expect(fetcher).not.toHaveBeenCalled();
    expect(isNotKeptOffline(current().error)).toBe(true);
    expect(current().fetchStatus).toBe('idle');
    unsubscribe();
  });

  it('keeps held data as they were when the server stops answering mid-fetch', async () => {
    const { client } = offlineClient();
    const key = queryKeys.call('subscriptionPages.get' as never, { params: { projectId: 'p1', id: 'x' } });
    client.setQueryData(key, { id: 'x', version: 1 }, { updatedAt: 500 });
    const connectivity = (client as unknown as { policy: { isOffline: () => boolean } }).policy;
    let offline = false;
    vi.spyOn(connectivity, 'isOffline').mockImplementation(() => offline);
    const fetcher = vi.fn(async () => {
      offline = true; // callApi marks the way closed on a 1001
      throw new AppError(ErrorCode.NetworkFailed, 'unreachable');
    });
    const { current, unsubscribe } = observe(client, key, fetcher, { staleTime: 0 });
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalled());
    await vi.waitFor(() => expect(current().fetchStatus).toBe('idle'));
    expect(current()).toMatchObject({ status: 'success', error: null, data: { id: 'x', version: 1 }, dataUpdatedAt: 500 });
    unsubscribe();
  });

  it('fetches again once the connection returns', async () => {
    const { client, goOffline, goOnline } = offlineClient();
    goOffline();
    const fetcher = vi.fn(async () => page([{ id: 'fresh' }]));
    const { current, unsubscribe } = observe(client, listKey({ page: 9 }), fetcher);
    await vi.waitFor(() => expect(isNotKeptOffline(current().error)).toBe(true));
    goOnline();
    await client.invalidateQueries({ queryKey: queryKeys.api() });
    await vi.waitFor(() => expect(current().data).toEqual(page([{ id: 'fresh' }])));
    expect(fetcher).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('searches and sorts a list within the pages it holds, and tells their age', async () => {
    const { client, goOffline } = offlineClient();
    client.setQueryData(listKey({ page: 1, pageSize: 2 }), page([{ id: 'a', name: 'Summer sale' }, { id: 'b', name: 'Winter deal' }], 3, 1, 2), { updatedAt: 2000 });
    client.setQueryData(listKey({ page: 2, pageSize: 2 }), page([{ id: 'c', name: 'Autumn offer' }], 3, 2, 2), { updatedAt: 1000 });
    // Another list (trash) shares nothing with it.
    client.setQueryData(listKey({ page: 1, trashed: true }), page([{ id: 'z', name: 'Summer trashed' }]), { updatedAt: 3000 });
    goOffline();
    const fetcher = vi.fn(async () => page([]));

    const search = observe(client, listKey({ page: 1, pageSize: 20, q: 'sum' }), fetcher);
    await flush();
    expect(search.current()).toMatchObject({ status: 'success', isPlaceholderData: true, error: null });
    expect(search.current().data).toEqual(page([{ id: 'a', name: 'Summer sale' }], 1, 1, 20));
    expect(client.derivedAge(client.getQueryCache().find({ queryKey: listKey({ page: 1, pageSize: 20, q: 'sum' }), exact: true })!.queryHash)).toBe(1000);

    const sorted = observe(client, listKey({ page: 1, pageSize: 20, sort: 'name:desc' }), fetcher);
    await flush();
    expect((sorted.current().data as { items: Array<{ name: string }> }).items.map((item) => item.name)).toEqual(['Winter deal', 'Summer sale', 'Autumn offer']);
    expect(fetcher).not.toHaveBeenCalled();
    search.unsubscribe();
    sorted.unsubscribe();
  });
});

describe('lists within what is held', () => {
  it('takes apart both key shapes of the console, and no other', () => {
    expect(listKeyParts(listKey({ page: 2, pageSize: 50, q: 'x', sort: 'name:asc', status: ['preview'] }))).toMatchObject({ q: 'x', sort: 'name:asc', page: 2, pageSize: 50 });
    expect(listKeyParts(resourceKeys.list('skus', { projectId: 'p1' }, { page: 1, q: 'pro' }))).toMatchObject({ q: 'pro', page: 1 });
    expect(listKeyParts(queryKeys.call('subscriptionPages.get' as never, { params: { id: 'x' } }))).toBeNull();
    expect(listKeyParts(queryKeys.session())).toBeNull();
    // Filters other than search, sort and page keep lists apart.
    expect(listKeyParts(listKey({ status: ['preview'] }))?.group).not.toBe(listKeyParts(listKey({}))?.group);
    expect(listKeyParts(listKey({ q: 'a', page: 3 }))?.group).toBe(listKeyParts(listKey({ sort: 'name:asc' }))?.group);
  });

  it('searches by word prefix over the item’s texts, in any script', () => {
    expect(matchesSearch({ name: 'Summer sale', note: 'Pro plan' }, 'sum pro')).toBe(true);
    expect(matchesSearch({ name: 'Summer sale' }, 'ale')).toBe(true);
    expect(matchesSearch({ name: 'Summer sale' }, 'winter')).toBe(false);
    expect(matchesSearch({ name: '夏季促销' }, '夏季')).toBe(true);
    expect(matchesSearch({ name: 'x' }, '   ')).toBe(true);
  });

  it('sorts ascending and descending with missing values last, ties in their kept order', () => {
    const items = [{ id: '1', n: 2 }, { id: '2' }, { id: '3', n: 1 }, { id: '4', n: 2 }];
    expect(sortItems(items, 'n:asc').map((item) => item.id)).toEqual(['3', '1', '4', '2']);
    expect(sortItems(items, 'n:desc').map((item) => item.id)).toEqual(['1', '4', '3', '2']);
    expect(sortItems(items, undefined).map((item) => item.id)).toEqual(['1', '2', '3', '4']);
  });

  it('merges pages by id with the newest copy, pages the result again, and says nothing without a page of the list', () => {
    const kept = [
      { key: listKey({ page: 1, pageSize: 2 }), data: page([{ id: 'a', name: 'Old A' }, { id: 'b', name: 'B' }], 3, 1, 2), updatedAt: 100 },
      { key: listKey({ page: 1, pageSize: 2, sort: 'name:asc' }), data: page([{ id: 'a', name: 'New A' }], 3, 1, 2), updatedAt: 200 },
    ];
    const derived = deriveList(listKey({ page: 2, pageSize: 1 }), kept);
    expect(derived).toEqual({ data: page([{ id: 'b', name: 'B' }], 2, 2, 1), asOf: 100 });
    expect(deriveList(listKey({ page: 1, pageSize: 5 }), kept)?.data.items[0]).toEqual({ id: 'a', name: 'New A' });
    expect(deriveList(listKey({ page: 1, status: ['official'] }), kept)).toBeNull();
  });
});
