import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contract/errors';
import type { Webhook } from '@contract/resources/projects';
import { SecretBox } from '../../server/src/crypto/secret-box';
import { WebhookEvents, type ConfigPublishedData, type WebhookEventsLogger, type WebhookEventsOptions } from '../../server/src/domains/integrations/events';
import type { HostResolver } from '../../server/src/net/outbound-address';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { ok, operator, uniqueProjectName, type Operator } from './helpers/projects';

/**
 * The sender of real webhook events (server/src/domains/integrations/events.ts) against a real HTTP
 * receiver on 127.0.0.1: what arrives is checked the way a receiver would (signature, event id),
 * and the receiver can answer 500, 429, 410 or not at all to drive the retries. Each test has a
 * project of its own, so events of one test never reach another's webhooks. Retries wait a few
 * milliseconds here instead of 1 s, 10 s, 60 s.
 */

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the receiver answers: a status, or `hang` to never answer. */
type Answer = number | 'hang';

interface LogLine {
  readonly level: 'warn' | 'error';
  readonly details: Readonly<Record<string, unknown>>;
  readonly message: string;
}

let database: TestDatabase;
let built: Awaited<ReturnType<typeof createTestApp>>;
let owner: Operator;
let receiver: Server;
let port: number;
let connections = 0;
const received: Received[] = [];
/** Per path, the answers still to give, in order; 200 when none is left. */
const plans = new Map<string, Answer[]>();
const hanging: ServerResponse[] = [];
/** Senders made by a test, closed after it. */
const senders: WebhookEvents[] = [];
let projectId: string;
let lines: LogLine[];

/** The fake DNS of the refusal test: a public-looking name that leads to this machine. */
const resolved: string[] = [];
const fakeResolver: HostResolver = async (hostname): Promise<LookupAddress[]> => {
  resolved.push(hostname);
  if (hostname === 'hooks.customer.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
};

beforeAll(async () => {
  database = await createTestDatabase();
  built = await createTestApp(database.handle, { webhookPrivateAddresses: 'allow' });
  owner = await operator(built.app, database.handle, { name: 'Owner' });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plans.get(path)?.shift() ?? 200;
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'received' : 'no');
    });
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
  await built?.app.close();
  await database?.dispose();
});
beforeEach(async () => {
  received.length = 0;
  plans.clear();
  resolved.length = 0;
  lines = [];
  projectId = (await ok<{ id: string }>(built.app, owner.token, 'projects.create', { body: { name: uniqueProjectName('Webhook events') } })).id;
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.close()));
  for (const response of hanging.splice(0)) response.destroy();
});

const logger: WebhookEventsLogger = {
  warn: (details, message) => lines.push({ level: 'warn', details, message }),
  error: (details, message) => lines.push({ level: 'error', details, message }),
};

/** A sender on the test database, posting to the local receiver, with short waits unless overridden. */
function sender(overrides: Partial<WebhookEventsOptions> = {}): WebhookEvents {
  const made = new WebhookEvents({
    db: database.handle.db,
    clock: built.clock.now,
    box: built.secretBox,
    delivery: { timeoutMs: 2_000, privateAddresses: 'allow' },
    logger,
    retryDelaysMs: [20, 20, 20],
    ...overrides,
  });
  senders.push(made);
  return made;
}

/** Creates a webhook of the current project through the API; answers it with its signing secret. */
async function webhook(url: string, events: string[]): Promise<Webhook & { signingSecret: string }> {
  return ok<Webhook & { signingSecret: string }>(built.app, owner.token, 'webhooks.create', { params: { projectId }, body: { url, events } });
}

const local = (path: string) => `http://127.0.0.1:${port}${path}`;

const published = (revision = 3): ConfigPublishedData => ({
  kind: 'subscriptionPages',
  itemId: randomUUID(),
  name: 'Spring sale',
  revision,
  environment: 'official',
  publishedBy: { id: owner.id, name: 'Owner' },
});

