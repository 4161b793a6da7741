import { asc, count, desc, ilike, or } from 'drizzle-orm';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { OutboxMail } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { containsPattern, pageWindow, sortOf } from '../../shared/list';

/** The outbox of the embedded server: mail that would have been sent, readable by administrators. */
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  async insert(mail: { to: string; subject: string; text: string; createdAt: Date }): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
  }

  /** The list convention; `q` searches recipient and subject. */
  async list(query: ListQuery): Promise<ListPage<OutboxMail>> {
    const { field, dir } = sortOf(query, ['createdAt', 'to', 'subject'] as const, { field: 'createdAt', dir: 'desc' });
    const column = { createdAt: mailOutbox.createdAt, to: mailOutbox.to, subject: mailOutbox.subject }[field];
    const where = query.q ? or(ilike(mailOutbox.to, containsPattern(query.q)), ilike(mailOutbox.subject, containsPattern(query.q))) : undefined;
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(dir === 'asc' ? asc(column) : desc(column), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(mailOutbox).where(where),
    ]);
    return {
      items: rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() })),
      total: totals[0]?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
