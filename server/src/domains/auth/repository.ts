import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ListQuery, ListPage } from '@contract/envelope';
import type { SignInRecord, User } from '@contract/api/auth';
import type { Database } from '../../db/client';
import { passwordResets, sessions, signIns, users } from '../../db/schema';
import { containsPattern, pageWindow, sortOf } from '../../shared/list';
import type { SignInCounters } from './rate-limit';

export type UserRow = typeof users.$inferSelect;
export type SessionEndReason = NonNullable<(typeof sessions.$inferSelect)['endReason']>;

/** A session found by its token hash, with its user. */
export interface SessionWithUser {
  readonly id: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly endedAt: Date | null;
  readonly endReason: SessionEndReason | null;
  readonly user: UserRow;
}

/** Why an attempt ended, as kept in sign_ins.reason (null for a success). */
export type SignInReason = 'pending' | 'password_rule' | 'rate_limited' | 'unknown_user' | 'wrong_password';

/** Reasons that count as failures for the back-off: real password checks (and ones in progress). */
const COUNTED_FAILURES: readonly SignInReason[] = ['pending', 'unknown_user', 'wrong_password'];

/** How long ended or expired sessions are kept to answer "signed in elsewhere" before deletion. */
const ENDED_SESSION_RETENTION_MS = 30 * 24 * 3_600_000;

