import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { segmentDefinitionSchema, type SegmentDefinition } from '@contract/api/commerce';
import {
  configKindOf,
  evaluateItem,
  nextScheduleChange,
  scheduleSchema,
  targetingSchema,
  type EvaluationContext,
  type RegionGroupMembers,
  type Schedule,
  type Targeting,
} from '@contract/config';
import { noBudget, type InterruptionBudget } from '@contract/config/interruption-budget';
import type { DeliveredItem } from '@contract/delivery/routes';
import { interruptionBudgetForDelivery } from '../domains/popups/budget-repository';
import type { Database } from '../db/client';
import { configItems, configRevisions, deliverySettings, previewLinks, segments } from '../db/schema';

/** The two environments a client can read: official for everyone, preview for testers. */
export type Environment = 'official' | 'preview';

/**
 * A project's configuration compiled for delivery: for each environment, every item that could be
 * live with its published document by kind in its order, and the region groups' members; the rules
 * of the user segments the items' audiences name; and what the preview environment's credentials
 * are checked against. Built from the database once per change
 * (DeliveryStore), never on a request; a request only evaluates the compiled items for its context.
 *
 * It is plain data (`toSnapshot`/`fromSnapshot`) so it can be kept on disk as the last-known-good
 * configuration the API answers from while the database is unreachable.
 */
export interface CompiledProject {
  readonly projectId: string;
  readonly compiledAt: string;
  readonly environments: Readonly<Record<Environment, CompiledEnvironment>>;
  /** HMAC of project id and pre-release password keyed with the server's secret (hex), or null when the project has none. */
  readonly previewPasswordHash: string | null;
  /** Preview links revoked before their expiry: their tokens are refused though their signature holds. */
  readonly revokedLinks: ReadonlySet<string>;
  /** The project's interruption budget (issue 11), which the app enforces across kinds. */
  readonly interruptionBudget: InterruptionBudget;
  /**
   * The rules of the user segments the items of either environment name, by id. A named segment
   * that no longer exists is absent: nobody is in it. A segment's change recompiles the project
   * (the commerce domain tells the delivery store), so these are current.
   */
  readonly segments: ReadonlyMap<string, SegmentDefinition>;
}

export interface CompiledEnvironment {
  readonly items: ReadonlyArray<CompiledItem>;
  readonly regionGroups: RegionGroupMembers;
  /** The ids of the user segments its items' audiences name: a user's memberships matter only when there is one. */
  readonly segmentIds: ReadonlySet<string>;
}

export interface CompiledItem {
  readonly kind: string;
  readonly delivered: DeliveredItem;
  readonly enabled: boolean;
  readonly schedule: Schedule | undefined;
  readonly targeting: Targeting | undefined;
}

interface Row {
  readonly id: string;
  readonly kind: string;
  readonly sortOrder: number;
  readonly revision: number;
  readonly document: Record<string, unknown>;
}

/**
 * The pre-release password as the compiled project (and its last-known-good copy on disk) keeps it:
 * an HMAC-SHA-256 of project id and password, keyed with a key derived from the server's secret. An
 * unkeyed hash on disk could be tried against a word list by whoever reads the file; this cannot
 * without the secret.
 */
export function previewPasswordDigest(key: Buffer, projectId: string, password: string): string {
  return createHmac('sha256', key).update(`${projectId}\u0000${password}`, 'utf8').digest('hex');
}

/**
 * A user id as delivered in an id list: hex of the first 128 bits of SHA-256 of `<item id>:<user id>`.
 * Published id lists (a popup's whitelist) would otherwise go to every install of the app; the app
 * hashes its own user's id the same way and looks for it (docs/delivery-api.md).
 */
export function deliveredUserIdHash(itemId: string, userId: string): string {
  return createHash('sha256').update(`${itemId}:${userId}`, 'utf8').digest('hex').slice(0, 32);
}

