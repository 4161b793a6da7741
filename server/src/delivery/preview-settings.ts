import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DeliverySettings, PreviewLink, PreviewLinkCreate, PreviewLinkCreated, PreviewLinkResolved } from '@contract/api/preview';
import { ErrorCode } from '@contract/errors';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/client';
import { apps, deliverySettings, previewLinks, users } from '../db/schema';
import { AppError } from '../errors';
import { changeContextOf } from '../http/project-context';
import { registerRoute } from '../http/register-route';
import { writeAudit, type ChangeContext } from '../resources/audit';
import type { DomainModule } from '../domains/module';
import type { ConfigChanges } from './changes';
import { signPreviewToken, verifyPreviewToken } from './preview-tokens';

/** What the sealed pre-release password is bound to (SecretBox associated data). */
export const PREVIEW_PASSWORD_PURPOSE = 'delivery.previewPassword';
/** What the preview links' signing key is derived for. */
export const PREVIEW_LINK_KEY_PURPOSE = 'delivery.previewLinks';
/** The key of the pre-release password's HMAC in the compiled project and its copy on disk. */
export const PREVIEW_PASSWORD_DIGEST_PURPOSE = 'delivery.previewPasswordDigest';

/**
 * The URL a test phone opens for a preview link: the app's own scheme (`pc-` and its bundle id or
 * package name, as the SDK registers it; docs/delivery-api.md) with the delivery server and the token.
 */
export function previewLinkUrl(packageName: string, server: string, token: string): string {
  const scheme = `pc-${packageName.toLowerCase().replace(/_/g, '-')}`;
  return `${scheme}://palette-preview?server=${encodeURIComponent(server)}&token=${encodeURIComponent(token)}`;
}

/**
 * The project's delivery settings (the pre-release password) and its apps' preview links. Every
 * change writes its audit row and then tells the delivery API (ConfigChanges), which recompiles the
 * project: a new password or a revoked link counts at once, in every server process.
 */
export class PreviewRepository {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  async settings(projectId: string): Promise<DeliverySettings> {
    const [row] = await this.db
      .select({ password: deliverySettings.previewPassword, version: deliverySettings.version, updatedAt: deliverySettings.updatedAt, byId: deliverySettings.updatedBy, byName: users.name })
      .from(deliverySettings)
      .leftJoin(users, eq(users.id, deliverySettings.updatedBy))
      .where(eq(deliverySettings.projectId, projectId));
    if (!row) return { previewPassword: null, version: 1, updatedAt: null, updatedBy: null };
    return {
      previewPassword: row.password ? this.box.open(row.password, PREVIEW_PASSWORD_PURPOSE) : null,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.byId ? { id: row.byId, name: row.byName ?? '' } : null,
    };
  }

