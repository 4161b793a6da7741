import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import {
  byteRange,
  formatBytes,
  MEDIA_UPLOAD_PATH,
  mediaRuleIds,
  mediaRuleIdSchema,
  mediaRules,
  mediaUploadFields,
  mediaUploadSchema,
  mimeOfType,
  sha256Schema,
  type MediaRuleId,
} from '@contract/media';
import type { RouteAccess } from '@contract/permissions';
import { AppError } from '../../errors';
import { errorEnvelopeSchema, registerRoute, type ContractRouteConfig } from '../../http/register-route';
import type { ActionLimiter } from '../../rate-limit/action-limiter';
import type { Clock } from '../../shared/clock';
import type { AccessService } from '../access/service';
import type { DomainModule } from '../module';
import { UploadsRepository } from './repository';
import { MediaService } from './service';

/** Uploading is configuring the project's screens: the management area, writing. */
export const UPLOAD_ACCESS: RouteAccess = { scope: 'project', area: 'management', level: 'write' };

/** The largest file any rule takes: the multipart parser's own ceiling (each rule then checks its own). */
const LARGEST_RULE_BYTES = Math.max(...mediaRuleIds.map((id) => mediaRules[id].maxBytes));

const paramsSchema = z.object({ projectId: z.uuid({ error: 'validation.invalid' }) });

export interface MediaRouteDeps {
  readonly service: MediaService;
  readonly access: AccessService;
  /** The uploader's hourly budget of files and bytes (rate-limit/action-limits.ts). */
  readonly limiter: ActionLimiter;
  readonly clock: Clock;
}

/**
 * What the multipart parser's own failures mean (issue 18 §7): a body cut off ("Unexpected end of
 * form"), a multipart type without a boundary ("Boundary not found"), a boundary longer than the
 * parser's search takes (256 bytes), a malformed part header: the caller's body, so 1000, never a
 * server fault. Refusals of ours (108010 and the like) pass unchanged.
 */
function unreadableMultipart(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
  return new AppError(ErrorCode.ParamInvalid, { message: `The multipart body could not be read (${reason}).`, cause: error });
}

/**
 * The parts of a multipart request, with the parser's failures (reading the next part, or a file's
 * bytes) refused as the caller's (see {@link unreadableMultipart}).
 */
async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw unreadableMultipart(error);
  }
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parts.next();
      } catch (error) {
        throw unreadableMultipart(error);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    // As `for await` over the parser's iterator would: a refusal in the middle closes it.
    await parts.return?.().catch(() => undefined);
  }
}