/**
 * The document as delivered: each top-level `idList` field `x` becomes `xSha256` (deliveredUserIdHash),
 * unless the kind delivers it `plain` (a list that names no person).
 */
function deliveredDocument(kindMeta: Readonly<Record<string, { readonly input: string; readonly deliverAs?: 'sha256' | 'plain' }>>, itemId: string, document: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [field, meta] of Object.entries(kindMeta)) {
    if (meta.input !== 'idList' || meta.deliverAs === 'plain' || !(field in document)) continue;
    out ??= { ...document };
    const ids = Array.isArray(document[field]) ? (document[field] as unknown[]) : [];
    delete out[field];
    out[`${field}Sha256`] = ids.filter((id): id is string => typeof id === 'string').map((id) => deliveredUserIdHash(itemId, id));
  }
  return out ?? document;
}

/** The segment ids the items' audiences name. */
function segmentIdsOf(items: ReadonlyArray<CompiledItem>): Set<string> {
  return new Set(items.flatMap((item) => item.targeting?.segments.include ?? []));
}

/** The rules of those of `ids` the project has (the compiled project's segments), by id in id order. */
export function segmentsNamed(project: CompiledProject, ids: Iterable<string>): Map<string, SegmentDefinition> {
  const out = new Map<string, SegmentDefinition>();
  for (const id of [...ids].sort()) {
    const definition = project.segments.get(id);
    if (definition) out.set(id, definition);
  }
  return out;
}

function compileEnvironment(rows: ReadonlyArray<Row>): CompiledEnvironment {
  const items: CompiledItem[] = [];
  const regionGroups = new Map<string, Set<string>>();
  for (const row of rows) {
    const kind = configKindOf(row.kind);
    if (!kind) continue;
    if (row.kind === 'regionGroups') {
      const regions = Array.isArray(row.document.regions) ? (row.document.regions as string[]) : [];
      regionGroups.set(row.id, new Set(regions.map((r) => r.toUpperCase())));
    }
    // Published documents passed the kind's schema; parsing the common parts again only types them.
    const schedule = kind.parts.schedule ? scheduleSchema.safeParse(row.document.schedule) : undefined;
    const targeting = kind.parts.targeting ? targetingSchema.safeParse(row.document.targeting) : undefined;
    if (schedule?.success === false || targeting?.success === false) continue;
    items.push({
      kind: row.kind,
      delivered: { id: row.id, revision: row.revision, sortOrder: row.sortOrder, document: deliveredDocument(kind.meta, row.id, row.document) },
      enabled: row.document.enabled !== false,
      schedule: schedule?.data,
      targeting: targeting?.data,
    });
  }
  return { items, regionGroups, segmentIds: segmentIdsOf(items) };
}

/** The rules of the named segments the project has (one query, none when no item names one). */
async function loadSegments(db: Database, projectId: string, ids: ReadonlySet<string>): Promise<Map<string, SegmentDefinition>> {
  const out = new Map<string, SegmentDefinition>();
  if (ids.size === 0) return out;
  const rows = await db
    .select({ id: segments.id, match: segments.match, rules: segments.rules })
    .from(segments)
    .where(and(eq(segments.projectId, projectId), inArray(segments.id, [...ids])));
  for (const row of rows) {
    // Saved segments passed the schema; one that no longer does matches nobody rather than failing the compile.
    const definition = segmentDefinitionSchema.safeParse({ match: row.match, rules: row.rules });
    if (definition.success) out.set(row.id, definition.data);
  }
  return out;
}

/**
 * Reads the project's published revisions (one query for both environments: the official revision
 * and the preview revision of every item on the air), its pre-release password and its revoked
 * preview links, and compiles them.
 */
