import { z } from 'zod';

/**
 * Validation rules of spec §5 and §9 as reusable zod pieces.
 *
 * Every refusal's message is an i18n key of the `validation` namespace (contract/i18n), so the same
 * schema gives the same localized message on the server (as `fieldErrors`) and in a console form.
 */

export const limits = {
  nameZh: 64,
  nameOther: 128,
  email: 320,
  url: 2048,
  passwordMin: 8,
  passwordMax: 16,
  mixedMaterialsMin: 2,
} as const;

/** An email address of at most 320 characters. */
export const emailSchema = z
  .string({ error: 'validation.type' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(limits.email, { error: 'validation.emailLength' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((s) => s.toLowerCase());

/** Password: 8-16 English letters and digits (spec §5). */
export const passwordSchema = z
  .string({ error: 'validation.type' })
  .regex(/^[A-Za-z0-9]{8,16}$/, { error: 'validation.password' });
