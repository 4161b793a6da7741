import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { ListPage, ListQuery } from '@contract/envelope';
import type { User } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern, pageWindow, sortOf } from '../../shared/list';
import { toUser } from '../auth/repository';

/** Operator accounts as administrators list them (creation reuses AuthRepository.insertUser). */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** Every account in the list convention; `q` searches name and email. */
  async list(query: ListQuery): Promise<ListPage<User>> {
    const { field, dir } = sortOf(query, ['name', 'email', 'role', 'createdAt'] as const, { field: 'name', dir: 'asc' });
    const column = { name: users.name, email: users.email, role: users.role, createdAt: users.createdAt }[field];
    const where = query.q ? or(ilike(users.name, containsPattern(query.q)), ilike(users.email, containsPattern(query.q))) : undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), asc(users.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { items: rows.map(toUser), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
  }

  /** Deletes an account that was never used (its welcome mail could not be sent). */
  async deleteUnused(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }
}
