import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { AuditEntity, AuditEntry } from '@contract/resources/projects';
import type { SystemAuditEntity } from '@contract/resources/system';
import type { ConfigKindName, ConfigRecordAction, ConfigSettingName } from '@contract/config';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { containsPattern, pageWindow, sortOf } from '../shared/list';

/**
 * Who makes a change, where and when: every write of a resource carries it. `projectId` is null for
 * the global lists (countries, languages), whose audit rows belong to no project.
 */
export interface ResourceChange {
  readonly actor: { readonly id: string; readonly name: string };
  readonly projectId: string | null;
  readonly now: Date;
}

/** A change inside one project: what every project domain's writes carry. */
export interface ChangeContext extends ResourceChange {
  readonly projectId: string;
}

/**
 * A change inside one project that no operator made: a store's notification (commerce/ingest.ts
 * merging a customer who bought before signing in). The row names the source (`App Store`) as its
 * actor, without an actor id.
 */
export interface SourceChange {
  readonly actor: { readonly id: null; readonly name: string };
  readonly projectId: string;
  readonly now: Date;
}

/**
 * Entities the audit log records: the project ones (readable per area), the global lists', and the
 * configuration kinds (entity = kind name, listed as config records) and the configuration's settings
 * recorded beside them (the interruption budget).
 */
export type RecordedEntity = AuditEntity | SystemAuditEntity | ConfigKindName | ConfigSettingName;

export type AuditAction = AuditEntry['action'] | ConfigRecordAction;

/** One change as the audit log keeps it; `before`/`after` are the contract's views (never secrets). */
export interface AuditRecord {
  readonly entity: RecordedEntity;
  readonly entityId: string;
  readonly action: AuditAction;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * Writes one audit row per change with the executor it is given, which is the transaction of the
 * change itself: a change that rolls back leaves no record, and a record that cannot be written rolls
 * the change back.
 */
export async function writeAudit(tx: Database, context: ResourceChange | SourceChange, records: AuditRecord | readonly AuditRecord[]): Promise<void> {
  const list = Array.isArray(records) ? (records as readonly AuditRecord[]) : [records as AuditRecord];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((record) => ({
      at: context.now,
      actorId: context.actor.id,
      actorName: context.actor.name,
      projectId: context.projectId,
      entity: record.entity,
      entityId: record.entityId,
      action: record.action,
      before: record.before ?? null,
      after: record.after ?? null,
    })),
  );
}

/** Filters of the audit list beyond the list convention. */
export interface AuditFilter {
  readonly entity?: AuditEntity | undefined;
  readonly entityId?: string | undefined;
  readonly action?: readonly string[] | undefined;
  /** Entities the caller may read; entries of others are left out. */
  readonly readable: readonly AuditEntity[];
}

/** Reads the audit log of a project in the list convention (newest first by default). */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async list(projectId: string, query: ListQuery, filter: AuditFilter): Promise<ListPage<AuditEntry>> {
    const { field, dir } = sortOf(query, ['at', 'entity', 'action'] as const, { field: 'at', dir: 'desc' });
    const column = { at: auditLog.at, entity: auditLog.entity, action: auditLog.action }[field];
    const conditions: (SQL | undefined)[] = [
      eq(auditLog.projectId, projectId),
      inArray(auditLog.entity, [...filter.readable]),
      filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
      filter.action ? inArray(auditLog.action, [...filter.action]) : undefined,
      query.q ? or(ilike(auditLog.actorName, containsPattern(query.q)), ilike(auditLog.entityId, containsPattern(query.q))) : undefined,
    ];
    const where = and(...conditions);
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(dir === 'asc' ? asc(column) : desc(column), dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: String(row.id),
        at: row.at.toISOString(),
        actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
        entity: row.entity,
        entityId: row.entityId,
        action: row.action as AuditEntry['action'],
        before: row.before,
        after: row.after,
      })),
      total: totals[0]?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
