import { authRoutes } from './auth';
import { catalogRoutes } from './catalog';
import { commerceRoutes } from './commerce';
import { clientKeyRoutes } from './client-keys';
import { previewRoutes } from './preview';
import { integrationRoutes } from './integrations';
import { configRoutes } from '../config';
import { deliveryRoutes } from '../delivery/routes';
import { feedbackRoutes } from '../delivery/feedback';
import { affiliateDeliveryRoutes } from '../delivery/affiliate';
import { affiliateRoutes } from './affiliates';
import { mediaRoutes } from '../media';
import { popupRoutes } from './popups';
import { projectRoutes } from './projects';
import { systemRoutes } from './system';
import { teamRoutes } from './teams';
import type { RouteDef } from './route';

export * from './route';
export * from './auth';
export * from './projects';
export * from './catalog';
export * from './client-keys';
export * from './preview';
export * from './integrations';
export * from './teams';
export * from './system';
export * from './affiliates';

/** Every API route, by id. Server, main and renderer all read this one table. */
export const routes = {
  ...authRoutes,
  ...projectRoutes,
  ...catalogRoutes,
  ...clientKeyRoutes,
  ...previewRoutes,
  ...integrationRoutes,
  ...teamRoutes,
  ...mediaRoutes,
  ...systemRoutes,
  ...configRoutes,
  ...popupRoutes,
  ...deliveryRoutes,
  ...feedbackRoutes,
  ...affiliateDeliveryRoutes,
  ...affiliateRoutes,
  ...commerceRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

export function isRouteId(id: string): id is RouteId {
  return Object.prototype.hasOwnProperty.call(routes, id);
}

export const routeList: ReadonlyArray<readonly [RouteId, RouteDef]> = Object.entries(routes) as unknown as ReadonlyArray<
  readonly [RouteId, RouteDef]
>;
