import { randomBytes } from 'node:crypto';
import { type MediaKind, type MediaRuleId, type MediaType } from '@contract/media';

/**
 * Files main has checked and holds for an upload, and files the renderer is still sending.
 *
 * A checked file gets a token; the renderer keeps only the token (the bytes never go back), and
 * `media.upload` sends the bytes main checked, not something the renderer could swap in between.
 * Everything here is bounded: so many files, so many bytes, so long unused; the oldest goes first.
 */

export interface StagedFile {
  readonly token: string;
  readonly ruleId: MediaRuleId;
  readonly name: string;
  readonly type: MediaType;
  readonly kind: MediaKind;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly width: number;
  readonly height: number;
  readonly durationMs?: number;
}

/** A file arriving in chunks through `media.checkBytes`. */
export interface Reception {
  readonly receipt: string;
  readonly ruleId: MediaRuleId;
  readonly name: string;
  readonly size: number;
  readonly buffer: Uint8Array;
  received: number;
  touchedAt: number;
}

export interface StagingOptions {
  readonly maxFiles?: number;
  readonly maxTotalBytes?: number;
  /** A staged file unused this long is dropped (the form was left). */
  readonly ttlMs?: number;
  readonly maxReceptions?: number;
  /** A reception without a chunk for this long is dropped (the page went away mid-way). */
  readonly receptionIdleMs?: number;
  readonly now?: () => number;
}

/** A fresh token: 24 random bytes, base64url (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export class MediaStaging {
  private readonly files = new Map<string, { file: StagedFile; usedAt: number }>();
  private readonly receptions = new Map<string, Reception>();
  private readonly maxFiles: number;
  private readonly maxTotalBytes: number;
  private readonly ttlMs: number;
  private readonly maxReceptions: number;
  private readonly receptionIdleMs: number;
  private readonly now: () => number;

  constructor(options: StagingOptions = {}) {
    this.maxFiles = options.maxFiles ?? 32;
    this.maxTotalBytes = options.maxTotalBytes ?? 512 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.maxReceptions = options.maxReceptions ?? 8;
    this.receptionIdleMs = options.receptionIdleMs ?? 5 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** Keeps a checked file and answers its token. */
  stage(file: Omit<StagedFile, 'token'>): StagedFile {
    this.sweep();
    const staged: StagedFile = { ...file, token: newToken() };
    this.files.set(staged.token, { file: staged, usedAt: this.now() });
    // Over a limit: drop the least recently used others (never the one just added).
    while (this.files.size > this.maxFiles || (this.totalBytes() > this.maxTotalBytes && this.files.size > 1)) {
      const oldest = [...this.files.entries()].filter(([token]) => token !== staged.token).sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
      if (!oldest) break;
      this.files.delete(oldest[0]);
    }
    return staged;
  }

  get(token: string): StagedFile | undefined {
    this.sweep();
    const entry = this.files.get(token);
    if (!entry) return undefined;
    entry.usedAt = this.now();
    return entry.file;
  }

  release(token: string): boolean {
    return this.files.delete(token);
  }

  get size(): number {
    return this.files.size;
  }

  /** Opens a reception for a file of `size` bytes; the oldest one goes when too many are open. */
  openReception(ruleId: MediaRuleId, name: string, size: number): Reception {
    this.sweep();
    while (this.receptions.size >= this.maxReceptions) {
      const oldest = [...this.receptions.values()].sort((a, b) => a.touchedAt - b.touchedAt)[0];
      if (!oldest) break;
      this.receptions.delete(oldest.receipt);
    }
    const reception: Reception = { receipt: newToken(), ruleId, name, size, buffer: new Uint8Array(size), received: 0, touchedAt: this.now() };
    this.receptions.set(reception.receipt, reception);
    return reception;
  }

  reception(receipt: string): Reception | undefined {
    this.sweep();
    const reception = this.receptions.get(receipt);
    if (reception) reception.touchedAt = this.now();
    return reception;
  }

  closeReception(receipt: string): void {
    this.receptions.delete(receipt);
  }

  private totalBytes(): number {
    let total = 0;
    for (const { file } of this.files.values()) total += file.bytes.length;
    return total;
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.files) if (now - entry.usedAt > this.ttlMs) this.files.delete(token);
    for (const [receipt, reception] of this.receptions) if (now - reception.touchedAt > this.receptionIdleMs) this.receptions.delete(receipt);
  }
}
