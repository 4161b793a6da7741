import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import type { Envelope } from '@contract/envelope';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { actionCounts, invitations, uploads } from '../../server/src/db/schema';
import { ACTION_LIMITS, windowAt, type ActionLimits } from '../../server/src/rate-limit/action-limits';
import { png } from '../fixtures/media/generate';
import { FakeClock, createTestApp, expectEnvelope, recordingMailer, uniqueEmail } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { call, ok, operator, projectWithTeam, type Operator, type ProjectTeam } from './helpers/projects';

/**
 * The limits of costly actions (server/src/rate-limit): invitation mails per project, webhook test
 * deliveries per endpoint, uploaded files and bytes per person. Held in the database, so they are
 * checked here with two app instances on one database (two connection pools on PostgreSQL) and with
 * bursts of parallel requests; the suite runs on PGlite and again on PostgreSQL (TEST_DATABASE_URL).
 * Time moves by a fake clock, never by sleeping.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LIMIT = 10;

/** Project icons (512 × 512 PNG) of distinct content: `padding` adds that many bytes. */
const icon = (padding: number): Buffer => png(512, 512, 1000 + padding);
const ICON_BYTES = icon(0).length;
/** Ten of the icons below (paddings 0 … 29) always fit, eleven never do. */
const BYTE_BUDGET = LIMIT * (ICON_BYTES + 29);

const smallLimits: ActionLimits = {
  upload: { count: LIMIT, amount: 1024 ** 3, windowMs: HOUR },
  invitationMail: { count: LIMIT, windowMs: HOUR },
  webhookTest: { count: LIMIT, windowMs: 10 * MINUTE },
};
/** Another server's configuration, where the bytes run out before the files do. */
const byteLimits: ActionLimits = { ...smallLimits, upload: { count: 100, amount: BYTE_BUDGET, windowMs: HOUR } };

let database: TestDatabase;
/** A second connection to the same database (its own pool on PostgreSQL), as a second server has. */
let secondHandle: DatabaseHandle;
const clock = new FakeClock();
const { mailer, mails } = recordingMailer();
let first: FastifyInstance;
let second: FastifyInstance;
let bytesApp: FastifyInstance;
let receiver: Server;
let receiverUrl: string;
/** Paths the webhook receiver was posted to, one entry per delivery. */
const delivered: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : database.handle;
  // The webhook receiver is on 127.0.0.1: these apps allow private addresses (the default refuses them).
  first = (await createTestApp(database.handle, { clock: clock.now, mailer, actionLimits: smallLimits, webhookPrivateAddresses: 'allow' })).app;
  second = (await createTestApp(secondHandle, { clock: clock.now, mailer, actionLimits: smallLimits, webhookPrivateAddresses: 'allow' })).app;
  bytesApp = (await createTestApp(database.handle, { clock: clock.now, mailer, actionLimits: byteLimits })).app;
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await first?.close();
  await second?.close();
  await bytesApp?.close();
  if (secondHandle && secondHandle !== database?.handle) await secondHandle.close();
  await database?.dispose();
});

/** Moves the clock to `minutes` past the start of the next hour (a fresh window of every limit). */
function startNextHour(minutes = 10): void {
  const now = clock.now();
  clock.advance(windowAt(now, HOUR).end.getTime() - now.getTime() + minutes * MINUTE);
}

/** Seconds from now to the end of the window of `windowMs` now falls in. */
function secondsLeft(windowMs: number): number {
  const now = clock.now();
  return Math.ceil((windowAt(now, windowMs).end.getTime() - now.getTime()) / 1000);
}

/** A refusal by an action limit: 429, 1006, Retry-After, and the same wait in the envelope. */
function expectLimited(response: { status: number; headers: LightMyRequestResponse['headers']; envelope: Envelope }, windowMs: number): void {
  const seconds = secondsLeft(windowMs);
  expect(response.status).toBe(429);
  expect(response.envelope.code).toBe(ErrorCode.TooManyRequests);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(response.envelope.fieldErrors).toEqual({ retryAfterSeconds: { key: 'validation.retryAfter', params: { seconds } } });
  expect(response.envelope.data).toBeUndefined();
}

