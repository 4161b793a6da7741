import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  configKindOf,
  evaluateItem,
  scheduleSchema,
  targetingSchema,
  type EvaluationContext,
  type RegionGroupMembers,
} from '@contract/config';
import type { DeliveredItem } from '@contract/delivery/routes';
import type { Database } from '../db/client';
import { configItems, configRevisions } from '../db/schema';

/**
 * A project's official configuration compiled for delivery: every live item's published document
 * by kind in its order, the region groups' members, and the rules reply (the same for every user)
 * already serialized with its ETag. Built from the database once per change (DeliveryStore), never on
 * a request; a request only evaluates the compiled items for its context.
 */
export interface CompiledProject {
  readonly items: ReadonlyArray<CompiledItem>;
  readonly regionGroups: RegionGroupMembers;
}

interface CompiledItem {
  readonly kind: string;
  readonly delivered: DeliveredItem;
  readonly enabled: boolean;
  readonly schedule: ReturnType<typeof scheduleSchema.parse> | undefined;
  readonly targeting: ReturnType<typeof targetingSchema.parse> | undefined;
}

/** Reads the project's official revisions (one query) and compiles them. */
export async function compileProject(db: Database, projectId: string): Promise<CompiledProject> {
  const rows = await db
    .select({ id: configItems.id, kind: configItems.kind, sortOrder: configItems.sortOrder, revision: configRevisions.number, document: configRevisions.document })
    .from(configItems)
    .innerJoin(configRevisions, and(eq(configRevisions.itemId, configItems.id), eq(configRevisions.number, configItems.officialRevision)))
    .where(and(eq(configItems.projectId, projectId), isNull(configItems.deletedAt), isNotNull(configItems.officialRevision)))
    .orderBy(configItems.kind, configItems.sortOrder, configItems.createdAt, configItems.id);
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
      delivered: { id: row.id, revision: row.revision, sortOrder: row.sortOrder, document: row.document },
      enabled: row.document.enabled !== false,
      schedule: schedule?.data,
      targeting: targeting?.data,
    });
  }
  return { items, regionGroups };
}

/** Media paths of the API server as absolute URLs the app can load (`https://host/api/v1/media/…`). */
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
export function evaluatedItems(project: CompiledProject, context: EvaluationContext, origin: string): Record<string, DeliveredItem[]> {
  const live = project.items.filter((item) => evaluateItem({ enabled: item.enabled, schedule: item.schedule, targeting: item.targeting }, context, project.regionGroups).live);
  return byKind(live, origin);
}

/** Every item that could be live, with its schedule and audience: the rules reply. */
export function ruleItems(project: CompiledProject, origin: string): { items: Record<string, DeliveredItem[]>; regionGroups: Record<string, string[]> } {
  return {
    items: byKind(project.items, origin),
    regionGroups: Object.fromEntries([...project.regionGroups].map(([id, regions]) => [id, [...regions].sort()])),
  };
}

/** A strong ETag of a reply body: the first 128 bits of its SHA-256, base64url, quoted. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an `If-None-Match` header names this ETag (a list, `*`, or a weak form of it). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
