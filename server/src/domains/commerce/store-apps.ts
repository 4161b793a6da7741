import { and, desc, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { StoreSettings, StoreSettingsUpdate } from '@contract/api/commerce';
import type { Platform, StoreCredentialsInput } from '@contract/resources/projects';
import type { SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/client';
import { appSecrets, apps, storeEvents, storeSettings, users } from '../../db/schema';
import { AppError } from '../../errors';
import { writeAudit, type ChangeContext } from '../../resources/audit';
import type { AppleApp, AppleKey } from './stores/apple';
import type { GoogleServiceAccount, PushIdentity } from './stores/google';

/**
 * An app as the commerce domain needs it: its identity and platform, how its notifications are
 * checked (store_settings) and, only when a store call needs them, its store credentials, opened
 * from the app secrets the app settings keep (sealed with the secret box, `app:<id>:store`).
 */
export interface StoreApp extends AppleApp {
  readonly id: string;
  readonly projectId: string;
  readonly platform: Platform;
  readonly packageName: string;
  /** A Google app's push authentication as its saved settings say, or null (off, or never saved). */
  readonly googlePush: PushIdentity | null;
  /** Whether the app's store settings were ever saved (a new app's are not: its defaults apply). */
  readonly settingsSaved: boolean;
  /** The app user ids whose sandbox purchases give entitlements. */
  readonly sandboxTesters: readonly string[];
}

/** The path each store posts to for an app. */
export function notificationPath(appId: string, platform: Platform): string {
  return `/hooks/${platform === 'ios' ? 'apple' : 'google'}/${appId}`;
}

/** An app that is not in the trash, by id (within a project when one is given); null when there is none. */
export async function findStoreApp(db: Database, appId: string, projectId?: string): Promise<StoreApp | null> {
  const [row] = await db
    .select({
      id: apps.id,
      projectId: apps.projectId,
      platform: apps.platform,
      packageName: apps.packageName,
      appleAppId: storeSettings.appleAppId,
      acceptSandbox: storeSettings.acceptSandbox,
      sandboxTesters: storeSettings.sandboxTesters,
      settingsAppId: storeSettings.appId,
      googlePushEmail: storeSettings.googlePushEmail,
      googlePushAudience: storeSettings.googlePushAudience,
    })
    .from(apps)
    .leftJoin(storeSettings, eq(storeSettings.appId, apps.id))
    .where(and(eq(apps.id, appId), isNull(apps.deletedAt), projectId ? eq(apps.projectId, projectId) : undefined));
  if (!row) return null;
  return {
    id: row.id,
    projectId: row.projectId,
    platform: row.platform,
    packageName: row.packageName,
    bundleId: row.packageName,
    appleAppId: row.appleAppId ?? null,
    // A new app's defaults (issue 18): no sandbox data, push authentication by its Play service account.
    acceptSandbox: row.acceptSandbox ?? false,
    sandboxTesters: row.sandboxTesters ?? [],
    settingsSaved: row.settingsAppId !== null,
    googlePush: row.googlePushEmail ? { email: row.googlePushEmail, audience: row.googlePushAudience ?? null } : null,
  };
}

/** The app of a project route, or 102020. */
export async function requireStoreApp(db: Database, projectId: string, appId: string): Promise<StoreApp> {
  const app = await findStoreApp(db, appId, projectId);
  if (!app) throw new AppError(ErrorCode.AppNotFound);
  return app;
}

/** The app's store credentials, opened; 102013 when none are set. */
async function credentialsOf(db: Database, box: SecretBox, appId: string): Promise<StoreCredentialsInput> {
  const [row] = await db
    .select({ ciphertext: appSecrets.ciphertext })
    .from(appSecrets)
    .where(and(eq(appSecrets.appId, appId), eq(appSecrets.kind, 'store')));
  if (!row) throw new AppError(ErrorCode.CredentialFileMissing);
  return JSON.parse(box.open(row.ciphertext, `app:${appId}:store`)) as StoreCredentialsInput;
}

/** The App Store Connect key of an iOS app (102013 without one). */
export async function appleKeyOf(db: Database, box: SecretBox, appId: string): Promise<AppleKey> {
  const credentials = await credentialsOf(db, box, appId);
  if (credentials.kind !== 'appStoreConnect') throw new AppError(ErrorCode.CredentialFileMissing);
  return { keyId: credentials.keyId, issuerId: credentials.issuerId, privateKey: credentials.privateKey };
}

/** The Google service account of an Android app (102013 without one). */
export async function serviceAccountOf(db: Database, box: SecretBox, appId: string): Promise<GoogleServiceAccount> {
  const credentials = await credentialsOf(db, box, appId);
  if (credentials.kind !== 'googleServiceAccount') throw new AppError(ErrorCode.CredentialFileMissing);
  const parsed = JSON.parse(credentials.serviceAccountJson) as GoogleServiceAccount;
  return { client_email: parsed.client_email, private_key: parsed.private_key };
}

/**
 * The push authentication a Google app asks for: its saved settings' service account (and
 * audience, when set); for an app whose store settings were never saved (a new app), the service
 * account of its Play credentials, so a new app takes only pushes Google signs for that account.
 * Null while it is off (saved without an account, or a new app without credentials).
 */
export async function effectivePushIdentity(db: Database, box: SecretBox | null, app: StoreApp): Promise<PushIdentity | null> {
  if (app.googlePush || app.settingsSaved || box === null) return app.googlePush;
  try {
    return { email: (await serviceAccountOf(db, box, app.id)).client_email, audience: null };
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.CredentialFileMissing) return null;
    throw error;
  }
}

/** Reads and changes an app's store settings. */
export class StoreSettingsRepository {
  constructor(
    private readonly db: Database,
    /** Null where credentials are never opened (the demo data, which has none). */
    private readonly box: SecretBox | null,
  ) {}

  async get(projectId: string, appId: string): Promise<StoreSettings> {
    const app = await requireStoreApp(this.db, projectId, appId);
    const [settings] = await this.db
      .select({ version: storeSettings.version, updatedAt: storeSettings.updatedAt, updatedBy: storeSettings.updatedBy, name: users.name })
      .from(storeSettings)
      .leftJoin(users, eq(users.id, storeSettings.updatedBy))
      .where(eq(storeSettings.appId, appId));
    const [secret] = await this.db
      .select({ kind: appSecrets.kind })
      .from(appSecrets)
      .where(and(eq(appSecrets.appId, appId), eq(appSecrets.kind, 'store')));
    const [last] = await this.db
      .select({ at: storeEvents.receivedAt })
      .from(storeEvents)
      .where(and(eq(storeEvents.projectId, projectId), eq(storeEvents.appId, appId)))
      .orderBy(desc(storeEvents.receivedAt))
      .limit(1);
    const push = app.platform === 'android' ? await effectivePushIdentity(this.db, this.box, app) : null;
    return {
      appId,
      platform: app.platform,
      appleAppId: app.appleAppId,
      acceptSandbox: app.acceptSandbox,
      sandboxTesters: [...app.sandboxTesters],
      googlePushEmail: push?.email ?? null,
      googlePushAudience: push?.audience ?? null,
      googlePushDefault: push !== null && !app.settingsSaved,
      googlePushOpen: app.platform === 'android' && push === null,
      notificationPath: notificationPath(appId, app.platform),
      hasCredentials: secret !== undefined,
      lastEventAt: last ? last.at.toISOString() : null,
      version: settings?.version ?? 1,
      updatedAt: settings ? settings.updatedAt.toISOString() : null,
      updatedBy: settings?.updatedBy ? { id: settings.updatedBy, name: settings.name ?? '' } : null,
    };
  }

  /**
   * Changes the settings based on `version` (108007 when another change came first), audited. The
   * push authentication pair is unchanged when the input leaves both out.
   */
  async update(context: ChangeContext, appId: string, input: Omit<StoreSettingsUpdate, 'version'>, version: number): Promise<StoreSettings> {
    const before = await this.get(context.projectId, appId);
    if (before.version !== version) throw new AppError(ErrorCode.VersionConflict);
    // Left out, the push pair keeps what applies now (a new app's Play service account included).
    const push =
      input.googlePushEmail === undefined && input.googlePushAudience === undefined
        ? { googlePushEmail: before.googlePushEmail, googlePushAudience: before.googlePushAudience }
        : { googlePushEmail: input.googlePushEmail ?? null, googlePushAudience: input.googlePushAudience ?? null };
    const after = { appleAppId: input.appleAppId, acceptSandbox: input.acceptSandbox, sandboxTesters: input.sandboxTesters ?? before.sandboxTesters, ...push };
    await this.db.transaction(async (tx) => {
      const values = { appId, projectId: context.projectId, ...after, updatedBy: context.actor.id, updatedAt: context.now };
      const changed = await tx
        .insert(storeSettings)
        .values({ ...values, version: 2 })
        .onConflictDoUpdate({
          target: storeSettings.appId,
          set: { ...after, updatedBy: context.actor.id, updatedAt: context.now, version: version + 1 },
          setWhere: eq(storeSettings.version, version),
        })
        .returning({ version: storeSettings.version });
      // No row before means version 1; a row inserted by someone else meanwhile fails the check above.
      if (changed.length === 0) throw new AppError(ErrorCode.VersionConflict);
      await writeAudit(tx, context, {
        entity: 'storeSettings',
        entityId: appId,
        action: 'update',
        before: {
          appleAppId: before.appleAppId,
          acceptSandbox: before.acceptSandbox,
          sandboxTesters: before.sandboxTesters,
          googlePushEmail: before.googlePushEmail,
          googlePushAudience: before.googlePushAudience,
        },
        after,
      });
    });
    return this.get(context.projectId, appId);
  }
}
