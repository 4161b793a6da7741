import { randomPassword, type PasswordHasher } from '../auth/passwords';
import { AuthRepository, toUser, type UserRow } from '../auth/repository';
import { hashToken, newSessionToken } from '../auth/tokens';
import type { Database } from '../../db/client';
import { databaseErrorDetail } from '../../db/constraints';
import type { ChangeContext } from '../../resources/audit';
import { ClientKeysRepository } from '../client-keys/repository';
import { createDomains, type DomainDeps } from '../build';
import { INVITATION_TTL_MS } from '../projects/service';
import { ProjectsRepository } from '../projects/repository';
import type { MediaStorage } from '../media/storage';
import { seedDemoConfiguration } from './config-demo';
import { seedDemoCommerce } from './commerce-demo';

/** The demo project's name; also how a second seeding attempt recognizes it. */
export const DEMO_PROJECT_NAME = 'Palette Photo & Video';
/** The demo operator's address. */
export const DEMO_OPERATOR_EMAIL = 'ops@palette.local';

/** The label of the client key each demo app gets. */
export const DEMO_CLIENT_KEY_LABEL = 'Demo';

/**
 * What a seeding made: the project, the demo operator's password when the account is new, and the
 * client key of each demo app (by app name), which only this answer ever holds in full.
 */
export interface DemoResult {
  readonly projectId: string;
  readonly operator: { readonly email: string; readonly password: string | null };
  readonly clientKeys: ReadonlyArray<{ readonly app: string; readonly key: string }>;
}

const skuPlans = [
  { key: 'yearly', name: 'Pro yearly', type: 'subscription', period: 'yearly', price: 59.99 },
  { key: 'monthly', name: 'Pro monthly', type: 'subscription', period: 'monthly', price: 9.99 },
  { key: 'weekly', name: 'Pro weekly', type: 'subscription', period: 'weekly', price: 3.99 },
  { key: 'lifetime', name: 'Pro lifetime', type: 'non_consumable', period: 'permanent', price: 99.99 },
] as const;

/**
 * Fills an empty database with a living demo (the embedded default's first start, DEMO_DATA=1): the
 * project "Palette Photo & Video" owned by `ownerEmail`, an iOS and an Android app with yearly,
 * monthly, weekly and lifetime SKUs, the entitlements pro and ai_credits with their links, two
 * offerings, a webhook, a client key per app ("Demo"), a team, an app role, a second operator
 * (ops@palette.local, an editor who joined through a real invitation), and the configuration of
 * config-demo.ts.
 *
 * Idempotent: nothing happens once any project exists. Everything is created through the same
 * repositories as the API (so it has audit rows) inside one transaction, so a failure leaves no half
 * demo; two servers seeding at once collide on the project's unique name and one of them rolls back.
 */
export async function seedDemoData(db: Database, deps: DomainDeps & { readonly hasher: PasswordHasher; readonly ownerEmail: string; readonly mediaStorage: MediaStorage }): Promise<DemoResult | undefined> {
  if (await new ProjectsRepository(db).any()) return undefined;
  const owner = await new AuthRepository(db).findUserByEmail(deps.ownerEmail);
  if (!owner) return undefined;
  try {
    return await seedInTransaction(db, deps, owner);
  } catch (error) {
    // Another server made the demo first: its project holds the name.
    if (databaseErrorDetail(error).constraint === 'projects_name_key') return undefined;
    throw error;
  }
}

