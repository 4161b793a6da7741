import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FieldErrors } from '@contract/envelope';
import { kindReferenceTargets, missingReferenceCodes, missingReferenceKeys, type ConfigReferenceTarget, type ReferenceValue } from '@contract/config';
import type { Database } from '../db/client';
import { configItems, countries, languages, segments, skus } from '../db/schema';

/**
 * Checks what a document's fields refer to (contract/config/define-kind.ts `references`): SKUs of
 * the project on a platform, the project's region groups and user segments, the global country
 * and language lists, and items of kinds that are reference targets (`kindReferenceTargets`: a
 * content type by its code), found by their unique key among the project's items not in the trash.
 * One query per target, whatever the number of values, and no kind-specific code: a new kind that
 * refers to SKUs declares the path and gets the check.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Resolver = (db: Database, projectId: string, values: readonly ReferenceValue[]) => Promise<ReadonlySet<string>>;

/** The key a value is found under: SKUs are per platform. */
const keyOf = (value: ReferenceValue) => (value.target === 'sku' ? `${value.platform ?? ''}:${value.value}` : value.value);

/** Items of `kind` whose unique key (lower-cased on save) is one of the values. */
const byUniqueKey =
  (kind: string): Resolver =>
  async (db, projectId, values) => {
    const keys = [...new Set(values.map((v) => v.value.trim().toLowerCase()))];
    const rows = await db
      .select({ key: configItems.uniqueKey })
      .from(configItems)
      .where(and(eq(configItems.projectId, projectId), eq(configItems.kind, kind), isNull(configItems.deletedAt), inArray(configItems.uniqueKey, keys)));
    const found = new Set(rows.map((row) => row.key));
    return new Set(values.filter((v) => found.has(v.value.trim().toLowerCase())).map((v) => v.value));
  };

const resolvers: { readonly [T in ConfigReferenceTarget]: Resolver } = {
  type: byUniqueKey(kindReferenceTargets.type),
  async sku(db, projectId, values) {
    const ids = [...new Set(values.map((v) => v.value))];
    const rows = await db
      .select({ platform: skus.platform, productId: skus.storeProductId })
      .from(skus)
      .where(and(eq(skus.projectId, projectId), isNull(skus.deletedAt), inArray(skus.storeProductId, ids)));
    return new Set(rows.map((row) => `${row.platform}:${row.productId}`));
  },
  async regionGroup(db, projectId, values) {
    const ids = [...new Set(values.map((v) => v.value).filter((v) => UUID.test(v)))];
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: configItems.id })
      .from(configItems)
      .where(and(eq(configItems.projectId, projectId), eq(configItems.kind, 'regionGroups'), isNull(configItems.deletedAt), inArray(configItems.id, ids)));
    return new Set(rows.map((row) => row.id));
  },
  async segment(db, projectId, values) {
    const ids = [...new Set(values.map((v) => v.value).filter((v) => UUID.test(v)))];
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.projectId, projectId), inArray(segments.id, ids)));
    return new Set(rows.map((row) => row.id));
  },
  async country(db, _projectId, values) {
    const codes = [...new Set(values.map((v) => v.value.toUpperCase()))];
    const rows = await db.select({ code: countries.code }).from(countries).where(inArray(sql`upper(${countries.code})`, codes));
    const found = new Set(rows.map((row) => row.code.toUpperCase()));
    return new Set(values.filter((v) => found.has(v.value.toUpperCase())).map((v) => v.value));
  },
  async language(db, _projectId, values) {
    const codes = [...new Set(values.map((v) => v.value.toLowerCase()))];
    const rows = await db.select({ code: languages.code }).from(languages).where(inArray(sql`lower(${languages.code})`, codes));
    const found = new Set(rows.map((row) => row.code.toLowerCase()));
    return new Set(values.filter((v) => found.has(v.value.toLowerCase())).map((v) => v.value));
  },
};

/** The references that name nothing, as field errors by path, and the refusal code of the first. */
export async function missingReferences(db: Database, projectId: string, values: readonly ReferenceValue[]): Promise<{ fieldErrors: FieldErrors; code: number | null }> {
  const fieldErrors: FieldErrors = {};
  let code: number | null = null;
  const targets = [...new Set(values.map((v) => v.target))];
  for (const target of targets) {
    const ofTarget = values.filter((v) => v.target === target);
    const found = await resolvers[target](db, projectId, ofTarget);
    for (const value of ofTarget) {
      if (found.has(keyOf(value))) continue;
      fieldErrors[value.path] = { key: missingReferenceKeys[target], params: { value: value.value } };
      code ??= missingReferenceCodes[target];
    }
  }
  return { fieldErrors, code };
}
