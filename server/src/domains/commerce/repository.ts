import { and, asc, count, desc, eq, gte, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import {
  PROFILE_TRANSACTIONS,
  type CustomerListQuery,
  type CustomerProfile,
  type CustomerRow,
  type StoreEvent,
  type Subscription,
  type SubscriptionCheck,
  type SubscriptionState,
  type TransactionDetail,
  type TransactionListQuery,
  type TransactionRow,
} from '@contract/api/commerce';
import type { ListPage, ListQuery } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { Database } from '../../db/client';
import { customers, skus, storeEvents, subscriptions, transactions } from '../../db/schema';
import { AppError } from '../../errors';
import { pageWindow, sortOf } from '../../shared/list';
import { searchCondition } from '../../db/search';
import { activeIdentifiers, customerEntitlements, hasActiveEntitlement } from './entitlements';

/**
 * The lists and pages of customers and transactions. Every list is the list convention (page, page
 * size, sort, `q`) over indexes made for it (schema.ts; bench/commerce.ts measures them at 100,000
 * rows): `q` is an exact id (transaction, original transaction, Google order, app user id, email),
 * never a pattern, so a search is an index lookup whatever the table's size.
 */

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

type TransactionRecord = typeof transactions.$inferSelect;

const transactionColumns = {
  t: transactions,
  appUserId: customers.appUserId,
  skuName: skus.name,
  subscriptionState: subscriptions.state,
};

function toTransactionRow(row: { t: TransactionRecord; appUserId: string; skuName: string | null; subscriptionState: SubscriptionState | null }): TransactionRow {
  const { t } = row;
  return {
    id: t.id,
    appId: t.appId,
    store: t.store,
    environment: t.environment,
    storeTransactionId: t.storeTransactionId,
    originalTransactionId: t.originalTransactionId,
    productId: t.productId,
    skuId: t.skuId,
    skuName: row.skuName,
    type: t.type,
    status: t.status,
    purchasedAt: t.purchasedAt.toISOString(),
    expiresAt: iso(t.expiresAt),
    price: t.price,
    currency: t.currency,
    country: t.country,
    customer: { id: t.customerId, appUserId: row.appUserId },
    subscriptionState: row.subscriptionState,
  };
}

function toSubscription(row: typeof subscriptions.$inferSelect): Subscription {
  return {
    id: row.id,
    appId: row.appId,
    store: row.store,
    environment: row.environment,
    originalTransactionId: row.originalTransactionId,
    productId: row.productId,
    state: row.state,
    autoRenew: row.autoRenew,
    startedAt: row.startedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    graceExpiresAt: iso(row.graceExpiresAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toStoreEvent(row: typeof storeEvents.$inferSelect): StoreEvent {
  return {
    id: row.id,
    appId: row.appId,
    store: row.store,
    eventId: row.eventId,
    type: row.type,
    subtype: row.subtype,
    environment: row.environment,
    outcome: row.outcome,
    errorCode: row.errorCode,
    detail: row.detail,
    storeTransactionId: row.storeTransactionId,
    signedAt: iso(row.signedAt),
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** Subscription states in the order that tells most about a customer (access first). */
const stateRank: Readonly<Record<SubscriptionState, number>> = { active: 0, trial: 1, grace: 2, billing_retry: 3, expired: 4, refunded: 5, revoked: 6 };

function page<T>(items: T[], total: number, query: Pick<ListQuery, 'page' | 'pageSize'>): ListPage<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export class CommerceRepository {
  constructor(private readonly db: Database) {}

  // -------------------------------------------------------------------------------------------
  // Transactions

  /** The customer with this app user id, if any: `q` names a customer as well as a transaction. */
  private async customerIdOf(projectId: string, appUserId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
    return row?.id ?? null;
  }

  /**
   * A page in two steps: the ids of the page from the table's own index (filters, order, offset),
   * then the joined rows of just those ids, so an offset of thousands never drags joins along.
   */
  async listTransactions(projectId: string, query: TransactionListQuery): Promise<ListPage<TransactionRow>> {
    const { field, dir } = sortOf(query, ['purchasedAt', 'price'] as const, { field: 'purchasedAt', dir: 'desc' });
    const q = query.q?.trim();
    const customerOfQ = q ? await this.customerIdOf(projectId, q) : null;
    const where = and(
      eq(transactions.projectId, projectId),
      query.store ? eq(transactions.store, query.store) : undefined,
      query.environment ? eq(transactions.environment, query.environment) : undefined,
      query.status ? inArray(transactions.status, query.status) : undefined,
      query.productId ? eq(transactions.productId, query.productId) : undefined,
      query.customerId ? eq(transactions.customerId, query.customerId) : undefined,
      query.from ? gte(transactions.purchasedAt, new Date(query.from)) : undefined,
      query.to ? lt(transactions.purchasedAt, new Date(query.to)) : undefined,
      q
        ? or(eq(transactions.storeTransactionId, q), eq(transactions.originalTransactionId, q), customerOfQ ? eq(transactions.customerId, customerOfQ) : undefined)
        : undefined,
    );
    const column = field === 'price' ? transactions.price : transactions.purchasedAt;
    const order = dir === 'asc' ? [asc(column), asc(transactions.id)] : [desc(column), desc(transactions.id)];
    const { limit, offset } = pageWindow(query);
    const [ids, totals] = await Promise.all([
      this.db.select({ id: transactions.id }).from(transactions).where(where).orderBy(...order).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(transactions).where(where),
    ]);
    const rows = ids.length
      ? await this.db
          .select(transactionColumns)
          .from(transactions)
          .innerJoin(customers, eq(customers.id, transactions.customerId))
          .leftJoin(skus, eq(skus.id, transactions.skuId))
          .leftJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
          .where(inArray(transactions.id, ids.map((row) => row.id)))
      : [];
    const byId = new Map(rows.map((row) => [row.t.id, row]));
    return page(
      ids.map((row) => byId.get(row.id)).filter((row): row is (typeof rows)[number] => row !== undefined).map(toTransactionRow),
      totals[0]?.n ?? 0,
      query,
    );
  }

  async getTransaction(projectId: string, id: string): Promise<TransactionDetail> {
    const [row] = await this.db
      .select({ ...transactionColumns, subscription: subscriptions })
      .from(transactions)
      .innerJoin(customers, eq(customers.id, transactions.customerId))
      .leftJoin(skus, eq(skus.id, transactions.skuId))
      .leftJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
      .where(and(eq(transactions.projectId, projectId), eq(transactions.id, id)));
    if (!row) throw new AppError(ErrorCode.NoMatchingOrder);
    const events = await this.db
      .select()
      .from(storeEvents)
      .where(and(eq(storeEvents.projectId, projectId), eq(storeEvents.storeTransactionId, row.t.storeTransactionId), eq(storeEvents.appId, row.t.appId)))
      .orderBy(desc(storeEvents.receivedAt), desc(storeEvents.id))
      .limit(100);
    const sub = row.subscription;
    return {
      ...toTransactionRow(row),
      purchaseToken: row.t.purchaseToken,
      offer: row.t.offer,
      refundedAt: iso(row.t.refundedAt),
      revokedAt: iso(row.t.revokedAt),
      subscription: sub ? { id: sub.id, state: sub.state, autoRenew: sub.autoRenew, expiresAt: iso(sub.expiresAt), graceExpiresAt: iso(sub.graceExpiresAt) } : null,
      events: events.map(toStoreEvent),
    };
  }

  async listEvents(projectId: string, query: { page: number; pageSize: number; appId?: string | undefined; outcome?: 'applied' | 'ignored' | 'refused' | undefined }): Promise<ListPage<StoreEvent>> {
    const where = and(
      eq(storeEvents.projectId, projectId),
      query.appId ? eq(storeEvents.appId, query.appId) : undefined,
      query.outcome ? eq(storeEvents.outcome, query.outcome) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db.select().from(storeEvents).where(where).orderBy(desc(storeEvents.receivedAt), desc(storeEvents.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(storeEvents).where(where),
    ]);
    return page(rows.map(toStoreEvent), totals[0]?.n ?? 0, query);
  }

  // -------------------------------------------------------------------------------------------
  // Customers

  /** The list rows of customers: their columns, active entitlements and most telling subscription state. */
  private async customerRows(projectId: string, rows: ReadonlyArray<typeof customers.$inferSelect>, at: Date): Promise<CustomerRow[]> {
    const ids = rows.map((row) => row.id);
    const [active, states] = await Promise.all([
      activeIdentifiers(this.db, projectId, ids, at),
      ids.length
        ? this.db.select({ customerId: subscriptions.customerId, state: subscriptions.state }).from(subscriptions).where(inArray(subscriptions.customerId, ids))
        : Promise.resolve([]),
    ]);
    const best = new Map<string, SubscriptionState>();
    for (const { customerId, state } of states) {
      const known = best.get(customerId);
      if (!known || stateRank[state] < stateRank[known]) best.set(customerId, state);
    }
    return rows.map((row) => ({
      id: row.id,
      appUserId: row.appUserId,
      platform: row.platform,
      country: row.country,
      email: row.email,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      spent: row.spent,
      activeEntitlements: active.get(row.id) ?? [],
      subscriptionState: best.get(row.id) ?? null,
    }));
  }

  /** Counts beyond this are answered as "at least" where every row costs a probe (the access filters). */
  static readonly COUNT_CAP = 1_000;

  /**
   * The customers list. Each shape is an index's job at 100,000 customers: a search (`q`: every word
   * begins a word of the app user id or email, as the resource lists search, db/search.ts; or the
   * exact id or email) is a GIN lookup; a filter on access (an entitlement active now) walks the
   * order's index probing each customer's grants; so does a segment's condition. These count up to COUNT_CAP (`totalCapped` beyond);
   * anything else is an index scan with an exact count.
   */
  async listCustomers(projectId: string, query: CustomerListQuery, at: Date, segment?: SQL): Promise<ListPage<CustomerRow> & { totalCapped: boolean }> {
    const { field, dir } = sortOf(query, ['lastSeenAt', 'firstSeenAt'] as const, { field: 'lastSeenAt', dir: 'desc' });
    const q = query.q?.trim();
    const capCount = Boolean(q) || segment !== undefined || query.access !== undefined || query.entitlementId !== undefined;
    const where = and(
      eq(customers.projectId, projectId),
      query.platform ? eq(customers.platform, query.platform) : undefined,
      query.country ? eq(customers.country, query.country) : undefined,
      q ? or(searchCondition(customers.search, q), eq(customers.appUserId, q), sql`lower(${customers.email}) = lower(${q})`) : undefined,
      query.access === 'subscribed' || query.entitlementId ? hasActiveEntitlement(customers.id, at, query.entitlementId) : undefined,
      query.access === 'none' ? not(hasActiveEntitlement(customers.id, at)) : undefined,
      segment,
    );
    const column = field === 'firstSeenAt' ? customers.firstSeenAt : customers.lastSeenAt;
    const { limit, offset } = pageWindow(query);
    const order = dir === 'asc' ? [asc(column), asc(customers.id)] : [desc(column), desc(customers.id)];
    const counting = capCount
      ? this.db
          .select({ n: count() })
          .from(this.db.select({ one: sql`1` }).from(customers).where(where).limit(CommerceRepository.COUNT_CAP + 1).as('capped'))
      : this.db.select({ n: count() }).from(customers).where(where);
    const [rows, totals] = await Promise.all([this.db.select().from(customers).where(where).orderBy(...order).limit(limit).offset(offset), counting]);
    const n = totals[0]?.n ?? 0;
    const capped = capCount && n > CommerceRepository.COUNT_CAP;
    return { ...page(await this.customerRows(projectId, rows, at), capped ? CommerceRepository.COUNT_CAP : n, query), totalCapped: capped };
  }

  private async customerById(projectId: string, id: string): Promise<typeof customers.$inferSelect> {
    const [row] = await this.db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.id, id)));
    if (!row) throw new AppError(ErrorCode.AppUserNotFound);
    return row;
  }

  /** A customer's profile without its unlocks (the unlocks service adds them). */
  async profile(projectId: string, id: string, at: Date): Promise<Omit<CustomerProfile, 'unlocks'>> {
    const row = await this.customerById(projectId, id);
    const [[customer], entitlements, subs, recent, totals] = await Promise.all([
      this.customerRows(projectId, [row], at),
      customerEntitlements(this.db, projectId, [id], at),
      this.db.select().from(subscriptions).where(eq(subscriptions.customerId, id)).orderBy(desc(subscriptions.updatedAt)),
      this.db
        .select(transactionColumns)
        .from(transactions)
        .innerJoin(customers, eq(customers.id, transactions.customerId))
        .leftJoin(skus, eq(skus.id, transactions.skuId))
        .leftJoin(subscriptions, eq(subscriptions.id, transactions.subscriptionId))
        .where(eq(transactions.customerId, id))
        .orderBy(desc(transactions.purchasedAt), desc(transactions.id))
        .limit(PROFILE_TRANSACTIONS),
      this.db.select({ n: count() }).from(transactions).where(eq(transactions.customerId, id)),
    ]);
    return {
      customer: { ...(customer as CustomerRow), attributes: row.attributes },
      entitlements: entitlements.get(id) ?? [],
      subscriptions: subs.map(toSubscription),
      transactions: recent.map(toTransactionRow),
      transactionCount: totals[0]?.n ?? 0,
    };
  }

  /** The customer of a project with this app user id, or null. */
  async customerByUserId(projectId: string, appUserId: string): Promise<typeof customers.$inferSelect | null> {
    const [row] = await this.db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
    return row ?? null;
  }

  /** At most this many customers answer one check (an email several users share). */
  static readonly CHECK_MATCHES = 10;

  /**
   * The subscription check: the customers a user id, a transaction id (Apple transaction or
   * original transaction, Google order, purchase token) or an email names, each with every
   * entitlement and whether it is active now and why; 201001 when nobody matches.
   */
  async check(projectId: string, by: 'userId' | 'transactionId' | 'email', value: string, at: Date): Promise<SubscriptionCheck> {
    const text = value.trim();
    let where: SQL | undefined;
    if (by === 'userId') where = eq(customers.appUserId, text);
    else if (by === 'email') where = sql`lower(${customers.email}) = lower(${text})`;
    else {
      where = or(
        sql`${customers.id} in (select ${transactions.customerId} from ${transactions} where ${transactions.projectId} = ${projectId} and (${transactions.storeTransactionId} = ${text} or ${transactions.originalTransactionId} = ${text}))`,
        sql`${customers.id} in (select ${subscriptions.customerId} from ${subscriptions} where ${subscriptions.projectId} = ${projectId} and ${subscriptions.originalTransactionId} = ${text})`,
      );
    }
    const rows = await this.db
      .select()
      .from(customers)
      .where(and(eq(customers.projectId, projectId), where))
      .orderBy(desc(customers.lastSeenAt))
      .limit(CommerceRepository.CHECK_MATCHES);
    if (rows.length === 0) throw new AppError(ErrorCode.AppUserNotFound);
    const ids = rows.map((row) => row.id);
    const [list, entitlements, subs] = await Promise.all([
      this.customerRows(projectId, rows, at),
      customerEntitlements(this.db, projectId, ids, at),
      this.db.select().from(subscriptions).where(inArray(subscriptions.customerId, ids)).orderBy(desc(subscriptions.updatedAt)),
    ]);
    return {
      matches: list.map((customer) => ({
        customer,
        entitlements: entitlements.get(customer.id) ?? [],
        subscriptions: subs.filter((s) => s.customerId === customer.id).map(toSubscription),
      })),
      checkedAt: at.toISOString(),
    };
  }
}
