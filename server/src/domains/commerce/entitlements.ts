import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CustomerEntitlement, EntitlementReason, GrantSource, Store, StoreEnvironment, SubscriptionState } from '@contract/api/commerce';
import type { Database } from '../../db/client';
import { entitlementGrants, entitlements } from '../../db/schema';

/**
 * Which entitlements a customer has, and why: the one place that decides it, for the profile, the
 * subscription check, the customers list and the delivery API alike.
 *
 * A grant (ingest.ts, unlocks.ts) is an access period: a store subscription's or purchase's (an
 * app and a product id) or a manual unlock's (an entitlement). A store grant gives every entitlement
 * its product's SKU is linked to now (skus by app and store product id, entitlement_skus), so linking
 * or unlinking a SKU applies at once. A grant is active at `t` when it counts (production, or a
 * sandbox one of one of its app's sandbox testers), has started, has not expired and has not ended
 * early.
 */

/** The entitlement a grant row gives: its own (manual) or through its product's SKU (store). */
const grantedEntitlement = sql<string | null>`coalesce(${entitlementGrants.entitlementId}, es.entitlement_id)`;

/** The join of grants to the entitlements their products' SKUs are linked to now. */
const skuJoin = sql`
  left join skus k on ${entitlementGrants.source} = 'store' and k.app_id = ${entitlementGrants.appId}
    and k.store_product_id = ${entitlementGrants.productId} and k.deleted_at is null
  left join entitlement_skus es on es.sku_id = k.id`;

/**
 * SQL: the grant row counts at all: a production (or manual) one, or a sandbox one of a customer the
 * grant's app names among its sandbox testers (issue 18: TestFlight and sandbox purchases cost
 * nothing, so they give nothing to anyone else).
 */
const grantCounts = sql`(${entitlementGrants.environment} = 'production' or exists (
    select 1 from store_settings ss join customers tc on tc.id = ${entitlementGrants.customerId}
    where ss.app_id = ${entitlementGrants.appId} and tc.app_user_id = any(ss.sandbox_testers)))`;

/** SQL: the grant row is active at `at`. */
export function grantActiveAt(at: Date): SQL {
  return sql`(${entitlementGrants.startsAt} <= ${at} and (${entitlementGrants.expiresAt} is null or ${entitlementGrants.expiresAt} > ${at}) and (${entitlementGrants.endedAt} is null or ${entitlementGrants.endedAt} > ${at}) and ${grantCounts})`;
}

/**
 * SQL condition on a customers row (`customerColumn`): it has an entitlement active at `at` (one in
 * particular when `entitlementId` is given). Used by list filters and counts.
 */
export function hasActiveEntitlement(customerColumn: SQL | { readonly name: string }, at: Date, entitlementId?: string): SQL {
  return sql`exists (
    select 1 from ${entitlementGrants} ${skuJoin}
    where ${entitlementGrants.customerId} = ${customerColumn} and ${grantActiveAt(at)}
      and ${entitlementId ? sql`${grantedEntitlement} = ${entitlementId}` : sql`${grantedEntitlement} is not null`})`;
}

/**
 * SQL: the ids of the project's customers with an entitlement active at `at` (one in particular when
 * given), as a set. For counts over every customer (segments), where one pass over the grants beats a
 * probe per customer; lists that stop after a page probe with `hasActiveEntitlement` instead.
 */
export function customersWithActiveEntitlement(projectId: string, at: Date, entitlementId?: string): SQL {
  return sql`(select ${entitlementGrants.customerId} from ${entitlementGrants} ${skuJoin}
    where ${entitlementGrants.projectId} = ${projectId} and ${grantActiveAt(at)}
      and ${entitlementId ? sql`${grantedEntitlement} = ${entitlementId}` : sql`${grantedEntitlement} is not null`})`;
}

