import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import {
  configSortFields,
  draftProblems,
  draftSummary,
  itemStateOf,
  newDraft,
  onlineStatusOf,
  referencesOf,
  type AnyConfigKind,
  type ConfigItem,
  type ConfigListQuery,
  type ConfigRecordAction,
  type ConfigRevision,
  type Environment,
} from '@contract/config';
import type { FieldErrors } from '@contract/envelope';
import type { Database } from '../db/client';
import { databaseErrorDetail } from '../db/constraints';
import { auditLog, configItems, configPolicies, configRevisions, users } from '../db/schema';
import { searchCondition } from '../db/search';
import { AppError } from '../errors';
import { writeAudit, type ChangeContext, type RecordedEntity } from '../resources/audit';
import type { Clock } from '../shared/clock';
import { pageWindow, sortOf } from '../shared/list';
import { missingReferences } from './references';

/**
 * The one document store of every configuration kind (docs/ARCHITECTURE.md "Configuration kinds").
 *
 * An instance serves one kind, scoped to one project per call. Rules that hold for every kind:
 * - Every change locks the item's row and carries the version it was based on (108007 otherwise), so
 *   of 20 parallel publishes of one draft exactly one makes a revision.
 * - A draft may be incomplete: a save stores it with its problems (schema and references); a publish
 *   requires none (1000, or the reference's own code such as 102003 for a SKU), a change since the last
 *   revision (106005), and an approval of this exact version when the project's policy asks (106006).
 * - Revisions are inserted, never updated; environments point at them. Rollback k inserts revision
 *   n+1 with k's document and makes the draft that document.
 * - An item live anywhere cannot be deleted (106004); taking it off the air first is one click.
 * - Each change writes one audit row (entity = kind name) in its own transaction, with the documents
 *   before and after, which the config records list and diff.
 */

type ItemRow = typeof configItems.$inferSelect;

const UNIQUE_INDEX = 'config_items_unique_key';

/** SHA-256 of a value's canonical JSON (keys sorted), so equal documents hash equal. */
export function documentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The columns copied out of a draft (contract `draftSummary`, with times as Dates). */
function summaryColumns(kind: AnyConfigKind, draft: Record<string, unknown>) {
  const summary = draftSummary(kind, draft);
  return { ...summary, startsAt: summary.startsAt ? new Date(summary.startsAt) : null, endsAt: summary.endsAt ? new Date(summary.endsAt) : null };
}

/** What an audit row of a configuration change holds before and after. */
interface RecordSide {
  readonly document: Record<string, unknown> | null;
  readonly revision: number | null;
}

export class ConfigRepository {
  constructor(
    private readonly db: Database,
    private readonly kind: AnyConfigKind,
    private readonly clock: Clock,
  ) {}

  // ------------------------------------------------------------------------------------------
  // Reading

