import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListPage } from '@contract/envelope';
import { configKindNames, configRecordActions, configSettingNames, type ConfigRecord, type ConfigRecordAction } from '@contract/config';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { containsPattern, pageWindow, sortOf } from '../shared/list';

/** The query of the config records (contract/config/routes.ts `configRecordQuerySchema`). */
export interface ConfigRecordQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly sort?: string | undefined;
  readonly q?: string | undefined;
  readonly kind?: readonly string[] | undefined;
  readonly actorId?: string | undefined;
  readonly action?: readonly ConfigRecordAction[] | undefined;
  readonly itemId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

const known = new Set<string>(configRecordActions);
/** What the records list: every configuration kind and the settings recorded beside them. */
const recorded: readonly string[] = [...configKindNames, ...configSettingNames];

/**
 * The project's configuration history: the audit rows of every configuration kind (written by
 * ConfigRepository in the transaction of each change) and of the settings recorded beside them (the
 * interruption budget), newest first, with the documents before and after so the console can show
 * each record's diff.
 */
export class ConfigRecordsRepository {
  constructor(private readonly db: Database) {}

  async list(projectId: string, query: ConfigRecordQuery): Promise<ListPage<ConfigRecord>> {
    const kinds = query.kind ? query.kind.filter((kind) => recorded.includes(kind)) : [...recorded];
    const conditions: (SQL | undefined)[] = [
      eq(auditLog.projectId, projectId),
      inArray(auditLog.entity, kinds.length > 0 ? kinds : ['']),
      query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
      query.action ? inArray(auditLog.action, [...query.action]) : undefined,
      query.itemId ? eq(auditLog.entityId, query.itemId) : undefined,
      query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
      query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
      query.q
        ? or(
            ilike(auditLog.actorName, containsPattern(query.q)),
            ilike(auditLog.entityId, containsPattern(query.q)),
            sql`coalesce(${auditLog.after}->>'name', ${auditLog.before}->>'name') ilike ${containsPattern(query.q)}`,
          )
        : undefined,
    ];
    const where = and(...conditions);
    const { dir } = sortOf(query, ['at'] as const, { field: 'at', dir: 'desc' });
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(dir === 'asc' ? asc(auditLog.at) : desc(auditLog.at), dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      items: rows.map((row) => {
        const before = row.before as { name?: string; revision?: number | null } | null;
        const after = row.after as { name?: string; revision?: number | null } | null;
        return {
          id: String(row.id),
          at: row.at.toISOString(),
          actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
          kind: row.entity,
          itemId: row.entityId,
          itemName: after?.name ?? before?.name ?? '',
          action: (known.has(row.action) ? row.action : 'update') as ConfigRecordAction,
          revision: after?.revision ?? null,
          before: row.before,
          after: row.after,
        };
      }),
      total: totals[0]?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
