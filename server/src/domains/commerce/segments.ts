import { and, asc, count, eq, not, or, sql, type SQL } from 'drizzle-orm';
import {
  durationUnitHours,
  type Segment,
  type SegmentCount,
  type SegmentDefinition,
  type SegmentInput,
  type SegmentRule,
} from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import type { ComparisonOperator } from '@contract/validation';
import type { Database } from '../../db/client';
import { databaseErrorDetail } from '../../db/constraints';
import { customers, segments, subscriptions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { customersWithActiveEntitlement } from './entitlements';

/**
 * User segmentation: a segment is rules over customers (contract `segmentRuleSchema`), all or any
 * of them, turned here into one SQL condition on the customers table, so a count is one statement
 * (the live count while a segment is edited) and the same condition can filter a list.
 *
 * Rules on the customer's own columns (platform, country, first and last seen, spend, attributes)
 * cost nothing extra; rules about now (an entitlement active, a subscription state) probe the
 * customer's grants or subscriptions by index. A count over 100,000 customers is measured in
 * bench/commerce.ts.
 */

const SQL_OPERATOR: Readonly<Record<ComparisonOperator, string>> = { eq: '=', gte: '>=', lte: '<=', lt: '<', gt: '>' };

function compare(left: SQL, operator: ComparisonOperator, right: SQL): SQL {
  return sql`${left} ${sql.raw(SQL_OPERATOR[operator])} ${right}`;
}

/**
 * "Time since `column` {operator} count × unit": since is now − column, so `≥ 30 days` is
 * `column <= now − 30 days`; `=` means within that unit (at least `count`, less than `count + 1`).
 */
function sinceCondition(column: SQL | typeof customers.firstSeenAt, operator: ComparisonOperator, value: { count: number; unit: keyof typeof durationUnitHours }, at: Date): SQL {
  const hours = durationUnitHours[value.unit];
  const bound = (n: number) => new Date(at.getTime() - n * hours * 3_600_000);
  switch (operator) {
    case 'gte':
      return sql`${column} <= ${bound(value.count)}`;
    case 'gt':
      return sql`${column} < ${bound(value.count)}`;
    case 'lte':
      return sql`${column} >= ${bound(value.count)}`;
    case 'lt':
      return sql`${column} > ${bound(value.count)}`;
    case 'eq':
      return sql`(${column} <= ${bound(value.count)} and ${column} > ${bound(value.count + 1)})`;
  }
}

/**
 * One rule as a condition on a project's customers rows. Facts about now are sets computed once
 * (`in (select …)`), which PostgreSQL answers with one pass and a hash, not a probe per customer.
 */
export function ruleCondition(projectId: string, rule: SegmentRule, at: Date): SQL {
  switch (rule.field) {
    case 'platform':
      return sql`${customers.platform} = ${rule.value}`;
    case 'country':
      return sql`${customers.country} = ${rule.value}`;
    case 'access':
      return rule.value === 'subscribed' ? sql`${customers.id} in ${customersWithActiveEntitlement(projectId, at)}` : not(sql`${customers.id} in ${customersWithActiveEntitlement(projectId, at)}`);
    case 'entitlement':
      return sql`${customers.id} in ${customersWithActiveEntitlement(projectId, at, rule.value)}`;
    case 'subscriptionState':
      return sql`${customers.id} in (select ${subscriptions.customerId} from ${subscriptions} where ${subscriptions.projectId} = ${projectId} and ${subscriptions.state} = ${rule.value})`;
    case 'spend':
      return compare(sql`coalesce((${customers.spent} ->> ${rule.currency})::numeric, 0)`, rule.operator, sql`${rule.value}`);
    case 'firstSeen':
      return sinceCondition(customers.firstSeenAt, rule.operator, rule.value, at);
    case 'lastSeen':
      return sinceCondition(customers.lastSeenAt, rule.operator, rule.value, at);
    case 'attribute': {
      const text = sql`(${customers.attributes} ->> ${rule.key})`;
      if (typeof rule.value === 'string') return sql`${text} = ${rule.value}`;
      // Numbers compare as numbers; a value that is not one never matches.
      return compare(sql`(case when ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then ${text}::numeric end)`, rule.operator, sql`${rule.value}`);
    }
  }
}

/** The condition of a whole definition: every rule (`all`) or one of them (`any`). */
export function segmentCondition(projectId: string, definition: SegmentDefinition, at: Date): SQL {
  const conditions = definition.rules.map((rule) => sql`(${ruleCondition(projectId, rule, at)})`);
  return (definition.match === 'all' ? and(...conditions) : or(...conditions)) as SQL;
}

/**
 * The segments among `definitions` that one app user is in now: ONE statement over the customer's
 * row (by the project and app user id, a unique index), one boolean column per segment. Null when
 * the project has no such customer (an unknown user is in no segment, and an audience of segments
 * treats it as unknown rather than as "in none"). The delivery API calls it per request for items
 * whose audience names segments; `definitions` come from its compiled configuration, so no query
 * reads the segments table here. At most TARGETED_SEGMENTS_MAX per item; the union over a project's
 * items is what the compiled configuration names.
 */
export async function segmentMemberships(db: Database, projectId: string, appUserId: string, definitions: ReadonlyMap<string, SegmentDefinition>, at: Date): Promise<Set<string> | null> {
  const ids = [...definitions.keys()];
  const columns: Record<string, SQL<boolean>> = {};
  ids.forEach((id, index) => {
    columns[`s${index}`] = sql<boolean>`coalesce((${segmentCondition(projectId, definitions.get(id) as SegmentDefinition, at)}), false)`;
  });
  const [row] = await db
    .select({ known: sql<number>`1`, ...columns })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)));
  if (!row) return null;
  const values = row as Record<string, unknown>;
  // PGlite and node-postgres both answer booleans; a text `t` would be a driver's doing.
  return new Set(ids.filter((_, index) => values[`s${index}`] === true || values[`s${index}`] === 't'));
}