async function counter(action: string, subject: string): Promise<{ count: number; amount: number } | undefined> {
  const now = clock.now();
  const windowMs = smallLimits[action as keyof ActionLimits].windowMs;
  const [row] = await database.handle.db
    .select({ count: actionCounts.count, amount: actionCounts.amount })
    .from(actionCounts)
    .where(and(eq(actionCounts.action, action), eq(actionCounts.subject, subject), eq(actionCounts.windowStart, windowAt(now, windowMs).start)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Requests

const invite = (app: FastifyInstance, team: ProjectTeam, email = uniqueEmail('invitee')) =>
  call(app, team.owner.token, 'invitations.create', { params: { projectId: team.projectId }, body: { email, role: 'viewer' } });

const testWebhook = (app: FastifyInstance, team: ProjectTeam, id: string) => call(app, team.owner.token, 'webhooks.test', { params: { projectId: team.projectId, id } });

async function createWebhook(team: ProjectTeam, path: string): Promise<string> {
  return (await ok<{ id: string }>(first, team.owner.token, 'webhooks.create', { params: { projectId: team.projectId }, body: { url: `${receiverUrl}${path}`, events: ['trial.started'] } })).id;
}

/** A multipart upload body: the fields in the order main sends them, or any raw parts. */
function multipart(parts: ReadonlyArray<{ name: string; value: string } | { name: string; file: Buffer }>): { payload: Buffer; contentType: string } {
  const boundary = `----limits-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`), part.file, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function sendUpload(app: FastifyInstance, user: Operator, projectId: string, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/uploads`,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${user.token}` },
    payload: body.payload,
  });
  return { status: response.statusCode, headers: response.headers, envelope: expectEnvelope(response) };
}

/** Uploads a project icon: rule, sha256, file. */
const upload = (app: FastifyInstance, user: Operator, projectId: string, file: Buffer) =>
  sendUpload(app, user, projectId, [
    { name: 'rule', value: 'project.icon' },
    { name: 'sha256', value: createHash('sha256').update(file).digest('hex') },
    { name: 'file', file },
  ]);

async function storedUploads(userId: string): Promise<number> {
  return (await database.handle.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.uploadedBy, userId))).length;
}

async function storedInvitations(projectId: string): Promise<number> {
  return (await database.handle.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.projectId, projectId))).length;
}

const mailsTo = (projectName: string) => mails.filter((mail) => mail.subject.includes(projectName)).length;

async function projectName(team: ProjectTeam): Promise<string> {
  return (await ok<{ name: string }>(first, team.owner.token, 'projects.get', { params: { projectId: team.projectId } })).name;
}

// ---------------------------------------------------------------------------------------------

describe('action limits', () => {
  it('are the documented numbers', () => {
    expect(ACTION_LIMITS).toEqual({
      upload: { count: 200, amount: 2 * 1024 ** 3, windowMs: HOUR },
      invitationMail: { count: 50, windowMs: HOUR },
      webhookTest: { count: 10, windowMs: 10 * MINUTE },
    });
  });

  it('use fixed windows aligned to their length', () => {
    expect(windowAt(new Date('2030-01-01T10:59:59.999Z'), HOUR)).toEqual({ start: new Date('2030-01-01T10:00:00Z'), end: new Date('2030-01-01T11:00:00Z') });
    expect(windowAt(new Date('2030-01-01T10:20:00Z'), 10 * MINUTE)).toEqual({ start: new Date('2030-01-01T10:20:00Z'), end: new Date('2030-01-01T10:30:00Z') });
  });
});

describe('invitation mails per project', () => {
  let team: ProjectTeam;
  let name: string;

  beforeAll(async () => {
    startNextHour();
    team = await projectWithTeam(first, database.handle);
    name = await projectName(team);
  });

  it('refuses the mail past the hourly budget with 429/1006 and Retry-After; nothing is stored, no mail sent', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await invite(i % 2 === 0 ? first : second, team)).envelope.code).toBe(0);
    expect(mailsTo(name)).toBe(LIMIT);
    const refused = await invite(second, team);
    expectLimited(refused, HOUR);
    expect(refused.headers['retry-after']).toBe('3000');
    expectLimited(await invite(first, team), HOUR);
    expect(await storedInvitations(team.projectId)).toBe(LIMIT);
    expect(mailsTo(name)).toBe(LIMIT);
    // Refused requests are not counted: hammering does not extend the block.
    expect(await counter('invitationMail', team.projectId)).toEqual({ count: LIMIT, amount: 0 });
  });

  it('gives another project a budget of its own', async () => {
    const other = await projectWithTeam(first, database.handle);
    expect((await invite(first, other)).envelope.code).toBe(0);
  });

  it('does not count an invitation refused before any mail (a repeat)', async () => {
    const other = await projectWithTeam(first, database.handle);
    const email = uniqueEmail('repeat');
    expect((await invite(first, other, email)).envelope.code).toBe(0);
    for (let i = 0; i < 3; i += 1) expect((await invite(first, other, email)).envelope.code).toBe(ErrorCode.InvitationRepeated);
    expect(await counter('invitationMail', other.projectId)).toEqual({ count: 1, amount: 0 });
  });

  it('allows again in the next window', async () => {
    clock.advance(secondsLeft(HOUR) * 1000 - 1_000);
    expectLimited(await invite(first, team), HOUR);
    expect((await invite(first, team)).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await invite(first, team)).envelope.code).toBe(0);
    expect(await storedInvitations(team.projectId)).toBe(LIMIT + 1);
  });
});

