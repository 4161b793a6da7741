import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The relational tables of the API server.
 *
 * drizzle-kit reads this file to generate the SQL migrations in server/drizzle; the same migrations
 * serve PGlite and PostgreSQL, so only plain PostgreSQL features are used. Every timestamp is written
 * from the application clock (never `now()` in SQL) so tests can move time with a fake clock.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Operators of the console. `version` grows on every update so stale edits can be refused. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'operator'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: at('password_changed_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_known', sql`${t.role} in ('admin', 'operator')`),
  ],
);

/**
 * Sign-in sessions. Only the SHA-256 hash of the bearer token is kept. A session ends by sign-out,
 * by a newer sign-in of the same user (`replaced`) or by a password change or reset; the end reason
 * lets the server tell "signed in elsewhere" (101006) from "invalid" (101005). The partial unique
 * index is the database's guarantee of one active session per user.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
    endReason: text('end_reason', { enum: ['signed_out', 'replaced', 'password_changed', 'password_reset'] }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_one_active_per_user').on(t.userId).where(sql`${t.endedAt} is null`),
    index('sessions_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every sign-in attempt, successful or not. It is both the audit trail the operator sees and the
 * state of the sign-in rate limiter (see domains/auth/rate-limit.ts), which is why it is indexed by
 * address and by email.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    at: at('at').notNull(),
  },
  (t) => [
    index('sign_ins_ip_at_idx').on(t.ip, t.at),
    index('sign_ins_email_at_idx').on(t.email, t.at),
    index('sign_ins_user_at_idx').on(t.userId, t.at),
  ],
);

/** Emailed six-digit password-reset codes, hashed; each allows a few tries before it is spent. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** Mail kept by the embedded server when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Events counted by fixed-window rate limits (password-reset requests, wrong current passwords).
 * Kept in the database because several API servers may share one PostgreSQL.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('rate_events_bucket_at_idx').on(t.bucket, t.at)],
);
