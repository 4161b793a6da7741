import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildPath, routes, type RouteId } from '@contract/api';
import type { Envelope } from '@contract/envelope';
import type { MemberRole } from '@contract/permissions';
import { projectMembers } from '../../../server/src/db/schema';
import type { DatabaseHandle } from '../../../server/src/db/client';
import { createUser, expectEnvelope, signIn, uniqueEmail } from './app';

/** One call's input, the way the console passes it to `api.call`. */
export interface CallInput {
  readonly params?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
}

/** A reply: the checked envelope, its HTTP status and headers, and the raw text (for secret scans). */
export interface Reply<T = unknown> {
  readonly status: number;
  readonly envelope: Envelope<T>;
  readonly raw: string;
  readonly headers: LightMyRequestResponse['headers'];
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every raw reply body a test saw, so a test can scan all of them for a secret. */
export const seenReplies: string[] = [];

/**
 * Calls a contract route by id, as the console does through main: the path from the route table,
 * the token as bearer. Checks the envelope (status matches code) and remembers the raw reply.
 */
export async function call<T = unknown>(app: FastifyInstance, token: string | undefined, id: RouteId, input: CallInput = {}): Promise<Reply<T>> {
  const def = routes[id];
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const response: LightMyRequestResponse = await app.inject({
    method: def.method,
    url: buildPath(def.path, input.params) + queryString(input.query),
    headers,
    remoteAddress: '10.20.0.1',
    ...(payload === undefined ? {} : { payload }),
  });
  seenReplies.push(response.body);
  const envelope = expectEnvelope(response) as Envelope<T>;
  return { status: response.statusCode, envelope, raw: response.body, headers: response.headers };
}

/** Calls a route and expects success; answers its data. */
export async function ok<T = Record<string, unknown>>(app: FastifyInstance, token: string | undefined, id: RouteId, input: CallInput = {}): Promise<T> {
  const reply = await call<T>(app, token, id, input);
  expect(reply.envelope.code, `${id}: ${reply.raw}`).toBe(0);
  return reply.envelope.data as T;
}

/** Calls a route and answers its envelope code. */
export async function codeOfCall(app: FastifyInstance, token: string | undefined, id: RouteId, input: CallInput = {}): Promise<number> {
  return (await call(app, token, id, input)).envelope.code;
}

/** A signed-in operator. */
export interface Operator {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

/** Creates an account and signs it in. */
export async function operator(app: FastifyInstance, database: DatabaseHandle, values: { role?: 'admin' | 'operator'; name?: string } = {}): Promise<Operator> {
  const user = await createUser(database, { email: uniqueEmail(values.role ?? 'operator'), role: values.role ?? 'operator', name: values.name ?? 'Test Operator' });
  return { ...user, token: await signIn(app, user.email, user.password) };
}

/** Makes a user a member of a project directly (fixtures; the real way is an invitation). */
export async function addMember(database: DatabaseHandle, projectId: string, userId: string, role: MemberRole): Promise<void> {
  const now = new Date();
  await database.db.insert(projectMembers).values({ projectId, userId, role, createdAt: now, updatedAt: now });
}

/** A project with an owner and one member of every other role, plus a signed-in outsider and a global admin. */
export interface ProjectTeam {
  readonly projectId: string;
  readonly owner: Operator;
  readonly admin: Operator;
  readonly editor: Operator;
  readonly viewer: Operator;
  readonly outsider: Operator;
  readonly globalAdmin: Operator;
}

let projectCounter = 0;

/** A unique project name per call. */
export function uniqueProjectName(prefix = 'Project'): string {
  projectCounter += 1;
  return `${prefix} ${process.pid}-${projectCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates a project through the API and gives it a member of every role. */
export async function projectWithTeam(app: FastifyInstance, database: DatabaseHandle): Promise<ProjectTeam> {
  const [owner, admin, editor, viewer, outsider, globalAdmin] = [
    await operator(app, database, { name: 'Owner' }),
    await operator(app, database, { name: 'Admin' }),
    await operator(app, database, { name: 'Editor' }),
    await operator(app, database, { name: 'Viewer' }),
    await operator(app, database, { name: 'Outsider' }),
    await operator(app, database, { role: 'admin', name: 'Global Admin' }),
  ] as [Operator, Operator, Operator, Operator, Operator, Operator];
  const project = await ok<{ id: string }>(app, owner.token, 'projects.create', { body: { name: uniqueProjectName() } });
  await addMember(database, project.id, admin.id, 'admin');
  await addMember(database, project.id, editor.id, 'editor');
  await addMember(database, project.id, viewer.id, 'viewer');
  return { projectId: project.id, owner, admin, editor, viewer, outsider, globalAdmin };
}
