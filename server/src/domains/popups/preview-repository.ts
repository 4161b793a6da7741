import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LivePopupItem } from '@contract/api/popups';
import { popupKind, regionGroupKind, type Environment } from '@contract/config';
import type { Database } from '../../db/client';
import { configItems, configRevisions } from '../../db/schema';

/**
 * What the popup preview chooses from (contract/api/popups.ts `popupPreview.live`): the popups and
 * the region groups live in one environment, each as its published revision's document. Official is
 * what every app user gets; preview what a test client with the pre-release password gets (the
 * newest publish, promoted or not). Popups come in their list order (newest first), which the choice
 * does not depend on.
 */
export async function liveInEnvironment(db: Database, projectId: string, environment: Environment) {
  const revision = environment === 'official' ? configItems.officialRevision : configItems.previewRevision;
  const rows = await db
    .select({ id: configItems.id, kind: configItems.kind, name: configItems.name, revision: configRevisions.number, document: configRevisions.document })
    .from(configItems)
    .innerJoin(configRevisions, and(eq(configRevisions.itemId, configItems.id), eq(configRevisions.number, revision)))
    .where(and(eq(configItems.projectId, projectId), isNull(configItems.deletedAt), inArray(configItems.kind, [popupKind.name, regionGroupKind.name])))
    .orderBy(configItems.createdAt, configItems.id);
  const popups: LivePopupItem[] = [];
  const regionGroups: Record<string, string[]> = {};
  for (const row of rows) {
    if (row.kind === regionGroupKind.name) {
      const regions = Array.isArray(row.document.regions) ? (row.document.regions as unknown[]).filter((r): r is string => typeof r === 'string') : [];
      regionGroups[row.id] = regions.map((r) => r.toUpperCase()).sort();
    } else popups.push({ id: row.id, name: row.name, revision: row.revision, document: row.document });
  }
  return { popups, regionGroups };
}
