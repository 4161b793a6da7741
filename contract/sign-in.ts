import { regexes, type $ZodIssue } from 'zod/v4/core';
import { limits } from './validation-basics';

/**
 * The sign-in form's rules, without a schema library: the first thing an operator types into, on a
 * screen whose script budget (issue 12, issue 18 §6: sign-in and the first console screen together
 * within 400 KB) cannot carry zod (about 27 KB gzipped, and zod's core shared with the console's
 * forms cannot be tree-shaken for one form). They apply the contract's `emailSchema`
 * (contract/validation.ts) step by step — trim, required, at most 320 characters, zod's own email
 * pattern, lower case — and report zod's issues, so a form reads them like any schema's.
 * tests/contract/sign-in.test.ts holds them to `emailSchema`'s verdict, output and message on every
 * input it tries. The server checks sign-in with the contract's zod schemas, as always.
 */

type SignInIssue = $ZodIssue;
type Parsed<T> = { readonly success: true; readonly data: T } | { readonly success: false; readonly error: { readonly issues: SignInIssue[] } };

function requiredOrType(path: string, input: unknown): SignInIssue {
  const missing = input === undefined || input === null;
  return { code: 'invalid_type', expected: 'string', path: [path], message: missing ? 'validation.required' : 'validation.type', input } as SignInIssue;
}

/** The contract's email rule: the address trimmed and lower-cased, or the issue that refuses it. */
function checkEmail(input: unknown): { ok: true; value: string } | { ok: false; issue: SignInIssue } {
  if (typeof input !== 'string') return { ok: false, issue: requiredOrType('email', input) };
  const value = input.trim();
  if (value.length < 1) return { ok: false, issue: { code: 'too_small', origin: 'string', minimum: 1, inclusive: true, path: ['email'], message: 'validation.required', input: value } as SignInIssue };
  if (value.length > limits.email) {
    return { ok: false, issue: { code: 'too_big', origin: 'string', maximum: limits.email, inclusive: true, path: ['email'], message: 'validation.emailLength', input: value } as SignInIssue };
  }
  if (!regexes.email.test(value)) {
    return { ok: false, issue: { code: 'invalid_format', format: 'email', pattern: regexes.email.source, origin: 'string', path: ['email'], message: 'validation.email', input: value } as SignInIssue };
  }
  return { ok: true, value: value.toLowerCase() };
}

/** The email rule alone, parsed like a schema (for the test that holds it to `emailSchema`). */
export const signInEmailRule = {
  safeParse(input: unknown): Parsed<string> {
    const checked = checkEmail(input);
    return checked.ok ? { success: true, data: checked.value } : { success: false, error: { issues: [{ ...checked.issue, path: [] }] } };
  },
};

/** The sign-in form: the contract's email rule and a password of 1 to 256 characters. */
export const signInSchema = {
  safeParse(values: unknown): Parsed<{ email: string; password: string }> {
    const record = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
    const issues: SignInIssue[] = [];
    const email = checkEmail(record.email);
    if (!email.ok) issues.push(email.issue);
    const password = record.password;
    if (typeof password !== 'string') issues.push(requiredOrType('password', password));
    else if (password.length < 1) issues.push({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, path: ['password'], message: 'validation.required', input: password } as SignInIssue);
    else if (password.length > 256) issues.push({ code: 'too_big', origin: 'string', maximum: 256, inclusive: true, path: ['password'], message: 'validation.lengthMax', input: password } as SignInIssue);
    if (issues.length > 0 || !email.ok || typeof password !== 'string') return { success: false, error: { issues } };
    return { success: true, data: { email: email.value, password } };
  },
};
