/**
 * The error catalogue of spec §8: every numeric code the server or a client can answer with.
 *
 * Code 0 is success. Each entry names its i18n key (`errors.<key>` in contract/i18n) and the HTTP
 * status the server answers with. Where the spec gives only a range (102xxx, 105xxx, ...), the
 * numbers inside it are assigned here and documented in docs/errors.md; never reuse a number.
 */

export interface ErrorEntry {
  readonly code: number;
  readonly key: string;
  readonly status: number;
}

function entry(code: number, key: string, status: number): ErrorEntry {
  return { code, key, status };
}

export const ErrorCode = {
  Success: 0,
  // General (1xxx)
  ParamInvalid: 1000,
  NetworkFailed: 1001,
  DatabaseFailure: 1002,
  EncryptionError: 1004,
  InternalError: 1005,
  TooManyRequests: 1006,
  RouteNotFound: 1007,
  Timeout: 1008,
  Offline: 1009,
  // Signature and header (1002xx)
  SignatureMissing: 100203,
  SignatureInvalid: 100204,
  SignatureExpired: 100205,
  HeaderInvalid: 100208,
  // Login and user (101xxx)
  WrongCredentials: 101001,
  WrongVerificationCode: 101002,
  PasswordRule: 101003,
  TokenInvalid: 101005,
  SignedInElsewhere: 101006,
  TokenError: 101007,
  EmailNotRegistered: 101008,
  TokenExpired: 101009,
  EmailNotRegisteredForReset: 101011,
  EmailAlreadyRegistered: 101012,
  CurrentPasswordWrong: 101013,
  PasswordUnchanged: 101014,
  UserNotFound: 101016,
  TooManySignInAttempts: 101017,
  EmailFormat: 101021,
  NoModificationDuringPush: 101030,
  // Config (102xxx)
  AppNameEmpty: 102001,
  SkuExists: 102002,
  SkuNotFound: 102003,
  EntitlementExists: 102004,
  EntitlementNotFound: 102005,
  OfferingExists: 102006,
  OfferingNotFound: 102007,
  AlreadyLinked: 102008,
  NotLinked: 102009,
  ForceDeleteRequired: 102010,
  PackageNameDuplicate: 102011,
  CredentialFileInvalid: 102012,
  CredentialFileMissing: 102013,
  CardProviderConfigInvalid: 102014,
  AppNameDuplicate: 102015,
  ItemNameDuplicate: 102016,
  NotProjectMember: 102017,
  NoEmailServiceConfig: 102018,
  ProjectNotFound: 102019,
  AppNotFound: 102020,
  ProjectNameDuplicate: 102021,
  MemberNotFound: 102022,
  // Installation packages (103xxx)
  PackageUrlInvalid: 103001,
  PackageUrlDuplicate: 103002,
  // Data (104xxx)
  RevenueDataUnavailable: 104001,
  TimeScopeInvalid: 104002,
  UserAppDataUnavailable: 104003,
  // Role, invitation, reset, app id, authorization (105xxx)
  RoleExists: 105001,
  RoleNotFound: 105002,
  RoleInUse: 105003,
  InvitationRepeated: 105004,
  InvitationNotFound: 105005,
  InvitationAccepted: 105006,
  ResetNotAllowed: 105007,
  AppIdInvalid: 105008,
  Unauthorized: 105009,
  Forbidden: 105010,
  NoReadPermission: 105011,
  InvitationEmailMismatch: 105012,
  OwnerRoleLocked: 105013,
  AlreadyMember: 105014,
  ClientKeyInvalid: 105015,
  // Payment subscription (106xxx)
  SubscriptionDuplicate: 106001,
  SubscriptionPackageMissing: 106002,
  SubscriptionNotOnline: 106003,
  SubscriptionStatusForbids: 106004,
  SubscriptionPackageUnchanged: 106005,
  ApprovalRequired: 106006,
  ApproverIsEditor: 106007,
  // Team (107xxx)
  TeamExists: 107001,
  TeamNotFound: 107002,
  NotTeamMember: 107003,
  NotTeamAdmin: 107004,
  TeamAppMissing: 107005,
  TeamMemberExists: 107006,
  // Data and files (108xxx)
  ContentExists: 108001,
  DataMissing: 108002,
  TaskGenerating: 108003,
  FileUploadFailed: 108004,
  FileReadFailed: 108005,
  DiscountCodeIncomplete: 108006,
  VersionConflict: 108007,
  FileTooLarge: 108010,
  FileTypeNotAllowed: 108011,
  DimensionExact: 108012,
  DimensionMax: 108013,
  RatioMismatch: 108014,
  SizeMismatch: 108015,
  MediaRequired: 108016,
  DurationTooLong: 108017,
  ContentTypeMismatch: 108018,
  RangeNotSatisfiable: 108019,
  // Page config (109xxx)
  PageConfigNotFound: 109001,
  PageNotFound: 109002,
  PageConfigInvalid: 109003,
  // Entitlement bindings (110xxx)
  BindingExists: 110001,
  BindingNotFound: 110002,
  // Orders (130xxx)
  TransactionExists: 130001,
  OrderBound: 130002,
  NoMatchingOrder: 130003,
  ReceiptParseError: 130004,
  PaymentError: 130005,
  OrderCancelled: 130006,
  // Third parties (170xxx)
  GoogleError: 170001,
  AppleError: 170002,
  EmailProviderError: 170003,
  CardProviderError: 170004,
  WebhookUnreachable: 170005,
  WebhookTimeout: 170006,
  AppleSignatureInvalid: 170007,
  AppleAppMismatch: 170008,
  AppleEnvironmentRefused: 170009,
  GoogleNotificationInvalid: 170010,
  GooglePackageMismatch: 170011,
  AppleAppIdMissing: 170012,
  GooglePurchaseUnknown: 170013,
  // User, product, equity (201xxx, 202xxx, 210xxx)
  AppUserNotFound: 201001,
  AppUserExists: 201002,
  ProductNotFound: 202001,
  ProductExists: 202002,
  EquityNotFound: 210001,
  EquityExists: 210002,
  // Subscribe pages (230xxx)
  SubscribePageNotFound: 230001,
  DraftNotFound: 230002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

const statusByName: Partial<Record<ErrorCodeName, number>> = {
  Success: 200,
  ParamInvalid: 400,
  NetworkFailed: 503,
  DatabaseFailure: 500,
  EncryptionError: 500,
  InternalError: 500,
  TooManyRequests: 429,
  RouteNotFound: 404,
  Timeout: 504,
  Offline: 503,
  SignatureMissing: 401,
  SignatureInvalid: 401,
  SignatureExpired: 401,
  HeaderInvalid: 400,
  WrongCredentials: 401,
  WrongVerificationCode: 400,
  PasswordRule: 400,
  TokenInvalid: 401,
  SignedInElsewhere: 401,
  TokenError: 401,
  EmailNotRegistered: 404,
  TokenExpired: 401,
  EmailNotRegisteredForReset: 404,
  EmailAlreadyRegistered: 409,
  CurrentPasswordWrong: 400,
  PasswordUnchanged: 400,
  UserNotFound: 404,
  TooManySignInAttempts: 429,
  EmailFormat: 400,
  NoModificationDuringPush: 409,
  NotProjectMember: 403,
  NoEmailServiceConfig: 409,
  Unauthorized: 401,
  Forbidden: 403,
  NoReadPermission: 403,
  VersionConflict: 409,
  TaskGenerating: 409,
  // The announced hash and the bytes disagree: what the caller sent, so a 4xx (issue 18 §7).
  FileUploadFailed: 400,
  // A byte range beyond the end of a stored file: the standard status, so players and downloaders know.
  RangeNotSatisfiable: 416,
  GoogleError: 502,
  AppleError: 502,
  EmailProviderError: 502,
  CardProviderError: 502,
  InvitationEmailMismatch: 403,
  OwnerRoleLocked: 409,
  AlreadyMember: 409,
  ApproverIsEditor: 403,
  ClientKeyInvalid: 401,
  WebhookUnreachable: 502,
  WebhookTimeout: 504,
  NoMatchingOrder: 404,
  AppleSignatureInvalid: 401,
  AppleAppMismatch: 403,
  AppleEnvironmentRefused: 403,
  GoogleNotificationInvalid: 400,
  GooglePackageMismatch: 403,
  AppleAppIdMissing: 409,
  GooglePurchaseUnknown: 404,
};

/** Status for codes not listed above, by the word in their name. */
function defaultStatus(name: string): number {
  if (/NotFound|Missing|NotRegistered/.test(name)) return 404;
  if (/Exists|Duplicate|Repeated|Linked|InUse|Accepted|Bound|Cancelled|Conflict|Required|Forbids|Unchanged|NotOnline/.test(name)) {
    return 409;
  }
  return 400;
}

function keyOf(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Every catalogue entry, by code. */
export const errorCatalogue: ReadonlyMap<number, ErrorEntry> = new Map(
  (Object.entries(ErrorCode) as [ErrorCodeName, number][]).map(([name, code]) => [
    code,
    entry(code, keyOf(name), statusByName[name] ?? defaultStatus(name)),
  ]),
);

/** The catalogue entry of a code; unknown codes fall back to the internal error. */
export function errorEntry(code: number): ErrorEntry {
  return errorCatalogue.get(code) ?? (errorCatalogue.get(ErrorCode.InternalError) as ErrorEntry);
}

/** The i18n key (in the `errors` namespace) of a code. */
export function errorKey(code: number): string {
  return errorEntry(code).key;
}

/**
 * HTTP status texts of spec §8 ("mapped from 200 to 507 and 600"). 600 is the client's own status for a
 * reply it could not read.
 */
export const httpStatusKeys: readonly number[] = [
  200, 201, 202, 204, 400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 422, 429, 500, 501, 502, 503, 504, 505,
  507, 600,
];
