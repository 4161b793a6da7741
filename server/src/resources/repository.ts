import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseSort, type ListPage, type ListQuery } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { zodErrorToFieldErrors } from '@contract/field-errors';
import { deriveState, type AnyResource } from '@contract/resources/define';
import type { Link } from '@contract/resources/projects';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { searchCondition } from '../db/search';
import { AppError } from '../errors';
import type { Clock } from '../shared/clock';
import { containsPattern, pageWindow } from '../shared/list';
import { writeAudit, type ChangeContext, type RecordedEntity, type ResourceChange } from './audit';
import { linksToFieldErrors } from './links';

/** A stored row of a resource table, by drizzle property name. */
export type ResourceRow = Record<string, unknown> & {
  readonly id: string;
  readonly version: number;
  readonly enabled: boolean;
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** An item as the API answers it (the resource's `item` schema). */
export type ResourceItemView = Record<string, unknown> & { readonly id: string; readonly version: number };

/**
 * An item view as the route output type it is. Items are built from the resource's own schema keys,
 * and every reply is parsed by its route's output schema on the way out (the serializer), so a
 * mismatch fails loudly in tests instead of answering something else.
 */
export function asOutput<T>(item: ResourceItemView): T {
  return item as unknown as T;
}

/**
 * What a domain adds to the generic behaviour, all of it run inside the change's transaction.
 */
export interface ResourceHooks {
  /**
   * Checks references and fills derived columns before an insert (`existing` undefined) or update;
   * returns the column values to write. E.g. a SKU's app must be one of the project's, and the SKU
   * copies its platform.
   */
  prepare?(tx: Database, context: ChangeContext, values: Record<string, unknown>, existing: ResourceRow | undefined): Promise<Record<string, unknown>>;
  /** Fields kept outside the table's columns (an offering's SKU ids, an app's secret summaries). */
  readonly virtual?: {
    load(db: Database, rows: readonly ResourceRow[]): Promise<ReadonlyMap<string, Record<string, unknown>>>;
    /** Writes the virtual fields present in `input` after the row is written. */
    write?(tx: Database, context: ChangeContext, row: ResourceRow, input: Record<string, unknown>): Promise<void>;
  };
  /** Links that keep an item from being deleted without `force` (and that `force` removes). */
  readonly links?: {
    find(tx: Database, row: ResourceRow): Promise<Link[]>;
    remove(tx: Database, context: ChangeContext, row: ResourceRow): Promise<void>;
  };
}

/**
 * How a resource is stored: its declaration, its table, its hooks. The audit name and the not-found
 * code come from the declaration's wiring; only a resource declared without one (a test's) states them.
 */
export interface ResourceRepositoryConfig {
  readonly resource: AnyResource;
  /**
   * A table with the standard resource columns (db/schema.ts `resourceColumns`, without the project
   * for a global resource) and one per stored field.
   */
  readonly table: PgTable;
  /** The audit log's name for the entity; the wiring's `auditEntity` by default. */
  readonly entity?: RecordedEntity;
  /** The code for an id that is not one of the items; the wiring's `notFound` by default. */
  readonly notFound?: number;
  /** The code for a delete refused because of links (102010 by default; 105003 for app roles). */
  readonly inUse?: number;
  readonly hooks?: ResourceHooks;
  readonly clock: Clock;
}

/** The result of a delete: whether the item went to the trash, and the links `force` removed. */
export interface DeleteResult {
  readonly trashed: boolean;
  readonly unlinked: Link[];
}

const SYSTEM_KEYS = new Set(['id', 'version', 'enabled', 'state', 'sortOrder', 'deletedAt', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt']);

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** A contract value as its column takes it: the API's ISO date-times become Dates for timestamp columns. */
function toColumnValue(column: PgColumn, value: unknown): unknown {
  return column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
}

/**
 * The generic repository of a declared resource (contract/resources/define.ts): every SQL statement
 * the standard routes need, scoped to one project (a global resource's are scoped to nothing: every
 * row is everyone's, and its audit rows carry no project).
 *
 * - Lists page, sort, filter and search on the server: `q` is a word-prefix search on the table's
 *   generated `search` column (db/search.ts), or ILIKE on the searchable columns of a table without one.
 * - Updates carry the version they were based on: `UPDATE ... WHERE id AND version` after locking the
 *   row, so of many parallel updates from one version exactly one wins and the rest get 108007.
 * - Deletes move to the trash when the resource has one (restore, purge, empty trash), refuse items
 *   with links unless forced (102010 with the links as field errors), and reorders check versions.
 * - Every change writes its audit row in the same transaction (resources/audit.ts).
 * - Duplicates are left to the unique indexes, whose violation the error handler maps to the code.
 */
export class ResourceRepository {
  /** The declaration it stores: the route registration reads name, scope, trash and order from it. */
  readonly resource: AnyResource;
  private readonly table: PgTable;
  private readonly columns: Readonly<Record<string, PgColumn>>;
  /** Every column but the search vector, which only the database reads. */
  private readonly selection: Readonly<Record<string, PgColumn>>;
  private readonly hooks: ResourceHooks;
  /** Fields of the item that are the resource's own (editable and extra), in schema order. */
  private readonly fieldKeys: readonly string[];
  private readonly storedKeys: readonly string[];
  /** Global resources (countries, languages) have no project: every row is everyone's. */
  private readonly global: boolean;
  private readonly entity: RecordedEntity;
  private readonly notFoundCode: number;

  constructor(
    private readonly db: Database,
    private readonly config: ResourceRepositoryConfig,
  ) {
    this.resource = config.resource;
    this.table = config.table;
    this.columns = getTableColumns(config.table) as Record<string, PgColumn>;
    this.selection = Object.fromEntries(Object.entries(this.columns).filter(([key]) => key !== 'search'));
    this.hooks = config.hooks ?? {};
    this.fieldKeys = Object.keys(this.resource.item.shape).filter((key) => !SYSTEM_KEYS.has(key));
    this.storedKeys = Object.keys(this.resource.editableShape).filter((key) => key in this.columns);
    this.global = this.resource.wiring?.scope === 'global';
    const entity = config.entity ?? this.resource.wiring?.auditEntity;
    const notFound = config.notFound ?? this.resource.wiring?.notFound;
    if (entity === undefined || notFound === undefined) throw new Error(`${this.resource.name}: no wiring, and no audit entity or not-found code given`);
    this.entity = entity as RecordedEntity;
    this.notFoundCode = notFound;
    for (const column of [...(this.global ? [] : ['projectId']), 'id', 'version', 'enabled', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt']) {
      if (!(column in this.columns)) throw new Error(`${this.resource.name}: table lacks ${column}`);
    }
    if (this.resource.trash && !this.columns.deletedAt) throw new Error(`${this.resource.name}: a trash needs deletedAt`);
    if (this.resource.orderable && !this.columns.sortOrder) throw new Error(`${this.resource.name}: ordering needs sortOrder`);
    for (const key of [...this.resource.searchable, ...this.resource.sortable, ...this.resource.filters.map((f) => f.field)]) {
      if (!this.columns[key]) throw new Error(`${this.resource.name}: ${key} is listed but has no column`);
    }
  }

  /** The same repository on another executor (a transaction spanning several repositories). */
  withExecutor(db: Database): ResourceRepository {
    return new ResourceRepository(db, this.config);
  }

  private col(name: string): PgColumn {
    const column = this.columns[name];
    if (!column) throw new Error(`${this.resource.name}: no column ${name}`);
    return column;
  }

  private notFound(): AppError {
    return new AppError(this.notFoundCode);
  }

  /** The rows of the project (every row of a global resource; `projectId` is then null). */
  private inProject(projectId: string | null): SQL | undefined {
    if (this.global) return undefined;
    if (projectId === null) throw new Error(`${this.resource.name}: a project resource needs a project`);
    return eq(this.col('projectId'), projectId);
  }

  /** Rows of the project not in the trash (the trash itself with `trashed`). */
  private scope(projectId: string | null, trashed: boolean | undefined): SQL | undefined {
    const inProject = this.inProject(projectId);
    if (!this.resource.trash) return inProject;
    return and(inProject, trashed ? isNotNull(this.col('deletedAt')) : isNull(this.col('deletedAt')));
  }

  /** The context hooks see: project domains' hooks only ever run for project resources. */
  private hookContext(context: ResourceChange): ChangeContext {
    return context as ChangeContext;
  }

  // ------------------------------------------------------------------------------------------
  // Reading

  /** One page of the project's items in the list convention, with the resource's filters. */
  async list(projectId: string | null, query: ListQuery & Record<string, unknown>): Promise<ListPage<ResourceItemView>> {
    const conditions: (SQL | undefined)[] = [this.scope(projectId, query.trashed === true)];
    if (typeof query.enabled === 'boolean') conditions.push(eq(this.col('enabled'), query.enabled));
    if (this.resource.timeBound && Array.isArray(query.state)) conditions.push(or(...query.state.map((s) => this.stateCondition(String(s)))));
    for (const filter of this.resource.filters) {
      const column = this.col(filter.field);
      if (filter.kind === 'select') {
        const value = query[filter.field];
        if (Array.isArray(value)) conditions.push(inArray(column, value));
        else if (typeof value === 'boolean') conditions.push(eq(column, value));
      } else if (filter.kind === 'text') {
        const value = query[filter.field];
        if (typeof value === 'string') conditions.push(ilike(column, containsPattern(value)));
      } else {
        const [minKey, maxKey] = filter.keys as [string, string];
        if (query[minKey] !== undefined) conditions.push(gte(column, toColumnValue(column, query[minKey])));
        if (query[maxKey] !== undefined) conditions.push(lte(column, toColumnValue(column, query[maxKey])));
      }
    }
    if (query.q && this.resource.searchable.length > 0) {
      if (this.columns.search) {
        conditions.push(searchCondition(this.columns.search, query.q));
      } else {
        const pattern = containsPattern(query.q);
        conditions.push(or(...this.resource.searchable.map((field) => ilike(this.col(field), pattern))));
      }
    }
    const where = and(...conditions);
    const fallback =
      query.trashed && this.resource.trash
        ? ({ field: 'deletedAt', dir: 'desc' } as const)
        : this.resource.orderable
          ? ({ field: 'sortOrder', dir: 'asc' } as const)
          : (this.resource.defaultSort ?? ({ field: 'createdAt', dir: 'desc' } as const));
    const allowed = query.trashed && this.resource.trash ? [...this.resource.sortable, 'deletedAt'] : this.resource.sortable;
    const { field, dir } = parseSort(query.sort, allowed, fallback);
    const order = dir === 'asc' ? asc : desc;
    const { limit, offset } = pageWindow(query);
    const rows = (await this.db
      .select(this.selection)
      .from(this.table)
      .where(where)
      .orderBy(order(this.col(field)), order(this.col('id')))
      .limit(limit)
      .offset(offset)) as ResourceRow[];
    const [totals] = await this.db.select({ n: count() }).from(this.table).where(where);
    return { items: await this.toItems(this.db, rows), total: totals?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  private stateCondition(state: string): SQL {
    const now = this.config.clock();
    const starts = this.col('startsAt');
    const ends = this.col('endsAt');
    if (state === 'notStarted') return gt(starts, now);
    if (state === 'over') return lte(ends, now);
    return and(lte(starts, now), or(isNull(ends), gt(ends, now))) as SQL;
  }

  /** One item of the project (also from the trash). */
  async get(projectId: string | null, id: string): Promise<ResourceItemView> {
    const row = await this.findRow(this.db, projectId, id, { includeTrash: true });
    if (!row) throw this.notFound();
    const [item] = await this.toItems(this.db, [row]);
    return item as ResourceItemView;
  }

  private async findRow(
    db: Database,
    projectId: string | null,
    id: string,
    options: { includeTrash?: boolean; trashed?: boolean; lock?: boolean },
  ): Promise<ResourceRow | undefined> {
    const where = options.includeTrash ? and(this.inProject(projectId), eq(this.col('id'), id)) : and(this.scope(projectId, options.trashed), eq(this.col('id'), id));
    const query = db.select(this.selection).from(this.table).where(where).limit(1);
    const rows = (options.lock ? await query.for('update') : await query) as ResourceRow[];
    return rows[0];
  }

  /** Rows as items: stored and virtual fields, actors by name, timestamps in ISO form. */
  async toItems(db: Database, rows: readonly ResourceRow[]): Promise<ResourceItemView[]> {
    if (rows.length === 0) return [];
    const actorIds = [...new Set(rows.flatMap((row) => [row.createdBy, row.updatedBy]).filter((id): id is string => typeof id === 'string'))];
    const actors = new Map<string, { id: string; name: string }>();
    if (actorIds.length > 0) {
      for (const user of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds))) actors.set(user.id, user);
    }
    const virtual = this.hooks.virtual ? await this.hooks.virtual.load(db, rows) : new Map<string, Record<string, unknown>>();
    const now = this.config.clock();
    return rows.map((row) => {
      const extra = virtual.get(row.id) ?? {};
      const item: Record<string, unknown> = {};
      for (const key of this.fieldKeys) item[key] = key in extra ? extra[key] : key in this.columns ? iso(row[key]) : undefined;
      item.id = row.id;
      item.version = row.version;
      item.enabled = row.enabled;
      if (this.resource.timeBound) item.state = deriveState(row.startsAt as Date, row.endsAt as Date | null, now);
      if (this.resource.orderable) item.sortOrder = row.sortOrder;
      if (this.resource.trash) item.deletedAt = iso(row.deletedAt ?? null);
      item.createdBy = (row.createdBy && actors.get(row.createdBy)) ?? null;
      item.updatedBy = (row.updatedBy && actors.get(row.updatedBy)) ?? null;
      item.createdAt = row.createdAt.toISOString();
      item.updatedAt = row.updatedAt.toISOString();
      return item as ResourceItemView;
    });
  }

  private async oneItem(db: Database, row: ResourceRow): Promise<ResourceItemView> {
    return (await this.toItems(db, [row]))[0] as ResourceItemView;
  }

  // ------------------------------------------------------------------------------------------
  // Writing

  private storedValues(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const key of keys) {
      const column = this.columns[key];
      if (column && input[key] !== undefined) values[key] = toColumnValue(column, input[key]);
    }
    return values;
  }

  /**
   * Creates an item (at the end of the order for orderable resources). `internal` holds columns the
   * server sets itself and the API never shows (an id chosen in advance, a sealed secret).
   */
  async create(context: ResourceChange, input: Record<string, unknown>, internal: Record<string, unknown> = {}): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      let values = { ...this.storedValues(input, this.storedKeys), ...internal };
      if (this.hooks.prepare) values = await this.hooks.prepare(tx, this.hookContext(context), values, undefined);
      if (this.resource.orderable) {
        const [last] = await tx
          .select({ n: sql<number>`coalesce(max(${this.col('sortOrder')}), 0)`.mapWith(Number) })
          .from(this.table)
          .where(this.inProject(context.projectId));
        values.sortOrder = (last?.n ?? 0) + 1;
      }
      const [row] = (await tx
        .insert(this.table)
        .values({
          ...values,
          ...(this.global ? {} : { projectId: context.projectId }),
          enabled: typeof input.enabled === 'boolean' ? input.enabled : true,
          version: 1,
          createdBy: context.actor.id,
          updatedBy: context.actor.id,
          createdAt: context.now,
          updatedAt: context.now,
        })
        .returning(this.selection)) as ResourceRow[];
      if (!row) throw new Error('insert returned no row');
      await this.hooks.virtual?.write?.(tx, this.hookContext(context), row, input);
      const item = await this.oneItem(tx, row);
      await writeAudit(tx, context, { entity: this.entity, entityId: row.id, action: 'create', before: null, after: item });
      return item;
    });
  }

  /**
   * Changes the fields present in `patch` if `patch.version` is still the item's version (108007
   * otherwise). Cross-field rules are checked on the item the change would produce.
   */
  async update(context: ResourceChange, id: string, patch: Record<string, unknown> & { version: number }): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, context.projectId, id, { lock: true });
      if (!row) throw this.notFound();
      if (row.version !== patch.version) throw new AppError(ErrorCode.VersionConflict);
      const before = await this.oneItem(tx, row);
      this.checkMerged(before, patch);
      let values = this.storedValues(patch, this.resource.updatable);
      if (this.hooks.prepare) values = await this.hooks.prepare(tx, this.hookContext(context), values, row);
      if (typeof patch.enabled === 'boolean') values.enabled = patch.enabled;
      const [updated] = (await tx
        .update(this.table)
        .set({ ...values, version: sql`${this.col('version')} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
        .where(and(eq(this.col('id'), id), eq(this.col('version'), patch.version)))
        .returning(this.selection)) as ResourceRow[];
      if (!updated) throw new AppError(ErrorCode.VersionConflict);
      await this.hooks.virtual?.write?.(tx, this.hookContext(context), updated, patch);
      const after = await this.oneItem(tx, updated);
      await writeAudit(tx, context, { entity: this.entity, entityId: id, action: 'update', before, after });
      return after;
    });
  }

  /** Runs the editable schema (with its cross-field rules) on the stored item merged with a patch. */
  private checkMerged(before: ResourceItemView, patch: Record<string, unknown>): void {
    if (!this.resource.refine && !this.resource.timeBound) return;
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(this.resource.editableShape)) {
      const value = key in patch && patch[key] !== undefined ? patch[key] : before[key];
      if (value !== undefined && value !== null) merged[key] = value;
      else if (value === null) merged[key] = null;
    }
    const result = this.resource.editable.safeParse(merged);
    if (!result.success) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: zodErrorToFieldErrors(result.error, { input: merged }) });
  }

  /**
   * Moves an item to the trash (or deletes it, without a trash). Links refuse the delete with the
   * resource's in-use code unless `force`, which removes them in the same transaction.
   */
  async remove(context: ResourceChange, id: string, force: boolean): Promise<DeleteResult> {
    return this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, context.projectId, id, { lock: true });
      if (!row) throw this.notFound();
      const links = this.hooks.links ? await this.hooks.links.find(tx, row) : [];
      if (links.length > 0 && !force) {
        throw new AppError(this.config.inUse ?? ErrorCode.ForceDeleteRequired, { fieldErrors: linksToFieldErrors(links) });
      }
      if (links.length > 0) await this.hooks.links?.remove(tx, this.hookContext(context), row);
      const before = await this.oneItem(tx, row);
      if (this.resource.trash) {
        const [trashed] = (await tx
          .update(this.table)
          .set({ deletedAt: context.now, version: sql`${this.col('version')} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
          .where(eq(this.col('id'), id))
          .returning(this.selection)) as ResourceRow[];
        const after = await this.oneItem(tx, trashed as ResourceRow);
        await writeAudit(tx, context, { entity: this.entity, entityId: id, action: 'delete', before, after });
      } else {
        await tx.delete(this.table).where(eq(this.col('id'), id));
        await writeAudit(tx, context, { entity: this.entity, entityId: id, action: 'delete', before, after: null });
      }
      return { trashed: this.resource.trash, unlinked: links };
    });
  }

  /** Takes an item out of the trash; a live duplicate created meanwhile refuses it (unique index). */
  async restore(context: ResourceChange, id: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, context.projectId, id, { trashed: true, lock: true });
      if (!row) throw this.notFound();
      const before = await this.oneItem(tx, row);
      const [restored] = (await tx
        .update(this.table)
        .set({ deletedAt: null, version: sql`${this.col('version')} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
        .where(eq(this.col('id'), id))
        .returning(this.selection)) as ResourceRow[];
      const after = await this.oneItem(tx, restored as ResourceRow);
      await writeAudit(tx, context, { entity: this.entity, entityId: id, action: 'restore', before, after });
      return after;
    });
  }

  /** Deletes a trashed item for ever (an item outside the trash is not found here). */
  async purge(context: ResourceChange, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, context.projectId, id, { trashed: true, lock: true });
      if (!row) throw this.notFound();
      const before = await this.oneItem(tx, row);
      await tx.delete(this.table).where(eq(this.col('id'), id));
      await writeAudit(tx, context, { entity: this.entity, entityId: id, action: 'purge', before, after: null });
    });
  }

  /** Deletes every trashed item of the project for ever; answers how many. */
  async emptyTrash(context: ResourceChange): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = (await tx.delete(this.table).where(this.scope(context.projectId, true)).returning(this.selection)) as ResourceRow[];
      const items = await this.toItems(tx, rows);
      await writeAudit(
        tx,
        context,
        items.map((item) => ({ entity: this.entity, entityId: item.id, action: 'purge' as const, before: item, after: null })),
      );
      return rows.length;
    });
  }

  /**
   * Puts the given items in the given order. They take the positions they held among themselves, so
   * a page (or any subset) can be reordered without touching the rest. Every item must be current
   * (108007 otherwise); items whose position changes get a new version and an audit row.
   */
  async reorder(context: ResourceChange, order: ReadonlyArray<{ id: string; version: number }>): Promise<Array<{ id: string; version: number; sortOrder: number }>> {
    const ids = order.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { items: { key: 'validation.duplicateItems' } } });
    return this.db.transaction(async (tx) => {
      const rows = (await tx
        .select(this.selection)
        .from(this.table)
        .where(and(this.scope(context.projectId, false), inArray(this.col('id'), ids)))
        .orderBy(asc(this.col('sortOrder')), asc(this.col('id')))
        .for('update')) as ResourceRow[];
      if (rows.length !== ids.length) throw this.notFound();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const entry of order) {
        if (byId.get(entry.id)?.version !== entry.version) throw new AppError(ErrorCode.VersionConflict);
      }
      const slots: number[] = [];
      for (const row of rows) {
        const position = row.sortOrder as number;
        const previous = slots[slots.length - 1];
        slots.push(previous !== undefined && position <= previous ? previous + 1 : position);
      }
      const result: Array<{ id: string; version: number; sortOrder: number }> = [];
      const records = [];
      for (const [index, entry] of order.entries()) {
        const row = byId.get(entry.id) as ResourceRow;
        const sortOrder = slots[index] as number;
        if (row.sortOrder === sortOrder) {
          result.push({ id: row.id, version: row.version, sortOrder });
          continue;
        }
        await tx
          .update(this.table)
          .set({ sortOrder, version: sql`${this.col('version')} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
          .where(eq(this.col('id'), row.id));
        result.push({ id: row.id, version: row.version + 1, sortOrder });
        records.push({ entity: this.entity, entityId: row.id, action: 'reorder' as const, before: { sortOrder: row.sortOrder }, after: { sortOrder } });
      }
      await writeAudit(tx, context, records);
      return result;
    });
  }
}
