import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import { keptCacheKey } from '../../../renderer/src/data/offline/kept-cache';
import { memoryStorage } from '../../../renderer/src/data/offline/kept-storage';
import { OfflineData, OWNER_KEY } from '../../../renderer/src/data/offline/offline-data';
import { isQueueableRoute, itemRouteOf, PendingChanges, pendingKey, type PendingEvent, type PendingSender } from '../../../renderer/src/data/offline/pending-changes';
import { queryKeys } from '../../../renderer/src/data/query-keys';

/**
 * The changes waiting offline (issue 14): kept per operator across restarts, sent in order with the
 * version each was based on, stopped (never overwritten) by a newer version, discarded only by the
 * operator, wiped at sign-out and when another operator signs in.
 */

const OWNER = 'operator-1';
const params = (id: string) => ({ projectId: 'p1', id });
const draft = (name: string) => ({ version: 3, draft: { name, title: `${name} title` } });

/** A fake server: items by id with a version; saveDraft refuses a stale version with 108007. */
function fakeServer() {
  const items = new Map<string, { id: string; version: number; name: string; draft: Record<string, unknown> }>();
  const calls: Array<{ routeId: string; id: string; version?: number }> = [];
  let reachable = true;
  const refuse = new Map<string, AppError>();
  const send: PendingSender = async (routeId, input) => {
    const id = input.params['id'] as string;
    const body = input.body as { version: number; draft: Record<string, unknown> } | undefined;
    calls.push({ routeId, id, ...(body ? { version: body.version } : {}) });
    if (!reachable) throw new AppError(ErrorCode.NetworkFailed, 'unreachable');
    const item = items.get(id);
    if (!item) throw new AppError(ErrorCode.DataMissing, 'gone');
    if (routeId.endsWith('.get')) return item;
    const refusal = refuse.get(id);
    if (refusal) throw refusal;
    if (body?.version !== item.version) throw new AppError(ErrorCode.VersionConflict, 'stale');
    const next = { ...item, version: item.version + 1, draft: body.draft, name: String(body.draft['name']) };
    items.set(id, next);
    return next;
  };
  for (const id of ['a', 'b', 'c']) items.set(id, { id, version: 3, name: id, draft: { name: id } });
  return {
    items,
    calls,
    send,
    refuse,
    setReachable: (value: boolean) => {
      reachable = value;
    },
  };
}

function queue(storage = memoryStorage(), send: PendingSender = fakeServer().send, onEvent?: (event: PendingEvent) => void) {
  let n = 0;
  return new PendingChanges({ storage, send, newId: () => `change-${++n}`, now: () => new Date('2026-03-02T10:42:00.000Z'), ...(onEvent ? { onEvent } : {}) });
}

describe('which changes may wait', () => {
  it('is a configuration kind’s saveDraft, of any kind, and nothing else', () => {
    expect(isQueueableRoute('subscriptionPages.saveDraft')).toBe(true);
    expect(isQueueableRoute('someKindAddedLater.saveDraft')).toBe(true);
    for (const other of ['subscriptionPages.publish', 'subscriptionPages.delete', 'skus.update', 'projects.invitations.create', 'saveDraft']) expect(isQueueableRoute(other)).toBe(false);
    expect(itemRouteOf('banners.saveDraft')).toBe('banners.get');
  });

  it('refuses to keep any other change', async () => {
    const changes = queue();
    await changes.open(OWNER);
    await expect(changes.save({ routeId: 'subscriptionPages.publish', params: params('a'), body: { version: 3 }, label: 'a' })).rejects.toThrow();
  });
});

