import { z } from 'zod';
import { ErrorCode } from '../errors';
import { emailSchema, localizedNameSchema, requiredOrType, urlSchema } from '../validation';
import { assignableMemberRoleSchema, memberRoleSchema, projectMenuIdSchema } from '../permissions';
import { actorSchema, defineResource, idSchema, type FieldOption } from './define';

/**
 * The Projects area's entities (spec §2 /projects, §3 "SKU, entitlement, offering, app config, app
 * role and menu, team, project"), declared once for the server and the console.
 *
 * Labels are keys of the `projects` namespace (contract/resources/projects.labels.ts).
 */

const ns = 'projects';
const key = (path: string) => `${ns}:${path}`;
const options = (group: string, values: readonly string[]): FieldOption[] =>
  values.map((value) => ({ value, labelKey: key(`${group}.${value}`) }));

/** An optional free text of at most 500 characters; an empty text clears it. */
const descriptionSchema = z
  .string({ error: requiredOrType })
  .trim()
  .max(500, { error: 'validation.lengthMax' })
  .optional();

/** A machine identifier (entitlement, offering): lower-case letters, digits, `_`, `-`, `.`. */
const identifierSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.lengthMax' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, { error: 'validation.identifier' });

// ---------------------------------------------------------------------------------------------
// Projects

/**
 * A stored project icon as the upload answers its URL: the server-relative path of the file
 * (`/api/v1/media/<sha256>.<ext>`, contract/media.ts `mediaPath`), of a type the `project.icon` rule accepts.
 */
export const projectIconPathPattern = /^\/api\/v1\/media\/[0-9a-f]{64}\.(?:png|jpg|webp)$/;

/** A project icon: an uploaded file's path, or an http(s) address of a picture kept elsewhere. */
export const projectIconUrlSchema = z.union([z.string().trim().regex(projectIconPathPattern, { error: 'validation.url' }), urlSchema], {
  error: 'validation.url',
});

export const platforms = ['ios', 'android'] as const;
export type Platform = (typeof platforms)[number];
export const platformSchema = z.enum(platforms, { error: 'validation.enum' });

/** A project: one app business with its apps for iOS and Android. Only the name is required. */
export const projectResource = defineResource({
  name: 'projects',
  labelKey: key('project.title'),
  schema: z.object({
    name: localizedNameSchema,
    iconUrl: projectIconUrlSchema.nullable().optional(),
  }),
  extra: z.object({
    owner: actorSchema,
    /** The caller's member role (null for a global administrator who is not a member). */
    myRole: memberRoleSchema.nullable(),
    memberCount: z.number().int(),
  }),
  fields: {
    name: { labelKey: key('project.fields.name'), input: 'text', list: { width: 260, sortable: true }, searchable: true },
    iconUrl: { labelKey: key('project.fields.iconUrl'), input: 'url', helpKey: key('project.help.iconUrl') },
    owner: { labelKey: key('project.fields.owner'), input: 'text', list: { width: 180 }, readOnly: true },
    myRole: { labelKey: key('project.fields.myRole'), input: 'select', options: options('memberRoles', ['owner', 'admin', 'editor', 'viewer']), list: { width: 120 }, readOnly: true },
    memberCount: { labelKey: key('project.fields.memberCount'), input: 'number', list: { width: 100 }, readOnly: true },
  },
  uniqueBy: [['name']],
});

/** Creating a project: a unique name is all it takes (the icon is optional); the creator becomes its owner. */
export const projectCreateSchema = z.object(projectResource.editableShape);

/** Changing a project: name, icon, enabled, and transferring ownership to another member (owner only). */
export const projectUpdateSchema = projectResource.update.extend({ ownerId: idSchema.optional() });

export const projectItemSchema = projectResource.item;
export type Project = z.infer<typeof projectItemSchema>;

// ---------------------------------------------------------------------------------------------
// Apps