async function seedInTransaction(db: Database, deps: DomainDeps & { readonly hasher: PasswordHasher; readonly mediaStorage: MediaStorage }, owner: UserRow): Promise<DemoResult> {
  return db.transaction(async (tx) => {
    const d = createDomains(tx, deps);
    const now = deps.clock();
    const project = await d.projects.create(toUser(owner), { name: DEMO_PROJECT_NAME, iconUrl: null });
    const context: ChangeContext = { actor: { id: owner.id, name: owner.name }, projectId: project.id, now };

    const ios = await d.catalogRepository.apps.create(context, { platform: 'ios', name: 'Palette iOS', packageName: 'com.palette.photovideo' });
    const android = await d.catalogRepository.apps.create(context, { platform: 'android', name: 'Palette Android', packageName: 'com.palette.photovideo.android' });

    const keys = new ClientKeysRepository(tx);
    const clientKeys: Array<{ app: string; key: string }> = [];
    for (const app of [ios, android]) {
      const { key } = await keys.create(context, app.id, DEMO_CLIENT_KEY_LABEL);
      clientKeys.push({ app: String(app.name), key });
    }

    const skuIds: Record<string, string[]> = { yearly: [], monthly: [], weekly: [], lifetime: [] };
    for (const app of [ios, android]) {
      for (const plan of skuPlans) {
        const sku = await d.catalogRepository.skus.create(context, {
          appId: app.id,
          storeProductId: `palette.pro.${plan.key}`,
          name: plan.name,
          type: plan.type,
          period: plan.period,
          price: plan.price,
          currency: 'USD',
        });
        skuIds[plan.key]?.push(sku.id);
      }
    }

    const pro = await d.catalogRepository.entitlements.create(context, { identifier: 'pro', name: 'Palette Pro', description: 'Every editing feature without watermark.' });
    const credits = await d.catalogRepository.entitlements.create(context, { identifier: 'ai_credits', name: 'AI credits', description: 'Monthly credits for AI effects.' });
    for (const id of Object.values(skuIds).flat()) await d.catalogRepository.linkSku(context, pro.id, id);
    for (const id of skuIds.yearly ?? []) await d.catalogRepository.linkSku(context, credits.id, id);

    await d.catalogRepository.offerings.create(context, {
      identifier: 'default',
      name: 'Default paywall',
      description: 'Yearly first, with monthly and weekly beside it.',
      skuIds: [...(skuIds.yearly ?? []), ...(skuIds.monthly ?? []), ...(skuIds.weekly ?? [])],
    });
    await d.catalogRepository.offerings.create(context, { identifier: 'lifetime', name: 'Lifetime offer', skuIds: skuIds.lifetime ?? [] });

    await d.integrations.create(context, {
      url: 'https://hooks.palette.example/subscriptions',
      events: ['subscription.started', 'subscription.renewed', 'subscription.cancelled', 'refund.issued'],
      description: 'Revenue events for the finance dashboard.',
    });

    const auth = new AuthRepository(tx);
    const existing = await auth.findUserByEmail(DEMO_OPERATOR_EMAIL);
    const password = existing ? null : randomPassword();
    const operator =
      existing ??
      (await auth.insertUser({ email: DEMO_OPERATOR_EMAIL, name: 'Ops Demo', role: 'operator', passwordHash: await deps.hasher.hash(password as string), now }));
    if (!operator) throw new Error('demo operator could not be created');
    const { token } = newSessionToken();
    await d.projectsRepository.createInvitation(context, { email: DEMO_OPERATOR_EMAIL, role: 'editor', codeHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) });
    await d.projectsRepository.acceptInvitation(hashToken(token), operator, now);

    const team = await d.teamsRepository.teams.create(context, { name: 'Growth', description: 'Paywalls, pricing and campaigns.' });
    await d.teamsRepository.addMember(context, team.id, owner.id, 'admin');
    await d.teamsRepository.addMember(context, team.id, operator.id, 'member');
    await d.teamsRepository.linkApp(context, team.id, ios.id);
    await d.teamsRepository.linkApp(context, team.id, android.id);

    const role = await d.teamsRepository.roles.create(context, {
      name: 'Catalog editor',
      description: 'SKUs, entitlements and the paywall configuration.',
      menus: ['projects.general', 'projects.apps', 'projects.skus', 'projects.entitlements', 'management.subscribe', 'management.configRecord'],
    });
    await d.teamsRepository.linkUser(context, role.id, operator.id);

    await seedDemoConfiguration(tx, context, deps.clock, deps.mediaStorage);
    await seedDemoCommerce(tx, context, {
      ios: { id: ios.id, projectId: project.id, platform: 'ios', packageName: 'com.palette.photovideo' },
      android: { id: android.id, projectId: project.id, platform: 'android', packageName: 'com.palette.photovideo.android' },
      entitlementIds: { pro: pro.id, credits: credits.id },
      operator: { id: operator.id, name: operator.name },
    });

    return { projectId: project.id, operator: { email: DEMO_OPERATOR_EMAIL, password }, clientKeys };
  });
}
