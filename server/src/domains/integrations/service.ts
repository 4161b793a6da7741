import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode } from '@contract/errors';
import type { WebhookTestResult } from '@contract/resources/projects';
import { AppError } from '../../errors';
import type { SecretBox } from '../../crypto/secret-box';
import type { ActionLimiter } from '../../rate-limit/action-limiter';
import type { ChangeContext } from '../../resources/audit';
import type { ResourceItemView } from '../../resources/repository';
import { deliver, endpointRefusal, newSigningSecret, type DeliveryGuard } from './delivery';
import type { IntegrationsRepository } from './repository';

/** How long a test delivery waits for the endpoint. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How deliveries are made: the wait, where they may go (delivery.ts), the resolver tests replace. */
export interface WebhookDeliveryOptions extends DeliveryGuard {
  readonly timeoutMs: number;
}

/**
 * Webhook endpoints: a signing secret is made at creation, sealed with the endpoint's id as
 * associated data and answered once; test deliveries really post a signed event. Creating or
 * changing an endpoint refuses a URL that leads outside the public internet by its text alone
 * (`endpointRefusal`); delivering checks it again with what its name resolves to.
 */
export class IntegrationsService {
  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly box: SecretBox,
    /** Each endpoint's budget of test deliveries (rate-limit/action-limits.ts). */
    private readonly limiter: ActionLimiter,
    private readonly delivery: WebhookDeliveryOptions,
  ) {}

  /** Creates an endpoint; the answer carries its signing secret, which is never shown again. */
  async create(context: ChangeContext, body: Record<string, unknown>): Promise<ResourceItemView & { signingSecret: string }> {
    this.assertAllowedUrl(body);
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const item = await this.repository.webhooks.create(context, body, { id, secretCiphertext: this.box.seal(signingSecret, `webhook:${id}`) });
    return { ...item, signingSecret };
  }

  /** Changes an endpoint (the generic update), refusing a new URL the way `create` does. */
  async update(context: ChangeContext, id: string, body: Record<string, unknown> & { version: number }): Promise<ResourceItemView> {
    this.assertAllowedUrl(body);
    return this.repository.webhooks.update(context, id, body);
  }

  /** 1000 with the reason under `url` when the body's URL may not be delivered to (delivery.ts). */
  private assertAllowedUrl(body: Record<string, unknown>): void {
    if (typeof body.url !== 'string') return;
    const refusal = endpointRefusal(body.url, this.delivery.privateAddresses);
    if (refusal) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { url: refusal } });
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
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({
      id: eventId,
      type: 'webhook.test',
      createdAt: context.now.toISOString(),
      projectId: context.projectId,
      data: { webhookId: id, message: 'A test event sent from Palette Console.' },
    });
    return deliver({ url: endpoint.url, secret, body, eventId, now: context.now, timeoutMs: this.delivery.timeoutMs }, this.delivery);
  }
}
