import { ErrorCode } from '@contract/errors';
import { QueryClient, type DefaultedQueryObserverOptions, type Query, type QueryClientConfig, type QueryFunctionContext, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { isAppError } from '../../bridge/app-error';
import { NotKeptOfflineError } from '../../connectivity/not-kept';
import { deriveList, listKeyParts, type KeptList } from './offline-lists';

/**
 * How the console's queries behave without a connection (issue 14), for every query of the API
 * (`queryKeys.api()`), whichever hook made it:
 *
 * - a query holding data (fetched in this run, or restored from the kept cache) is not fetched
 *   while offline: it shows what it holds, with its age, and no error; a fetch that fails for want
 *   of a server leaves its data as they were (no error state over kept data);
 * - a query holding nothing fails at once with `NotKeptOfflineError` ("this was never opened on
 *   this computer"), instead of spinning or retrying;
 * - a list query holding nothing is answered, when it can be, from the kept pages of the same list,
 *   searched and sorted here (offline-lists.ts), as placeholder data that is never kept as the
 *   server's answer.
 *
 * It is applied where TanStack Query resolves every observer's and fetch's options
 * (`defaultQueryOptions`), so no screen has to opt in and none can forget to.
 */

type AnyQuery = Query<unknown, Error, unknown, QueryKey>;

/** Whether a key is one of the API's (`['palette', 'api', ...]`). */
export function isApiKey(key: QueryKey | undefined): boolean {
  return Array.isArray(key) && key[0] === 'palette' && key[1] === 'api';
}

function resolve<T>(value: T | ((query: AnyQuery) => T) | undefined, query: AnyQuery): T | undefined {
  return typeof value === 'function' ? (value as (query: AnyQuery) => T)(query) : value;
}

/** A failed call that means "no way to the server": the host or server did not answer, or offline. */
function isUnreachable(error: unknown): boolean {
  return isAppError(error) && (error.code === ErrorCode.NetworkFailed || error.code === ErrorCode.Offline || error.code === ErrorCode.Timeout);
}

export interface OfflineQueryPolicy {
  /** Whether the console is offline now (the connectivity store). */
  readonly isOffline: () => boolean;
}

/**
 * The console's query client with the offline behaviour above. `derivedAge(hash)` tells the age of
 * a list answered from kept pages, for the "as of" notice.
 */
export class OfflineAwareQueryClient extends QueryClient {
  private readonly derived = new Map<string, { stamp: number; result: ReturnType<typeof deriveList> }>();
  private stamp = 0;

  constructor(
    config: QueryClientConfig,
    private readonly policy: OfflineQueryPolicy,
  ) {
    super(config);
    this.getQueryCache().subscribe((event) => {
      if (event.type === 'added' || event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) this.stamp += 1;
    });
  }

  /** Whether the console is offline now. */
  isOffline(): boolean {
    return this.policy.isOffline();
  }

  /** When the kept pages a derived list answer used were fetched (the oldest), if it is one. */
  derivedAge(queryHash: string): number | null {
    const entry = this.derived.get(queryHash);
    return entry?.result ? entry.result.asOf : null;
  }

  override defaultQueryOptions<TQueryFnData = unknown, TError = Error, TData = TQueryFnData, TQueryData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    options: QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam> | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const alreadyDefaulted = options._defaulted === true;
    const defaulted = super.defaultQueryOptions(options);
    if (alreadyDefaulted || !isApiKey(defaulted.queryKey)) return defaulted;
    return this.applyOfflinePolicy(defaulted as unknown as DefaultedQueryObserverOptions) as unknown as DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
  }

  private applyOfflinePolicy(options: DefaultedQueryObserverOptions): DefaultedQueryObserverOptions {
    const ownEnabled = options.enabled as boolean | ((query: AnyQuery) => boolean) | undefined;
    const ownStaleTime = options.staleTime as number | 'static' | ((query: AnyQuery) => number | 'static') | undefined;
    const ownQueryFn = options.queryFn;
    const ownPlaceholder = options.placeholderData;
    const key = options.queryKey;
    const hash = options.queryHash as string;
    const isList = listKeyParts(key) !== null;
    const offline = () => this.policy.isOffline();
    const next: DefaultedQueryObserverOptions = { ...options };

    next.enabled = (query: AnyQuery) => {
      if (resolve(ownEnabled, query) === false) return false;
      if (!offline()) return true;
      // Offline: only a query holding nothing runs (and fails at once, "not kept"), unless kept
      // pages of its list can answer it.
      return query.state.data === undefined && !(isList && this.derive(key, hash) !== null);
    };
    next.staleTime = (query: AnyQuery) => (offline() ? Infinity : (resolve(ownStaleTime, query) ?? 0));

    if (isList) {
      next.placeholderData = ((previous: unknown, previousQuery: AnyQuery | undefined) => {
        if (offline()) {
          const derived = this.derive(key, hash);
          if (derived) return derived.data;
        }
        return typeof ownPlaceholder === 'function' ? (ownPlaceholder as (p: unknown, q: unknown) => unknown)(previous, previousQuery) : ownPlaceholder;
      }) as DefaultedQueryObserverOptions['placeholderData'];
    }

    if (typeof ownQueryFn === 'function') {
      next.queryFn = async (context: QueryFunctionContext) => {
        try {
          if (offline()) throw new NotKeptOfflineError();
          return await ownQueryFn(context);
        } catch (error) {
          // A refusal, or a slow answer while the way is open, is the screen's to show.
          if (!isUnreachable(error) || !offline()) throw error;
          const query = this.getQueryCache().get(hash);
          if (query && query.state.data !== undefined) {
            // Kept data stay shown as they were, with no error over them: the fetch is reverted
            // (the query's state before it comes back) rather than failed. (A manual refetch
            // offline, or a server that stopped answering mid-session.)
            await Promise.resolve();
            void query.cancel({ revert: true });
            return query.state.data;
          }
          throw error instanceof NotKeptOfflineError ? error : new NotKeptOfflineError();
        }
      };
    }
    return next;
  }

  /** A list answer from kept pages of the same list, memoized until the cache changes. */
  private derive(key: QueryKey, hash: string): ReturnType<typeof deriveList> {
    const known = this.derived.get(hash);
    if (known && known.stamp === this.stamp) return known.result;
    const kept: KeptList[] = this.getQueryCache()
      .findAll({ queryKey: key.slice(0, 3) })
      .filter((query) => query.queryHash !== hash && query.state.data !== undefined && query.state.status === 'success')
      .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
    const result = deriveList(key, kept);
    this.derived.set(hash, { stamp: this.stamp, result });
    return result;
  }
}