  async list(projectId: string, query: ConfigListQuery): Promise<ListPage<ConfigItem>> {
    const t = configItems;
    const conditions: (SQL | undefined)[] = [eq(t.projectId, projectId), eq(t.kind, this.kind.name), query.trashed ? isNotNull(t.deletedAt) : isNull(t.deletedAt)];
    if (typeof query.enabled === 'boolean') conditions.push(eq(t.enabled, query.enabled));
    if (query.state && this.kind.parts.schedule) {
      const now = this.clock();
      const byState = {
        notStarted: sql`${t.startsAt} > ${now}`,
        inProgress: and(or(isNull(t.startsAt), lte(t.startsAt, now)), or(isNull(t.endsAt), gt(t.endsAt, now))),
        over: sql`${t.endsAt} <= ${now}`,
      };
      conditions.push(or(...query.state.map((s) => byState[s])));
    }
    if (query.status) {
      const byStatus = {
        unpublished: and(isNull(t.officialRevision), isNull(t.previewRevision)),
        preview: and(isNull(t.officialRevision), isNotNull(t.previewRevision)),
        official: isNotNull(t.officialRevision),
      };
      conditions.push(or(...query.status.map((s) => byStatus[s])));
    }
    if (typeof query.changed === 'boolean') {
      conditions.push(query.changed ? sql`${t.draftHash} is distinct from ${t.latestHash}` : sql`${t.draftHash} = ${t.latestHash}`);
    }
    if (query.q) conditions.push(searchCondition(t.search, query.q));
    const where = and(...conditions);
    const fallback = this.kind.parts.order ? { field: 'sortOrder' as const, dir: 'asc' as const } : { field: 'updatedAt' as const, dir: 'desc' as const };
    const { field, dir } = sortOf(query, configSortFields, fallback);
    const column = { name: t.name, updatedAt: t.updatedAt, createdAt: t.createdAt, sortOrder: t.sortOrder, startsAt: t.startsAt, endsAt: t.endsAt }[field];
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(t)
        .where(where)
        .orderBy(dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, dir === 'asc' ? asc(t.id) : desc(t.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(t).where(where),
    ]);
    return { items: await this.toItems(this.db, projectId, rows), total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  async get(projectId: string, id: string): Promise<ConfigItem> {
    const row = await this.findRow(this.db, projectId, id, { trashed: 'any' });
    if (!row) throw this.notFound();
    return this.toItem(this.db, projectId, row);
  }

  async revisions(projectId: string, id: string): Promise<ConfigRevision[]> {
    const row = await this.findRow(this.db, projectId, id, { trashed: 'any' });
    if (!row) throw this.notFound();
    const rows = await this.db.select().from(configRevisions).where(eq(configRevisions.itemId, id)).orderBy(desc(configRevisions.number));
    return rows.map((revision) => ({
      number: revision.number,
      document: revision.document,
      note: revision.note,
      restoredFrom: revision.restoredFrom,
      publishedBy: revision.publishedBy ? { id: revision.publishedBy, name: revision.publishedByName } : null,
      publishedAt: revision.publishedAt.toISOString(),
      approvedBy: revision.approvedBy && revision.approvedByName ? { id: revision.approvedBy, name: revision.approvedByName } : null,
      approvedAt: revision.approvedAt?.toISOString() ?? null,
      environments: [
        ...(row.previewRevision === revision.number ? (['preview'] as const) : []),
        ...(row.officialRevision === revision.number ? (['official'] as const) : []),
      ],
    }));
  }

  async policy(projectId: string): Promise<{ requiresApproval: boolean; version: number }> {
    const [row] = await this.db
      .select()
      .from(configPolicies)
      .where(and(eq(configPolicies.projectId, projectId), eq(configPolicies.kind, this.kind.name)));
    return { requiresApproval: row?.requiresApproval ?? false, version: row?.version ?? 1 };
  }

  // ------------------------------------------------------------------------------------------
  // Drafts

  async create(context: ChangeContext, input: Record<string, unknown>): Promise<ConfigItem> {
    const draft = { ...newDraft(this.kind, String(input.name), 'UTC'), ...input };
    return this.unique(() =>
      this.db.transaction(async (tx) => {
        const summary = summaryColumns(this.kind, draft);
        const problems = await this.problemsOf(tx, context.projectId, draft);
        const sortOrder = this.kind.parts.order ? await this.nextSortOrder(tx, context.projectId) : 0;
        const [row] = await tx
          .insert(configItems)
          .values({
            projectId: context.projectId,
            kind: this.kind.name,
            ...summary,
            sortOrder,
            draft,
            draftHash: documentHash(draft),
            problems,
            createdBy: context.actor.id,
            updatedBy: context.actor.id,
            createdAt: context.now,
            updatedAt: context.now,
          })
          .returning();
        const created = row as ItemRow;
        await this.record(tx, context, created, 'create', null, { document: draft, revision: null });
        return this.toItem(tx, context.projectId, created);
      }),
    );
  }

  async saveDraft(context: ChangeContext, id: string, version: number, draft: Record<string, unknown>): Promise<ConfigItem> {
    return this.unique(() =>
      this.db.transaction(async (tx) => {
        const row = await this.locked(tx, context.projectId, id, version);
        // Saving what is already saved changes nothing: no new version, no record, and no claim to
        // have edited the draft (which would let its real author approve it).
        if (documentHash(draft) === row.draftHash) return this.toItem(tx, context.projectId, row);
        const problems = await this.problemsOf(tx, context.projectId, draft);
        const updated = await this.updateRow(tx, context, row, {
          ...summaryColumns(this.kind, draft),
          draft,
          draftHash: documentHash(draft),
          problems,
        });
        await this.record(tx, context, updated, 'update', { document: row.draft, revision: null }, { document: draft, revision: null });
        return this.toItem(tx, context.projectId, updated);
      }),
    );
  }

  // ------------------------------------------------------------------------------------------
  // Publishing

  async publish(context: ChangeContext, id: string, version: number, note: string | undefined): Promise<ConfigItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      // What goes live is the document as its schema reads it (trimmed, defaults filled, unknown
      // nested keys gone), never the draft as typed; the draft becomes that document too.
      const document = await this.assertPublishable(tx, context.projectId, row.draft);
      const hash = documentHash(document);
      if (row.latestHash === hash) throw new AppError(ErrorCode.SubscriptionPackageUnchanged);
      const policy = await this.policyIn(tx, context.projectId);
      const approved = row.approvedVersion === row.version && row.approvedBy !== null;
      if (policy.requiresApproval && !approved) throw new AppError(ErrorCode.ApprovalRequired);
      const number = row.latestRevision + 1;
      const before = await this.revisionDocument(tx, id, row.latestRevision);
      await tx.insert(configRevisions).values({
        itemId: id,
        projectId: context.projectId,
        kind: this.kind.name,
        number,
        document,
        hash,
        note: note && note !== '' ? note : null,
        publishedBy: context.actor.id,
        publishedByName: context.actor.name,
        publishedAt: context.now,
        ...(policy.requiresApproval && approved ? { approvedBy: row.approvedBy, approvedByName: row.approvedByName, approvedAt: row.approvedAt } : {}),
      });
      const updated = await this.updateRow(tx, context, row, {
        ...summaryColumns(this.kind, document),
        draft: document,
        draftHash: hash,
        problems: {},
        latestRevision: number,
        latestHash: hash,
        previewRevision: number,
      });
      await this.record(tx, context, updated, 'publish', { document: before, revision: row.latestRevision || null }, { document, revision: number });
      return this.toItem(tx, context.projectId, updated);
    });
  }

  async promote(context: ChangeContext, id: string, version: number): Promise<ConfigItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      if (row.previewRevision === null || row.previewRevision === row.officialRevision) throw new AppError(ErrorCode.SubscriptionStatusForbids);
      const before = row.officialRevision ? await this.revisionDocument(tx, id, row.officialRevision) : null;
      const after = await this.revisionDocument(tx, id, row.previewRevision);
      const updated = await this.updateRow(tx, context, row, { officialRevision: row.previewRevision });
      await this.record(tx, context, updated, 'promote', { document: before, revision: row.officialRevision }, { document: after, revision: row.previewRevision });
      return this.toItem(tx, context.projectId, updated);
    });
  }

  /** Takes the item off the air in both environments (106003 when it is on neither). */
  async unpublish(context: ChangeContext, id: string, version: number): Promise<ConfigItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      if (row.previewRevision === null && row.officialRevision === null) throw new AppError(ErrorCode.SubscriptionNotOnline);
      const live = row.officialRevision ?? row.previewRevision;
      const before = live ? await this.revisionDocument(tx, id, live) : null;
      const updated = await this.updateRow(tx, context, row, { previewRevision: null, officialRevision: null });
      await this.record(tx, context, updated, 'unpublish', { document: before, revision: live }, { document: null, revision: null });
      return this.toItem(tx, context.projectId, updated);
    });
  }

  /**
   * Publishes revision `number` again as a new revision, live in preview (and official with
   * `environment` official), and makes the draft its document. 106005 when that changes nothing.
   */
  async rollback(
    context: ChangeContext,
    id: string,
    version: number,
    number: number,
    environment: Environment,
    note: string | undefined,
    mayApprove: boolean,
  ): Promise<ConfigItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      // With approvals on, a rollback is the approvers' own act: it puts an earlier, approved
      // revision back at once (an emergency cannot wait for a second person), so only owners and
      // admins may do it; editors ask one of them.
      if ((await this.policyIn(tx, context.projectId)).requiresApproval && !mayApprove) throw new AppError(ErrorCode.ApprovalRequired);
      const [target] = await tx
        .select()
        .from(configRevisions)
        .where(and(eq(configRevisions.itemId, id), eq(configRevisions.number, number)));
      if (!target) throw new AppError(ErrorCode.DataMissing, { fieldErrors: { revision: { key: 'validation.invalid' } } });
      const latest = row.latestRevision;
      const unchanged =
        target.hash === row.latestHash && row.previewRevision === latest && (environment === 'preview' || row.officialRevision === latest) && row.draftHash === target.hash;
      if (unchanged) throw new AppError(ErrorCode.SubscriptionPackageUnchanged);
      // What it names must still exist (a SKU deleted since is refused with its code).
      await this.assertPublishable(tx, context.projectId, target.document);
      const next = latest + 1;
      const beforeNumber = environment === 'official' ? row.officialRevision : row.previewRevision;
      const before = beforeNumber ? await this.revisionDocument(tx, id, beforeNumber) : null;
      await tx.insert(configRevisions).values({
        itemId: id,
        projectId: context.projectId,
        kind: this.kind.name,
        number: next,
        document: target.document,
        hash: target.hash,
        note: note && note !== '' ? note : null,
        restoredFrom: number,
        publishedBy: context.actor.id,
        publishedByName: context.actor.name,
        publishedAt: context.now,
      });
      const updated = await this.updateRow(tx, context, row, {
        ...summaryColumns(this.kind, target.document),
        draft: target.document,
        draftHash: target.hash,
        problems: {},
        latestRevision: next,
        latestHash: target.hash,
        previewRevision: next,
        ...(environment === 'official' ? { officialRevision: next } : {}),
      });
      await this.record(tx, context, updated, 'rollback', { document: before, revision: beforeNumber }, { document: target.document, revision: next });
      return this.toItem(tx, context.projectId, updated);
    });
  }

  /**
   * Approves the current draft: the project's policy must ask for approvals (106004 otherwise), the
   * approver must be an owner or admin (105010) and not the draft's last editor (106007), and the
   * draft must be publishable.
   */
  async approve(context: ChangeContext, id: string, version: number, mayApprove: boolean): Promise<ConfigItem> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      const policy = await this.policyIn(tx, context.projectId);
      if (!policy.requiresApproval) throw new AppError(ErrorCode.SubscriptionStatusForbids);
      if (!mayApprove) throw new AppError(ErrorCode.Forbidden);
      if ((await this.draftEditors(tx, context.projectId, row.id)).has(context.actor.id)) throw new AppError(ErrorCode.ApproverIsEditor);
      const document = await this.assertPublishable(tx, context.projectId, row.draft);
      if (row.latestHash === documentHash(document)) throw new AppError(ErrorCode.SubscriptionPackageUnchanged);
      const [updated] = await tx
        .update(configItems)
        .set({ version: row.version + 1, approvedVersion: row.version + 1, approvedBy: context.actor.id, approvedByName: context.actor.name, approvedAt: context.now })
        .where(and(eq(configItems.id, id), eq(configItems.version, version)))
        .returning();
      if (!updated) throw new AppError(ErrorCode.VersionConflict);
      await this.record(tx, context, updated, 'approve', { document: row.draft, revision: null }, { document: row.draft, revision: null });
      return this.toItem(tx, context.projectId, updated);
    });
  }

  async setPolicy(context: ChangeContext, requiresApproval: boolean, version: number): Promise<{ requiresApproval: boolean; version: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(configPolicies)
        .where(and(eq(configPolicies.projectId, context.projectId), eq(configPolicies.kind, this.kind.name)))
        .for('update');
      const current = row?.version ?? 1;
      if (current !== version) throw new AppError(ErrorCode.VersionConflict);
      const values = { requiresApproval, version: current + 1, updatedBy: context.actor.id, updatedAt: context.now };
      if (row) await tx.update(configPolicies).set(values).where(and(eq(configPolicies.projectId, context.projectId), eq(configPolicies.kind, this.kind.name)));
      else await tx.insert(configPolicies).values({ projectId: context.projectId, kind: this.kind.name, ...values });
      await writeAudit(tx, context, {
        entity: this.entity,
        entityId: `policy:${this.kind.name}`,
        action: 'policy',
        before: { requiresApproval: row?.requiresApproval ?? false },
        after: { requiresApproval },
      });
      return { requiresApproval, version: current + 1 };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Trash and order

  async remove(context: ChangeContext, id: string, version: number): Promise<{ trashed: boolean; unlinked: [] }> {
    return this.db.transaction(async (tx) => {
      const row = await this.locked(tx, context.projectId, id, version);
      if (row.previewRevision !== null || row.officialRevision !== null) throw new AppError(ErrorCode.SubscriptionStatusForbids);
      if (this.kind.parts.trash) {
        const updated = await this.updateRow(tx, context, row, { deletedAt: context.now });
        await this.record(tx, context, updated, 'delete', { document: row.draft, revision: null }, null);
      } else {
        await tx.delete(configItems).where(eq(configItems.id, id));
        await this.record(tx, context, row, 'delete', { document: row.draft, revision: null }, null);
      }
      return { trashed: this.kind.parts.trash, unlinked: [] };
    });
  }

  async restore(context: ChangeContext, id: string, version: number): Promise<ConfigItem> {
    return this.unique(() =>
      this.db.transaction(async (tx) => {
        const row = await this.findRow(tx, context.projectId, id, { trashed: true, lock: true });
        if (!row) throw this.notFound();
        if (row.version !== version) throw new AppError(ErrorCode.VersionConflict);
        const updated = await this.updateRow(tx, context, row, { deletedAt: null });
        await this.record(tx, context, updated, 'restore', null, { document: row.draft, revision: null });
        return this.toItem(tx, context.projectId, updated);
      }),
    );
  }

  async purge(context: ChangeContext, id: string, version: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, context.projectId, id, { trashed: true, lock: true });
      if (!row) throw this.notFound();
      if (row.version !== version) throw new AppError(ErrorCode.VersionConflict);
      await tx.delete(configItems).where(eq(configItems.id, id));
      await this.record(tx, context, row, 'purge', { document: row.draft, revision: null }, null);
    });
  }

  async emptyTrash(context: ChangeContext): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(configItems)
        .where(and(eq(configItems.projectId, context.projectId), eq(configItems.kind, this.kind.name), isNotNull(configItems.deletedAt)))
        .returning();
      for (const row of rows) await this.record(tx, context, row, 'purge', { document: row.draft, revision: null }, null);
      return rows.length;
    });
  }

  /** Puts the given items in the given order among the positions they hold (see ResourceRepository.reorder). */
  async reorder(context: ChangeContext, order: ReadonlyArray<{ id: string; version: number }>): Promise<Array<{ id: string; version: number; sortOrder: number }>> {
    const ids = order.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { items: { key: 'validation.duplicateItems' } } });
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(configItems)
        .where(and(eq(configItems.projectId, context.projectId), eq(configItems.kind, this.kind.name), isNull(configItems.deletedAt), inArray(configItems.id, ids)))
        .orderBy(asc(configItems.sortOrder), asc(configItems.id))
        .for('update');
      if (rows.length !== ids.length) throw this.notFound();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const entry of order) if (byId.get(entry.id)?.version !== entry.version) throw new AppError(ErrorCode.VersionConflict);
      const slots: number[] = [];
      for (const row of rows) {
        const previous = slots[slots.length - 1];
        slots.push(previous !== undefined && row.sortOrder <= previous ? previous + 1 : row.sortOrder);
      }
      const result: Array<{ id: string; version: number; sortOrder: number }> = [];
      for (const [index, entry] of order.entries()) {
        const row = byId.get(entry.id) as ItemRow;
        const sortOrder = slots[index] as number;
        if (row.sortOrder === sortOrder) {
          result.push({ id: row.id, version: row.version, sortOrder });
          continue;
        }
        const updated = await this.updateRow(tx, context, row, { sortOrder });
        result.push({ id: row.id, version: updated.version, sortOrder });
      }
      // One record per reorder (issue 19 §5: one drag wrote a row per shifted item), naming the items
      // that moved and keeping the order before and after.
      const moved = movedItems(rows.map((row) => row.id), ids);
      if (moved.length > 0) {
        const named = (list: readonly string[]) => list.map((id) => ({ id, name: (byId.get(id) as ItemRow).name }));
        const name = moved.map((id) => (byId.get(id) as ItemRow).name).join(', ');
        await writeAudit(tx, context, {
          entity: this.entity,
          entityId: moved[0] as string,
          action: 'reorder',
          before: { document: null, revision: null, name, moved: named(moved), order: named(rows.map((row) => row.id)) },
          after: { document: null, revision: null, name, moved: named(moved), order: named(ids) },
        });
      }
      return result;
    });
  }

  // ------------------------------------------------------------------------------------------
  // Internals

  /** The audit log's name for this kind's items: the kind's own name. */
  private get entity(): RecordedEntity {
    return this.kind.name as RecordedEntity;
  }

  private notFound(): AppError {
    return new AppError(this.kind.notFoundCode);
  }

  /** Runs a write whose unique key may collide, turning the collision into the kind's code. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (databaseErrorDetail(error).constraint === UNIQUE_INDEX) {
        const field = this.kind.unique ?? 'name';
        throw new AppError(this.kind.existsCode, { fieldErrors: { [`draft.${field}`]: { key: 'validation.duplicate' } } });
      }
      throw error;
    }
  }

  private async findRow(db: Database, projectId: string, id: string, options: { trashed?: boolean | 'any'; lock?: boolean } = {}): Promise<ItemRow | undefined> {
    const t = configItems;
    const trash = options.trashed === 'any' ? undefined : options.trashed ? isNotNull(t.deletedAt) : isNull(t.deletedAt);
    const query = db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.projectId, projectId), eq(t.kind, this.kind.name), trash));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** The live (not trashed) row, locked, at the version the caller saw. */
  private async locked(tx: Database, projectId: string, id: string, version: number): Promise<ItemRow> {
    const row = await this.findRow(tx, projectId, id, { lock: true });
    if (!row) throw this.notFound();
    if (row.version !== version) throw new AppError(ErrorCode.VersionConflict);
    return row;
  }

  /** Writes `values`, a new version and the modifier; any change voids an approval. */
  private async updateRow(tx: Database, context: ChangeContext, row: ItemRow, values: Partial<typeof configItems.$inferInsert>): Promise<ItemRow> {
    const [updated] = await tx
      .update(configItems)
      .set({ ...values, version: row.version + 1, updatedBy: context.actor.id, updatedAt: context.now, approvedVersion: null, approvedBy: null, approvedByName: null, approvedAt: null })
      .where(and(eq(configItems.id, row.id), eq(configItems.version, row.version)))
      .returning();
    if (!updated) throw new AppError(ErrorCode.VersionConflict);
    return updated;
  }

  private async nextSortOrder(tx: Database, projectId: string): Promise<number> {
    const [row] = await tx
      .select({ max: sql<number | null>`max(${configItems.sortOrder})` })
      .from(configItems)
      .where(and(eq(configItems.projectId, projectId), eq(configItems.kind, this.kind.name)));
    return (row?.max ?? -1) + 1;
  }

  private async policyIn(tx: Database, projectId: string): Promise<{ requiresApproval: boolean }> {
    const [row] = await tx
      .select({ requiresApproval: configPolicies.requiresApproval })
      .from(configPolicies)
      .where(and(eq(configPolicies.projectId, projectId), eq(configPolicies.kind, this.kind.name)));
    return { requiresApproval: row?.requiresApproval ?? false };
  }

  private async revisionDocument(tx: Database, itemId: string, number: number): Promise<Record<string, unknown> | null> {
    if (number <= 0) return null;
    const [row] = await tx
      .select({ document: configRevisions.document })
      .from(configRevisions)
      .where(and(eq(configRevisions.itemId, itemId), eq(configRevisions.number, number)));
    return row?.document ?? null;
  }

  /** Schema problems and references that name nothing, by path. */
  private async problemsOf(db: Database, projectId: string, draft: Record<string, unknown>): Promise<FieldErrors> {
    const problems = draftProblems(this.kind, draft);
    const references = referencesOf(this.kind, draft).filter((reference) => !(reference.path in problems));
    if (references.length === 0) return problems;
    const { fieldErrors } = await missingReferences(db, projectId, references);
    return { ...problems, ...fieldErrors };
  }

  /** Refuses a draft with problems: schema ones with 1000, references with their target's code. */
  private async assertPublishable(tx: Database, projectId: string, draft: Record<string, unknown>): Promise<Record<string, unknown>> {
    const parsed = this.kind.document.safeParse(draft);
    if (!parsed.success) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: prefixed(draftProblems(this.kind, draft)) });
    const document = parsed.data;
    const references = referencesOf(this.kind, document);
    if (references.length > 0) {
      const { fieldErrors, code } = await missingReferences(tx, projectId, references);
      if (code !== null) throw new AppError(code, { fieldErrors: prefixed(fieldErrors) });
    }
    return document;
  }

  /**
   * Who wrote the draft since it was last published or rolled back: the people the audit log
   * records creating or changing it (an unchanged save writes nothing). None of them may approve it.
   */
  private async draftEditors(tx: Database, projectId: string, itemId: string): Promise<ReadonlySet<string>> {
    const scope = and(eq(auditLog.projectId, projectId), eq(auditLog.entity, this.kind.name), eq(auditLog.entityId, itemId));
    const [last] = await tx
      .select({ at: auditLog.at, id: auditLog.id })
      .from(auditLog)
      .where(and(scope, inArray(auditLog.action, ['publish', 'rollback'])))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const rows = await tx
      .selectDistinct({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(scope, inArray(auditLog.action, ['create', 'update', 'restore']), last ? gt(auditLog.id, last.id) : undefined));
    return new Set(rows.map((r) => r.actorId).filter((a): a is string => a !== null));
  }

  /** One audit row of this item (resources/audit.ts), its name kept beside the documents for the records. */
  private async record(
    tx: Database,
    context: ChangeContext,
    row: ItemRow,
    action: ConfigRecordAction,
    before: (RecordSide & Record<string, unknown>) | null,
    after: (RecordSide & Record<string, unknown>) | null,
  ): Promise<void> {
    await writeAudit(tx, context, {
      entity: this.entity,
      entityId: row.id,
      action,
      before: before ? { ...before, name: row.name } : null,
      after: after ? { ...after, name: row.name } : null,
    });
  }

  private async toItem(db: Database, projectId: string, row: ItemRow): Promise<ConfigItem> {
    const [item] = await this.toItems(db, projectId, [row]);
    return item as ConfigItem;
  }

  private async toItems(db: Database, projectId: string, rows: readonly ItemRow[]): Promise<ConfigItem[]> {
    const ids = [...new Set(rows.flatMap((row) => [row.createdBy, row.updatedBy]).filter((id): id is string => id !== null))];
    const names = new Map<string, string>();
    if (ids.length > 0) {
      for (const user of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))) names.set(user.id, user.name);
    }
    const { requiresApproval } = rows.length > 0 ? await this.policyIn(db, projectId) : { requiresApproval: false };
    const actor = (id: string | null) => (id && names.has(id) ? { id, name: names.get(id) as string } : null);
    const now = this.clock();
    return rows.map((row) => {
      const startsAt = row.startsAt?.toISOString() ?? null;
      const endsAt = row.endsAt?.toISOString() ?? null;
      return {
        id: row.id,
        kind: row.kind,
        version: row.version,
        name: row.name,
        enabled: row.enabled,
        sortOrder: row.sortOrder,
        startsAt,
        endsAt,
        state: itemStateOf(this.kind, startsAt, endsAt, now),
        deletedAt: row.deletedAt?.toISOString() ?? null,
        draft: row.draft,
        problems: row.problems as FieldErrors,
        status: onlineStatusOf(row.previewRevision, row.officialRevision),
        changed: row.draftHash !== row.latestHash,
        latestRevision: row.latestRevision,
        previewRevision: row.previewRevision,
        officialRevision: row.officialRevision,
        approvalRequired: requiresApproval,
        approval:
          row.approvedVersion === row.version && row.approvedBy && row.approvedAt
            ? { by: { id: row.approvedBy, name: row.approvedByName ?? '' }, at: row.approvedAt.toISOString() }
            : null,
        createdBy: actor(row.createdBy),
        updatedBy: actor(row.updatedBy),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}

/** Field errors of a document under the request's `draft` field, as the editor's form knows them. */
function prefixed(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, error]) => [path === '' ? 'draft' : `draft.${path}`, error]));
}

/**
 * The items a reorder moved: those outside the longest run that kept its relative order from
 * `before` to `after` (one dragged item names itself, not every item it shifted), in `after`'s order.
 */
export function movedItems(before: readonly string[], after: readonly string[]): string[] {
  const position = new Map(before.map((id, index) => [id, index]));
  const seq = after.map((id) => position.get(id) ?? -1);
  // Longest increasing subsequence of the old positions, by patience sorting with back links.
  const tails: number[] = [];
  const previous: number[] = Array.from({ length: seq.length }, () => -1);
  for (const [index, value] of seq.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((seq[tails[mid] as number] as number) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails[tails.length - 1] ?? -1; index >= 0; index = previous[index] as number) kept.add(index);
  return after.filter((_, index) => !kept.has(index));
}
