import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@contract/errors';
import { webhookResource } from '@contract/resources/projects';
import type { Database } from '../../db/client';
import { webhooks } from '../../db/schema';
import { ResourceRepository } from '../../resources/repository';
import type { Clock } from '../../shared/clock';

/** All SQL of integrations: webhook endpoints (generic repository) and their sealed secrets. */
export class IntegrationsRepository {
  readonly webhooks: ResourceRepository;

  constructor(
    private readonly db: Database,
    clock: Clock,
  ) {
    this.webhooks = new ResourceRepository(db, { resource: webhookResource, table: webhooks, entity: 'webhook', notFound: ErrorCode.DataMissing, clock });
  }

  /** A live webhook's URL and sealed signing secret. */
  async endpoint(projectId: string, id: string): Promise<{ url: string; secretCiphertext: string } | undefined> {
    const [row] = await this.db
      .select({ url: webhooks.url, secretCiphertext: webhooks.secretCiphertext })
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.projectId, projectId), isNull(webhooks.deletedAt)))
      .limit(1);
    return row;
  }

  /** The live (not trashed) webhooks of a project subscribed to `event`, oldest first. */
  async subscribers(projectId: string, event: string): Promise<{ id: string; url: string; secretCiphertext: string }[]> {
    return this.db
      .select({ id: webhooks.id, url: webhooks.url, secretCiphertext: webhooks.secretCiphertext })
      .from(webhooks)
      .where(and(eq(webhooks.projectId, projectId), isNull(webhooks.deletedAt), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`))
      .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  }
}
