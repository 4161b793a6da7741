import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes } from '@contract/api';
import type { EvaluationContext } from '@contract/config';
import { envelopeSchema } from '@contract/envelope';
import {
  clientKeyParamsSchema,
  deliveryQuerySchema,
  PREVIEW_PASSWORD_HEADER,
  PREVIEW_TOKEN_HEADER,
  type DeliveryQuery,
  type DeliveryUserQuery,
} from '@contract/delivery/routes';
import { ErrorCode } from '@contract/errors';
import type { DomainModule, ServerDeps } from '../domains/module';
import type { ActiveClientKey } from '../domains/client-keys/lookup';
import { AppError, tooManyRequests } from '../errors';
import { errorEnvelopeSchema, type ContractRouteConfig } from '../http/register-route';
import { evaluatedItems, ruleItems, segmentsNamed, strongEtag, type CompiledEnvironment, type CompiledProject, type Environment } from './compiled';
import { encodedReply, etagMatchesReply, negotiateCoding, representationOf } from './content-coding';
import { DeliveryEvents, EVENTS_HEARTBEAT_MS, type StreamLimits } from './events';
import { WrongPasswordThrottle } from './preview-throttle';
import { PREVIEW_LINK_KEY_PURPOSE } from './preview-settings';
import { registerAffiliateReportRoute } from './affiliate';
import { registerFeedbackRoute } from './feedback';
import { verifyPreviewToken } from './preview-tokens';
import { DATABASE_TIMEOUT_MS, withTimeout, type MemoReply } from './store';
import { databaseUsers, type DeliveryUsers } from './users';
import { timingSafeEqual } from 'node:crypto';

/**
 * Caching of official delivery replies: a CDN or the app keeps a reply 30 s, may serve it a minute
 * longer while fetching a fresh one, and a day longer when the server fails. Items that start or end
 * by schedule change the evaluated reply (and its ETag) on time; 30 s is how late an app can see that
 * (the event stream tells a connected app at once).
 */
export const DELIVERY_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60, stale-if-error=86400';
/** Preview replies are for one tester: never kept by a shared cache. */
export const PREVIEW_CACHE_CONTROL = 'private, no-cache';
/**
 * An official reply that depended on the user's segment memberships: the app may keep it as long as
 * a shared one, a shared cache may not (the URL holds the user id, and the reply tells what the user
 * is in).
 */
export const USER_CACHE_CONTROL = 'private, max-age=30, stale-while-revalidate=60, stale-if-error=86400';
/** The entitlements route: one user's data, kept by nobody. */
export const ENTITLEMENTS_CACHE_CONTROL = 'private, no-store';

/**
 * A user's segment memberships as an evaluated reply depends on them: undefined when no item of the
 * environment names a segment (the user changes nothing, and nothing is asked), null for an unknown
 * user (no user id, not a customer, or the database could not tell), else the named segments the
 * user is in.
 */
export type Memberships = ReadonlySet<string> | null | undefined;

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The evaluation context of a request (the query was validated by the route's schema). */
export function contextOf(query: DeliveryQuery, now: Date, memberships: Memberships = null): EvaluationContext {
  return { now, platform: query.platform, version: query.version ?? null, region: query.region ?? null, language: query.language ?? null, segments: memberships ?? null };
}

/**
 * The memo key of a context: what an evaluated reply depends on besides the compiled project. The
 * user counts only through its memberships, never its id, so users in the same segments share one
 * reply (and its ETag). Nothing of the request's headers counts (media URLs come from configuration).
 */
export function contextKey(query: DeliveryQuery, memberships: Memberships = undefined): string {
  const base = `${query.platform}|${query.version ?? ''}|${query.region ?? ''}|${query.language ?? ''}`;
  if (memberships === undefined) return base;
  return `${base}|${memberships === null ? '?' : [...memberships].sort().join(',')}`;
}

/** A reply body in the success envelope, with its strong ETag. */
export function serialized(data: unknown): MemoReply {
  const body = JSON.stringify({ code: 0, message: 'ok', data });
  return encodedReply(body, strongEtag(body));
}

/**
 * Sends a serialized reply in the content coding the request accepts, with that coding's strong
 * ETag (content-coding.ts), or 304 without a body when the client's copy (in any coding) is current.
 * `Vary: Accept-Encoding` is added to every reply of these routes by the route's onSend hook.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, memo: MemoReply, environment: Environment, personal = false): FastifyReply {
  const representation = representationOf(memo, negotiateCoding(request.headers['accept-encoding']));
  reply.header('etag', representation.etag).header('cache-control', environment === 'preview' ? PREVIEW_CACHE_CONTROL : personal ? USER_CACHE_CONTROL : DELIVERY_CACHE_CONTROL);
  if (etagMatchesReply(request.headers['if-none-match'], memo.etag)) return reply.code(304).send();
  if (representation.coding !== 'identity') reply.header('content-encoding', representation.coding);
  return reply.type('application/json; charset=utf-8').send(representation.body);
}

/**
 * The delivery routes' answer to caches: every reply (200, 304, errors) varies by Accept-Encoding.
 * A callback hook: an async one costs a promise on each of the API's many requests.
 */
function varyByEncoding(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload: unknown) => void): void {
  reply.header('vary', 'Accept-Encoding');
  done(null, payload);
}

