import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { Clock } from '../shared/clock';
import type { AuthRepository } from './auth/repository';
import type { PasswordHasher } from './auth/passwords';
import type { AuthService } from './auth/service';
import type { Domains } from './build';
import type { OutboxRepository } from './mail/repository';
import type { MediaStorage } from './media/storage';
import type { SecretBox } from '../crypto/secret-box';
import type { ConfigChanges, DeliveryStore } from '../delivery/store';
import type { WebhookEvents } from './integrations/events';
import type { StoreEndpoints } from './commerce/stores/endpoints';

/** What the app hands every domain when it registers its routes (server/src/app.ts builds it once). */
export interface ServerDeps {
  readonly db: Database;
  readonly clock: Clock;
  /** The project domains' repositories and services, and access control (domains/build.ts). */
  readonly domains: Domains;
  readonly auth: AuthService;
  readonly authRepository: AuthRepository;
  readonly hasher: PasswordHasher;
  readonly mailer: Mailer;
  readonly outbox: OutboxRepository;
  readonly mediaStorage: MediaStorage;
  /** Told after each configuration change commits (config domain emits, delivery listens). */
  readonly configChanges: ConfigChanges;
  /** The compiled configuration the delivery API answers from. */
  readonly delivery: DeliveryStore;
  /** Sends the project's webhook events (config.published) in the background, with retries. */
  readonly webhookEvents: WebhookEvents;
  /** Seals the project's secrets and derives keys of their own (preview links). */
  readonly box: SecretBox;
  /** The public base URL of the delivery API (DELIVERY_URL), when it is not the request's origin. */
  readonly deliveryUrl?: string | undefined;
  /** Where the App Store and Google Play are and whom to trust (the real stores unless given). */
  readonly stores?: StoreEndpoints | undefined;
}

/**
 * A domain as the app mounts it: a name (for errors and logs) and the registration of its routes.
 * The app registers every module of `domainModules` (domains/index.ts) in order, then refuses to
 * start if a contract route is left unserved (app.ts `assertEveryContractRouteServed`).
 */
export interface DomainModule {
  readonly name: string;
  register(app: FastifyInstance, deps: ServerDeps): void;
}