/**
 * A bundle id (iOS) or package name (Android): dot-separated segments of letters, digits and `_`
 * (Android) or `-` (iOS), at least two segments, starting with a letter.
 */
const packageNamePattern = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+$/;
const androidPackagePattern = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;
const iosBundlePattern = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** What the app answers about its uploaded store credentials: never the key, only what identifies it. */
export const storeCredentialsSummarySchema = z.object({
  kind: z.enum(['appStoreConnect', 'googleServiceAccount']),
  /** App Store Connect key id, or the service account's private key id. */
  keyId: z.string(),
  issuerId: z.string().nullable(),
  clientEmail: z.string().nullable(),
  /** First 16 hex digits of the SHA-256 of the uploaded file, to tell two uploads apart. */
  fingerprint: z.string(),
  uploadedAt: z.string(),
  uploadedBy: actorSchema,
});
export type StoreCredentialsSummary = z.infer<typeof storeCredentialsSummarySchema>;

/** Card payment providers the console configures. */
export const cardProviders = ['stripe', 'paypal'] as const;
export const cardProviderSchema = z.enum(cardProviders, { error: 'validation.enum' });

/** What the app answers about its card payment configuration: the public key, fingerprints of the secrets. */
export const cardPaymentSummarySchema = z.object({
  provider: cardProviderSchema,
  publishableKey: z.string(),
  /** Stripe keys say whether they are test or live keys; PayPal's do not (null). */
  mode: z.enum(['test', 'live']).nullable(),
  secretKeyFingerprint: z.string(),
  webhookSecretFingerprint: z.string(),
  updatedAt: z.string(),
  updatedBy: actorSchema,
});
export type CardPaymentSummary = z.infer<typeof cardPaymentSummarySchema>;

/** An app of a project: one per platform build, found by its bundle id / package name. */
export const appResource = defineResource({
  name: 'apps',
  labelKey: key('app.title'),
  schema: z.object({
    platform: platformSchema,
    name: localizedNameSchema,
    packageName: z
      .string({ error: requiredOrType })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(155, { error: 'validation.lengthMax' })
      .regex(packageNamePattern, { error: 'validation.packageName' }),
  }),
  extra: z.object({
    storeCredentials: storeCredentialsSummarySchema.nullable(),
    cardPayment: cardPaymentSummarySchema.nullable(),
  }),
  fields: {
    platform: {
      labelKey: key('app.fields.platform'),
      input: 'select',
      options: options('platforms', platforms),
      list: { width: 110, sortable: true },
      filter: 'select',
      readOnly: true,
    },
    name: { labelKey: key('app.fields.name'), input: 'text', list: { width: 220, sortable: true }, searchable: true },
    packageName: {
      labelKey: key('app.fields.packageName'),
      input: 'text',
      list: { width: 260, sortable: true },
      searchable: true,
      helpKey: key('app.help.packageName'),
    },
    storeCredentials: { labelKey: key('app.fields.storeCredentials'), input: 'file', readOnly: true },
    cardPayment: { labelKey: key('app.fields.cardPayment'), input: 'json', readOnly: true },
  },
  trash: true,
  uniqueBy: [
    { fields: ['name'], ignoreCase: true },
    { fields: ['packageName'], ignoreCase: true, acrossProjects: true, code: ErrorCode.PackageNameDuplicate },
  ],
  wiring: { scope: 'project', segment: 'apps', area: 'apps', menu: 'projects.apps', notFound: ErrorCode.AppNotFound, exists: ErrorCode.AppNameDuplicate, auditEntity: 'app' },
  refine: (value, ctx) => {
    const pattern = value.platform === 'android' ? androidPackagePattern : iosBundlePattern;
    if (!pattern.test(value.packageName)) {
      ctx.addIssue({ code: 'custom', path: ['packageName'], input: value.packageName, message: 'validation.packageName' });
    }
  },
});
export type App = z.infer<typeof appResource.item>;

