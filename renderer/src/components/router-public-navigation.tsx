import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePrefetchRoute } from './prefetch';
import { PublicNavigationContext, type PublicNavigation } from './public-navigation';

/** The public frame's links inside the console's router: navigation and prefetching from the route table. */
export function RouterPublicNavigation({ children }: { readonly children: ReactNode }) {
  const navigate = useNavigate();
  const prefetch = usePrefetchRoute();
  const value = useMemo<PublicNavigation>(() => ({ navigate: (path) => void navigate(path), prefetch }), [navigate, prefetch]);
  return <PublicNavigationContext.Provider value={value}>{children}</PublicNavigationContext.Provider>;
}
