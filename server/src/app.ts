import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { routeList } from '@contract/api';
import { ErrorCode } from '@contract/errors';
import type { DatabaseHandle } from './db/client';
import { AuthRepository } from './domains/auth/repository';
import { AuthService, type SessionPolicy } from './domains/auth/service';
import { OWASP_ARGON2ID, PasswordHasher, type PasswordHashingOptions } from './domains/auth/passwords';
import { AUTH_LIMITS, type SignInLimits } from './domains/auth/rate-limit';
import { OutboxRepository } from './domains/mail/repository';
import { createDomains } from './domains/build';
import { domainModules } from './domains';
import { seedDemoData, type DemoResult } from './domains/demo/seed';
import { MemoryMediaStorage, type MediaStorage } from './domains/media/storage';
import type { ServerDeps } from './domains/module';
import { SettingsRepository } from './domains/settings/repository';
import { openSecretBox, type SecretBox } from './crypto/secret-box';
import { tooManyRequests } from './errors';
import { installAccessControl } from './http/access';
import { installAuthentication } from './http/authenticate';
import { installErrorHandling } from './http/error-handler';
import { baseServerOptions } from './http/raw-refusals';
import { LastKnownGood } from './delivery/last-known-good';
import { WebhookEvents } from './domains/integrations/events';
import { WEBHOOK_TIMEOUT_MS } from './domains/integrations/service';
import { startChangeRelay } from './delivery/pg-relay';
import { PREVIEW_PASSWORD_DIGEST_PURPOSE, PREVIEW_PASSWORD_PURPOSE } from './delivery/preview-settings';
import { ConfigChanges, DeliveryStore, type DeliveryRateLimits } from './delivery/store';
import { errorEnvelopeSchema } from './http/register-route';
import { installSecurityHeaders } from './http/security-headers';
import { zodValidatorCompiler } from './http/validation';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import type { HostResolver, PrivateAddressPolicy } from './net/outbound-address';
import { ActionCountsRepository } from './rate-limit/action-counts-repository';
import { ActionLimiter } from './rate-limit/action-limiter';
import type { ActionLimits } from './rate-limit/action-limits';
import { systemClock, type Clock } from './shared/clock';
import type { StoreEndpoints } from './domains/commerce/stores/endpoints';

/** Request bodies above this size are refused with 1000 (uploads will get their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Fails the start when a route of the contract table has no handler: main and the renderer call
 * routes by id from that table, so a missing one would only surface as 404s in the field.
 */
function assertEveryContractRouteServed(app: FastifyInstance): void {
  const missing = routeList.filter(([, def]) => !app.hasRoute({ method: def.method, url: def.path })).map(([id]) => id);
  if (missing.length > 0) throw new Error(`Contract routes without a server handler: ${missing.join(', ')}`);
}

/** Everything the app needs from outside; tests replace the clock, mail transport and hash cost. */
export interface AppDeps {
  readonly database: DatabaseHandle;
  /** Close the database when the app closes (the process entry owns it; tests close their own). */
  readonly ownsDatabase?: boolean;
  readonly sessionIdleMinutes?: number;
  readonly sessionMaxHours?: number;
  /** SMTP URL; without it mail goes to the outbox table. Ignored when `mailer` is given. */
  readonly smtpUrl?: string | undefined;
  readonly mailFrom?: string;
  readonly mailer?: Mailer;
  readonly clock?: Clock;
  /** Argon2id cost; OWASP level unless a unit test passes cheaper values. */
  readonly passwordHashing?: PasswordHashingOptions;
  readonly signInLimits?: SignInLimits;
  readonly logger?: FastifyServerOptions['logger'];
  readonly trustProxyHops?: number;
  /** CREDENTIALS_KEY; without it the key generated once and kept in the settings table. */
  readonly credentialsKey?: string | undefined;
  /** The console's web address, for links in invitation mails. */
  readonly consoleUrl?: string | undefined;
  /** How long a webhook test delivery waits for the endpoint. */
  readonly webhookTimeoutMs?: number;
  /**
   * Whether webhook URLs and deliveries may reach loopback, private, link-local and other
   * non-public addresses (WEBHOOK_PRIVATE_ADDRESSES). `refuse` unless given: tests that deliver to a
   * receiver on 127.0.0.1 say `allow` themselves.
   */
  readonly webhookPrivateAddresses?: PrivateAddressPolicy;
  /** How webhook deliveries resolve host names; the system resolver unless a test passes a fake. */
  readonly webhookResolver?: HostResolver;
  /**
   * Where uploaded media are stored (domains/media/storage.ts). The process entry always passes the
   * configured one (UPLOADS_DIR or S3_*); without one, files are kept in memory (tests, benchmarks).
   */
  readonly mediaStorage?: MediaStorage;
  /**
   * Replacements of the limits of costly actions (rate-limit/action-limits.ts: uploads, invitation
   * mails, webhook tests); the documented defaults otherwise. Tests pass small numbers.
   */
  readonly actionLimits?: Partial<ActionLimits>;
  /**
   * Where the delivery API keeps its last-known-good configuration (DATA_DIR/delivery unless set);
   * without one (unit tests) an outage is bridged only by what is in memory.
   */
  readonly deliveryCacheDir?: string | undefined;
  /** The public base URL of the delivery API (DELIVERY_URL): preview links and delivered media URLs start with it. */
  readonly deliveryUrl?: string | undefined;
  /** Requests per second and burst per client key and per client address on the delivery API. */
  readonly deliveryRateLimit?: DeliveryRateLimits;
  /**
   * The App Store's and Google Play's addresses and Apple's trusted roots (APPLE_*, GOOGLE_* in
   * env.ts); the real stores unless given. Tests pass their own chain and loopback fakes.
   */
  readonly stores?: StoreEndpoints;
}

