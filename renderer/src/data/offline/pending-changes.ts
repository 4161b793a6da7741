import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import { isAppError, sessionEndedCodes, toAppError } from '../../bridge/app-error';
import type { KeptStorage } from './kept-storage';

/**
 * Changes made offline and waiting to be sent (issue 14), kept per operator so they survive a
 * restart, and sent in the order they were made once the connection returns.
 *
 * Only changes that touch nothing but a draft wait here: a configuration item's `saveDraft`, of
 * every kind (`<kind>.saveDraft`, found by route id, so a kind added later needs nothing here).
 * Each carries the version it was based on; the server refuses a stale one (108007), and such a
 * change is kept, with the newer item it met, for the operator to compare in the conflict view.
 * Nothing is ever dropped but by the operator (discard, or sign-out).
 *
 * Several console windows (browser tabs) share the storage: every change reads it first, a flush
 * holds a Web Lock so two windows never send the same change, and a broadcast tells the others to
 * read again.
 */

/** What a waiting change is doing: waiting to be sent, stopped at a newer version, or refused. */
export type PendingStatus = 'waiting' | 'conflict' | 'refused';

export interface PendingChange {
  readonly id: string;
  /** The route that sends it: `<kind>.saveDraft`. */
  readonly routeId: string;
  readonly params: Readonly<Record<string, string>>;
  /** The request body; its `version` is the version the change was based on. */
  readonly body: { readonly version: number; readonly [field: string]: unknown };
  /** The item's name when the change was made, for the list. */
  readonly label: string;
  /** When it was last changed (ISO). */
  readonly savedAt: string;
  readonly status: PendingStatus;
  /** With `conflict`: the newer item the change met. */
  readonly theirs?: unknown;
  /** With `refused`: why. */
  readonly refusal?: { readonly code: number; readonly fieldErrors?: FieldErrors };
}

/** The routes whose changes may wait offline: a configuration kind's `saveDraft`. */
export function isQueueableRoute(routeId: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*\.saveDraft$/.test(routeId);
}

/** The route that reads the item a queued change belongs to (`<kind>.saveDraft` → `<kind>.get`). */
export function itemRouteOf(routeId: string): string {
  return routeId.replace(/\.saveDraft$/, '.get');
}

/** The kind (route prefix) of a queued change. */
export function kindOf(change: Pick<PendingChange, 'routeId'>): string {
  return change.routeId.slice(0, change.routeId.indexOf('.'));
}

/** Calls an API route; throws an `AppError` on refusal or failure (`callApi`). */
export type PendingSender = (routeId: string, input: { params: Readonly<Record<string, string>>; body?: unknown }) => Promise<unknown>;

/** What happened to a change during a flush. */
export type PendingEvent =
  | { readonly type: 'sent'; readonly change: PendingChange; readonly result: unknown }
  | { readonly type: 'conflict'; readonly change: PendingChange }
  | { readonly type: 'refused'; readonly change: PendingChange };

export interface PendingChangesOptions {
  readonly storage: KeptStorage;
  readonly send: PendingSender;
  readonly now?: () => Date;
  readonly newId?: () => string;
  /** Hears every change sent, stopped or refused (the console notifies and updates its cache). */
  readonly onEvent?: (event: PendingEvent) => void;
  /** Another window of the console changed the queue; null in tests and where unsupported. */
  readonly channel?: BroadcastChannel | null;
  /** Cross-window mutual exclusion for flushes; navigator.locks where available. */
  readonly locks?: Pick<LockManager, 'request'> | null;
}

/** What a flush ended with: everything tried, or stopped because the way closed again. */
export type FlushOutcome = 'done' | 'unreachable' | 'signedOut' | 'busy';

/** The storage key of an operator's waiting changes. */
export function pendingKey(owner: string): string {
  return `changes:${owner}`;
}

function sameTarget(a: Pick<PendingChange, 'routeId' | 'params'>, b: Pick<PendingChange, 'routeId' | 'params'>): boolean {
  if (a.routeId !== b.routeId) return false;
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  return [...keys].every((key) => a.params[key] === b.params[key]);
}

/** The queue of one operator's waiting changes (see the module comment). */
export class PendingChanges {
  private owner: string | null = null;
  private changes: readonly PendingChange[] = [];
  private readonly listeners = new Set<() => void>();
  /** Changes to the stored list run one after another, so none is lost to a race. */
  private writing: Promise<unknown> = Promise.resolve();
  private flushing: Promise<FlushOutcome> | null = null;

  constructor(private readonly options: PendingChangesOptions) {
    options.channel?.addEventListener('message', () => void this.reload());
  }

  /** The waiting changes, oldest first. */
  list(): readonly PendingChange[] {
    return this.changes;
  }