  /** Sets or clears the password; 108007 when `version` is not the current one (1 before any change). */
  async updateSettings(context: ChangeContext, previewPassword: string | null, version: number): Promise<DeliverySettings> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ version: deliverySettings.version }).from(deliverySettings).where(eq(deliverySettings.projectId, context.projectId)).for('update');
      const current = row?.version ?? 1;
      if (version !== current) throw new AppError(ErrorCode.VersionConflict);
      const values = {
        previewPassword: previewPassword === null ? null : this.box.seal(previewPassword, PREVIEW_PASSWORD_PURPOSE),
        version: current + 1,
        updatedBy: context.actor.id,
        updatedAt: context.now,
      };
      if (row) await tx.update(deliverySettings).set(values).where(eq(deliverySettings.projectId, context.projectId));
      else await tx.insert(deliverySettings).values({ projectId: context.projectId, ...values });
      // The audit row says whether a password is set, never the password.
      await writeAudit(tx, context, {
        entity: 'deliverySettings',
        entityId: context.projectId,
        action: 'update',
        before: { previewPassword: row ? 'unknown' : null, version: current },
        after: { previewPassword: previewPassword === null ? null : 'set', version: current + 1 },
      });
    });
    return this.settings(context.projectId);
  }

  async links(projectId: string, appId: string): Promise<PreviewLink[]> {
    await this.requireApp(projectId, appId, false);
    const rows = await this.db
      .select(linkColumns)
      .from(previewLinks)
      .where(and(eq(previewLinks.projectId, projectId), eq(previewLinks.appId, appId)))
      .orderBy(desc(previewLinks.createdAt), desc(previewLinks.id));
    return rows.map(linkView);
  }

  /** Makes a link for a live app of the project; its token and URL are answered this once. */
  async createLink(context: ChangeContext, appId: string, input: PreviewLinkCreate, server: string): Promise<PreviewLinkCreated> {
    const app = await this.requireApp(context.projectId, appId, true);
    const expiresAt = new Date(context.now.getTime() + input.expiresInHours * 3_600_000);
    const view = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(previewLinks)
        .values({ projectId: context.projectId, appId, reviewer: input.reviewer, expiresAt, createdBy: context.actor.id, createdByName: context.actor.name, createdAt: context.now })
        .returning(linkColumns);
      const created = linkView(row as LinkRow);
      await writeAudit(tx, context, { entity: 'previewLink', entityId: created.id, action: 'create', before: null, after: { ...created, appId } });
      return created;
    });
    const token = signPreviewToken(this.box.deriveKey(PREVIEW_LINK_KEY_PURPOSE), { linkId: view.id, projectId: context.projectId, appId, expiresAt });
    return { ...view, token, url: previewLinkUrl(app.packageName, server, token) };
  }

  /** What a token names: its link, app and state; 100204 when this server did not sign it for this app. */
  async resolveLink(projectId: string, appId: string, token: string, server: string, now: Date): Promise<PreviewLinkResolved> {
    const app = await this.requireApp(projectId, appId, false);
    // Checked as of the epoch: expiry is a state shown here, not a refusal.
    const check = verifyPreviewToken(this.box.deriveKey(PREVIEW_LINK_KEY_PURPOSE), token, new Date(0));
    if (!check.ok || check.claims.projectId !== projectId || check.claims.appId !== appId) throw new AppError(ErrorCode.SignatureInvalid);
    const [row] = await this.db
      .select({ ...linkColumns, appName: apps.name })
      .from(previewLinks)
      .innerJoin(apps, eq(apps.id, previewLinks.appId))
      .where(and(eq(previewLinks.id, check.claims.linkId), eq(previewLinks.appId, appId), eq(previewLinks.projectId, projectId)));
    if (!row) throw new AppError(ErrorCode.SignatureInvalid);
    const state = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
    return { link: linkView(row), appName: row.appName, state, url: previewLinkUrl(app.packageName, server, token) };
  }

  /** Revokes a link of the app; one already revoked is answered as it is. 108002 for a link not the app's. */
  async revokeLink(context: ChangeContext, appId: string, linkId: string): Promise<PreviewLink> {
    await this.requireApp(context.projectId, appId, false);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select(linkColumns)
        .from(previewLinks)
        .where(and(eq(previewLinks.id, linkId), eq(previewLinks.appId, appId), eq(previewLinks.projectId, context.projectId)))
        .for('update');
      if (!row) throw new AppError(ErrorCode.DataMissing);
      const before = linkView(row);
      if (row.revokedAt) return before;
      const [updated] = await tx.update(previewLinks).set({ revokedAt: context.now }).where(eq(previewLinks.id, linkId)).returning(linkColumns);
      const after = linkView(updated as LinkRow);
      await writeAudit(tx, context, { entity: 'previewLink', entityId: linkId, action: 'revoke', before: { ...before, appId }, after: { ...after, appId } });
      return after;
    });
  }

  private async requireApp(projectId: string, appId: string, live: boolean): Promise<{ packageName: string }> {
    const [row] = await this.db
      .select({ packageName: apps.packageName, deletedAt: apps.deletedAt })
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.projectId, projectId)))
      .limit(1);
    if (!row || (live && row.deletedAt)) throw new AppError(ErrorCode.AppNotFound);
    return row;
  }
}

const linkColumns = {
  id: previewLinks.id,
  reviewer: previewLinks.reviewer,
  expiresAt: previewLinks.expiresAt,
  createdAt: previewLinks.createdAt,
  createdBy: previewLinks.createdBy,
  createdByName: previewLinks.createdByName,
  revokedAt: previewLinks.revokedAt,
};

interface LinkRow {
  readonly id: string;
  readonly reviewer: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
  readonly createdBy: string | null;
  readonly createdByName: string | null;
  readonly revokedAt: Date | null;
}

function linkView(row: LinkRow): PreviewLink {
  return {
    id: row.id,
    reviewer: row.reviewer,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The console's routes of the preview environment (contract/api/preview.ts). */
export function registerPreviewRoutes(
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: () => Date; readonly box: SecretBox; readonly configChanges: ConfigChanges; readonly deliveryUrl?: string | undefined },
): void {
  const repository = new PreviewRepository(deps.db, deps.box);
  const changed = <T>(projectId: string, value: T): T => {
    deps.configChanges.emit(projectId);
    return value;
  };
  registerRoute(app, 'deliverySettings.get', ({ params }) => repository.settings(params.projectId));
  registerRoute(app, 'deliverySettings.update', async ({ request, body }) => {
    const context = changeContextOf(request, deps.clock);
    return changed(context.projectId, await repository.updateSettings(context, body.previewPassword, body.version));
  });
  registerRoute(app, 'previewLinks.list', ({ params }) => repository.links(params.projectId, params.id));
  registerRoute(app, 'previewLinks.create', async ({ request, params, body }) => {
    const server = deps.deliveryUrl ?? `${request.protocol}://${request.host}`;
    return repository.createLink(changeContextOf(request, deps.clock), params.id, body, server);
  });
  registerRoute(app, 'previewLinks.resolve', async ({ request, params, body }) =>
    repository.resolveLink(params.projectId, params.id, body.token, deps.deliveryUrl ?? `${request.protocol}://${request.host}`, deps.clock()),
  );
  registerRoute(app, 'previewLinks.revoke', async ({ request, params }) => {
    const context = changeContextOf(request, deps.clock);
    return changed(context.projectId, await repository.revokeLink(context, params.id, params.linkId));
  });
}

/** The preview environment's console side as a domain module. */
export const previewDomain: DomainModule = {
  name: 'preview',
  register: (app, deps) => registerPreviewRoutes(app, { db: deps.db, clock: deps.clock, box: deps.box, configChanges: deps.configChanges, deliveryUrl: deps.deliveryUrl }),
};
