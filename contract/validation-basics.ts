/**
 * The limits of spec §5 and §9 and the message map of a missing or mistyped value, without the
 * schema library: contract/validation.ts builds its zod rules from them, and the sign-in rules
 * (contract/sign-in.ts, in zod/mini) share them without loading zod's full API on the sign-in screen.
 */

export const limits = {
  nameZh: 64,
  nameOther: 128,
  email: 320,
  url: 2048,
  passwordMin: 8,
  passwordMax: 16,
  mixedMaterialsMin: 2,
  verificationCode: 6,
  appVersion: 64,
  jsonText: 1_000_000,
} as const;

/**
 * Error map for a base type: `validation.required` when the value is missing, else `validation.type`.
 *
 * A form that never sent a field should read "required", not "wrong type"; zod reports both as
 * `invalid_type`, so the difference is made here, where the input is still known.
 */
export function requiredOrType(issue: { readonly input?: unknown }): string {
  return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.type';
}
