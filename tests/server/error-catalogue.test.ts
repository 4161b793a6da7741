import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRouteId, type RouteId } from '@contract/api';
import { ErrorCode, errorCatalogue, type ErrorCodeName } from '@contract/errors';
import { MEDIA_UPLOAD_PATH } from '@contract/media';

/**
 * Every code of the error catalogue (contract/errors.ts, spec §8) with where it comes from (issue
 * 12): the routes that answer it, the part of the console that raises it itself (main or the
 * renderer, never the server), or why nothing can meet it in this product. A code without an entry
 * fails here (and does not compile), and the entries are checked against the code: a route must
 * exist, a code said to be answered must be named in the server's or the contract's sources (or in
 * main's and the renderer's for the console's own), and a code said never to occur must be named
 * in none of the server's sources.
 */

/** Server routes outside the contract's table (multipart, files). */
const uploadRoute = `POST ${MEDIA_UPLOAD_PATH}`;

type Origin =
  /** Answered by these routes (examples where many do). */
  | { readonly routes: readonly (RouteId | typeof uploadRoute)[] }
  /** Answered by any route, from the server's one error handler. */
  | { readonly anyRoute: string }
  /** Raised by the console itself (main's API client, its media service, the renderer). */
  | { readonly console: string }
  /** Nothing in this product can meet it, and why. */
  | { readonly never: string };

