import { createBrowserRouter, createHashRouter, Navigate, redirect, type RouteObject } from 'react-router-dom';
import { AdaptiveFrame, IndexRedirect, PublicOnly, RequireAuth } from './guards';
import { lazyPage } from '../components/lazy-page';
import { consoleRoutes, parentRedirects, publicPages } from './routes';
import { ForbiddenPage, NotFoundPage, ServerErrorPage, StatusScreen } from '../components/status-screen';
import { Suspense } from 'react';
import { FullPageSpinner } from '../components/full-page-status';
import { PageBoundary } from '../components/page-boundary';
import { RouterPublicNavigation } from '../components/router-public-navigation';

/** The sign-in page: its own small chunk, the first thing a signed-out operator downloads. */
export const loginPage = lazyPage(() => import('../pages/login/login-page'));

/**
 * The route objects of the whole console (spec §2): `/` redirects, `/login` is public, every
 * console screen from the route table sits under the authenticated frame, the status pages and the
 * help and legal pages adapt to the session, and any other address goes to `/404`.
 */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <StatusScreen kind="serverError" onRetry={() => window.location.reload()} />,
      children: [
        { index: true, element: <IndexRedirect /> },
        {
          path: 'login',
          element: (
            <PublicOnly>
              <RouterPublicNavigation>
                <PageBoundary resetKey="login">
                  <Suspense fallback={<FullPageSpinner />}>
                    <loginPage.Component />
                  </Suspense>
                </PageBoundary>
              </RouterPublicNavigation>
            </PublicOnly>
          ),
        },
        // A parent opens its first child; the child's own guard then asks for a session.
        ...parentRedirects.map((entry) => ({ path: entry.from.slice(1), loader: () => redirect(entry.to) })),
        {
          element: <RequireAuth />,
          children: consoleRoutes.map((route) => ({ path: route.path.slice(1), element: <route.page.Component /> })),
        },
        {
          element: <AdaptiveFrame />,
          children: [
            { path: '403', element: <ForbiddenPage /> },
            { path: '404', element: <NotFoundPage /> },
            { path: '500', element: <ServerErrorPage /> },
            ...publicPages.map((page) => ({ path: page.path.slice(1), element: <page.page.Component /> })),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/**
 * Browser history with base path `/` (spec §2). A window that loads the renderer from `file://`
 * has no server to answer deep paths, so there the hash keeps the route instead.
 */
export function createConsoleRouter() {
  const routes = buildRouteObjects();
  return window.location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes, { basename: '/' });
}
