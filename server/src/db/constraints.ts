import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ErrorCode } from '@contract/errors';
import type { FieldErrors } from '@contract/envelope';
import { servedResources, type ServedResource } from '@contract/resources';
import { uniqueIndexName } from './resource-indexes';

/** What a unique violation of one index means to the caller: a catalogue code and the fields at fault. */
export interface UniqueMeaning {
  readonly code: number;
  readonly fields: readonly string[];
}

/**
 * The unique indexes of server/src/db/schema.ts that are not a resource's `uniqueBy`, and the refusal
 * each stands for.
 *
 * Duplicates are refused by the database (partial indexes that leave out trashed rows), not by a
 * read-then-write check that two requests could both pass; the error handler turns the violation
 * (SQLSTATE 23505) into the spec's code with a `validation.duplicate` field error. An index missing
 * here still answers 108001 ContentExists, never a 500.
 */
const otherMeanings: Readonly<Record<string, UniqueMeaning>> = {
  users_email_key: { code: ErrorCode.EmailAlreadyRegistered, fields: ['email'] },
  projects_name_key: { code: ErrorCode.ProjectNameDuplicate, fields: ['name'] },
  project_members_pkey: { code: ErrorCode.AlreadyMember, fields: ['userId'] },
  invitations_pending_key: { code: ErrorCode.InvitationRepeated, fields: ['email'] },
  entitlement_skus_pkey: { code: ErrorCode.AlreadyLinked, fields: ['skuId'] },
  team_members_pkey: { code: ErrorCode.TeamMemberExists, fields: ['userId'] },
  team_apps_pkey: { code: ErrorCode.AlreadyLinked, fields: ['appId'] },
  role_users_pkey: { code: ErrorCode.AlreadyLinked, fields: ['userId'] },
};

/**
 * The meaning of a resource's unique index (db/resource-indexes.ts), from its declaration: the rule's
 * code or the resource's `exists`, and the rule's fields an operator can still change (a SKU's app is
 * fixed at creation, so a duplicate SKU points at its product id), or all of them when none can.
 */
function resourceMeanings(resource: ServedResource): Array<[string, UniqueMeaning]> {
  return resource.uniqueBy.map((rule) => {
    const editable = rule.fields.filter((field) => !resource.fields[field]?.readOnly);
    return [uniqueIndexName(resource, rule), { code: rule.code ?? resource.wiring.exists, fields: editable.length > 0 ? editable : rule.fields }];
  });
}

/** Every unique index of the schema with its refusal: the resources' derived, the rest listed above. */
export const uniqueMeanings: Readonly<Record<string, UniqueMeaning>> = {
  ...Object.fromEntries(servedResources.flatMap(resourceMeanings)),
  ...otherMeanings,
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
