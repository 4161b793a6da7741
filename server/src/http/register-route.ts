import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes, type RouteDef, type RouteId, type Routes } from '@contract/api';
import { envelopeSchema, fieldErrorsSchema } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../errors';
import type { AuthSession } from '../domains/auth/service';

/** The envelope of every refusal: a catalogue code and message, maybe field errors, never data. */
export const errorEnvelopeSchema = z
  .object({ code: z.number().int(), message: z.string(), fieldErrors: fieldErrorsSchema.optional() })
  .meta({ id: 'ErrorEnvelope', description: 'A refusal: catalogue code (contract/errors.ts), message, optional field errors.' });

type Part<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.output<S> : undefined;
type ParamsOf<R> = R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? Part<P> : never;
type QueryOf<R> = R extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Part<Q> : never;
type BodyOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? Part<B> : never;
type OutputOf<R> = R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer O> ? z.output<O> : never;

/** What a handler receives: the parsed input parts, the caller and the raw request and reply. */
export interface RouteContext<Id extends RouteId> {
  readonly params: ParamsOf<Routes[Id]>;
  readonly query: QueryOf<Routes[Id]>;
  readonly body: BodyOf<Routes[Id]>;
  /**
   * The caller's session, set by the authentication hook on `auth: 'user'` routes. The contract types
   * `auth` as a union, so this cannot be narrowed per route at compile time; reading it where no
   * session exists (a public route) throws 105009 instead of handing out null.
   */
  readonly session: AuthSession;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** A route handler answers the envelope's `data`, or throws an AppError. */
export type RouteHandler<Id extends RouteId> = (context: RouteContext<Id>) => Promise<OutputOf<Routes[Id]>>;

/** Per-route settings read by app-wide hooks (authentication). */
export interface ContractRouteConfig {
  readonly routeId: RouteId;
  readonly auth: RouteDef['auth'];
}

/** The refusals a route documents: always 400, 429 and 500; sign-in failures (401) and permissions (403) for `user` routes; 401, 404 and 409 for writes. */
export function refusalResponses(def: RouteDef): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = { 400: errorEnvelopeSchema, 429: errorEnvelopeSchema, 500: errorEnvelopeSchema };
  if (def.auth === 'user') {
    responses[401] = errorEnvelopeSchema;
    responses[403] = errorEnvelopeSchema;
  }
  if (def.method !== 'GET') {
    responses[401] = errorEnvelopeSchema;
    responses[404] = errorEnvelopeSchema;
    responses[409] = errorEnvelopeSchema;
  }
  return responses;
}

/**
 * Mounts one contract route on Fastify.
 *
 * The method, path and input schemas come from the contract's route table, so server, main and
 * renderer cannot disagree on them; the reply schema for 200 is the envelope of the route's output,
 * and the documented refusals are error envelopes. Handlers only produce `data`; wrapping it here
 * keeps every success reply identical (`code` 0, `message` 'ok').
 */
export function registerRoute<Id extends RouteId>(app: FastifyInstance, id: Id, handler: RouteHandler<Id>): void {
  const def = routes[id] as RouteDef;
  const config: ContractRouteConfig = { routeId: id, auth: def.auth };
  app.route({
    method: def.method,
    url: def.path,
    config,
    schema: {
      operationId: id,
      summary: def.summary,
      tags: [...def.tags],
      ...(def.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: envelopeSchema(def.output), ...refusalResponses(def) },
    },
    handler: async (request, reply) => {
      const context = {
        params: request.params,
        query: request.query,
        body: request.body,
        get session(): AuthSession {
          if (!request.auth) throw new AppError(ErrorCode.Unauthorized);
          return request.auth;
        },
        request,
        reply,
      } as RouteContext<Id>;
      const data = await handler(context);
      return { code: 0, message: 'ok', data };
    },
  });
}
