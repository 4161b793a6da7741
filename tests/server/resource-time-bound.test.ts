import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ErrorCode } from '@contract/errors';
import type { listQuerySchema } from '@contract/envelope';
import { defineResource, timeBoundShape } from '@contract/resources/define';
import { localizedNameSchema } from '@contract/validation';
import { AppError } from '../../server/src/errors';
import { ResourceRepository } from '../../server/src/resources/repository';
import { FakeClock } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

/**
 * The generic repository on a time-bound, orderable resource without a trash: the derived state
 * (Not Started, In Progress, Over) in items and in the state filter, the time range rule on create and
 * on the item an update would produce, and hard deletes. The table exists only in this test.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const campaigns = pgTable('test_campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull(),
  version: integer('version').notNull().default(1),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  name: text('name').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at'),
});

const campaignResource = defineResource({
  name: 'campaigns',
  labelKey: 'test:campaign',
  schema: z.object({ name: localizedNameSchema, ...timeBoundShape }),
  fields: {
    name: { labelKey: 'test:name', input: 'text', searchable: true, list: { sortable: true } },
    startsAt: { labelKey: 'resource:fields.startsAt', input: 'datetime', list: { sortable: true }, filter: 'range' },
    endsAt: { labelKey: 'resource:fields.endsAt', input: 'datetime' },
  },
  timeBound: true,
  orderable: true,
});

let database: TestDatabase;
let repository: ResourceRepository;
const clock = new FakeClock(Date.parse('2030-06-01T00:00:00Z'));
const projectId = '00000000-0000-4000-8000-0000000000aa';
const context = () => ({ actor: { id: '00000000-0000-4000-8000-0000000000bb', name: 'Tester' }, projectId, now: clock.now() });
const list = (query: Record<string, unknown>) =>
  repository.list(projectId, campaignResource.listQuery.parse(query) as z.infer<typeof listQuerySchema> & Record<string, unknown>);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.db.execute(sql`
    create table test_campaigns (
      id uuid primary key default gen_random_uuid(), project_id uuid not null, version integer not null default 1,
      enabled boolean not null default true, sort_order integer not null default 0, created_by uuid, updated_by uuid,
      created_at timestamptz not null, updated_at timestamptz not null, name text not null,
      starts_at timestamptz not null, ends_at timestamptz)`);
  repository = new ResourceRepository(database.handle.db, { resource: campaignResource, table: campaigns, entity: 'project', notFound: ErrorCode.DataMissing, clock: clock.now });
  for (const [name, startsAt, endsAt] of [
    ['Past', '2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z'],
    ['Current', '2030-05-01T00:00:00Z', '2030-07-01T00:00:00Z'],
    ['Open-ended', '2030-05-15T00:00:00Z', null],
    ['Future', '2030-09-01T00:00:00Z', '2030-10-01T00:00:00Z'],
  ] as const) {
    await repository.create(context(), campaignResource.create.parse({ name, startsAt, endsAt }) as Record<string, unknown>);
  }
});
afterAll(async () => database?.dispose());

describe('a time-bound resource', () => {
  it('derives each item’s state from its range and the clock', async () => {
    const page = await list({ sort: 'startsAt:asc' });
    expect(page.items.map((i) => [i.name, i.state])).toEqual([
      ['Past', 'over'],
      ['Current', 'inProgress'],
      ['Open-ended', 'inProgress'],
      ['Future', 'notStarted'],
    ]);
    expect(page.items.map((i) => i.sortOrder)).toEqual([1, 2, 3, 4]);
  });

  it('filters by state and by a date range', async () => {
    expect((await list({ state: 'inProgress' })).items.map((i) => i.name).sort()).toEqual(['Current', 'Open-ended']);
    expect((await list({ state: ['over', 'notStarted'] })).items.map((i) => i.name).sort()).toEqual(['Future', 'Past']);
    expect((await list({ startsAtMin: '2030-05-01T00:00:00Z', startsAtMax: '2030-06-01T00:00:00Z' })).total).toBe(2);
    clock.advance(200 * 24 * 3_600_000);
    expect((await list({ state: 'over' })).items.map((i) => i.name).sort()).toEqual(['Current', 'Future', 'Past']);
  });

  it('refuses an end before the start, on create and on the item an update would produce', async () => {
    const refused = campaignResource.create.safeParse({ name: 'Backwards', startsAt: '2030-05-02T00:00:00Z', endsAt: '2030-05-01T00:00:00Z' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.timeRange');
    const current = (await list({ q: 'current' })).items[0] as { id: string; version: number };
    const update = repository.update(context(), current.id, { endsAt: '2030-04-01T00:00:00Z', version: current.version });
    await expect(update).rejects.toBeInstanceOf(AppError);
    await expect(update).rejects.toMatchObject({ code: ErrorCode.ParamInvalid, fieldErrors: { endsAt: { key: 'validation.timeRange' } } });
  });

  it('deletes for good without a trash', async () => {
    const future = (await list({ q: 'future' })).items[0] as { id: string };
    expect(await repository.remove(context(), future.id, false)).toEqual({ trashed: false, unlinked: [] });
    await expect(repository.get(projectId, future.id)).rejects.toMatchObject({ code: ErrorCode.DataMissing });
  });
});
