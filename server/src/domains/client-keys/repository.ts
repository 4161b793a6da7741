import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { CLIENT_KEYS_ACTIVE_MAX, type ClientKey, type ClientKeyCreated } from '@contract/api/client-keys';
import { ErrorCode } from '@contract/errors';
import type { Database } from '../../db/client';
import { apps, clientKeys, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import { newClientKey } from './keys';

const columns = {
  id: clientKeys.id,
  label: clientKeys.label,
  prefix: clientKeys.prefix,
  createdAt: clientKeys.createdAt,
  createdById: clientKeys.createdBy,
  createdByName: users.name,
  revokedAt: clientKeys.revokedAt,
  lastUsedAt: clientKeys.lastUsedAt,
};

type KeyRow = {
  readonly id: string;
  readonly label: string;
  readonly prefix: string;
  readonly createdAt: Date;
  readonly createdById: string | null;
  readonly createdByName: string | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
};

function toView(row: KeyRow): ClientKey {
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * All SQL of client keys. Every key belongs to one app of one project: an app that is not the
 * project's is 102020 (AppNotFound), a key that is not the app's 108002 (DataMissing). Changes write
 * their audit row (entity `clientKey`) in their own transaction; the rows hold the key's view, never
 * the key.
 */
export class ClientKeysRepository {
  constructor(private readonly db: Database) {}

  /** The app's keys, newest first, revoked ones included (also for an app in the trash). */
  async list(projectId: string, appId: string): Promise<ClientKey[]> {
    await this.requireApp(this.db, projectId, appId, { live: false, lock: false });
    const rows = await this.db
      .select(columns)
      .from(clientKeys)
      .leftJoin(users, eq(users.id, clientKeys.createdBy))
      .where(and(eq(clientKeys.appId, appId), eq(clientKeys.projectId, projectId)))
      .orderBy(desc(clientKeys.createdAt), desc(clientKeys.id));
    return rows.map(toView);
  }

  /**
   * Issues a key for a live app of the project and answers it with the key, this once. The app's row
   * is locked meanwhile, so two creates cannot both pass the limit of active keys.
   */
  async create(context: ChangeContext, appId: string, label: string): Promise<ClientKeyCreated> {
    return this.db.transaction(async (tx) => {
      await this.requireApp(tx, context.projectId, appId, { live: true, lock: true });
      const [active] = await tx
        .select({ n: count() })
        .from(clientKeys)
        .where(and(eq(clientKeys.appId, appId), isNull(clientKeys.revokedAt)));
      if ((active?.n ?? 0) >= CLIENT_KEYS_ACTIVE_MAX) {
        throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { label: { key: 'validation.itemsMax', params: { max: CLIENT_KEYS_ACTIVE_MAX } } } });
      }
      const { key, keyHash, prefix } = newClientKey();
      const [inserted] = await tx
        .insert(clientKeys)
        .values({ projectId: context.projectId, appId, label, prefix, keyHash, createdBy: context.actor.id, createdAt: context.now })
        .returning({ id: clientKeys.id });
      const view = await this.view(tx, (inserted as { id: string }).id);
      await writeAudit(tx, context, { entity: 'clientKey', entityId: view.id, action: 'create', before: null, after: { ...view, appId } });
      return { ...view, key };
    });
  }

  /** Revokes one of the app's keys; a revoked key is answered as it is, with no new audit row. */
  async revoke(context: ChangeContext, appId: string, keyId: string): Promise<ClientKey> {
    return this.db.transaction(async (tx) => {
      await this.requireApp(tx, context.projectId, appId, { live: false, lock: false });
      const [row] = await tx
        .select({ id: clientKeys.id, revokedAt: clientKeys.revokedAt })
        .from(clientKeys)
        .where(and(eq(clientKeys.id, keyId), eq(clientKeys.appId, appId), eq(clientKeys.projectId, context.projectId)))
        .for('update');
      if (!row) throw new AppError(ErrorCode.DataMissing);
      const before = await this.view(tx, keyId);
      if (row.revokedAt) return before;
      await tx.update(clientKeys).set({ revokedAt: context.now }).where(eq(clientKeys.id, keyId));
      const after = await this.view(tx, keyId);
      await writeAudit(tx, context, { entity: 'clientKey', entityId: keyId, action: 'revoke', before: { ...before, appId }, after: { ...after, appId } });
      return after;
    });
  }

  private async view(db: Database, keyId: string): Promise<ClientKey> {
    const [row] = await db.select(columns).from(clientKeys).leftJoin(users, eq(users.id, clientKeys.createdBy)).where(eq(clientKeys.id, keyId)).limit(1);
    if (!row) throw new AppError(ErrorCode.DataMissing);
    return toView(row);
  }

  /** Refuses an app that is not the project's (or, with `live`, is in the trash) with 102020. */
  private async requireApp(db: Database, projectId: string, appId: string, options: { live: boolean; lock: boolean }): Promise<void> {
    const query = db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.projectId, projectId), options.live ? isNull(apps.deletedAt) : undefined))
      .limit(1);
    const rows = options.lock ? await query.for('update') : await query;
    if (rows.length === 0) throw new AppError(ErrorCode.AppNotFound);
  }
}
