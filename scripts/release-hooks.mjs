// electron-builder hooks of the desktop release (electron-builder.yml: afterPack, afterSign).
//
// afterPack fails the build when the package lacks the native binary of a dependency for its
// platform and architecture: N-API packages (@napi-rs/keyring, @node-rs/argon2) ship one npm package
// per target, and npm installs only the one of the machine it runs on, so an arm64 build made on
// an x64 machine would start without them (no keychain; no embedded server).
//
// afterSign says loudly when the packaged app is not signed (Windows: no Authenticode signature in
// the executable; macOS: no Developer ID signature) or, on macOS, not notarised. A build made with
// PALETTE_RELEASE=1 fails instead: an unsigned release must never reach the download server.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

/** electron-builder's Arch enum, by value. */
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

export function archName(arch) {
  return typeof arch === 'string' ? arch : (ARCH_NAMES[arch] ?? String(arch));
}

function isMac(context) {
  return context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
}

function productFilename(context) {
  return context.packager.appInfo.productFilename;
}

/** The packaged app's resources directory (where app.asar and app.asar.unpacked are). */
export function resourcesDir(context) {
  return isMac(context)
    ? join(context.appOutDir, `${productFilename(context)}.app`, 'Contents', 'Resources')
    : join(context.appOutDir, 'resources');
}

/**
 * The run-time dependencies whose native binary comes in a per-target package, with the package
 * names that would carry it for this platform and architecture (e.g. @napi-rs/keyring →
 * @napi-rs/keyring-win32-arm64-msvc), read from package-lock.json.
 */
export function nativeBinaryPackages(lock, platform, arch) {
  const needed = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.dev || entry.optional || entry.devOptional || !entry.optionalDependencies) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const candidates = Object.keys(entry.optionalDependencies).filter((dep) => dep === `${name}-${platform}-${arch}` || dep.startsWith(`${name}-${platform}-${arch}-`));
    if (candidates.length > 0) needed.push({ name, candidates });
  }
  return needed;
}

function holdsNodeBinary(dir) {
  try {
    return readdirSync(dir).some((file) => file.endsWith('.node'));
  } catch {
    return false;
  }
}

/** The entries of `nativeBinaryPackages` whose binary is not in the packaged app. */
export function missingNativeBinaries(context, lock) {
  const platform = isMac(context) ? 'darwin' : context.electronPlatformName;
  const unpacked = join(resourcesDir(context), 'app.asar.unpacked', 'node_modules');
  return nativeBinaryPackages(lock, platform, archName(context.arch)).filter(
    ({ candidates }) => !candidates.some((candidate) => holdsNodeBinary(join(unpacked, candidate))),
  );
}

/** A message nobody scrolling a build log can miss. */
export function loud(title, lines) {
  const bar = '!'.repeat(78);
  return [bar, `!! ${title}`, ...lines.map((line) => `!!   ${line}`), bar].join('\n');
}

function describeTarget(context) {
  return `${context.packager.appInfo.productName} ${context.packager.appInfo.version} for ${isMac(context) ? 'macOS' : 'Windows'} ${archName(context.arch)}`;
}

export async function afterPack(context) {
  if (archName(context.arch) === 'universal' || !['darwin', 'mas', 'win32'].includes(context.electronPlatformName)) return;
  const projectDir = context.packager.projectDir ?? process.cwd();
  const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8'));
  const missing = missingNativeBinaries(context, lock);
  if (missing.length === 0) return;
  const platform = isMac(context) ? 'darwin' : 'win32';
  throw new Error(
    loud(`${describeTarget(context)} lacks native binaries`, [
      ...missing.map(({ name, candidates }) => `${name}: none of ${candidates.join(', ')} is installed`),
      `Build each architecture on a machine of that architecture, or first run`,
      `npm ci --os=${platform} --cpu=${archName(context.arch)} so npm installs its binaries.`,
    ]),
  );
}

/**
 * Whether a Windows executable carries an Authenticode signature: its PE optional header's security
 * data directory (the certificate table, entry 4) is not empty.
 */
