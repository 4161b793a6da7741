import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Logger, silentLogger } from './logger';
import { isSecureOrLoopback } from './loopback';

/** Variables the API server reads, passed through from our own environment when set. */
export const SERVER_ENV_PASSTHROUGH = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'MAIL_FROM'] as const;

const LISTENING = /^Palette server listening at (https?:\/\/\S+?)\/?\s*$/;
const FIRST_ADMIN = /^First administrator: /;
/** Lines that carry a password or key shown once: they reach the operator, never a log file. */
const SHOWN_ONCE = /^(First administrator|Demo operator|Demo client key): /;

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

/**
 * Whether a line of the server's output belongs in its log file (server-log.ts): everything except
 * the passwords and keys shown once (never written to disk) and the per-request lines (pino's
 * `req`/`res` entries below "warn"), which would bury a crash's last words; PALETTE_SERVER_LOG=1
 * keeps those too.
 */
export function isWorthKeeping(line: string, verbose: boolean): boolean {
  if (line.trim() === '' || SHOWN_ONCE.test(line)) return false;
  if (verbose) return true;
  try {
    const entry = JSON.parse(line) as { level?: unknown; req?: unknown; res?: unknown };
    if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return true;
    return entry.level >= 40 || (entry.level >= 30 && entry.req === undefined && entry.res === undefined);
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
  /**
   * Starts the server's process: a Node child process by default (the browser edition); the desktop
   * app passes Electron's utilityProcess (`utilityProcessLauncher`), as its RunAsNode fuse is off.
   */
  readonly launcher?: ServerLauncher;
  /**
   * The port to listen on, 0 (any free one) by default: the supervisor asks for the same port again
   * when it restarts the server, so main keeps talking to the same address.
   */
  readonly port?: number;
  /** Receives each line of the server's output worth keeping (`isWorthKeeping`): its log file. */
  readonly logLine?: (line: string) => void;
  readonly log?: Logger;
}

/** What starting the server takes: its entry module, runtime flags before it, where, with what. */
export interface ServerLaunch {
  readonly modulePath: string;
  readonly execArgv: ReadonlyArray<string>;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** The server's process as `startEmbeddedServer` drives it, whichever way it was started. */
export interface ServerProcess {
  /** The operating system's process id, once started. */
  readonly pid?: number | undefined;
  readonly stdout: NodeJS.ReadableStream;
  readonly stderr: NodeJS.ReadableStream;
  /** Whether it has exited. */
  readonly exited: boolean;
  /** Asks it to stop (SIGTERM: the server flushes its database first). */
  terminate(): void;
  /** Ends it at once. */
  kill(): void;
  /** Once, after it exited and its output was read to the end, with how it ended. */
  onClose(listener: (how: string) => void): void;
  /** Once, when it could not be started. */
  onError(listener: (error: Error) => void): void;
}

/** Starts the server's process; throws when it cannot. */
export type ServerLauncher = (launch: ServerLaunch) => ServerProcess;

/**
 * Node's flags for the server in a Node child process (the browser edition), for its memory (issue
 * 18: 382 MB at rest before):
 * - `--wasm-lazy-compilation`: PGlite's WebAssembly build of PostgreSQL is compiled a function at a
 *   time when first called, instead of all of it at start; most of PostgreSQL is never called by one
 *   operator's console. Electron's V8 (the desktop app's utility process) already does this by default.
 * - `--max-semi-space-size=2`: a young generation of a few megabytes instead of Node 20's 16 MB per
 *   semi-space; the server handles one operator's requests, whose garbage is small.
 * The desktop app's utility process gets none of these: its V8 is Electron's, configured by Electron.
 */
export const NODE_SERVER_FLAGS: ReadonlyArray<string> = ['--wasm-lazy-compilation', '--max-semi-space-size=2'];

/**
 * A child process of this Node binary: the browser edition's launcher. Inside Electron
 * `process.execPath` is the app itself, which would start a second console rather than the server
 * (ELECTRON_RUN_AS_NODE is what the RunAsNode fuse turns off), so it refuses to run there.
 */
export const nodeLauncher: ServerLauncher = (launch) => {
  if (process.versions['electron'] !== undefined) {
    throw new Error('Inside Electron the embedded server is started with utilityProcess (utilityProcessLauncher)');
  }
  const child = spawn(process.execPath, [...NODE_SERVER_FLAGS, ...launch.execArgv, launch.modulePath], {
    cwd: launch.cwd,
    env: launch.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  return {
    pid: child.pid,
    stdout: child.stdout,
    stderr: child.stderr,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    terminate: () => void child.kill('SIGTERM'),
    kill: () => void child.kill('SIGKILL'),
    // 'close' comes after the output streams are drained, so a failure carries the last lines.
    onClose: (listener) => void child.once('close', (code, signal) => listener(signal ?? `exit code ${code}`)),
    onError: (listener) => void child.once('error', listener),
  };
};

/** A running embedded server: its URL, and how to stop it (gracefully, so its database flushes). */
export interface EmbeddedServer {
  readonly url: string;
  readonly pid: number | undefined;
  readonly stop: () => Promise<void>;
  /**
   * Settles once the process is gone and its output was read, with how it ended (`SIGKILL`, `exit
   * code 0`): after `stop()`, or on its own. The supervisor restarts it only then, so its database
   * is never opened by two processes.
   */
  readonly ended: Promise<string>;
}

/**
 * The server's entry: the built bundle when there is one, else its sources through tsx. The same
 * entry runs in a Node child process (browser edition) and in Electron's utility process (desktop).
 */
export function serverEntry(root: string): { readonly modulePath: string; readonly execArgv: ReadonlyArray<string> } {
  const built = join(root, 'out', 'server', 'main.js');
  return existsSync(built) ? { modulePath: built, execArgv: [] } : { modulePath: join(root, 'server', 'src', 'main.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * The API server the operator configured (PALETTE_SERVER_URL first, then the preference), or null
 * for the embedded one. A malformed value stops the start with a clear message rather than turning
 * every later call into a puzzling network failure.
 *
 * A remote server must be https: every call carries the operator's bearer token, which plain http
 * would show to anyone on the way. Plain http is accepted only on loopback (a server on this
 * machine, as in development and the tests).
 */
export function configuredServerUrl(env: NodeJS.ProcessEnv, preference: string | undefined): string | null {
  const fromEnv = env['PALETTE_SERVER_URL']?.trim() || '';
  const value = fromEnv || preference?.trim() || '';
  if (!value) return null;
  const source = fromEnv ? 'PALETTE_SERVER_URL' : 'The server URL in the preferences';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${source} is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${source} must be http(s): ${value}`);
  if (!isSecureOrLoopback(url)) {
    throw new Error(`${source} must use https unless the server is on this machine (localhost, 127.0.0.1, ::1), so the session token never travels in clear text: ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * A real directory to start the child in: a packaged app's root is its app.asar archive, which
 * Electron reads as a directory but the operating system cannot enter.
 */
export function workingDirectory(root: string): string {
  return /\.asar$/i.test(root) ? dirname(root) : root;
}

/** The child's environment: ours minus anything Electron-specific, the server's variables, PORT (0: any). */
export function serverEnvironment(options: Pick<EmbeddedServerOptions, 'env' | 'defaultDataDir' | 'port'>): NodeJS.ProcessEnv {
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
  env['PORT'] = String(options.port ?? 0);
  env['HOST'] = '127.0.0.1';
  return env;
}

function stopChild(child: ServerProcess, closed: Promise<void>): Promise<void> {
  if (child.exited) return Promise.resolve();
  // The server flushes its embedded database on SIGTERM within 10 s; only then is it killed.
  const kill = setTimeout(() => child.kill(), 12_000);
  child.terminate();
  return closed.finally(() => clearTimeout(kill));
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
  const verbose = (options.env ?? process.env)['PALETTE_SERVER_LOG'] === '1';
  let child: ServerProcess;
  try {
    child = (options.launcher ?? nodeLauncher)({
      ...serverEntry(options.root),
      cwd: workingDirectory(options.root),
      env: serverEnvironment(options),
    });
  } catch (error) {
    return Promise.reject(new Error(`The embedded server could not be started (${error instanceof Error ? error.message : String(error)})`));
  }
  const ended = new Promise<string>((resolve) => child.onClose(resolve));
  const closed = ended.then(() => undefined);
  const killOnExit = () => child.terminate();
  process.once('exit', killOnExit);
  void closed.then(() => process.removeListener('exit', killOnExit));
  const keep = (line: string) => {
    if (options.logLine && isWorthKeeping(line, verbose)) options.logLine(line);
  };

  return new Promise<EmbeddedServer>((resolve, reject) => {
    let settled = false;
    const stderrTail: string[] = [];
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.removeListener('exit', killOnExit);
      const error = new Error(`${message}${stderrTail.length ? `:\n${stderrTail.join('\n')}` : ''}`);
      // Answered once the process is gone (or, if it never started, after a bounded wait), so a
      // caller that tries again never has two servers on one data directory.
      const gone = new Promise<void>((resolve) => setTimeout(resolve, 15_000).unref());
      void Promise.race([stopChild(child, closed), gone]).then(() => reject(error));
    };
    const timer = setTimeout(() => fail('The embedded server did not start in time'), options.startTimeoutMs ?? 60_000);

    createInterface({ input: child.stdout }).on('line', (line) => {
      keep(line);
      const listening = LISTENING.exec(line);
      if (listening?.[1] && !settled) {
        settled = true;
        clearTimeout(timer);
        const url = listening[1];
        log.info(`Embedded server listening at ${url}`);
        resolve({
          url,
          pid: child.pid,
          ended,
          stop: async () => {
            process.removeListener('exit', killOnExit);
            await stopChild(child, closed);
          },
        });
      } else if (FIRST_ADMIN.test(line)) {
        announce(line);
      } else if (isWorthRelaying(line, verbose)) {
        process.stderr.write(`[server] ${line}\n`);
      }
    });
    createInterface({ input: child.stderr }).on('line', (line) => {
      keep(line);
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      if (isWorthRelaying(line, verbose)) process.stderr.write(`[server] ${line}\n`);
    });
    child.onError((error) => fail(`The embedded server could not be started (${error.message})`));
    // Called after the output was read to the end, so the failure carries the last lines.
    child.onClose((how) => {
      if (!settled) fail(`The embedded server stopped before listening (${how})`);
      else log.info(`Embedded server stopped (${how})`);
    });
  });
}
