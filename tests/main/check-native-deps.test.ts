import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { findNativeBuilds } from '../../scripts/check-native-deps.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(repo, 'scripts', 'check-native-deps.mjs');
const fixtures = join(repo, 'tests', 'fixtures', 'native-deps');

interface Found {
  readonly name: string;
  readonly version: string;
  readonly path: string;
  readonly reason: string;
}
const find = findNativeBuilds as (lock: unknown, options: { root: string; allow?: string[] }) => { offenders: Found[]; allowed: Found[]; checked: string[] };

/** What the installed packages of the fixtures hold: the files that show (or not) a native build. */
const installed: Record<string, { manifest: Record<string, unknown>; bindingGyp?: boolean }> = {
  'node_modules/esbuild': { manifest: { name: 'esbuild', scripts: { postinstall: 'node install.js' } } },
  'node_modules/keytar': { manifest: { name: 'keytar', scripts: { install: 'prebuild-install || npm run build', build: 'node-gyp rebuild' } }, bindingGyp: true },
  'node_modules/node-pty': { manifest: { name: 'node-pty', scripts: { install: 'node-gyp rebuild' } }, bindingGyp: true },
  'node_modules/@napi-rs/keyring': { manifest: { name: '@napi-rs/keyring' } },
  'node_modules/tsx': { manifest: { name: 'tsx' } },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project directory with the fixture as its package-lock.json and the installed packages above. */
function project(fixture: string, extra: Record<string, { manifest: Record<string, unknown>; bindingGyp?: boolean }> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'palette-native-deps-'));
  dirs.push(dir);
  copyFileSync(join(fixtures, fixture), join(dir, 'package-lock.json'));
  for (const [path, pkg] of Object.entries({ ...installed, ...extra })) {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'package.json'), JSON.stringify(pkg.manifest));
    if (pkg.bindingGyp) writeFileSync(join(dir, path, 'binding.gyp'), '{ "targets": [] }');
  }
  return dir;
}

function run(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('check-native-deps', () => {
  it('fails on a required keytar and names it, the build it needs and where it is', () => {
    const result = run(project('keytar-required.json'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('keytar@7.9.0 (node_modules/keytar): binding.gyp');
    // esbuild's install script only fetches its prebuilt binary; dev and optional builds never block.
    expect(result.stderr).not.toMatch(/esbuild|node-pty|fsevents|cpu-features/);
  });

  it('passes once keytar is gone, or only optional', () => {
    for (const fixture of ['keytar-removed.json', 'keytar-optional.json']) {
      const result = run(project(fixture));
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('No required dependency needs a native build');
    }
  });

  it('accepts packages named with --allow, and says so', () => {
    const result = run(project('keytar-required.json'), '--allow', 'keytar');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('warning: allowed for now, needs a native build:\n  keytar@7.9.0');
    expect(run(project('keytar-required.json'), '--allow=node-pty,other').status).toBe(1);
  });

  it('reads the lockfile given with --lockfile', () => {
    const dir = project('keytar-removed.json');
    const other = project('keytar-required.json');
    expect(run(dir, '--lockfile', join(other, 'package-lock.json')).status).toBe(1);
  });

  it('fails on a gypfile package and on a required install script it cannot inspect', () => {
    const { offenders } = find(JSON.parse(readFileSync(join(fixtures, 'gypfile-and-unknown.json'), 'utf8')), { root: project('gypfile-and-unknown.json') });
    expect(offenders).toEqual([
      { name: 'nested-native', version: '1.0.0', path: 'node_modules/tsx/node_modules/nested-native', reason: 'gypfile' },
      { name: 'uninstalled-hook', version: '3.0.0', path: 'node_modules/uninstalled-hook', reason: 'has an install script and is not installed, so it cannot be checked' },
    ]);
  });

  it('recognises the usual build tools in install scripts', () => {
    const lock = {
      packages: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [`node_modules/${name}`, { version: '1.0.0', hasInstallScript: true }])),
    };
    const root = project('keytar-removed.json', {
      'node_modules/a': { manifest: { scripts: { install: 'node-gyp-build' } } },
      'node_modules/b': { manifest: { scripts: { install: 'node-pre-gyp install --fallback-to-build' } } },
      'node_modules/c': { manifest: { scripts: { preinstall: 'cmake-js compile' } } },
      'node_modules/d': { manifest: { gypfile: true, scripts: {} } },
      'node_modules/e': { manifest: { scripts: { postinstall: 'node ./download-binary.js' } } },
    });
    expect(find(lock, { root }).offenders.map((o) => `${o.name}: ${o.reason}`)).toEqual([
      'a: install script runs node-gyp-build',
      'b: install script runs node-pre-gyp',
      'c: preinstall script runs cmake-js',
      'd: gypfile',
    ]);
  });

  it('refuses a file that is not a v2/v3 lockfile', () => {
    const dir = project('keytar-removed.json');
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 1, dependencies: {} }));
    const result = run(dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('lockfile version 2 or 3');
  });

  it("passes on this repository's lockfile, keytar aside while it is still required", () => {
    const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as unknown;
    expect(find(lock, { root: repo, allow: ['keytar'] }).offenders).toEqual([]);
  });
});
