import { z } from 'zod';
import { emailSchema } from '@contract/validation';

/**
 * The sign-in form's rules (the contract's email rule, a password of at most 256 characters). Their
 * own chunk: the sign-in screen shows without the schema library, which loads as the operator
 * starts typing (issue 12's budget).
 */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'validation.required' }).max(256, { error: 'validation.lengthMax' }),
});
