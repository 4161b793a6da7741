import { createServer } from 'node:net';
import { type EmbeddedServerState } from '@contract/ipc';
import { type EmbeddedServer, type EmbeddedServerOptions, startEmbeddedServer } from './embedded-server';
import { createLogger, type Logger, silentLogger } from './logger';
import { openServerLog } from './server-log';

/** The pause before a restart: `firstMs` after the first recent stop, doubling, at most `maxMs`. */
export interface BackOff {
  readonly firstMs: number;
  readonly maxMs: number;
}

/** A crash loop: `crashes` unexpected stops within `withinMs`; main then stops restarting. */
export interface CrashLoop {
  readonly crashes: number;
  readonly withinMs: number;
}

export const DEFAULT_BACK_OFF: BackOff = { firstMs: 500, maxMs: 30_000 };
export const DEFAULT_CRASH_LOOP: CrashLoop = { crashes: 5, withinMs: 120_000 };

/** The state with no embedded server to supervise (a configured server). */
export const NO_EMBEDDED_SERVER: EmbeddedServerState = { status: 'none', crashes: 0, lastExit: null, logPath: null };

/** The pause before restarting after the `crashes`-th recent stop: 0.5 s, 1 s, 2 s, 4 s … capped. */
export function restartDelay(crashes: number, backOff: BackOff = DEFAULT_BACK_OFF): number {
  return Math.min(backOff.maxMs, backOff.firstMs * 2 ** Math.max(0, crashes - 1));
}

/** Whether a loopback port can be listened on right now. */
export function loopbackPortIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function portOf(url: string): number {
  try {
    return Number(new URL(url).port) || 0;
  } catch {
    return 0;
  }
}

/** The first line of a failure, short enough for a banner. */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n', 1)[0] ?? '').replace(/:\s*$/, '');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** What the core needs of the supervisor: its state, the operator's "Try again", and its changes. */
export interface EmbeddedServerSupervision {
  get(): EmbeddedServerState;
  retry(): EmbeddedServerState;
  onDidChange(listener: (state: EmbeddedServerState) => void): () => void;
  /** Hears the server's new address when it had to move to another port. */
  onDidChangeUrl(listener: (url: string) => void): () => void;
}

export interface ServerSupervisorOptions {
  /** Starts the server listening on `port` (0: any free port); rejects once it has given up and its process is gone. */
  readonly start: (port: number) => Promise<EmbeddedServer>;
  /** The server's log file, named in the crash-loop message. */
  readonly logPath?: string | null;
  readonly backOff?: BackOff;
  readonly crashLoop?: CrashLoop;
  /** Whether the last port is free again; the real check (`loopbackPortIsFree`) by default. */
  readonly portIsFree?: (port: number) => Promise<boolean>;
  readonly log?: Logger;
}

/**
 * Keeps the embedded API server running for as long as the console runs (issue 12: a `kill -9`
 * of the server used to leave the console without a server until it was restarted).
 *
 * When the server's process ends without having been asked to, it is started again on the same
 * data directory after a pause that doubles with each recent stop (0.5 s, 1 s, 2 s, … capped),
 * and on the same port when it is still free, so main keeps talking to the same address; when
 * another program took the port meanwhile it moves to a free one and says so (`onDidChangeUrl`:
 * the core points its clients there). A restart begins only after the old process is gone and
 * its output was read (`EmbeddedServer.ended`): PGlite's data directory is never opened by two
 * processes. A crash loop (5 stops within 2 minutes by default) ends the restarting: the state
 * says `failed` with the log file's path, and nothing more happens until the operator asks to try
 * again (`retry`). `stop()` is a clean quit: what ends after it is no crash.
 *
 * Every step is written to main's log (and with `superviseEmbeddedServer`, to the server's log
 * file), and each change of state reaches `onDidChange`, which the core forwards to the console.
 */
export class ServerSupervisor implements EmbeddedServerSupervision {
  private server: EmbeddedServer | null = null;
  private address: string | null = null;
  private port = 0;
  private status: EmbeddedServerState['status'] = 'none';
  private crashTimes: number[] = [];
  private lastExit: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private stopping = false;
  private readonly listeners = new Set<(state: EmbeddedServerState) => void>();
  private readonly urlListeners = new Set<(url: string) => void>();
  private readonly backOff: BackOff;
  private readonly crashLoop: CrashLoop;
  private readonly log: Logger;

  constructor(private readonly options: ServerSupervisorOptions) {
    this.backOff = options.backOff ?? DEFAULT_BACK_OFF;
    this.crashLoop = options.crashLoop ?? DEFAULT_CRASH_LOOP;
    this.log = options.log ?? silentLogger;
  }

  /** The server's address; empty before the first start. */
  get url(): string {
    return this.address ?? '';
  }

  /** The running server's process id, if one runs. */
  get pid(): number | undefined {
    return this.server?.pid;
  }

  get(): EmbeddedServerState {
    return { status: this.status, crashes: this.crashTimes.length, lastExit: this.lastExit, logPath: this.options.logPath ?? null };
  }

