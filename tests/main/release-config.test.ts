import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import * as hooks from '../../scripts/release-hooks.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nodeRequire = createRequire(import.meta.url);

interface BuilderConfig {
  readonly [key: string]: unknown;
}
/** electron-builder's own loader and schema check, as `electron-builder` runs them. */
const { getConfig, validateConfiguration } = nodeRequire('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>;
};

interface Context {
  appOutDir: string;
  arch: number;
  electronPlatformName: string;
  packager: { projectDir: string; appInfo: { productFilename: string; productName: string; version: string } };
}
type Exec = (command: string, args: string[]) => { status: number; output: string };
const release = hooks as {
  afterPack(context: Context): Promise<void>;
  afterSign(context: Context, options?: { exec?: Exec; env?: NodeJS.ProcessEnv; write?: (text: string) => void }): Promise<void>;
  hasAuthenticodeSignature(file: string): boolean;
  signingProblems(context: Context, options?: { exec?: Exec; env?: NodeJS.ProcessEnv }): string[];
};

const ARCH = { x64: 1, arm64: 3 } as const;

describe('electron-builder.yml', () => {
  it('passes electron-builder 26’s own schema', async () => {
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    await expect(validateConfiguration(config, { isEnabled: false, add: () => undefined })).resolves.toBeUndefined();
  });

  it('builds NSIS for Windows and DMG plus zip (what the macOS updater downloads) for macOS, each for x64 and arm64', async () => {
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    const mac = config['mac'] as { target: Array<{ target: string; arch: string[] }>; hardenedRuntime: boolean; notarize: boolean };
    const win = config['win'] as { target: Array<{ target: string; arch: string[] }> };
    expect(mac.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(win.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.notarize).toBe(true);
  });

  it('flips the fuses: no RunAsNode, NODE_OPTIONS or --inspect; only the app.asar, checked; cookies encrypted', async () => {
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config['asar']).toBe(true);
  });

  it('publishes to a generic download server named by the environment, and has Windows updates check the publisher', async () => {
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    expect(config['publish']).toEqual({ provider: 'generic', url: '${env.PALETTE_UPDATE_URL}' });
    expect((config['win'] as { verifyUpdateCodeSignature: unknown }).verifyUpdateCodeSignature).toBe(true);
  });

  it('takes the Windows publisher name from the environment on the command line, as the README says', async () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    expect(readme).toContain('-c.win.signtoolOptions.publisherName="$PALETTE_WIN_PUBLISHER_NAME"');
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    const withName = { ...config, win: { ...(config['win'] as object), signtoolOptions: { publisherName: 'CN=Palette Ltd, O=Palette Ltd, C=DE' } } };
    await expect(validateConfiguration(withName, { isEnabled: false, add: () => undefined })).resolves.toBeUndefined();
  });

  it('keeps signing secrets out of the file and runs the release hooks', async () => {
    const text = readFileSync(join(repo, 'electron-builder.yml'), 'utf8');
    const config = await getConfig(repo, join(repo, 'electron-builder.yml'));
    expect(text).not.toMatch(/^\s*(cscLink|cscKeyPassword|certificatePassword|certificateFile|identity)\s*:/m);
    expect(config['afterPack']).toBe('./scripts/release-hooks.mjs');
    expect(config['afterSign']).toBe('./scripts/release-hooks.mjs');
    expect(typeof release.afterPack).toBe('function');
    expect(typeof release.afterSign).toBe('function');
    expect(config['asarUnpack']).toContain('**/*.node');
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'palette-release-'));
  dirs.push(dir);
  return dir;
}

/** The first bytes of a PE32+ executable whose certificate table has the given size. */
function peExecutable(certificateBytes: number): Buffer {
  const file = Buffer.alloc(1024);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  const optional = 0x80 + 24;
  file.writeUInt16LE(0x20b, optional);
  const security = optional + 112 + 4 * 8;
  file.writeUInt32LE(certificateBytes ? 0x400 : 0, security);
  file.writeUInt32LE(certificateBytes, security + 4);
  return file;
}

function windowsContext(signed: boolean, appUpdateYml = 'provider: generic\nurl: https://downloads.example/\npublisherName:\n  - Palette Ltd\nupdaterCacheDirName: palette-console-updater\n'): Context {
  const appOutDir = tempDir();
  writeFileSync(join(appOutDir, 'Palette Console.exe'), peExecutable(signed ? 0x1a00 : 0));
  mkdirSync(join(appOutDir, 'resources'), { recursive: true });
  writeFileSync(join(appOutDir, 'resources', 'app-update.yml'), appUpdateYml);
  return { appOutDir, arch: ARCH.x64, electronPlatformName: 'win32', packager: { projectDir: repo, appInfo: { productFilename: 'Palette Console', productName: 'Palette Console', version: '1.2.0' } } };
}

function macContext(): Context {
  return { appOutDir: tempDir(), arch: ARCH.arm64, electronPlatformName: 'darwin', packager: { projectDir: repo, appInfo: { productFilename: 'Palette Console', productName: 'Palette Console', version: '1.2.0' } } };
}