describe('the pending-change queue', () => {
  it('keeps changes in the order they were made, one per item, with the version each was based on', async () => {
    const changes = queue();
    await changes.open(OWNER);
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    await changes.save({ routeId: 'banners.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    // A second save of B replaces its draft, keeps its place and the version it was based on.
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: { version: 4, draft: { name: 'B2' } }, label: 'B2' });
    expect(changes.list().map((change) => [change.routeId, change.params.id, change.body.version, change.label])).toEqual([
      ['subscriptionPages.saveDraft', 'b', 3, 'B2'],
      ['banners.saveDraft', 'a', 3, 'A1'],
    ]);
    expect(changes.list()[0]?.body['draft']).toEqual({ name: 'B2' });
  });

  it('survives a restart: a new console over the same storage finds every change', async () => {
    const storage = memoryStorage();
    const before = queue(storage);
    await before.open(OWNER);
    await before.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await before.save({ routeId: 'popups.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });

    const after = queue(storage);
    expect(after.list()).toEqual([]);
    await after.open(OWNER);
    expect(after.list().map((change) => change.label)).toEqual(['A1', 'B1']);
    expect(after.list()[0]).toMatchObject({ status: 'waiting', savedAt: '2026-03-02T10:42:00.000Z', body: draft('A1') });
  });

  it('sends in order when the way opens, each with its version, and removes what arrived', async () => {
    const server = fakeServer();
    const events: PendingEvent[] = [];
    const changes = queue(memoryStorage(), server.send, (event) => events.push(event));
    await changes.open(OWNER);
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('c'), body: draft('C1'), label: 'C1' });
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await expect(changes.flush()).resolves.toBe('done');
    expect(server.calls).toEqual([
      { routeId: 'subscriptionPages.saveDraft', id: 'c', version: 3 },
      { routeId: 'subscriptionPages.saveDraft', id: 'a', version: 3 },
    ]);
    expect(changes.list()).toEqual([]);
    expect(server.items.get('a')).toMatchObject({ version: 4, draft: { name: 'A1', title: 'A1 title' } });
    expect(events.map((event) => [event.type, event.change.label])).toEqual([
      ['sent', 'C1'],
      ['sent', 'A1'],
    ]);
  });

  it('stops at the first change the server cannot be reached for, keeping it and all after it', async () => {
    const server = fakeServer();
    const changes = queue(memoryStorage(), server.send);
    await changes.open(OWNER);
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    server.setReachable(false);
    await expect(changes.flush()).resolves.toBe('unreachable');
    expect(server.calls).toHaveLength(1);
    expect(changes.list().map((change) => [change.label, change.status])).toEqual([
      ['A1', 'waiting'],
      ['B1', 'waiting'],
    ]);
    server.setReachable(true);
    await expect(changes.flush()).resolves.toBe('done');
    expect(changes.list()).toEqual([]);
  });

  it('stops when the session has ended, keeping everything for the same operator’s next sign-in', async () => {
    const send = vi.fn<PendingSender>(async () => {
      throw new AppError(ErrorCode.TokenExpired, 'expired');
    });
    const changes = queue(memoryStorage(), send);
    await changes.open(OWNER);
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await expect(changes.flush()).resolves.toBe('signedOut');
    expect(changes.list()).toHaveLength(1);
  });

  it('keeps a change that met a newer version with both sides, sends the rest, and never overwrites', async () => {
    const server = fakeServer();
    const events: PendingEvent[] = [];
    const changes = queue(memoryStorage(), server.send, (event) => events.push(event));
    await changes.open(OWNER);
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('Mine'), label: 'Mine' });
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    // Another operator changed A meanwhile.
    server.items.set('a', { id: 'a', version: 4, name: 'Theirs', draft: { name: 'Theirs' } });

    await expect(changes.flush()).resolves.toBe('done');
    expect(server.items.get('a')).toMatchObject({ version: 4, draft: { name: 'Theirs' } });
    expect(server.items.get('b')).toMatchObject({ version: 4, draft: { name: 'B1', title: 'B1 title' } });
    const [stopped] = changes.list();
    expect(stopped).toMatchObject({ label: 'Mine', status: 'conflict', body: draft('Mine'), theirs: { version: 4, draft: { name: 'Theirs' } } });
    expect(events.map((event) => event.type)).toEqual(['conflict', 'sent']);

    // A later flush leaves it alone until the operator decides.
    server.calls.length = 0;
    await changes.flush();
    expect(server.calls).toEqual([]);

    // "Keep mine": based on their version now, sent over it as decided.
    await changes.rebase(stopped!.id, 4);
    await expect(changes.flush()).resolves.toBe('done');
    expect(server.items.get('a')).toMatchObject({ version: 5, draft: { name: 'Mine' } });
    expect(changes.list()).toEqual([]);
  });

  it('"take theirs" drops the change, and a discard is the only other way one goes', async () => {
    const server = fakeServer();
    const changes = queue(memoryStorage(), server.send);
    await changes.open(OWNER);
    const mine = await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('Mine'), label: 'Mine' });
    const other = await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    await changes.discard(other.id);
    expect(changes.list().map((change) => change.id)).toEqual([mine.id]);
    server.items.set('a', { id: 'a', version: 9, name: 'Theirs', draft: { name: 'Theirs' } });
    await changes.flush();
    await changes.discard(mine.id);
    expect(changes.list()).toEqual([]);
    expect(server.items.get('a')).toMatchObject({ version: 9, draft: { name: 'Theirs' } });
  });

  it('keeps a refused change with its refusal, goes on with the others, and sends it again on request', async () => {
    const server = fakeServer();
    server.refuse.set('a', new AppError(ErrorCode.ParamInvalid, 'too long', { 'draft.title': { key: 'validation.lengthMax', params: { max: 10 } } }));
    const changes = queue(memoryStorage(), server.send);
    await changes.open(OWNER);
    const refused = await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    await changes.flush();
    expect(changes.list()).toEqual([
      expect.objectContaining({ id: refused.id, status: 'refused', refusal: { code: ErrorCode.ParamInvalid, fieldErrors: { 'draft.title': { key: 'validation.lengthMax', params: { max: 10 } } } } }),
    ]);
    server.refuse.delete('a');
    await changes.retry(refused.id);
    await changes.flush();
    expect(changes.list()).toEqual([]);
  });

  it('sends a change once even with two console windows flushing together (one holds the lock)', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let held = false;
    const locks = {
      request: (async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<unknown>) => {
        if (held) return callback(null);
        held = true;
        try {
          return await callback({});
        } finally {
          held = false;
        }
      }) as unknown as LockManager['request'],
    };
    const one = new PendingChanges({ storage, send: server.send, locks });
    const two = new PendingChanges({ storage, send: server.send, locks });
    await one.open(OWNER);
    await two.open(OWNER);
    await one.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    const outcomes = await Promise.all([one.flush(), two.flush()]);
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    expect(server.calls.filter((call) => call.routeId.endsWith('.saveDraft'))).toHaveLength(1);
    await two.reload();
    expect(two.list()).toEqual([]);
  });
});