  onDidChange(listener: (state: EmbeddedServerState) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  onDidChangeUrl(listener: (url: string) => void): () => void {
    this.urlListeners.add(listener);
    return () => {
      this.urlListeners.delete(listener);
    };
  }

  /** The first start, on any free port; rejects as `startEmbeddedServer` does (the console cannot start). */
  async start(): Promise<string> {
    const first = this.options.start(0);
    this.starting = first.then(
      () => undefined,
      () => undefined,
    );
    try {
      const server = await first;
      this.adopt(server);
      this.log.info(`The embedded server runs at ${server.url} (pid ${server.pid ?? '?'})`);
      this.setStatus('running');
      return server.url;
    } finally {
      this.starting = null;
    }
  }

  /**
   * The operator's "Try again": after a crash loop, forgets the earlier stops and starts the server
   * now; while waiting to restart, restarts now. Otherwise nothing changes.
   */
  retry(): EmbeddedServerState {
    if (this.stopping || this.starting || (this.status !== 'failed' && this.status !== 'restarting')) return this.get();
    this.log.info('Starting the embedded server again, as the operator asked');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.status === 'failed') this.crashTimes = [];
    this.setStatus('restarting');
    this.restart();
    return this.get();
  }

  /** A clean quit: stops the server (it flushes its database) and restarts nothing afterwards. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.starting;
    const server = this.server;
    this.server = null;
    await server?.stop();
  }

  private adopt(server: EmbeddedServer): void {
    this.server = server;
    const previous = this.address;
    this.address = server.url;
    this.port = portOf(server.url);
    void server.ended.then((how) => this.ended(server, how));
    if (previous !== null && previous !== server.url) {
      for (const listener of [...this.urlListeners]) listener(server.url);
    }
  }

  private ended(server: EmbeddedServer, how: string): void {
    if (this.server !== server) return;
    this.server = null;
    if (this.stopping) return;
    this.crashed(`stopped unexpectedly (${how})`, how);
  }

  /** Counts a stop (or a restart that failed) and restarts after the back-off, or gives up. */
  private crashed(what: string, how: string): void {
    const now = Date.now();
    this.crashTimes = [...this.crashTimes.filter((time) => now - time < this.crashLoop.withinMs), now];
    this.lastExit = how;
    const count = this.crashTimes.length;
    const window = `${Math.round(this.crashLoop.withinMs / 1000)} s`;
    if (count >= this.crashLoop.crashes) {
      const where = this.options.logPath ? ` Its log: ${this.options.logPath}` : '';
      this.log.error(`The embedded server ${what}, ${count} times within ${window}: it is not restarted again until the operator tries again.${where}`);
      this.setStatus('failed');
      return;
    }
    const delay = restartDelay(count, this.backOff);
    this.log.warn(`The embedded server ${what}; restarting it in ${delay} ms (${count} of ${this.crashLoop.crashes} stops within ${window})`);
    this.timer = setTimeout(() => this.restart(), delay);
    this.setStatus('restarting');
  }

  private restart(): void {
    this.timer = null;
    if (this.stopping || this.starting) return;
    this.starting = this.attempt().finally(() => {
      this.starting = null;
    });
  }

  private async attempt(): Promise<void> {
    const samePort = this.port !== 0 && (await (this.options.portIsFree ?? loopbackPortIsFree)(this.port));
    if (this.stopping) return;
    if (this.port !== 0 && !samePort) this.log.warn(`Port ${this.port} is taken by another program; the embedded server moves to a free port`);
    let server: EmbeddedServer;
    try {
      server = await this.options.start(samePort ? this.port : 0);
    } catch (error) {
      if (!this.stopping) this.crashed(`did not start again: ${firstLine(error)}`, firstLine(error));
      return;
    }
    if (this.stopping) {
      await server.stop();
      return;
    }
    this.adopt(server);
    this.log.info(`The embedded server runs again at ${server.url} (pid ${server.pid ?? '?'})`);
    this.setStatus('running');
  }

  private setStatus(status: EmbeddedServerState['status']): void {
    this.status = status;
    const state = this.get();
    for (const listener of [...this.listeners]) listener(state);
  }
}

export interface EmbeddedSupervisionOptions extends Omit<EmbeddedServerOptions, 'port' | 'logLine'> {
  /** The server's log file: its output worth keeping and every start, stop and restart. */
  readonly logPath: string | null;
  readonly backOff?: BackOff;
  readonly crashLoop?: CrashLoop;
}

function both(first: Logger, second: Logger): Logger {
  return {
    info: (message) => {
      first.info(message);
      second.info(message);
    },
    warn: (message) => {
      first.warn(message);
      second.warn(message);
    },
    error: (message, error) => {
      first.error(message, error);
      second.error(message, error);
    },
  };
}

/**
 * The embedded server as both editions start it: `startEmbeddedServer` under a `ServerSupervisor`,
 * its output and the supervisor's account written to the log file at `logPath`.
 */
export function superviseEmbeddedServer(options: EmbeddedSupervisionOptions): ServerSupervisor {
  const { logPath, backOff, crashLoop, ...serverOptions } = options;
  const mainLog = options.log ?? silentLogger;
  const file = logPath
    ? openServerLog(logPath, {
        onError: (error) => mainLog.warn(`The embedded server's log ${logPath} cannot be written (${error instanceof Error ? error.message : String(error)})`),
      })
    : null;
  const log = file ? both(mainLog, createLogger('embedded-server', file.write)) : mainLog;
  return new ServerSupervisor({
    start: (port) => startEmbeddedServer({ ...serverOptions, port, log, ...(file ? { logLine: file.write } : {}) }),
    logPath: file?.path ?? null,
    ...(backOff ? { backOff } : {}),
    ...(crashLoop ? { crashLoop } : {}),
    log,
  });
}
