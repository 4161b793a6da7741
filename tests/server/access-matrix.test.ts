import { randomUUID, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routeList, routes, type RouteId } from '@contract/api';
import { ErrorCode } from '@contract/errors';
import { createTestApp, signIn } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { addMember, call, ok, operator, projectWithTeam, uniqueProjectName, type Operator, type ProjectTeam } from './helpers/projects';
import { seedPurchase } from './helpers/commerce-seed';

/**
 * The authorization matrix: every route of the server's route table, called by every kind of caller.
 *
 * `expected` is written here by hand, independently of contract/permissions.ts: a route the table
 * does not name fails the test, so a new route cannot ship without someone deciding who may call it.
 * Denied callers must get exactly the refusal their case calls for; allowed callers must get past
 * access control (whatever the handler then says about the deliberately empty input).
 *
 * Then every route that takes an object id is called by a project's owner with another project's
 * objects: the answer must be 404 and must not contain the object.
 */

type Area = 'project' | 'ownership' | 'collaborators' | 'apps' | 'commerce' | 'integrations' | 'audit' | 'management' | 'customers' | 'transactions' | 'tools';
type Rule = 'public' | 'user' | 'admin' | `${Area}:${'read' | 'write'}`;

/**
 * Who may call each action of a configuration kind: operators with the kind's area (Management, or
 * the universal tools for a tool's kind) read and write configuration; the approval policy is the
 * project's own setting. Approval itself needs an owner or admin on top, which the handler decides
 * (config-lifecycle.test.ts).
 */
function configKindRules(kind: string, parts: { trash: boolean; order: boolean }, area: 'management' | 'tools' = 'management'): Record<string, Rule> {
  const read: Rule = `${area}:read`;
  const write: Rule = `${area}:write`;
  const rules: Record<string, Rule> = {
    [`${kind}.list`]: read,
    [`${kind}.export`]: read,
    [`${kind}.get`]: read,
    [`${kind}.revisions`]: read,
    [`${kind}.policy`]: read,
    [`${kind}.create`]: write,
    [`${kind}.saveDraft`]: write,
    [`${kind}.delete`]: write,
    [`${kind}.publish`]: write,
    [`${kind}.promote`]: write,
    [`${kind}.unpublish`]: write,
    [`${kind}.approve`]: write,
    [`${kind}.rollback`]: write,
    [`${kind}.setPolicy`]: 'project:write',
  };
  if (parts.trash) Object.assign(rules, { [`${kind}.restore`]: write, [`${kind}.purge`]: write, [`${kind}.emptyTrash`]: write });
  if (parts.order) rules[`${kind}.reorder`] = write;
  return rules;
}