interface GrantRow {
  readonly customer_id: string;
  readonly entitlement_id: string | null;
  readonly source: GrantSource;
  readonly starts_at: Date | string;
  readonly expires_at: Date | string | null;
  readonly ended_at: Date | string | null;
  readonly end_reason: string | null;
  readonly product_id: string | null;
  readonly store: Store | null;
  readonly subscription_state: SubscriptionState | null;
  readonly transaction_id: string | null;
  readonly store_transaction_id: string | null;
  readonly unlock_id: string | null;
  readonly reason_code: string | null;
  readonly environment: StoreEnvironment;
  /** Whether the grant counts (grantCounts). */
  readonly counts: boolean;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Every grant of the given customers that gives an entitlement, with what explains it: the
 * subscription's state and its newest transaction, the purchase's transaction, or the unlock.
 */
async function grantRows(db: Database, projectId: string, customerIds: readonly string[]): Promise<GrantRow[]> {
  if (customerIds.length === 0) return [];
  const ids = sql.join(
    customerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${entitlementGrants.customerId} as customer_id, ${grantedEntitlement} as entitlement_id, ${entitlementGrants.source} as source,
           ${entitlementGrants.startsAt} as starts_at, ${entitlementGrants.expiresAt} as expires_at,
           ${entitlementGrants.endedAt} as ended_at, ${entitlementGrants.endReason} as end_reason,
           ${entitlementGrants.productId} as product_id, s.store as store, s.state as subscription_state,
           coalesce(${entitlementGrants.transactionId}, (
             select t2.id from transactions t2 where t2.subscription_id = s.id order by t2.purchased_at desc limit 1
           )) as transaction_id,
           coalesce(t.store_transaction_id, (
             select t3.store_transaction_id from transactions t3 where t3.subscription_id = s.id order by t3.purchased_at desc limit 1
           )) as store_transaction_id,
           ${entitlementGrants.unlockId} as unlock_id, u.reason_code as reason_code, t.store as transaction_store,
           ${entitlementGrants.environment} as environment, ${grantCounts} as counts
    from ${entitlementGrants} ${skuJoin}
    left join subscriptions s on s.id = ${entitlementGrants.subscriptionId}
    left join transactions t on t.id = ${entitlementGrants.transactionId}
    left join manual_unlocks u on u.id = ${entitlementGrants.unlockId}
    where ${entitlementGrants.projectId} = ${projectId} and ${entitlementGrants.customerId} in (${ids})
      and ${grantedEntitlement} is not null`);
  return rowsOf<GrantRow & { transaction_store: Store | null }>(result).map((row) => ({ ...row, store: row.store ?? row.transaction_store }));
}

function isActive(row: GrantRow, at: Date): boolean {
  const t = at.getTime();
  const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
  const ended = time(row.ended_at);
  const expires = time(row.expires_at);
  return row.counts && (time(row.starts_at) ?? 0) <= t && (expires === null || expires > t) && (ended === null || ended > t);
}

function reasonOf(row: GrantRow, at: Date): EntitlementReason {
  return {
    source: row.source,
    active: isActive(row, at),
    startsAt: iso(row.starts_at) as string,
    expiresAt: iso(row.expires_at),
    endedAt: iso(row.ended_at),
    endReason: row.end_reason,
    store: row.source === 'store' ? row.store : null,
    productId: row.product_id,
    subscriptionState: row.subscription_state,
    transactionId: row.transaction_id,
    storeTransactionId: row.store_transaction_id,
    unlockId: row.unlock_id,
    reasonCode: row.reason_code,
    environment: row.source === 'store' ? row.environment : null,
    sandboxOnly: !row.counts,
  };
}

/** Active reasons first, then the latest ending, then the newest start. */
function byRelevance(a: EntitlementReason, b: EntitlementReason): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  const end = (r: EntitlementReason) => (r.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(r.expiresAt));
  if (end(a) !== end(b)) return end(b) - end(a);
  return Date.parse(b.startsAt) - Date.parse(a.startsAt);
}

/**
 * Per customer, every entitlement of the project (not in the trash) with whether it is active at
 * `at` and every grant that gives or gave it. `activeUntil` is the latest end among active reasons
 * (null when one has no end).
 */
export async function customerEntitlements(db: Database, projectId: string, customerIds: readonly string[], at: Date): Promise<Map<string, CustomerEntitlement[]>> {
  const [defs, rows] = await Promise.all([
    db
      .select({ id: entitlements.id, identifier: entitlements.identifier, name: entitlements.name })
      .from(entitlements)
      .where(and(eq(entitlements.projectId, projectId), isNull(entitlements.deletedAt)))
      .orderBy(asc(entitlements.identifier)),
    grantRows(db, projectId, customerIds),
  ]);
  const result = new Map<string, CustomerEntitlement[]>();
  for (const customerId of customerIds) {
    const mine = rows.filter((row) => row.customer_id === customerId);
    result.set(
      customerId,
      defs.map((def) => {
        const reasons = mine
          .filter((row) => row.entitlement_id === def.id)
          .map((row) => reasonOf(row, at))
          .sort(byRelevance);
        const active = reasons.filter((r) => r.active);
        const activeUntil = active.length === 0 ? null : active.some((r) => r.expiresAt === null) ? null : active.map((r) => r.expiresAt as string).sort().at(-1) ?? null;
        return { entitlementId: def.id, identifier: def.identifier, name: def.name, active: active.length > 0, activeUntil, reasons };
      }),
    );
  }
  return result;
}

/** The identifiers of the entitlements active at `at`, per customer (the lists' column): one query. */
export async function activeIdentifiers(db: Database, projectId: string, customerIds: readonly string[], at: Date): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(customerIds.map((id) => [id, []]));
  if (customerIds.length === 0) return result;
  const ids = sql.join(
    customerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ customer_id: string; identifier: string }>(
    await db.execute(sql`
      select distinct ${entitlementGrants.customerId} as customer_id, e.identifier as identifier
      from ${entitlementGrants} ${skuJoin}
      join entitlements e on e.id = ${grantedEntitlement} and e.deleted_at is null
      where ${entitlementGrants.projectId} = ${projectId} and ${entitlementGrants.customerId} in (${ids}) and ${grantActiveAt(at)}
      order by 2`),
  );
  for (const row of rows) result.get(row.customer_id)?.push(row.identifier);
  return result;
}

/** Grants of manual unlocks, by unlock (for their `active` flag). */
export async function unlockGrants(db: Database, unlockIds: readonly string[]): Promise<Map<string, { startsAt: Date; expiresAt: Date | null; endedAt: Date | null }>> {
  if (unlockIds.length === 0) return new Map();
  const rows = await db
    .select({ unlockId: entitlementGrants.unlockId, startsAt: entitlementGrants.startsAt, expiresAt: entitlementGrants.expiresAt, endedAt: entitlementGrants.endedAt })
    .from(entitlementGrants)
    .where(inArray(entitlementGrants.unlockId, [...unlockIds]));
  return new Map(rows.map((row) => [row.unlockId as string, row]));
}
