import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { buildPath } from '@contract/api/route';
import { anyEnvelopeSchema, type Envelope } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import { MEDIA_UPLOAD_PATH, mediaUploadFields, mediaUploadSchema, mimeOfType, type MediaUpload } from '@contract/media';
import { type StagedFile } from './staging';

/**
 * Sending a checked file to `POST /api/v1/projects/:projectId/uploads`, with progress, cancel and
 * retries that never send a second copy of what already arrived.
 *
 * Every upload starts with a claim: the multipart body carries the rule and the content's SHA-256
 * but no file. The server stores files by their hash, so when it already holds the content (this
 * operator uploaded it before, or a previous attempt arrived but its answer was lost) it answers the
 * upload at once and no byte of the file is sent. Only on 108002 (content unknown) does the file
 * follow. A connection lost while sending is retried the same way: claim first, send again only if
 * the server never got it.
 *
 * node:http rather than fetch: the request body is written chunk by chunk, and each chunk's write
 * callback says it left for the network, which is the progress an operator wants to see.
 */

/** One HTTP attempt's outcome: an envelope, a lost connection, or the operator's cancel. */
export type AttemptOutcome =
  | { readonly kind: 'reply'; readonly envelope: Envelope }
  | { readonly kind: 'network'; readonly detail: string }
  | { readonly kind: 'cancelled' };

export interface UploadTarget {
  readonly serverUrl: string;
  readonly projectId: string;
  /** The bearer token for this upload; null sends none (the server answers 105009). */
  readonly token: string | null;
  readonly userAgent?: string;
}

export interface UploadOptions {
  readonly signal: AbortSignal;
  readonly onProgress: (sent: number, total: number) => void;
  /** Waits before each retry after a lost connection; its length is the number of retries. */
  readonly retryDelaysMs?: ReadonlyArray<number>;
  /** An attempt that neither sends nor receives for this long counts as a lost connection. */
  readonly idleTimeoutMs?: number;
  /** Bytes per body write (and per progress step). */
  readonly chunkBytes?: number;
}

export type UploadResult =
  | { readonly kind: 'uploaded'; readonly upload: MediaUpload }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly code: number; readonly message: string };

const CRLF = '\r\n';

/** A multipart part's header; names and file names cannot break out of their quotes. */
function partHeader(boundary: string, name: string, file?: { name: string; type: string }): Buffer {
  const safe = (value: string) => value.replace(/["\\\r\n]/g, '_');
  let header = `--${boundary}${CRLF}Content-Disposition: form-data; name="${safe(name)}"`;
  if (file) header += `; filename="${safe(file.name)}"${CRLF}Content-Type: ${file.type}`;
  return Buffer.from(header + CRLF + CRLF, 'utf8');
}

/** The multipart body of a claim (no file) or of a full upload, as parts to write in order. */
export function multipartBody(file: StagedFile, withFile: boolean): { boundary: string; parts: Array<Buffer | Uint8Array>; length: number } {
  const boundary = `----palette-${randomBytes(12).toString('hex')}`;
  const parts: Array<Buffer | Uint8Array> = [
    partHeader(boundary, mediaUploadFields.rule),
    Buffer.from(file.ruleId + CRLF, 'utf8'),
    partHeader(boundary, mediaUploadFields.sha256),
    Buffer.from(file.sha256 + CRLF, 'utf8'),
  ];
  if (withFile) {
    parts.push(partHeader(boundary, mediaUploadFields.file, { name: file.name, type: mimeOfType(file.type) }), file.bytes, Buffer.from(CRLF));
  }
  parts.push(Buffer.from(`--${boundary}--${CRLF}`, 'utf8'));
  return { boundary, parts, length: parts.reduce((sum, part) => sum + part.length, 0) };
}

function readReply(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('reply aborted')));
  });
}

/**
 * One HTTP attempt. Progress is reported for the file's own bytes only (a claim reports nothing);
 * the body is written in chunks, each after the previous one left.
 */
