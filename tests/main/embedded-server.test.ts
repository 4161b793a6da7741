import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredServerUrl, isWorthRelaying, serverCommand, serverEnvironment, startEmbeddedServer, workingDirectory, type EmbeddedServer } from '../../main/src/embedded-server';

/** A stand-in for the built API server: listens where PORT says, prints the lines the real one prints. */
const fakeServer = `
import { createServer } from 'node:http';
const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ port: process.env.PORT, host: process.env.HOST, admin: process.env.ADMIN_EMAIL, dataDir: process.env.DATA_DIR, db: process.env.DATABASE_URL ?? null, runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null }));
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
    expect(serverCommand(root, false)).toEqual({ command: process.execPath, args: [join(root, 'out', 'server', 'main.js')], runAsNode: false });
    const bare = mkdtempSync(join(tmpdir(), 'palette-embedded-'));
    roots.push(bare);
    expect(serverCommand(bare, true)).toEqual({
      command: process.execPath,
      args: ['--import', 'tsx', join(bare, 'server', 'src', 'main.ts')],
      runAsNode: true,
    });
  });

  it('passes the server variables through on a free loopback port', () => {
    const env = serverEnvironment(
      { env: { PATH: '/bin', ADMIN_EMAIL: 'a@b.co', SMTP_URL: 'smtp://x', PORT: '80', ELECTRON_RENDERER_URL: 'http://localhost:5173' }, defaultDataDir: '/data' },
      true,
    );
    expect(env).toMatchObject({ PATH: '/bin', ADMIN_EMAIL: 'a@b.co', SMTP_URL: 'smtp://x', PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/data', ELECTRON_RUN_AS_NODE: '1' });
    expect(env['ELECTRON_RENDERER_URL']).toBeUndefined();
    expect(serverEnvironment({ env: { DATA_DIR: '/mine' }, defaultDataDir: '/data' }, false)).toMatchObject({ DATA_DIR: '/mine' });
  });

  it('lets the operator’s own embedded server deliver webhooks to private addresses unless told otherwise', () => {
    expect(serverEnvironment({ env: {}, defaultDataDir: '/data' }, false)['WEBHOOK_PRIVATE_ADDRESSES']).toBe('allow');
    expect(serverEnvironment({ env: { WEBHOOK_PRIVATE_ADDRESSES: 'refuse' }, defaultDataDir: '/data' }, false)['WEBHOOK_PRIVATE_ADDRESSES']).toBe('refuse');
  });

  it('starts the server, waits for its listening line, relays the first administrator and stops it', async () => {
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
    expect(seen).toEqual({ port: '0', host: '127.0.0.1', admin: 'owner@example.com', dataDir: join(root, 'data'), db: 'postgres://127.0.0.1/test', runAsNode: null });
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
    expect(configuredServerUrl({ PALETTE_SERVER_URL: 'http://10.0.0.5:4000' }, 'https://api.example.com')).toBe('http://10.0.0.5:4000');
    expect(() => configuredServerUrl({ PALETTE_SERVER_URL: 'api.example.com' }, undefined)).toThrow(/not a URL/);
    expect(() => configuredServerUrl({ PALETTE_SERVER_URL: 'file:///srv' }, undefined)).toThrow(/http/);
  });
});

describe('the embedded server in a packaged app', () => {
  it('starts in the directory holding app.asar, which the OS cannot enter', () => {
    expect(workingDirectory(join('/opt', 'Palette Console', 'resources', 'app.asar'))).toBe(join('/opt', 'Palette Console', 'resources'));
    expect(workingDirectory('/work/main')).toBe('/work/main');
  });
});
