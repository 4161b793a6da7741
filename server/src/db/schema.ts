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
import { mediaKinds, mediaTypes } from '@contract/media-types';
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
    // The contract's lists (a text column: a new type needs no migration).
    type: text('type', { enum: mediaTypes }).notNull(),
    kind: text('kind', { enum: mediaKinds }).notNull(),
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

/**
 * A project's delivery settings: the pre-release password that lets a test client see the preview
 * environment (kept encrypted with the credentials key, since operators read it back to tell testers),
 * and the version every change carries.
 */
export const deliverySettings = pgTable('delivery_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  previewPassword: text('preview_password'),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Signed preview links: one reviewer's expiring access to an app's preview environment. The token
 * itself is never stored (it is an HMAC over the row's id and expiry); the row lists and revokes it.
 */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    reviewer: text('reviewer').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: at('created_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('preview_links_app_idx').on(t.appId, t.createdAt)],
);

/**
 * A project's interruption budget (contract/config/interruption-budget.ts): how many popups,
 * retention popups and automatic subscription pages one app user gets per session and per day at
 * most (null: no cap), and the version every change carries. No row: no caps, version 1.
 */
export const interruptionBudgets = pgTable(
  'interruption_budgets',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    perSession: integer('per_session'),
    perDay: integer('per_day'),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('interruption_budgets_per_session', sql`${t.perSession} is null or ${t.perSession} between 1 and 20`),
    check('interruption_budgets_per_day', sql`${t.perDay} is null or ${t.perDay} between 1 and 100`),
  ],
);

/**
 * The answers app users give to Feedback popups, sent by the app through the delivery API
 * (server/src/delivery/feedback.ts) and listed per popup in the console. Only inserted; a popup
 * deleted for ever takes its answers with it. The choice's text is kept beside its index, as the
 * popup showed it, since a later revision may change the choices.
 */
export const popupFeedback = pgTable(
  'popup_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    popupId: uuid('popup_id')
      .notNull()
      .references(() => configItems.id, { onDelete: 'cascade' }),
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'set null' }),
    /** The popup's revision the user answered. */
    revision: integer('revision').notNull(),
    userId: text('user_id').notNull(),
    rating: integer('rating'),
    choice: integer('choice'),
    choiceText: text('choice_text'),
    text: text('text'),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    appVersion: text('app_version'),
    language: text('language'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('popup_feedback_popup_idx').on(t.popupId, t.createdAt, t.id),
    check('popup_feedback_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * Opens and installs through affiliate links, reported by the app through the delivery API
 * (server/src/delivery/affiliate.ts): one row per link, device and event, kept by the unique index,
 * so a repeated report inserts nothing. The console's counts are counts of these rows. A link
 * deleted for ever takes its reports with it.
 */
export const affiliateReports = pgTable(
  'affiliate_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => configItems.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    event: text('event', { enum: ['open', 'install'] }).notNull(),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('affiliate_reports_once').on(t.linkId, t.event, t.deviceId), check('affiliate_reports_event', sql`${t.event} in ('open', 'install')`)],
);

// ---------------------------------------------------------------------------------------------
// Customers and transactions (contract/api/commerce.ts, server/src/domains/commerce)

/**
 * How an app's store notifications are checked: Apple's numeric app id (the library needs it to
 * accept production notifications), whether sandbox purchases count, and a Google app's push
 * authentication. No row: no Apple app id, sandbox accepted, push authentication off, version 1.
 */
export const storeSettings = pgTable('store_settings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  appleAppId: bigint('apple_app_id', { mode: 'number' }),
  /** Off for new apps (issue 18): sandbox and TestFlight data is taken only when asked for. */
  acceptSandbox: boolean('accept_sandbox').notNull().default(false),
  /**
   * The app user ids whose sandbox and TestFlight purchases give entitlements (testers); anyone
   * else's are recorded and shown, but grant nothing.
   */
  sandboxTesters: text('sandbox_testers').array().notNull().default(sql`'{}'::text[]`),
  /**
   * Pub/Sub push authentication of a Google app: the push subscription's service account and
   * (optionally) the audience of its OIDC tokens. The account set: a push must carry a valid token
   * (intake.ts); not set: off. An app without a row here (new) uses its Play service account.
   */
  googlePushEmail: text('google_push_email'),
  googlePushAudience: text('google_push_audience'),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});

/**
 * App users of a project, as the stores (and the app) made them known. `app_user_id` is the id the
 * app set on the purchase (Apple appAccountToken, Google obfuscated account id), or `apple:<original
 * transaction id>` / `google:<first order id>` for purchases made without one. `spent` sums the
 * prices paid per currency (nothing is converted). One index per list order and filter keeps every
 * page an index scan at 100,000 customers (bench/commerce.ts).
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appUserId: text('app_user_id').notNull(),
    platform: text('platform', { enum: ['ios', 'android'] }).notNull(),
    country: text('country'),
    email: text('email'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    spent: jsonb('spent').$type<Record<string, number>>().notNull().default({}),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    version: integer('version').notNull().default(1),
    /** Word-prefix search over the app user id and email (db/search.ts): "customer3" finds customer30@…. */
    search: tsvector('search').generatedAlwaysAs(searchVector(['appUserId', 'email'])),
  },
  (t) => [
    index('customers_search_idx').using('gin', t.search),
    uniqueIndex('customers_project_user_key').on(t.projectId, t.appUserId),
    index('customers_project_last_seen_idx').on(t.projectId, t.lastSeenAt, t.id),
    index('customers_project_first_seen_idx').on(t.projectId, t.firstSeenAt, t.id),
    index('customers_project_platform_idx').on(t.projectId, t.platform, t.lastSeenAt, t.id),
    index('customers_project_country_idx').on(t.projectId, t.country, t.lastSeenAt, t.id),
    index('customers_project_email_idx').on(t.projectId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    check('customers_country_code', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * Every store notification received, once: the unique index on (app, store, event id) is what makes
 * a repeated notification (Apple's notificationUUID, Pub/Sub's message id) a no-op. Refused ones are
 * recorded too, with their code and without an event id (nothing in them can be trusted).
 */
export const storeEvents = pgTable(
  'store_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    store: text('store', { enum: ['apple', 'google'] }).notNull(),
    eventId: text('event_id'),
    type: text('type').notNull(),
    subtype: text('subtype'),
    environment: text('environment', { enum: ['production', 'sandbox'] }),
    outcome: text('outcome', { enum: ['applied', 'ignored', 'refused'] }).notNull(),
    errorCode: integer('error_code'),
    detail: text('detail'),
    storeTransactionId: text('store_transaction_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    signedAt: at('signed_at'),
    receivedAt: at('received_at').notNull(),
    /** The verified notification, decoded (null for refused ones). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('store_events_app_event_key').on(t.appId, t.store, t.eventId).where(sql`${t.eventId} is not null`),
    index('store_events_project_received_idx').on(t.projectId, t.receivedAt, t.id),
    index('store_events_transaction_idx').on(t.projectId, t.storeTransactionId).where(sql`${t.storeTransactionId} is not null`),
    // Refused and ignored notifications are kept within a bound per app (intake.ts pruneUnapplied).
    index('store_events_app_unapplied_idx').on(t.appId, t.receivedAt, t.id).where(sql`${t.outcome} <> 'applied'`),
  ],
);

/**
 * Subscriptions: one per Apple original transaction or Google purchase token, in the state the
 * store last said (contract `subscriptionStates`). `last_event_at` is the store's time of that
 * statement, so an older notification arriving late cannot undo a newer one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    store: text('store', { enum: ['apple', 'google'] }).notNull(),
    environment: text('environment', { enum: ['production', 'sandbox'] }).notNull(),
    originalTransactionId: text('original_transaction_id').notNull(),
    productId: text('product_id').notNull(),
    state: text('state', { enum: ['trial', 'active', 'grace', 'billing_retry', 'expired', 'refunded', 'revoked'] }).notNull(),
    autoRenew: boolean('auto_renew'),
    startedAt: at('started_at').notNull(),
    expiresAt: at('expires_at'),
    graceExpiresAt: at('grace_expires_at'),
    lastEventAt: at('last_event_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_app_original_key').on(t.appId, t.originalTransactionId),
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_project_state_idx').on(t.projectId, t.state),
  ],
);

/**
 * Store transactions: Apple transactions (one per purchase and renewal) and Google orders. Stored
 * once per app and store id; refunds and revocations change `status` and their time. `sku_id` is
 * the SKU the product id matched when it arrived, for the lists (entitlements always go through the
 * SKUs as they are now).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    store: text('store', { enum: ['apple', 'google'] }).notNull(),
    environment: text('environment', { enum: ['production', 'sandbox'] }).notNull(),
    storeTransactionId: text('store_transaction_id').notNull(),
    originalTransactionId: text('original_transaction_id').notNull(),
    purchaseToken: text('purchase_token'),
    productId: text('product_id').notNull(),
    skuId: uuid('sku_id').references(() => skus.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['subscription', 'non_consumable', 'consumable'] }).notNull(),
    offer: text('offer'),
    status: text('status', { enum: ['purchased', 'trial', 'refunded', 'revoked'] }).notNull(),
    purchasedAt: at('purchased_at').notNull(),
    expiresAt: at('expires_at'),
    price: numeric('price', { precision: 14, scale: 4, mode: 'number' }),
    currency: text('currency'),
    country: text('country'),
    refundedAt: at('refunded_at'),
    revokedAt: at('revoked_at'),
    /** The store's time of what the row says: an older statement arriving late changes nothing. */
    lastEventAt: at('last_event_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('transactions_app_store_id_key').on(t.appId, t.storeTransactionId),
    index('transactions_project_purchased_idx').on(t.projectId, t.purchasedAt, t.id),
    index('transactions_project_price_idx').on(t.projectId, t.price, t.id),
    index('transactions_project_store_idx').on(t.projectId, t.store, t.purchasedAt, t.id),
    index('transactions_project_status_idx').on(t.projectId, t.status, t.purchasedAt, t.id),
    index('transactions_project_product_idx').on(t.projectId, t.productId, t.purchasedAt, t.id),
    index('transactions_project_store_tx_idx').on(t.projectId, t.storeTransactionId),
    index('transactions_project_original_idx').on(t.projectId, t.originalTransactionId),
    index('transactions_customer_idx').on(t.customerId, t.purchasedAt, t.id),
    index('transactions_subscription_idx').on(t.subscriptionId, t.purchasedAt),
  ],
);

/**
 * Manual unlocks: an entitlement granted to a customer by an operator, for a period, with a reason.
 * Above the requester's role limits (unlock_policies) it is `pending` until a second person decides;
 * the period starts when it is granted. Every change is in the audit log (entity `manualUnlock`).
 */
export const manualUnlocks = pgTable(
  'manual_unlocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    entitlementId: uuid('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    durationCount: integer('duration_count').notNull(),
    durationUnit: text('duration_unit', { enum: ['hour', 'day', 'week', 'twoWeeks', 'month', 'year'] }).notNull(),
    reasonCode: text('reason_code').notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: ['pending', 'granted', 'rejected', 'revoked'] }).notNull(),
    approvalReasons: jsonb('approval_reasons').$type<string[]>().notNull().default([]),
    startsAt: at('starts_at'),
    expiresAt: at('expires_at'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedByName: text('revoked_by_name'),
    revokedAt: at('revoked_at'),
    revokeNote: text('revoke_note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('manual_unlocks_project_requested_idx').on(t.projectId, t.requestedAt, t.id),
    index('manual_unlocks_customer_idx').on(t.customerId, t.requestedAt),
    index('manual_unlocks_requester_day_idx').on(t.projectId, t.requestedBy, t.requestedAt),
    check('manual_unlocks_duration', sql`${t.durationCount} >= 1`),
  ],
);

/**
 * What gives a customer access: a store subscription's or purchase's period (`store`: app and
 * product id, resolved to entitlements through the project's SKUs as they are when asked), or a
 * manual unlock (`manual`: its entitlement). Active at `t` when `starts_at <= t`, `expires_at` is
 * null or later, and it has not ended early (`ended_at`: refund, revocation, billing retry, revoked
 * unlock). One row per subscription, per non-subscription transaction and per granted unlock.
 */
export const entitlementGrants = pgTable(
  'entitlement_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['store', 'manual'] }).notNull(),
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    productId: text('product_id'),
    entitlementId: uuid('entitlement_id').references(() => entitlements.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    unlockId: uuid('unlock_id').references(() => manualUnlocks.id, { onDelete: 'cascade' }),
    /** A store grant's environment: a sandbox one counts only for the app's sandbox testers (entitlements.ts). */
    environment: text('environment', { enum: ['production', 'sandbox'] }).notNull().default('production'),
    startsAt: at('starts_at').notNull(),
    expiresAt: at('expires_at'),
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('entitlement_grants_subscription_key').on(t.subscriptionId).where(sql`${t.subscriptionId} is not null`),
    uniqueIndex('entitlement_grants_transaction_key').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    uniqueIndex('entitlement_grants_unlock_key').on(t.unlockId).where(sql`${t.unlockId} is not null`),
    index('entitlement_grants_customer_idx').on(t.customerId),
    index('entitlement_grants_project_product_idx').on(t.projectId, t.appId, t.productId),
    index('entitlement_grants_project_entitlement_idx').on(t.projectId, t.entitlementId),
    check(
      'entitlement_grants_source',
      sql`(${t.source} = 'store' and ${t.appId} is not null and ${t.productId} is not null and ${t.entitlementId} is null) or (${t.source} = 'manual' and ${t.entitlementId} is not null and ${t.unlockId} is not null)`,
    ),
  ],
);

/**
 * A project's manual unlock limits per member role (contract `unlockRoleLimitsSchema`), versioned.
 * No row: the defaults, version 1. Unlocks lock this row while they count the day's unlocks, so two
 * at once cannot both pass a limit.
 */
export const unlockPolicies = pgTable('unlock_policies', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  limits: jsonb('limits').$type<Record<string, { maxDays: number; perDay: number }>>(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Saved user segments (contract `segmentDefinitionSchema`): rules over customers' attributes and
 * behaviour, counted live (domains/commerce/segments.ts). Names are unique per project, ignoring case.
 */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    match: text('match', { enum: ['all', 'any'] }).notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('segments_project_name_key').on(t.projectId, sql`lower(${t.name})`)],
);