/**
 * Store credentials as uploaded: the App Store Connect API key (.p8 file content, key id, issuer id)
 * for an iOS app, the Google Play service account JSON file content for an Android app.
 */
export const storeCredentialsInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('appStoreConnect'),
      keyId: z
        .string({ error: requiredOrType })
        .trim()
        .regex(/^[A-Z0-9]{10}$/, { error: 'validation.appleKeyId' }),
      /** Apple's issuer ids are 8-4-4-4-12 hex but not RFC 4122 UUIDs (no version bits), hence `guid`. */
      issuerId: z.guid({ error: 'validation.appleIssuerId' }),
      privateKey: z.string({ error: requiredOrType }).min(1, { error: 'validation.required' }).max(10_000, { error: 'validation.lengthMax' }),
    }),
    z.object({
      kind: z.literal('googleServiceAccount'),
      serviceAccountJson: z
        .string({ error: requiredOrType })
        .min(1, { error: 'validation.required' })
        .max(20_000, { error: 'validation.lengthMax' }),
    }),
  ],
  { error: 'validation.enum' },
);
export type StoreCredentialsInput = z.infer<typeof storeCredentialsInputSchema>;

/** A card payment provider's keys; their shape per provider is checked by the server (102014). */
export const cardPaymentInputSchema = z.object({
  provider: cardProviderSchema,
  publishableKey: z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.lengthMax' }),
  secretKey: z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.lengthMax' }),
  webhookSecret: z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.lengthMax' }),
});
export type CardPaymentInput = z.infer<typeof cardPaymentInputSchema>;

// ---------------------------------------------------------------------------------------------
// SKUs, entitlements, offerings

/** SKU types and billing periods (spec §3 plan periods). */
export const skuTypes = ['subscription', 'non_consumable', 'consumable'] as const;
export const skuPeriods = ['yearly', 'quarterly', 'monthly', 'weekly', 'permanent'] as const;

/**
 * A SKU: a product of an app in its store. Subscriptions have a period, one-time purchases are
 * permanent; price and currency go together. The platform is the app's.
 */
export const skuResource = defineResource({
  name: 'skus',
  labelKey: key('sku.title'),
  schema: z.object({
    appId: idSchema,
    storeProductId: z
      .string({ error: requiredOrType })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.lengthMax' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9._]*$/, { error: 'validation.storeProductId' }),
    name: localizedNameSchema,
    type: z.enum(skuTypes, { error: 'validation.enum' }),
    period: z.enum(skuPeriods, { error: 'validation.enum' }),
    price: z.number({ error: 'validation.number' }).min(0, { error: 'validation.rangeMin' }).max(1_000_000, { error: 'validation.rangeMax' }).nullable().optional(),
    currency: z
      .string({ error: requiredOrType })
      .regex(/^[A-Z]{3}$/, { error: 'validation.currency' })
      .nullable()
      .optional(),
  }),
  extra: z.object({
    platform: platformSchema,
    entitlementIds: z.array(z.string()),
  }),
  fields: {
    appId: { labelKey: key('sku.fields.appId'), input: 'select', filter: 'select', readOnly: true },
    // List widths: the whole list fits a 1440 px window with the menu open (issue 12).
    storeProductId: { labelKey: key('sku.fields.storeProductId'), input: 'text', list: { width: 200, sortable: true }, searchable: true },
    name: { labelKey: key('sku.fields.name'), input: 'text', list: { width: 160, sortable: true }, searchable: true },
    type: { labelKey: key('sku.fields.type'), input: 'select', options: options('skuTypes', skuTypes), list: { width: 130, sortable: true }, filter: 'select' },
    period: { labelKey: key('sku.fields.period'), input: 'select', options: options('skuPeriods', skuPeriods), list: { width: 100, sortable: true }, filter: 'select' },
    // The list shows the price in its currency ("$14.70"), so the currency has no column of its own.
    price: { labelKey: key('sku.fields.price'), input: 'number', currencyField: 'currency', list: { width: 100, sortable: true }, filter: 'range' },
    currency: { labelKey: key('sku.fields.currency'), input: 'text', helpKey: key('sku.help.currency') },
    platform: { labelKey: key('sku.fields.platform'), input: 'select', options: options('platforms', platforms), list: { width: 110, sortable: true }, filter: 'select', readOnly: true },
    entitlementIds: { labelKey: key('sku.fields.entitlementIds'), input: 'multiselect', readOnly: true },
  },
  trash: true,
  orderable: true,
  uniqueBy: [{ fields: ['appId', 'storeProductId'], acrossProjects: true }],
  wiring: { scope: 'project', segment: 'skus', area: 'commerce', menu: 'projects.skus', notFound: ErrorCode.SkuNotFound, exists: ErrorCode.SkuExists, auditEntity: 'sku' },
  refine: (value, ctx) => {
    const hasPrice = value.price !== null && value.price !== undefined;
    const hasCurrency = value.currency !== null && value.currency !== undefined;
    if (hasPrice && !hasCurrency) ctx.addIssue({ code: 'custom', path: ['currency'], input: value.currency, message: 'validation.required' });
    if (hasCurrency && !hasPrice) ctx.addIssue({ code: 'custom', path: ['price'], input: value.price, message: 'validation.required' });
    const permanent = value.period === 'permanent';
    if (value.type === 'subscription' ? permanent : !permanent) {
      ctx.addIssue({ code: 'custom', path: ['period'], input: value.period, message: 'validation.skuPeriod' });
    }
  },
});
export type Sku = z.infer<typeof skuResource.item>;