export async function compileProject(db: Database, projectId: string, now: Date, openPassword: (sealed: string) => string, passwordKey: Buffer): Promise<CompiledProject> {
  const rows = await db
    .select({
      id: configItems.id,
      kind: configItems.kind,
      sortOrder: configItems.sortOrder,
      revision: configRevisions.number,
      official: configItems.officialRevision,
      preview: configItems.previewRevision,
      document: configRevisions.document,
    })
    .from(configItems)
    .innerJoin(
      configRevisions,
      and(eq(configRevisions.itemId, configItems.id), or(eq(configRevisions.number, configItems.officialRevision), eq(configRevisions.number, configItems.previewRevision))),
    )
    .where(and(eq(configItems.projectId, projectId), isNull(configItems.deletedAt), or(isNotNull(configItems.officialRevision), isNotNull(configItems.previewRevision))))
    .orderBy(configItems.kind, configItems.sortOrder, configItems.createdAt, configItems.id);
  const [settings] = await db.select({ password: deliverySettings.previewPassword }).from(deliverySettings).where(eq(deliverySettings.projectId, projectId));
  const revoked = await db
    .select({ id: previewLinks.id })
    .from(previewLinks)
    .where(and(eq(previewLinks.projectId, projectId), isNotNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, now)));
  const official = compileEnvironment(rows.filter((row) => row.revision === row.official));
  const preview = compileEnvironment(rows.filter((row) => row.revision === row.preview));
  return {
    projectId,
    compiledAt: now.toISOString(),
    environments: { official, preview },
    previewPasswordHash: settings?.password ? previewPasswordDigest(passwordKey, projectId, openPassword(settings.password)) : null,
    revokedLinks: new Set(revoked.map((r) => r.id)),
    interruptionBudget: await interruptionBudgetForDelivery(db, projectId),
    segments: await loadSegments(db, projectId, new Set([...official.segmentIds, ...preview.segmentIds])),
  };
}

// ---------------------------------------------------------------------------------------------
// Snapshots: the compiled project as JSON, for the last-known-good copy on disk

export interface ProjectSnapshot {
  /** 2: the password is an HMAC (format 1 held an unkeyed hash, which is not read back). */
  readonly format: 2;
  readonly projectId: string;
  readonly compiledAt: string;
  readonly environments: Record<Environment, { items: Array<{ kind: string; delivered: DeliveredItem }>; regionGroups: Record<string, string[]> }>;
  readonly previewPasswordHash: string | null;
  readonly revokedLinks: string[];
  readonly interruptionBudget?: InterruptionBudget;
  readonly segments?: Record<string, SegmentDefinition>;
}

export function toSnapshot(project: CompiledProject): ProjectSnapshot {
  const environment = (env: CompiledEnvironment) => ({
    items: env.items.map((item) => ({ kind: item.kind, delivered: item.delivered })),
    regionGroups: Object.fromEntries([...env.regionGroups].map(([id, regions]) => [id, [...regions].sort()])),
  });
  return {
    format: 2,
    projectId: project.projectId,
    compiledAt: project.compiledAt,
    environments: { official: environment(project.environments.official), preview: environment(project.environments.preview) },
    previewPasswordHash: project.previewPasswordHash,
    revokedLinks: [...project.revokedLinks],
    interruptionBudget: project.interruptionBudget,
    segments: Object.fromEntries(project.segments),
  };
}

