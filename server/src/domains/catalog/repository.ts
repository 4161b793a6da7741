import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import {
  appResource,
  entitlementResource,
  offeringResource,
  skuResource,
  type Link,
  type Platform,
} from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { apps, appSecrets, entitlements, entitlementSkus, offerings, offeringSkus, skus, teamApps, teams, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { ResourceRepository, type ResourceItemView, type ResourceRow } from '../../resources/repository';
import type { Clock } from '../../shared/clock';

/** Which secret of an app: its store credentials or its card payment keys. */
export type SecretKind = 'store' | 'card';

/** Names of users by id, for the `uploadedBy` / `updatedBy` of secret summaries. */
async function namesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * All SQL of the catalog: apps (with their encrypted secrets), SKUs, entitlements (with SKU links)
 * and offerings (with their SKU lists). The four standard repositories come from the generic factory;
 * the hooks here add references, derived columns, virtual fields and links.
 */
export class CatalogRepository {
  readonly apps: ResourceRepository;
  readonly skus: ResourceRepository;
  readonly entitlements: ResourceRepository;
  readonly offerings: ResourceRepository;

  constructor(
    private readonly db: Database,
    clock: Clock,
  ) {
    this.apps = new ResourceRepository(db, {
      resource: appResource,
      table: apps,
      entity: 'app',
      notFound: ErrorCode.AppNotFound,
      clock,
      hooks: {
        virtual: { load: (executor, rows) => this.appSecretSummaries(executor, rows) },
        links: {
          find: (tx, row) => this.appLinks(tx, row.id),
          remove: (tx, context, row) => this.removeAppLinks(tx, context, row.id),
        },
      },
    });
    this.skus = new ResourceRepository(db, {
      resource: skuResource,
      table: skus,
      entity: 'sku',
      notFound: ErrorCode.SkuNotFound,
      clock,
      hooks: {
        prepare: async (tx, context, values, existing) => {
          if (existing) return values;
          const platform = await this.livePlatformOf(tx, context.projectId, values.appId as string);
          if (!platform) throw new AppError(ErrorCode.AppNotFound, { fieldErrors: { appId: { key: 'validation.invalid' } } });
          return { ...values, platform };
        },
        virtual: { load: (executor, rows) => this.skuEntitlements(executor, rows) },
        links: {
          find: (tx, row) => this.skuLinks(tx, row.id),
          remove: (tx, context, row) => this.removeSkuLinks(tx, context, row.id),
        },
      },
    });
    this.entitlements = new ResourceRepository(db, {
      resource: entitlementResource,
      table: entitlements,
      entity: 'entitlement',
      notFound: ErrorCode.EntitlementNotFound,
      clock,
      hooks: {
        virtual: { load: (executor, rows) => this.entitlementSkuIds(executor, rows) },
        links: {
          find: (tx, row) => this.entitlementLinks(tx, row.id),
          remove: async (tx, context, row) => {
            const removed = await tx.delete(entitlementSkus).where(eq(entitlementSkus.entitlementId, row.id)).returning({ skuId: entitlementSkus.skuId });
            await writeAudit(
              tx,
              context,
              removed.map((r) => ({ entity: 'entitlement' as const, entityId: row.id, action: 'unlink' as const, before: { skuId: r.skuId }, after: null })),
            );
          },
        },
      },
    });
    this.offerings = new ResourceRepository(db, {
      resource: offeringResource,
      table: offerings,
      entity: 'offering',
      notFound: ErrorCode.OfferingNotFound,
      clock,
      hooks: {
        virtual: {
          load: (executor, rows) => this.offeringSkuIds(executor, rows),
          write: (tx, context, row, input) => this.writeOfferingSkus(tx, context, row, input.skuIds),
        },
      },
    });
  }

  // ------------------------------------------------------------------------------------------
  // Apps

  /** The platform of one of the project's apps outside the trash, or undefined. */
  appPlatform(projectId: string, appId: string): Promise<Platform | undefined> {
    return this.livePlatformOf(this.db, projectId, appId);
  }

  private async livePlatformOf(db: Database, projectId: string, appId: string): Promise<Platform | undefined> {
    const [row] = await db
      .select({ platform: apps.platform })
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.projectId, projectId), isNull(apps.deletedAt)))
      .limit(1);
    return row?.platform;
  }

  private async appSecretSummaries(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const result = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, { storeCredentials: null, cardPayment: null }]));
    const secrets = await db
      .select({ appId: appSecrets.appId, kind: appSecrets.kind, summary: appSecrets.summary, updatedBy: appSecrets.updatedBy, updatedAt: appSecrets.updatedAt })
      .from(appSecrets)
      .where(inArray(appSecrets.appId, rows.map((row) => row.id)));
    const names = await namesOf(db, secrets.map((s) => s.updatedBy).filter((id): id is string => id !== null));
    for (const secret of secrets) {
      const actor = secret.updatedBy ? { id: secret.updatedBy, name: names.get(secret.updatedBy) ?? '' } : null;
      const entry = result.get(secret.appId);
      if (!entry) continue;
      if (secret.kind === 'store') entry.storeCredentials = { ...secret.summary, uploadedAt: secret.updatedAt.toISOString(), uploadedBy: actor };
      else entry.cardPayment = { ...secret.summary, updatedAt: secret.updatedAt.toISOString(), updatedBy: actor };
    }
    return result;
  }

  /** What keeps an app from being deleted: its live SKUs and the teams it belongs to. */
  private async appLinks(tx: Database, appId: string): Promise<Link[]> {
    const skuRows = await tx
      .select({ id: skus.id, name: skus.name })
      .from(skus)
      .where(and(eq(skus.appId, appId), isNull(skus.deletedAt)))
      .orderBy(asc(skus.sortOrder))
      .limit(100);
    const teamRows = await tx.select({ id: teams.id, name: teams.name }).from(teamApps).innerJoin(teams, eq(teams.id, teamApps.teamId)).where(eq(teamApps.appId, appId));
    return [...skuRows.map((r) => ({ kind: 'sku' as const, ...r })), ...teamRows.map((r) => ({ kind: 'team' as const, ...r }))];
  }

  /** A forced app delete: its SKUs go to the trash (with their own links), its team links go. */
  private async removeAppLinks(tx: Database, context: ChangeContext, appId: string): Promise<void> {
    const skuRepository = this.skus.withExecutor(tx);
    const live = await tx.select({ id: skus.id }).from(skus).where(and(eq(skus.appId, appId), isNull(skus.deletedAt)));
    for (const sku of live) await skuRepository.remove(context, sku.id, true);
    const removed = await tx.delete(teamApps).where(eq(teamApps.appId, appId)).returning({ teamId: teamApps.teamId });
    await writeAudit(
      tx,
      context,
      removed.map((r) => ({ entity: 'team' as const, entityId: r.teamId, action: 'unlink' as const, before: { appId }, after: null })),
    );
  }

  /**
   * Stores an app secret (sealed by the caller) with its summary and gives the app a new version, in
   * one transaction with its audit row (which holds the summary, never the secret).
   */
  async putSecret(
    context: ChangeContext,
    appId: string,
    kind: SecretKind,
    ciphertext: string,
    summary: Record<string, string | null>,
  ): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockLiveApp(tx, context, appId);
      await tx
        .insert(appSecrets)
        .values({ appId, kind, ciphertext, summary, updatedBy: context.actor.id, updatedAt: context.now })
        .onConflictDoUpdate({ target: [appSecrets.appId, appSecrets.kind], set: { ciphertext, summary, updatedBy: context.actor.id, updatedAt: context.now } });
      const after = await this.touchApp(tx, context, appId);
      await writeAudit(tx, context, {
        entity: 'app',
        entityId: appId,
        action: 'upload',
        before: kind === 'store' ? before.storeCredentials : before.cardPayment,
        after: kind === 'store' ? after.storeCredentials : after.cardPayment,
      });
      return after;
    });
  }

  /** Removes an app secret; `missing` is the refusal when there is none. */
  async deleteSecret(context: ChangeContext, appId: string, kind: SecretKind, missing: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lockLiveApp(tx, context, appId);
      const removed = await tx.delete(appSecrets).where(and(eq(appSecrets.appId, appId), eq(appSecrets.kind, kind))).returning({ appId: appSecrets.appId });
      if (removed.length === 0) throw new AppError(missing);
      await this.touchApp(tx, context, appId);
      await writeAudit(tx, context, { entity: 'app', entityId: appId, action: 'remove', before: kind === 'store' ? before.storeCredentials : before.cardPayment, after: null });
    });
  }

  private async lockLiveApp(tx: Database, context: ChangeContext, appId: string): Promise<ResourceItemView> {
    const rows = (await tx
      .select()
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.projectId, context.projectId), isNull(apps.deletedAt)))
      .for('update')) as ResourceRow[];
    if (!rows[0]) throw new AppError(ErrorCode.AppNotFound);
    return (await this.apps.toItems(tx, rows))[0] as ResourceItemView;
  }

  private async touchApp(tx: Database, context: ChangeContext, appId: string): Promise<ResourceItemView> {
    const rows = (await tx
      .update(apps)
      .set({ version: sql`${apps.version} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
      .where(eq(apps.id, appId))
      .returning()) as ResourceRow[];
    return (await this.apps.toItems(tx, rows))[0] as ResourceItemView;
  }

  // ------------------------------------------------------------------------------------------
  // SKUs and entitlements

  private async skuEntitlements(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const result = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, { entitlementIds: [] as string[] }]));
    const links = await db
      .select({ skuId: entitlementSkus.skuId, entitlementId: entitlementSkus.entitlementId })
      .from(entitlementSkus)
      .where(inArray(entitlementSkus.skuId, rows.map((row) => row.id)))
      .orderBy(asc(entitlementSkus.createdAt));
    for (const link of links) (result.get(link.skuId)?.entitlementIds as string[] | undefined)?.push(link.entitlementId);
    return result;
  }

  private async entitlementSkuIds(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const result = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, { skuIds: [] as string[] }]));
    const links = await db
      .select({ skuId: entitlementSkus.skuId, entitlementId: entitlementSkus.entitlementId })
      .from(entitlementSkus)
      .where(inArray(entitlementSkus.entitlementId, rows.map((row) => row.id)))
      .orderBy(asc(entitlementSkus.createdAt));
    for (const link of links) (result.get(link.entitlementId)?.skuIds as string[] | undefined)?.push(link.skuId);
    return result;
  }

  /** Entitlements and offerings a SKU is part of. */
  private async skuLinks(tx: Database, skuId: string): Promise<Link[]> {
    const entitlementRows = await tx
      .select({ id: entitlements.id, name: entitlements.name })
      .from(entitlementSkus)
      .innerJoin(entitlements, eq(entitlements.id, entitlementSkus.entitlementId))
      .where(eq(entitlementSkus.skuId, skuId));
    const offeringRows = await tx
      .select({ id: offerings.id, name: offerings.name })
      .from(offeringSkus)
      .innerJoin(offerings, eq(offerings.id, offeringSkus.offeringId))
      .where(eq(offeringSkus.skuId, skuId));
    return [...entitlementRows.map((r) => ({ kind: 'entitlement' as const, ...r })), ...offeringRows.map((r) => ({ kind: 'offering' as const, ...r }))];
  }

  private async removeSkuLinks(tx: Database, context: ChangeContext, skuId: string): Promise<void> {
    const fromEntitlements = await tx.delete(entitlementSkus).where(eq(entitlementSkus.skuId, skuId)).returning({ id: entitlementSkus.entitlementId });
    const fromOfferings = await tx.delete(offeringSkus).where(eq(offeringSkus.skuId, skuId)).returning({ id: offeringSkus.offeringId });
    await writeAudit(tx, context, [
      ...fromEntitlements.map((r) => ({ entity: 'entitlement' as const, entityId: r.id, action: 'unlink' as const, before: { skuId }, after: null })),
      ...fromOfferings.map((r) => ({ entity: 'offering' as const, entityId: r.id, action: 'unlink' as const, before: { skuId }, after: null })),
    ]);
  }

  private async entitlementLinks(tx: Database, entitlementId: string): Promise<Link[]> {
    const rows = await tx
      .select({ id: skus.id, name: skus.name })
      .from(entitlementSkus)
      .innerJoin(skus, eq(skus.id, entitlementSkus.skuId))
      .where(eq(entitlementSkus.entitlementId, entitlementId));
    return rows.map((r) => ({ kind: 'sku' as const, ...r }));
  }

  /** Whether the project has this SKU outside the trash. */
  private async liveSkuExists(tx: Database, projectId: string, skuId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: skus.id })
      .from(skus)
      .where(and(eq(skus.id, skuId), eq(skus.projectId, projectId), isNull(skus.deletedAt)))
      .limit(1);
    return row !== undefined;
  }

  private async lockLiveEntitlement(tx: Database, context: ChangeContext, entitlementId: string): Promise<void> {
    const rows = await tx
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(and(eq(entitlements.id, entitlementId), eq(entitlements.projectId, context.projectId), isNull(entitlements.deletedAt)))
      .for('update');
    if (rows.length === 0) throw new AppError(ErrorCode.EntitlementNotFound);
  }

  private async entitlementItem(tx: Database, context: ChangeContext, entitlementId: string, action: 'link' | 'unlink', skuId: string): Promise<ResourceItemView> {
    const rows = (await tx
      .update(entitlements)
      .set({ version: sql`${entitlements.version} + 1`, updatedBy: context.actor.id, updatedAt: context.now })
      .where(eq(entitlements.id, entitlementId))
      .returning()) as ResourceRow[];
    await writeAudit(tx, context, {
      entity: 'entitlement',
      entityId: entitlementId,
      action,
      before: action === 'unlink' ? { skuId } : null,
      after: action === 'link' ? { skuId } : null,
    });
    return (await this.entitlements.toItems(tx, rows))[0] as ResourceItemView;
  }

  /** Links a SKU to an entitlement (102008 when linked already); both must be live items of the project. */
  async linkSku(context: ChangeContext, entitlementId: string, skuId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockLiveEntitlement(tx, context, entitlementId);
      if (!(await this.liveSkuExists(tx, context.projectId, skuId))) throw new AppError(ErrorCode.SkuNotFound, { fieldErrors: { skuId: { key: 'validation.invalid' } } });
      const inserted = await tx
        .insert(entitlementSkus)
        .values({ entitlementId, skuId, createdAt: context.now })
        .onConflictDoNothing()
        .returning({ skuId: entitlementSkus.skuId });
      if (inserted.length === 0) throw new AppError(ErrorCode.AlreadyLinked);
      return this.entitlementItem(tx, context, entitlementId, 'link', skuId);
    });
  }

  /** Unlinks a SKU from an entitlement (102009 when they are not linked). */
  async unlinkSku(context: ChangeContext, entitlementId: string, skuId: string): Promise<ResourceItemView> {
    return this.db.transaction(async (tx) => {
      await this.lockLiveEntitlement(tx, context, entitlementId);
      const removed = await tx
        .delete(entitlementSkus)
        .where(and(eq(entitlementSkus.entitlementId, entitlementId), eq(entitlementSkus.skuId, skuId)))
        .returning({ skuId: entitlementSkus.skuId });
      if (removed.length === 0) throw new AppError(ErrorCode.NotLinked);
      return this.entitlementItem(tx, context, entitlementId, 'unlink', skuId);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Offerings

  private async offeringSkuIds(db: Database, rows: readonly ResourceRow[]): Promise<Map<string, Record<string, unknown>>> {
    const result = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, { skuIds: [] as string[] }]));
    const links = await db
      .select({ offeringId: offeringSkus.offeringId, skuId: offeringSkus.skuId })
      .from(offeringSkus)
      .where(inArray(offeringSkus.offeringId, rows.map((row) => row.id)))
      .orderBy(asc(offeringSkus.position));
    for (const link of links) (result.get(link.offeringId)?.skuIds as string[] | undefined)?.push(link.skuId);
    return result;
  }

  /** Replaces an offering's SKU list when the input has one; every SKU must be a live SKU of the project. */
  private async writeOfferingSkus(tx: Database, context: ChangeContext, row: ResourceRow, skuIds: unknown): Promise<void> {
    if (!Array.isArray(skuIds)) return;
    const ids = skuIds as string[];
    if (ids.length > 0) {
      const found = await tx
        .select({ id: skus.id })
        .from(skus)
        .where(and(inArray(skus.id, ids), eq(skus.projectId, context.projectId), isNull(skus.deletedAt)));
      const known = new Set(found.map((r) => r.id));
      const missing = ids.findIndex((id) => !known.has(id));
      if (missing >= 0) throw new AppError(ErrorCode.SkuNotFound, { fieldErrors: { [`skuIds.${missing}`]: { key: 'validation.invalid' } } });
    }
    await tx.delete(offeringSkus).where(eq(offeringSkus.offeringId, row.id));
    if (ids.length > 0) await tx.insert(offeringSkus).values(ids.map((skuId, position) => ({ offeringId: row.id, skuId, position })));
  }
}
