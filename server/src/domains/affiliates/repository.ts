import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { affiliateKind } from '@contract/config';
import type { AffiliateCount } from '@contract/api/affiliates';
import type { AffiliateEvent } from '@contract/delivery/affiliate';
import type { Platform } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { affiliateReports, configItems, configRevisions } from '../../db/schema';

/**
 * The reports of opens and installs through affiliate links (table `affiliate_reports`): written by
 * the delivery route (server/src/delivery/affiliate.ts), counted for the console.
 */
export class AffiliateReportsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Whether `linkId` is an affiliate link of the project that counts: not in the trash, live
   * (official, else preview) and enabled in that live revision.
   */
  async countsFor(projectId: string, linkId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: configItems.id })
      .from(configItems)
      .innerJoin(configRevisions, and(eq(configRevisions.itemId, configItems.id), eq(configRevisions.number, sql`coalesce(${configItems.officialRevision}, ${configItems.previewRevision})`)))
      .where(
        and(
          eq(configItems.id, linkId),
          eq(configItems.projectId, projectId),
          eq(configItems.kind, affiliateKind.name),
          isNull(configItems.deletedAt),
          sql`(${configRevisions.document}->>'enabled') is distinct from 'false'`,
        ),
      );
    return row !== undefined;
  }

  /**
   * Stores one report; false when this device had reported this event for this link before (the
   * unique index decides, so concurrent repeats store one row).
   */
  async record(report: { projectId: string; linkId: string; deviceId: string; event: AffiliateEvent; platform: Platform; at: Date }): Promise<boolean> {
    const inserted = await this.db
      .insert(affiliateReports)
      .values({ projectId: report.projectId, linkId: report.linkId, deviceId: report.deviceId, event: report.event, platform: report.platform, createdAt: report.at })
      .onConflictDoNothing()
      .returning({ id: affiliateReports.id });
    return inserted.length > 0;
  }

  /** The opens and installs of each of `linkIds` in the project (0 for a link without reports or of another project), in the order asked. */
  async counts(projectId: string, linkIds: readonly string[]): Promise<AffiliateCount[]> {
    const rows = await this.db
      .select({ linkId: affiliateReports.linkId, event: affiliateReports.event, n: count() })
      .from(affiliateReports)
      .where(and(eq(affiliateReports.projectId, projectId), inArray(affiliateReports.linkId, [...linkIds])))
      .groupBy(affiliateReports.linkId, affiliateReports.event);
    const found = new Map<string, { opens: number; installs: number }>();
    for (const row of rows) {
      const entry = found.get(row.linkId) ?? { opens: 0, installs: 0 };
      if (row.event === 'open') entry.opens = Number(row.n);
      else entry.installs = Number(row.n);
      found.set(row.linkId, entry);
    }
    return [...new Set(linkIds)].map((linkId) => ({ linkId, ...(found.get(linkId) ?? { opens: 0, installs: 0 }) }));
  }
}
