import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Where the embedded server's log grows to before it is moved aside (`<file>.1`). */
export const SERVER_LOG_MAX_BYTES = 5 * 1024 * 1024;

/** The embedded server's log file. */
export interface ServerLog {
  readonly path: string;
  /** Appends one line; never throws. */
  readonly write: (line: string) => void;
}

export interface ServerLogOptions {
  readonly maxBytes?: number;
  /** Hears the first write that failed (a full disk, a folder that cannot be written). */
  readonly onError?: (error: unknown) => void;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The log file the operator is pointed at when the embedded server keeps stopping: what the
 * server wrote worth keeping (embedded-server.ts `isWorthKeeping`) and main's account of each
 * start, stop and restart (server-supervisor.ts).
 *
 * In a packaged desktop app nobody reads main's stderr, so without this file a crash would leave
 * no trace an operator could send. Lines are appended synchronously, one by one: the last lines
 * before a crash are the ones that matter, and a buffer would lose them if main went down too.
 * When the file passes `maxBytes` it is moved to `<file>.1` (replacing the one before), so the
 * log never takes more than about twice that. A write that fails (full disk, read-only folder) is
 * reported once and the console goes on: a log must never be what takes it down.
 */
export function openServerLog(path: string, options: ServerLogOptions = {}): ServerLog {
  const maxBytes = options.maxBytes ?? SERVER_LOG_MAX_BYTES;
  let size = sizeOf(path);
  let reported = false;
  const rotate = () => {
    renameSync(path, `${path}.1`);
    size = 0;
  };
  return {
    path,
    write: (line) => {
      const text = line.endsWith('\n') ? line : `${line}\n`;
      try {
        if (size === 0) mkdirSync(dirname(path), { recursive: true });
        if (size > 0 && size + Buffer.byteLength(text) > maxBytes) rotate();
        appendFileSync(path, text);
        size += Buffer.byteLength(text);
      } catch (error) {
        if (!reported) options.onError?.(error);
        reported = true;
      }
    },
  };
}
