import { ErrorCode } from '@contract/errors';
import { type Envelope } from '@contract/envelope';
import {
  acceptedExtensions,
  inspectMedia,
  MEDIA_CHUNK_BYTES,
  MEDIA_PREVIEW_PATH,
  mediaRules,
  mediaTypeInfo,
  mimeOfType,
  PREVIEW_DATA_URL_MAX_BYTES,
  type CheckedFile,
  type MediaCheckBytesInput,
  type MediaCheckBytesOutput,
  type MediaChecked,
  type MediaInspection,
  type MediaKind,
  type MediaPickOutput,
  type MediaRuleId,
  type MediaSample,
  type MediaUploadOutput,
} from '@contract/media';
import { SESSION_ENDING_CODES } from '../api/api-client';
import { AppFailure } from '../errors';
import { type EventHub } from '../events';
import { type Logger, silentLogger } from '../logger';
import { type SecretStore } from '../session/secret-store';
import { inspectMediaFile, sha256Hex } from './measure';
import { MediaPreviews } from './previews';
import { MediaStaging, type StagedFile } from './staging';
import { uploadStagedFile } from './upload';

/**
 * The media channels: a file is picked (system dialog) or received (drop, browser edition), checked
 * against its rule here, before anything is uploaded, then uploaded by token with progress.
 *
 * The check is the contract's `inspectMedia`, the very function the server runs again on the bytes
 * it receives, so the operator sees the refusal the server would give, localized, at once.
 */

/** Opens the system's file dialog for some kinds and extensions; null when the person cancelled. */
export type FilePicker = (request: { readonly kinds: ReadonlyArray<MediaKind>; readonly extensions: ReadonlyArray<string> }) => Promise<string | null>;

export interface MediaServiceOptions {
  readonly serverUrl: string;
  readonly secrets: SecretStore;
  readonly events: EventHub;
  /** The native dialog; absent in the browser edition (`media.pick` answers `unsupported`). */
  readonly pickFile?: FilePicker;
  readonly userAgent?: string;
  /** Called after the token was dropped because the server ended the session during an upload. */
  readonly onSessionEnded?: (code: number) => void | Promise<void>;
  readonly onNetworkFailure?: () => void;
  readonly staging?: MediaStaging;
  readonly retryDelaysMs?: ReadonlyArray<number>;
  readonly idleTimeoutMs?: number;
  /** At most one progress event per token this often (the last one always goes). */
  readonly progressIntervalMs?: number;
  readonly fetch?: typeof fetch;
  /** Where stored files seen are kept between runs (previews.ts); memory only without it. */
  readonly previewCacheDir?: string;
  readonly log?: Logger;
}

function dataUrl(file: StagedFile): string {
  return `data:${mimeOfType(file.type)};base64,${Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64')}`;
}

export class MediaService {
  readonly staging: MediaStaging;
  readonly previews: MediaPreviews;
  private readonly uploads = new Map<string, AbortController>();
  private readonly log: Logger;
  private serverUrl: string;

  constructor(private readonly options: MediaServiceOptions) {
    this.serverUrl = options.serverUrl;
    this.staging = options.staging ?? new MediaStaging();
    this.previews = new MediaPreviews({ staging: this.staging, serverUrl: options.serverUrl, fetch: options.fetch, diskCacheDir: options.previewCacheDir });
    this.log = options.log ?? silentLogger;
  }

  /** Uploads to and previews from the server's new address (the supervised embedded server moved to another port). */
  setServerUrl(serverUrl: string): void {
    this.serverUrl = serverUrl;
    this.previews.setServerUrl(serverUrl);
  }

  /** `media.pick`: the dialog, then the same check as every other path. */
  async pick(ruleId: MediaRuleId): Promise<MediaPickOutput> {
    if (!this.options.pickFile) return { status: 'unsupported' };
    const rule = mediaRules[ruleId];
    const path = await this.options.pickFile({ kinds: rule.kinds, extensions: acceptedExtensions(rule) });
    if (path === null) return { status: 'cancelled' };
    const { file, inspection } = await inspectMediaFile(path, rule);
    return this.checked(ruleId, file, inspection, { dataUrlPreview: true });
  }

  /** `media.checkBytes`: one chunk of a dropped or page-picked file (see the contract for the protocol). */
  checkBytes(input: MediaCheckBytesInput): MediaCheckBytesOutput {
    const chunk = Buffer.from(input.chunk, 'base64');
    if (chunk.length > MEDIA_CHUNK_BYTES || input.offset + chunk.length > input.size) {
      throw new AppFailure(ErrorCode.ParamInvalid, 'The chunk does not fit the file');
    }
    const rule = mediaRules[input.ruleId];
    if (input.receipt === undefined) {
      if (input.offset !== 0) throw new AppFailure(ErrorCode.ParamInvalid, 'The first chunk starts at 0');
      const oversized = input.size > rule.maxBytes;
      if (oversized || chunk.length === input.size) {
        // Everything is here, or enough: an oversized file is judged on its first chunk.
        const sample: MediaSample = { name: input.name, size: input.size, bytes: new Uint8Array(chunk), partial: oversized };
        return this.checked(input.ruleId, sample, inspectMedia(rule, sample), { dataUrlPreview: false });
      }
      const reception = this.staging.openReception(input.ruleId, input.name, input.size);
      reception.buffer.set(chunk, 0);
      reception.received = chunk.length;
      return { status: 'receiving', receipt: reception.receipt, received: reception.received };
    }
    const reception = this.staging.reception(input.receipt);
    if (!reception) throw new AppFailure(ErrorCode.DataMissing, 'Unknown or expired receipt; send the file again');
    if (reception.ruleId !== input.ruleId || reception.name !== input.name || reception.size !== input.size || reception.received !== input.offset) {
      this.staging.closeReception(reception.receipt);
      throw new AppFailure(ErrorCode.ParamInvalid, 'The chunk does not continue the file');
    }
    reception.buffer.set(chunk, input.offset);
    reception.received += chunk.length;
    if (reception.received < reception.size) return { status: 'receiving', receipt: reception.receipt, received: reception.received };
    this.staging.closeReception(reception.receipt);
    const sample: MediaSample = { name: reception.name, size: reception.size, bytes: reception.buffer };
    return this.checked(input.ruleId, sample, inspectMedia(rule, sample), { dataUrlPreview: false });
  }