  /** The change waiting for one item (route and params), if any. */
  find(routeId: string, params: Readonly<Record<string, string>>): PendingChange | undefined {
    return this.changes.find((change) => sameTarget(change, { routeId, params }));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly PendingChange[] => this.changes;

  /** Loads an operator's waiting changes (at sign-in and start). */
  async open(owner: string): Promise<void> {
    this.owner = owner;
    await this.reload();
  }

  /** Forgets the changes in memory (the storage is wiped by the caller: sign-out). */
  reset(): void {
    this.owner = null;
    this.set([]);
  }

  /**
   * Keeps a draft change to send later. A change already waiting for the same item takes the new
   * body instead (the draft replaces the whole draft), keeping its place in the order and the
   * version it was based on; one stopped at a conflict stays stopped, now with this draft.
   */
  async save(input: { readonly routeId: string; readonly params: Readonly<Record<string, string>>; readonly body: PendingChange['body']; readonly label: string }): Promise<PendingChange> {
    if (!isQueueableRoute(input.routeId)) throw new Error(`${input.routeId} cannot wait offline`);
    let saved: PendingChange | undefined;
    await this.update((changes) => {
      const savedAt = (this.options.now?.() ?? new Date()).toISOString();
      const existing = changes.find((change) => sameTarget(change, input));
      if (existing) {
        saved = {
          ...existing,
          body: { ...input.body, version: existing.body.version },
          label: input.label,
          savedAt,
          status: existing.status === 'conflict' ? 'conflict' : 'waiting',
          ...(existing.status === 'conflict' ? {} : { theirs: undefined, refusal: undefined }),
        };
        return changes.map((change) => (change.id === existing.id ? (saved as PendingChange) : change));
      }
      saved = { id: this.options.newId?.() ?? crypto.randomUUID(), routeId: input.routeId, params: { ...input.params }, body: input.body, label: input.label, savedAt, status: 'waiting' };
      return [...changes, saved];
    });
    return saved as PendingChange;
  }

  /** Drops a waiting change (the operator's choice: discard, or "take theirs"). */
  async discard(id: string): Promise<void> {
    await this.update((changes) => changes.filter((change) => change.id !== id));
  }

  /**
   * "Keep mine" after a conflict: the change is based on the newer version it met and waits to be
   * sent again, over it, as the operator decided.
   */
  async rebase(id: string, version: number): Promise<void> {
    await this.update((changes) =>
      changes.map((change) => (change.id === id ? { ...change, body: { ...change.body, version }, status: 'waiting' as const, theirs: undefined, refusal: undefined } : change)),
    );
  }

  /** Sends a refused change again as it is (after the cause was fixed elsewhere). */
  async retry(id: string): Promise<void> {
    await this.update((changes) => changes.map((change) => (change.id === id ? { ...change, status: 'waiting' as const, refusal: undefined } : change)));
  }

  /**
   * Sends the waiting changes in order. Stops, keeping the rest, when the server cannot be reached
   * or the session has ended; a change met by a newer version (108007) is kept with that version,
   * one refused for another reason is kept with its refusal, and the others go on.
   */
  flush(): Promise<FlushOutcome> {
    if (this.flushing) return this.flushing;
    const run = async (): Promise<FlushOutcome> => {
      const locks = this.options.locks;
      if (!locks) return this.flushHeld();
      return (await locks.request('palette-pending-changes', { ifAvailable: true }, async (lock) => (lock ? this.flushHeld() : 'busy'))) as FlushOutcome;
    };
    this.flushing = run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushHeld(): Promise<FlushOutcome> {
    await this.reload();
    for (;;) {
      const next = this.changes.find((change) => change.status === 'waiting');
      if (!next) return 'done';
      const owner = this.owner;
      let result: unknown;
      try {
        result = await this.options.send(next.routeId, { params: next.params, body: next.body });
      } catch (thrown) {
        const error = toAppError(thrown);
        if (owner !== this.owner) return 'signedOut';
        if (error.code === ErrorCode.NetworkFailed || error.code === ErrorCode.Offline || error.code === ErrorCode.Timeout) return 'unreachable';
        if (sessionEndedCodes.has(error.code)) return 'signedOut';
        if (error.code === ErrorCode.VersionConflict) {
          let theirs: unknown;
          try {
            theirs = await this.options.send(itemRouteOf(next.routeId), { params: next.params });
          } catch (readError) {
            if (isAppError(readError) && sessionEndedCodes.has(readError.code)) return 'signedOut';
            return 'unreachable';
          }
          const stopped: PendingChange = { ...next, status: 'conflict', theirs };
          await this.update((changes) => changes.map((change) => (change.id === next.id ? stopped : change)));
          this.options.onEvent?.({ type: 'conflict', change: stopped });
        } else {
          const refused: PendingChange = { ...next, status: 'refused', refusal: { code: error.code, ...(Object.keys(error.fieldErrors).length > 0 ? { fieldErrors: error.fieldErrors } : {}) } };
          await this.update((changes) => changes.map((change) => (change.id === next.id ? refused : change)));
          this.options.onEvent?.({ type: 'refused', change: refused });
        }
        continue;
      }
      if (owner !== this.owner) return 'signedOut';
      await this.update((changes) => changes.filter((change) => change.id !== next.id));
      this.options.onEvent?.({ type: 'sent', change: next, result });
    }
  }

  /** Reads the stored list again (another window may have changed it). */
  async reload(): Promise<void> {
    const owner = this.owner;
    await this.enqueue(async () => {
      if (owner === null || owner !== this.owner) return;
      const stored = await this.options.storage.get<PendingChange[]>(pendingKey(owner));
      if (owner === this.owner) this.set(stored ?? []);
    });
  }

  private async update(change: (changes: readonly PendingChange[]) => readonly PendingChange[]): Promise<void> {
    const owner = this.owner;
    if (owner === null) throw new Error('No operator: nothing can wait to be sent');
    await this.enqueue(async () => {
      const stored = (await this.options.storage.get<PendingChange[]>(pendingKey(owner))) ?? [];
      const next = change(stored).map((entry) => JSON.parse(JSON.stringify(entry)) as PendingChange);
      if (owner !== this.owner) return;
      await this.options.storage.set(pendingKey(owner), next);
      this.set(next);
      this.options.channel?.postMessage('changed');
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.writing.then(step, step);
    this.writing = run.catch(() => undefined);
    return run;
  }

  private set(changes: readonly PendingChange[]): void {
    this.changes = changes;
    for (const listener of [...this.listeners]) listener();
  }
}
