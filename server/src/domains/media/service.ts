import { createHash } from 'node:crypto';
import type { FieldErrors } from '@contract/envelope';
import { ErrorCode } from '@contract/errors';
import {
  inspectMedia,
  mediaNameSchema,
  mediaPath,
  mediaRules,
  mimeOfType,
  type MediaRefusal,
  type MediaRuleId,
  type MediaType,
  type MediaUpload,
} from '@contract/media';
import { AppError } from '../../errors';
import type { UploadRow, UploadsRepository } from './repository';
import type { MediaStorage } from './storage';

/** Who uploads what where: the parts of a request the service needs. */
export interface UploadRequest {
  readonly projectId: string;
  readonly userId: string;
  readonly ruleId: MediaRuleId;
  /** The SHA-256 the sender computed; the bytes must hash to it. */
  readonly sha256: string;
  readonly now: Date;
}

/** A stored file to serve. */
export interface StoredMedia {
  readonly bytes: Uint8Array;
  readonly type: MediaType;
  readonly sha256: string;
}

/**
 * Uploads on the server: the bytes are checked again with the contract's `inspectMedia` and the
 * same rule object main used (the client's numbers are never trusted), stored once by their SHA-256,
 * and recorded for the project with who sent them.
 */
export class MediaService {
  constructor(
    private readonly storage: MediaStorage,
    private readonly repository: UploadsRepository,
  ) {}

  get storageKind(): MediaStorage['kind'] {
    return this.storage.kind;
  }

  /** A full upload: check, store by content (a no-op when the content is stored already), record. */
  async receive(request: UploadRequest & { readonly fileName: string; readonly bytes: Uint8Array }): Promise<MediaUpload> {
    const rule = mediaRules[request.ruleId];
    const inspection = inspectMedia(rule, { name: request.fileName, size: request.bytes.length, bytes: request.bytes });
    refuse(inspection.refusals);
    const measured = inspection.measured;
    if (!measured) throw new AppError(ErrorCode.FileReadFailed);
    const sha256 = createHash('sha256').update(request.bytes).digest('hex');
    if (sha256 !== request.sha256) {
      throw new AppError(ErrorCode.FileUploadFailed, { message: 'The file does not hash to the sha256 sent with it; it was damaged on the way', fieldErrors: { sha256: { key: 'validation.invalid' } } });
    }
    const key = `${sha256}.${measured.type}`;
    await this.storage.put(key, request.bytes, mimeOfType(measured.type));
    const row = await this.repository.record({
      projectId: request.projectId,
      ruleId: request.ruleId,
      key,
      sha256,
      type: measured.type,
      kind: measured.kind,
      size: request.bytes.length,
      width: measured.width,
      height: measured.height,
      durationMs: measured.durationMs ?? null,
      fileName: request.fileName.slice(0, 255),
      uploadedBy: request.userId,
      now: request.now,
    });
    return toUpload(row);
  }

  /**
   * An upload without bytes: answered when the content is stored already (checked again against
   * this rule), 108002 when it is not, and the sender then sends the file. This is what lets a
   * retry after a lost connection, or the same picture used twice, go without a second copy.
   */
  async claim(request: UploadRequest): Promise<MediaUpload> {
    const known = await this.repository.findContent(request.sha256);
    const bytes = known ? await this.storage.get(known.key) : null;
    if (!known || !bytes) throw new AppError(ErrorCode.DataMissing);
    return this.receive({ ...request, fileName: known.fileName, bytes });
  }

  /** A stored file by its public name (`<sha256>.<ext>`), or null. */
  async read(name: string): Promise<StoredMedia | null> {
    if (!mediaNameSchema.safeParse(name).success) return null;
    const bytes = await this.storage.get(name);
    if (!bytes) return null;
    return { bytes, type: name.slice(name.lastIndexOf('.') + 1) as MediaType, sha256: name.slice(0, 64) };
  }
}

/** Refuses with the first refusal's code; every refusal goes along as a field error of `file`. */
function refuse(refusals: ReadonlyArray<MediaRefusal>): void {
  const [first] = refusals;
  if (!first) return;
  const fieldErrors: FieldErrors = {};
  refusals.forEach((refusal, index) => {
    fieldErrors[index === 0 ? 'file' : `file.${index}`] = { key: refusal.key, ...(refusal.params ? { params: { ...refusal.params } } : {}) };
  });
  throw new AppError(first.code, { fieldErrors });
}

export function toUpload(row: UploadRow): MediaUpload {
  return {
    id: row.id,
    url: mediaPath(row.key),
    name: row.key,
    rule: row.ruleId,
    type: row.type,
    kind: row.kind,
    size: row.size,
    width: row.width,
    height: row.height,
    ...(row.durationMs !== null ? { durationMs: row.durationMs } : {}),
    sha256: row.sha256,
  };
}
