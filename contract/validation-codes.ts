import { type FieldErrors } from './envelope';
import { ErrorCode } from './errors';

/**
 * The spec's own codes of particular input mistakes (spec §8), answered instead of the general
 * 1000 "parameter verification failed": an email that is not one is 101021, a password that breaks
 * the rule 101003, an app without a name 102001, a subscription page published incomplete 109003
 * (issue 12).
 *
 * The refusal keeps its field errors either way: forms put each mistake under its field as before,
 * and a form that shows a code's own message at the field for a specific code (renderer/src/forms/
 * submit-errors.ts) now does so for these. The code is specific only when every field error of the
 * refusal is the same kind of mistake; a refusal with mixed mistakes stays 1000, since one code
 * cannot name them all. The server's error handler and main's own input check (which refuses bad
 * input before it leaves the computer) both answer through `refusalCode`.
 */

export interface ValidationCodeRule {
  readonly code: number;
  /** The field errors' message keys the rule takes (`any`: every mistake, on its routes). */
  readonly keys: readonly string[] | 'any';
  /** The last segment of the field's path, when the mistake means the code only for some fields. */
  readonly field?: RegExp;
  /** The routes the rule holds on (all routes when absent). */
  readonly routes?: readonly string[];
}

export const validationCodeRules: readonly ValidationCodeRule[] = [
  // 101021: sign-in, registration, an invitation, a password reset, an account's email.
  { code: ErrorCode.EmailFormat, keys: ['validation.email'], field: /email$/i },
  // 101003: the password rule of spec §5 (8-16 letters and digits), wherever a password is set.
  { code: ErrorCode.PasswordRule, keys: ['validation.password'] },
  // 101002: a verification code that cannot be one (six digits) is an incorrect code.
  { code: ErrorCode.WrongVerificationCode, keys: ['validation.verificationCode'] },
  // 102001: an app created or renamed without a name.
  { code: ErrorCode.AppNameEmpty, keys: ['validation.required'], field: /^name$/, routes: ['apps.create', 'apps.update'] },
  // 105008: an app id that is no id (a path or body `appId`).
  { code: ErrorCode.AppIdInvalid, keys: ['validation.id'], field: /^appId$/ },
  // 108016: a start page published with neither its picture nor its video.
  { code: ErrorCode.MediaRequired, keys: ['validation.mediaRequired'] },
  // 109003: a subscription page whose configuration is not complete, refused at publish.
  { code: ErrorCode.PageConfigInvalid, keys: 'any', routes: ['subscriptionPages.publish'] },
];

function ruleOf(path: string, key: string, routeId: string | undefined): ValidationCodeRule | undefined {
  const field = path.split('.').at(-1) ?? path;
  return validationCodeRules.find(
    (rule) => (rule.keys === 'any' || rule.keys.includes(key)) && (!rule.field || rule.field.test(field)) && (!rule.routes || (routeId !== undefined && rule.routes.includes(routeId))),
  );
}

/**
 * The code a refusal of these field errors answers on `routeId`: a rule's code when every field
 * error is that rule's mistake, else 1000.
 */
export function refusalCode(fieldErrors: FieldErrors | undefined, routeId?: string): number {
  const entries = Object.entries(fieldErrors ?? {});
  if (entries.length === 0) return ErrorCode.ParamInvalid;
  const codes = new Set(entries.map(([path, error]) => ruleOf(path, error.key, routeId)?.code ?? ErrorCode.ParamInvalid));
  return codes.size === 1 ? ([...codes][0] as number) : ErrorCode.ParamInvalid;
}
