import { z } from 'zod';
import { listPageSchema, listQuerySchema } from '../envelope';
import { withAccess, type Area } from '../permissions';
import { actorSchema, idSchema, queryListSchema } from '../resources/define';
import { platformSchema, platforms } from '../resources/projects';
import { projectItemParamsSchema, projectParamsSchema } from '../resources/routes';
import { comparisonOperatorSchema, durationUnitSchema, emailSchema, isoDateTimeSchema, limits, localizedNameSchema, requiredOrType, type DurationUnit } from '../validation';
import { defineRoute } from './route';

/**
 * Customers and transactions (spec §1, §2 `/transactions/*`, `/customers/*`,
 * `/management/:projectId/check-subscription`): what the App Store and Google Play said about a
 * project's app users, and what operators granted them by hand.
 *
 * | id                       | method | path (under /api/v1/projects/:projectId)        | access             |
 * |--------------------------|--------|-------------------------------------------------|--------------------|
 * | `transactions.list`      | GET    | /transactions                                   | transactions read  |
 * | `transactions.get`       | GET    | /transactions/:id                               | transactions read  |
 * | `transactions.lookup`    | POST   | /transactions/lookup (asks the store)           | transactions read  |
 * | `transactions.import`    | POST   | /transactions/import (ingests what it answers)  | transactions write |
 * | `storeEvents.list`       | GET    | /store-events (notifications, refused ones too) | transactions read  |
 * | `storeSettings.get`      | GET    | /apps/:id/store-settings                        | apps read          |
 * | `storeSettings.update`   | PUT    | /apps/:id/store-settings (`version`)            | apps write         |
 * | `customers.list`         | GET    | /customers                                      | customers read     |
 * | `customers.get`          | GET    | /customers/:id (the profile)                    | customers read     |
 * | `subscriptionCheck.run`  | GET    | /subscription-check?by=&value=                  | management read    |
 * | `unlocks.list`           | GET    | /manual-unlocks                                 | transactions read  |
 * | `unlocks.create`         | POST   | /manual-unlocks                                 | transactions write |
 * | `unlocks.approve`        | POST   | /manual-unlocks/:id/approve (`version`)         | transactions write |
 * | `unlocks.reject`         | POST   | /manual-unlocks/:id/reject (`version`)          | transactions write |
 * | `unlocks.revoke`         | POST   | /manual-unlocks/:id/revoke (`version`)          | transactions write |
 * | `unlocks.history`        | GET    | /manual-unlocks/:id/history                     | transactions read  |
 * | `unlockPolicy.get`       | GET    | /unlock-policy                                  | transactions read  |
 * | `unlockPolicy.set`       | PUT    | /unlock-policy (`version`)                      | project write      |
 *
 * And the stores' own calls, public (the signed payload, or the Play Developer API lookup, is the
 * proof, never the caller): `POST /hooks/apple/:appId` (App Store Server Notifications V2) and
 * `POST /hooks/google/:appId` (real-time developer notifications through a Pub/Sub push
 * subscription). Both answer 200 for anything they recorded, a repeat included (a store retries
 * anything else for days); a payload that does not verify is refused with its 170xxx code and
 * recorded with the refusal. A Google app whose store settings name the push subscription's service
 * account and audience takes only pushes carrying Pub/Sub's OIDC token for them (170010 otherwise).
 */

const read = (area: Area) => ({ scope: 'project', area, level: 'read' }) as const;
const write = (area: Area) => ({ scope: 'project', area, level: 'write' }) as const;

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const stores = ['apple', 'google'] as const;
export type Store = (typeof stores)[number];
export const storeSchema = z.enum(stores, { error: 'validation.enum' });

export const storeEnvironments = ['production', 'sandbox'] as const;
export type StoreEnvironment = (typeof storeEnvironments)[number];
export const storeEnvironmentSchema = z.enum(storeEnvironments, { error: 'validation.enum' });

/**
 * The states of a subscription (one per Apple original transaction, one per Google purchase token).
 * Trial, active and grace give access; billing retry (Apple's billing retry, Google's account hold),
 * expired, refunded and revoked do not.
 */
export const subscriptionStates = ['trial', 'active', 'grace', 'billing_retry', 'expired', 'refunded', 'revoked'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];
export const subscriptionStateSchema = z.enum(subscriptionStates, { error: 'validation.enum' });

/** The states that give access (until the period's end, or the grace period's). */
export const accessStates: readonly SubscriptionState[] = ['trial', 'active', 'grace'];