/** Reads a file part up to `limit` bytes; one more byte is 108010, without reading the rest. */
async function readLimited(stream: AsyncIterable<Buffer>, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reading = stream[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Buffer>;
    try {
      step = await reading.next();
    } catch (error) {
      throw unreadableMultipart(error);
    }
    if (step.done) break;
    const chunk = step.value;
    size += chunk.length;
    if (size > limit) throw new AppError(ErrorCode.FileTooLarge, { fieldErrors: { file: { key: 'validation.fileSize', params: { max: formatBytes(limit) } } } });
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

const required = (field: string) => new AppError(ErrorCode.ParamInvalid, { fieldErrors: { [field]: { key: 'validation.required' } } });

/**
 * The upload route (multipart, so not one of the JSON routes of the contract table), the file route
 * and the rules route.
 *
 * `POST /api/v1/projects/:projectId/uploads`: fields `rule`, `sha256`, then optionally `file`
 * (contract/media.ts says why the file may be left out). The caller must be signed in and may write
 * in the project's management area, checked before any byte of the body is read. Each person may
 * send so many files and bytes per hour (rate-limit/action-limits.ts): a spent budget is refused
 * before the body is read, a file is counted before its bytes are read and its bytes once received.
 *
 * `GET /api/v1/media/:name`: public, as the mobile app downloads what its configuration names; a
 * name is the content's hash, so it cannot be guessed and never changes content: served immutable.
 */
function registerMediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): void {
  registerRoute(app, 'media.rules', async () => mediaRuleIds.map((id) => ({ ...mediaRules[id], kinds: [...mediaRules[id].kinds], types: [...mediaRules[id].types] })));

  void app.register(async (scope) => {
    // Only this scope parses multipart bodies; every other route keeps refusing them.
    await scope.register(multipart, {
      limits: { fileSize: LARGEST_RULE_BYTES + 1, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 100 },
    });

    scope.post(
      MEDIA_UPLOAD_PATH,
      {
        // Read by the authentication hook (http/authenticate.ts) as for the contract's `user` routes.
        config: { auth: 'user' } satisfies Pick<ContractRouteConfig, 'auth'> as FastifyContextConfig,
        schema: {
          summary: 'Upload a media file to a project (multipart: rule, sha256, file), checked against its rule',
          tags: ['media'],
          security: [{ bearerAuth: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(mediaUploadSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema, 500: errorEnvelopeSchema },
        },
      },
      async (request: FastifyRequest) => {
        const session = request.auth;
        if (!session) throw new AppError(ErrorCode.Unauthorized);
        const params = paramsSchema.safeParse(request.params);
        if (!params.success) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { projectId: { key: 'validation.invalid' } } });
        const projectId = params.data.projectId.toLowerCase();
        await deps.access.require(session.user, UPLOAD_ACCESS, projectId);
        if (!request.isMultipart()) throw new AppError(ErrorCode.ParamInvalid, { message: 'Uploads are multipart/form-data' });
        // A spent budget is refused before any byte of the body is read (claims included).
        await deps.limiter.assertOpen('upload', session.user.id);

        let ruleId: MediaRuleId | null = null;
        let sha256: string | null = null;
        let file: { name: string; bytes: Uint8Array } | null = null;
        for await (const part of multipartParts(request)) {
          if (part.type === 'field') {
            const value = typeof part.value === 'string' ? part.value.trim() : '';
            if (part.fieldname === mediaUploadFields.rule) {
              const rule = mediaRuleIdSchema.safeParse(value);
              if (!rule.success) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { rule: { key: 'validation.enum' } } });
              ruleId = rule.data;
            } else if (part.fieldname === mediaUploadFields.sha256) {
              const hash = sha256Schema.safeParse(value.toLowerCase());
              if (!hash.success) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { sha256: { key: 'validation.invalid' } } });
              sha256 = hash.data;
            }
            continue;
          }
          if (part.fieldname !== mediaUploadFields.file) {
            part.file.resume();
            continue;
          }
          // The rule comes first, so the file is read only up to that rule's limit.
          if (!ruleId) throw required(mediaUploadFields.rule);
          // A file counts before its bytes are read, and its bytes once received; either may be 1006.
          const counted = await deps.limiter.take('upload', session.user.id);
          file = { name: part.filename || 'upload', bytes: await readLimited(part.file, mediaRules[ruleId].maxBytes) };
          await deps.limiter.addAmount(counted, file.bytes.length);
        }
        if (!ruleId) throw required(mediaUploadFields.rule);
        if (!sha256) throw required(mediaUploadFields.sha256);
        const upload = { projectId, userId: session.user.id, ruleId, sha256, now: deps.clock() };
        const data = file ? await deps.service.receive({ ...upload, fileName: file.name, bytes: file.bytes }) : await deps.service.claim(upload);
        return { code: 0, message: 'ok', data };
      },
    );
  });

  app.get(
    '/api/v1/media/:name',
    {
      schema: {
        summary: 'A stored media file by its content name (<sha256>.<ext>); immutable',
        tags: ['media'],
        params: z.object({ name: z.string().max(80) }),
      },
      // After the app-wide security headers (which forbid caching): this content never changes.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
        return payload;
      },
    },
    async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      const stored = await deps.service.read(request.params.name);
      if (!stored) throw new AppError(ErrorCode.DataMissing);
      const etag = `"${stored.sha256}"`;
      reply.header('etag', etag).header('accept-ranges', 'bytes');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const size = stored.bytes.length;
      const range = byteRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, size);
      // 416 with the envelope (108019) and the file's size, as RFC 9110 §15.5.17 asks.
      if (range === 'unsatisfiable') throw new AppError(ErrorCode.RangeNotSatisfiable, { headers: { 'content-range': `bytes */${size}` } });
      reply.header('content-type', mimeOfType(stored.type));
      const body = Buffer.from(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength);
      if (range === null) return reply.code(200).send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .send(body.subarray(range.start, range.end + 1));
    },
  );
}

/** The media domain: uploads checked against their rules, the files, the rules. */
export const mediaDomain: DomainModule = {
  name: 'media',
  register(app, { db, domains, mediaStorage, clock }) {
    registerMediaRoutes(app, { service: new MediaService(mediaStorage, new UploadsRepository(db)), access: domains.access, limiter: domains.limiter, clock });
  },
};
