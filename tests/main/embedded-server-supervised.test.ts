import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));
import { type EmbeddedServerState } from '@contract/ipc';
import { startEmbeddedServer } from '../../main/src/embedded-server';
import { utilityProcessLauncher } from '../../main/src/embedded-server-utility';
import { superviseEmbeddedServer, type ServerSupervisor } from '../../main/src/server-supervisor';

/**
 * Issue 12, for real: the embedded server started as the browser edition starts it (a Node child
 * process, here on a temporary data directory) is killed with SIGKILL and comes back on its own,
 * on the same address, with what was written before still there.
 */

const work = mkdtempSync(join(tmpdir(), 'palette-supervised-'));
let supervisor: ServerSupervisor | null = null;

afterAll(async () => {
  await supervisor?.stop();
  rmSync(work, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api(url: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ code: number; data?: unknown }> {
  const response = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: number; data?: unknown };
}

describe('a start that gives up', () => {
  it('answers only once its process is gone, so a restart never finds two servers on one data directory', async () => {
    const root = mkdtempSync(join(work, 'root-'));
    mkdirSync(join(root, 'out', 'server'), { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
    // Says nothing a start waits for, and takes a second to go once asked to.
    writeFileSync(
      join(root, 'out', 'server', 'main.js'),
      "console.error('pid ' + process.pid); process.on('SIGTERM', () => setTimeout(() => process.exit(0), 1000)); setInterval(() => undefined, 1000);",
    );
    const failure = await startEmbeddedServer({ root, startTimeoutMs: 500, announce: () => undefined }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    const pid = Number(/pid (\d+)/.exec((failure as Error).message)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(false);
  });
});

describe('the supervised embedded server (browser edition)', () => {
  it('comes back on its own after kill -9, on the same address, with nothing lost', { timeout: 300_000 }, async () => {
    const { DATABASE_URL: _database, TEST_DATABASE_URL: _test, PORT: _port, ...env } = process.env;
    const logPath = join(work, 'logs', 'server.log');
    const states: EmbeddedServerState[] = [];
    supervisor = superviseEmbeddedServer({
      root: process.cwd(),
      env: { ...env, DATA_DIR: join(work, 'data'), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Supervise2026' },
      logPath,
      announce: () => undefined,
      startTimeoutMs: 180_000,
    });
    supervisor.onDidChange((state) => states.push(state));
    const url = await supervisor.start();

    const login = await api(url, 'POST', '/api/v1/auth/login', null, { email: 'owner@example.com', password: 'Supervise2026' });
    expect(login.code).toBe(0);
    const token = (login.data as { token: string }).token;
    const created = await api(url, 'POST', '/api/v1/projects', token, { name: 'Survives kill -9' });
    expect(created.code).toBe(0);

    const killed = supervisor.pid as number;
    expect(isAlive(killed)).toBe(true);
    process.kill(killed, 'SIGKILL');

    await until('the restart', () => states.some((state) => state.status === 'restarting'), 10_000);
    expect(states.find((state) => state.status === 'restarting')).toEqual({ status: 'restarting', crashes: 1, lastExit: 'SIGKILL', logPath });
    await until('the server back', () => states.at(-1)?.status === 'running', 180_000);
    expect(isAlive(killed)).toBe(false);
    expect(supervisor.pid).not.toBe(killed);
    // The same address, the same data, even the same session.
    expect(supervisor.url).toBe(url);
    const listed = await api(url, 'GET', '/api/v1/projects?q=Survives', token);
    expect(listed.code).toBe(0);
    expect((listed.data as { items: Array<{ name: string }> }).items.map((project) => project.name)).toEqual(['Survives kill -9']);

    const log = readFileSync(logPath, 'utf8');
    expect(log).toContain('The embedded server stopped unexpectedly (SIGKILL); restarting it in 500 ms');
    expect(log).toContain(`The embedded server runs again at ${url}`);
    expect(log).not.toMatch(/First administrator|Demo operator|Demo client key|Supervise2026/);

    // A clean quit: the server goes, and nothing restarts it.
    const last = supervisor.pid as number;
    await supervisor.stop();
    supervisor = null;
    expect(isAlive(last)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(states.at(-1)?.status).toBe('running');
  });
});

describe('the supervised embedded server in the desktop app (utility process)', () => {
  it('comes back on the same port after kill -9', { timeout: 60_000 }, async () => {
    const root = mkdtempSync(join(work, 'root-'));
    mkdirSync(join(root, 'out', 'server'), { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(root, 'out', 'server', 'main.js'),
      `import { createServer } from 'node:http';
const server = createServer((req, res) => res.end(String(process.pid)));
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log('Palette server listening at http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));`,
    );
    const logPath = join(work, 'desktop-logs', 'server.log');
    const desktop = superviseEmbeddedServer({ root, launcher: utilityProcessLauncher, logPath, announce: () => undefined });
    const states: EmbeddedServerState[] = [];
    desktop.onDidChange((state) => states.push(state));
    try {
      const url = await desktop.start();
      const first = Number(await (await fetch(url)).text());
      expect(first).toBe(desktop.pid);
      process.kill(first, 'SIGKILL');
      await until('the server back', () => states.at(-1)?.status === 'running' && states.length > 1, 30_000);
      expect(states.map((state) => state.status)).toEqual(['running', 'restarting', 'running']);
      expect(desktop.url).toBe(url);
      const second = Number(await (await fetch(url)).text());
      expect(second).not.toBe(first);
      expect(isAlive(first)).toBe(false);
    } finally {
      await desktop.stop();
    }
    expect(readFileSync(logPath, 'utf8')).toMatch(/stopped unexpectedly \(exit code \d+\); restarting it in 500 ms/);
  });
});
