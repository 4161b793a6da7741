import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import {
  configuredServerUrl,
  isWorthRelaying,
  NODE_SERVER_FLAGS,
  nodeLauncher,
  serverEntry,
  serverEnvironment,
  startEmbeddedServer,
  workingDirectory,
  type EmbeddedServer,
} from '../../main/src/embedded-server';
import { utilityProcessLauncher } from '../../main/src/embedded-server-utility';
import { type utilityProcess as fakeUtilityProcess } from './support/fake-electron';

const forks = (electron as unknown as { utilityProcess: typeof fakeUtilityProcess }).utilityProcess.forks;

/** A stand-in for the built API server: listens where PORT says, prints the lines the real one prints. */
const fakeServer = `
import { createServer } from 'node:http';
const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ port: process.env.PORT, host: process.env.HOST, admin: process.env.ADMIN_EMAIL, dataDir: process.env.DATA_DIR, db: process.env.DATABASE_URL ?? null, runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null, execArgv: process.execArgv }));
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  console.log('migrations applied');
  console.log('First administrator: ' + process.env.ADMIN_EMAIL + ' / Generated123 (shown once; change it after signing in)');
  console.log('Palette server listening at http://127.0.0.1:' + server.address().port);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

const roots: string[] = [];
let running: EmbeddedServer | null = null;

function fakeRoot(script: string): string {
  const root = mkdtempSync(join(tmpdir(), 'palette-embedded-'));
  roots.push(root);
  mkdirSync(join(root, 'out', 'server'), { recursive: true });
  writeFileSync(join(root, 'out', 'server', 'main.js'), script);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'palette-console', type: 'module' }));
  return root;
}

afterEach(async () => {
  await running?.stop();
  running = null;
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the embedded server', () => {
  it('runs the built server when there is one, else the sources through tsx', () => {
    const root = fakeRoot('');
    expect(serverEntry(root)).toEqual({ modulePath: join(root, 'out', 'server', 'main.js'), execArgv: [] });
    const bare = mkdtempSync(join(tmpdir(), 'palette-embedded-'));
    roots.push(bare);
    expect(serverEntry(bare)).toEqual({ modulePath: join(bare, 'server', 'src', 'main.ts'), execArgv: ['--import', 'tsx'] });
  });

  it('passes the server variables through on a free loopback port, and never ELECTRON_RUN_AS_NODE', () => {
    const env = serverEnvironment({
      env: { PATH: '/bin', ADMIN_EMAIL: 'a@b.co', SMTP_URL: 'smtp://x', PORT: '80', ELECTRON_RENDERER_URL: 'http://localhost:5173', ELECTRON_RUN_AS_NODE: '1' },
      defaultDataDir: '/data',
    });
    expect(env).toMatchObject({ PATH: '/bin', ADMIN_EMAIL: 'a@b.co', SMTP_URL: 'smtp://x', PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/data' });
    expect(env['ELECTRON_RENDERER_URL']).toBeUndefined();
    expect(env['ELECTRON_RUN_AS_NODE']).toBeUndefined();
    expect(serverEnvironment({ env: { DATA_DIR: '/mine' }, defaultDataDir: '/data' })).toMatchObject({ DATA_DIR: '/mine' });
  });

  it('lets the operator’s own embedded server deliver webhooks to private addresses unless told otherwise', () => {
    expect(serverEnvironment({ env: {}, defaultDataDir: '/data' })['WEBHOOK_PRIVATE_ADDRESSES']).toBe('allow');
    expect(serverEnvironment({ env: { WEBHOOK_PRIVATE_ADDRESSES: 'refuse' }, defaultDataDir: '/data' })['WEBHOOK_PRIVATE_ADDRESSES']).toBe('refuse');
  });

  it('starts the server as a Node child process (browser edition), waits for its listening line, relays the first administrator and stops it', async () => {
    const announced: string[] = [];
    const root = fakeRoot(fakeServer);
    running = await startEmbeddedServer({
      root,
      env: { ...process.env, ADMIN_EMAIL: 'owner@example.com', DATABASE_URL: 'postgres://127.0.0.1/test' },
      defaultDataDir: join(root, 'data'),
      announce: (line) => announced.push(line),
    });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const seen = (await (await fetch(running.url)).json()) as Record<string, unknown>;
    expect(seen).toEqual({ port: '0', host: '127.0.0.1', admin: 'owner@example.com', dataDir: join(root, 'data'), db: 'postgres://127.0.0.1/test', runAsNode: null, execArgv: [...NODE_SERVER_FLAGS] });
    // The flags that keep its memory small (issue 18 §6) reach the child's Node.
    expect(NODE_SERVER_FLAGS).toEqual(expect.arrayContaining(['--wasm-lazy-compilation', expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
    expect(announced).toEqual(['First administrator: owner@example.com / Generated123 (shown once; change it after signing in)']);

    await running.stop();
    await expect(fetch(running.url)).rejects.toThrow();
    running = null;
  });

  it('fails with the server output when it exits before listening', async () => {
    const root = fakeRoot("console.error('DATABASE_URL is not a PostgreSQL URL'); process.exit(3);");
    await expect(startEmbeddedServer({ root, announce: () => undefined })).rejects.toThrow(/exit code 3[\s\S]*DATABASE_URL is not a PostgreSQL URL/);
  });

  it('gives up when the server never says it listens', async () => {
    const root = fakeRoot('setInterval(() => undefined, 1000);');
    await expect(startEmbeddedServer({ root, startTimeoutMs: 300, announce: () => undefined })).rejects.toThrow(/did not start in time/);
  });
});

describe('the embedded server in the desktop app (RunAsNode fuse off)', () => {
  it("starts in Electron's utility process with the server's entry, environment and directory, and stops it", async () => {
    const announced: string[] = [];
    const root = fakeRoot(fakeServer);
    forks.length = 0;
    running = await startEmbeddedServer({
      root,
      env: { ...process.env, ADMIN_EMAIL: 'owner@example.com', ELECTRON_RUN_AS_NODE: '1' },
      defaultDataDir: join(root, 'data'),
      launcher: utilityProcessLauncher,
      announce: (line) => announced.push(line),
    });
    expect(forks).toHaveLength(1);
    const fork = forks[0]!;
    expect(fork.modulePath).toBe(join(root, 'out', 'server', 'main.js'));
    expect(fork.options).toMatchObject({ execArgv: [], cwd: root, stdio: 'pipe', serviceName: 'Palette API server' });
    expect((fork.options['env'] as NodeJS.ProcessEnv)['ELECTRON_RUN_AS_NODE']).toBeUndefined();

    const seen = (await (await fetch(running.url)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ port: '0', host: '127.0.0.1', admin: 'owner@example.com', dataDir: join(root, 'data'), runAsNode: null });
    expect(announced).toEqual(['First administrator: owner@example.com / Generated123 (shown once; change it after signing in)']);

    await running.stop();
    await expect(fetch(running.url)).rejects.toThrow();
    expect(fork.process.stdout).toBeNull();
    running = null;
  });

  it('fails with the last lines of the utility process when it exits before listening', async () => {
    const root = fakeRoot("console.error('DATABASE_URL is not a PostgreSQL URL'); process.exit(3);");
    await expect(startEmbeddedServer({ root, launcher: utilityProcessLauncher, announce: () => undefined })).rejects.toThrow(
      /exit code 3[\s\S]*DATABASE_URL is not a PostgreSQL URL/,
    );
  });

  it('ends a utility process that ignores SIGTERM when forced', async () => {
    const root = fakeRoot("process.on('SIGTERM', () => undefined); console.log('up'); setInterval(() => undefined, 1000);");
    const child = utilityProcessLauncher({ ...serverEntry(root), cwd: root, env: process.env });
    const closed = new Promise<string>((resolve) => child.onClose(resolve));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.terminate();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(child.exited).toBe(false);
    child.kill();
    await expect(closed).resolves.toMatch(/^exit code /);
    expect(child.exited).toBe(true);
  });

  it('refuses the Node launcher inside Electron, where it would start a second console', async () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true, enumerable: true });
    try {
      expect(() => nodeLauncher({ modulePath: '/x.js', execArgv: [], cwd: '/', env: {} })).toThrow(/utilityProcess/);
      await expect(startEmbeddedServer({ root: fakeRoot(fakeServer), announce: () => undefined })).rejects.toThrow(/could not be started.*utilityProcess/);
    } finally {
      delete (process.versions as Record<string, string | undefined>)['electron'];
    }
  });
});

describe('the embedded server log', () => {
  it('shows warnings, errors and plain lines, and per-request noise only when asked', () => {
    expect(isWorthRelaying('{"level":30,"msg":"incoming request"}', false)).toBe(false);
    expect(isWorthRelaying('{"level":40,"msg":"slow query"}', false)).toBe(true);
    expect(isWorthRelaying('{"level":50,"msg":"db down"}', false)).toBe(true);
    expect(isWorthRelaying('migrations applied', false)).toBe(true);
    expect(isWorthRelaying('   ', true)).toBe(false);
    expect(isWorthRelaying('{"level":30,"msg":"incoming request"}', true)).toBe(true);
  });
});

describe('the configured server', () => {
  it('comes from PALETTE_SERVER_URL, then the preference; none means embedded', () => {
    expect(configuredServerUrl({}, undefined)).toBeNull();
    expect(configuredServerUrl({ PALETTE_SERVER_URL: '  ' }, undefined)).toBeNull();
    expect(configuredServerUrl({}, 'https://api.example.com/')).toBe('https://api.example.com');
    expect(configuredServerUrl({ PALETTE_SERVER_URL: 'https://10.0.0.5:4000' }, 'https://api.example.com')).toBe('https://10.0.0.5:4000');
    expect(() => configuredServerUrl({ PALETTE_SERVER_URL: 'api.example.com' }, undefined)).toThrow(/not a URL/);
    expect(() => configuredServerUrl({ PALETTE_SERVER_URL: 'file:///srv' }, undefined)).toThrow(/http/);
  });

  it('must be https unless it is on loopback, so the bearer token never travels in clear text', () => {
    for (const local of ['http://127.0.0.1:4000', 'http://127.8.9.10', 'http://localhost:8787', 'http://LOCALHOST.:1', 'http://[::1]:4000', 'http://[::ffff:127.0.0.1]/']) {
      expect(configuredServerUrl({ PALETTE_SERVER_URL: local }, undefined)).toBe(new URL(local).toString().replace(/\/+$/, ''));
    }
    for (const remote of ['http://10.0.0.5:4000', 'http://api.example.com', 'http://128.0.0.1', 'http://localhost.example.com', 'http://[::2]/', 'http://0.0.0.0:4000']) {
      expect(() => configuredServerUrl({ PALETTE_SERVER_URL: remote }, undefined)).toThrow(
        /^PALETTE_SERVER_URL must use https unless the server is on this machine .*so the session token never travels in clear text/,
      );
    }
    expect(() => configuredServerUrl({}, 'http://api.example.com')).toThrow(/^The server URL in the preferences must use https/);
    expect(configuredServerUrl({}, 'https://api.example.com')).toBe('https://api.example.com');
  });
});

describe('the embedded server in a packaged app', () => {
  it('starts in the directory holding app.asar, which the OS cannot enter', () => {
    expect(workingDirectory(join('/opt', 'Palette Console', 'resources', 'app.asar'))).toBe(join('/opt', 'Palette Console', 'resources'));
    expect(workingDirectory('/work/main')).toBe('/work/main');
  });
});