describe('webhook test deliveries per webhook', () => {
  let team: ProjectTeam;
  let hook: string;

  beforeAll(async () => {
    startNextHour(3);
    team = await projectWithTeam(first, database.handle);
    hook = await createWebhook(team, '/first');
  });

  const deliveriesTo = (path: string) => delivered.filter((p) => p === path).length;

  it('refuses the delivery past the budget of 10 minutes with 429/1006 and Retry-After; nothing is posted', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await testWebhook(i % 2 === 0 ? first : second, team, hook)).envelope.code).toBe(0);
    expect(deliveriesTo('/first')).toBe(LIMIT);
    const refused = await testWebhook(first, team, hook);
    expectLimited(refused, 10 * MINUTE);
    expect(refused.headers['retry-after']).toBe('420');
    // The same endpoint spelled in capitals is the same endpoint.
    expectLimited(await testWebhook(second, team, hook.toUpperCase()), 10 * MINUTE);
    expect(deliveriesTo('/first')).toBe(LIMIT);
  });

  it('gives another webhook a budget of its own, and counts nothing for one that does not exist', async () => {
    const other = await createWebhook(team, '/second');
    expect((await testWebhook(first, team, other)).envelope.code).toBe(0);
    expect(deliveriesTo('/second')).toBe(1);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await testWebhook(first, team, missing)).envelope.code).toBe(ErrorCode.DataMissing);
    expect(await counter('webhookTest', missing)).toBeUndefined();
  });

  it('allows again in the next window', async () => {
    clock.advance(secondsLeft(10 * MINUTE) * 1000);
    expect((await testWebhook(second, team, hook)).envelope.code).toBe(0);
    expect(deliveriesTo('/first')).toBe(LIMIT + 1);
  });
});

describe('uploads per person', () => {
  let team: ProjectTeam;

  beforeAll(async () => {
    startNextHour(30);
    team = await projectWithTeam(first, database.handle);
  });

  it('refuses the file past the hourly count with 429/1006 and Retry-After, and stores nothing', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await upload(i % 2 === 0 ? first : second, team.editor, team.projectId, icon(i))).envelope.code).toBe(0);
    const refused = await upload(first, team.editor, team.projectId, icon(LIMIT));
    expectLimited(refused, HOUR);
    expect(refused.headers['retry-after']).toBe('1800');
    expect(await storedUploads(team.editor.id)).toBe(LIMIT);
    expect(await counter('upload', team.editor.id)).toEqual({ count: LIMIT, amount: Array.from({ length: LIMIT }, (_, i) => icon(i).length).reduce((a, b) => a + b) });
  });

  it('refuses a spent budget before reading the body', async () => {
    // Without the limit, a body without fields is 1000 (rule required); the limit answers first.
    expectLimited(await sendUpload(first, team.editor, team.projectId, []), HOUR);
    // A claim (no file) is refused too.
    const claim = await sendUpload(second, team.editor, team.projectId, [
      { name: 'rule', value: 'project.icon' },
      { name: 'sha256', value: createHash('sha256').update(icon(0)).digest('hex') },
    ]);
    expectLimited(claim, HOUR);
  });

  it('gives every person a budget of their own, in any project', async () => {
    expect((await upload(first, team.owner, team.projectId, icon(100))).envelope.code).toBe(0);
    expect((await sendUpload(first, team.owner, team.projectId, [])).envelope.code).toBe(ErrorCode.ParamInvalid);
  });

  it('counts the bytes received and refuses the file that would pass the byte budget, storing nothing', async () => {
    const uploader = await operator(bytesApp, database.handle);
    const project = await ok<{ id: string }>(bytesApp, uploader.token, 'projects.create', { body: { name: `Bytes ${randomBytes(4).toString('hex')}` } });
    const big = png(512, 512, BYTE_BUDGET - 2 * ICON_BYTES);
    expect((await upload(bytesApp, uploader, project.id, icon(0))).envelope.code).toBe(0);
    expect((await upload(bytesApp, uploader, project.id, big)).envelope.code).toBe(0);
    expect(await counter('upload', uploader.id)).toEqual({ count: 2, amount: icon(0).length + big.length });
    const left = BYTE_BUDGET - icon(0).length - big.length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(ICON_BYTES);
    expectLimited(await upload(bytesApp, uploader, project.id, icon(1)), HOUR);
    expect(await storedUploads(uploader.id)).toBe(2);
    // The refused file was counted as a file, its bytes were not added.
    expect(await counter('upload', uploader.id)).toEqual({ count: 3, amount: icon(0).length + big.length });
    clock.advance(secondsLeft(HOUR) * 1000);
    expect((await upload(bytesApp, uploader, project.id, icon(1))).envelope.code).toBe(0);
  });

  it('allows again in the next window', async () => {
    expect((await upload(second, team.editor, team.projectId, icon(LIMIT))).envelope.code).toBe(0);
    expect(await storedUploads(team.editor.id)).toBe(LIMIT + 1);
  });
});

