import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import type { ListPage } from '@contract/envelope';
import type { Webhook, WebhookTestResult } from '@contract/resources/projects';
import type { HostResolver } from '../../server/src/net/outbound-address';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, type ProjectTeam } from './helpers/projects';

/**
 * Webhooks cannot be aimed at the server's own network (server-side request forgery): URLs naming a
 * loopback, private or otherwise non-public address are refused when stored, and deliveries connect
 * only to public addresses, checked in the connection's own lookup (no DNS rebinding window). Names
 * resolve through a fake resolver, so no test needs DNS; the receiver on 127.0.0.1 stands for every
 * internal service and must never see a connection from the default app.
 *
 * `strict` is the default configuration (WEBHOOK_PRIVATE_ADDRESSES unset: refuse); `lenient` says
 * `allow`, as development and the suites that post to local receivers do.
 */

let database: TestDatabase;
let strict: Awaited<ReturnType<typeof createTestApp>>;
let lenient: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let receiver: Server;
let port: number;
/** Connections and requests the receiver saw. */
let connections = 0;
let requests = 0;
/** Names the fake resolver was asked for, in order. */
const resolved: string[] = [];

/** What the fake DNS answers; anything else is ENOTFOUND. */
const zone: Readonly<Record<string, readonly LookupAddress[]>> = {
  'receiver.test': [{ address: '127.0.0.1', family: 4 }],
  'hooks.customer.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.cloud.test': [{ address: '169.254.169.254', family: 4 }],
  'intranet.customer.test': [{ address: '10.0.0.7', family: 4 }],
  'mixed.customer.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mapped.customer.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'ula.customer.test': [{ address: 'fd00::7', family: 6 }],
};

const fakeResolver: HostResolver = async (hostname) => {
  resolved.push(hostname);
  const answers = zone[hostname];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  return answers;
};

beforeAll(async () => {
  database = await createTestDatabase();
  strict = await createTestApp(database.handle, { webhookTimeoutMs: 2000, webhookResolver: fakeResolver });
  lenient = await createTestApp(database.handle, { webhookTimeoutMs: 2000, webhookResolver: fakeResolver, webhookPrivateAddresses: 'allow' });
  team = await projectWithTeam(strict.app, database.handle);
  receiver = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('received'));
  });
  receiver.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await strict?.app.close();
  await lenient?.app.close();
  await database?.dispose();
});
beforeEach(() => {
  connections = 0;
  requests = 0;
  resolved.length = 0;
});

const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });
const create = (app: typeof strict, url: string) => call<Webhook>(app.app, team.owner.token, 'webhooks.create', { params: p(), body: { url, events: ['trial.started'] } });
const test = (app: typeof strict, id: string) => call<WebhookTestResult>(app.app, team.owner.token, 'webhooks.test', { params: p({ id }) });
const notAllowed = { url: { key: 'validation.webhookAddressNotAllowed' } };

