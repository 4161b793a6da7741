import { z } from 'zod';
import { emailSchema, passwordSchema, limits, verificationCodeSchema } from '../validation';
import { listPageSchema, listQuerySchema } from '../envelope';
import { defineRoute } from './route';

export const userRoleSchema = z.enum(['admin', 'operator']);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const signInRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});
export type SignInRecord = z.infer<typeof signInRecordSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const authRoutes = {
  'auth.login': defineRoute({
    method: 'POST',
    path: '/api/v1/auth/login',
    auth: 'public',
    summary: 'Sign in with email and password; replaces any earlier session of the user.',
    tags: ['auth'],
    body: z.object({ email: emailSchema, password: z.string().max(256) }),
    output: z.object({ token: z.string(), expiresAt: z.string(), user: userSchema }),
    sessionOnly: true,
  }),
  'auth.logout': defineRoute({
    method: 'POST',
    path: '/api/v1/auth/logout',
    auth: 'user',
    summary: 'End the current session.',
    tags: ['auth'],
    output: z.null(),
  }),
  'auth.me': defineRoute({
    method: 'GET',
    path: '/api/v1/auth/me',
    auth: 'user',
    summary: 'The signed-in operator.',
    tags: ['auth'],
    output: userSchema,
  }),
  'auth.updateProfile': defineRoute({
    method: 'PATCH',
    path: '/api/v1/auth/me',
    auth: 'user',
    summary: 'Change the signed-in operator’s display name.',
    tags: ['auth'],
    body: z.object({
      name: z.string().trim().min(1, { error: 'validation.required' }).max(limits.nameOther, { error: 'validation.nameLength' }),
      version: z.number().int().min(0),
    }),
    output: userSchema,
  }),
  'auth.changePassword': defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password',
    auth: 'user',
    summary: 'Change the password; every other session of the user ends.',
    tags: ['auth'],
    body: z.object({ currentPassword: z.string().max(256), newPassword: passwordSchema }),
    output: z.null(),
  }),
  'auth.requestPasswordReset': defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password-reset/request',
    auth: 'public',
    summary: 'Email a six-digit verification code for a password reset.',
    tags: ['auth'],
    body: z.object({ email: emailSchema }),
    output: z.null(),
  }),
  'auth.resetPassword': defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm',
    auth: 'public',
    summary: 'Set a new password with the emailed verification code.',
    tags: ['auth'],
    body: z.object({ email: emailSchema, code: verificationCodeSchema, newPassword: passwordSchema }),
    output: z.null(),
  }),
  'auth.signIns': defineRoute({
    method: 'GET',
    path: '/api/v1/auth/sign-ins',
    auth: 'user',
    summary: 'The signed-in operator’s recent sign-in attempts.',
    tags: ['auth'],
    query: listQuerySchema,
    output: listPageSchema(signInRecordSchema),
  }),
  'mail.outbox': defineRoute({
    method: 'GET',
    path: '/api/v1/mail/outbox',
    auth: 'user',
    summary: 'Mail kept by the embedded server when no SMTP server is configured (administrators only).',
    tags: ['mail'],
    query: listQuerySchema,
    output: listPageSchema(outboxMailSchema),
  }),
} as const;