const expected: Readonly<Record<string, Rule>> = {
  'configRecords.list': 'management:read',
  ...configKindRules('subscriptionPages', { trash: true, order: false }),
  ...configKindRules('regionGroups', { trash: true, order: false }),
  ...configKindRules('appLanguages', { trash: true, order: true }),
  ...configKindRules('banners', { trash: true, order: true }),
  ...configKindRules('startPages', { trash: true, order: true }),
  ...configKindRules('retentionPopups', { trash: true, order: false }),
  ...configKindRules('popups', { trash: true, order: false }),
  ...configKindRules('installationPackages', { trash: true, order: false }, 'tools'),
  ...configKindRules('affiliates', { trash: true, order: false }, 'tools'),
  'affiliateCounts.list': 'tools:read',
  ...configKindRules('trending', { trash: true, order: true }, 'tools'),
  ...configKindRules('shields', { trash: true, order: false }, 'tools'),
  ...configKindRules('contentTypes', { trash: true, order: true }, 'tools'),
  // Popups beyond the kind: the budget is a project setting, the preview and the answers management reads.
  'interruptionBudget.get': 'project:read',
  'interruptionBudget.set': 'project:write',
  'popupPreview.live': 'management:read',
  'popupFeedback.list': 'management:read',
  'popupFeedback.export': 'management:read',
  // Customers and transactions (contract/api/commerce.ts); the stores' hooks carry their own proof.
  'hooks.apple': 'public',
  'hooks.google': 'public',
  'transactions.list': 'transactions:read',
  'transactions.get': 'transactions:read',
  'transactions.lookup': 'transactions:read',
  'transactions.import': 'transactions:write',
  'storeEvents.list': 'transactions:read',
  'storeSettings.get': 'apps:read',
  'storeSettings.update': 'apps:write',
  'customers.list': 'customers:read',
  'customers.get': 'customers:read',
  'subscriptionCheck.run': 'management:read',
  'unlocks.list': 'transactions:read',
  'unlocks.create': 'transactions:write',
  'unlocks.approve': 'transactions:write',
  'unlocks.reject': 'transactions:write',
  'unlocks.revoke': 'transactions:write',
  'unlocks.history': 'transactions:read',
  'unlockPolicy.get': 'transactions:read',
  'unlockPolicy.set': 'project:write',
  'segments.list': 'customers:read',
  'segments.create': 'customers:write',
  'segments.update': 'customers:write',
  'segments.delete': 'customers:write',
  'segments.count': 'customers:read',
  'auth.login': 'public',
  // The delivery API: the client key in the path is the credential (delivery.test.ts), not a session.
  'delivery.config': 'public',
  'delivery.rules': 'public',
  'delivery.entitlements': 'public',
  'delivery.feedback': 'public',
  'delivery.affiliateOpens': 'public',
  'delivery.previewConfig': 'public',
  'delivery.previewRules': 'public',
  'auth.requestPasswordReset': 'public',
  'auth.resetPassword': 'public',
  'auth.me': 'user',
  'auth.updateProfile': 'user',
  'auth.changePassword': 'user',
  'auth.signIns': 'user',
  'auth.logout': 'user',
  'me.menus': 'user',
  'media.rules': 'user',
  'projects.list': 'user',
  'projects.create': 'user',
  'invitations.accept': 'user',
  'mail.outbox': 'admin',
  'users.list': 'admin',
  'users.create': 'admin',
  'projects.get': 'project:read',
  'projects.update': 'project:write',
  'projects.delete': 'ownership:write',
  'members.list': 'collaborators:read',
  'members.update': 'collaborators:write',
  'members.remove': 'collaborators:write',
  'invitations.list': 'collaborators:read',
  'invitations.create': 'collaborators:write',
  'invitations.revoke': 'collaborators:write',
  'audit.list': 'audit:read',
  'apps.list': 'apps:read',
  'apps.export': 'apps:read',
  'apps.get': 'apps:read',
  'apps.create': 'apps:write',
  'apps.update': 'apps:write',
  'apps.delete': 'apps:write',
  'apps.restore': 'apps:write',
  'apps.purge': 'apps:write',
  'apps.emptyTrash': 'apps:write',
  'apps.putStoreCredentials': 'apps:write',
  'apps.deleteStoreCredentials': 'apps:write',
  'apps.putCardPayment': 'apps:write',
  'apps.deleteCardPayment': 'apps:write',
  'clientKeys.list': 'apps:read',
  'clientKeys.create': 'apps:write',
  'clientKeys.revoke': 'apps:write',
  'deliverySettings.get': 'apps:read',
  'deliverySettings.update': 'apps:write',
  'previewLinks.list': 'apps:read',
  'previewLinks.create': 'apps:write',
  'previewLinks.revoke': 'apps:write',
  'previewLinks.resolve': 'apps:read',
  'skus.list': 'commerce:read',
  'skus.export': 'commerce:read',
  'skus.get': 'commerce:read',
  'skus.create': 'commerce:write',
  'skus.update': 'commerce:write',
  'skus.delete': 'commerce:write',
  'skus.restore': 'commerce:write',
  'skus.purge': 'commerce:write',
  'skus.emptyTrash': 'commerce:write',
  'skus.reorder': 'commerce:write',
  'entitlements.list': 'commerce:read',
  'entitlements.export': 'commerce:read',
  'entitlements.get': 'commerce:read',
  'entitlements.create': 'commerce:write',
  'entitlements.update': 'commerce:write',
  'entitlements.delete': 'commerce:write',
  'entitlements.restore': 'commerce:write',
  'entitlements.purge': 'commerce:write',
  'entitlements.emptyTrash': 'commerce:write',
  'entitlements.linkSku': 'commerce:write',
  'entitlements.unlinkSku': 'commerce:write',
  'offerings.list': 'commerce:read',
  'offerings.export': 'commerce:read',
  'offerings.get': 'commerce:read',
  'offerings.create': 'commerce:write',
  'offerings.update': 'commerce:write',
  'offerings.delete': 'commerce:write',
  'offerings.restore': 'commerce:write',
  'offerings.purge': 'commerce:write',
  'offerings.emptyTrash': 'commerce:write',
  'offerings.reorder': 'commerce:write',
  'webhooks.list': 'integrations:read',
  'webhooks.export': 'integrations:read',
  'webhooks.get': 'integrations:read',
  'webhooks.create': 'integrations:write',
  'webhooks.update': 'integrations:write',
  'webhooks.delete': 'integrations:write',
  'webhooks.restore': 'integrations:write',
  'webhooks.purge': 'integrations:write',
  'webhooks.emptyTrash': 'integrations:write',
  'webhooks.test': 'integrations:write',
  'teams.list': 'collaborators:read',
  'teams.export': 'collaborators:read',
  'teams.get': 'collaborators:read',
  'teams.create': 'collaborators:write',
  'teams.update': 'collaborators:write',
  'teams.delete': 'collaborators:write',
  // Team membership: any reader reaches the handler, which lets team admins in (107004 for others).
  'teams.members': 'collaborators:read',
  'teams.addMember': 'collaborators:read',
  'teams.updateMember': 'collaborators:read',
  'teams.removeMember': 'collaborators:read',
  'teams.linkApp': 'collaborators:read',
  'teams.unlinkApp': 'collaborators:read',
  'roles.list': 'collaborators:read',
  'roles.export': 'collaborators:read',
  'roles.get': 'collaborators:read',
  'roles.create': 'collaborators:write',
  'roles.update': 'collaborators:write',
  'roles.delete': 'collaborators:write',
  'roles.linkUser': 'collaborators:write',
  'roles.unlinkUser': 'collaborators:write',
  // System Management's global lists: everyone signed in reads them, global administrators write.
  'countries.list': 'user',
  'countries.export': 'user',
  'countries.get': 'user',
  'countries.create': 'admin',
  'countries.update': 'admin',
  'countries.delete': 'admin',
  'languages.list': 'user',
  'languages.export': 'user',
  'languages.get': 'user',
  'languages.create': 'admin',
  'languages.update': 'admin',
  'languages.delete': 'admin',
};

