import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';

/** What a unique violation of one index means to the caller: a catalogue code and the fields at fault. */
export interface UniqueMeaning {
  readonly code: number;
  readonly fields: readonly string[];
}

/**
 * The unique indexes of server/src/db/schema.ts and the refusal each stands for.
 *
 * Duplicates are refused by the database (partial indexes that leave out trashed rows), not by a
 * read-then-write check that two requests could both pass; the error handler turns the violation
 * (SQLSTATE 23505) into the spec's code with a `validation.duplicate` field error. An index missing
 * here still answers 108001 ContentExists, never a 500.
 */
export const uniqueMeanings: Readonly<Record<string, UniqueMeaning>> = {
  users_email_key: { code: ErrorCode.EmailAlreadyRegistered, fields: ['email'] },
  projects_name_key: { code: ErrorCode.ProjectNameDuplicate, fields: ['name'] },
  project_members_pkey: { code: ErrorCode.AlreadyMember, fields: ['userId'] },
  invitations_pending_key: { code: ErrorCode.InvitationRepeated, fields: ['email'] },
  apps_package_name_key: { code: ErrorCode.PackageNameDuplicate, fields: ['packageName'] },
  apps_project_name_key: { code: ErrorCode.AppNameDuplicate, fields: ['name'] },
  skus_app_product_key: { code: ErrorCode.SkuExists, fields: ['storeProductId'] },
  entitlements_project_identifier_key: { code: ErrorCode.EntitlementExists, fields: ['identifier'] },
  offerings_project_identifier_key: { code: ErrorCode.OfferingExists, fields: ['identifier'] },
  entitlement_skus_pkey: { code: ErrorCode.AlreadyLinked, fields: ['skuId'] },
  webhooks_project_url_key: { code: ErrorCode.ContentExists, fields: ['url'] },
  teams_project_name_key: { code: ErrorCode.TeamExists, fields: ['name'] },
  team_members_pkey: { code: ErrorCode.TeamMemberExists, fields: ['userId'] },
  team_apps_pkey: { code: ErrorCode.AlreadyLinked, fields: ['appId'] },
  roles_project_name_key: { code: ErrorCode.RoleExists, fields: ['name'] },
  role_users_pkey: { code: ErrorCode.AlreadyLinked, fields: ['userId'] },
};

/** The code and field errors of a unique violation of the named constraint. */
export function uniqueRefusal(constraint: string | undefined): { code: number; fieldErrors?: FieldErrors } {
  const meaning = constraint ? uniqueMeanings[constraint] : undefined;
  if (!meaning) return { code: ErrorCode.ContentExists };
  return { code: meaning.code, fieldErrors: Object.fromEntries(meaning.fields.map((field) => [field, { key: 'validation.duplicate' }])) };
}

/** SQLSTATE and constraint of a database error, looking through drizzle's wrapper. */
export function databaseErrorDetail(error: unknown): { sqlState?: string; constraint?: string } {
  const inner = error instanceof DrizzleQueryError ? error.cause : error;
  if (typeof inner !== 'object' || inner === null) return {};
  const { code, constraint } = inner as { code?: unknown; constraint?: unknown };
  return {
    ...(typeof code === 'string' ? { sqlState: code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
  };
}
