import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { $ZodIssue } from 'zod/v4/core';
import { zodIssuesToFieldErrors } from '@contract/field-errors';
import { signInEmailRule, signInSchema } from '@contract/sign-in';
import { emailSchema, limits } from '@contract/validation';

/** A rule's verdict on one input: the output, or the field errors a form would show. */
function verdict(schema: { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: $ZodIssue[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: zodIssuesToFieldErrors(result.error.issues, { input: value }) };
}

/** An address of exactly the limit's length (320): a 64-character local part and labels of at most 63. */
const atLimit = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(59)}.com`;

describe('the sign-in rules without a schema library (contract/sign-in.ts)', () => {
  it('give the contract email rule’s verdict, output and message on chosen inputs', () => {
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      '',
      '   ',
      'operator@palette.local',
      '  Operator@Palette.LOCAL  ',
      'not-an-email',
      'a@b',
      'a@b.co',
      '邮件@例子.中国',
      atLimit,
      `${atLimit}m`,
      `x${'y'.repeat(limits.email)}@palette.local`,
    ];
    expect(atLimit).toHaveLength(limits.email);
    for (const input of inputs) expect(verdict(signInEmailRule, input), JSON.stringify(input)).toEqual(verdict(emailSchema, input));
  });

  it('give the contract email rule’s verdict on any string, and on strings shaped like addresses', () => {
    const addressLike = fc
      .tuple(fc.string({ maxLength: 70 }), fc.constantFrom('@', '@@', ''), fc.string({ maxLength: 70 }), fc.constantFrom('.com', '.cn', '', '.'))
      .map(([a, at, b, tld]) => `${a}${at}${b}${tld}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), addressLike, fc.emailAddress()), (input) => {
        expect(verdict(signInEmailRule, input)).toEqual(verdict(emailSchema, input));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuse a missing password as required, and one of 257 characters as too long (256 passes)', () => {
    const email = 'operator@palette.local';
    expect(verdict(signInSchema, { email })).toEqual({ ok: false, errors: { password: expect.objectContaining({ key: 'validation.required' }) } });
    expect(verdict(signInSchema, { email, password: '' })).toMatchObject({ ok: false, errors: { password: { key: 'validation.required' } } });
    expect(verdict(signInSchema, { email, password: 'p'.repeat(256) })).toEqual({ ok: true, data: { email, password: 'p'.repeat(256) } });
    expect(verdict(signInSchema, { email, password: 'p'.repeat(257) })).toMatchObject({ ok: false, errors: { password: { key: 'validation.lengthMax' } } });
  });
});