export function attemptUpload(target: UploadTarget, file: StagedFile, withFile: boolean, options: UploadOptions): Promise<AttemptOutcome> {
  const url = new URL(buildPath(MEDIA_UPLOAD_PATH, { projectId: target.projectId }), target.serverUrl.replace(/\/+$/, '') + '/');
  const body = multipartBody(file, withFile);
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': `multipart/form-data; boundary=${body.boundary}`,
    'Content-Length': String(body.length),
  };
  if (target.userAgent) headers['User-Agent'] = target.userAgent;
  if (target.token) headers['Authorization'] = `Bearer ${target.token}`;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<AttemptOutcome>((resolve) => {
    if (options.signal.aborted) {
      resolve({ kind: 'cancelled' });
      return;
    }
    let settled = false;
    let bodyDone = false;
    const request: ClientRequest = send(url, { method: 'POST', headers, timeout: options.idleTimeoutMs ?? 30_000 });
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      // A reply that came before the body was all sent (a refusal) leaves a half-written request behind.
      if (outcome.kind !== 'reply' || !bodyDone) request.destroy();
      resolve(outcome);
    };
    const onAbort = () => finish({ kind: 'cancelled' });
    options.signal.addEventListener('abort', onAbort);
    request.on('timeout', () => finish({ kind: 'network', detail: 'timeout' }));
    request.on('error', (error: Error) => finish({ kind: 'network', detail: error.message }));
    request.on('response', (response: IncomingMessage) => {
      readReply(response)
        .then((text) => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const envelope = anyEnvelopeSchema.safeParse(json);
          if (envelope.success) return finish({ kind: 'reply', envelope: envelope.data as Envelope });
          // A proxy answering for a server that is down is a reachability problem, as for the API client.
          if ((response.statusCode ?? 0) >= 500) return finish({ kind: 'network', detail: `HTTP ${response.statusCode}` });
          finish({ kind: 'reply', envelope: { code: ErrorCode.FileUploadFailed, message: `The server answered HTTP ${response.statusCode} without an envelope` } });
        })
        .catch((error: unknown) => finish({ kind: 'network', detail: error instanceof Error ? error.message : String(error) }));
    });

    // Write the parts in order; the file is cut into chunks so progress moves as it leaves.
    const fileIndex = withFile ? body.parts.length - 3 : -1;
    const total = file.bytes.length;
    let sent = 0;
    const queue: Array<{ data: Buffer | Uint8Array; fileBytes: number }> = [];
    body.parts.forEach((part, index) => {
      if (index !== fileIndex) {
        queue.push({ data: part, fileBytes: 0 });
        return;
      }
      for (let offset = 0; offset < part.length; offset += chunkBytes) {
        const slice = part.subarray(offset, Math.min(part.length, offset + chunkBytes));
        queue.push({ data: slice, fileBytes: slice.length });
      }
    });
    const writeNext = () => {
      if (settled) return;
      const next = queue.shift();
      if (!next) {
        bodyDone = true;
        request.end();
        return;
      }
      request.write(next.data, (error) => {
        if (error || settled) return;
        if (next.fileBytes > 0) {
          sent += next.fileBytes;
          options.onProgress(sent, total);
        }
        writeNext();
      });
    };
    writeNext();
  });
}

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

function settle(envelope: Envelope): UploadResult {
  if (envelope.code !== ErrorCode.Success) return { kind: 'failed', code: envelope.code, message: envelope.message };
  const upload = mediaUploadSchema.safeParse(envelope.data);
  if (!upload.success) return { kind: 'failed', code: ErrorCode.InternalError, message: 'The server answered an upload its contract refuses' };
  return { kind: 'uploaded', upload: upload.data };
}

/**
 * Uploads one staged file: claim, send when the server lacks the content, retry lost connections
 * (claim again first). `onReply` sees every envelope, so the caller can end a session the server
 * ended. Never throws.
 */
export async function uploadStagedFile(
  target: UploadTarget,
  file: StagedFile,
  options: UploadOptions & { readonly onReply?: (envelope: Envelope) => Promise<void> | void },
): Promise<UploadResult> {
  const retries = options.retryDelaysMs ?? [500, 2_000, 5_000];
  let withFile = false;
  let lost = 0;
  for (;;) {
    const outcome = await attemptUpload(target, file, withFile, options);
    if (outcome.kind === 'cancelled') return { kind: 'cancelled' };
    if (outcome.kind === 'network') {
      if (lost >= retries.length) return { kind: 'failed', code: ErrorCode.NetworkFailed, message: 'The server could not be reached' };
      await delay(retries[lost] as number, options.signal);
      lost += 1;
      if (options.signal.aborted) return { kind: 'cancelled' };
      withFile = false; // claim first: the lost attempt may have arrived after all
      continue;
    }
    await options.onReply?.(outcome.envelope);
    if (!withFile && outcome.envelope.code === ErrorCode.DataMissing) {
      withFile = true;
      continue;
    }
    const result = settle(outcome.envelope);
    if (result.kind === 'uploaded') options.onProgress(file.bytes.length, file.bytes.length);
    return result;
  }
}