/** An entitlement: what the app unlocks (pro, ai_credits), granted by the SKUs linked to it. */
export const entitlementResource = defineResource({
  name: 'entitlements',
  labelKey: key('entitlement.title'),
  schema: z.object({
    identifier: identifierSchema,
    name: localizedNameSchema,
    description: descriptionSchema,
  }),
  extra: z.object({ skuIds: z.array(z.string()) }),
  fields: {
    identifier: { labelKey: key('entitlement.fields.identifier'), input: 'text', list: { width: 200, sortable: true }, searchable: true, helpKey: key('entitlement.help.identifier') },
    name: { labelKey: key('entitlement.fields.name'), input: 'text', list: { width: 220, sortable: true }, searchable: true },
    description: { labelKey: key('entitlement.fields.description'), input: 'textarea' },
    skuIds: { labelKey: key('entitlement.fields.skuIds'), input: 'multiselect', readOnly: true },
  },
  trash: true,
  uniqueBy: [['identifier']],
  wiring: {
    scope: 'project',
    segment: 'entitlements',
    area: 'commerce',
    menu: 'projects.entitlements',
    notFound: ErrorCode.EntitlementNotFound,
    exists: ErrorCode.EntitlementExists,
    auditEntity: 'entitlement',
  },
});
export type Entitlement = z.infer<typeof entitlementResource.item>;

/** An offering: the SKUs a paywall presents, in display order. */
export const offeringResource = defineResource({
  name: 'offerings',
  labelKey: key('offering.title'),
  schema: z.object({
    identifier: identifierSchema,
    name: localizedNameSchema,
    description: descriptionSchema,
    /** The SKUs the offering presents, in display order. */
    skuIds: z.array(idSchema, { error: requiredOrType }).max(50, { error: 'validation.itemsMax' }).optional(),
  }),
  fields: {
    identifier: { labelKey: key('offering.fields.identifier'), input: 'text', list: { width: 200, sortable: true }, searchable: true },
    name: { labelKey: key('offering.fields.name'), input: 'text', list: { width: 220, sortable: true }, searchable: true },
    description: { labelKey: key('offering.fields.description'), input: 'textarea' },
    skuIds: { labelKey: key('offering.fields.skuIds'), input: 'multiselect', helpKey: key('offering.help.skuIds') },
  },
  trash: true,
  orderable: true,
  uniqueBy: [['identifier']],
  wiring: { scope: 'project', segment: 'offerings', area: 'commerce', menu: null, notFound: ErrorCode.OfferingNotFound, exists: ErrorCode.OfferingExists, auditEntity: 'offering' },
  refine: (value, ctx) => {
    if (value.skuIds && new Set(value.skuIds).size !== value.skuIds.length) {
      ctx.addIssue({ code: 'custom', path: ['skuIds'], input: value.skuIds, message: 'validation.duplicateItems' });
    }
  },
});
export type Offering = z.infer<typeof offeringResource.item>;

