import { ErrorCode } from '@contract/errors';
import type { PaletteBridge } from '@contract/ipc';
import {
  MEDIA_CHUNK_BYTES,
  mediaRules,
  type MediaChecked,
  type MediaPickOutput,
  type MediaRuleId,
  type MediaUploadOutput,
} from '@contract/media';
import { AppError } from '../bridge/app-error';
import { unwrapIpcResult } from '../bridge/unwrap';

/**
 * The media channels from the renderer's side: pick (desktop), send a page's own file to main in
 * chunks (drop, browser edition), upload with progress, cancel, release. Every failure is thrown
 * as an `AppError` with its catalogue code.
 */

/** Standard base64 of some bytes, in slices (String.fromCharCode takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** A file the page holds: a `File` from an input or a drop (a `Blob` with a name). */
export interface PageFile {
  readonly name: string;
  readonly size: number;
  slice(start?: number, end?: number): Blob;
}

export async function pickMedia(bridge: PaletteBridge, ruleId: MediaRuleId): Promise<MediaPickOutput> {
  return unwrapIpcResult(await bridge.media.pick({ ruleId }));
}

/**
 * Sends a page's file to main for the check, chunk by chunk, until main has enough to answer: all
 * of it, or only the first chunk when the file is above the rule's byte limit (refused for its size
 * without transferring the rest).
 */
export async function checkPageFile(bridge: PaletteBridge, ruleId: MediaRuleId, file: PageFile, chunkBytes = MEDIA_CHUNK_BYTES): Promise<MediaChecked> {
  const size = file.size;
  const oversized = size > mediaRules[ruleId].maxBytes;
  let offset = 0;
  let receipt: string | undefined;
  for (;;) {
    const end = Math.min(size, offset + chunkBytes);
    const bytes = new Uint8Array(await file.slice(offset, end).arrayBuffer());
    const answer = unwrapIpcResult(
      await bridge.media.checkBytes({ ruleId, name: file.name, size, offset, chunk: toBase64(bytes), ...(receipt ? { receipt } : {}) }),
    );
    if (answer.status === 'checked') return answer;
    if (oversized || answer.received !== end) throw new AppError(ErrorCode.FileReadFailed, 'Main did not take the file as sent');
    receipt = answer.receipt;
    offset = end;
  }
}

/**
 * Uploads a checked file; `onProgress` gets main's `media.progress` events for this token while it
 * runs. Resolves `uploaded` or `cancelled`; a refusal or failure throws.
 */
export async function uploadMedia(
  bridge: PaletteBridge,
  projectId: string,
  token: string,
  onProgress: (sent: number, total: number) => void,
): Promise<MediaUploadOutput> {
  const off = bridge.on('media.progress', (progress) => {
    if (progress.token === token) onProgress(progress.sent, progress.total);
  });
  try {
    return unwrapIpcResult(await bridge.media.upload({ projectId, token }));
  } finally {
    off();
  }
}

export async function cancelUpload(bridge: PaletteBridge, token: string): Promise<boolean> {
  return unwrapIpcResult(await bridge.media.cancel({ token }));
}

/** Lets main forget a checked file; failures do not matter (main drops unused files by itself). */
export async function releaseMedia(bridge: PaletteBridge, token: string): Promise<void> {
  try {
    await bridge.media.release({ token });
  } catch {
    // Released on main's own schedule anyway.
  }
}
