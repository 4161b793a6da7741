import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Logger, silentLogger } from './logger';

/** Variables the API server reads, passed through from our own environment when set. */
export const SERVER_ENV_PASSTHROUGH = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'MAIL_FROM'] as const;

const LISTENING = /^Palette server listening at (https?:\/\/\S+?)\/?\s*$/;
const FIRST_ADMIN = /^First administrator: /;

/**
 * Whether a line of the server's log (stderr, pino JSON) is worth showing: it writes a line per
 * request, which would bury anything useful, so below "warn" it is shown only with
 * PALETTE_SERVER_LOG=1. Lines that are not JSON are always shown.
 */
export function isWorthRelaying(line: string, verbose: boolean): boolean {
  if (line.trim() === '') return false;
  if (verbose) return true;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level !== 'number' || level >= 40;
  } catch {
    return true;
  }
}

export interface EmbeddedServerOptions {
  /** The repository (or packaged app) root holding out/server or server/src. */
  readonly root: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Where the server keeps its data when DATA_DIR is not set (the desktop app's user data). */
  readonly defaultDataDir?: string;
  /** How long to wait for the listening line; a first start creates the database. */
  readonly startTimeoutMs?: number;
  /** Where the "First administrator" line goes; stdout by default (it is shown once). */
  readonly announce?: (line: string) => void;
  readonly log?: Logger;
}

/** A running embedded server: its URL, and how to stop it (gracefully, so its database flushes). */
export interface EmbeddedServer {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

/**
 * How to start the server: the built bundle when there is one, else its sources through tsx. Inside
 * Electron the Electron binary runs as plain Node (ELECTRON_RUN_AS_NODE), as no separate Node is
 * installed on an operator's machine.
 */
export function serverCommand(root: string, inElectron: boolean = process.versions['electron'] !== undefined): {
  readonly command: string;
  readonly args: ReadonlyArray<string>;
  readonly runAsNode: boolean;
} {
  const built = join(root, 'out', 'server', 'main.js');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')];
  return { command: process.execPath, args, runAsNode: inElectron };
}

/**
 * The API server the operator configured (PALETTE_SERVER_URL first, then the preference), or null
 * for the embedded one. A malformed value stops the start with a clear message rather than turning
 * every later call into a puzzling network failure.
 */
export function configuredServerUrl(env: NodeJS.ProcessEnv, preference: string | undefined): string | null {
  const value = env['PALETTE_SERVER_URL']?.trim() || preference?.trim() || '';
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PALETTE_SERVER_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PALETTE_SERVER_URL must be http(s): ${value}`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * A real directory to start the child in: a packaged app's root is its app.asar archive, which
 * Electron reads as a directory but the operating system cannot enter.
 */
export function workingDirectory(root: string): string {
  return /\.asar$/i.test(root) ? dirname(root) : root;
}

/** The child's environment: ours minus anything Electron-specific, the server's variables, PORT=0. */
export function serverEnvironment(options: Pick<EmbeddedServerOptions, 'env' | 'defaultDataDir'>, runAsNode: boolean): NodeJS.ProcessEnv {
  const source = options.env ?? process.env;
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && !key.startsWith('ELECTRON_') && key !== 'PORT' && key !== 'HOST') env[key] = value;
  }
  for (const key of SERVER_ENV_PASSTHROUGH) {
    const value = source[key];
    if (value !== undefined && value !== '') env[key] = value;
  }
  if (!env['DATA_DIR'] && options.defaultDataDir) env['DATA_DIR'] = options.defaultDataDir;
  // The embedded server is one operator's, on loopback, where their own machine already is on the
  // network: webhooks may reach a receiver they run locally (a shared server refuses private
  // addresses by default). An explicit WEBHOOK_PRIVATE_ADDRESSES still wins.
  if (!env['WEBHOOK_PRIVATE_ADDRESSES']) env['WEBHOOK_PRIVATE_ADDRESSES'] = 'allow';
  env['PORT'] = '0';
  env['HOST'] = '127.0.0.1';
  if (runAsNode) env['ELECTRON_RUN_AS_NODE'] = '1';
  return env;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // The server flushes its embedded database on SIGTERM within 10 s; only then is it killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 12_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the API server as a child process on a free loopback port, for when no server URL is
 * configured, and answers once it says where it listens.
 *
 * The "First administrator" line (printed once, on a first start without ADMIN_PASSWORD) is relayed
 * because the operator has no other way to learn that password; the child is stopped when this
 * process exits, so no server outlives the console.
 */
export function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = options.log ?? silentLogger;
  const announce = options.announce ?? ((line: string) => process.stdout.write(line + '\n'));
  const { command, args, runAsNode } = serverCommand(options.root);
  const verbose = (options.env ?? process.env)['PALETTE_SERVER_LOG'] === '1';
  const child = spawn(command, [...args], {
    cwd: workingDirectory(options.root),
    env: serverEnvironment(options, runAsNode),
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  return new Promise<EmbeddedServer>((resolve, reject) => {
    let settled = false;
    const stderrTail: string[] = [];
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.removeListener('exit', killOnExit);
      void stopChild(child);
      reject(new Error(`${message}${stderrTail.length ? `:\n${stderrTail.join('\n')}` : ''}`));
    };
    const timer = setTimeout(() => fail('The embedded server did not start in time'), options.startTimeoutMs ?? 60_000);

    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = LISTENING.exec(line);
      if (listening?.[1] && !settled) {
        settled = true;
        clearTimeout(timer);
        const url = listening[1];
        log.info(`Embedded server listening at ${url}`);
        resolve({
          url,
          stop: async () => {
            process.removeListener('exit', killOnExit);
            await stopChild(child);
          },
        });
      } else if (FIRST_ADMIN.test(line)) {
        announce(line);
      } else if (isWorthRelaying(line, verbose)) {
        process.stderr.write(`[server] ${line}\n`);
      }
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      if (isWorthRelaying(line, verbose)) process.stderr.write(`[server] ${line}\n`);
    });
    child.once('error', (error) => fail(`The embedded server could not be started (${error.message})`));
    // 'close' comes after the output streams are drained, so the failure carries the last lines.
    child.once('close', (code, signal) => {
      if (!settled) fail(`The embedded server stopped before listening (${signal ?? `exit code ${code}`})`);
      else log.info(`Embedded server stopped (${signal ?? `exit code ${code}`})`);
    });
  });
}
