import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from './full-page-status';
import { PageBoundary } from './page-boundary';

/**
 * The page area of a frame (the console frame and the public frame): chunk loading, and errors
 * kept inside the frame with a retry.
 */
export function PageOutlet() {
  const location = useLocation();
  return (
    <PageBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </PageBoundary>
  );
}
