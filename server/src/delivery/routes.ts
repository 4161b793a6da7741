import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes } from '@contract/api';
import { envelopeSchema } from '@contract/envelope';
import type { DeliveryQuery } from '@contract/delivery/routes';
import { ErrorCode } from '@contract/errors';
import type { DomainModule } from '../domains/module';
import { findActiveClientKey } from '../domains/client-keys/lookup';
import { AppError } from '../errors';
import { errorEnvelopeSchema, type ContractRouteConfig } from '../http/register-route';
import { etagMatches, evaluatedItems, ruleItems, strongEtag } from './compiled';

/**
 * Caching of delivery replies: a CDN or the app keeps a reply 30 s, may serve it a minute longer while
 * fetching a fresh one, and a day longer when the server fails. Items that start or end by schedule
 * change the evaluated reply (and its ETag) on time; 30 s is how late an app can see that.
 */
export const DELIVERY_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60, stale-if-error=86400';

/** Where the app reaches this server: media URLs are made absolute with it. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Sends a reply body with its strong ETag, or 304 without a body when the client has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, data: unknown): FastifyReply {
  const body = JSON.stringify({ code: 0, message: 'ok', data });
  const etag = strongEtag(body);
  reply.header('etag', etag).header('cache-control', DELIVERY_CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The delivery API's routes (contract/delivery/routes.ts). The client key in the path is the only
 * credential: an unknown or revoked one is refused with 105015; operator tokens are not looked at.
 */
export const deliveryDomain: DomainModule = {
  name: 'delivery',
  register(app: FastifyInstance, deps) {
    const route = (id: 'delivery.config' | 'delivery.rules', handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) => {
      const def = routes[id];
      const config: ContractRouteConfig = { routeId: id, auth: def.auth };
      app.route({
        method: def.method,
        url: def.path,
        // The hooks (authentication, access) read the route's contract id and auth from here.
        config: config as never,
        compress: { threshold: 1024 },
        schema: {
          operationId: id,
          summary: def.summary,
          tags: [...def.tags],
          params: def.params,
          ...('query' in def ? { querystring: def.query } : {}),
          // Documented for SDK authors in /api/v1/openapi.json; the handler sends the body already
          // serialized (its ETag is over those bytes), so these schemas describe, never re-serialize.
          response: {
            200: envelopeSchema(def.output),
            304: z.null().describe('Not modified: the If-None-Match ETag is current; no body.'),
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
            500: errorEnvelopeSchema,
          },
        },
        handler,
      });
    };
    const appOf = async (request: FastifyRequest) => {
      const key = await findActiveClientKey(deps.db, (request.params as { clientKey: string }).clientKey);
      if (!key) throw new AppError(ErrorCode.ClientKeyInvalid);
      return key;
    };

    route('delivery.config', async (request, reply) => {
      const key = await appOf(request);
      const query = request.query as DeliveryQuery;
      const project = await deps.delivery.project(key.projectId);
      const context = { now: deps.clock(), platform: query.platform, version: query.version ?? null, region: query.region ?? null, language: query.language ?? null };
      return sendCached(request, reply, { environment: 'official', items: evaluatedItems(project, context, originOf(request)) });
    });
    route('delivery.rules', async (request, reply) => {
      const key = await appOf(request);
      const project = await deps.delivery.project(key.projectId);
      return sendCached(request, reply, { environment: 'official', ...ruleItems(project, originOf(request)) });
    });
  },
};
