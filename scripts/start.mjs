// `npm start`: builds what is missing or stale, then starts Palette Console — the desktop app when
// the Electron runtime is installed, otherwise the browser edition (a loopback host serving the
// console to a browser; see docs/ARCHITECTURE.md). It prints one line on stdout saying which; build
// output goes to stderr so that line is easy to find.
//
// Environment: PALETTE_SERVER_URL (use that API server instead of starting the embedded one),
// PALETTE_HOST_PORT (browser edition port; default 5178 when free, else any), PALETTE_EDITION
// (`browser` or `desktop` to choose instead of detecting), and the server's ADMIN_EMAIL,
// ADMIN_PASSWORD, DATA_DIR, DATABASE_URL, SMTP_URL, MAIL_FROM, passed through.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const isWindows = process.platform === 'win32';

/** The newest modification time under the given paths (files or directories), 0 when none exist. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && !entry.startsWith('.')) visit(join(path, entry));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return latest;
}

/** Whether any output is missing or older than the newest source. */
function stale(outputs, sources) {
  const missing = outputs.some((output) => !existsSync(join(root, output)));
  if (missing) return true;
  const oldestOutput = Math.min(...outputs.map((output) => statSync(join(root, output)).mtimeMs));
  return newest(sources) > oldestOutput;
}

function run(command, args, what) {
  process.stderr.write(`${what}…\n`);
  // Build logs go to stderr: stdout carries only the line that says where the console runs.
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2], shell: isWindows });
  if (result.status !== 0) {
    process.stderr.write(`${what} failed (${result.error?.message ?? `exit code ${result.status}`}).\n`);
    process.exit(result.status ?? 1);
  }
}

const appOutputs = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const appSources = ['main', 'preload', 'renderer', 'contract', 'electron.vite.config.ts', 'package.json'];
if (stale(appOutputs, appSources)) run('npx', ['electron-vite', 'build'], 'Building the console (electron-vite build)');

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (manifest.scripts?.['build:server'] && stale(['out/server/main.js'], ['server', 'contract'])) {
  run('npm', ['run', '-s', 'build:server'], 'Building the API server (npm run build:server)');
}

/**
 * The Electron binary when it is installed, else null. `require('electron')` is not used for this:
 * without the binary it tries to download it, which hangs or fails on a machine without internet.
 */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
    const candidate = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable);
    return existsSync(candidate) ? candidate : null;
  }
  if (!existsSync(pathFile)) return null;
  const candidate = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(candidate) ? candidate : null;
}

const requested = process.env.PALETTE_EDITION?.trim().toLowerCase();
if (requested && requested !== 'browser' && requested !== 'desktop') {
  process.stderr.write(`PALETTE_EDITION must be "browser" or "desktop", not "${requested}".\n`);
  process.exit(2);
}
const electron = requested === 'browser' ? null : electronBinary();
if (requested === 'desktop' && !electron) {
  process.stderr.write('PALETTE_EDITION=desktop, but the Electron runtime is not installed (node_modules/electron/dist).\n');
  process.exit(2);
}

let child;
if (electron) {
  const server = process.env.PALETTE_SERVER_URL?.trim() || 'embedded';
  process.stdout.write(`Palette Console (desktop app) starting with Electron, API server: ${server}\n`);
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  child = spawn(electron, [root], { cwd: root, env, stdio: 'inherit' });
} else {
  // The host prints "Palette Console (browser edition) at http://127.0.0.1:<port>/?key=<secret>".
  child = spawn(process.execPath, [join(root, 'out', 'main', 'host.js')], { cwd: root, env: process.env, stdio: 'inherit' });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (error) => {
  process.stderr.write(`Palette Console could not start: ${error.message}\n`);
  process.exit(1);
});