describe(`parallel requests cannot overshoot a limit (two servers, one database)`, () => {
  let team: ProjectTeam;

  beforeAll(async () => {
    startNextHour(5);
    team = await projectWithTeam(first, database.handle);
  });

  /** Codes of the replies, sorted: exactly LIMIT successes, every other one 1006. */
  function expectExactlyLimit(codes: number[]): void {
    expect(codes.filter((c) => c === 0)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === ErrorCode.TooManyRequests)).toHaveLength(codes.length - LIMIT);
  }

  it('30 invitations at once against a budget of 10: 10 stored and mailed', async () => {
    const name = await projectName(team);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => invite(i % 2 === 0 ? first : second, team)));
    expectExactlyLimit(replies.map((r) => r.envelope.code));
    expect(await storedInvitations(team.projectId)).toBe(LIMIT);
    expect(mailsTo(name)).toBe(LIMIT);
  });

  it('30 webhook tests at once against a budget of 10: 10 delivered', async () => {
    const hook = await createWebhook(team, '/burst');
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => testWebhook(i % 2 === 0 ? first : second, team, hook)));
    expectExactlyLimit(replies.map((r) => r.envelope.code));
    expect(delivered.filter((p) => p === '/burst')).toHaveLength(LIMIT);
  });

  it('30 uploads at once against a budget of 10 files: 10 stored', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => upload(i % 2 === 0 ? first : second, team.editor, team.projectId, icon(i))));
    expectExactlyLimit(replies.map((r) => r.envelope.code));
    expect(await storedUploads(team.editor.id)).toBe(LIMIT);
  });

  it('30 uploads at once against a byte budget that fits 10 of them: 10 stored', async () => {
    const uploader = await operator(bytesApp, database.handle);
    const project = await ok<{ id: string }>(bytesApp, uploader.token, 'projects.create', { body: { name: `Burst ${randomBytes(4).toString('hex')}` } });
    expect(11 * ICON_BYTES).toBeGreaterThan(BYTE_BUDGET);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => upload(bytesApp, uploader, project.id, icon(i))));
    expectExactlyLimit(replies.map((r) => r.envelope.code));
    expect(await storedUploads(uploader.id)).toBe(LIMIT);
    const counted = await counter('upload', uploader.id);
    expect(counted?.count).toBe(30);
    expect(counted?.amount).toBeLessThanOrEqual(BYTE_BUDGET);
  });
});

describe('counters of ended windows', () => {
  it('are deleted on the way', async () => {
    const team = await projectWithTeam(first, database.handle);
    const before = await database.handle.db.select({ windowStart: actionCounts.windowStart }).from(actionCounts);
    expect(before.length).toBeGreaterThan(3);
    startNextHour(2 * 60);
    expect((await invite(first, team)).envelope.code).toBe(0);
    const { start } = windowAt(clock.now(), HOUR);
    const rows = await database.handle.db.select({ action: actionCounts.action, windowStart: actionCounts.windowStart }).from(actionCounts);
    // Only this window's counter is left (the sweep keeps the window before the current one).
    expect(rows).toEqual([{ action: 'invitationMail', windowStart: start }]);
  });
});
