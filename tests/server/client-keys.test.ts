import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_KEYS_ACTIVE_MAX, type ClientKey, type ClientKeyCreated } from '@contract/api/client-keys';
import type { ListPage } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import type { AuditEntry } from '@contract/resources/projects';
import { activeClientKeyQuery, findActiveClientKey } from '../../server/src/domains/client-keys/lookup';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, codeOfCall, ok, projectWithTeam, seenReplies, type ProjectTeam } from './helpers/projects';

/**
 * An app's public client keys (issue 10's identity): the key is answered once, at creation, and only
 * its SHA-256 is stored; several keys may be active (rotation), a revoked one stays listed and is no
 * longer found by the delivery API's lookup, nor is a key of an app in the trash.
 */

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let iosApp: string;
let androidApp: string;

/** Rows of a raw query: both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const p = (id: string, extra: Record<string, string> = {}) => ({ projectId: team.projectId, id, ...extra });

async function createKey(token: string, appId: string, label: string): Promise<ClientKeyCreated> {
  return ok<ClientKeyCreated>(built.app, token, 'clientKeys.create', { params: p(appId), body: { label } });
}

async function listKeys(appId: string, token = team.owner.token): Promise<ClientKey[]> {
  return ok<ClientKey[]>(built.app, token, 'clientKeys.list', { params: p(appId) });
}

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle);
  team = await projectWithTeam(built.app, database.handle);
  const params = { projectId: team.projectId };
  iosApp = (await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params, body: { platform: 'ios', name: 'Keys iOS', packageName: `com.keys.ios${process.pid}` } })).id;
  androidApp = (await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params, body: { platform: 'android', name: 'Keys Android', packageName: `com.keys.android${process.pid}` } })).id;
});
afterAll(async () => {
  await built?.app.close();
  await database?.dispose();
});

describe('client keys', () => {
  let first: ClientKeyCreated;
  let second: ClientKeyCreated;

  it('answers the key once, at creation, and never again', async () => {
    first = await createKey(team.owner.token, iosApp, '  iOS 2.4  ');
    const repliesUntilCreated = seenReplies.length;
    expect(first.key).toMatch(/^pk_[A-Za-z0-9_-]{43,}$/);
    expect(first).toMatchObject({ label: 'iOS 2.4', prefix: first.key.slice(0, 12), revokedAt: null, lastUsedAt: null, createdBy: { id: team.owner.id, name: 'Owner' } });
    const { key, ...view } = first;
    expect(key.length).toBe(46);

    const listed = await call<ClientKey[]>(built.app, team.owner.token, 'clientKeys.list', { params: p(iosApp) });
    expect(listed.envelope.data).toEqual([view]);
    await call(built.app, team.owner.token, 'audit.list', { params: { projectId: team.projectId }, query: { entity: 'clientKey' } });
    await call(built.app, team.owner.token, 'apps.get', { params: p(iosApp) });
    for (const raw of seenReplies.slice(repliesUntilCreated)) {
      expect(raw).not.toContain(key);
      expect(raw).not.toContain(key.slice(12));
    }
  });

  it('stores the SHA-256 of the key and its first 12 characters, never the key', async () => {
    const rows = rowsOf<Record<string, unknown>>(await database.handle.db.execute(sql`select * from client_keys where id = ${first.id}`));
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown>;
    expect(row.key_hash).toBe(sha256(first.key));
    expect(row.prefix).toBe(first.key.slice(0, 12));
    expect(row.app_id).toBe(iosApp);
    expect(row.project_id).toBe(team.projectId);
    const everything = JSON.stringify(rowsOf(await database.handle.db.execute(sql`select * from client_keys`)));
    expect(everything).not.toContain(first.key);
    expect(everything).not.toContain(first.key.slice(12));
    const audit = JSON.stringify(rowsOf(await database.handle.db.execute(sql`select * from audit_log where entity = 'clientKey'`)));
    expect(audit).toContain(first.id);
    expect(audit).not.toContain(first.key.slice(12));
  });

  it('refuses a label that is empty or longer than 64 characters', async () => {
    for (const label of ['   ', 'x'.repeat(65)]) {
      const reply = await call(built.app, team.owner.token, 'clientKeys.create', { params: p(iosApp), body: { label } });
      expect(reply.envelope.code).toBe(ErrorCode.ParamInvalid);
      expect(Object.keys(reply.envelope.fieldErrors ?? {})).toEqual(['label']);
    }
  });

  it('lists several active keys, newest first, and the lookup finds each with its app and platform', async () => {
    built.clock.advance(60_000);
    second = await createKey(team.admin.token, iosApp, 'iOS 2.5');
    const listed = await listKeys(iosApp);
    expect(listed.map((k) => k.id)).toEqual([second.id, first.id]);
    expect(listed[0]?.createdBy).toEqual({ id: team.admin.id, name: 'Admin' });
    for (const created of [first, second]) {
      expect(await findActiveClientKey(database.handle.db, created.key)).toEqual({ keyId: created.id, appId: iosApp, projectId: team.projectId, platform: 'ios' });
    }
  });

  it('finds nothing for an unknown or malformed key, and never accepts a client key on the console API', async () => {
    expect(await findActiveClientKey(database.handle.db, `pk_${randomBytes(32).toString('base64url')}`)).toBeNull();
    for (const malformed of ['', 'pk_', first.key.slice(0, 20), `${first.key}x`, ` ${first.key}`, first.key.replace('pk_', 'sk_')]) {
      expect(await findActiveClientKey(database.handle.db, malformed)).toBeNull();
    }
    const reply = await built.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${first.key}` } });
    expect((reply.json() as { code: number }).code).toBe(ErrorCode.TokenInvalid);
  });

  it('looks the key up through the unique index of its hash, in one query', async () => {
    const { sql: text, params } = activeClientKeyQuery(database.handle.db, sha256(first.key)).toSQL();
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const plan = await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(rowsOf(await tx.execute(sql.raw(`explain ${inlined}`))));
    });
    expect(plan).toContain('client_keys_key_hash_key');
  });

  it('revokes a key: it stays listed, the lookup no longer finds it, the other key still works', async () => {
    built.clock.advance(60_000);
    const revoked = await ok<ClientKey>(built.app, team.owner.token, 'clientKeys.revoke', { params: p(iosApp, { keyId: first.id }) });
    expect(revoked.revokedAt).toBe(built.clock.now().toISOString());
    const { key: _key, ...firstView } = first;
    expect(revoked).toEqual({ ...firstView, revokedAt: revoked.revokedAt });
    expect((await listKeys(iosApp)).map((k) => [k.id, k.revokedAt])).toEqual([
      [second.id, null],
      [first.id, revoked.revokedAt],
    ]);
    expect(await findActiveClientKey(database.handle.db, first.key)).toBeNull();
    expect(await findActiveClientKey(database.handle.db, second.key)).toMatchObject({ keyId: second.id });
  });

  it('answers an already revoked key unchanged, with no second audit row', async () => {
    const before = await listKeys(iosApp);
    built.clock.advance(60_000);
    const again = await ok<ClientKey>(built.app, team.owner.token, 'clientKeys.revoke', { params: p(iosApp, { keyId: first.id }) });
    expect(again).toEqual(before.find((k) => k.id === first.id));
    const audit = await ok<ListPage<AuditEntry>>(built.app, team.owner.token, 'audit.list', { params: { projectId: team.projectId }, query: { entity: 'clientKey', entityId: first.id } });
    expect(audit.items.map((e) => e.action).sort()).toEqual(['create', 'revoke']);
  });

  it('refuses an unknown key id or a key of another app of the project with 108002', async () => {
    for (const [appId, keyId] of [
      [iosApp, '00000000-0000-4000-8000-000000000000'],
      [androidApp, second.id],
    ] as const) {
      const reply = await call(built.app, team.owner.token, 'clientKeys.revoke', { params: p(appId, { keyId }) });
      expect(reply.status).toBe(404);
      expect(reply.envelope.code).toBe(ErrorCode.DataMissing);
    }
    expect(await findActiveClientKey(database.handle.db, second.key)).not.toBeNull();
  });

  it('finds no key of an app in the trash, and issues none there', async () => {
    const key = await createKey(team.owner.token, androidApp, 'Android');
    expect(await findActiveClientKey(database.handle.db, key.key)).toMatchObject({ appId: androidApp, platform: 'android' });
    await ok(built.app, team.owner.token, 'apps.delete', { params: p(androidApp) });
    expect(await findActiveClientKey(database.handle.db, key.key)).toBeNull();
    expect(await codeOfCall(built.app, team.owner.token, 'clientKeys.create', { params: p(androidApp), body: { label: 'Late' } })).toBe(ErrorCode.AppNotFound);
    expect((await listKeys(androidApp)).map((k) => k.id)).toEqual([key.id]);
    await ok(built.app, team.owner.token, 'apps.restore', { params: p(androidApp) });
    expect(await findActiveClientKey(database.handle.db, key.key)).toMatchObject({ keyId: key.id });
  });

  it(`refuses an app's ${CLIENT_KEYS_ACTIVE_MAX + 1}th active key; revoking one makes room`, async () => {
    const appId = (await ok<{ id: string }>(built.app, team.owner.token, 'apps.create', { params: { projectId: team.projectId }, body: { platform: 'ios', name: 'Many keys', packageName: `com.keys.many${process.pid}` } })).id;
    const made: ClientKeyCreated[] = [];
    for (let i = 0; i < CLIENT_KEYS_ACTIVE_MAX; i += 1) made.push(await createKey(team.owner.token, appId, `Key ${i}`));
    const refused = await call(built.app, team.owner.token, 'clientKeys.create', { params: p(appId), body: { label: 'One too many' } });
    expect(refused.status).toBe(400);
    expect(refused.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(refused.envelope.fieldErrors).toEqual({ label: { key: 'validation.itemsMax', params: { max: CLIENT_KEYS_ACTIVE_MAX } } });
    expect(await listKeys(appId)).toHaveLength(CLIENT_KEYS_ACTIVE_MAX);
    await ok(built.app, team.owner.token, 'clientKeys.revoke', { params: p(appId, { keyId: (made[0] as ClientKeyCreated).id }) });
    await createKey(team.owner.token, appId, 'Rotated in');
    expect(await listKeys(appId)).toHaveLength(CLIENT_KEYS_ACTIVE_MAX + 1);
  });

  it('lets a viewer list keys but not create or revoke them; editors likewise', async () => {
    expect((await listKeys(iosApp, team.viewer.token)).map((k) => k.id)).toEqual([second.id, first.id]);
    for (const token of [team.viewer.token, team.editor.token]) {
      expect(await codeOfCall(built.app, token, 'clientKeys.create', { params: p(iosApp), body: { label: 'Mine' } })).toBe(ErrorCode.Forbidden);
      expect(await codeOfCall(built.app, token, 'clientKeys.revoke', { params: p(iosApp, { keyId: second.id }) })).toBe(ErrorCode.Forbidden);
    }
    expect(await codeOfCall(built.app, team.outsider.token, 'clientKeys.list', { params: p(iosApp) })).toBe(ErrorCode.NotProjectMember);
    expect((await listKeys(iosApp)).map((k) => [k.id, k.revokedAt === null])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('refuses another project’s app and key with 404 and changes nothing', async () => {
    const other = await projectWithTeam(built.app, database.handle);
    const theirApp = (await ok<{ id: string }>(built.app, other.owner.token, 'apps.create', { params: { projectId: other.projectId }, body: { platform: 'android', name: 'Theirs', packageName: `com.keys.theirs${process.pid}` } })).id;
    const theirKey = await ok<ClientKeyCreated>(built.app, other.owner.token, 'clientKeys.create', { params: { projectId: other.projectId, id: theirApp }, body: { label: 'Theirs' } });
    const theirs = [theirApp, theirKey.id, theirKey.prefix];
    const attempts: Array<[Parameters<typeof call>[2], Record<string, string>, unknown, number]> = [
      ['clientKeys.list', p(theirApp), undefined, ErrorCode.AppNotFound],
      ['clientKeys.create', p(theirApp), { label: 'Taken over' }, ErrorCode.AppNotFound],
      ['clientKeys.revoke', p(theirApp, { keyId: theirKey.id }), undefined, ErrorCode.AppNotFound],
      ['clientKeys.revoke', p(iosApp, { keyId: theirKey.id }), undefined, ErrorCode.DataMissing],
    ];
    for (const [id, params, body, code] of attempts) {
      const reply = await call(built.app, team.owner.token, id, { params, ...(body === undefined ? {} : { body }) });
      expect(reply.status, `${id}: ${reply.raw}`).toBe(404);
      expect(reply.envelope.code).toBe(code);
      for (const value of theirs) expect(reply.raw).not.toContain(value);
    }
    const { key: _key, ...theirView } = theirKey;
    expect(await ok<ClientKey[]>(built.app, other.owner.token, 'clientKeys.list', { params: { projectId: other.projectId, id: theirApp } })).toEqual([theirView]);
    expect(await findActiveClientKey(database.handle.db, theirKey.key)).toMatchObject({ keyId: theirKey.id, projectId: other.projectId });
  });

  it('records every change in the audit log under the apps area', async () => {
    const audit = await ok<ListPage<AuditEntry>>(built.app, team.viewer.token, 'audit.list', { params: { projectId: team.projectId }, query: { entity: 'clientKey', pageSize: 100 } });
    expect(audit.items.filter((e) => e.entityId === second.id).map((e) => e.action)).toEqual(['create']);
    expect(audit.items.find((e) => e.entityId === second.id)?.actor).toEqual({ id: team.admin.id, name: 'Admin' });
  });
});