/** One link an item has, as listed by a delete that needs `force` (102010) and undone by it. */
export const linkSchema = z.object({ kind: z.enum(['entitlement', 'offering', 'sku', 'user', 'team']), id: z.string(), name: z.string() });
export type Link = z.infer<typeof linkSchema>;

// ---------------------------------------------------------------------------------------------
// Webhooks

/** Events a webhook endpoint can subscribe to. */
export const webhookEvents = [
  'subscription.started',
  'subscription.renewed',
  'subscription.cancelled',
  'subscription.expired',
  'trial.started',
  'trial.converted',
  'refund.issued',
  'config.published',
] as const;
export const webhookEventSchema = z.enum(webhookEvents, { error: 'validation.enum' });

/** A webhook endpoint of a project: a URL and the events posted to it, signed with its secret. */
export const webhookResource = defineResource({
  name: 'webhooks',
  labelKey: key('webhook.title'),
  schema: z.object({
    url: urlSchema,
    events: z.array(webhookEventSchema, { error: requiredOrType }).min(1, { error: 'validation.required' }).max(webhookEvents.length),
    description: descriptionSchema,
  }),
  fields: {
    url: { labelKey: key('webhook.fields.url'), input: 'url', list: { width: 320, sortable: true }, searchable: true },
    events: { labelKey: key('webhook.fields.events'), input: 'multiselect', options: options('webhookEvents', webhookEvents), list: { width: 260 } },
    description: { labelKey: key('webhook.fields.description'), input: 'textarea', searchable: true },
  },
  trash: true,
  uniqueBy: [['url']],
  wiring: { scope: 'project', segment: 'webhooks', area: 'integrations', menu: 'projects.integrations', notFound: ErrorCode.DataMissing, exists: ErrorCode.ContentExists, auditEntity: 'webhook' },
  refine: (value, ctx) => {
    if (new Set(value.events).size !== value.events.length) {
      ctx.addIssue({ code: 'custom', path: ['events'], input: value.events, message: 'validation.duplicateItems' });
    }
  },
});
export type Webhook = z.infer<typeof webhookResource.item>;

/** What creating a webhook answers: the item and its signing secret, which is never shown again. */
export const webhookCreatedSchema = webhookResource.item.extend({ signingSecret: z.string() });

/** The outcome of a test delivery: the endpoint's HTTP status, how long it took, the start of its answer. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int(),
  durationMs: z.number().int().min(0),
  bodyExcerpt: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

// ---------------------------------------------------------------------------------------------
// Collaborators: members, invitations, teams, app roles

/** A project member as the collaborators screen lists them. */
export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  version: z.number().int(),
  joinedAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** Changing a member's role, based on the member's version. */
export const memberUpdateSchema = z.object({ role: assignableMemberRoleSchema, version: z.number({ error: 'validation.required' }).int().min(1) });

/** Invitation states. */
export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
/** An invitation by email; `status` reads `expired` once past `expiresAt`. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: assignableMemberRoleSchema,
  status: z.enum(invitationStatuses),
  invitedBy: actorSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Inviting someone: an email and the role they will have. */
export const invitationCreateSchema = z.object({ email: emailSchema, role: assignableMemberRoleSchema });

