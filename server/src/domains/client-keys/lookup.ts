import { and, eq, isNull } from 'drizzle-orm';
import { clientKeyPattern } from '@contract/api/client-keys';
import type { Platform } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { apps, clientKeys } from '../../db/schema';
import { hashClientKey } from './keys';

/** What a presented client key stands for: the key, its app and project, and the app's platform. */
export interface ActiveClientKey {
  readonly keyId: string;
  readonly appId: string;
  readonly projectId: string;
  readonly platform: Platform;
}

/**
 * The query behind `findActiveClientKey`, given the hash of a presented key: one statement that finds
 * the key by the unique index of its hash (`client_keys_key_hash_key`) and joins its app by primary
 * key. Exported so a test can ask the database for its plan.
 */
export function activeClientKeyQuery(db: Database, keyHash: string) {
  return db
    .select({ keyId: clientKeys.id, appId: clientKeys.appId, projectId: clientKeys.projectId, platform: apps.platform })
    .from(clientKeys)
    .innerJoin(apps, eq(apps.id, clientKeys.appId))
    .where(and(eq(clientKeys.keyHash, keyHash), isNull(clientKeys.revokedAt), isNull(apps.deletedAt)))
    .limit(1);
}

/**
 * The active key a client presents, or null: unknown, revoked, or of an app in the trash. For the
 * delivery API (issue 10), on every request: something that cannot be a key is refused without a
 * query; a key is looked up by its SHA-256 in one indexed query (`activeClientKeyQuery`).
 */
export async function findActiveClientKey(db: Database, key: string): Promise<ActiveClientKey | null> {
  if (!clientKeyPattern.test(key)) return null;
  const [row] = await activeClientKeyQuery(db, hashClientKey(key));
  return row ?? null;
}
