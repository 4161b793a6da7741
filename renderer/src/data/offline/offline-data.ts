import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { openKeptCache, type KeptCacheOptions } from './kept-cache';
import type { KeptStorage } from './kept-storage';
import { itemRouteOf, kindOf, PendingChanges, type PendingEvent, type PendingSender } from './pending-changes';

/** The storage key naming whose data the storage holds. */
export const OWNER_KEY = 'owner';

export interface OfflineDataOptions {
  readonly storage: KeptStorage;
  readonly queryClient: QueryClient;
  readonly buster: string;
  readonly send: PendingSender;
  readonly cache?: Omit<KeptCacheOptions, 'storage' | 'queryClient' | 'buster'>;
  readonly channel?: BroadcastChannel | null;
  readonly locks?: Pick<LockManager, 'request'> | null;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/**
 * Everything the console keeps for working offline (issue 14), for one operator at a time: the
 * persisted query cache and the changes waiting to be sent.
 *
 * The storage holds one operator's data only. Opening it for another operator (a sign-in after the
 * previous session ended by itself) wipes the previous one's first; the operator's own sign-out
 * wipes it (`wipe`). A change sent updates the item's cached answer and invalidates its kind, as an
 * online save would.
 */
export class OfflineData {
  readonly changes: PendingChanges;
  private owner: string | null = null;
  private opening: { readonly owner: string; readonly done: Promise<void> } | null = null;
  private stopCache: (() => void) | null = null;
  private readonly eventListeners = new Set<(event: PendingEvent) => void>();
  private readonly openListeners = new Set<(owner: string) => void>();

  constructor(private readonly options: OfflineDataOptions) {
    this.changes = new PendingChanges({
      storage: options.storage,
      send: options.send,
      channel: options.channel ?? null,
      locks: options.locks ?? null,
      ...(options.now ? { now: options.now } : {}),
      ...(options.newId ? { newId: options.newId } : {}),
      onEvent: (event) => this.onPendingEvent(event),
    });
  }

  /** Whose data are open, if anyone's. */
  openFor(): string | null {
    return this.owner;
  }

  /** Opens an operator's kept data: restores their cache, loads their waiting changes. */
  open(owner: string): Promise<void> {
    if (this.owner === owner) return Promise.resolve();
    if (this.opening?.owner === owner) return this.opening.done;
    const done = this.doOpen(owner).finally(() => {
      if (this.opening?.done === done) this.opening = null;
    });
    this.opening = { owner, done };
    return done;
  }

  private async doOpen(owner: string): Promise<void> {
    this.close();
    const { storage } = this.options;
    const previous = await storage.get<string>(OWNER_KEY);
    if (previous !== undefined && previous !== owner) await storage.clear();
    await storage.set(OWNER_KEY, owner);
    this.stopCache = await openKeptCache(owner, { storage, queryClient: this.options.queryClient, buster: this.options.buster, ...this.options.cache });
    await this.changes.open(owner);
    this.owner = owner;
    for (const listener of [...this.openListeners]) listener(owner);
  }

  /** Hears an operator's data opened (the console then sends what waits, when it can). */
  onOpened(listener: (owner: string) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** Stops saving the cache (nothing more is written for the operator whose data were open). */
  close(): void {
    this.stopCache?.();
    this.stopCache = null;
    this.owner = null;
  }

  /** Removes everything kept: the operator signed out. */
  async wipe(): Promise<void> {
    this.close();
    this.opening = null;
    this.changes.reset();
    await this.options.storage.clear();
  }

  /** Hears what happens to waiting changes as they are sent. */
  onEvent(listener: (event: PendingEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private onPendingEvent(event: PendingEvent): void {
    const client = this.options.queryClient;
    const kind = kindOf(event.change);
    const itemKey = queryKeys.call(itemRouteOf(event.change.routeId) as never, { params: event.change.params });
    if (event.type === 'sent') client.setQueryData(itemKey, event.result);
    if (event.type === 'conflict') client.setQueryData(itemKey, event.change.theirs);
    if (event.type !== 'refused') {
      void client.invalidateQueries({ queryKey: queryKeys.resource(kind) });
      void client.invalidateQueries({ queryKey: queryKeys.resource('configRecords') });
    }
    for (const listener of [...this.eventListeners]) listener(event);
  }
}