const origins: { readonly [N in ErrorCodeName]: Origin } = {
  Success: { anyRoute: 'code 0: every route that succeeds' },
  ParamInvalid: { anyRoute: 'input a route’s schemas refuse, when the mistakes have no code of their own (contract/validation-codes.ts) or are of several kinds' },
  NetworkFailed: { console: 'main’s API client when the server cannot be reached; the renderer when main (the browser edition’s host) cannot' },
  DatabaseFailure: { anyRoute: 'a database failure the caller did not cause (http/error-handler.ts); the delivery API’s outage answer' },
  EncryptionError: { routes: ['transactions.lookup', 'webhooks.test'] },
  InternalError: { anyRoute: 'anything else that fails while serving a request' },
  TooManyRequests: { routes: ['auth.login', 'auth.requestPasswordReset', 'delivery.config'] },
  RouteNotFound: { anyRoute: 'a path no route serves (the not-found handler); main refuses a route id the contract lacks' },
  Timeout: { console: 'main’s API client when the server does not answer in time' },
  Offline: { console: 'the renderer refuses a change while the console is offline (data/online.ts)' },
  SignatureMissing: { routes: ['delivery.previewConfig', 'delivery.previewRules'] },
  SignatureInvalid: { routes: ['delivery.previewConfig', 'delivery.previewRules'] },
  SignatureExpired: { routes: ['delivery.previewConfig', 'delivery.previewRules'] },
  HeaderInvalid: { anyRoute: 'a request with an `Expect` other than 100-continue (http/raw-refusals.ts); the headers a route reads have codes of their own' },
  WrongCredentials: { routes: ['auth.login'] },
  WrongVerificationCode: { routes: ['auth.resetPassword'] },
  PasswordRule: { routes: ['auth.changePassword', 'auth.resetPassword', 'users.create'] },
  TokenInvalid: { routes: ['auth.me'] },
  SignedInElsewhere: { routes: ['auth.me'] },
  TokenError: { routes: ['auth.me'] },
  EmailNotRegistered: {
    never: 'a sign-in with an unknown email is answered 101001 like a wrong password, so the sign-in page does not tell who has an account; a reset for an unknown email is 101011',
  },
  TokenExpired: { routes: ['auth.me'] },
  EmailNotRegisteredForReset: { routes: ['auth.requestPasswordReset'] },
  EmailAlreadyRegistered: { routes: ['users.create'] },
  CurrentPasswordWrong: { routes: ['auth.changePassword'] },
  PasswordUnchanged: { routes: ['auth.changePassword', 'auth.resetPassword'] },
  UserNotFound: {
    never: 'every route that names a user names a member of the project (members, teams, app roles) and refuses anyone else with 102022, whether the account exists or not: telling them apart would let a project member probe other accounts',
  },
  TooManySignInAttempts: { routes: ['auth.login'] },
  EmailFormat: { routes: ['auth.login', 'invitations.create', 'auth.requestPasswordReset'] },
  NoModificationDuringPush: { never: 'the console sends no pushes (spec §1 "push" is a universal tool not built), so no change can meet one in progress' },
  AppNameEmpty: { routes: ['apps.create', 'apps.update'] },
  SkuExists: { routes: ['skus.create', 'skus.update'] },
  SkuNotFound: { routes: ['skus.get', 'subscriptionPages.publish'] },
  EntitlementExists: { routes: ['entitlements.create'] },
  EntitlementNotFound: { routes: ['entitlements.get', 'unlocks.create'] },
  OfferingExists: { routes: ['offerings.create'] },
  OfferingNotFound: { routes: ['offerings.get'] },
  AlreadyLinked: { routes: ['entitlements.linkSku', 'teams.linkApp'] },
  NotLinked: { routes: ['entitlements.unlinkSku'] },
  ForceDeleteRequired: { routes: ['skus.delete', 'entitlements.delete'] },
  PackageNameDuplicate: { routes: ['apps.create'] },
  CredentialFileInvalid: { routes: ['apps.putStoreCredentials'] },
  CredentialFileMissing: { routes: ['transactions.lookup', 'transactions.import'] },
  CardProviderConfigInvalid: { routes: ['apps.putCardPayment'] },
  AppNameDuplicate: { routes: ['apps.create'] },
  ItemNameDuplicate: {
    never: 'what a configuration kind or a resource keeps unique may be several fields, not a name alone, and its duplicate is answered with the code it declares (108001 “content already exists” unless the spec has one of its own, as apps 102015 and SKUs 102002)',
  },
  NotProjectMember: { routes: ['projects.get'] },
  NoEmailServiceConfig: { never: 'the server always has a mailer: SMTP when configured, else the outbox table (server/src/app.ts), so no mail fails for want of configuration' },
  ProjectNotFound: { routes: ['projects.get'] },
  AppNotFound: { routes: ['apps.get', 'clientKeys.list'] },
  ProjectNameDuplicate: { routes: ['projects.create'] },
  MemberNotFound: { routes: ['members.update', 'teams.addMember'] },
  PackageUrlInvalid: { never: 'installation packages (a universal tool of spec §1) are not built: no route takes a package URL' },
  PackageUrlDuplicate: { never: 'installation packages (a universal tool of spec §1) are not built: no route takes a package URL' },
  RevenueDataUnavailable: { never: 'overview and charts (spec §1) are not built: no route answers revenue data' },
  TimeScopeInvalid: { never: 'no data query of the console takes a time scope to check: the transactions list’s from and to are separate filters, and a range that holds nothing answers an empty page' },
  UserAppDataUnavailable: { never: 'a customer’s data are the transactions stored here; a customer the server does not know is 201001' },
  RoleExists: { routes: ['roles.create'] },
  RoleNotFound: { routes: ['roles.get'] },
  RoleInUse: { routes: ['roles.delete'] },
  InvitationRepeated: { routes: ['invitations.create'] },
  InvitationNotFound: { routes: ['invitations.accept'] },
  InvitationAccepted: { routes: ['invitations.accept'] },
  ResetNotAllowed: { never: 'every account may reset its password; a refused reset is about the code (101002), the rules (101003, 101014) or too many requests (1006)' },
  AppIdInvalid: { routes: ['teams.unlinkApp', 'transactions.lookup'] },
  Unauthorized: { routes: ['auth.me', uploadRoute] },
  Forbidden: { routes: ['mail.outbox', 'subscriptionPages.approve'] },
  NoReadPermission: { routes: ['audit.list'] },
  InvitationEmailMismatch: { routes: ['invitations.accept'] },
  OwnerRoleLocked: { routes: ['members.update'] },
  AlreadyMember: { routes: ['invitations.create', 'invitations.accept'] },
  ClientKeyInvalid: { routes: ['delivery.config', 'delivery.entitlements', 'delivery.feedback'] },
  SubscriptionDuplicate: { never: 'subscription pages are items of the configuration store: a second page may offer the same plans, and one with the same name is refused as content that exists (108001)' },
  SubscriptionPackageMissing: { never: 'a plan naming a product the project has no SKU for is refused with the reference’s own code at publish (102003); there is no separate package entity' },
  SubscriptionNotOnline: { routes: ['subscriptionPages.unpublish', 'popups.unpublish'] },
  SubscriptionStatusForbids: { routes: ['subscriptionPages.promote', 'subscriptionPages.delete', 'unlocks.approve'] },
  SubscriptionPackageUnchanged: { routes: ['subscriptionPages.publish'] },
  ApprovalRequired: { routes: ['subscriptionPages.publish'] },
  ApproverIsEditor: { routes: ['subscriptionPages.approve', 'unlocks.approve'] },
  TeamExists: { routes: ['teams.create'] },
  TeamNotFound: { routes: ['teams.get'] },
  NotTeamMember: { routes: ['teams.removeMember'] },
  NotTeamAdmin: { routes: ['teams.addMember'] },
  TeamAppMissing: { routes: ['teams.unlinkApp'] },
  TeamMemberExists: { routes: ['teams.addMember'] },
  ContentExists: { routes: ['countries.create', 'subscriptionPages.create', 'segments.create'] },
  DataMissing: { routes: ['popups.get', 'countries.get', 'previewLinks.resolve'] },
  TaskGenerating: { console: 'main’s media service when a file is being uploaded already' },
  FileUploadFailed: { routes: [uploadRoute] },
  FileReadFailed: { routes: [uploadRoute] },
  RangeNotSatisfiable: { anyRoute: 'GET /api/v1/media/:name with a Range beyond the end of the file (416)' },
  DiscountCodeIncomplete: { never: 'coupons and discount codes (spec §1 Management) are not built: no route takes a discount code' },
  VersionConflict: { routes: ['skus.update', 'subscriptionPages.saveDraft', 'projects.update'] },
  FileTooLarge: { routes: [uploadRoute] },
  FileTypeNotAllowed: { routes: [uploadRoute] },
  DimensionExact: { routes: [uploadRoute] },
  DimensionMax: { routes: [uploadRoute] },
  RatioMismatch: { routes: [uploadRoute] },
  SizeMismatch: { never: 'no configuration kind pairs a still with the video it stands for yet; contract/media.ts checkSizeMatch is ready for the first one' },
  MediaRequired: { routes: ['startPages.publish'] },
  DurationTooLong: { routes: [uploadRoute] },
  ContentTypeMismatch: { routes: [uploadRoute] },
  PageConfigNotFound: { never: 'a subscription page’s configuration is its item in the configuration store: a missing one is 230001, the spec’s subscribe-page code' },
  PageNotFound: { never: 'pages are subscription pages here: a missing one is 230001, the spec’s subscribe-page code' },
  PageConfigInvalid: { routes: ['subscriptionPages.publish'] },
  BindingExists: { never: 'entitlements bind to SKUs through links: a link made twice is 102008, the spec’s link code' },
  BindingNotFound: { never: 'entitlements bind to SKUs through links: a link that is not there is 102009, the spec’s link code' },
  TransactionExists: { routes: ['transactions.import'] },
  OrderBound: { never: 'orders are the stores’ transactions, bound to nothing but their customer; a transaction met twice is 130001' },
  NoMatchingOrder: { routes: ['transactions.lookup', 'transactions.get'] },
  ReceiptParseError: { routes: ['transactions.lookup'] },
  PaymentError: { never: 'the console takes no payments: purchases happen in the stores, which report them (130xxx, 170xxx)' },
  OrderCancelled: { never: 'a cancelled order is a transaction’s status the stores report, shown as such, never a refusal' },
  GoogleError: { routes: ['transactions.lookup', 'hooks.google'] },
  AppleError: { routes: ['transactions.lookup', 'hooks.apple'] },
  EmailProviderError: { routes: ['invitations.create', 'auth.requestPasswordReset'] },
  CardProviderError: { never: 'the console stores a card payment provider’s settings (102014 when invalid) but never calls the provider' },
  WebhookUnreachable: { routes: ['webhooks.test'] },
  WebhookTimeout: { routes: ['webhooks.test'] },
  AppleSignatureInvalid: { routes: ['hooks.apple', 'transactions.lookup'] },
  AppleAppMismatch: { routes: ['hooks.apple', 'transactions.lookup'] },
  AppleEnvironmentRefused: { routes: ['hooks.apple'] },
  GoogleNotificationInvalid: { routes: ['hooks.google'] },
  GooglePackageMismatch: { routes: ['hooks.google'] },
  AppleAppIdMissing: { routes: ['hooks.apple', 'transactions.lookup'] },
  GooglePurchaseUnknown: { routes: ['hooks.google'] },
  AppUserNotFound: { routes: ['customers.get', 'unlocks.create'] },
  AppUserExists: { never: 'app users (customers) are created by their first transaction, never by hand, so none is created twice' },
  ProductNotFound: { never: 'the store products are the SKUs: a missing one is 102003' },
  ProductExists: { never: 'the store products are the SKUs: a duplicate is 102002' },
  EquityNotFound: { routes: ['unlocks.revoke'] },
  EquityExists: { routes: ['unlocks.create'] },
  SubscribePageNotFound: { routes: ['subscriptionPages.get'] },
  DraftNotFound: { never: 'every configuration item has its draft from its creation on; a missing item is its kind’s not-found code' },
};

