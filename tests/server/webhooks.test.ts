import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import type { ListPage } from '@contract/envelope';
import type { Webhook, WebhookTestResult } from '@contract/resources/projects';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, projectWithTeam, seenReplies, type ProjectTeam } from './helpers/projects';

/**
 * Webhook endpoints against a real HTTP server on 127.0.0.1: the test event is really posted, signed
 * with the secret shown once at creation, and the signature is checked here the way a receiver would.
 * The receiver is on loopback, so this app allows private addresses (WEBHOOK_PRIVATE_ADDRESSES=allow);
 * the refusals of the default are in webhook-addresses.test.ts.
 */

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let team: ProjectTeam;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** What the receiver answers next: a status, or `hang` to never answer. */
let answer: { status: number; body: string } | 'hang' = { status: 200, body: 'received' };

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { webhookTimeoutMs: 400, webhookPrivateAddresses: 'allow' });
  team = await projectWithTeam(built.app, database.handle);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await built?.app.close();
  await database?.dispose();
});

const p = (extra: Record<string, string> = {}) => ({ projectId: team.projectId, ...extra });

describe('webhooks', () => {
  let webhook: Webhook;
  let secret: string;
  /** Replies seen up to and including the creation, the one reply allowed to carry the secret. */
  let repliesUntilCreated: number;

  it('shows the signing secret once, at creation', async () => {
    const created = await ok<Webhook & { signingSecret: string }>(built.app, team.owner.token, 'webhooks.create', {
      params: p(),
      body: { url: receiverUrl, events: ['subscription.started', 'refund.issued'], description: 'Local receiver' },
    });
    repliesUntilCreated = seenReplies.length;
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    ({ signingSecret: secret, ...webhook } = created);
    const fetched = await call(built.app, team.owner.token, 'webhooks.get', { params: p({ id: webhook.id }) });
    expect(fetched.envelope.data).toEqual(webhook);
    expect(fetched.raw).not.toContain(secret);
  });

  it('posts a signed test event and reports status, duration and the answer', async () => {
    answer = { status: 200, body: 'received' };
    const result = await ok<WebhookTestResult>(built.app, team.admin.token, 'webhooks.test', { params: p({ id: webhook.id }) });
    expect(result).toMatchObject({ ok: true, status: 200, bodyExcerpt: 'received' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const delivery = received.at(-1) as Received;
    const header = delivery.headers['palette-signature'] as string;
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(match, header).not.toBeNull();
    const [, t, mac] = match as unknown as [string, string, string];
    expect(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')).toBe(mac);
    expect(Math.abs(Number(t) - Math.floor(built.clock.now().getTime() / 1000))).toBeLessThanOrEqual(1);
    expect(createHmac('sha256', 'whsec_wrong').update(`${t}.${delivery.body}`).digest('hex')).not.toBe(mac);
    const event = JSON.parse(delivery.body) as { type: string; projectId: string; data: { webhookId: string } };
    expect(event).toMatchObject({ type: 'webhook.test', projectId: team.projectId, data: { webhookId: webhook.id } });
    expect(delivery.headers['content-type']).toBe('application/json');
  });

  it('reports an endpoint’s error answer as a result, not a failure', async () => {
    answer = { status: 500, body: 'x'.repeat(2000) };
    const result = await ok<WebhookTestResult>(built.app, team.owner.token, 'webhooks.test', { params: p({ id: webhook.id }) });
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(result.bodyExcerpt).toHaveLength(500);
  });

  it('answers 170006 when the endpoint does not answer in time, 170005 when it cannot be reached', async () => {
    answer = 'hang';
    expect((await call(built.app, team.owner.token, 'webhooks.test', { params: p({ id: webhook.id }) })).envelope.code).toBe(ErrorCode.WebhookTimeout);
    answer = { status: 200, body: 'received' };
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise((resolve) => closed.close(resolve));
    const dead = await ok<Webhook>(built.app, team.owner.token, 'webhooks.create', { params: p(), body: { url: deadUrl, events: ['trial.started'] } });
    const reply = await call(built.app, team.owner.token, 'webhooks.test', { params: p({ id: dead.id }) });
    expect(reply.status).toBe(502);
    expect(reply.envelope.code).toBe(ErrorCode.WebhookUnreachable);
  });

  it('is managed by owners and admins; viewers do not even read integrations (105011)', async () => {
    expect((await call(built.app, team.editor.token, 'webhooks.test', { params: p({ id: webhook.id }) })).envelope.code).toBe(ErrorCode.Forbidden);
    expect((await call(built.app, team.editor.token, 'webhooks.list', { params: p() })).envelope.code).toBe(0);
    expect((await call(built.app, team.viewer.token, 'webhooks.list', { params: p() })).envelope.code).toBe(ErrorCode.NoReadPermission);
  });

  it('keeps the secret out of every later reply, the trash included', async () => {
    await ok(built.app, team.owner.token, 'webhooks.update', { params: p({ id: webhook.id }), body: { events: ['trial.started'], version: webhook.version } });
    await ok(built.app, team.owner.token, 'webhooks.delete', { params: p({ id: webhook.id }) });
    await ok<ListPage<Webhook>>(built.app, team.owner.token, 'webhooks.list', { params: p(), query: { trashed: true } });
    await ok(built.app, team.owner.token, 'audit.list', { params: p(), query: { entity: 'webhook' } });
    const later = seenReplies.slice(repliesUntilCreated);
    expect(later.length).toBeGreaterThan(8);
    for (const reply of later) expect(reply.includes(secret)).toBe(false);
    // The stored form is sealed: the secret is not in the table either.
    const stored = JSON.stringify(await database.handle.db.query.webhooks.findMany());
    expect(stored).not.toContain(secret);
  });
});
