import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode } from '@contract/errors';
import type { WebhookTestResult } from '@contract/resources/projects';
import { AppError } from '../../errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { ActionLimiter } from '../../rate-limit/action-limiter';
import type { ChangeContext } from '../../resources/audit';
import type { ResourceItemView } from '../../resources/repository';
import { deliver, newSigningSecret } from './delivery';
import type { IntegrationsRepository } from './repository';

/** How long a test delivery waits for the endpoint. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Webhook endpoints: a signing secret is made at creation, sealed with the endpoint's id as
 * associated data and answered once; test deliveries really post a signed event.
 */
export class IntegrationsService {
  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly box: SecretBox,
    /** Each endpoint's budget of test deliveries (rate-limit/action-limits.ts). */
    private readonly limiter: ActionLimiter,
    private readonly timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ) {}

  /** Creates an endpoint; the answer carries its signing secret, which is never shown again. */
  async create(context: ChangeContext, body: Record<string, unknown>): Promise<ResourceItemView & { signingSecret: string }> {
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const item = await this.repository.webhooks.create(context, body, { id, secretCiphertext: this.box.seal(signingSecret, `webhook:${id}`) });
    return { ...item, signingSecret };
  }

  /**
   * Posts a signed `webhook.test` event to the endpoint (see delivery.ts for what counts as failure).
   * Each delivery counts against the endpoint's budget, failed ones too: a spent budget is 1006 and
   * nothing is posted.
   */
  async test(context: ChangeContext, id: string): Promise<WebhookTestResult> {
    const endpoint = await this.repository.endpoint(context.projectId, id);
    if (!endpoint) throw new AppError(ErrorCode.DataMissing);
    // The id as PostgreSQL writes a uuid, so differently cased spellings share one budget.
    await this.limiter.take('webhookTest', id.toLowerCase());
    const secret = this.box.open(endpoint.secretCiphertext, `webhook:${id}`);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'webhook.test',
      createdAt: context.now.toISOString(),
      projectId: context.projectId,
      data: { webhookId: id, message: 'A test event sent from Palette Console.' },
    });
    return deliver({ url: endpoint.url, secret, body, now: context.now, timeoutMs: this.timeoutMs });
  }
}
