import { and, asc, count, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  addDuration,
  defaultUnlockLimits,
  durationHours,
  unlockRoles,
  type ManualUnlock,
  type UnlockCreate,
  type UnlockPolicy,
  type UnlockRole,
  type UnlockRoleLimits,
  type UnlockStatus,
} from '@contract/api/commerce';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { MemberRole } from '@contract/permissions';
import type { Database } from '../../db/client';
import { auditLog, customers, entitlementGrants, entitlements, manualUnlocks, unlockPolicies, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { pageWindow } from '../../shared/list';

/**
 * Manual unlocks: an operator grants an app user an entitlement for a period, with a reason code and
 * a note, and may revoke it.
 *
 * Limits per member role (unlock_policies, a versioned project setting): how long an unlock may last
 * and how many one person may give per UTC day on their own authority. An unlock within both starts
 * at once; above either it waits (`pending`, with the reasons) until an owner or admin other than the
 * requester approves it (it starts then) or rejects it; the requester may withdraw it. A global
 * administrator who is not a member counts as an owner. The policy row is locked while an unlock is
 * counted, so two unlocks at once cannot both pass a daily limit.
 *
 * Every request, decision and revocation is in the audit log (entity `manualUnlock`), in the same
 * transaction as the change; an unlock's history is read from there.
 */

/** Who acts, as far as limits and approval care. */
export interface UnlockActor {
  /** The member role; null for a global administrator who is not a member. */
  readonly role: MemberRole | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** The role whose limits apply (a non-member global administrator counts as an owner). */
function limitRole(actor: UnlockActor): UnlockRole {
  const role = actor.role ?? 'owner';
  if (!(unlockRoles as readonly string[]).includes(role)) throw new AppError(ErrorCode.Forbidden);
  return role as UnlockRole;
}

function mayDecide(actor: UnlockActor): boolean {
  return actor.role === null || actor.role === 'owner' || actor.role === 'admin';
}

/** Start of the UTC day of `at`. */
function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

type UnlockRecord = typeof manualUnlocks.$inferSelect;

interface UnlockJoined {
  readonly u: UnlockRecord;
  readonly appUserId: string;
  readonly identifier: string;
  readonly entitlementName: string;
}

function toUnlock(row: UnlockJoined, at: Date): ManualUnlock {
  const { u } = row;
  const active = u.status === 'granted' && u.startsAt !== null && u.startsAt <= at && (u.expiresAt === null || u.expiresAt > at);
  return {
    id: u.id,
    customer: { id: u.customerId, appUserId: row.appUserId },
    entitlement: { id: u.entitlementId, identifier: row.identifier, name: row.entitlementName },
    duration: { count: u.durationCount, unit: u.durationUnit },
    reasonCode: u.reasonCode as ManualUnlock['reasonCode'],
    note: u.note,
    status: u.status,
    active,
    approvalReasons: u.approvalReasons as ManualUnlock['approvalReasons'],
    startsAt: iso(u.startsAt),
    expiresAt: iso(u.expiresAt),
    requestedBy: u.requestedBy ? { id: u.requestedBy, name: u.requestedByName } : null,
    requestedAt: u.requestedAt.toISOString(),
    decidedBy: u.decidedBy ? { id: u.decidedBy, name: u.decidedByName ?? '' } : null,
    decidedAt: iso(u.decidedAt),
    decisionNote: u.decisionNote,
    revokedBy: u.revokedBy ? { id: u.revokedBy, name: u.revokedByName ?? '' } : null,
    revokedAt: iso(u.revokedAt),
    revokeNote: u.revokeNote,
    version: u.version,
  };
}

/** What the audit log keeps of an unlock (no customer data beyond the ids). */
function auditView(u: UnlockRecord): Record<string, unknown> {
  return {
    customerId: u.customerId,
    entitlementId: u.entitlementId,
    duration: { count: u.durationCount, unit: u.durationUnit },
    reasonCode: u.reasonCode,
    note: u.note,
    status: u.status,
    approvalReasons: u.approvalReasons,
    startsAt: iso(u.startsAt),
    expiresAt: iso(u.expiresAt),
    decisionNote: u.decisionNote,
    revokeNote: u.revokeNote,
  };
}

export class UnlockService {
  constructor(private readonly db: Database) {}

  // -------------------------------------------------------------------------------------------
  // Policy

  async policy(projectId: string, db: Database = this.db): Promise<UnlockPolicy> {
    const [row] = await db
      .select({ limits: unlockPolicies.limits, version: unlockPolicies.version, updatedAt: unlockPolicies.updatedAt, updatedBy: unlockPolicies.updatedBy, name: users.name })
      .from(unlockPolicies)
      .leftJoin(users, eq(users.id, unlockPolicies.updatedBy))
      .where(eq(unlockPolicies.projectId, projectId));
    if (!row) return { limits: defaultUnlockLimits, version: 1, updatedAt: null, updatedBy: null };
    return {
      limits: (row.limits as UnlockRoleLimits | null) ?? defaultUnlockLimits,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy ? { id: row.updatedBy, name: row.name ?? '' } : null,
    };
  }

  async setPolicy(context: ChangeContext, limits: UnlockRoleLimits, version: number): Promise<UnlockPolicy> {
    await this.db.transaction(async (tx) => {
      const before = await this.policy(context.projectId, tx);
      if (before.version !== version) throw new AppError(ErrorCode.VersionConflict);
      const changed = await tx
        .insert(unlockPolicies)
        .values({ projectId: context.projectId, limits, version: 2, updatedBy: context.actor.id, updatedAt: context.now })
        .onConflictDoUpdate({
          target: unlockPolicies.projectId,
          set: { limits, version: version + 1, updatedBy: context.actor.id, updatedAt: context.now },
          setWhere: eq(unlockPolicies.version, version),
        })
        .returning({ version: unlockPolicies.version });
      if (changed.length === 0) throw new AppError(ErrorCode.VersionConflict);
      await writeAudit(tx, context, { entity: 'unlockPolicy', entityId: context.projectId, action: 'update', before: before.limits, after: limits });
    });
    return this.policy(context.projectId);
  }

  /** Locks the project's policy row (made with the defaults when absent) for the rest of the transaction. */
  private async lockPolicy(tx: Database, projectId: string, now: Date): Promise<UnlockRoleLimits> {
    await tx.insert(unlockPolicies).values({ projectId, limits: null, version: 1, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select({ limits: unlockPolicies.limits }).from(unlockPolicies).where(eq(unlockPolicies.projectId, projectId)).for('update');
    return (row?.limits as UnlockRoleLimits | null) ?? defaultUnlockLimits;
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  private joined(db: Database = this.db) {
    return db
      .select({ u: manualUnlocks, appUserId: customers.appUserId, identifier: entitlements.identifier, entitlementName: entitlements.name })
      .from(manualUnlocks)
      .innerJoin(customers, eq(customers.id, manualUnlocks.customerId))
      .innerJoin(entitlements, eq(entitlements.id, manualUnlocks.entitlementId));
  }

  async list(
    projectId: string,
    query: { page: number; pageSize: number; q?: string | undefined; status?: UnlockStatus[] | undefined; customerId?: string | undefined },
    at: Date,
  ): Promise<ListPage<ManualUnlock>> {
    const q = query.q?.trim();
    const where = and(
      eq(manualUnlocks.projectId, projectId),
      query.status ? inArray(manualUnlocks.status, query.status) : undefined,
      query.customerId ? eq(manualUnlocks.customerId, query.customerId) : undefined,
      q ? sql`${manualUnlocks.customerId} in (select ${customers.id} from ${customers} where ${customers.projectId} = ${projectId} and ${customers.appUserId} = ${q})` : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.joined().where(where).orderBy(desc(manualUnlocks.requestedAt), desc(manualUnlocks.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(manualUnlocks).where(where),
    ]);
    return { items: rows.map((row) => toUnlock(row, at)), total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  /** A customer's unlocks, newest first (the profile). */
  async ofCustomer(projectId: string, customerId: string, at: Date): Promise<ManualUnlock[]> {
    const rows = await this.joined()
      .where(and(eq(manualUnlocks.projectId, projectId), eq(manualUnlocks.customerId, customerId)))
      .orderBy(desc(manualUnlocks.requestedAt), desc(manualUnlocks.id))
      .limit(100);
    return rows.map((row) => toUnlock(row, at));
  }

  private async get(db: Database, projectId: string, id: string, lock = false): Promise<UnlockJoined> {
    const query = this.joined(db).where(and(eq(manualUnlocks.projectId, projectId), eq(manualUnlocks.id, id)));
    const [row] = lock ? await query.for('update', { of: manualUnlocks }) : await query;
    if (!row) throw new AppError(ErrorCode.EquityNotFound);
    return row;
  }

  /** Every audited change of an unlock, oldest first. */
  async history(projectId: string, id: string): Promise<Array<{ at: string; actor: { id: string; name: string } | null; action: string; note: string | null }>> {
    await this.get(this.db, projectId, id);
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, projectId), eq(auditLog.entity, 'manualUnlock'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    return rows.map((row) => {
      const after = (row.after ?? {}) as Record<string, unknown>;
      const note = row.action === 'create' ? after.note : row.action === 'revoke' ? after.revokeNote : after.decisionNote;
      return { at: row.at.toISOString(), actor: row.actorId ? { id: row.actorId, name: row.actorName } : null, action: row.action, note: typeof note === 'string' ? note : null };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Changes

  /** Starts a granted unlock: its period from now, and the grant that gives the entitlement. */
  private async start(tx: Database, unlock: UnlockRecord, now: Date): Promise<{ startsAt: Date; expiresAt: Date }> {
    const startsAt = now;
    const expiresAt = addDuration(now, { count: unlock.durationCount, unit: unlock.durationUnit });
    await tx.insert(entitlementGrants).values({
      projectId: unlock.projectId,
      customerId: unlock.customerId,
      source: 'manual',
      entitlementId: unlock.entitlementId,
      unlockId: unlock.id,
      startsAt,
      expiresAt,
      updatedAt: now,
    });
    return { startsAt, expiresAt };
  }

  /**
   * Requests an unlock: granted at once within the requester's role limits, else pending with the
   * reasons. 201001 for an unknown app user, 102005 for an unknown entitlement, 210002 when the user
   * has this entitlement from an unlock already (granted and running, or pending).
   */
  async create(context: ChangeContext, actor: UnlockActor, input: UnlockCreate): Promise<ManualUnlock> {
    const role = limitRole(actor);
    const id = await this.db.transaction(async (tx) => {
      const limits = (await this.lockPolicy(tx, context.projectId, context.now))[role];
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.projectId, context.projectId), eq(customers.appUserId, input.appUserId)));
      if (!customer) throw new AppError(ErrorCode.AppUserNotFound, { fieldErrors: { appUserId: { key: 'validation.appUserUnknown' } } });
      const [entitlement] = await tx
        .select({ id: entitlements.id })
        .from(entitlements)
        .where(and(eq(entitlements.projectId, context.projectId), eq(entitlements.id, input.entitlementId), isNull(entitlements.deletedAt)));
      if (!entitlement) throw new AppError(ErrorCode.EntitlementNotFound);
      const [open] = await tx
        .select({ id: manualUnlocks.id })
        .from(manualUnlocks)
        .where(
          and(
            eq(manualUnlocks.customerId, customer.id),
            eq(manualUnlocks.entitlementId, entitlement.id),
            sql`(${manualUnlocks.status} = 'pending' or (${manualUnlocks.status} = 'granted' and ${manualUnlocks.expiresAt} > ${context.now}))`,
          ),
        )
        .limit(1);
      if (open) throw new AppError(ErrorCode.EquityExists);
      const [today] = await tx
        .select({ n: count() })
        .from(manualUnlocks)
        .where(
          and(
            eq(manualUnlocks.projectId, context.projectId),
            eq(manualUnlocks.requestedBy, context.actor.id),
            gte(manualUnlocks.requestedAt, dayStart(context.now)),
            // Only what the requester gave on their own authority counts against their day.
            sql`${manualUnlocks.approvalReasons} = '[]'::jsonb`,
            ne(manualUnlocks.status, 'rejected'),
          ),
        );
      const reasons: Array<'duration' | 'perDay'> = [];
      if (durationHours(input.duration) > limits.maxDays * 24) reasons.push('duration');
      if ((today?.n ?? 0) >= limits.perDay) reasons.push('perDay');
      const [row] = await tx
        .insert(manualUnlocks)
        .values({
          projectId: context.projectId,
          customerId: customer.id,
          entitlementId: entitlement.id,
          durationCount: input.duration.count,
          durationUnit: input.duration.unit,
          reasonCode: input.reasonCode,
          note: input.note,
          status: reasons.length > 0 ? 'pending' : 'granted',
          approvalReasons: reasons,
          requestedBy: context.actor.id,
          requestedByName: context.actor.name,
          requestedAt: context.now,
        })
        .returning();
      let unlock = row as UnlockRecord;
      if (unlock.status === 'granted') {
        const period = await this.start(tx, unlock, context.now);
        [unlock] = (await tx.update(manualUnlocks).set(period).where(eq(manualUnlocks.id, unlock.id)).returning()) as [UnlockRecord];
      }
      await writeAudit(tx, context, { entity: 'manualUnlock', entityId: unlock.id, action: 'create', before: null, after: auditView(unlock) });
      return unlock.id;
    });
    return toUnlock(await this.get(this.db, context.projectId, id), context.now);
  }

  /** A decision on a pending unlock: by an owner or admin who did not ask (the requester may withdraw). */
  private async decide(context: ChangeContext, actor: UnlockActor, id: string, version: number, note: string | undefined, approve: boolean): Promise<ManualUnlock> {
    await this.db.transaction(async (tx) => {
      const { u } = await this.get(tx, context.projectId, id, true);
      if (u.version !== version) throw new AppError(ErrorCode.VersionConflict);
      if (u.status !== 'pending') throw new AppError(ErrorCode.SubscriptionStatusForbids);
      const own = u.requestedBy === context.actor.id;
      if (approve && own) throw new AppError(ErrorCode.ApproverIsEditor);
      if (!own && !mayDecide(actor)) throw new AppError(ErrorCode.Forbidden);
      const decided = { decidedBy: context.actor.id, decidedByName: context.actor.name, decidedAt: context.now, decisionNote: note && note !== '' ? note : null, version: u.version + 1 };
      const period = approve ? await this.start(tx, u, context.now) : {};
      const [after] = (await tx
        .update(manualUnlocks)
        .set({ ...decided, ...period, status: approve ? 'granted' : 'rejected' })
        .where(eq(manualUnlocks.id, id))
        .returning()) as [UnlockRecord];
      await writeAudit(tx, context, { entity: 'manualUnlock', entityId: id, action: approve ? 'approve' : 'reject', before: auditView(u), after: auditView(after) });
    });
    return toUnlock(await this.get(this.db, context.projectId, id), context.now);
  }

  approve(context: ChangeContext, actor: UnlockActor, id: string, version: number, note?: string): Promise<ManualUnlock> {
    return this.decide(context, actor, id, version, note, true);
  }

  reject(context: ChangeContext, actor: UnlockActor, id: string, version: number, note?: string): Promise<ManualUnlock> {
    return this.decide(context, actor, id, version, note, false);
  }

  /** Ends a granted unlock now (106004 for one that is not granted). */
  async revoke(context: ChangeContext, id: string, version: number, note: string): Promise<ManualUnlock> {
    await this.db.transaction(async (tx) => {
      const { u } = await this.get(tx, context.projectId, id, true);
      if (u.version !== version) throw new AppError(ErrorCode.VersionConflict);
      if (u.status !== 'granted') throw new AppError(ErrorCode.SubscriptionStatusForbids);
      const [after] = (await tx
        .update(manualUnlocks)
        .set({ status: 'revoked', revokedBy: context.actor.id, revokedByName: context.actor.name, revokedAt: context.now, revokeNote: note, version: u.version + 1 })
        .where(eq(manualUnlocks.id, id))
        .returning()) as [UnlockRecord];
      await tx.update(entitlementGrants).set({ endedAt: context.now, endReason: 'revoked', updatedAt: context.now }).where(eq(entitlementGrants.unlockId, id));
      await writeAudit(tx, context, { entity: 'manualUnlock', entityId: id, action: 'revoke', before: auditView(u), after: auditView(after) });
    });
    return toUnlock(await this.get(this.db, context.projectId, id), context.now);
  }
}