/** codesign and stapler as a Mac would answer them. */
function macTools(codesign: string, stapled: boolean): Exec {
  return (command, args) => {
    if (command === 'codesign') return codesign ? { status: 0, output: codesign } : { status: 1, output: 'code object is not signed at all' };
    if (command === 'xcrun' && args[0] === 'stapler') return { status: stapled ? 0 : 65, output: '' };
    return { status: 127, output: '' };
  };
}
const developerId = 'Executable=/x\nAuthority=Developer ID Application: Palette Ltd (AB12CD34EF)\nAuthority=Developer ID Certification Authority\nTeamIdentifier=AB12CD34EF\n';

describe('the release hooks', () => {
  it('reads the Authenticode certificate table of a Windows executable', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'signed.exe'), peExecutable(0x1a00));
    writeFileSync(join(dir, 'unsigned.exe'), peExecutable(0));
    writeFileSync(join(dir, 'text.exe'), 'not a program');
    expect(release.hasAuthenticodeSignature(join(dir, 'signed.exe'))).toBe(true);
    expect(release.hasAuthenticodeSignature(join(dir, 'unsigned.exe'))).toBe(false);
    expect(release.hasAuthenticodeSignature(join(dir, 'text.exe'))).toBe(false);
  });

  it('says loudly that an unsigned Windows build is unsigned, and fails it as a release', async () => {
    const written: string[] = [];
    await release.afterSign(windowsContext(false), { env: {}, write: (text) => written.push(text) });
    expect(written.join('\n')).toMatch(/!{78}\n!! Palette Console 1\.2\.0 for Windows x64 is not ready to ship\n!! {3}NOT SIGNED/);
    expect(written.join('\n')).toContain('CSC_LINK and CSC_KEY_PASSWORD');
    await expect(release.afterSign(windowsContext(false), { env: { PALETTE_RELEASE: '1' }, write: () => undefined })).rejects.toThrow(/a release build must be signed/);
  });

  it('passes a signed Windows build quietly', async () => {
    const written: string[] = [];
    await release.afterSign(windowsContext(true), { env: { PALETTE_RELEASE: '1' }, write: (text) => written.push(text) });
    expect(written).toEqual(['Signed: Palette Console 1.2.0 for Windows x64']);
  });

  it('says a signed Windows build whose app-update.yml names no publisher will not update', () => {
    const problems = release.signingProblems(windowsContext(true, 'provider: generic\nurl: https://downloads.example/\n'), { env: {} });
    expect(problems[0]).toBe('WILL NOT UPDATE: app-update.yml names no publisher to check the signature of an update against.');
    expect(release.signingProblems(windowsContext(true, 'provider: generic\npublisherName: Palette Ltd\n'), { env: {} })).toEqual([]);
  });

  it('on macOS tells an ad hoc or missing signature from a Developer ID one, and a missing notarisation', () => {
    expect(release.signingProblems(macContext(), { exec: macTools('Signature=adhoc\n', false), env: {} })[0]).toMatch(/NOT SIGNED: it carries an ad hoc signature only/);
    expect(release.signingProblems(macContext(), { exec: macTools('', false), env: {} })).toEqual([
      'NOT SIGNED.',
      'Set CSC_LINK (a Developer ID Application certificate, .p12) and CSC_KEY_PASSWORD.',
    ]);
    expect(release.signingProblems(macContext(), { exec: macTools(developerId, false), env: { APPLE_ID: 'ops@palette.example' } })).toEqual([
      'NOT NOTARISED: Gatekeeper warns every operator who opens it.',
      'Set APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID.',
    ]);
    expect(release.signingProblems(macContext(), { exec: macTools(developerId, true), env: {} })).toEqual([]);
  });

  it('fails a macOS release that is signed but not notarised', async () => {
    await expect(release.afterSign(macContext(), { exec: macTools(developerId, false), env: { PALETTE_RELEASE: '1' }, write: () => undefined })).rejects.toThrow(
      /NOT NOTARISED[\s\S]*a release build must be signed and notarised/,
    );
  });

  it('fails a package that lacks the native binaries of its platform and architecture', async () => {
    const context = windowsContext(true);
    const unpacked = join(context.appOutDir, 'resources', 'app.asar.unpacked', 'node_modules');
    for (const pkg of ['@napi-rs/keyring-win32-x64-msvc', '@node-rs/argon2-win32-x64-msvc']) {
      mkdirSync(join(unpacked, pkg), { recursive: true });
      writeFileSync(join(unpacked, pkg, `${pkg.split('/')[1]}.node`), 'binary');
    }
    await expect(release.afterPack(context)).resolves.toBeUndefined();
    await expect(release.afterPack({ ...context, arch: ARCH.arm64 })).rejects.toThrow(
      /Windows arm64 lacks native binaries[\s\S]*@napi-rs\/keyring: none of @napi-rs\/keyring-win32-arm64-msvc is installed[\s\S]*@node-rs\/argon2: none of @node-rs\/argon2-win32-arm64-msvc/,
    );
  });
});
