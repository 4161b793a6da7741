import { createContext } from 'react';

/**
 * How the public frame (components/public-layout.tsx) moves on: the router's navigation inside the
 * console (components/public-frame.tsx provides it), or, on the sign-in screen that loads without
 * the router (app/boot.tsx), handing over to the console at that path. Its own module: the boot
 * provides it without loading the frame.
 */
export interface PublicNavigation {
  readonly navigate: (path: string) => void;
  /** Starts loading the code of the page at a path (hover or focus on a link). */
  readonly prefetch: (path: string) => void;
}

export const PublicNavigationContext = createContext<PublicNavigation>({
  navigate: (path) => window.location.assign(path),
  prefetch: () => undefined,
});