describe('storing a webhook URL, by default', () => {
  it.each([
    ['https://127.0.0.1/hook'],
    ['https://127.0.0.1:8787/api/v1/auth/login'],
    ['https://127.255.255.254/'],
    ['https://10.0.0.5/hook'],
    ['https://172.16.0.1/'],
    ['https://192.168.1.1/'],
    ['https://100.64.0.1/'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://0.0.0.0/'],
    ['https://0/'],
    ['https://198.18.0.1/'],
    ['https://192.0.0.8/'],
    ['https://192.0.2.10/'],
    ['https://224.0.0.1/'],
    ['https://255.255.255.255/'],
    ['https://[::1]/'],
    ['https://[::]/'],
    ['https://[::ffff:127.0.0.1]/'],
    ['https://[::ffff:a9fe:a9fe]/'],
    ['https://[64:ff9b::a00:1]/'],
    ['https://[fd12:3456::1]/'],
    ['https://[fe80::1]/'],
    ['https://[fec0::1]/'],
    ['https://[ff02::1]/'],
    ['https://localhost/hook'],
    ['https://LocalHost:3000/hook'],
    ['https://localhost./hook'],
    ['https://LOCALHOST./hook'],
    ['https://api.localhost/hook'],
    ['https://printer.local/hook'],
    ['https://metadata.google.internal/computeMetadata/v1/'],
    ['https://2130706433/'],
    ['https://0x7f.1/'],
    ['https://0x7F000001/'],
    ['https://0177.0.0.1/'],
    ['https://127.1/'],
    ['https://127.0.0.1./'],
    ['http://127.0.0.1/'],
    ['http://localhost:5432/'],
  ])('refuses %s as a field error on url, and stores nothing', async (url) => {
    const total = async () => (await ok<ListPage<Webhook>>(strict.app, team.owner.token, 'webhooks.list', { params: p() })).total;
    const before = await total();
    const reply = await create(strict, url);
    expect(reply.status, reply.raw).toBe(400);
    expect(reply.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(reply.envelope.fieldErrors).toEqual(notAllowed);
    expect(await total()).toBe(before);
  });

  it('asks for https for a public endpoint', async () => {
    const reply = await create(strict, 'http://hooks.public.example/hook');
    expect(reply.envelope.code).toBe(ErrorCode.ParamInvalid);
    expect(reply.envelope.fieldErrors).toEqual({ url: { key: 'validation.webhookHttpsRequired' } });
  });

  it.each([['https://hooks.public.example/hook'], ['https://93.184.216.34/hook'], ['https://[2606:4700:4700::1111]/hook'], ['https://hooks.customer.test/names-are-judged-when-delivering']])(
    'accepts %s',
    async (url) => {
      expect((await create(strict, url)).envelope.code).toBe(0);
    },
  );

  it('refuses the same on update, and keeps the stored URL', async () => {
    const hook = (await create(strict, 'https://update.public.example/hook')).envelope.data as Webhook;
    for (const url of ['https://127.0.0.1/hook', 'https://[::ffff:7f00:1]/', 'https://localhost./', 'https://2130706433/']) {
      const reply = await call(strict.app, team.owner.token, 'webhooks.update', { params: p({ id: hook.id }), body: { url, version: hook.version } });
      expect(reply.envelope.code, url).toBe(ErrorCode.ParamInvalid);
      expect(reply.envelope.fieldErrors, url).toEqual(notAllowed);
    }
    const http = await call(strict.app, team.owner.token, 'webhooks.update', { params: p({ id: hook.id }), body: { url: 'http://update.public.example/hook', version: hook.version } });
    expect(http.envelope.fieldErrors).toEqual({ url: { key: 'validation.webhookHttpsRequired' } });
    const stored = await ok<Webhook>(strict.app, team.owner.token, 'webhooks.get', { params: p({ id: hook.id }) });
    expect(stored).toMatchObject({ url: 'https://update.public.example/hook', version: hook.version });
    // Changing anything else is not held up by the rule.
    const changed = await ok<Webhook>(strict.app, team.owner.token, 'webhooks.update', { params: p({ id: hook.id }), body: { events: ['refund.issued'], version: hook.version } });
    expect(changed.events).toEqual(['refund.issued']);
    const moved = await ok<Webhook>(strict.app, team.owner.token, 'webhooks.update', { params: p({ id: hook.id }), body: { url: 'https://moved.public.example/hook', version: changed.version } });
    expect(moved.url).toBe('https://moved.public.example/hook');
  });
});

describe('delivering, by default', () => {
  it.each([['hooks.customer.test'], ['metadata.cloud.test'], ['intranet.customer.test'], ['mixed.customer.test'], ['mapped.customer.test'], ['ula.customer.test']])(
    'refuses %s, a name resolving to a private address, with 170005 and the reason; nothing connects',
    async (name) => {
      const hook = (await create(strict, `https://${name}:${port}/hook`)).envelope.data as Webhook;
      const reply = await test(strict, hook.id);
      expect(reply.status, reply.raw).toBe(502);
      expect(reply.envelope.code).toBe(ErrorCode.WebhookUnreachable);
      expect(reply.envelope.fieldErrors).toEqual(notAllowed);
      expect(resolved).toEqual([name]);
      expect(connections).toBe(0);
    },
  );

  it('refuses a URL stored while private addresses were allowed (or restored from the trash)', async () => {
    const hook = (await create(lenient, `http://127.0.0.1:${port}/stored-before`)).envelope.data as Webhook;
    const reply = await test(strict, hook.id);
    expect(reply.envelope.code).toBe(ErrorCode.WebhookUnreachable);
    expect(reply.envelope.fieldErrors).toEqual(notAllowed);
    const named = (await create(lenient, `http://receiver.test:${port}/stored-before`)).envelope.data as Webhook;
    expect((await test(strict, named.id)).envelope.fieldErrors).toEqual({ url: { key: 'validation.webhookHttpsRequired' } });
    expect(connections).toBe(0);
    expect(resolved).toEqual([]);
  });

  it('answers an unknown name with 170005 and no reason, as before', async () => {
    const hook = (await create(strict, 'https://nowhere.customer.test/hook')).envelope.data as Webhook;
    const reply = await test(strict, hook.id);
    expect(reply.envelope.code).toBe(ErrorCode.WebhookUnreachable);
    expect(reply.envelope.fieldErrors).toBeUndefined();
  });
});

describe('with private addresses allowed (WEBHOOK_PRIVATE_ADDRESSES=allow)', () => {
  it('stores and delivers to a literal loopback address over plain http', async () => {
    const hook = (await create(lenient, `http://127.0.0.1:${port}/literal`)).envelope.data as Webhook;
    const result = (await test(lenient, hook.id)).envelope.data as WebhookTestResult;
    expect(result).toMatchObject({ ok: true, status: 200, bodyExcerpt: 'received' });
    expect(requests).toBe(1);
  });

  it('resolves a name once, in the connection’s own lookup, and connects to that answer', async () => {
    const hook = (await create(lenient, `http://receiver.test:${port}/named`)).envelope.data as Webhook;
    const result = (await test(lenient, hook.id)).envelope.data as WebhookTestResult;
    expect(result).toMatchObject({ ok: true, status: 200 });
    // `.test` names never resolve in real DNS: the delivery reached the receiver through the fake.
    expect(resolved).toEqual(['receiver.test']);
    expect(connections).toBe(1);
  });

  it('still refuses what is not http(s)', async () => {
    expect((await create(lenient, 'ftp://127.0.0.1/')).envelope.fieldErrors).toEqual({ url: { key: 'validation.url' } });
  });
});
