import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { createTestApp, expectEnvelope, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Issue 12: where the spec has a code of its own, the server answers it instead of the general
 * 1000 (contract/validation-codes.ts), keeping the field errors the console's forms show.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

const post = (url: string, payload: object) => built.app.inject({ method: 'POST', url, payload, remoteAddress: '10.40.0.1' });

describe('the spec’s own codes for malformed input', () => {
  it('101021: an email that is not one, at sign-in and in an invitation', async () => {
    const login = expectEnvelope(await post('/api/v1/auth/login', { email: 'not-an-email', password: 'Secret123' }));
    expect(login.code).toBe(ErrorCode.EmailFormat);
    expect(login.fieldErrors).toEqual({ email: { key: 'validation.email' } });
    const invite = await call(built.app, team.owner.token, 'invitations.create', { params: { projectId: team.projectId }, body: { email: 'nobody@', role: 'viewer' } });
    expect(invite.status).toBe(400);
    expect(invite.envelope).toMatchObject({ code: ErrorCode.EmailFormat, fieldErrors: { email: { key: 'validation.email' } } });
  });

  it('101002 for a code that cannot be one, 101003 for a password that breaks the rule, at a reset', async () => {
    const email = uniqueEmail();
    const code = expectEnvelope(await post('/api/v1/auth/password-reset/confirm', { email, code: '12ab', newPassword: 'NewPass123' }));
    expect(code).toMatchObject({ code: ErrorCode.WrongVerificationCode, fieldErrors: { code: { key: 'validation.verificationCode' } } });
    const rule = expectEnvelope(await post('/api/v1/auth/password-reset/confirm', { email, code: '123456', newPassword: 'short' }));
    expect(rule).toMatchObject({ code: ErrorCode.PasswordRule, fieldErrors: { newPassword: { key: 'validation.password' } } });
  });

  it('102001: an app created or renamed without a name', async () => {
    const params = { projectId: team.projectId };
    const created = await call(built.app, team.owner.token, 'apps.create', { params, body: { platform: 'ios', name: '  ', packageName: `com.codes.t${process.pid}` } });
    expect(created.envelope).toMatchObject({ code: ErrorCode.AppNameEmpty, fieldErrors: { name: { key: 'validation.required' } } });
    const app = await ok<{ id: string; version: number }>(built.app, team.owner.token, 'apps.create', { params, body: { platform: 'ios', name: 'Codes app', packageName: `com.codes.t${process.pid}` } });
    const renamed = await call(built.app, team.owner.token, 'apps.update', { params: { ...params, id: app.id }, body: { name: '', version: app.version } });
    expect(renamed.envelope).toMatchObject({ code: ErrorCode.AppNameEmpty, fieldErrors: { name: { key: 'validation.required' } } });
  });

  it('105008: an app id that is no id', async () => {
    const reply = await call(built.app, team.owner.token, 'teams.unlinkApp', { params: { projectId: team.projectId, id: '00000000-0000-4000-8000-000000000001', appId: 'not-an-id' } });
    expect(reply.envelope).toMatchObject({ code: ErrorCode.AppIdInvalid, fieldErrors: { appId: { key: 'validation.id' } } });
  });

  it('109003: a subscription page published before its configuration is complete, with what it lacks', async () => {
    const params = { projectId: team.projectId };
    const page = await ok<{ id: string; version: number }>(built.app, team.owner.token, 'subscriptionPages.create', { params, body: { draft: { name: 'Codes page' } } });
    const refused = await call(built.app, team.owner.token, 'subscriptionPages.publish', { params: { ...params, id: page.id }, body: { version: page.version } });
    expect(refused.envelope.code).toBe(ErrorCode.PageConfigInvalid);
    expect(Object.keys(refused.envelope.fieldErrors ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(refused.envelope.fieldErrors ?? {}).every((path) => path.startsWith('draft.'))).toBe(true);
  });

  it('1000 when a refusal holds several kinds of mistakes, or none of those', async () => {
    const mixed = expectEnvelope(await post('/api/v1/auth/login', { email: 'not-an-email', password: 7 }));
    expect(mixed.code).toBe(ErrorCode.ParamInvalid);
    expect(Object.keys(mixed.fieldErrors ?? {}).sort()).toEqual(['email', 'password']);
    const project = await call(built.app, team.owner.token, 'projects.create', { body: { name: '' } });
    expect(project.envelope.code).toBe(ErrorCode.ParamInvalid);
  });
});