type MemberRole = 'owner' | 'admin' | 'editor' | 'viewer';
type Level = 'w' | 'r' | '-';

/** Who may do what per area, as the product decided it (spec §6 leaves it to us; see contract/permissions.ts). */
const grants: Readonly<Record<MemberRole, Readonly<Record<Area, Level>>>> = {
  owner: { project: 'w', ownership: 'w', collaborators: 'w', apps: 'w', commerce: 'w', integrations: 'w', audit: 'r', management: 'w', customers: 'w', transactions: 'w', tools: 'w' },
  admin: { project: 'w', ownership: 'r', collaborators: 'w', apps: 'w', commerce: 'w', integrations: 'w', audit: 'r', management: 'w', customers: 'w', transactions: 'w', tools: 'w' },
  editor: { project: 'r', ownership: 'r', collaborators: 'r', apps: 'r', commerce: 'w', integrations: 'r', audit: 'r', management: 'w', customers: 'w', transactions: 'w', tools: 'w' },
  viewer: { project: 'r', ownership: 'r', collaborators: 'r', apps: 'r', commerce: 'r', integrations: '-', audit: 'r', management: 'r', customers: 'r', transactions: 'r', tools: 'r' },
};

const callers = ['anonymous', 'outsider', 'viewer', 'editor', 'admin', 'owner', 'globalAdmin'] as const;
type Caller = (typeof callers)[number];

