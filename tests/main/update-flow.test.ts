import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ElectronUpdater from 'electron-updater';
import { type UpdateState } from '@contract/ipc';
import { createUnsupportedUpdates, ElectronUpdates, planUpdates, type UpdaterLike } from '../../main/src/updates';
import * as fakeElectron from './support/fake-electron';

/**
 * The whole update flow through electron-updater's own classes (NsisUpdater and MacUpdater, the
 * generic provider, ElectronHttpExecutor with its sha512 check) against a download server on
 * 127.0.0.1 serving real latest.yml / latest-mac.yml files. Electron itself cannot run here: the
 * updater gets an app adapter of its own, and its `require('electron')` (net.request, the updater
 * session, Squirrel.Mac's autoUpdater) gets the fake module.
 */

const nodeRequire = createRequire(import.meta.url);
const electronEntry = nodeRequire.resolve('electron');
const { NsisUpdater, MacUpdater } = nodeRequire('electron-updater') as typeof ElectronUpdater;
const { ElectronHttpExecutor } = nodeRequire('electron-updater/out/electronHttpExecutor') as { ElectronHttpExecutor: new () => unknown };

beforeAll(() => {
  // electron-updater asks for Electron with require(); it gets the fake module.
  nodeRequire.cache[electronEntry] = { id: electronEntry, filename: electronEntry, loaded: true, exports: fakeElectron, children: [], paths: [] } as unknown as NodeModule;
});
afterAll(() => {
  delete nodeRequire.cache[electronEntry];
});

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

/** Bytes that stand for a release file (an installer, a zip): distinct per name. */
function releaseFile(name: string, size = 96 * 1024): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) data[i] = (i * 31 + name.length * 7 + name.charCodeAt(i % name.length)) & 0xff;
  return data;
}

/** latest.yml as electron-builder writes it for an NSIS installer. */
function latestYml(version: string, file: string, hash: string, size: number): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${hash}`,
    `    size: ${size}`,
    `path: ${file}`,
    `sha512: ${hash}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
}

/** latest-mac.yml as electron-builder writes it for zip and dmg in x64 and arm64. */
function latestMacYml(version: string, files: ReadonlyArray<{ url: string; data: Buffer }>): string {
  const lines = [`version: ${version}`, 'files:'];
  for (const file of files) lines.push(`  - url: ${file.url}`, `    sha512: ${sha512(file.data)}`, `    size: ${file.data.length}`);
  lines.push(`path: ${files[0]!.url}`, `sha512: ${sha512(files[0]!.data)}`, "releaseDate: '2026-11-20T10:00:00.000Z'", '');
  return lines.join('\n');
}

interface DownloadServer {
  readonly url: string;
  readonly files: Map<string, Buffer>;
  readonly requested: string[];
  close(): Promise<void>;
}

/**
 * The download server: serves its files with Content-Length; a release file in three parts a
 * little over a second apart, so the updater reports progress along the way (it reports at most
 * once a second, and 100 % at the end).
 */
