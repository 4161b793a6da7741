import { useEffect, useState } from 'react';

/**
 * Whether the header should be hidden after a scroll from `previousY` to `y`: hidden while moving
 * down past `threshold` (the header's own height), shown again on any move up or near the top.
 * Moves smaller than `jitter` pixels change nothing, so touchpad noise does not flicker it.
 */
export function nextHeaderHidden(previousY: number, y: number, hidden: boolean, threshold: number, jitter = 4): boolean {
  if (y <= threshold) return false;
  const delta = y - previousY;
  if (Math.abs(delta) < jitter) return hidden;
  return delta > 0;
}

/** Tracks window scrolling and answers whether the header should hide (when `enabled`). */
export function useHideOnScroll(enabled: boolean, threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let previous = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        setHidden((current) => nextHeaderHidden(previous, y, current, threshold));
        previous = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
      setHidden(false);
    };
  }, [enabled, threshold]);
  return enabled && hidden;
}
