import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@contract/errors';
import { parseCredentialsKey, SecretBox } from '../crypto/secret-box';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../errors';
import { installErrorHandling } from '../http/error-handler';
import { baseServerOptions } from '../http/raw-refusals';
import { installSecurityHeaders } from '../http/security-headers';
import { zodValidatorCompiler } from '../http/validation';
import type { Clock } from '../shared/clock';
import { ConfigChanges } from './changes';
import { LastKnownGood } from './last-known-good';
import { registerDeliveryRoutes } from './routes';
import { DeliveryStore, type DeliveryRateLimits } from './store';
import { PREVIEW_PASSWORD_DIGEST_PURPOSE } from './preview-settings';

export interface OutageServerOptions {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly deliveryCacheDir: string;
  readonly credentialsKey: string | undefined;
  readonly trustProxyHops: number;
  readonly rateLimit: DeliveryRateLimits;
  /** The public base URL of the delivery API (DELIVERY_URL): media URLs start with it. */
  readonly deliveryUrl?: string | undefined;
  readonly logger: FastifyServerOptions['logger'];
}

/**
 * The server a process runs when it starts while its PostgreSQL cannot be reached: only the delivery
 * API, answering from the last-known-good copy on disk (its store still tries the database first, so
 * it answers fresh configuration as soon as the database is back); every other route answers 1002.
 * The process entry replaces it with the whole server once the database answers (main.ts).
 *
 * Preview links are checked with a key derived from CREDENTIALS_KEY; without that variable the key
 * lives in the unreachable database, so preview links are refused (100204) until it is back.
 */
export async function buildOutageServer(options: OutageServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...baseServerOptions(options.logger ?? false),
    trustProxy: (_address: string, hop: number) => hop < options.trustProxyHops,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installSecurityHeaders(app);
  await app.register(fastifyCompress, { global: false });
  installErrorHandling(app);
  const box = new SecretBox(options.credentialsKey ? parseCredentialsKey(options.credentialsKey) : randomBytes(32));
  const delivery = new DeliveryStore(options.database.db, new ConfigChanges(), options.clock, {
    lastKnownGood: new LastKnownGood(options.deliveryCacheDir),
    log: app.log,
    rateLimit: options.rateLimit,
    previewPasswordKey: box.deriveKey(PREVIEW_PASSWORD_DIGEST_PURPOSE),
  });
  app.addHook('onClose', async () => delivery.close());
  // No `users`: what the database knows of an app user is out of reach, so the entitlements route
  // answers 1002 and segment audiences see every user as unknown.
  registerDeliveryRoutes(app, { delivery, box, clock: options.clock, deliveryUrl: options.deliveryUrl });
  // The console's API needs the database: say so rather than "no such route".
  app.all('/api/*', { schema: { hide: true } }, () => {
    throw new AppError(ErrorCode.DatabaseFailure, { message: 'The database cannot be reached; only the delivery API is answering, from its last-known-good configuration.' });
  });
  await app.ready();
  return app;
}