/** The code mailed with an invitation: 43 base64url characters. */
export const invitationCodeSchema = z
  .string({ error: requiredOrType })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'validation.invitationCode' });

/** A team member is a team admin (manages the team) or a member. */
export const teamMemberRoles = ['admin', 'member'] as const;
export const teamMemberRoleSchema = z.enum(teamMemberRoles, { error: 'validation.enum' });

/** A team of a project's members (each a team admin or member) with the apps it looks after. */
export const teamResource = defineResource({
  name: 'teams',
  labelKey: key('team.title'),
  schema: z.object({ name: localizedNameSchema, description: descriptionSchema }),
  extra: z.object({ appIds: z.array(z.string()), memberCount: z.number().int() }),
  fields: {
    name: { labelKey: key('team.fields.name'), input: 'text', list: { width: 220, sortable: true }, searchable: true },
    description: { labelKey: key('team.fields.description'), input: 'textarea', searchable: true },
    appIds: { labelKey: key('team.fields.appIds'), input: 'multiselect', readOnly: true },
    memberCount: { labelKey: key('team.fields.memberCount'), input: 'number', list: { width: 100 }, readOnly: true },
  },
  uniqueBy: [{ fields: ['name'], ignoreCase: true }],
  wiring: { scope: 'project', segment: 'teams', area: 'collaborators', menu: 'projects.collaborators', notFound: ErrorCode.TeamNotFound, exists: ErrorCode.TeamExists, auditEntity: 'team' },
});
export type Team = z.infer<typeof teamResource.item>;

/** A team member with their team role. */
export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: teamMemberRoleSchema,
  addedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An app role: the project menus it grants to the members linked to it (contract/permissions.ts). */
export const roleResource = defineResource({
  name: 'roles',
  labelKey: key('role.title'),
  schema: z.object({
    name: localizedNameSchema,
    description: descriptionSchema,
    menus: z.array(projectMenuIdSchema, { error: requiredOrType }).min(1, { error: 'validation.required' }).max(100),
  }),
  extra: z.object({ userIds: z.array(z.string()) }),
  fields: {
    name: { labelKey: key('role.fields.name'), input: 'text', list: { width: 220, sortable: true }, searchable: true },
    description: { labelKey: key('role.fields.description'), input: 'textarea', searchable: true },
    menus: { labelKey: key('role.fields.menus'), input: 'multiselect', helpKey: key('role.help.menus') },
    userIds: { labelKey: key('role.fields.userIds'), input: 'multiselect', readOnly: true },
  },
  uniqueBy: [{ fields: ['name'], ignoreCase: true }],
  wiring: { scope: 'project', segment: 'roles', area: 'collaborators', menu: 'projects.collaborators', notFound: ErrorCode.RoleNotFound, exists: ErrorCode.RoleExists, auditEntity: 'role' },
});
export type AppRole = z.infer<typeof roleResource.item>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const auditActions = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'reorder',
  'link',
  'unlink',
  'invite',
  'revoke',
  'accept',
  'upload',
  'remove',
  'approve',
  'reject',
  'merge',
] as const;

/** One change in the audit log: who, when, what, and the item before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: actorSchema,
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(auditActions),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Entities the audit log records, with the area whose read access its entries need. */
export const auditEntityAreas = {
  project: 'project',
  member: 'collaborators',
  invitation: 'collaborators',
  team: 'collaborators',
  role: 'collaborators',
  app: 'apps',
  clientKey: 'apps',
  previewLink: 'apps',
  deliverySettings: 'apps',
  sku: 'commerce',
  entitlement: 'commerce',
  offering: 'commerce',
  webhook: 'integrations',
  storeSettings: 'apps',
  manualUnlock: 'transactions',
  unlockPolicy: 'transactions',
  segment: 'customers',
  customer: 'customers',
} as const;
export type AuditEntity = keyof typeof auditEntityAreas;
export const auditEntities = Object.keys(auditEntityAreas) as [AuditEntity, ...AuditEntity[]];
