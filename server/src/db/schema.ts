import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  appResource,
  entitlementResource,
  offeringResource,
  roleResource,
  skuResource,
  teamResource,
  webhookResource,
} from '@contract/resources/projects';
import { countryResource, languageResource } from '@contract/resources/system';
import { uniqueIndexes } from './resource-indexes';
import { searchVector, tsvector } from './search';

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
 * Counters of the costly actions' limits (rate-limit/action-limits.ts) and of the password change
 * and reset limits (domains/auth/rate-limit.ts `AUTH_LIMITS`): how many times, and how much
 * (uploads: bytes received), `subject` did `action` in the fixed window starting at `window_start`.
 * One row per subject and window, changed only by an atomic upsert-and-check, so concurrent requests
 * on several API servers cannot pass a limit together. Rows of ended windows are swept from time to
 * time (rate-limit/action-limiter.ts).
 */
export const actionCounts = pgTable(
  'action_counts',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'action_counts_pkey', columns: [t.action, t.subject, t.windowStart] }),
    check('action_counts_not_negative', sql`${t.count} >= 0 and ${t.amount} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Settings

/**
 * Server-wide settings shared by every API server on the database (the generated credentials key
 * when CREDENTIALS_KEY is not set, see crypto/secret-box.ts).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Projects and collaborators

/** A project: one app business. Its owner is the member with role `owner` (exactly one). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    iconUrl: text('icon_url'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('projects_name_key').on(sql`lower(${t.name})`), index('projects_created_idx').on(t.createdAt)],
);

/** Who may open a project, and as what. The partial unique index keeps one owner per project. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'editor', 'viewer'] }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_members_pkey', columns: [t.projectId, t.userId] }),
    uniqueIndex('project_members_one_owner').on(t.projectId).where(sql`${t.role} = 'owner'`),
    index('project_members_user_idx').on(t.userId),
    check('project_members_role_known', sql`${t.role} in ('owner', 'admin', 'editor', 'viewer')`),
  ],
);

/**
 * Invitations by email. Only the SHA-256 of the mailed code is kept. The partial unique index refuses
 * a second pending invitation of one address to one project (105004).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'editor', 'viewer'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked', 'expired'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitations_code_hash_key').on(t.codeHash),
    uniqueIndex('invitations_pending_key').on(t.projectId, t.email).where(sql`${t.status} = 'pending'`),
    index('invitations_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * Columns every resource table has (contract/resources/define.ts `systemItemShape`): the generic
 * repository (server/src/resources/repository.ts) reads and writes them by these property names.
 */
function resourceColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  };
}

/**
 * Columns of a global resource's table (contract/resources/define.ts scope `global`): those of
 * `resourceColumns` without a project.
 */
function globalResourceColumns() {
  const { projectId: _projectId, ...columns } = resourceColumns();
  return columns;
}

/** Rows not in the trash: unique keys and list indexes cover only these. */
const live = (t: { deletedAt: AnyPgColumn }) => sql`${t.deletedAt} is null`;

// ---------------------------------------------------------------------------------------------
// Catalog

/**
 * Apps of a project. The bundle id / package name is unique across both platforms and all projects
 * (102011): the delivery API finds the project by it.
 */
export const apps = pgTable(
  'apps',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    name: text('name').notNull(),
    packageName: text('package_name').notNull(),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(appResource.searchable)),
  },
  (t) => [
    index('apps_search_idx').using('gin', t.search),
    ...uniqueIndexes(appResource, t),
    index('apps_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * Secrets of an app, encrypted (crypto/secret-box.ts): its store credentials and its card payment
 * keys, one row per kind. `summary` is what the API may show (key id, client email, fingerprints).
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['store', 'card'] }).notNull(),
    ciphertext: text('ciphertext').notNull(),
    summary: jsonb('summary').$type<Record<string, string | null>>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ name: 'app_secrets_pkey', columns: [t.appId, t.kind] })],
);

/**
 * Public client keys of an app: what the mobile app presents to the delivery API. Only the SHA-256
 * (hex) of a key is kept, with its first characters to tell keys apart; the unique index on the hash
 * is how the delivery API finds a presented key (domains/client-keys/lookup.ts). A revoked key keeps
 * its row (`revoked_at`), so the console still lists it.
 */
export const clientKeys = pgTable(
  'client_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('client_keys_key_hash_key').on(t.keyHash), index('client_keys_app_idx').on(t.appId, t.createdAt)],
);

/**
 * SKUs: store products of an app. `platform` copies the app's (which never changes) so lists filter
 * and sort by it without a join. One partial index per sortable column keeps every list page an index
 * scan at 100,000 SKUs per project (see bench/).
 */
export const skus = pgTable(
  'skus',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    storeProductId: text('store_product_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['subscription', 'non_consumable', 'consumable'] }).notNull(),
    period: text('period', { enum: ['yearly', 'quarterly', 'monthly', 'weekly', 'permanent'] }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency'),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(skuResource.searchable)),
  },
  (t) => [
    index('skus_search_idx').using('gin', t.search),
    ...uniqueIndexes(skuResource, t),
    index('skus_project_order_idx').on(t.projectId, t.sortOrder, t.id).where(live(t)),
    index('skus_project_name_idx').on(t.projectId, t.name, t.id).where(live(t)),
    index('skus_project_product_idx').on(t.projectId, t.storeProductId, t.id).where(live(t)),
    index('skus_project_created_idx').on(t.projectId, t.createdAt, t.id).where(live(t)),
    index('skus_project_updated_idx').on(t.projectId, t.updatedAt, t.id).where(live(t)),
    index('skus_project_price_idx').on(t.projectId, t.price, t.id).where(live(t)),
    index('skus_project_trash_idx').on(t.projectId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** Entitlements: what the app unlocks (pro, ai_credits). */
export const entitlements = pgTable(
  'entitlements',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(entitlementResource.searchable)),
  },
  (t) => [
    index('entitlements_search_idx').using('gin', t.search),
    ...uniqueIndexes(entitlementResource, t),
    index('entitlements_project_idx').on(t.projectId, t.createdAt),
  ],
);

/** Which SKUs grant which entitlements. */
export const entitlementSkus = pgTable(
  'entitlement_skus',
  {
    entitlementId: uuid('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    skuId: uuid('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'entitlement_skus_pkey', columns: [t.entitlementId, t.skuId] }), index('entitlement_skus_sku_idx').on(t.skuId)],
);

/** Offerings: the set of SKUs a paywall presents. */
export const offerings = pgTable(
  'offerings',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    sortOrder: integer('sort_order').notNull().default(0),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(offeringResource.searchable)),
  },
  (t) => [
    index('offerings_search_idx').using('gin', t.search),
    ...uniqueIndexes(offeringResource, t),
    index('offerings_project_order_idx').on(t.projectId, t.sortOrder),
  ],
);

/** An offering's SKUs in display order. */
export const offeringSkus = pgTable(
  'offering_skus',
  {
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    skuId: uuid('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ name: 'offering_skus_pkey', columns: [t.offeringId, t.skuId] }), index('offering_skus_sku_idx').on(t.skuId)],
);

// ---------------------------------------------------------------------------------------------
// Integrations

/** Webhook endpoints; the signing secret is kept encrypted and shown once at creation. */
export const webhooks = pgTable(
  'webhooks',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(webhookResource.searchable)),
  },
  (t) => [
    index('webhooks_search_idx').using('gin', t.search),
    ...uniqueIndexes(webhookResource, t),
    index('webhooks_project_idx').on(t.projectId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Teams and app roles

export const teams = pgTable(
  'teams',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(teamResource.searchable)),
  },
  (t) => [
    index('teams_search_idx').using('gin', t.search),
    ...uniqueIndexes(teamResource, t),
    index('teams_project_idx').on(t.projectId, t.createdAt),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'team_members_pkey', columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const teamApps = pgTable(
  'team_apps',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'team_apps_pkey', columns: [t.teamId, t.appId] }), index('team_apps_app_idx').on(t.appId)],
);

/** App roles: menus granted to the members linked to them (contract/permissions.ts). */
export const roles = pgTable(
  'roles',
  {
    ...resourceColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    menus: jsonb('menus').$type<string[]>().notNull(),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(roleResource.searchable)),
  },
  (t) => [
    index('roles_search_idx').using('gin', t.search),
    ...uniqueIndexes(roleResource, t),
    index('roles_project_idx').on(t.projectId, t.createdAt),
  ],
);

export const roleUsers = pgTable(
  'role_users',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'role_users_pkey', columns: [t.roleId, t.userId] }), index('role_users_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// System Management: global lists (contract/resources/system.ts)

/** Countries and regions (ISO 3166-1 alpha-2 codes), seeded once from maintained data (domains/system/seed.ts). */
export const countries = pgTable(
  'countries',
  {
    ...globalResourceColumns(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    region: text('region'),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(countryResource.searchable)),
  },
  (t) => [
    index('countries_search_idx').using('gin', t.search),
    ...uniqueIndexes(countryResource, t),
    index('countries_region_idx').on(t.region),
    check('countries_code_upper', sql`${t.code} ~ '^[A-Z]{2}$'`),
  ],
);

/** Languages (BCP 47 codes), seeded once from maintained data (domains/system/seed.ts). */
export const languages = pgTable(
  'languages',
  {
    ...globalResourceColumns(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Word-prefix search over the declared searchable fields (db/search.ts). */
    search: tsvector('search').generatedAlwaysAs(searchVector(languageResource.searchable)),
  },
  (t) => [index('languages_search_idx').using('gin', t.search), ...uniqueIndexes(languageResource, t)],
);

// ---------------------------------------------------------------------------------------------
// Audit log

/**
 * One row per change, written in the transaction of the change. No foreign keys: the record of a
 * change outlives the item, its project and the account that made it (`actor_name` keeps the name).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    projectId: uuid('project_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_project_at_idx').on(t.projectId, t.at),
    index('audit_log_entity_idx').on(t.projectId, t.entity, t.entityId, t.at),
  ],
);

// ---------------------------------------------------------------------------------------------
// Media uploads

/**
 * One upload of a file to a project for a rule (contract/media.ts). The bytes live in the media
 * storage under `key` (`<sha256>.<type>`, content addressed, stored once however often uploaded);
 * this row records which project uses them, for which rule, what they measured and who sent them.
 * Uploading the same content for the same rule again answers the same row.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    key: text('key').notNull(),
    sha256: text('sha256').notNull(),
    type: text('type', { enum: ['png', 'jpg', 'webp', 'gif', 'mp4', 'mov', 'pag'] }).notNull(),
    kind: text('kind', { enum: ['image', 'video', 'pag'] }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms'),
    fileName: text('file_name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('uploads_project_rule_key').on(t.projectId, t.rule, t.key),
    index('uploads_sha256_idx').on(t.sha256),
    check('uploads_key_matches_sha256', sql`${t.key} = ${t.sha256} || '.' || ${t.type}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Configuration the app reads (contract/config): one versioned document store for every kind

/**
 * One configuration item of a kind (a subscription page, a region group, ...), with its draft.
 *
 * The draft is the kind's document as the operator last saved it, complete or not (`problems` lists
 * what keeps it from being published). The columns beside it are the draft's common parts copied out
 * so lists filter, sort and search by them with indexes: name, enabled, schedule. `unique_key` is
 * what the kind declares unique (a lower-cased name, a language code), null when the kind declares
 * nothing. What the app sees is never the draft: `preview_revision` and `official_revision` name
 * the immutable revisions live in each environment.
 */
export const configItems = pgTable(
  'config_items',
  {
    ...resourceColumns(),
    deletedAt: at('deleted_at'),
    kind: text('kind').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    name: text('name').notNull(),
    uniqueKey: text('unique_key'),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the draft's canonical JSON: "not modified" is a comparison with the last revision's. */
    draftHash: text('draft_hash').notNull(),
    /** What keeps the draft from being published, as field errors (empty when it is complete). */
    problems: jsonb('problems').$type<Record<string, unknown>>().notNull(),
    latestRevision: integer('latest_revision').notNull().default(0),
    latestHash: text('latest_hash'),
    previewRevision: integer('preview_revision'),
    officialRevision: integer('official_revision'),
    /** The item version a second person approved for publishing; any edit makes it stale. */
    approvedVersion: integer('approved_version'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: at('approved_at'),
    search: tsvector('search').generatedAlwaysAs(searchVector(['name'])),
  },
  (t) => [
    index('config_items_search_idx').using('gin', t.search),
    uniqueIndex('config_items_unique_key').on(t.projectId, t.kind, t.uniqueKey).where(sql`${t.deletedAt} is null and ${t.uniqueKey} is not null`),
    index('config_items_order_idx').on(t.projectId, t.kind, t.sortOrder, t.id).where(live(t)),
    index('config_items_created_idx').on(t.projectId, t.kind, t.createdAt, t.id).where(live(t)),
    index('config_items_updated_idx').on(t.projectId, t.kind, t.updatedAt, t.id).where(live(t)),
    index('config_items_trash_idx').on(t.projectId, t.kind, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    check('config_items_revisions', sql`${t.previewRevision} <= ${t.latestRevision} and ${t.officialRevision} <= ${t.latestRevision}`),
  ],
);

/**
 * An immutable published revision of an item: number n is the n-th publish (or rollback) of it.
 * Rows are only ever inserted; the environments point at them from config_items.
 */
export const configRevisions = pgTable(
  'config_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => configItems.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    hash: text('hash').notNull(),
    note: text('note'),
    /** The revision this one restored (a rollback), null for a publish. */
    restoredFrom: integer('restored_from'),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedByName: text('published_by_name').notNull(),
    publishedAt: at('published_at').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: at('approved_at'),
  },
  (t) => [
    uniqueIndex('config_revisions_item_number_key').on(t.itemId, t.number),
    index('config_revisions_project_kind_idx').on(t.projectId, t.kind, t.publishedAt),
  ],
);

/** Per project and kind: whether publishing needs a second person's approval. */
export const configPolicies = pgTable(
  'config_policies',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ name: 'config_policies_pkey', columns: [t.projectId, t.kind] })],
);