/** The refusal a caller must get, or null when access control must let them through. */
function expectedRefusal(rule: Rule, caller: Caller): number | null {
  if (rule === 'public') return null;
  if (caller === 'anonymous') return ErrorCode.Unauthorized;
  if (rule === 'user' || caller === 'globalAdmin') return null;
  if (rule === 'admin') return ErrorCode.Forbidden;
  if (caller === 'outsider') return ErrorCode.NotProjectMember;
  const [area, level] = rule.split(':') as [Area, 'read' | 'write'];
  const granted = grants[caller][area];
  if (granted === '-') return ErrorCode.NoReadPermission;
  if (level === 'write' && granted === 'r') return ErrorCode.Forbidden;
  return null;
}

/** Codes that mean "access control stopped this": an allowed caller must never see them. */
const accessRefusals = new Set<number>([
  ErrorCode.Unauthorized,
  ErrorCode.TokenInvalid,
  ErrorCode.TokenError,
  ErrorCode.SignedInElsewhere,
  ErrorCode.TokenExpired,
  ErrorCode.NotProjectMember,
  ErrorCode.ProjectNotFound,
  ErrorCode.Forbidden,
  ErrorCode.NoReadPermission,
]);

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

function tokenOf(caller: Caller): string | undefined {
  return caller === 'anonymous' ? undefined : team[caller].token;
}

/** A project like the team's (same members), for the calls that would destroy the team's own. */
async function disposableProject(): Promise<string> {
  const project = await ok<{ id: string }>(built.app, team.owner.token, 'projects.create', { body: { name: uniqueProjectName('Disposable') } });
  await addMember(database.handle, project.id, team.admin.id, 'admin');
  await addMember(database.handle, project.id, team.editor.id, 'editor');
  await addMember(database.handle, project.id, team.viewer.id, 'viewer');
  return project.id;
}

/** Path parameters: the team's project, random ids for everything else (nothing is found). */
function paramsFor(path: string, projectId: string): Record<string, string> {
  const names = [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string);
  return Object.fromEntries(names.map((name) => [name, name === 'projectId' ? projectId : randomUUID()]));
}