describe('kept data per operator', () => {
  function offlineData(storage = memoryStorage(), send: PendingSender = fakeServer().send) {
    const queryClient = new QueryClient();
    return { data: new OfflineData({ storage, queryClient, buster: 'b1', send, cache: { throttleMs: 0 } }), queryClient, storage };
  }

  it('wipes every change and the kept answers at sign-out', async () => {
    const { data, storage } = offlineData();
    await data.open(OWNER);
    await data.changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    expect(storage.keys()).toContain(pendingKey(OWNER));
    await data.wipe();
    expect(storage.keys()).toEqual([]);
    expect(data.changes.list()).toEqual([]);
    // After the wipe nothing can wait for nobody.
    await expect(data.changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' })).rejects.toThrow();
  });

  it('wipes the previous operator’s data when another operator signs in, and keeps them for the same one', async () => {
    const storage = memoryStorage();
    const first = offlineData(storage);
    await first.data.open(OWNER);
    await first.data.changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    first.data.close();

    // The same operator after a restart: their change is there.
    const again = offlineData(storage);
    await again.data.open(OWNER);
    expect(again.data.changes.list()).toHaveLength(1);
    again.data.close();

    // Someone else: nothing of the first operator is left, not even on disk.
    const other = offlineData(storage);
    await other.data.open('operator-2');
    expect(other.data.changes.list()).toEqual([]);
    expect(storage.keys()).not.toContain(pendingKey(OWNER));
    expect(storage.keys()).not.toContain(keptCacheKey(OWNER));
    await expect(storage.get(OWNER_KEY)).resolves.toBe('operator-2');
  });

  it('puts what a sent change answered into the item’s cached answer, and what a conflict met', async () => {
    const server = fakeServer();
    const { data, queryClient } = offlineData(memoryStorage(), server.send);
    await data.open(OWNER);
    await data.changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('a'), body: draft('A1'), label: 'A1' });
    await data.changes.save({ routeId: 'subscriptionPages.saveDraft', params: params('b'), body: draft('B1'), label: 'B1' });
    server.items.set('b', { id: 'b', version: 7, name: 'Theirs', draft: { name: 'Theirs' } });
    await data.changes.flush();
    expect(queryClient.getQueryData(queryKeys.call('subscriptionPages.get' as never, { params: params('a') }))).toMatchObject({ version: 4, draft: { name: 'A1' } });
    expect(queryClient.getQueryData(queryKeys.call('subscriptionPages.get' as never, { params: params('b') }))).toMatchObject({ version: 7, draft: { name: 'Theirs' } });
  });
});
