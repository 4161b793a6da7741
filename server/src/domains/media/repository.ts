import { and, eq } from 'drizzle-orm';
import type { MediaKind, MediaRuleId, MediaType } from '@contract/media';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';

/** One upload record as the service reads it. */
export interface UploadRow {
  readonly id: string;
  readonly projectId: string;
  readonly ruleId: MediaRuleId;
  readonly key: string;
  readonly sha256: string;
  readonly type: MediaType;
  readonly kind: MediaKind;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly durationMs: number | null;
  readonly fileName: string;
  readonly uploadedBy: string | null;
  readonly createdAt: Date;
}

/** What a new upload record states: the row without what the database assigns, by a known person. */
export type NewUpload = Omit<UploadRow, 'id' | 'createdAt' | 'uploadedBy'> & {
  readonly uploadedBy: string;
  readonly now: Date;
};

function toRow(row: typeof uploads.$inferSelect): UploadRow {
  return {
    id: row.id,
    projectId: row.projectId,
    ruleId: row.rule as MediaRuleId,
    key: row.key,
    sha256: row.sha256,
    type: row.type,
    kind: row.kind,
    size: row.size,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    fileName: row.fileName,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt,
  };
}

/** The upload records (SQL lives here, never in the routes). */
export class UploadsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records an upload, or answers the existing record of the same content for the same rule in the
   * same project (a retry, or the same file chosen twice): one row per project, rule and content.
   */
  async record(upload: NewUpload): Promise<UploadRow> {
    const inserted = await this.db
      .insert(uploads)
      .values({
        projectId: upload.projectId,
        rule: upload.ruleId,
        key: upload.key,
        sha256: upload.sha256,
        type: upload.type,
        kind: upload.kind,
        size: upload.size,
        width: upload.width,
        height: upload.height,
        durationMs: upload.durationMs,
        fileName: upload.fileName,
        uploadedBy: upload.uploadedBy,
        createdAt: upload.now,
      })
      .onConflictDoNothing({ target: [uploads.projectId, uploads.rule, uploads.key] })
      .returning();
    const row = inserted[0];
    if (row) return toRow(row);
    const [existing] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.projectId, upload.projectId), eq(uploads.rule, upload.ruleId), eq(uploads.key, upload.key)))
      .limit(1);
    if (!existing) throw new Error('An upload conflicted and then vanished');
    return toRow(existing);
  }

  /** Whether some upload (of any project) stored this content, and under which key. */
  async findContent(sha256: string): Promise<{ key: string; fileName: string } | null> {
    const [row] = await this.db.select({ key: uploads.key, fileName: uploads.fileName }).from(uploads).where(eq(uploads.sha256, sha256)).limit(1);
    return row ?? null;
  }

  /** Whether a stored name belongs to any upload (what GET /media/:name serves). */
  async isKnown(key: string): Promise<boolean> {
    const [row] = await this.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.key, key)).limit(1);
    return row !== undefined;
  }
}