  /** `media.upload`: sends a checked file; resolves when the server has it, or the operator cancelled. */
  async upload(projectId: string, token: string): Promise<MediaUploadOutput> {
    const file = this.staging.get(token);
    if (!file) throw new AppFailure(ErrorCode.DataMissing, 'This file is no longer held; choose it again');
    if (this.uploads.has(token)) throw new AppFailure(ErrorCode.TaskGenerating, 'This file is being uploaded already');
    const controller = new AbortController();
    this.uploads.set(token, controller);
    const total = file.bytes.length;
    const interval = this.options.progressIntervalMs ?? 100;
    let lastEmit = 0;
    const progress = (sent: number) => {
      const now = Date.now();
      if (sent < total && now - lastEmit < interval) return;
      lastEmit = now;
      this.options.events.emit('media.progress', { token, sent, total });
    };
    try {
      progress(0);
      const bearer = await this.options.secrets.get();
      const result = await uploadStagedFile({ serverUrl: this.serverUrl, projectId, token: bearer, userAgent: this.options.userAgent }, file, {
        signal: controller.signal,
        onProgress: (sent) => progress(sent),
        retryDelaysMs: this.options.retryDelaysMs,
        idleTimeoutMs: this.options.idleTimeoutMs,
        onReply: (envelope) => this.sessionCheck(envelope, bearer),
      });
      switch (result.kind) {
        case 'uploaded':
          return { status: 'uploaded', upload: result.upload };
        case 'cancelled':
          return { status: 'cancelled' };
        case 'failed':
          if (result.code === ErrorCode.NetworkFailed) this.options.onNetworkFailure?.();
          this.log.warn(`Upload of a ${file.type} file failed (${result.code})`);
          throw new AppFailure(result.code, result.message);
      }
    } finally {
      this.uploads.delete(token);
    }
  }

  /** `media.cancel`: stops an upload in progress; false when none was running for the token. */
  cancel(token: string): boolean {
    const controller = this.uploads.get(token);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** `media.release`: forgets a checked file (removed or replaced in the form); cancels its upload. */
  release(token: string): boolean {
    this.cancel(token);
    return this.staging.release(token);
  }

  private async sessionCheck(envelope: Envelope, sentToken: string | null): Promise<void> {
    if (!SESSION_ENDING_CODES.has(envelope.code) || sentToken === null) return;
    // As the API client does: drop only the token this request carried.
    if ((await this.options.secrets.get()) === sentToken) {
      await this.options.secrets.delete();
      await this.options.onSessionEnded?.(envelope.code);
    }
  }

  private checked(ruleId: MediaRuleId, sample: MediaSample, inspection: MediaInspection, preview: { dataUrlPreview: boolean }): MediaChecked {
    const measured = inspection.measured;
    const base: CheckedFile = {
      token: null,
      name: sample.name,
      ruleId,
      type: measured?.type ?? null,
      kind: measured ? mediaTypeInfo[measured.type].kind : null,
      bytes: sample.size,
      width: measured?.width ?? null,
      height: measured?.height ?? null,
      durationMs: measured?.durationMs ?? null,
      sha256: null,
      previewDataUrl: null,
      previewUrl: null,
    };
    if (inspection.refusals.length > 0 || !measured || sample.partial) {
      return { status: 'checked', ok: false, file: base, refusals: inspection.refusals };
    }
    const staged = this.staging.stage({
      ruleId,
      name: sample.name,
      type: measured.type,
      kind: measured.kind,
      bytes: sample.bytes,
      sha256: sha256Hex(sample.bytes),
      width: measured.width,
      height: measured.height,
      ...(measured.durationMs !== undefined ? { durationMs: measured.durationMs } : {}),
    });
    const small = staged.kind === 'image' && staged.bytes.length <= PREVIEW_DATA_URL_MAX_BYTES;
    return {
      status: 'checked',
      ok: true,
      file: {
        ...base,
        token: staged.token,
        sha256: staged.sha256,
        previewDataUrl: preview.dataUrlPreview && small ? dataUrl(staged) : null,
        previewUrl: `${MEDIA_PREVIEW_PATH}/staged/${staged.token}`,
      },
      refusals: [],
    };
  }
}
