import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §8/§9: loading a chunk gives up after 120 seconds. */
export const chunkTimeoutMs = 120_000;

/**
 * Loading a code chunk failed: the network refused it, or it took longer than `chunkTimeoutMs`.
 * Spec §8's "load-failed error"; the boundary around pages offers a retry.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Loading a chunk timed out.' : 'Loading a chunk failed.', options);
  }
}

/**
 * Rejects with `ChunkLoadError('timeout')` when `promise` has not settled within `ms`, and turns
 * its own rejection into `ChunkLoadError('failed')`. Timers come from `scheduler` so tests run
 * without waiting.
 */
export function withChunkTimeout<T>(
  promise: Promise<T>,
  ms: number = chunkTimeoutMs,
  scheduler: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: never) => void } = globalThis as never,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = scheduler.setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        scheduler.clearTimeout(timer as never);
        resolve(value);
      },
      (cause: unknown) => {
        scheduler.clearTimeout(timer as never);
        reject(cause instanceof ChunkLoadError ? cause : new ChunkLoadError('failed', { cause }));
      },
    );
  });
}

/** A page loaded on first use: its component for routes, and `preload` for prefetching links. */
export interface LazyPage {
  /** Renders the page, suspending while its chunk loads. */
  readonly Component: ComponentType;
  /** Starts loading the chunk (idempotent while loading or loaded). */
  readonly preload: () => Promise<unknown>;
}

/** Pages whose last load failed, with the function that arms a fresh attempt. */
const failedPages = new Set<() => void>();

/**
 * Arms a fresh load of every page whose chunk failed; the boundary's "Try again" calls it before
 * rendering the page again. (Arming at the moment of failure would make React retry in a loop
 * instead of showing the failure.)
 */
export function retryFailedPages(): void {
  const resets = [...failedPages];
  failedPages.clear();
  for (const reset of resets) reset();
}

/**
 * Wraps a dynamic `import()` of a page module (default export) as a `LazyPage`.
 *
 * React.lazy keeps a rejection forever, so after a failure a new lazy component is made when
 * `retryFailedPages` runs.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = (): Promise<{ default: ComponentType }> => {
    pending ??= withChunkTimeout(load()).catch((error: unknown) => {
      pending = null;
      failedPages.add(reset);
      throw error;
    });
    return pending;
  };
  let current: LazyExoticComponent<ComponentType> = lazy(preload);
  function reset(): void {
    current = lazy(preload);
  }
  function LazyPageComponent() {
    const Current = current;
    return <Current />;
  }
  return { Component: LazyPageComponent, preload };
}