type SegmentRow = typeof segments.$inferSelect & { createdByName: string | null; updatedByName: string | null };

function toSegment(row: SegmentRow): Segment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    match: row.match,
    rules: row.rules as SegmentRule[],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
    updatedBy: row.updatedBy ? { id: row.updatedBy, name: row.updatedByName ?? '' } : null,
  };
}

/** A name in use is 108001 at the name field. */
function nameTaken(error: unknown): never {
  if (databaseErrorDetail(error).constraint === 'segments_project_name_key') {
    throw new AppError(ErrorCode.ContentExists, { fieldErrors: { name: { key: 'validation.duplicate' } } });
  }
  throw error;
}

export class SegmentRepository {
  constructor(private readonly db: Database) {}

  private select() {
    return this.db
      .select({
        id: segments.id,
        projectId: segments.projectId,
        name: segments.name,
        description: segments.description,
        match: segments.match,
        rules: segments.rules,
        version: segments.version,
        createdBy: segments.createdBy,
        updatedBy: segments.updatedBy,
        createdAt: segments.createdAt,
        updatedAt: segments.updatedAt,
        createdByName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${segments.createdBy})`,
        updatedByName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${segments.updatedBy})`,
      })
      .from(segments);
  }

  async list(projectId: string): Promise<Segment[]> {
    const rows = await this.select().where(eq(segments.projectId, projectId)).orderBy(asc(sql`lower(${segments.name})`));
    return rows.map(toSegment);
  }

  async get(projectId: string, id: string): Promise<Segment> {
    const [row] = await this.select().where(and(eq(segments.projectId, projectId), eq(segments.id, id)));
    if (!row) throw new AppError(ErrorCode.DataMissing);
    return toSegment(row);
  }

  async create(context: ChangeContext, input: SegmentInput): Promise<Segment> {
    const id = await this.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(segments)
          .values({ projectId: context.projectId, name: input.name, description: input.description, match: input.match, rules: input.rules, createdBy: context.actor.id, updatedBy: context.actor.id, createdAt: context.now, updatedAt: context.now })
          .returning({ id: segments.id });
        const created = (row as { id: string }).id;
        await writeAudit(tx, context, { entity: 'segment', entityId: created, action: 'create', before: null, after: input });
        return created;
      })
      .catch(nameTaken);
    return this.get(context.projectId, id);
  }

  /** Changes a segment based on its version (108007 when another change came first). */
  async update(context: ChangeContext, id: string, input: SegmentInput, version: number): Promise<Segment> {
    const current = await this.get(context.projectId, id);
    if (current.version !== version) throw new AppError(ErrorCode.VersionConflict);
    await this.db
      .transaction(async (tx) => {
        const changed = await tx
          .update(segments)
          .set({ name: input.name, description: input.description, match: input.match, rules: input.rules, updatedBy: context.actor.id, updatedAt: context.now, version: version + 1 })
          .where(and(eq(segments.projectId, context.projectId), eq(segments.id, id), eq(segments.version, version)))
          .returning({ id: segments.id });
        if (changed.length === 0) throw new AppError(ErrorCode.VersionConflict);
        const { name, description, match, rules } = current;
        await writeAudit(tx, context, { entity: 'segment', entityId: id, action: 'update', before: { name, description, match, rules }, after: input });
      })
      .catch(nameTaken);
    return this.get(context.projectId, id);
  }

  async delete(context: ChangeContext, id: string): Promise<{ id: string }> {
    const current = await this.get(context.projectId, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(segments).where(and(eq(segments.projectId, context.projectId), eq(segments.id, id)));
      await writeAudit(tx, context, { entity: 'segment', entityId: id, action: 'delete', before: { name: current.name, match: current.match, rules: current.rules }, after: null });
    });
    return { id };
  }

  /** How many of the project's customers match a definition now, of how many. */
  async count(projectId: string, definition: SegmentDefinition, at: Date): Promise<SegmentCount> {
    const [[matching], [all]] = await Promise.all([
      this.db.select({ n: count() }).from(customers).where(and(eq(customers.projectId, projectId), segmentCondition(projectId, definition, at))),
      this.db.select({ n: count() }).from(customers).where(eq(customers.projectId, projectId)),
    ]);
    return { count: matching?.n ?? 0, of: all?.n ?? 0, countedAt: at.toISOString() };
  }
}