/**
 * The delivery API's routes (contract/delivery/routes.ts). The client key in the path is the only
 * credential of the official environment; an unknown or revoked one is refused with 105015, operator
 * tokens are not looked at. The preview environment also needs the pre-release password or a preview
 * link's token (`checkPreview`).
 *
 * `users` reads what the database knows of one app user (entitlements, segment memberships); the
 * outage server, which has no database, leaves it out: its entitlements route answers 1002, and a
 * user's memberships are unknown there.
 */
export function registerDeliveryRoutes(
  app: FastifyInstance,
  deps: Pick<ServerDeps, 'delivery' | 'box' | 'clock' | 'deliveryUrl'> & { readonly users?: DeliveryUsers | undefined; readonly streamLimits?: StreamLimits | undefined },
): DeliveryEvents {
  const linkKey = deps.box.deriveKey(PREVIEW_LINK_KEY_PURPOSE);
  const users = deps.users;
  // Media URLs: from configuration only, never from the request's Host (compiled.ts, absoluteMedia).
  const mediaBase = deps.deliveryUrl ?? '';
  const wrongPasswords = new WrongPasswordThrottle();

  /** The request's client key, admitted by its rate limits (1006 with Retry-After beyond them). */
  const keyOf = async (request: FastifyRequest, reply: FastifyReply): Promise<ActiveClientKey> => {
    const key = await deps.delivery.key((request.params as { clientKey: string }).clientKey);
    if (!key) throw new AppError(ErrorCode.ClientKeyInvalid);
    const admitted = deps.delivery.admit(key, request.ip);
    if (!admitted.ok) {
      reply.header('retry-after', String(admitted.retryAfterSeconds));
      throw new AppError(ErrorCode.TooManyRequests);
    }
    return key;
  };

  /**
   * Refuses a preview request without valid credentials: 100203 none, 100204 wrong, 100205 expired;
   * 1006 (429, Retry-After) after too many wrong passwords from the address with the key
   * (preview-throttle.ts).
   */
  const checkPreview = (request: FastifyRequest, key: ActiveClientKey, project: CompiledProject): void => {
    const password = headerOf(request, PREVIEW_PASSWORD_HEADER);
    const token = headerOf(request, PREVIEW_TOKEN_HEADER);
    if (password === undefined && token === undefined) throw new AppError(ErrorCode.SignatureMissing);
    if (password !== undefined) {
      const subject = `${key.keyId}|${request.ip}`;
      const now = deps.clock().getTime();
      const blocked = wrongPasswords.blockedFor(subject, now);
      if (blocked !== null) throw tooManyRequests(ErrorCode.TooManyRequests, blocked);
      if (password.length > 256 || !project.previewPasswordHash || !sameSecret(deps.delivery.previewPasswordDigest(project.projectId, password), project.previewPasswordHash)) {
        wrongPasswords.wrong(subject, now);
        throw new AppError(ErrorCode.SignatureInvalid);
      }
      wrongPasswords.right(subject);
      return;
    }
    const check = verifyPreviewToken(linkKey, token ?? '', deps.clock());
    if (!check.ok) throw new AppError(check.reason === 'expired' ? ErrorCode.SignatureExpired : ErrorCode.SignatureInvalid);
    const { claims } = check;
    if (claims.projectId !== key.projectId || claims.appId !== key.appId || project.revokedLinks.has(claims.linkId)) throw new AppError(ErrorCode.SignatureInvalid);
  };

  const environmentOf = async (request: FastifyRequest, key: ActiveClientKey, environment: Environment) => {
    const project = await deps.delivery.project(key.projectId);
    if (environment === 'preview') checkPreview(request, key, project);
    return { project, env: project.environments[environment] };
  };

  /**
   * The user's memberships an evaluated reply of `env` depends on. The hot path asks nothing: no item
   * names a segment, or no user id was given. Otherwise ONE statement over the segments the
   * environment names; a database that cannot answer makes the user unknown (the reply still comes,
   * without the items for some segments), never an error.
   */
  const membershipsOf = async (project: CompiledProject, env: CompiledEnvironment, userId: string | undefined): Promise<Memberships> => {
    if (env.segmentIds.size === 0) return undefined;
    if (userId === undefined || !users) return null;
    try {
      return await withTimeout(users.memberships(project.projectId, userId, segmentsNamed(project, env.segmentIds), deps.clock()), DATABASE_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error, projectId: project.projectId }, 'delivery: reading a user’s segment memberships failed; answering as for an unknown user');
      return null;
    }
  };

  /** The evaluated reply for a context and memberships, memoized per compiled environment. */
  const evaluated = (environment: Environment, project: CompiledProject, env: CompiledEnvironment, query: DeliveryQuery, memberships: Memberships): MemoReply =>
    deps.delivery.reply(env, contextKey(query, memberships), () =>
      serialized({ environment, items: evaluatedItems(env, contextOf(query, deps.clock(), memberships), mediaBase), interruptionBudget: project.interruptionBudget }),
    );

  const route = (
    id: 'delivery.config' | 'delivery.rules' | 'delivery.entitlements' | 'delivery.previewConfig' | 'delivery.previewRules',
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) => {
    const def = routes[id];
    const config: ContractRouteConfig = { routeId: id, auth: def.auth };
    app.route({
      method: def.method,
      url: def.path,
      // The hooks (authentication, access) read the route's contract id and auth from here.
      config: config as never,
      // Content coding is done by sendCached (one ETag per coding), not by @fastify/compress.
      compress: false,
      onSend: varyByEncoding,
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

  const config = (environment: Environment) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = await keyOf(request, reply);
    const { project, env } = await environmentOf(request, key, environment);
    const query = request.query as DeliveryQuery;
    const memberships = await membershipsOf(project, env, query.userId);
    const memo = evaluated(environment, project, env, query, memberships);
    return sendCached(request, reply, memo, environment, memberships !== undefined && query.userId !== undefined);
  };
  const rules = (environment: Environment) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = await keyOf(request, reply);
    const { project, env } = await environmentOf(request, key, environment);
    const memo = deps.delivery.reply(env, 'rules', () => serialized({ environment, ...ruleItems(env, mediaBase), interruptionBudget: project.interruptionBudget }));
    return sendCached(request, reply, memo, environment);
  };
  route('delivery.config', config('official'));
  route('delivery.rules', rules('official'));
  route('delivery.entitlements', async (request, reply) => {
    const key = await keyOf(request, reply);
    if (!users) throw new AppError(ErrorCode.DatabaseFailure, { message: 'The database cannot be reached; the delivery API answers configuration only, from its last-known-good copy.' });
    const { userId } = request.query as DeliveryUserQuery;
    const project = await deps.delivery.project(key.projectId);
    const named = segmentsNamed(project, project.segments.keys());
    const at = deps.clock();
    let answer: [Awaited<ReturnType<DeliveryUsers['entitlements']>>, ReadonlySet<string> | null];
    try {
      answer = await withTimeout(
        Promise.all([users.entitlements(key.projectId, userId, at), named.size > 0 ? users.memberships(key.projectId, userId, named, at) : Promise.resolve(null)]),
        DATABASE_TIMEOUT_MS,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.warn({ err: error, projectId: key.projectId }, 'delivery: reading a user’s entitlements failed');
      throw new AppError(ErrorCode.DatabaseFailure);
    }
    const [entitlements, memberships] = answer;
    const data = { userId, entitlements: entitlements.entitlements, segments: memberships ? [...memberships].sort() : [] };
    reply.header('cache-control', ENTITLEMENTS_CACHE_CONTROL);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ code: 0, message: 'ok', data }));
  });
  route('delivery.previewConfig', config('preview'));
  route('delivery.previewRules', rules('preview'));

  // The event stream: the ETag of what a context would get, now and whenever it changes.
  const events = new DeliveryEvents(deps.delivery, deps.clock, app.log, deps.streamLimits);
  app.addHook('onClose', async () => events.close());
  for (const environment of ['official', 'preview'] as const) {
    app.route({
      method: 'GET',
      url: environment === 'official' ? '/client/v1/:clientKey/events' : '/client/v1/:clientKey/preview/events',
      config: { auth: 'public' } as never,
      onSend: varyByEncoding,
      schema: {
        operationId: environment === 'official' ? 'delivery.events' : 'delivery.previewEvents',
        summary:
          'Server-sent events (text/event-stream): an `etag` event with `{ "etag": … }` and `id:` the same ETag, the ETag the config route would answer this context ' +
          '(with the same Accept-Encoding), at once and whenever it changes (a publish, a schedule boundary); a reconnect with `Last-Event-ID` equal to the current ETag gets no ' +
          `event until it changes. A comment every ${EVENTS_HEARTBEAT_MS / 1000} s keeps the connection open. Same query and credentials as the config route; ` +
          'a key revoked while connected gets `event: error` with `{ "code": 105015 }` and the stream closes. Open streams per key and client address are capped (429, 1006).',
        tags: ['delivery'],
        params: clientKeyParamsSchema,
        querystring: deliveryQuerySchema,
        response: { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
      handler: async (request, reply) => {
        const presented = (request.params as { clientKey: string }).clientKey;
        const key = await keyOf(request, reply);
        await environmentOf(request, key, environment);
        const query = request.query as DeliveryQuery;
        const coding = negotiateCoding(request.headers['accept-encoding']);
        // The user's memberships are read again when the compiled configuration changes (a publish,
        // a segment's change, the compiled lifetime), not at every heartbeat.
        let known: { env: CompiledEnvironment; memberships: Memberships } | null = null;
        events.open(request, reply, {
          projectId: key.projectId,
          keyId: key.keyId,
          address: request.ip,
          lastEventId: headerOf(request, 'last-event-id'),
          environment,
          etag: async () => {
            // The key is looked up again at every check: one revoked while the stream is open ends it.
            const current = await deps.delivery.key(presented);
            if (current?.keyId !== key.keyId) throw new AppError(ErrorCode.ClientKeyInvalid);
            const project = await deps.delivery.project(key.projectId);
            if (environment === 'preview') checkPreview(request, key, project);
            const env = project.environments[environment];
            if (known?.env !== env) known = { env, memberships: await membershipsOf(project, env, query.userId) };
            return representationOf(evaluated(environment, project, env, query, known.memberships), coding).etag;
          },
        });
        return reply;
      },
    });
  }

  // The delivery API's own readiness, apart from /healthz (which checks the database): ready while
  // it can answer, from the database or from its copy in memory or on disk during an outage.
  app.get(
    '/client/v1/readyz',
    {
      config: { auth: 'public' } as never,
      schema: {
        operationId: 'delivery.readiness',
        summary:
          'Whether the delivery API can answer (for load balancers in front of /client/v1): 200 while it has the client keys, from the database or, during a database ' +
          'outage, from its copy in memory or the last-known-good copy on disk (`source`); 503 with 1002 when it has neither. /healthz checks the database instead.',
        tags: ['delivery', 'health'],
        response: { 200: z.object({ status: z.literal('ready'), source: z.enum(['database', 'memory', 'disk']).nullable() }), 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await deps.delivery.readiness();
      reply.header('cache-control', 'no-store');
      if (!readiness.ready) {
        return reply.code(503).send({
          code: ErrorCode.DatabaseFailure,
          message: 'The delivery API has no client keys to answer with: the database cannot be reached and no last-known-good copy is on disk.',
        });
      }
      return { status: 'ready' as const, source: readiness.source };
    },
  );
  return events;
}

/** The delivery API as a domain module. */
export const deliveryDomain: DomainModule = {
  name: 'delivery',
  register(app, deps) {
    registerDeliveryRoutes(app, { ...deps, users: databaseUsers(deps.db) });
    // The app's answers to feedback popups.
    registerFeedbackRoute(app, deps);
    // Opens and installs through affiliate links.
    registerAffiliateReportRoute(app, deps);
  },
};