/** The app plus the services the process entry needs after building it (first-admin bootstrap). */
export interface BuiltApp {
  readonly app: FastifyInstance;
  readonly auth: AuthService;
  readonly mailer: Mailer;
  readonly secretBox: SecretBox;
  /** The delivery API's state (tests flush its key usage and read where it answered from). */
  readonly delivery: DeliveryStore;
  /** Creates the demo project for `ownerEmail` on a database without projects (domains/demo/seed.ts). */
  seedDemoData(ownerEmail: string): Promise<DemoResult | undefined>;
}

/**
 * Builds the API server (fastify/demo order): database, security headers, OpenAPI, error envelope,
 * authentication, then the domain routes mounted from the contract's route table.
 */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    // Log redaction, the delivery API's quiet request lines, envelopes for the router's refusals.
    ...baseServerOptions(deps.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind N proxies, the client address is the N-th from the right in X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < (deps.trustProxyHops ?? 0),
    requestTimeout: 60_000,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON bodies: an empty body with a JSON content type counts as no body (clients commonly send
  // the header on bodiless POSTs); anything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // 1. database
  const { db } = deps.database;
  if (deps.ownsDatabase) app.addHook('onClose', async () => deps.database.close());
  const authRepository = new AuthRepository(db);
  const outbox = new OutboxRepository(db);
  const mailer = deps.mailer ?? (deps.smtpUrl ? smtpMailer(deps.smtpUrl, deps.mailFrom ?? 'no-reply@palette.local') : outboxMailer(outbox, clock));
  app.addHook('onClose', async () => mailer.close());

  // 2. security headers
  installSecurityHeaders(app);

  // 3. OpenAPI, collected from every route's zod schemas
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Palette Console API', version: '1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // Compression where a route asks for it (the delivery API): the console's own API is loopback or
  // behind the desktop app and its media are streamed with ranges, so nothing else is compressed.
  await app.register(fastifyCompress, { global: false });

  // 4. error envelope
  installErrorHandling(app);

  // 5. authentication
  const policy: SessionPolicy = {
    idleMs: (deps.sessionIdleMinutes ?? 720) * 60_000,
    maxMs: (deps.sessionMaxHours ?? 168) * 3_600_000,
  };
  const hasher = new PasswordHasher(deps.passwordHashing ?? OWASP_ARGON2ID);
  const auth = new AuthService({
    repository: authRepository,
    limiter: new ActionLimiter(new ActionCountsRepository(db), clock, AUTH_LIMITS, (seconds) => tooManyRequests(ErrorCode.TooManyRequests, seconds)),
    hasher,
    mailer,
    clock,
    sessions: policy,
    consoleUrl: deps.consoleUrl,
    ...(deps.signInLimits ? { signInLimits: deps.signInLimits } : {}),
  });
  installAuthentication(app, auth);

  // 6. the project domains and their access control (contract/permissions.ts), checked before any
  //    input is validated
  const secretBox = await openSecretBox(deps.credentialsKey, new SettingsRepository(db, clock));
  const domainDeps = {
    clock,
    mailer,
    box: secretBox,
    consoleUrl: deps.consoleUrl,
    webhookTimeoutMs: deps.webhookTimeoutMs,
    webhookPrivateAddresses: deps.webhookPrivateAddresses,
    webhookResolver: deps.webhookResolver,
    actionLimits: deps.actionLimits,
  };
  const domains = createDomains(db, domainDeps);
  installAccessControl(app, domains.access);

  // 7. routes
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and database check for process supervisors and load balancers.',
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }), 500: errorEnvelopeSchema },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Webhook events go out after the reply, with retries; closed before the database (hooks run newest first).
  const webhookEvents = new WebhookEvents({
    db,
    clock,
    box: secretBox,
    delivery: {
      timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      privateAddresses: deps.webhookPrivateAddresses ?? 'refuse',
      resolve: deps.webhookResolver,
    },
    logger: app.log,
  });
  app.addHook('onClose', async () => webhookEvents.close());
  const configChanges = new ConfigChanges();
  const delivery = new DeliveryStore(db, configChanges, clock, {
    lastKnownGood: deps.deliveryCacheDir ? new LastKnownGood(deps.deliveryCacheDir) : undefined,
    openPassword: (sealed) => secretBox.open(sealed, PREVIEW_PASSWORD_PURPOSE),
    previewPasswordKey: secretBox.deriveKey(PREVIEW_PASSWORD_DIGEST_PURPOSE),
    log: app.log,
    rateLimit: deps.deliveryRateLimit,
  });
  app.addHook('onClose', async () => delivery.close());
  // Changes made by other server processes on the same PostgreSQL (LISTEN/NOTIFY).
  const relay = startChangeRelay(deps.database, configChanges, app.log);
  app.addHook('onClose', async () => relay.close());
  const serverDeps: ServerDeps = {
    db,
    clock,
    domains,
    auth,
    authRepository,
    hasher,
    mailer,
    outbox,
    mediaStorage: deps.mediaStorage ?? new MemoryMediaStorage(),
    configChanges,
    delivery,
    webhookEvents,
    box: secretBox,
    deliveryUrl: deps.deliveryUrl,
    stores: deps.stores,
  };
  for (const domain of domainModules) domain.register(app, serverDeps);
  assertEveryContractRouteServed(app);

  await app.ready();
  return {
    app,
    auth,
    mailer,
    secretBox,
    delivery,
    seedDemoData: (ownerEmail) => seedDemoData(db, { ...domainDeps, hasher, ownerEmail, mediaStorage: serverDeps.mediaStorage }),
  };
}
