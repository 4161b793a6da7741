import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import { ApiClient } from '../../main/src/api/api-client';
import { MemorySecretStore } from '../../main/src/session/secret-store';
import { startFakeApi, type FakeApi } from './support/fake-api';

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

/**
 * Main refuses malformed input before it leaves the computer; it answers the code the server would
 * (contract/validation-codes.ts, issue 12), with the same field errors the console's forms show.
 */
describe('main’s own input check', () => {
  const client = () => new ApiClient({ serverUrl: api.url, secrets: new MemorySecretStore(), retryDelaysMs: [] });

  it('answers 101021 for an email that is not one, with its field error, and sends nothing', async () => {
    const reply = await client().call('invitations.create', { params: { projectId: '00000000-0000-4000-8000-000000000001' }, body: { email: 'not-an-email', role: 'viewer' } });
    expect(reply).toMatchObject({ code: ErrorCode.EmailFormat, fieldErrors: { email: { key: 'validation.email' } } });
    expect(api.seen).toEqual([]);
  });

  it('answers 102001 for an app without a name', async () => {
    const reply = await client().call('apps.create', { params: { projectId: '00000000-0000-4000-8000-000000000001' }, body: { platform: 'ios', name: '', packageName: 'com.example.app' } });
    expect(reply).toMatchObject({ code: ErrorCode.AppNameEmpty, fieldErrors: { name: { key: 'validation.required' } } });
  });

  it('answers 1000 when the mistakes are of several kinds', async () => {
    const reply = await client().call('apps.create', { params: { projectId: '00000000-0000-4000-8000-000000000001' }, body: { platform: 'ios', name: '' } });
    expect(reply.code).toBe(ErrorCode.ParamInvalid);
  });
});