async function request(id: RouteId, caller: Caller, projectId: string): Promise<{ code: number; raw: string }> {
  const def = routes[id];
  const headers: Record<string, string> = {};
  const token = tokenOf(caller);
  if (token) headers.authorization = `Bearer ${token}`;
  if (def.method !== 'GET') headers['content-type'] = 'application/json';
  const response = await built.app.inject({
    method: def.method,
    url: buildPath(def.path, paramsFor(def.path, projectId)),
    headers,
    remoteAddress: '10.30.0.1',
    ...(def.method === 'GET' ? {} : { payload: '{}' }),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  // A CSV export (`reply: 'csv'`) lets an allowed caller through with the file, not an envelope.
  if (def.reply === 'csv' && response.statusCode === 200 && response.headers['content-type'] === 'text/csv; charset=utf-8') return { code: ErrorCode.Success, raw: response.body };
  return { code: (response.json() as { code: number }).code, raw: response.body };
}

// Signing out ends the session the other calls use, so it goes last.
const ordered = [...routeList.filter(([id]) => id !== 'auth.logout'), ...routeList.filter(([id]) => id === 'auth.logout')];

describe('authorization matrix', () => {
  it.each(ordered.map(([id]) => [id] as const))('%s has an entry in the expected-permission table', (id) => {
    expect(expected[id], `add ${id} to the expected-permission table`).toBeDefined();
  });

  it('names no route the server does not have', () => {
    expect(Object.keys(expected).sort()).toEqual(routeList.map(([id]) => id).sort());
  });

  it.each(ordered.map(([id]) => [id] as const))('%s: every caller gets exactly what the table says', async (id) => {
    const rule = expected[id];
    expect(rule).toBeDefined();
    for (const caller of callers) {
      const destructive = id === 'projects.delete' && expectedRefusal(rule as Rule, caller) === null;
      const projectId = destructive ? await disposableProject() : team.projectId;
      const { code, raw } = await request(id, caller, projectId);
      const refusal = expectedRefusal(rule as Rule, caller);
      if (refusal === null) expect(accessRefusals.has(code), `${id} as ${caller}: ${raw}`).toBe(false);
      else expect(code, `${id} as ${caller}: ${raw}`).toBe(refusal);
    }
  });
});

describe('another project’s objects', () => {
  let other: ProjectTeam;
  let objects: Record<string, string>;
  let stranger: Operator;
  let ownToken: string;
  let ownApp: string;

  beforeAll(async () => {
    // The matrix signed everyone out last; sign the team's owner in again.
    ownToken = await signIn(built.app, team.owner.email, team.owner.password);
    ownApp = (await ok<{ id: string }>(built.app, ownToken, 'apps.create', { params: { projectId: team.projectId }, body: { platform: 'android', name: 'Own app', packageName: `com.own.t${process.pid}` } })).id;
    other = await projectWithTeam(built.app, database.handle);
    stranger = await operator(built.app, database.handle, { name: 'Other member' });
    await addMember(database.handle, other.projectId, stranger.id, 'viewer');
    const t = other.owner.token;
    const p = { projectId: other.projectId };
    const appItem = await ok<{ id: string }>(built.app, t, 'apps.create', { params: p, body: { platform: 'ios', name: 'Their app', packageName: `com.their.t${process.pid}` } });
    const clientKey = await ok<{ id: string }>(built.app, t, 'clientKeys.create', { params: { ...p, id: appItem.id }, body: { label: 'Their key' } });
    const previewLink = await ok<{ id: string }>(built.app, t, 'previewLinks.create', { params: { ...p, id: appItem.id }, body: { reviewer: 'Their tester', expiresInHours: 24 } });
    const sku = await ok<{ id: string }>(built.app, t, 'skus.create', { params: p, body: { appId: appItem.id, storeProductId: 'their.sku', name: 'Their SKU', type: 'subscription', period: 'monthly' } });
    const entitlement = await ok<{ id: string }>(built.app, t, 'entitlements.create', { params: p, body: { identifier: 'theirs', name: 'Their entitlement' } });
    await ok(built.app, t, 'entitlements.linkSku', { params: { ...p, id: entitlement.id }, body: { skuId: sku.id } });
    const offering = await ok<{ id: string }>(built.app, t, 'offerings.create', { params: p, body: { identifier: 'theirs', name: 'Their offering', skuIds: [sku.id] } });
    const webhook = await ok<{ id: string }>(built.app, t, 'webhooks.create', { params: p, body: { url: 'https://hooks.theirs.example/theirs', events: ['trial.started'] } });
    const teamItem = await ok<{ id: string }>(built.app, t, 'teams.create', { params: p, body: { name: 'Their team' } });
    await ok(built.app, t, 'teams.addMember', { params: { ...p, id: teamItem.id }, body: { userId: stranger.id, role: 'member' } });
    await ok(built.app, t, 'teams.linkApp', { params: { ...p, id: teamItem.id }, body: { appId: appItem.id } });
    const role = await ok<{ id: string }>(built.app, t, 'roles.create', { params: p, body: { name: 'Their role', menus: ['projects.skus'] } });
    await ok(built.app, t, 'roles.linkUser', { params: { ...p, id: role.id }, body: { userId: stranger.id } });
    const invitation = await ok<{ id: string }>(built.app, t, 'invitations.create', { params: p, body: { email: 'their-invitee@palette.test', role: 'viewer' } });
    const page = await ok<{ id: string }>(built.app, t, 'subscriptionPages.create', { params: p, body: { draft: { name: 'Their page' } } });
    const group = await ok<{ id: string }>(built.app, t, 'regionGroups.create', { params: p, body: { draft: { name: 'Their group', regions: ['CN'] } } });
    await ok(built.app, t, 'regionGroups.publish', { params: { ...p, id: group.id }, body: { version: 1 } });
    const language = await ok<{ id: string }>(built.app, t, 'appLanguages.create', { params: p, body: { draft: { name: 'Their language', code: 'fr' } } });
    const popup = await ok<{ id: string }>(built.app, t, 'popups.create', { params: p, body: { draft: { name: 'Their popup' } } });
    const banner = await ok<{ id: string }>(built.app, t, 'banners.create', { params: p, body: { draft: { name: 'Their banner' } } });
    const startPage = await ok<{ id: string }>(built.app, t, 'startPages.create', { params: p, body: { draft: { name: 'Their start page' } } });
    const retentionPopup = await ok<{ id: string }>(built.app, t, 'retentionPopups.create', { params: p, body: { draft: { name: 'Their retention popup' } } });
    const installationPackage = await ok<{ id: string }>(built.app, t, 'installationPackages.create', { params: p, body: { draft: { name: 'Their package' } } });
    const affiliate = await ok<{ id: string }>(built.app, t, 'affiliates.create', { params: p, body: { draft: { name: 'Their link' } } });
    const trending = await ok<{ id: string }>(built.app, t, 'trending.create', { params: p, body: { draft: { name: 'Their trending' } } });
    const shield = await ok<{ id: string }>(built.app, t, 'shields.create', { params: p, body: { draft: { name: 'Their shield' } } });
    const contentType = await ok<{ id: string }>(built.app, t, 'contentTypes.create', { params: p, body: { draft: { name: 'Their type', code: 'theirs' } } });
    // Their customer and transaction come through the store ingestion; their unlock through the API.
    const purchase = await seedPurchase(database.handle.db, appItem.id, { appUserId: 'their-user', productId: 'their.sku', purchasedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) }, new Date());
    const theirSegment = await ok<{ id: string }>(built.app, t, 'segments.create', { params: p, body: { name: 'Their segment', match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }] } });
    const theirUnlock = await ok<{ id: string }>(built.app, t, 'unlocks.create', {
      params: p,
      body: { appUserId: 'their-user', entitlementId: entitlement.id, duration: { count: 2, unit: 'year' }, reasonCode: 'goodwill', note: 'Theirs' },
    });
    objects = {
      apps: appItem.id,
      clientKeys: clientKey.id,
      previewLinks: previewLink.id,
      skus: sku.id,
      entitlements: entitlement.id,
      offerings: offering.id,
      webhooks: webhook.id,
      teams: teamItem.id,
      roles: role.id,
      invitations: invitation.id,
      subscriptionPages: page.id,
      regionGroups: group.id,
      appLanguages: language.id,
      popups: popup.id,
      // A popup's answers are under the popup: `:id` is the popup.
      popupFeedback: popup.id,
      banners: banner.id,
      startPages: startPage.id,
      retentionPopups: retentionPopup.id,
      installationPackages: installationPackage.id,
      affiliates: affiliate.id,
      trending: trending.id,
      shields: shield.id,
      contentTypes: contentType.id,
      transactions: purchase.transactionId as string,
      customers: purchase.customerId as string,
      unlocks: theirUnlock.id,
      segments: theirSegment.id,
      // An app's store settings are under the app: `:id` is the app.
      storeSettings: appItem.id,
    };
  });

  const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  /** A body that passes validation, so the call reaches the repository that must not find the object. */
  function validBody(id: RouteId): unknown {
    if (id === 'storeSettings.update') return { appleAppId: null, acceptSandbox: true, version: 1 };
    if (id === 'segments.update') return { name: 'Taken over', match: 'all', rules: [{ field: 'platform', operator: 'eq', value: 'ios' }], version: 1 };
    if (id.endsWith('.update')) return id === 'members.update' ? { role: 'viewer', version: 1 } : { version: 1 };
    if (/\.(publish|promote|unpublish|approve)$/.test(id)) return { version: 1 };
    if (id.endsWith('.saveDraft')) return { version: 1, draft: { name: 'Taken over' } };
    if (id.endsWith('.rollback')) return { version: 1, revision: 1, environment: 'official' };
    const bodies: Partial<Record<RouteId, unknown>> = {
      'apps.putStoreCredentials': { kind: 'appStoreConnect', keyId: 'ABCDE12345', issuerId: '57246542-96fe-1a63-e053-0824d011072a', privateKey: key },
      'apps.putCardPayment': { provider: 'stripe', publishableKey: 'pk_test_51HxyzABCDEFGHIJKLMNOP', secretKey: 'sk_test_51HxyzABCDEFGHIJKLMNOP', webhookSecret: 'whsec_ABCDEFGHIJKLMNOPQRST' },
      'entitlements.linkSku': { skuId: objects.skus },
      'teams.addMember': { userId: team.editor.id, role: 'member' },
      'teams.updateMember': { role: 'admin' },
      'teams.linkApp': { appId: ownApp },
      'roles.linkUser': { userId: team.editor.id },
      'clientKeys.create': { label: 'Taken over' },
      'previewLinks.create': { reviewer: 'Taken over', expiresInHours: 1 },
      'previewLinks.resolve': { token: 'pv1.eyJ9.x' },
      'unlocks.reject': { version: 1 },
      'unlocks.revoke': { version: 1, note: 'Taken over' },
    };
    return bodies[id];
  }

  const objectRoutes = routeList.filter(([, def]) => def.path.startsWith('/api/v1/projects/:projectId/') && /:(id|skuId|userId|appId)\b/.test(def.path));

  it('covers every route that takes an object id', () => {
    expect(objectRoutes.length).toBeGreaterThan(40);
  });

  it.each(objectRoutes.map(([id]) => [id] as const))('%s with another project’s object answers 404 and never the object', async (id) => {
    const def = routes[id];
    const prefix = id.split('.')[0] as string;
    const params: Record<string, string> = { projectId: team.projectId };
    for (const [, name] of def.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)) {
      // Client keys and preview links are under their app: `:id` is the app, `:keyId`/`:linkId` the key or link.
      if (name === 'id') params.id = (prefix === 'clientKeys' || prefix === 'previewLinks' ? objects.apps : objects[prefix]) as string;
      if (name === 'keyId') params.keyId = objects.clientKeys as string;
      if (name === 'linkId') params.linkId = objects.previewLinks as string;
      if (name === 'skuId') params.skuId = objects.skus as string;
      if (name === 'userId') params.userId = stranger.id;
      if (name === 'appId') params.appId = objects.apps as string;
    }
    expect(params.id ?? params.userId, `${id} names an object`).toBeDefined();
    const body = validBody(id);
    // Configuration deletes, restores and purges carry the version seen in their query.
    const query = (routes[id] as { query?: unknown }).query && /\.(delete|restore|purge)$/.test(id) && !('force' in ((routes[id] as { query?: { shape?: object } }).query?.shape ?? {})) ? { version: 1 } : undefined;
    const reply = await call(built.app, ownToken, id, { params, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });
    expect(reply.status, `${id}: ${reply.raw}`).toBe(404);
    for (const objectId of [...Object.values(objects), stranger.id]) expect(reply.raw).not.toContain(objectId);
  });

  it('left the other project’s objects as they were', async () => {
    const t = other.owner.token;
    const p = { projectId: other.projectId };
    for (const [kind, id] of Object.entries(objects)) {
      if (kind === 'invitations' || kind === 'clientKeys' || kind === 'previewLinks' || kind === 'popupFeedback' || kind === 'unlocks' || kind === 'storeSettings' || kind === 'segments') continue;
      const item = await ok<{ version: number; deletedAt?: string | null }>(built.app, t, `${kind}.get` as RouteId, { params: { ...p, id } });
      expect(item.deletedAt ?? null, kind).toBeNull();
    }
    const keys = await ok<Array<{ id: string; revokedAt: string | null }>>(built.app, t, 'clientKeys.list', { params: { ...p, id: objects.apps as string } });
    expect(keys.map((k) => [k.id, k.revokedAt])).toEqual([[objects.clientKeys, null]]);
    const invitations = await ok<{ items: Array<{ status: string }> }>(built.app, t, 'invitations.list', { params: p });
    expect(invitations.items.map((i) => i.status)).toEqual(['pending']);
    const entitlement = await ok<{ skuIds: string[] }>(built.app, t, 'entitlements.get', { params: { ...p, id: objects.entitlements as string } });
    expect(entitlement.skuIds).toEqual([objects.skus]);
    const members = await ok<{ total: number }>(built.app, t, 'members.list', { params: p });
    expect(members.total).toBe(5);
  });
});