async function startDownloadServer(): Promise<DownloadServer> {
  const files = new Map<string, Buffer>();
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requested.push(path);
    const body = files.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': String(body.length), 'content-type': path.endsWith('.yml') ? 'text/yaml' : 'application/octet-stream' });
    if (path.endsWith('.yml')) {
      response.end(body);
      return;
    }
    const third = Math.ceil(body.length / 3);
    response.write(body.subarray(0, third));
    setTimeout(() => {
      response.write(body.subarray(third, 2 * third));
      setTimeout(() => response.end(body.subarray(2 * third)), 50);
    }, 1_100);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/releases/`,
    files,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** electron-updater's app adapter for a packaged 0.1.0, its update config and cache in a temp dir. */
class TestApp {
  readonly version = '0.1.0';
  readonly name = 'Palette Console';
  readonly isPackaged = true;
  readonly appUpdateConfigPath: string;
  readonly userDataPath: string;
  readonly baseCachePath: string;
  quits = 0;
  readonly quitHandlers: Array<(exitCode: number) => void> = [];

  constructor(
    readonly dir: string,
    appUpdateYml: string,
  ) {
    this.appUpdateConfigPath = join(dir, 'app-update.yml');
    writeFileSync(this.appUpdateConfigPath, appUpdateYml);
    this.userDataPath = join(dir, 'user-data');
    this.baseCachePath = join(dir, 'cache');
  }

  whenReady = async () => undefined;
  relaunch = () => undefined;
  quit = () => {
    this.quits += 1;
  };
  onQuit = (handler: (exitCode: number) => void) => {
    this.quitHandlers.push(handler);
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

interface Internals {
  _testOnlyOptions: { platform: NodeJS.Platform; isUseDifferentialDownload: boolean } | null;
  httpExecutor: unknown;
  logger: unknown;
  verifyUpdateCodeSignature: (publisherNames: string[], file: string) => Promise<string | null>;
}

let server: DownloadServer;
let dir: string;
const warnings: string[] = [];
const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };

beforeAll(async () => {
  server = await startDownloadServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.files.clear();
  server.requested.length = 0;
  warnings.length = 0;
  fakeElectron.autoUpdater.removeAllListeners();
  fakeElectron.autoUpdater.quitAndInstall.mockClear();
  fakeElectron.autoUpdater.downloaded = null;
  fakeElectron.autoUpdater.feed = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A real NsisUpdater for a packaged Windows 0.1.0 whose build names its publisher. */
function nsisUpdater() {
  dir = mkdtempSync(join(tmpdir(), 'palette-update-'));
  const app = new TestApp(dir, `provider: generic\nurl: ${server.url}\npublisherName:\n  - Palette Ltd\nupdaterCacheDirName: palette-console-updater\n`);
  const updater = new NsisUpdater(null, app) as unknown as InstanceType<typeof NsisUpdater> & Internals;
  updater._testOnlyOptions = { platform: 'win32', isUseDifferentialDownload: false };
  updater.httpExecutor = new ElectronHttpExecutor();
  updater.logger = silent;
  const signatureChecks: Array<{ names: string[]; file: string }> = [];
  updater.verifyUpdateCodeSignature = async (names, file) => {
    signatureChecks.push({ names, file });
    return null;
  };
  // The installer would be started here; the test records that it was asked to.
  const doInstall = vi.spyOn(updater as unknown as { doInstall: (options: unknown) => boolean }, 'doInstall').mockReturnValue(true);
  return { app, updater, signatureChecks, doInstall };
}

function follow(updater: UpdaterLike, confirm: boolean) {
  const confirmRestart = vi.fn(async () => confirm);
  const updates = new ElectronUpdates({ updater, feedUrl: server.url, confirmRestart, log });
  const states: UpdateState[] = [];
  updates.onDidChange((state) => states.push(state));
  return { updates, states, confirmRestart };
}

describe('updates from a download server (electron-updater, generic provider)', () => {
  it('Windows: offers the newer version, downloads it with progress, checks its sha512 and publisher, and installs on restart', async () => {
    const installer = releaseFile('Palette-Console-Setup-1.2.0.exe');
    server.files.set('/releases/latest.yml', Buffer.from(latestYml('1.2.0', 'Palette-Console-Setup-1.2.0.exe', sha512(installer), installer.length)));
    server.files.set('/releases/Palette-Console-Setup-1.2.0.exe', installer);
    const { app, updater, signatureChecks, doInstall } = nsisUpdater();
    const { updates, states, confirmRestart } = follow(updater, true);

    await updates.check();
    await vi.waitFor(() => expect(updates.get().status).toBe('ready'), { timeout: 10_000 });

    expect(states[0]).toEqual({ status: 'checking', version: null, progress: null });
    expect(states[1]).toEqual({ status: 'available', version: '1.2.0', progress: null });
    const progress = states.filter((s) => s.status === 'downloading').map((s) => s.progress);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress[0]).toBeLessThan(100);
    expect(progress.at(-1)).toBe(100);
    expect(updates.get()).toEqual({ status: 'ready', version: '1.2.0', progress: 100 });
    expect(server.requested).toEqual(['/releases/latest.yml', '/releases/Palette-Console-Setup-1.2.0.exe']);

    // The downloaded installer is the served one, and its signature was checked against the publisher.
    expect(signatureChecks).toHaveLength(1);
    expect(signatureChecks[0]!.names).toEqual(['Palette Ltd']);
    expect(readFileSync(signatureChecks[0]!.file.replace(/temp-/, '')).equals(installer)).toBe(true);

    // The operator said "restart now": the installer runs, then the app quits.
    await vi.waitFor(() => expect(app.quits).toBe(1));
    expect(confirmRestart).toHaveBeenCalledWith('1.2.0');
    expect(doInstall).toHaveBeenCalledWith(expect.objectContaining({ isSilent: false, isForceRunAfter: true }));
  });

  it('Windows: refuses an installer whose sha512 does not match latest.yml, and says so', async () => {
    const published = releaseFile('Palette-Console-Setup-1.2.0.exe');
    const tampered = Buffer.from(published);
    tampered[1000] = tampered[1000]! ^ 0xff;
    server.files.set('/releases/latest.yml', Buffer.from(latestYml('1.2.0', 'Palette-Console-Setup-1.2.0.exe', sha512(published), published.length)));
    server.files.set('/releases/Palette-Console-Setup-1.2.0.exe', tampered);
    const { app, updater, signatureChecks, doInstall } = nsisUpdater();
    const { updates, confirmRestart } = follow(updater, true);

    await updates.check();
    await vi.waitFor(() => expect(updates.get().status).toBe('error'), { timeout: 10_000 });

    expect(updates.get()).toEqual({ status: 'error', version: '1.2.0', progress: null, failure: 'integrity' });
    expect(warnings.join('\n')).toContain('the download did not match the sha512 published for it and was discarded');
    expect(signatureChecks).toEqual([]);
    expect(confirmRestart).not.toHaveBeenCalled();
    expect(doInstall).not.toHaveBeenCalled();
    expect(app.quits).toBe(0);
    // Nothing of the refused file is left to install.
    const pending = join(dir, 'cache', 'palette-console-updater', 'pending');
    expect(readdirSafe(pending).filter((name) => name.endsWith('.exe'))).toEqual([]);
    await updates.install();
    expect(doInstall).not.toHaveBeenCalled();
  });

  it('Windows: refuses an installer not signed by the publisher', async () => {
    const installer = releaseFile('Palette-Console-Setup-1.2.0.exe');
    server.files.set('/releases/latest.yml', Buffer.from(latestYml('1.2.0', 'Palette-Console-Setup-1.2.0.exe', sha512(installer), installer.length)));
    server.files.set('/releases/Palette-Console-Setup-1.2.0.exe', installer);
    const { updater, doInstall } = nsisUpdater();
    updater.verifyUpdateCodeSignature = async () => 'publisherNames: Palette Ltd, raw info: {"Status":2}';
    const { updates } = follow(updater, true);

    await updates.check();
    await vi.waitFor(() => expect(updates.get().status).toBe('error'), { timeout: 10_000 });
    expect(updates.get().failure).toBe('signature');
    expect(doInstall).not.toHaveBeenCalled();
  });

  it('offers nothing when the server has no newer version', async () => {
    const installer = releaseFile('Palette-Console-Setup-0.1.0.exe');
    server.files.set('/releases/latest.yml', Buffer.from(latestYml('0.1.0', 'Palette-Console-Setup-0.1.0.exe', sha512(installer), installer.length)));
    const { updater } = nsisUpdater();
    const { updates, states } = follow(updater, true);
    await expect(updates.check()).resolves.toEqual({ status: 'idle', version: null, progress: null });
    expect(states.map((s) => s.status)).toEqual(['checking', 'idle']);
    expect(server.requested).toEqual(['/releases/latest.yml']);
  });

  it('macOS: takes the zip of its own architecture from latest-mac.yml, hands it to Squirrel.Mac and installs on restart', async () => {
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    const files = ['x64', 'arm64'].flatMap((a) => [
      { url: `Palette-Console-1.2.0-${a}-mac.zip`, data: releaseFile(`Palette-Console-1.2.0-${a}-mac.zip`) },
      { url: `Palette-Console-1.2.0-${a}.dmg`, data: releaseFile(`Palette-Console-1.2.0-${a}.dmg`) },
    ]);
    server.files.set('/releases/latest-mac.yml', Buffer.from(latestMacYml('1.2.0', files)));
    for (const file of files) server.files.set(`/releases/${file.url}`, file.data);

    dir = mkdtempSync(join(tmpdir(), 'palette-update-'));
    const app = new TestApp(dir, `provider: generic\nurl: ${server.url}\nupdaterCacheDirName: palette-console-updater\n`);
    const updater = new MacUpdater(undefined, app) as unknown as InstanceType<typeof MacUpdater> & Internals;
    updater._testOnlyOptions = { platform: 'darwin', isUseDifferentialDownload: false };
    updater.httpExecutor = new ElectronHttpExecutor();
    updater.logger = silent;
    const { updates, states, confirmRestart } = follow(updater, true);

    await updates.check();
    await vi.waitFor(() => expect(fakeElectron.autoUpdater.quitAndInstall).toHaveBeenCalledOnce(), { timeout: 10_000 });

    expect(states.map((s) => s.status)).toContain('downloading');
    expect(updates.get()).toEqual({ status: 'ready', version: '1.2.0', progress: 100 });
    expect(confirmRestart).toHaveBeenCalledWith('1.2.0');
    const zip = files.find((f) => f.url === `Palette-Console-1.2.0-${arch}-mac.zip`)!;
    expect(server.requested).toEqual(['/releases/latest-mac.yml', `/releases/${zip.url}`]);
    // Squirrel.Mac received exactly the verified zip, from the updater's own loopback feed.
    expect(fakeElectron.autoUpdater.feed?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fakeElectron.autoUpdater.downloaded?.equals(zip.data)).toBe(true);
    (updater as unknown as { closeServerIfExists(): void }).closeServerIfExists();
  });

  it('macOS: refuses a zip whose sha512 does not match latest-mac.yml; Squirrel.Mac never sees it', async () => {
    const files = ['x64', 'arm64'].map((a) => ({ url: `Palette-Console-1.2.0-${a}-mac.zip`, data: releaseFile(`Palette-Console-1.2.0-${a}-mac.zip`) }));
    server.files.set('/releases/latest-mac.yml', Buffer.from(latestMacYml('1.2.0', files)));
    for (const file of files) server.files.set(`/releases/${file.url}`, releaseFile(`tampered ${file.url}`));

    dir = mkdtempSync(join(tmpdir(), 'palette-update-'));
    const app = new TestApp(dir, `provider: generic\nurl: ${server.url}\nupdaterCacheDirName: palette-console-updater\n`);
    const updater = new MacUpdater(undefined, app) as unknown as InstanceType<typeof MacUpdater> & Internals;
    updater._testOnlyOptions = { platform: 'darwin', isUseDifferentialDownload: false };
    updater.httpExecutor = new ElectronHttpExecutor();
    updater.logger = silent;
    const { updates, confirmRestart } = follow(updater, true);

    await updates.check();
    await vi.waitFor(() => expect(updates.get().status).toBe('error'), { timeout: 10_000 });
    expect(updates.get().failure).toBe('integrity');
    expect(fakeElectron.autoUpdater.feed).toBeNull();
    expect(confirmRestart).not.toHaveBeenCalled();
  });

  it('checks nothing when no update server is configured', async () => {
    const plan = planUpdates({ env: {}, preference: undefined, packaged: true, platform: 'win32', readAppUpdateConfig: () => null });
    expect(plan).toEqual({ off: 'Updates are off: no update URL is configured (PALETTE_UPDATE_URL)' });
    const updates = createUnsupportedUpdates();
    updates.start();
    await expect(updates.check()).resolves.toEqual({ status: 'unsupported', version: null, progress: null });
    expect(server.requested).toEqual([]);
  });
});

function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