export function hasAuthenticodeSignature(file) {
  const header = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  let read;
  try {
    read = readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 64 || header.toString('latin1', 0, 2) !== 'MZ') return false;
  const pe = header.readUInt32LE(0x3c);
  if (pe + 24 + 2 > read || header.toString('latin1', pe, pe + 4) !== 'PE\0\0') return false;
  const optional = pe + 24;
  const magic = header.readUInt16LE(optional);
  const directories = optional + (magic === 0x20b ? 112 : 96);
  const security = directories + 4 * 8;
  if (security + 8 > read) return false;
  return header.readUInt32LE(security) !== 0 && header.readUInt32LE(security + 4) !== 0;
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status ?? (result.error ? 127 : 1), output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** What `codesign --display` says of a macOS app: a Developer ID signature, ad hoc, or none. */
export function macSignature(appPath, exec = run) {
  const { status, output } = exec('codesign', ['--display', '--verbose=2', appPath]);
  if (status !== 0) return { kind: 'none', authority: null };
  if (/Signature=adhoc/.test(output)) return { kind: 'adhoc', authority: null };
  const authority = /^Authority=(.+)$/m.exec(output)?.[1] ?? null;
  return { kind: authority && /^Developer ID Application:/.test(authority) ? 'developer-id' : 'other', authority };
}

/** Whether electron-builder wrote a publisher name into a Windows build's app-update.yml. */
function namesPublisher(appUpdateYml) {
  try {
    return /^publisherName:[ \t]*(\S.*|\r?\n[ \t]+-[ \t]*\S.*)$/m.test(readFileSync(appUpdateYml, 'utf8'));
  } catch {
    return false;
  }
}

/** What is wrong with the signing of a packaged app, as sentences; empty when nothing is. */
export function signingProblems(context, { exec = run, env = process.env } = {}) {
  const problems = [];
  if (isMac(context)) {
    const app = join(context.appOutDir, `${productFilename(context)}.app`);
    const signature = macSignature(app, exec);
    if (signature.kind !== 'developer-id') {
      problems.push(
        signature.kind === 'adhoc' ? 'NOT SIGNED: it carries an ad hoc signature only, which Gatekeeper refuses.' : signature.kind === 'none' ? 'NOT SIGNED.' : `NOT SIGNED with a Developer ID (signed by ${signature.authority}).`,
        'Set CSC_LINK (a Developer ID Application certificate, .p12) and CSC_KEY_PASSWORD.',
      );
    } else if (exec('xcrun', ['stapler', 'validate', app]).status !== 0) {
      const credentials = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'].filter((name) => !env[name]);
      problems.push(
        'NOT NOTARISED: Gatekeeper warns every operator who opens it.',
        credentials.length > 0 ? `Set ${credentials.join(', ')}.` : 'Notarisation was attempted; see the notarytool log above.',
      );
    }
  } else if (context.electronPlatformName === 'win32') {
    const exe = join(context.appOutDir, `${productFilename(context)}.exe`);
    if (!existsSync(exe) || !hasAuthenticodeSignature(exe)) {
      problems.push(
        'NOT SIGNED: SmartScreen warns every operator, and installed apps cannot check the signature of an update.',
        'Set CSC_LINK and CSC_KEY_PASSWORD (a code signing certificate, .pfx) or WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD.',
      );
    } else if (!namesPublisher(join(resourcesDir(context), 'app-update.yml'))) {
      problems.push(
        'WILL NOT UPDATE: app-update.yml names no publisher to check the signature of an update against.',
        'Pass -c.win.signtoolOptions.publisherName="$PALETTE_WIN_PUBLISHER_NAME", or sign with a certificate that has a common name.',
      );
    }
  }
  return problems;
}

export async function afterSign(context, { exec = run, env = process.env, write = (text) => process.stderr.write(text + '\n') } = {}) {
  const problems = signingProblems(context, { exec, env });
  if (problems.length === 0) {
    write(`Signed: ${describeTarget(context)}`);
    return;
  }
  const message = loud(`${describeTarget(context)} is not ready to ship`, problems);
  if (env.PALETTE_RELEASE === '1') throw new Error(`${message}\nPALETTE_RELEASE=1: a release build must be signed${isMac(context) ? ' and notarised' : ''}.`);
  write(message);
}

export default { afterPack, afterSign };
