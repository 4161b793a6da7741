import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ErrorCode } from '@contract/errors';
import { inspectMedia, type MediaInspection, type MediaRule, type MediaSample } from '@contract/media';
import { AppFailure } from '../errors';

/**
 * Reading a file from disk for a media check.
 *
 * The measuring itself is the contract's `inspectMedia` (pure Uint8Array parsing, the same code the
 * server runs on the bytes it receives); this file only reads: the whole file when it is within the
 * rule's byte limit, otherwise just its beginning, enough to name its type and, for most formats,
 * its size, without loading a 2 GB video into memory to tell the operator it is too large.
 */

/** How much of an oversized file is read: the headers of every format we take fit in it. */
export const HEAD_BYTES = 64 * 1024;

/** A file as read for a check: its name, size and bytes (all of them unless `partial`). */
export interface ReadMedia extends MediaSample {
  readonly path: string;
}

/** Reads a picked file; a file that cannot be read (gone, a folder, no permission) is 108005. */
export async function readMediaFile(path: string, maxBytes: number): Promise<ReadMedia> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    throw new AppFailure(ErrorCode.FileReadFailed, 'The file could not be read');
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new AppFailure(ErrorCode.FileReadFailed, 'Not a file');
    const partial = stats.size > maxBytes;
    const length = partial ? Math.min(HEAD_BYTES, stats.size) : stats.size;
    const bytes = new Uint8Array(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(bytes, read, length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    // A file that shrank while being read is read as what arrived.
    const content = read === length ? bytes : bytes.subarray(0, read);
    return { path, name: basename(path), size: partial ? stats.size : read, bytes: content, partial };
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    throw new AppFailure(ErrorCode.FileReadFailed, 'The file could not be read');
  } finally {
    await handle.close();
  }
}

/** The hex SHA-256 of some bytes: a stored file's name on the server (content addressed). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads and inspects one file against a rule: what `media.pick` does after the dialog. */
export async function inspectMediaFile(path: string, rule: MediaRule): Promise<{ file: ReadMedia; inspection: MediaInspection }> {
  const file = await readMediaFile(path, rule.maxBytes);
  return { file, inspection: inspectMedia(rule, file) };
}
