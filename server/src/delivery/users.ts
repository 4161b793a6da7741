import type { DeliveryEntitlements, SegmentDefinition } from '@contract/api/commerce';
import type { Database } from '../db/client';
import { activeEntitlementsOf } from '../domains/commerce/delivery-entitlements';
import { segmentMemberships } from '../domains/commerce/segments';

/**
 * What the delivery API reads from the database about one app user, per request: the only part of
 * it that does (everything else is compiled configuration in memory). The outage server has no
 * database and so none of this: there the entitlements route answers 1002 and a user's memberships
 * are unknown (items for some user segments are not shown; docs/delivery-api.md).
 */
export interface DeliveryUsers {
  /** The user's active entitlements now; an unknown user has none. */
  entitlements(projectId: string, userId: string, at: Date): Promise<Omit<DeliveryEntitlements, 'segments'>>;
  /** The segments among `segments` the user is in now (one statement); null for an unknown user. */
  memberships(projectId: string, userId: string, segments: ReadonlyMap<string, SegmentDefinition>, at: Date): Promise<ReadonlySet<string> | null>;
}

/** The delivery API's user reads on the server's database (commerce's repositories). */
export function databaseUsers(db: Database): DeliveryUsers {
  return {
    entitlements: (projectId, userId, at) => activeEntitlementsOf(db, projectId, userId, at),
    memberships: (projectId, userId, segments, at) => segmentMemberships(db, projectId, userId, segments, at),
  };
}