/** The contract's view of a user: no password hash, ISO timestamps. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * All SQL of the auth domain: users, sessions, sign-in records and password-reset codes.
 *
 * Operations that must not be seen half-done (starting a session, changing a password) are single
 * methods running one transaction, so the service never handles transactions itself.
 */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  /** Inserts a user unless the email is taken (another server may create the first admin at once). */
  async insertUser(values: { email: string; name: string; role: UserRow['role']; passwordHash: string; now: Date }): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({
        email: values.email,
        name: values.name,
        role: values.role,
        passwordHash: values.passwordHash,
        passwordChangedAt: values.now,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Renames a user if `version` is still current; undefined when it is stale (or the user is gone). */
  async updateName(id: string, name: string, version: number, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ name, updatedAt: now, version: sql`${users.version} + 1` })
      .where(and(eq(users.id, id), eq(users.version, version)))
      .returning();
    return row;
  }

  /**
   * Starts a session and ends the user's earlier ones as `replaced`, in one transaction.
   *
   * The user row is locked first so two simultaneous sign-ins of one user queue up instead of both
   * seeing no active session; the partial unique index would refuse the second anyway.
   */
  async startSession(values: { userId: string; tokenHash: string; ip: string; userAgent: string; now: Date }): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
      await tx
        .update(sessions)
        .set({ endedAt: values.now, endReason: 'replaced' })
        .where(and(eq(sessions.userId, values.userId), isNull(sessions.endedAt)));
      const horizon = new Date(values.now.getTime() - ENDED_SESSION_RETENTION_MS);
      await tx.delete(sessions).where(and(eq(sessions.userId, values.userId), lt(sessions.lastSeenAt, horizon)));
      const [row] = await tx
        .insert(sessions)
        .values({
          userId: values.userId,
          tokenHash: values.tokenHash,
          createdAt: values.now,
          lastSeenAt: values.now,
          ip: values.ip,
          userAgent: values.userAgent,
        })
        .returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned no row');
      return row.id;
    });
  }

  async findSessionByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    if (!row) return undefined;
    const { session, user } = row;
    return { id: session.id, createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, endedAt: session.endedAt, endReason: session.endReason, user };
  }

  /** Slides the idle lifetime, writing at most once per `minIntervalMs` per session. */
  async touchSession(id: string, now: Date, minIntervalMs: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(now.getTime() - minIntervalMs))));
  }

  async endSession(id: string, reason: SessionEndReason, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ endedAt: now, endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  }

  /**
   * Stores a new password hash, ends the user's sessions (all, or all but `keepSessionId`) and
   * spends every outstanding reset code, in one transaction.
   */
  async setPassword(values: {
    userId: string;
    passwordHash: string;
    now: Date;
    endReason: SessionEndReason;
    keepSessionId?: string;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: values.passwordHash, passwordChangedAt: values.now, updatedAt: values.now, version: sql`${users.version} + 1` })
        .where(eq(users.id, values.userId));
      const active = and(eq(sessions.userId, values.userId), isNull(sessions.endedAt));
      await tx
        .update(sessions)
        .set({ endedAt: values.now, endReason: values.endReason })
        .where(values.keepSessionId ? and(active, ne(sessions.id, values.keepSessionId)) : active);
      // Any code still outstanding would otherwise reset the brand-new password.
      await tx
        .update(passwordResets)
        .set({ usedAt: values.now })
        .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
    });
  }

  /** Records an attempt; returns its id so the outcome can be filled in when known. */
  async recordSignIn(values: {
    userId: string | null;
    email: string;
    ip: string;
    userAgent: string;
    success: boolean;
    reason: SignInReason | null;
    at: Date;
  }): Promise<string> {
    const [row] = await this.db.insert(signIns).values(values).returning({ id: signIns.id });
    if (!row) throw new Error('sign-in insert returned no row');
    return row.id;
  }

  async finishSignIn(id: string, outcome: { userId: string | null; success: boolean; reason: SignInReason | null }): Promise<void> {
    await this.db.update(signIns).set(outcome).where(eq(signIns.id, id));
  }

  /**
   * The counters of the sign-in back-off (see rate-limit.ts) for one email and address, in one
   * query over the window. `excludeId` leaves out the attempt being decided.
   */
  async signInCounters(values: { email: string; ip: string; since: Date; excludeId: string }): Promise<SignInCounters> {
    const { email, ip } = values;
    const lastSuccessHere = sql`coalesce((select max(s.at) from sign_ins s where s.email = ${email} and s.ip = ${ip} and s.success), '-infinity'::timestamptz)`;
    const neverSignedInFrom = sql`${signIns.ip} not in (select g.ip from sign_ins g where g.email = ${email} and g.success)`;
    const accountAddress = sql`${signIns.ip} = ${ip} and ${signIns.email} = ${email} and ${signIns.at} > ${lastSuccessHere}`;
    const account = sql`${signIns.email} = ${email} and ${neverSignedInFrom}`;
    const [row] = await this.db
      .select({
        accountAddressFailures: sql<number>`count(*) filter (where ${accountAddress})`.mapWith(Number),
        accountAddressLast: sql<Date | null>`max(${signIns.at}) filter (where ${accountAddress})`.mapWith(signIns.at),
        addressFailures: sql<number>`count(*) filter (where ${signIns.ip} = ${ip})`.mapWith(Number),
        addressLast: sql<Date | null>`max(${signIns.at}) filter (where ${signIns.ip} = ${ip})`.mapWith(signIns.at),
        accountFailures: sql<number>`count(*) filter (where ${account})`.mapWith(Number),
        accountLast: sql<Date | null>`max(${signIns.at}) filter (where ${account})`.mapWith(signIns.at),
        knownAddress: sql<boolean>`exists (select 1 from sign_ins k where k.email = ${email} and k.ip = ${ip} and k.success)`.mapWith(Boolean),
      })
      .from(signIns)
      .where(
        and(
          gt(signIns.at, values.since),
          ne(signIns.id, values.excludeId),
          inArray(signIns.reason, [...COUNTED_FAILURES]),
          or(eq(signIns.ip, ip), eq(signIns.email, email)),
        ),
      );
    return {
      accountAddress: { failures: row?.accountAddressFailures ?? 0, lastAt: row?.accountAddressLast ?? null },
      address: { failures: row?.addressFailures ?? 0, lastAt: row?.addressLast ?? null },
      account: { failures: row?.accountFailures ?? 0, lastAt: row?.accountLast ?? null },
      knownAddress: row?.knownAddress ?? false,
    };
  }

  /** One user's sign-in records in the list convention; `q` searches address and user agent. */
  async listSignIns(userId: string, query: ListQuery): Promise<ListPage<SignInRecord>> {
    const { field, dir } = sortOf(query, ['at', 'ip', 'success'] as const, { field: 'at', dir: 'desc' });
    const column = { at: signIns.at, ip: signIns.ip, success: signIns.success }[field];
    const where = and(
      eq(signIns.userId, userId),
      query.q ? or(ilike(signIns.ip, containsPattern(query.q)), ilike(signIns.userAgent, containsPattern(query.q))) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(signIns)
        .where(where)
        .orderBy(dir === 'asc' ? asc(column) : desc(column), desc(signIns.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(signIns).where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        success: row.success,
        reason: row.reason,
      })),
      total: totals[0]?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Stores a new reset code and spends the user's earlier ones: only the latest mailed code works. */
  async createPasswordReset(values: { userId: string; codeHash: string; now: Date; expiresAt: Date }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(passwordResets)
        .set({ usedAt: values.now })
        .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({ userId: values.userId, codeHash: values.codeHash, createdAt: values.now, expiresAt: values.expiresAt });
    });
  }

  async findActivePasswordReset(userId: string, now: Date): Promise<{ id: string; codeHash: string } | undefined> {
    const [row] = await this.db
      .select({ id: passwordResets.id, codeHash: passwordResets.codeHash })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Takes one of a code's tries before it is checked; false when none is left. Taking the try in a
   * single conditional UPDATE keeps parallel guesses from exceeding the limit.
   */
  async takePasswordResetTry(id: string, maxTries: number): Promise<boolean> {
    const rows = await this.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), lt(passwordResets.attempts, maxTries)))
      .returning({ id: passwordResets.id });
    return rows.length > 0;
  }
}