/** The compiled project of a snapshot; null when it is not one this server wrote. */
export function fromSnapshot(value: unknown): CompiledProject | null {
  const s = value as (Omit<Partial<ProjectSnapshot>, 'format'> & { format?: number }) | null;
  if (!s || (s.format !== 1 && s.format !== 2) || typeof s.projectId !== 'string' || !s.environments?.official || !s.environments.preview) return null;
  // Snapshot documents are already in their delivered form: only the common parts are parsed again.
  const environment = (env: ProjectSnapshot['environments'][Environment]): CompiledEnvironment => {
    const items = env.items.flatMap((item): CompiledItem[] => {
      const kind = configKindOf(item.kind);
      if (!kind) return [];
      const schedule = kind.parts.schedule ? scheduleSchema.safeParse(item.delivered.document.schedule) : undefined;
      const targeting = kind.parts.targeting ? targetingSchema.safeParse(item.delivered.document.targeting) : undefined;
      if (schedule?.success === false || targeting?.success === false) return [];
      return [{ kind: item.kind, delivered: item.delivered, enabled: item.delivered.document.enabled !== false, schedule: schedule?.data, targeting: targeting?.data }];
    });
    return { items, regionGroups: new Map(Object.entries(env.regionGroups).map(([id, regions]) => [id, new Set(regions)])), segmentIds: segmentIdsOf(items) };
  };
  const definitions = new Map<string, SegmentDefinition>();
  for (const [id, value] of Object.entries(s.segments ?? {})) {
    const definition = segmentDefinitionSchema.safeParse(value);
    if (definition.success) definitions.set(id, definition.data);
  }
  return {
    projectId: s.projectId,
    compiledAt: String(s.compiledAt),
    environments: { official: environment(s.environments.official), preview: environment(s.environments.preview) },
    // A format-1 copy's unkeyed hash is not trusted: no password opens its preview until a compile.
    previewPasswordHash: s.format === 2 ? (s.previewPasswordHash ?? null) : null,
    revokedLinks: new Set(s.revokedLinks ?? []),
    interruptionBudget: s.interruptionBudget ?? noBudget,
    segments: definitions,
  };
}

// ---------------------------------------------------------------------------------------------
// Replies

/**
 * Media paths of the API server as URLs the app can load: `<media base>/api/v1/media/…`. The base
 * comes from configuration (DELIVERY_URL) and never from the request: a reply kept by a shared cache
 * must not carry a host a client chose (`Host: evil.example`). Without one configured, the base is
 * empty and the paths stay root-relative (resolved against the URL the app called).
 */
function absoluteMedia(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/api/v1/media/') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((v) => absoluteMedia(v, origin));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, absoluteMedia(v, origin)]));
  }
  return value;
}

function byKind(items: ReadonlyArray<CompiledItem>, origin: string): Record<string, DeliveredItem[]> {
  const out: Record<string, DeliveredItem[]> = {};
  for (const item of items) (out[item.kind] ??= []).push({ ...item.delivered, document: absoluteMedia(item.delivered.document, origin) as Record<string, unknown> });
  return out;
}

/** The items live for a context now: the same evaluation as the console's audience check. */
export function evaluatedItems(env: CompiledEnvironment, context: EvaluationContext, origin: string): Record<string, DeliveredItem[]> {
  const live = env.items.filter((item) => evaluateItem({ enabled: item.enabled, schedule: item.schedule, targeting: item.targeting }, context, env.regionGroups).live);
  return byKind(live, origin);
}

/**
 * Every item that could be live, with its schedule and audience: the rules reply. Disabled items
 * (`enabled: false`) are left out, as `config` leaves them out: they cannot be live for anyone.
 */
export function ruleItems(env: CompiledEnvironment, origin: string): { items: Record<string, DeliveredItem[]>; regionGroups: Record<string, string[]> } {
  return {
    items: byKind(
      env.items.filter((item) => item.enabled),
      origin,
    ),
    regionGroups: Object.fromEntries([...env.regionGroups].map(([id, regions]) => [id, [...regions].sort()])),
  };
}

/**
 * The next instant after `now` at which any item of the environment starts, ends, or opens or closes
 * its daily window: until then every evaluated reply stays what it is. Null when nothing will change.
 */
export function nextChangeOf(env: CompiledEnvironment, now: Date): Date | null {
  let next: number | null = null;
  for (const item of env.items) {
    if (!item.schedule) continue;
    const at = nextScheduleChange(item.schedule, now);
    if (at && (next === null || at.getTime() < next)) next = at.getTime();
  }
  return next === null ? null : new Date(next);
}

/** A strong ETag of a reply body: the first 128 bits of its SHA-256, base64url, quoted. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}
