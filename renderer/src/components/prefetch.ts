import { useCallback, useEffect, useRef, type FocusEvent, type MouseEvent } from 'react';
import { pageAt, useRouteTable } from './route-table';

/** Spec §9: when a link loads its target's code ahead of a click. Default `none`. */
export type PrefetchMode = 'none' | 'intent' | 'render' | 'viewport';

/** Spec §9: hover or focus must last this long before an intent prefetch starts. */
export const prefetchIntentDelayMs = 50;
/** Spec §9: a viewport prefetch starts this far before the link scrolls into view. */
export const prefetchViewportMargin = '100px';

/**
 * A function that starts loading the chunk of the console screen or public page at a path, from
 * the route table the app provides; unknown paths do nothing.
 */
export function usePrefetchRoute(): (path: string) => void {
  const table = useRouteTable();
  return useCallback((path: string) => void pageAt(table, path)?.preload().catch(() => undefined), [table]);
}

/**
 * Wires a link element for prefetching its target: on mount (`render`), when within 100 px of the
 * viewport (`viewport`), or after 50 ms of hover or focus (`intent`).
 */
export function usePrefetch<E extends HTMLElement>(to: string, mode: PrefetchMode) {
  const ref = useRef<E | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const prefetchRoute = usePrefetchRoute();

  useEffect(() => {
    if (mode === 'render') prefetchRoute(to);
    if (mode !== 'viewport' || !ref.current || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          prefetchRoute(to);
          observer.disconnect();
        }
      },
      { rootMargin: prefetchViewportMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [mode, to, prefetchRoute]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = () => {
    if (mode !== 'intent') return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => prefetchRoute(to), prefetchIntentDelayMs);
  };
  const cancel = () => window.clearTimeout(timer.current);

  return {
    ref,
    handlers: {
      onMouseEnter: (_: MouseEvent) => start(),
      onMouseLeave: (_: MouseEvent) => cancel(),
      onFocus: (_: FocusEvent) => start(),
      onBlur: (_: FocusEvent) => cancel(),
    },
  };
}