const repo = resolve(__dirname, '..', '..');

/** The sources of some folders, as one text (catalogue and translations left out). */
function sourcesOf(...folders: string[]): string {
  const texts: string[] = [];
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'i18n') visit(join(path, entry));
    } else if (/\.tsx?$/.test(path) && !path.endsWith(join('contract', 'errors.ts'))) {
      texts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const folder of folders) visit(join(repo, folder));
  return texts.join('\n');
}

const serverSide = sourcesOf('server/src', 'contract');
const serverOnly = sourcesOf('server/src');
const consoleSide = sourcesOf('main/src', 'renderer/src');
const named = (text: string, name: string) => new RegExp(`ErrorCode\\.${name}\\b`).test(text);

describe('the error catalogue, code by code', () => {
  const names = Object.keys(ErrorCode) as ErrorCodeName[];

  it('has an origin for every code, and no origin for a code it lacks', () => {
    expect(names.filter((name) => !(name in origins))).toEqual([]);
    expect(Object.keys(origins).filter((name) => !(name in ErrorCode))).toEqual([]);
    expect([...errorCatalogue.keys()].sort((a, b) => a - b)).toEqual(names.map((name) => ErrorCode[name]).sort((a, b) => a - b));
  });

  it.each(names.map((name) => [`${ErrorCode[name]} ${name}`, name] as const))('%s: its origin holds', (_, name) => {
    const origin = origins[name];
    if ('routes' in origin) {
      expect(origin.routes.length).toBeGreaterThan(0);
      for (const route of origin.routes) expect(route === uploadRoute || isRouteId(route), `${route} is a route`).toBe(true);
      expect(named(serverSide, name), `the server or the contract names ${name}`).toBe(true);
    } else if ('anyRoute' in origin) {
      expect(origin.anyRoute.length).toBeGreaterThan(10);
      if (ErrorCode[name] !== ErrorCode.Success) expect(named(serverSide, name), `the server names ${name}`).toBe(true);
    } else if ('console' in origin) {
      expect(origin.console.length).toBeGreaterThan(10);
      expect(named(consoleSide, name), `main or the renderer names ${name}`).toBe(true);
    } else {
      expect(origin.never.length).toBeGreaterThan(10);
      expect(named(serverOnly, name), `the server raises ${name}, which the table says cannot occur`).toBe(false);
    }
  });
});
