import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { anyEnvelopeSchema, type Envelope } from '@contract/envelope';
import { errorCatalogue, errorEntry } from '@contract/errors';
import { buildApp, type AppDeps, type BuiltApp } from '../../../server/src/app';
import { PasswordHasher, type PasswordHashingOptions } from '../../../server/src/domains/auth/passwords';
import { AuthRepository } from '../../../server/src/domains/auth/repository';
import type { DatabaseHandle } from '../../../server/src/db/client';
import type { Mail, Mailer } from '../../../server/src/mail/mailer';

/**
 * Argon2id at minimal cost, for unit tests only: the app's default stays at OWASP level (the
 * process test and the hashing test check that).
 */
export const FAST_HASHING: PasswordHashingOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A clock tests move by hand. */
export class FakeClock {
  private current: number;
  constructor(start = Date.parse('2030-01-01T00:00:00Z')) {
    this.current = start;
  }
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

/** An app on the given database with a fake clock and cheap hashing, unless overridden. */
export async function createTestApp(database: DatabaseHandle, overrides: Partial<AppDeps> = {}): Promise<BuiltApp & { clock: FakeClock }> {
  const clock = new FakeClock();
  const built = await buildApp({ database, clock: clock.now, passwordHashing: FAST_HASHING, ...overrides });
  return { ...built, clock };
}

let counter = 0;
/** A unique email per call, so tests sharing one database never collide. */
/** A mailer that keeps every mail it is given, in order, instead of sending it. */
export function recordingMailer(): { readonly mailer: Mailer; readonly mails: Mail[] } {
  const mails: Mail[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (mail) => {
      mails.push(mail);
    },
    close: () => undefined,
  };
  return { mailer, mails };
}

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@palette.test`;
}

/** Inserts an operator or administrator directly (there is no user-creation route yet). */
export async function createUser(
  database: DatabaseHandle,
  values: { email?: string; password?: string; role?: 'admin' | 'operator'; name?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = values.email ?? uniqueEmail();
  const password = values.password ?? 'Passw0rd42';
  const row = await new AuthRepository(database.db).insertUser({
    email,
    name: values.name ?? 'Test User',
    role: values.role ?? 'operator',
    passwordHash: await new PasswordHasher(FAST_HASHING).hash(password),
    now: new Date(),
  });
  if (!row) throw new Error(`could not create ${email}`);
  return { id: row.id, email, password };
}

/** Signs in over the app and returns the token (fails the test if sign-in is refused). */
export async function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '10.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });
  const body = response.json<Envelope<{ token: string }>>();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return (body.data as { token: string }).token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Checks that a reply is a well-formed envelope whose HTTP status is the one the catalogue gives its
 * code, and returns it.
 */
export function expectEnvelope(response: LightMyRequestResponse): Envelope {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = anyEnvelopeSchema.parse(response.json());
  expect(errorCatalogue.has(body.code), `code ${body.code} is in the catalogue`).toBe(true);
  expect(response.statusCode, `status of code ${body.code}`).toBe(body.code === 0 ? 200 : errorEntry(body.code).status);
  if (body.code === 0) expect(body.message).toBe('ok');
  return body as Envelope;
}

/** The envelope code of a reply (after checking the envelope). */
export function codeOf(response: LightMyRequestResponse): number {
  return expectEnvelope(response).code;
}
