import { and, avg, count, desc, eq } from 'drizzle-orm';
import { FEEDBACK_EXPORT_MAX_ROWS, type FeedbackAnswer } from '@contract/api/popups';
import { popupKind } from '@contract/config';
import type { Platform } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { configItems, popupFeedback } from '../../db/schema';
import { AppError } from '../../errors';
import { pageWindow } from '../../shared/list';
import { toCsv } from '../../shared/csv';

/** One answer as the delivery route stores it (checked against the popup already). */
export interface NewFeedback {
  readonly projectId: string;
  readonly popupId: string;
  readonly appId: string;
  readonly revision: number;
  readonly userId: string;
  readonly rating: number | null;
  readonly choice: number | null;
  readonly choiceText: string | null;
  readonly text: string | null;
  readonly platform: Platform;
  readonly appVersion: string | null;
  readonly language: string | null;
  readonly at: Date;
}

type Row = typeof popupFeedback.$inferSelect;

function toAnswer(row: Row): FeedbackAnswer {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    userId: row.userId,
    revision: row.revision,
    rating: row.rating,
    choice: row.choice,
    choiceText: row.choiceText,
    text: row.text,
    platform: row.platform,
    appVersion: row.appVersion,
    language: row.language,
  };
}

/**
 * The answers to Feedback popups (`popup_feedback`): inserted by the delivery API, read per popup by
 * the console, newest first. A popup of another project, or no popup at all, is 108002 (the popup
 * kind's not-found code), so another project's answers are never listed.
 */
export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async insert(answer: NewFeedback): Promise<string> {
    const [row] = await this.db
      .insert(popupFeedback)
      .values({
        projectId: answer.projectId,
        popupId: answer.popupId,
        appId: answer.appId,
        revision: answer.revision,
        userId: answer.userId,
        rating: answer.rating,
        choice: answer.choice,
        choiceText: answer.choiceText,
        text: answer.text,
        platform: answer.platform,
        appVersion: answer.appVersion,
        language: answer.language,
        createdAt: answer.at,
      })
      .returning({ id: popupFeedback.id });
    return (row as { id: string }).id;
  }

  async list(projectId: string, popupId: string, query: { page: number; pageSize: number }) {
    await this.assertPopup(projectId, popupId);
    const where = and(eq(popupFeedback.projectId, projectId), eq(popupFeedback.popupId, popupId));
    const { limit, offset } = pageWindow(query);
    const [rows, [totals]] = await Promise.all([
      this.db.select().from(popupFeedback).where(where).orderBy(desc(popupFeedback.createdAt), desc(popupFeedback.id)).limit(limit).offset(offset),
      this.db.select({ n: count(), rating: avg(popupFeedback.rating) }).from(popupFeedback).where(where),
    ]);
    const answers = totals?.n ?? 0;
    return {
      items: rows.map(toAnswer),
      total: answers,
      page: query.page,
      pageSize: query.pageSize,
      summary: { answers, averageRating: totals?.rating === null || totals?.rating === undefined ? null : Math.round(Number(totals.rating) * 100) / 100 },
    };
  }

  /** The popup's answers as CSV, newest first, at most `maxRows` of them. */
  async exportCsv(projectId: string, popupId: string, maxRows = FEEDBACK_EXPORT_MAX_ROWS) {
    const popup = await this.assertPopup(projectId, popupId);
    const rows = await this.db
      .select()
      .from(popupFeedback)
      .where(and(eq(popupFeedback.projectId, projectId), eq(popupFeedback.popupId, popupId)))
      .orderBy(desc(popupFeedback.createdAt), desc(popupFeedback.id))
      .limit(maxRows + 1);
    const kept = rows.slice(0, maxRows);
    const csv = toCsv(
      ['answered_at', 'user_id', 'revision', 'rating', 'choice_number', 'choice_text', 'text', 'platform', 'app_version', 'language'],
      kept.map((row) => [row.createdAt.toISOString(), row.userId, row.revision, row.rating, row.choice === null ? null : row.choice + 1, row.choiceText, row.text, row.platform, row.appVersion, row.language]),
    );
    const slug = popup.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'popup';
    return { fileName: `${slug}-answers.csv`, csv, rows: kept.length, truncated: rows.length > maxRows };
  }

  private async assertPopup(projectId: string, popupId: string): Promise<{ name: string }> {
    const [popup] = await this.db
      .select({ name: configItems.name })
      .from(configItems)
      .where(and(eq(configItems.id, popupId), eq(configItems.projectId, projectId), eq(configItems.kind, popupKind.name)));
    if (!popup) throw new AppError(popupKind.notFoundCode);
    return popup;
  }
}