/** What happened to one store transaction: bought (a free trial period counts apart), refunded, revoked. */
export const transactionStatuses = ['purchased', 'trial', 'refunded', 'revoked'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const transactionStatusSchema = z.enum(transactionStatuses, { error: 'validation.enum' });

export const productTypes = ['subscription', 'non_consumable', 'consumable'] as const;
export type ProductType = (typeof productTypes)[number];

/** What the hooks did with a store notification. */
export const eventOutcomes = ['applied', 'ignored', 'refused'] as const;
export type EventOutcome = (typeof eventOutcomes)[number];

/** An app user id as the app sets it (Apple: appAccountToken; Google: obfuscatedAccountId). */
export const appUserIdPattern = /^[A-Za-z0-9._:@-]{1,128}$/;
export const appUserIdSchema = z
  .string({ error: requiredOrType })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(128, { error: 'validation.lengthMax' })
  .regex(appUserIdPattern, { error: 'validation.userId' });

/** An ISO 3166-1 alpha-2 code as stored (upper case). */
const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

// ---------------------------------------------------------------------------------------------
// Transactions

/** Price as the store gave it, in the customer's currency (null: the store said nothing). */
const moneyShape = { price: z.number().nullable(), currency: z.string().nullable() };

export const transactionRowSchema = z.object({
  id: z.string(),
  appId: z.string(),
  store: storeSchema,
  environment: storeEnvironmentSchema,
  /** Apple transactionId, Google order id. */
  storeTransactionId: z.string(),
  /** Apple originalTransactionId; Google: the first order id of the purchase. */
  originalTransactionId: z.string(),
  productId: z.string(),
  skuId: z.string().nullable(),
  skuName: z.string().nullable(),
  type: z.enum(productTypes),
  status: transactionStatusSchema,
  purchasedAt: z.string(),
  expiresAt: z.string().nullable(),
  ...moneyShape,
  country: z.string().nullable(),
  customer: z.object({ id: z.string(), appUserId: z.string() }),
  /** The subscription's state now (subscriptions only). */
  subscriptionState: subscriptionStateSchema.nullable(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const transactionSortFields = ['purchasedAt', 'price'] as const;

/**
 * The transactions list: the list convention, `q` an exact transaction id, original transaction id,
 * Google order id or app user id; filters by store, environment, status, product, customer and
 * purchase time.
 */
export const transactionListQuerySchema = listQuerySchema.extend({
  store: storeSchema.optional(),
  environment: storeEnvironmentSchema.optional(),
  status: queryListSchema(transactionStatusSchema).optional(),
  productId: z.string().trim().min(1).max(200).optional(),
  customerId: idSchema.optional(),
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** One store notification as recorded. */
export const storeEventSchema = z.object({
  id: z.string(),
  appId: z.string(),
  store: storeSchema,
  eventId: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  environment: storeEnvironmentSchema.nullable(),
  outcome: z.enum(eventOutcomes),
  errorCode: z.number().int().nullable(),
  detail: z.string().nullable(),
  storeTransactionId: z.string().nullable(),
  signedAt: z.string().nullable(),
  receivedAt: z.string(),
});
export type StoreEvent = z.infer<typeof storeEventSchema>;

export const transactionDetailSchema = transactionRowSchema.extend({
  purchaseToken: z.string().nullable(),
  offer: z.string().nullable(),
  refundedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  subscription: z
    .object({
      id: z.string(),
      state: subscriptionStateSchema,
      autoRenew: z.boolean().nullable(),
      expiresAt: z.string().nullable(),
      graceExpiresAt: z.string().nullable(),
    })
    .nullable(),
  /** The notifications that named this transaction, newest first. */
  events: z.array(storeEventSchema),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const storeEventListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({
  appId: idSchema.optional(),
  outcome: z.enum(eventOutcomes, { error: 'validation.enum' }).optional(),
});

/** What an operator asks a store about (the receipt screen). */
export const lookupKinds = ['appleTransaction', 'appleReceipt', 'googleSubscription', 'googleProduct'] as const;
export type LookupKind = (typeof lookupKinds)[number];

const lookupToken = (max: number) => z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.lengthMax' });

export const lookupBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('appleTransaction'), appId: idSchema, transactionId: lookupToken(64).regex(/^\d{1,32}$/, { error: 'validation.transactionId' }) }),
    /** A base64 app receipt or transaction receipt; the App Store Server Library finds its transaction id. */
    z.object({ kind: z.literal('appleReceipt'), appId: idSchema, receipt: lookupToken(512 * 1024) }),
    z.object({ kind: z.literal('googleSubscription'), appId: idSchema, purchaseToken: lookupToken(1024) }),
    z.object({ kind: z.literal('googleProduct'), appId: idSchema, productId: lookupToken(200), purchaseToken: lookupToken(1024) }),
  ],
  { error: 'validation.enum' },
);
export type LookupBody = z.infer<typeof lookupBodySchema>;

/** One transaction as the store describes it, normalized, and whether this console already has it. */
export const lookedUpTransactionSchema = z.object({
  storeTransactionId: z.string(),
  originalTransactionId: z.string(),
  productId: z.string(),
  type: z.enum(productTypes),
  status: transactionStatusSchema,
  purchasedAt: z.string(),
  expiresAt: z.string().nullable(),
  ...moneyShape,
  appUserId: z.string().nullable(),
  /** The transaction in this console, when it was ingested already. */
  knownId: z.string().nullable(),
});

export const lookupResultSchema = z.object({
  store: storeSchema,
  environment: storeEnvironmentSchema,
  /** The subscription's state as the store says it now (subscriptions only). */
  subscriptionState: subscriptionStateSchema.nullable(),
  autoRenew: z.boolean().nullable(),
  transactions: z.array(lookedUpTransactionSchema),
  /** The store's answer, decoded and verified (signed parts as their verified payloads). */
  raw: z.record(z.string(), z.unknown()),
});
export type LookupResult = z.infer<typeof lookupResultSchema>;

export const importResultSchema = z.object({ imported: z.number().int(), transactionIds: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Store settings of an app

/** At most this many sandbox testers per app. */
export const SANDBOX_TESTERS_MAX = 100;

export const storeSettingsSchema = z.object({
  appId: z.string(),
  platform: platformSchema,
  /** Apple's numeric app id (App Store Connect, App Information): needed to accept production notifications. */
  appleAppId: z.number().int().nullable(),
  /**
   * Whether sandbox (TestFlight, Xcode, license testers) purchases are accepted as well as production
   * ones (off for new apps). Accepted ones are recorded and shown with their environment; they give
   * entitlements only to `sandboxTesters`.
   */
  acceptSandbox: z.boolean(),
  /** The app user ids whose sandbox purchases give entitlements. */
  sandboxTesters: z.array(z.string()),
  /**
   * Google apps: the Pub/Sub push subscription's service account and (optionally) the audience of
   * the OIDC token it sends with each push. The account set: a push without a valid token is
   * refused (170010); not set: push authentication is off. An app whose store settings were never
   * saved uses its Play service account (`googlePushDefault`).
   */
  googlePushEmail: z.string().nullable(),
  googlePushAudience: z.string().nullable(),
  /** The account shown is the app's Play service account, not a saved setting. */
  googlePushDefault: z.boolean(),
  /** A Google app without push authentication: anyone who knows the URL can make the server look purchases up. */
  googlePushOpen: z.boolean(),
  /** The path the store posts to, under the server's public address. */
  notificationPath: z.string(),
  /** Whether store credentials are set (lookups need them, and Google notifications too). */
  hasCredentials: z.boolean(),
  lastEventAt: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: actorSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const storeSettingsUpdateSchema = z.object({
  appleAppId: z
    .number({ error: requiredOrType })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.rangeMin' })
    .max(99_999_999_999, { error: 'validation.rangeMax' })
    .nullable(),
  acceptSandbox: z.boolean({ error: requiredOrType }),
  /** Absent: unchanged. */
  sandboxTesters: z
    .array(appUserIdSchema)
    .max(SANDBOX_TESTERS_MAX, { error: 'validation.lengthMax' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.duplicate' })
    .optional(),
  /** Absent: unchanged (with the audience); null: off. */
  googlePushEmail: emailSchema.nullable().optional(),
  /** The audience the push subscription puts in its tokens (any text Pub/Sub takes; by default its push endpoint's URL). */
  googlePushAudience: z
    .string({ error: requiredOrType })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(limits.url, { error: 'validation.lengthMax' })
    .nullable()
    .optional(),
  version: z.number({ error: 'validation.required' }).int().min(1),
}).superRefine((value, context) => {
  // An audience checks tokens of an account: no audience without the account (the account alone
  // takes its tokens for any audience).
  const email = value.googlePushEmail ?? null;
  const audience = value.googlePushAudience ?? null;
  if (value.googlePushEmail === undefined && value.googlePushAudience === undefined) return;
  if (email === null && audience !== null) context.addIssue({ code: 'custom', path: ['googlePushEmail'], input: value.googlePushEmail, message: 'validation.required' });
});
export type StoreSettingsUpdate = z.infer<typeof storeSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Entitlements of a customer: what is active now, and why

export const grantSources = ['store', 'manual'] as const;
export type GrantSource = (typeof grantSources)[number];

/** One reason an entitlement is (or was) given: a store transaction's period, or a manual unlock. */
export const entitlementReasonSchema = z.object({
  source: z.enum(grantSources),
  active: z.boolean(),
  startsAt: z.string(),
  /** Null: no end (a non-consumable purchase). */
  expiresAt: z.string().nullable(),
  /** Why access ended before `expiresAt` (refund, revocation, billing retry, revoked unlock). */
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  store: storeSchema.nullable(),
  productId: z.string().nullable(),
  subscriptionState: subscriptionStateSchema.nullable(),
  transactionId: z.string().nullable(),
  storeTransactionId: z.string().nullable(),
  unlockId: z.string().nullable(),
  reasonCode: z.string().nullable(),
  /** A store grant's environment (null for an unlock). */
  environment: storeEnvironmentSchema.nullable(),
  /** A sandbox grant of a customer who is not one of the app's sandbox testers: shown, never counted (`active` false). */
  sandboxOnly: z.boolean(),
});
export type EntitlementReason = z.infer<typeof entitlementReasonSchema>;

export const customerEntitlementSchema = z.object({
  entitlementId: z.string(),
  identifier: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Until when, as far as known now (the latest end of its active reasons; null: no end). */
  activeUntil: z.string().nullable(),
  reasons: z.array(entitlementReasonSchema),
});
export type CustomerEntitlement = z.infer<typeof customerEntitlementSchema>;

// ---------------------------------------------------------------------------------------------
// Customers

/** Spend per currency (the stores' own currencies; nothing is converted). */
const spentSchema = z.record(z.string(), z.number());

export const customerRowSchema = z.object({
  id: z.string(),
  appUserId: z.string(),
  platform: platformSchema,
  country: z.string().nullable(),
  email: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  spent: spentSchema,
  /** Identifiers of the entitlements active now. */
  activeEntitlements: z.array(z.string()),
  /** The most telling subscription state (an access state first), null without subscriptions. */
  subscriptionState: subscriptionStateSchema.nullable(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerSortFields = ['lastSeenAt', 'firstSeenAt'] as const;

/** A page of customers; `totalCapped`: there are more than `total` (an access filter counts up to 1,000). */
export const customerPageSchema = listPageSchema(customerRowSchema).extend({ totalCapped: z.boolean() });
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerListQuerySchema = listQuerySchema.extend({
  platform: platformSchema.optional(),
  country: countryCodeSchema.optional(),
  /** `subscribed`: an entitlement active now; `none`: none active. */
  access: z.enum(['subscribed', 'none'], { error: 'validation.enum' }).optional(),
  entitlementId: idSchema.optional(),
  /** The customers a saved segment matches now (the segment builder's "Show the customers"). */
  segmentId: idSchema.optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  appId: z.string(),
  store: storeSchema,
  environment: storeEnvironmentSchema,
  originalTransactionId: z.string(),
  productId: z.string(),
  state: subscriptionStateSchema,
  autoRenew: z.boolean().nullable(),
  startedAt: z.string(),
  expiresAt: z.string().nullable(),
  graceExpiresAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

// ---------------------------------------------------------------------------------------------
// Manual unlocks

export const unlockStatuses = ['pending', 'granted', 'rejected', 'revoked'] as const;
export type UnlockStatus = (typeof unlockStatuses)[number];
export const unlockStatusSchema = z.enum(unlockStatuses, { error: 'validation.enum' });

export const unlockReasonCodes = ['goodwill', 'storeIssue', 'bugCompensation', 'testing', 'promotion', 'other'] as const;
export const unlockReasonCodeSchema = z.enum(unlockReasonCodes, { error: 'validation.enum' });

/** Nominal hours of each duration unit, for comparing a period with a limit (a month is 30 days, a year 365). */
export const durationUnitHours: Readonly<Record<DurationUnit, number>> = {
  hour: 1,
  day: 24,
  week: 24 * 7,
  twoWeeks: 24 * 14,
  month: 24 * 30,
  year: 24 * 365,
};

export const unlockLimits = {
  /** The longest unlock anyone may grant, approved or not: ten years. */
  maxDays: 3650,
  /** The largest count of any unit: ten years in hours (the total is what `maxDays` bounds). */
  durationCountMax: 87_600,
  noteMax: 500,
  /** The most unlocks one role may give per day without approval (0: every unlock needs one). */
  perDayMax: 1000,
} as const;

/** A period: `count` × `unit` (spec §9 units). */
export const unlockDurationSchema = z
  .object({
    count: z
      .number({ error: requiredOrType })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.rangeMin' })
      .max(unlockLimits.durationCountMax, { error: 'validation.rangeMax' }),
    unit: durationUnitSchema,
  })
  .superRefine((value, ctx) => {
    if (value.count * durationUnitHours[value.unit] > unlockLimits.maxDays * 24) {
      ctx.addIssue({ code: 'custom', path: ['count'], input: value.count, message: 'validation.unlockTooLong', params: { max: unlockLimits.maxDays } });
    }
  });
export type UnlockDuration = z.infer<typeof unlockDurationSchema>;

/** Nominal length of a period in hours. */
export function durationHours(duration: UnlockDuration): number {
  return duration.count * durationUnitHours[duration.unit];
}

export const unlockCreateSchema = z.object({
  appUserId: appUserIdSchema,
  entitlementId: idSchema,
  duration: unlockDurationSchema,
  reasonCode: unlockReasonCodeSchema,
  note: z
    .string({ error: requiredOrType })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(unlockLimits.noteMax, { error: 'validation.lengthMax' }),
});
export type UnlockCreate = z.infer<typeof unlockCreateSchema>;

/** Why an unlock waits for a second person: longer than the role may give, or past its daily count. */
export const approvalReasons = ['duration', 'perDay'] as const;

export const manualUnlockSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), appUserId: z.string() }),
  entitlement: z.object({ id: z.string(), identifier: z.string(), name: z.string() }),
  duration: z.object({ count: z.number().int(), unit: durationUnitSchema }),
  reasonCode: unlockReasonCodeSchema,
  note: z.string(),
  status: unlockStatusSchema,
  /** Whether it gives the entitlement now (granted, started, not ended). */
  active: z.boolean(),
  approvalReasons: z.array(z.enum(approvalReasons)),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  requestedBy: actorSchema,
  requestedAt: z.string(),
  decidedBy: actorSchema,
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  revokedBy: actorSchema,
  revokedAt: z.string().nullable(),
  revokeNote: z.string().nullable(),
  version: z.number().int(),
});
export type ManualUnlock = z.infer<typeof manualUnlockSchema>;

export const unlockListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, q: true }).extend({
  status: queryListSchema(unlockStatusSchema).optional(),
  customerId: idSchema.optional(),
});

const decisionNoteSchema = z.string({ error: requiredOrType }).trim().max(unlockLimits.noteMax, { error: 'validation.lengthMax' });
const versionSchema = z.number({ error: 'validation.required' }).int().min(1);

export const unlockDecisionSchema = z.object({ version: versionSchema, note: decisionNoteSchema.optional() });
export const unlockRevokeSchema = z.object({ version: versionSchema, note: decisionNoteSchema.min(1, { error: 'validation.required' }) });

/** One audited change of an unlock (its history). */
export const unlockHistoryEntrySchema = z.object({
  at: z.string(),
  actor: actorSchema,
  action: z.string(),
  note: z.string().nullable(),
});

/** The roles that may unlock (viewers only read transactions). */
export const unlockRoles = ['owner', 'admin', 'editor'] as const;
export type UnlockRole = (typeof unlockRoles)[number];

const roleLimitSchema = z.object({
  /** The longest unlock (in days) the role grants without a second person; 0: every unlock needs one. */
  maxDays: z
    .number({ error: requiredOrType })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.rangeMin' })
    .max(unlockLimits.maxDays, { error: 'validation.rangeMax' }),
  /** How many unlocks one person of the role grants per day (UTC) without a second person. */
  perDay: z
    .number({ error: requiredOrType })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.rangeMin' })
    .max(unlockLimits.perDayMax, { error: 'validation.rangeMax' }),
});
export type RoleUnlockLimit = z.infer<typeof roleLimitSchema>;

export const unlockRoleLimitsSchema = z.object({ owner: roleLimitSchema, admin: roleLimitSchema, editor: roleLimitSchema });
export type UnlockRoleLimits = z.infer<typeof unlockRoleLimitsSchema>;

/** The limits before a project changes them. */
export const defaultUnlockLimits: UnlockRoleLimits = {
  owner: { maxDays: 365, perDay: 100 },
  admin: { maxDays: 31, perDay: 30 },
  editor: { maxDays: 7, perDay: 10 },
};

export const unlockPolicySchema = z.object({
  limits: unlockRoleLimitsSchema,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: actorSchema,
});
export type UnlockPolicy = z.infer<typeof unlockPolicySchema>;

export const unlockPolicyUpdateSchema = z.object({ limits: unlockRoleLimitsSchema, version: versionSchema });

// ---------------------------------------------------------------------------------------------
// Subscription check and the customer profile

export const subscriptionCheckBySchema = z.enum(['userId', 'transactionId', 'email'], { error: 'validation.enum' });

export const subscriptionCheckQuerySchema = z.object({
  by: subscriptionCheckBySchema,
  value: z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(320, { error: 'validation.lengthMax' }),
});

export const customerProfileSchema = z.object({
  customer: customerRowSchema.extend({ attributes: z.record(z.string(), z.unknown()) }),
  /** Every entitlement of the project, with whether this customer has it now and why. */
  entitlements: z.array(customerEntitlementSchema),
  subscriptions: z.array(subscriptionSchema),
  /** The newest transactions (at most PROFILE_TRANSACTIONS). */
  transactions: z.array(transactionRowSchema),
  transactionCount: z.number().int(),
  unlocks: z.array(manualUnlockSchema),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const PROFILE_TRANSACTIONS = 50;

/** What the check finds: the customers matching (several for a shared email), each with their profile's access part. */
export const subscriptionCheckSchema = z.object({
  /** Customers that match; more than one only for an email several users share. */
  matches: z.array(
    z.object({
      customer: customerRowSchema,
      entitlements: z.array(customerEntitlementSchema),
      subscriptions: z.array(subscriptionSchema),
    }),
  ),
  checkedAt: z.string(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

// ---------------------------------------------------------------------------------------------
// User segmentation

/**
 * A segment's rule: one fact about a customer compared with the spec's operators (=, ≥, ≤, <, >).
 * Durations (first seen, last seen) are times since then, in the spec's units; spend is in one
 * currency (nothing is converted); an attribute is one the app sent (numbers compare as numbers).
 * `access`, `entitlement` and `subscriptionState` are about now.
 */
const durationValueSchema = z.object({
  count: z.number({ error: requiredOrType }).int({ error: 'validation.integer' }).min(0, { error: 'validation.rangeMin' }).max(10_000, { error: 'validation.rangeMax' }),
  unit: durationUnitSchema,
});

export const segmentRuleSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('platform'), operator: z.literal('eq', { error: 'validation.enum' }), value: z.enum(platforms, { error: 'validation.enum' }) }),
    z.object({ field: z.literal('country'), operator: z.literal('eq', { error: 'validation.enum' }), value: z.string({ error: requiredOrType }).regex(/^[A-Z]{2}$/, { error: 'validation.regionCode' }) }),
    z.object({ field: z.literal('access'), operator: z.literal('eq', { error: 'validation.enum' }), value: z.enum(['subscribed', 'none'], { error: 'validation.enum' }) }),
    z.object({ field: z.literal('entitlement'), operator: z.literal('eq', { error: 'validation.enum' }), value: idSchema }),
    z.object({ field: z.literal('subscriptionState'), operator: z.literal('eq', { error: 'validation.enum' }), value: subscriptionStateSchema }),
    z.object({
      field: z.literal('spend'),
      operator: comparisonOperatorSchema,
      value: z.number({ error: requiredOrType }).min(0, { error: 'validation.rangeMin' }).max(1_000_000_000, { error: 'validation.rangeMax' }),
      currency: z.string({ error: requiredOrType }).regex(/^[A-Z]{3}$/, { error: 'validation.currency' }),
    }),
    z.object({ field: z.literal('firstSeen'), operator: comparisonOperatorSchema, value: durationValueSchema }),
    z.object({ field: z.literal('lastSeen'), operator: comparisonOperatorSchema, value: durationValueSchema }),
    z.object({
      field: z.literal('attribute'),
      key: z.string({ error: requiredOrType }).trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, { error: 'validation.attributeKey' }),
      operator: comparisonOperatorSchema,
      value: z.union([z.string({ error: requiredOrType }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.lengthMax' }), z.number({ error: requiredOrType })]),
    }),
  ],
  { error: 'validation.enum' },
);
export type SegmentRule = z.infer<typeof segmentRuleSchema>;
export type SegmentField = SegmentRule['field'];
export const segmentFields: readonly SegmentField[] = ['platform', 'country', 'access', 'entitlement', 'subscriptionState', 'spend', 'firstSeen', 'lastSeen', 'attribute'];

export const segmentLimits = { rulesMax: 20, descriptionMax: 500 } as const;

/** The rules of a segment: all of them must hold, or any one. */
export const segmentDefinitionSchema = z
  .object({
    match: z.enum(['all', 'any'], { error: 'validation.enum' }),
    rules: z
      .array(segmentRuleSchema, { error: requiredOrType })
      .min(1, { error: 'validation.itemsMin' })
      .max(segmentLimits.rulesMax, { error: 'validation.itemsMax' }),
  })
  .superRefine((value, ctx) => {
    // `=`, `≥`... over text only makes sense as equality.
    value.rules.forEach((rule, index) => {
      if (rule.field === 'attribute' && typeof rule.value === 'string' && rule.operator !== 'eq') {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'operator'], input: rule.operator, message: 'validation.textOnlyEquals' });
      }
    });
  });
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

export const segmentInputSchema = z
  .object({
    name: localizedNameSchema,
    description: z.string({ error: requiredOrType }).trim().max(segmentLimits.descriptionMax, { error: 'validation.lengthMax' }).default(''),
  })
  .and(segmentDefinitionSchema);
export type SegmentInput = z.infer<typeof segmentInputSchema>;

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  match: z.enum(['all', 'any']),
  rules: z.array(segmentRuleSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: actorSchema,
  updatedBy: actorSchema,
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentCountSchema = z.object({ count: z.number().int(), of: z.number().int(), countedAt: z.string() });
export type SegmentCount = z.infer<typeof segmentCountSchema>;

// ---------------------------------------------------------------------------------------------
// The stores' calls

/** App Store Server Notifications V2: `{ signedPayload }`. */
export const appleNotificationBodySchema = z.object({ signedPayload: z.string().min(1).max(256 * 1024) });

/** A Pub/Sub push: the message, its data base64 JSON of the real-time developer notification. */
export const googlePushBodySchema = z.object({
  message: z.object({
    data: z.string().max(64 * 1024),
    messageId: z.string().min(1).max(200).optional(),
    message_id: z.string().min(1).max(200).optional(),
    publishTime: z.string().optional(),
    attributes: z.record(z.string(), z.string()).optional(),
  }),
  subscription: z.string().max(500).optional(),
});

export const hookParamsSchema = z.object({ appId: idSchema });

export const hookReplySchema = z.object({
  outcome: z.enum([...eventOutcomes, 'duplicate']),
  /** 130001 for a notification recorded before (a repeat changes nothing). */
  code: z.number().int().optional(),
});

/**
 * The delivery API's `GET /client/v1/{clientKey}/entitlements?userId=` (contract/delivery/routes.ts):
 * the app user's active entitlements from verified store data and manual unlocks (server/src/domains/
 * commerce/delivery-entitlements.ts), and the ids of the user segments it is in now among those the
 * published items' audiences name (targeting `segments.include`), in id order.
 */
export const deliveryEntitlementsSchema = z.object({
  userId: z.string(),
  entitlements: z.array(z.object({ identifier: z.string(), expiresAt: z.string().nullable(), source: z.enum(grantSources) })),
  segments: z.array(z.string()),
});
export type DeliveryEntitlements = z.infer<typeof deliveryEntitlementsSchema>;

// ---------------------------------------------------------------------------------------------
// Routes

const tags = ['commerce'];
const appParamsSchema = projectItemParamsSchema;

export const commerceRoutes = {
  'transactions.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/transactions',
      auth: 'user',
      summary: 'Store transactions of the project, newest first: search by an id, filter by store, status, product, customer and time.',
      tags,
      params: projectParamsSchema,
      query: transactionListQuerySchema,
      output: listPageSchema(transactionRowSchema),
    }),
    read('transactions'),
  ),
  'transactions.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/transactions/:id',
      auth: 'user',
      summary: 'One transaction with its subscription and the store notifications that named it.',
      tags,
      params: projectItemParamsSchema,
      output: transactionDetailSchema,
    }),
    read('transactions'),
  ),
  'transactions.lookup': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/transactions/lookup',
      auth: 'user',
      summary: 'Ask the store about a transaction id, a receipt or a purchase token, with the app’s credentials (changes nothing).',
      tags,
      params: projectParamsSchema,
      body: lookupBodySchema,
      output: lookupResultSchema,
    }),
    read('transactions'),
  ),
  'transactions.import': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/transactions/import',
      auth: 'user',
      summary: 'Ask the store and ingest what it answers, like a notification (130001 when every transaction is here already).',
      tags,
      params: projectParamsSchema,
      body: lookupBodySchema,
      output: importResultSchema,
    }),
    write('transactions'),
  ),
  'storeEvents.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/store-events',
      auth: 'user',
      summary: 'The store notifications received, newest first, refused ones with their refusal.',
      tags,
      params: projectParamsSchema,
      query: storeEventListQuerySchema,
      output: listPageSchema(storeEventSchema),
    }),
    read('transactions'),
  ),
  'storeSettings.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/apps/:id/store-settings',
      auth: 'user',
      summary: 'How the app’s store notifications are received and checked.',
      tags,
      params: appParamsSchema,
      output: storeSettingsSchema,
    }),
    read('apps'),
  ),
  'storeSettings.update': withAccess(
    defineRoute({
      method: 'PUT',
      path: '/api/v1/projects/:projectId/apps/:id/store-settings',
      auth: 'user',
      summary: 'Change the Apple app id and whether sandbox purchases count, based on its version (108007).',
      tags,
      params: appParamsSchema,
      body: storeSettingsUpdateSchema,
      output: storeSettingsSchema,
    }),
    write('apps'),
  ),
  'customers.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/customers',
      auth: 'user',
      summary: 'App users of the project, last seen first: search by user id or email, filter by platform, country, access and entitlement.',
      tags,
      params: projectParamsSchema,
      query: customerListQuerySchema,
      output: customerPageSchema,
    }),
    read('customers'),
  ),
  'customers.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/customers/:id',
      auth: 'user',
      summary: 'A customer’s profile: entitlements and why, subscriptions, transactions, unlocks and attributes.',
      tags,
      params: projectItemParamsSchema,
      output: customerProfileSchema,
    }),
    read('customers'),
  ),
  'subscriptionCheck.run': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/subscription-check',
      auth: 'user',
      summary: 'Find a customer by user id, transaction id or email and say, per entitlement, whether it is active now and why.',
      tags,
      params: projectParamsSchema,
      query: subscriptionCheckQuerySchema,
      output: subscriptionCheckSchema,
    }),
    read('management'),
  ),
  'unlocks.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/manual-unlocks',
      auth: 'user',
      summary: 'Manual unlocks, newest first; pending ones wait for a second person.',
      tags,
      params: projectParamsSchema,
      query: unlockListQuerySchema,
      output: listPageSchema(manualUnlockSchema),
    }),
    read('transactions'),
  ),
  'unlocks.create': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/manual-unlocks',
      auth: 'user',
      summary: 'Grant an entitlement to an app user for a period with a reason; above the role’s limits it waits for approval.',
      tags,
      params: projectParamsSchema,
      body: unlockCreateSchema,
      output: manualUnlockSchema,
    }),
    write('transactions'),
  ),
  'unlocks.approve': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/manual-unlocks/:id/approve',
      auth: 'user',
      summary: 'Approve a pending unlock (an owner or admin other than who asked); it starts now.',
      tags,
      params: projectItemParamsSchema,
      body: unlockDecisionSchema,
      output: manualUnlockSchema,
    }),
    write('transactions'),
  ),
  'unlocks.reject': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/manual-unlocks/:id/reject',
      auth: 'user',
      summary: 'Reject a pending unlock (an owner or admin other than who asked).',
      tags,
      params: projectItemParamsSchema,
      body: unlockDecisionSchema,
      output: manualUnlockSchema,
    }),
    write('transactions'),
  ),
  'unlocks.revoke': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/manual-unlocks/:id/revoke',
      auth: 'user',
      summary: 'End a granted unlock now, with a note.',
      tags,
      params: projectItemParamsSchema,
      body: unlockRevokeSchema,
      output: manualUnlockSchema,
    }),
    write('transactions'),
  ),
  'unlocks.history': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/manual-unlocks/:id/history',
      auth: 'user',
      summary: 'Every audited change of an unlock, oldest first.',
      tags,
      params: projectItemParamsSchema,
      output: z.array(unlockHistoryEntrySchema),
    }),
    read('transactions'),
  ),
  'unlockPolicy.get': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/unlock-policy',
      auth: 'user',
      summary: 'How long and how many unlocks each role grants per day without a second person.',
      tags,
      params: projectParamsSchema,
      output: unlockPolicySchema,
    }),
    read('transactions'),
  ),
  'unlockPolicy.set': withAccess(
    defineRoute({
      method: 'PUT',
      path: '/api/v1/projects/:projectId/unlock-policy',
      auth: 'user',
      summary: 'Change the unlock limits per role, based on their version (108007 when another change came first).',
      tags,
      params: projectParamsSchema,
      body: unlockPolicyUpdateSchema,
      output: unlockPolicySchema,
    }),
    write('project'),
  ),
  'segments.list': withAccess(
    defineRoute({
      method: 'GET',
      path: '/api/v1/projects/:projectId/segments',
      auth: 'user',
      summary: 'The project’s saved user segments, by name.',
      tags,
      params: projectParamsSchema,
      output: z.array(segmentSchema),
    }),
    read('customers'),
  ),
  'segments.create': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/segments',
      auth: 'user',
      summary: 'Save a segment: a name and rules over customers’ attributes and behaviour (108001 for a name in use).',
      tags,
      params: projectParamsSchema,
      body: segmentInputSchema,
      output: segmentSchema,
    }),
    write('customers'),
  ),
  'segments.update': withAccess(
    defineRoute({
      method: 'PUT',
      path: '/api/v1/projects/:projectId/segments/:id',
      auth: 'user',
      summary: 'Change a segment, based on its version (108007 when another change came first).',
      tags,
      params: projectItemParamsSchema,
      body: segmentInputSchema.and(z.object({ version: versionSchema })),
      output: segmentSchema,
    }),
    write('customers'),
  ),
  'segments.delete': withAccess(
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/projects/:projectId/segments/:id',
      auth: 'user',
      summary: 'Delete a segment.',
      tags,
      params: projectItemParamsSchema,
      output: z.object({ id: z.string() }),
    }),
    write('customers'),
  ),
  'segments.count': withAccess(
    defineRoute({
      method: 'POST',
      path: '/api/v1/projects/:projectId/segments/count',
      auth: 'user',
      summary: 'How many customers match rules now (the live count while a segment is edited), of how many.',
      tags,
      params: projectParamsSchema,
      body: segmentDefinitionSchema,
      output: segmentCountSchema,
    }),
    read('customers'),
  ),
  'hooks.apple': defineRoute({
    method: 'POST',
    path: '/hooks/apple/:appId',
    auth: 'public',
    summary: 'App Store Server Notifications V2 for one app (the signed payload is verified against Apple’s root certificates).',
    tags: ['hooks'],
    params: hookParamsSchema,
    body: appleNotificationBodySchema,
    output: hookReplySchema,
  }),
  'hooks.google': defineRoute({
    method: 'POST',
    path: '/hooks/google/:appId',
    auth: 'public',
    summary:
      'Google Play real-time developer notifications for one app (a Pub/Sub push, with its OIDC token when the app’s store settings ask for one; each is looked up with the Play Developer API).',
    tags: ['hooks'],
    params: hookParamsSchema,
    body: googlePushBodySchema,
    output: hookReplySchema,
  }),
} as const;

/**
 * The end of a period that starts at `start`: hours, days and weeks by the clock, months and years
 * by the calendar (UTC), a day of month that the target month lacks becoming its last day (31 Jan
 * plus a month is 28 or 29 Feb).
 */
export function addDuration(start: Date, duration: UnlockDuration): Date {
  const { count, unit } = duration;
  if (unit === 'month' || unit === 'year') {
    const months = unit === 'month' ? count : count * 12;
    const end = new Date(start.getTime());
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
    return end;
  }
  return new Date(start.getTime() + count * durationUnitHours[unit] * 3_600_000);
}
