import { and, eq } from 'drizzle-orm';
import type { DeliveryEntitlements } from '@contract/api/commerce';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { customerEntitlements } from './entitlements';

/**
 * What the delivery API tells the app about its own user: the entitlements active now, from
 * verified store data and manual unlocks (entitlements.ts decides, as for the console), each with
 * when it ends as far as known (null: no end) and where it comes from (a manual unlock wins the
 * label when both give it, since support may be covering a store problem).
 *
 * The route `delivery.entitlements` (server/src/delivery/routes.ts) answers this with the user's
 * segment memberships (segments.ts `segmentMemberships`), `Cache-Control: private, no-store` (it is
 * one user's data). An unknown user answers an empty list (never 404: the app cannot tell a new user
 * from an unknown one). Costs two indexed queries: the customer by (project, app user id), then its
 * grants with the SKU links.
 */
export async function activeEntitlementsOf(db: Database, projectId: string, appUserId: string, at: Date): Promise<Omit<DeliveryEntitlements, 'segments'>> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
  if (!customer) return { userId: appUserId, entitlements: [] };
  const all = (await customerEntitlements(db, projectId, [customer.id], at)).get(customer.id) ?? [];
  return {
    userId: appUserId,
    entitlements: all
      .filter((entitlement) => entitlement.active)
      .map((entitlement) => {
        const active = entitlement.reasons.filter((reason) => reason.active);
        return {
          identifier: entitlement.identifier,
          expiresAt: entitlement.activeUntil,
          source: active.some((reason) => reason.source === 'manual') ? ('manual' as const) : ('store' as const),
        };
      }),
  };
}