/** Checks a delivery the way a receiver does and answers its event. */
function verified(delivery: Received, secret: string): { id: string; type: string; createdAt: string; projectId: string; data: unknown } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['palette-signature']));
  expect(match, String(delivery.headers['palette-signature'])).not.toBeNull();
  const [, t, mac] = match as unknown as [string, string, string];
  expect(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')).toBe(mac);
  expect(Number(t)).toBe(Math.floor(built.clock.now().getTime() / 1000));
  expect(delivery.headers['content-type']).toBe('application/json');
  const event = JSON.parse(delivery.body) as { id: string; type: string; createdAt: string; projectId: string; data: unknown };
  expect(delivery.headers['palette-event-id']).toBe(event.id);
  return event;
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('webhook events', () => {
  it('posts a signed event to each live subscribed webhook of the project, after the caller returns', async () => {
    const first = await webhook(local('/first'), ['trial.started', 'config.published']);
    const second = await webhook(local('/second'), ['config.published']);
    await webhook(local('/unsubscribed'), ['trial.started', 'refund.issued']);
    const trashed = await webhook(local('/trashed'), ['config.published']);
    await ok(built.app, owner.token, 'webhooks.delete', { params: { projectId, id: trashed.id } });
    // Another project's webhook on the same event hears nothing of this project.
    const ownProject = projectId;
    projectId = (await ok<{ id: string }>(built.app, owner.token, 'projects.create', { body: { name: uniqueProjectName('Other') } })).id;
    await webhook(local('/other-project'), ['config.published']);
    projectId = ownProject;

    const events = sender();
    const data = published();
    const id = events.send(projectId, 'config.published', data);
    // Nothing has happened yet: the caller's reply is not held up.
    await Promise.resolve();
    expect(received).toHaveLength(0);
    await events.idle();

    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(received.map((delivery) => delivery.path).sort()).toEqual(['/first', '/second']);
    const expected = { id, type: 'config.published', createdAt: built.clock.now().toISOString(), projectId, data };
    expect(verified(received.find((delivery) => delivery.path === '/first') as Received, first.signingSecret)).toEqual(expected);
    expect(verified(received.find((delivery) => delivery.path === '/second') as Received, second.signingSecret)).toEqual(expected);
    // Each webhook's own secret: the other's does not verify.
    const atSecond = received.find((delivery) => delivery.path === '/second') as Received;
    const t = /^t=(\d+)/.exec(String(atSecond.headers['palette-signature']))?.[1];
    expect(createHmac('sha256', first.signingSecret).update(`${t}.${atSecond.body}`).digest('hex')).not.toBe(String(atSecond.headers['palette-signature']).split('v1=')[1]);
    expect(lines).toEqual([]);
    // The wiring passes the app's own logger (pino) as the logger.
    expect(typeof (built.app.log satisfies WebhookEventsLogger).warn).toBe('function');
  });

  it('retries a 500 and a 429, and the event arrives once more with the same id and body', async () => {
    const failing = await webhook(local('/flaky'), ['config.published']);
    const busy = await webhook(local('/busy'), ['config.published']);
    plans.set('/flaky', [500]);
    plans.set('/busy', [429]);
    const events = sender();
    const id = events.send(projectId, 'config.published', published());
    await events.idle();

    for (const [path, secret] of [
      ['/flaky', failing.signingSecret],
      ['/busy', busy.signingSecret],
    ] as const) {
      const deliveries = received.filter((delivery) => delivery.path === path);
      expect(deliveries).toHaveLength(2);
      expect(deliveries.map((delivery) => verified(delivery, secret).id)).toEqual([id, id]);
      expect(deliveries[1]?.body).toBe(deliveries[0]?.body);
    }
    expect(lines.map((line) => [line.level, line.details.webhookId, line.details.status, line.details.attempt, line.details.retryInMs]).sort()).toEqual(
      [
        ['warn', failing.id, 500, 1, 20],
        ['warn', busy.id, 429, 1, 20],
      ].sort(),
    );
    expect(lines.every((line) => line.message === 'webhook delivery failed; retrying' && line.details.eventId === id)).toBe(true);
  });

  it('retries a timeout', async () => {
    const slow = await webhook(local('/slow'), ['config.published']);
    plans.set('/slow', ['hang']);
    const events = sender({ delivery: { timeoutMs: 300, privateAddresses: 'allow' } });
    const id = events.send(projectId, 'config.published', published());
    await events.idle();
    const deliveries = received.filter((delivery) => delivery.path === '/slow');
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((delivery) => verified(delivery, slow.signingSecret).id)).toEqual([id, id]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', details: { webhookId: slow.id, code: ErrorCode.WebhookTimeout, attempt: 1 } });
  });

  it('gives up after the last retry, one log line per failed attempt', async () => {
    const down = await webhook(local('/down'), ['config.published']);
    plans.set('/down', [503, 503, 503, 503, 200]);
    const events = sender();
    events.send(projectId, 'config.published', published());
    await events.idle();
    // The first attempt and three retries; the 200 planned fifth is never asked for.
    expect(received.filter((delivery) => delivery.path === '/down')).toHaveLength(4);
    expect(lines.map((line) => [line.level, line.details.attempt, line.message])).toEqual([
      ['warn', 1, 'webhook delivery failed; retrying'],
      ['warn', 2, 'webhook delivery failed; retrying'],
      ['warn', 3, 'webhook delivery failed; retrying'],
      ['error', 4, 'webhook delivery failed; giving up'],
    ]);
    expect(lines.every((line) => line.details.webhookId === down.id && !JSON.stringify(line).includes(down.signingSecret))).toBe(true);
  });

  it('retries an endpoint that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    await new Promise((resolve) => closed.close(resolve));
    const dead = await webhook(deadUrl, ['config.published']);
    const events = sender({ retryDelaysMs: [10] });
    events.send(projectId, 'config.published', published());
    await events.idle();
    expect(lines.map((line) => [line.level, line.details.webhookId, line.details.code, line.details.attempt])).toEqual([
      ['warn', dead.id, ErrorCode.WebhookUnreachable, 1],
      ['error', dead.id, ErrorCode.WebhookUnreachable, 2],
    ]);
  });

  it('does not retry a 4xx answer', async () => {
    const gone = await webhook(local('/gone'), ['config.published']);
    plans.set('/gone', [410]);
    const events = sender();
    events.send(projectId, 'config.published', published());
    await events.idle();
    expect(received.filter((delivery) => delivery.path === '/gone')).toHaveLength(1);
    expect(lines).toEqual([{ level: 'error', details: expect.objectContaining({ webhookId: gone.id, status: 410, attempt: 1 }), message: 'webhook delivery failed; not retried' }]);
  });

  it('sends nothing where the private-address policy refuses, and does not retry', async () => {
    const literal = await webhook(local('/literal'), ['config.published']);
    const named = await webhook(`https://hooks.customer.test:${port}/named`, ['config.published']);
    const before = connections;
    const events = sender({ delivery: { timeoutMs: 2_000, privateAddresses: 'refuse', resolve: fakeResolver } });
    events.send(projectId, 'config.published', published());
    await events.idle();
    // The name was resolved (the refusal is the connection's own lookup), and nothing connected.
    expect(resolved).toEqual(['hooks.customer.test']);
    expect(connections).toBe(before);
    expect(received).toHaveLength(0);
    expect(lines.map((line) => [line.level, line.details.webhookId, line.details.code, line.details.reason, line.message]).sort()).toEqual(
      [
        ['error', literal.id, ErrorCode.WebhookUnreachable, 'validation.webhookAddressNotAllowed', 'webhook delivery failed; not retried'],
        ['error', named.id, ErrorCode.WebhookUnreachable, 'validation.webhookAddressNotAllowed', 'webhook delivery failed; not retried'],
      ].sort(),
    );
  });

  it('close() cancels waiting retries and later sends', async () => {
    await webhook(local('/failing'), ['config.published']);
    plans.set('/failing', [500, 500, 500, 500]);
    // Long enough that the retry cannot come before close() even on a busy machine.
    const events = sender({ retryDelaysMs: [1_000, 1_000, 1_000] });
    const id = events.send(projectId, 'config.published', published());
    await until(() => lines.length === 1);
    expect(received).toHaveLength(1);
    await events.close();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(received).toHaveLength(1);
    expect(lines.map((line) => [line.message, line.details.eventId, line.details.attempt])).toEqual([
      ['webhook delivery failed; retrying', id, 1],
      ['webhook event dropped: the server is closing', id, 2],
    ]);
    const late = events.send(projectId, 'config.published', published(4));
    await events.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ message: 'webhook event dropped: the server is closing', details: { eventId: late } });
  });

  it('close() aborts an attempt in flight instead of waiting out its timeout', async () => {
    await webhook(local('/stuck'), ['config.published']);
    plans.set('/stuck', ['hang', 200]);
    const events = sender({ delivery: { timeoutMs: 20_000, privateAddresses: 'allow' }, retryDelaysMs: [10] });
    events.send(projectId, 'config.published', published());
    await until(() => received.length === 1);
    const started = performance.now();
    await events.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
    expect(lines).toEqual([{ level: 'warn', details: expect.objectContaining({ attempt: 1, code: ErrorCode.WebhookTimeout }), message: 'webhook event dropped: the server is closing' }]);
  });

  it('never throws at the caller: unreadable secrets and data are logged, other webhooks still get the event', async () => {
    const fine = await webhook(local('/fine'), ['config.published', 'trial.started']);
    // A sender whose key cannot open the stored secrets (the credentials key was changed).
    const wrongKey = sender({ box: new SecretBox(randomBytes(32)) });
    expect(() => wrongKey.send(projectId, 'config.published', published())).not.toThrow();
    await wrongKey.idle();
    expect(received).toHaveLength(0);
    expect(lines).toEqual([
      { level: 'error', details: expect.objectContaining({ webhookId: fine.id, err: expect.any(Error) }), message: 'webhook event not sent: the signing secret cannot be opened' },
    ]);

    lines = [];
    const events = sender();
    expect(() => events.send(projectId, 'trial.started', { amount: 1n })).not.toThrow();
    await events.idle();
    expect(received).toHaveLength(0);
    expect(lines).toEqual([{ level: 'error', details: expect.objectContaining({ event: 'trial.started' }), message: 'webhook event not sent: its data is not JSON' }]);

    const id = events.send(projectId, 'trial.started', { userId: 'u1' });
    await events.idle();
    expect(received.map((delivery) => verified(delivery, fine.signingSecret))).toEqual([
      { id, type: 'trial.started', createdAt: built.clock.now().toISOString(), projectId, data: { userId: 'u1' } },
    ]);
  });
});
