import { eq } from 'drizzle-orm';
import type { InterruptionBudgetSetting } from '@contract/api/popups';
import type { InterruptionBudget } from '@contract/config/interruption-budget';
import { ErrorCode } from '@contract/errors';
import type { Database } from '../../db/client';
import { interruptionBudgets, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';

/**
 * A project's interruption budget (contract/config/interruption-budget.ts), one row per project in
 * `interruption_budgets`; no row means no caps at version 1. Every change names the version it was
 * based on (108007 when another came first), writes its audit row in the same transaction (shown in
 * the config records as the setting `interruptionBudget`, action `budget`), and leaves the delivery
 * API to recompile.
 */
export class InterruptionBudgetRepository {
  constructor(private readonly db: Database) {}

  async get(projectId: string): Promise<InterruptionBudgetSetting> {
    const [row] = await this.db
      .select({ perSession: interruptionBudgets.perSession, perDay: interruptionBudgets.perDay, version: interruptionBudgets.version, updatedAt: interruptionBudgets.updatedAt, updatedBy: interruptionBudgets.updatedBy, name: users.name })
      .from(interruptionBudgets)
      .leftJoin(users, eq(users.id, interruptionBudgets.updatedBy))
      .where(eq(interruptionBudgets.projectId, projectId));
    if (!row) return { perSession: null, perDay: null, version: 1, updatedAt: null, updatedBy: null };
    return {
      perSession: row.perSession,
      perDay: row.perDay,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy && row.name !== null ? { id: row.updatedBy, name: row.name } : null,
    };
  }

  async set(context: ChangeContext, budget: InterruptionBudget, version: number): Promise<InterruptionBudgetSetting> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(interruptionBudgets).where(eq(interruptionBudgets.projectId, context.projectId)).for('update');
      const current = row?.version ?? 1;
      if (current !== version) throw new AppError(ErrorCode.VersionConflict);
      const values = { perSession: budget.perSession, perDay: budget.perDay, version: current + 1, updatedBy: context.actor.id, updatedAt: context.now };
      if (row) await tx.update(interruptionBudgets).set(values).where(eq(interruptionBudgets.projectId, context.projectId));
      else {
        // Two first changes at once: the loser's insert finds the winner's row and is refused as stale.
        const inserted = await tx.insert(interruptionBudgets).values({ projectId: context.projectId, ...values }).onConflictDoNothing().returning({ version: interruptionBudgets.version });
        if (inserted.length === 0) throw new AppError(ErrorCode.VersionConflict);
      }
      await writeAudit(tx, context, {
        entity: 'interruptionBudget',
        entityId: 'interruptionBudget',
        action: 'budget',
        before: { name: 'Interruption budget', perSession: row?.perSession ?? null, perDay: row?.perDay ?? null },
        after: { name: 'Interruption budget', perSession: budget.perSession, perDay: budget.perDay },
      });
    });
    return this.get(context.projectId);
  }
}

/**
 * The caps the delivery API hands the app, for the delivery's compile step (server/src/delivery
 * compiled.ts): `{ perSession, perDay }`, null meaning no cap.
 */
export async function interruptionBudgetForDelivery(db: Database, projectId: string): Promise<InterruptionBudget> {
  const [row] = await db.select({ perSession: interruptionBudgets.perSession, perDay: interruptionBudgets.perDay }).from(interruptionBudgets).where(eq(interruptionBudgets.projectId, projectId));
  return { perSession: row?.perSession ?? null, perDay: row?.perDay ?? null };
}
