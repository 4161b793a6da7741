import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWorthKeeping } from '../../main/src/embedded-server';
import { openServerLog } from '../../main/src/server-log';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'palette-server-log-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded server’s log file', () => {
  it('creates its folder and appends one line per write, after what earlier runs wrote', () => {
    const path = join(tempDir(), 'logs', 'server.log');
    openServerLog(path).write('first run');
    const log = openServerLog(path);
    log.write('second run');
    log.write('already ended\n');
    expect(readFileSync(path, 'utf8')).toBe('first run\nsecond run\nalready ended\n');
    expect(log.path).toBe(path);
  });

  it('moves the file aside when a line would take it past its limit, and not at the limit', () => {
    const path = join(tempDir(), 'server.log');
    const log = openServerLog(path, { maxBytes: 20 });
    log.write('123456789'); // 10 bytes with its newline
    log.write('abcdefghi'); // 20: exactly the limit
    expect(existsSync(`${path}.1`)).toBe(false);
    log.write('x'); // 22: one line past it
    expect(readFileSync(`${path}.1`, 'utf8')).toBe('123456789\nabcdefghi\n');
    expect(readFileSync(path, 'utf8')).toBe('x\n');
    // The older copy is replaced the next time: at most about twice the limit on disk.
    log.write('abcdefghijklmnopq'); // 20 again
    log.write('y');
    expect(readFileSync(`${path}.1`, 'utf8')).toBe('x\nabcdefghijklmnopq\n');
    expect(readFileSync(path, 'utf8')).toBe('y\n');
  });

  it('counts what an earlier run left when deciding to move it aside', () => {
    const path = join(tempDir(), 'server.log');
    writeFileSync(path, 'x'.repeat(19) + '\n');
    openServerLog(path, { maxBytes: 20 }).write('next');
    expect(readFileSync(path, 'utf8')).toBe('next\n');
    expect(readFileSync(`${path}.1`, 'utf8')).toHaveLength(20);
  });

  it('never throws when it cannot write, and reports that once', () => {
    const blocker = join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, '');
    const errors: unknown[] = [];
    const log = openServerLog(join(blocker, 'server.log'), { onError: (error) => errors.push(error) });
    expect(() => {
      log.write('one');
      log.write('two');
    }).not.toThrow();
    expect(errors).toHaveLength(1);
  });

  it('keeps the server’s words worth keeping, never a password or key shown once, and no per-request noise', () => {
    expect(isWorthKeeping('First administrator: owner@example.com / Secret123 (shown once; change it under Account)', true)).toBe(false);
    expect(isWorthKeeping('Demo operator: ops@palette.local / WdkWMBcriSgXt3xh (shown once; an editor of the demo project)', false)).toBe(false);
    expect(isWorthKeeping('Demo client key: Palette iOS / pk_heCOoRNXD (shown once; for the delivery API)', false)).toBe(false);
    expect(isWorthKeeping('Palette server listening at http://127.0.0.1:4000', false)).toBe(true);
    expect(isWorthKeeping('Palette server failed to start: Error: boom', false)).toBe(true);
    expect(isWorthKeeping('{"level":30,"msg":"media uploads stored in a local directory"}', false)).toBe(true);
    expect(isWorthKeeping('{"level":30,"req":{"method":"GET"},"msg":"incoming request"}', false)).toBe(false);
    expect(isWorthKeeping('{"level":30,"res":{"statusCode":200},"msg":"request completed"}', false)).toBe(false);
    expect(isWorthKeeping('{"level":30,"res":{"statusCode":200},"msg":"request completed"}', true)).toBe(true);
    expect(isWorthKeeping('{"level":40,"req":{"method":"GET"},"msg":"slow"}', false)).toBe(true);
    expect(isWorthKeeping('{"level":20,"msg":"debug detail"}', false)).toBe(false);
    expect(isWorthKeeping('  ', true)).toBe(false);
  });
});
