import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/build';
import { createTestDatabase, type TestDatabase } from './helpers/database';

const root = resolve(import.meta.dirname, '../..');
const tsxCli = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const LISTENING = /^Palette server listening at (http:\/\/127\.0\.0\.1:\d+)$/;
const FIRST_ADMIN = /^First administrator: (\S+) \/ ([A-Za-z0-9]{8,16}) \(shown once; change it under Account\)$/;
const DEMO_OPERATOR = /^Demo operator: ops@palette\.local \/ ([A-Za-z0-9]{16}) \(shown once; an editor of the demo project\)$/;

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly stdout: string[];
}

const children = new Set<ChildProcessWithoutNullStreams>();

function run(args: readonly string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'warn', ...env },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Runs the server entry from source the way `npm run server` does (tsx), with our tsconfig paths. */
function runSource(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return run([tsxCli, '--tsconfig', 'tsconfig.node.json', 'server/src/main.ts'], env);
}

/** Resolves when the listening line arrives; collects every stdout line. */
function started(child: ChildProcessWithoutNullStreams): Promise<Started> {
  const stdout: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdout.push(line);
      const match = LISTENING.exec(line);
      if (match?.[1]) resolvePromise({ child, url: match[1], stdout });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}\nstdout:\n${stdout.join('\n')}\nstderr:\n${stderr}`)));
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolvePromise) => child.on('exit', (code) => resolvePromise(code)));
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const done = exited(child);
  child.kill('SIGTERM');
  return done;
}

async function post(url: string, body: unknown): Promise<{ code: number; data?: { token?: string } }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; data?: { token?: string } };
}

let database: TestDatabase | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'palette-server-process-'));
  // PostgreSQL mode: the processes use this file's own database; PGlite mode: a fresh data directory.
  if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

function storageEnv(): Record<string, string> {
  return database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
}

describe('server process', () => {
  it('stops at start with a message naming a bad variable', async () => {
    const child = runSource({ PORT: 'eighty' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr).toContain('PORT');
  });

  it('starts on a free port, prints the first administrator once, serves real HTTP, restarts from its data, and runs bundled', async () => {
    const first = await started(runSource({ PORT: '0', ...storageEnv() }));
    const admin = first.stdout.map((line) => FIRST_ADMIN.exec(line)).find(Boolean);
    expect(admin, first.stdout.join('\n')).toBeTruthy();
    const [, email, password] = admin as RegExpExecArray;
    expect(first.stdout.filter((line) => LISTENING.test(line))).toHaveLength(1);

    const health = await fetch(`${first.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const login = await post(`${first.url}/api/v1/auth/login`, { email, password });
    expect(login.code).toBe(0);
    const me = await fetch(`${first.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${login.data?.token}` } });
    expect(((await me.json()) as { data: { email: string; role: string } }).data).toMatchObject({ email, role: 'admin' });

    // Demo data: on by default for the embedded PGlite, off for DATABASE_URL.
    const embedded = !database?.url;
    expect(first.stdout.filter((line) => DEMO_OPERATOR.test(line))).toHaveLength(embedded ? 1 : 0);
    const projects = await fetch(`${first.url}/api/v1/projects`, { headers: { authorization: `Bearer ${login.data?.token}` } });
    const names = ((await projects.json()) as { data: { items: Array<{ name: string }> } }).data.items.map((item) => item.name);
    expect(names).toEqual(embedded ? ['Palette Photo & Video'] : []);
    expect(await stop(first.child)).toBe(0);

    // The bundle (npm run build:server) on the same data: migrations found beside it, no new admin.
    const outDir = join(root, 'node_modules', '.cache', `palette-server-test-${process.pid}`);
    try {
      const bundle = await buildServer(outDir);
      const second = await started(run([bundle], { PORT: '0', ...storageEnv() }));
      expect(second.stdout.some((line) => FIRST_ADMIN.test(line) || DEMO_OPERATOR.test(line))).toBe(false);
      expect((await post(`${second.url}/api/v1/auth/login`, { email, password })).code).toBe(0);
      expect(await stop(second.child)).toBe(0);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
