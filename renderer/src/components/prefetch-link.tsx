import { Link, type LinkProps } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { usePrefetch, type PrefetchMode } from './prefetch';

interface PrefetchLinkProps {
  readonly appearance?: LinkProps['appearance'];
  readonly inline?: boolean;
  readonly className?: string;
  readonly to: string;
  /** Spec §9: `none` (default), `intent`, `render` or `viewport`. */
  readonly prefetch?: PrefetchMode;
  readonly children?: ReactNode;
  /** Called after an in-app navigation starts (e.g. to close the popover holding the link). */
  readonly onNavigate?: () => void;
}

/**
 * A Fluent link to a console screen that navigates in-app and can load the screen's chunk before
 * the click, so the page opens without a loading state.
 */
export function PrefetchLink({ to, prefetch = 'none', children, onNavigate, appearance, inline, className }: PrefetchLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    navigate(event);
    if (event.defaultPrevented) onNavigate?.();
  };
  const { ref, handlers } = usePrefetch<HTMLAnchorElement>(to, prefetch);
  return (
    <Link appearance={appearance} inline={inline} className={className} {...handlers} as="a" ref={ref} href={href} onClick={onClick}>
      {children}
    </Link>
  );
}
