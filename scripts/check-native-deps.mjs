#!/usr/bin/env node
// Fails when a dependency the app needs at run time has to be compiled at install, so that
// `npm ci` keeps working on a fresh machine without compilers or system headers (issue 12).
//
//   node scripts/check-native-deps.mjs [--lockfile package-lock.json] [--allow name,name]
//
// It reads package-lock.json (lockfile v2/v3). A package needs a native build when the lockfile
// marks it `gypfile`, or marks it `hasInstallScript` and the installed package shows a build: a
// binding.gyp, or an install script that runs node-gyp, prebuild-install (which falls back to
// node-gyp), node-pre-gyp, cmake-js or node-gyp-build. Install scripts that only fetch or check a
// prebuilt binary (esbuild's `node install.js`) pass. Dev-only (`dev`) and optional (`optional`,
// `devOptional`) packages pass: npm carries on when an optional build fails, and dev tools never
// ship. A required package with an install script that is not installed cannot be judged and
// fails too. `--allow` names packages to accept anyway (printed as a warning), for a transition.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD_TOOLS = /\b(node-gyp-build|node-gyp|node-pre-gyp|prebuild-install|cmake-js)\b/;
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** The package name a lockfile key stands for: the part after its last `node_modules/`. */
export function packageName(key, entry = {}) {
  if (typeof entry.name === 'string') return entry.name;
  const at = key.lastIndexOf('node_modules/');
  return at === -1 ? key : key.slice(at + 'node_modules/'.length);
}

/** Why the package at `dir` is built at install, or null when nothing shows a native build. */
function buildEvidence(dir) {
  if (existsSync(join(dir, 'binding.gyp'))) return 'binding.gyp';
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (manifest.gypfile === true) return 'gypfile';
  for (const script of INSTALL_SCRIPTS) {
    const command = manifest.scripts?.[script];
    const tool = typeof command === 'string' ? BUILD_TOOLS.exec(command) : null;
    if (tool) return `${script} script runs ${tool[1]}`;
  }
  return null;
}

/**
 * The required packages of a lockfile that need a native build.
 *
 * @param {{ packages?: Record<string, Record<string, unknown>> }} lock the parsed package-lock.json
 * @param {{ root: string, allow?: ReadonlyArray<string> }} options `root` holds node_modules
 * @returns {{ offenders: Array<{ name: string, version: string, path: string, reason: string }>, allowed: Array<{ name: string, version: string, path: string, reason: string }>, checked: string[] }}
 */
export function findNativeBuilds(lock, options) {
  if (!lock || typeof lock.packages !== 'object' || lock.packages === null) {
    throw new Error('Not a package-lock.json of lockfile version 2 or 3 (no "packages")');
  }
  const allow = new Set(options.allow ?? []);
  const offenders = [];
  const allowed = [];
  const checked = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '' || !key.includes('node_modules/') || entry.link) continue;
    if (entry.dev || entry.optional || entry.devOptional) continue;
    if (!entry.hasInstallScript && !entry.gypfile) continue;
    const name = packageName(key, entry);
    checked.push(name);
    let reason = entry.gypfile ? 'gypfile' : buildEvidence(join(options.root, key));
    if (reason === undefined) reason = 'has an install script and is not installed, so it cannot be checked';
    if (reason === null) continue;
    const found = { name, version: String(entry.version ?? '?'), path: key, reason };
    (allow.has(name) ? allowed : offenders).push(found);
  }
  return { offenders, allowed, checked };
}

function parseArgs(argv) {
  const args = { lockfile: 'package-lock.json', allow: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--lockfile') args.lockfile = value();
    else if (flag === '--allow') args.allow.push(...String(value() ?? '').split(',').map((name) => name.trim()).filter(Boolean));
    else throw new Error(`Unknown argument ${arg}`);
  }
  return args;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const lockfile = resolve(args.lockfile);
  const lock = JSON.parse(readFileSync(lockfile, 'utf8'));
  const { offenders, allowed, checked } = findNativeBuilds(lock, { root: dirname(lockfile), allow: args.allow });
  const line = (p) => `  ${p.name}@${p.version} (${p.path}): ${p.reason}`;
  for (const p of allowed) process.stderr.write(`warning: allowed for now, needs a native build:\n${line(p)}\n`);
  if (offenders.length > 0) {
    process.stderr.write(
      `These required dependencies need a native build, so \`npm ci\` fails on a machine without compilers or headers:\n` +
        `${offenders.map(line).join('\n')}\n` +
        'Use a package that ships prebuilt binaries in its npm packages, or make it optional with a fallback.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`No required dependency needs a native build (install scripts checked: ${checked.join(', ') || 'none'}).\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`check-native-deps: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
